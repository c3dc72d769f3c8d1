import Foundation
import Testing

@testable import SegueGolden

#if canImport(FoundationXML)
  import FoundationXML
#endif

struct ReportWriterTests {
  var report: CheckReport {
    let comparison = FrameComparison(
      width: 10, height: 10, differingPixels: 7, ignoredPixels: 0, maxChannelDifference: 87,
      maxDifferenceAt: (3, 4), maxDeltaE: nil, states: [])
    return CheckReport(
      scenes: [
        CheckReport.Scene(
          name: "circle <present>", file: "scenes/c.json",
          frames: [
            .init(index: 0, file: "frame_0000.png", status: .pass, actualImage: "c/frame_0000.actual.png"),
            .init(
              index: 12, file: "frame_0012.png", status: .fail, message: "7 pixels differ", comparison: comparison,
              expectedImage: "c/e.png", actualImage: "c/a.png", diffImage: "c/d.png"),
          ],
          frameCountChange: FrameCountChange(goldenFrames: 41, sceneFrames: 13, staleFiles: ["frame_0040.png"])),
        CheckReport.Scene(
          name: "fade", file: "scenes/f.json", frames: [.init(index: 0, file: "frame_0000.png", status: .pass)]),
      ], settings: "allowed 0 pixels")
  }

  @Test func jsonHasEverySceneAndFrame() throws {
    let object = try JSONSerialization.jsonObject(with: Data(ReportWriter.json(report).utf8)) as! [String: Any]
    #expect(object["passed"] as? Bool == false)
    #expect(object["frames"] as? Int == 3 && object["failedFrames"] as? Int == 1)
    let scenes = object["scenes"] as! [[String: Any]]
    #expect(scenes.map { $0["status"] as! String } == ["fail", "pass"])
    let frames = scenes[0]["frames"] as! [[String: Any]]
    #expect(frames.map { $0["status"] as! String } == ["pass", "fail"])
    let change = scenes[0]["frameCount"] as! [String: Any]
    #expect(change["golden"] as? Int == 41 && change["scene"] as? Int == 13)
    #expect(change["staleGoldens"] as? [String] == ["frame_0040.png"])
    #expect(scenes[1]["frameCount"] is NSNull)
    #expect(frames[1]["differingPixels"] as? Int == 7 && frames[1]["maxChannelDifference"] as? Int == 87)
    #expect(frames[1]["maxDifferenceAt"] as? [Int] == [3, 4])
    #expect(frames[1]["diff"] as? String == "c/d.png")
  }

  /// Controls from an error message (U+0001, ESC, a form feed) would make junit.xml invalid for
  /// every CI reporter: a strict XML parser reads the file, and the message keeps them visibly.
  @Test func junitIsValidXMLWhateverTheMessagesHold() throws {
    var hostile = report
    hostile.scenes.append(
      CheckReport.Scene(
        name: "x\u{1}<y>", file: "x\u{B}.json",
        error: "x.json: \u{1B}[31mred\u{1B}[0m \u{1}\u{C}\u{FFFE} tab\tline\nend"))
    let xml = JUnitReport.xml(hostile)
    let delegate = XMLCollector()
    let parser = XMLParser(data: Data(xml.utf8))
    parser.delegate = delegate
    #expect(parser.parse(), "\(parser.parserError.map { "\($0)" } ?? "")")
    #expect(
      delegate.messages.contains(
        "x\\u{1}<y>: x.json: \\u{1B}[31mred\\u{1B}[0m \\u{1}\\u{C}\\u{FFFE} tab\tline\nend"), "\(delegate.messages)")
  }

  @Test func junitHasATestCasePerFrameWithItsTime() {
    var timed = report
    timed.seconds = 2
    timed.scenes[0].seconds = 1.5
    timed.scenes[0].frames[1].seconds = 0.25
    timed.scenes.append(CheckReport.Scene(name: "x", file: "x.json", error: "x.json: not JSON"))
    let xml = JUnitReport.xml(timed)
    // circle: frames 0 and 12 and the frame count; fade: frame 0; x: the scene's error.
    #expect(xml.components(separatedBy: "<testcase ").count - 1 == 5)
    #expect(xml.contains("<testsuites name=\"segue check\" tests=\"5\" failures=\"2\" errors=\"1\" time=\"2.000\">"))
    #expect(
      xml.contains(
        "<testsuite name=\"circle &lt;present&gt;\" tests=\"3\" failures=\"2\" errors=\"0\" time=\"1.500\""))
    #expect(
      xml.contains(
        """
            <testcase classname="circle &lt;present&gt;" name="frame_0012.png" file="scenes/c.json" time="0.250">
              <failure message="circle &lt;present&gt;/frame_0012.png: 7 pixels differ" type="fail">
        """))
    #expect(
      xml.contains(
        "<testcase classname=\"circle &lt;present&gt;\" name=\"frame_0000.png\" file=\"scenes/c.json\" time=\"0.000\"/>"
      ))
    #expect(xml.contains("name=\"frame count\"") && xml.contains("type=\"frame-count\""))
    #expect(xml.contains("<error message=\"x: x.json: not JSON\" type=\"invalid\">"))
  }

  @Test func htmlIsSelfContained() {
    let png: [UInt8] = [137, 80, 78, 71]
    let html = ReportPage.html(report) { _ in png }
    #expect(html.contains("data:image/png;base64,iVBORw=="))
    #expect(!html.contains("http://") && !html.contains("https://") && !html.contains("src=\"c/"))
    #expect(html.contains("circle &lt;present&gt;"))
    #expect(
      html.contains("check: 2 of 3 frames match in 2 scenes; 1 differs in 1 scene; frame count changed in 1 scene"))
    #expect(html.contains("class=\"frame fail\"") && html.contains("frame count 41 -&gt; 13"))
    #expect(html.contains("type=\"range\""))  // the slider
    // The views hide with the hidden attribute, which no display rule may override.
    #expect(html.contains("[hidden] { display: none !important; }"))
  }

  @Test func eachImageIsEmbeddedOnce() {
    // Each path's bytes are the path itself, so each embedding can be told apart.
    let html = ReportPage.html(report) { path in Array(path.utf8) }
    for path in ["c/frame_0000.actual.png", "c/e.png", "c/a.png", "c/d.png"] {
      let encoded = "data:image/png;base64," + Data(path.utf8).base64EncodedString() + "\""
      #expect(html.components(separatedBy: encoded).count - 1 == 1, "\(path)")
    }
    // The failing frame's views name its pictures by id: expected in the side view, the
    // slider and the toggle (3), actual likewise (3, one as the toggle's other picture).
    #expect(html.components(separatedBy: "data-image=\"i1\"").count - 1 == 3)
    #expect(html.components(separatedBy: "data-other=\"i2\"").count - 1 == 1)
  }

  @Test func aPassingReportIsAShortList() {
    let passing = CheckReport(
      scenes: [
        CheckReport.Scene(
          name: "fade", file: "scenes/f.json",
          frames: [.init(index: 0, file: "frame_0000.png", status: .pass, actualImage: "f/0.png")])
      ], settings: "allowed 0 pixels")
    let html = ReportPage.html(passing) { _ in [1, 2, 3] }
    #expect(html.contains("check: 1 of 1 frame matches in 1 scene") && html.contains("<li><b>fade</b>"))
    #expect(!html.contains("data:image") && !html.contains("<script") && !html.contains("<template"))
    #expect(html.utf8.count < 8000)
  }
}

/// The `message` attributes of a parsed junit.xml.
final class XMLCollector: NSObject, XMLParserDelegate {
  var messages: [String] = []

  func parser(
    _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
    attributes: [String: String] = [:]
  ) {
    if let message = attributes["message"] { messages.append(message) }
  }
}
