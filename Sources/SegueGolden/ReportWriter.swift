import SegueFiles
import SegueJSON

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// Writes a `CheckReport` as report.json, junit.xml and a self-contained index.html.
public enum ReportWriter {
  /// Writes index.html, report.json and junit.xml in `folder` (the images are already there),
  /// each through one atomic file.
  public static func write(_ report: CheckReport, to folder: String) throws(WriteError) {
    try AtomicFile.write(Array(json(report).utf8), to: folder + "/report.json")
    try AtomicFile.write(Array(junit(report).utf8), to: folder + "/junit.xml")
    let page = html(report) { path in
      try? FileReader.read(folder + "/" + path, limit: FileReader.imageLimit, what: "a report image")
    }
    try AtomicFile.write(Array(page.utf8), to: folder + "/index.html")
  }

  // MARK: - JSON

  /// report.json: per scene and frame, the status, differing pixels, ratio and max difference.
  public static func json(_ report: CheckReport) -> String {
    func optional(_ text: String?) -> JSONValue { text.map(JSONValue.string) ?? .null }
    let scenes: [JSONValue] = report.scenes.map { scene in
      let frames: [JSONValue] = scene.frames.map { frame in
        var fields: [(key: String, value: JSONValue)] = [
          ("frame", .number(Double(frame.index))), ("file", .string(frame.file)),
          ("status", .string(frame.status.rawValue)), ("message", .string(frame.message)),
          ("recorded", .bool(frame.recorded)),
        ]
        if let comparison = frame.comparison {
          fields.append(("differingPixels", .number(Double(comparison.differingPixels))))
          fields.append(("ratio", .number(comparison.ratio)))
          fields.append(("ignoredPixels", .number(Double(comparison.ignoredPixels))))
          fields.append(("maxChannelDifference", .number(Double(comparison.maxChannelDifference))))
          if comparison.sampleDepth != 8 { fields.append(("sampleDepth", .number(Double(comparison.sampleDepth)))) }
          if let at = comparison.maxDifferenceAt {
            fields.append(("maxDifferenceAt", .array([.number(Double(at.x)), .number(Double(at.y))])))
          }
          if let deltaE = comparison.maxDeltaE { fields.append(("maxDeltaE", .number(deltaE))) }
        }
        fields.append(("expected", optional(frame.expectedImage)))
        fields.append(("actual", optional(frame.actualImage)))
        fields.append(("diff", optional(frame.diffImage)))
        return .object(fields)
      }
      return .object([
        ("name", .string(scene.name)), ("file", .string(scene.file)),
        ("status", .string(scene.failed ? "fail" : "pass")), ("error", optional(scene.error)),
        ("frames", .array(frames)),
      ])
    }
    let document: JSONValue = .object([
      ("passed", .bool(!report.failed)), ("frames", .number(Double(report.frameCount))),
      ("failedFrames", .number(Double(report.failedFrames))), ("settings", .string(report.settings)),
      ("scenes", .array(scenes)),
    ])
    return document.text() + "\n"
  }

  // MARK: - JUnit

  /// junit.xml: a test case per scene, a failure per failing frame.
  public static func junit(_ report: CheckReport) -> String {
    let failures = report.scenes.filter(\.failed).count
    var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    xml += "<testsuites name=\"segue check\" tests=\"\(report.scenes.count)\" failures=\"\(failures)\">\n"
    xml += "  <testsuite name=\"segue check\" tests=\"\(report.scenes.count)\" failures=\"\(failures)\" errors=\"0\">\n"
    for scene in report.scenes {
      xml += "    <testcase classname=\"segue.check\" name=\"\(escape(scene.name))\" file=\"\(escape(scene.file))\">\n"
      if let error = scene.error {
        xml += "      <failure message=\"\(escape(error))\" type=\"invalid\"/>\n"
      }
      for frame in scene.frames where frame.status.failed {
        let message = "\(scene.name)/\(frame.file): \(frame.message)"
        xml +=
          "      <failure message=\"\(escape(message))\" type=\"\(frame.status.rawValue)\">\(escape(message))</failure>\n"
      }
      xml += "    </testcase>\n"
    }
    xml += "  </testsuite>\n</testsuites>\n"
    return xml
  }

  /// XML and HTML text escaping.
  public static func escape(_ text: String) -> String {
    var result = ""
    for character in text {
      switch character {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      default: result.append(character)
      }
    }
    return result
  }

  // MARK: - HTML

  /// index.html: one page with no outside resources. Each scene is a timeline strip of its
  /// frames (failures marked); a chosen frame shows expected, actual and diff side by side,
  /// a slider between expected and actual, and a toggle. `image` gives the bytes of a report
  /// image by its relative path, embedded as data URIs.
  public static func html(_ report: CheckReport, image: (String) -> [UInt8]?) -> String {
    func uri(_ path: String?) -> String {
      guard let path, let bytes = image(path) else { return "" }
      return "data:image/png;base64," + Data(bytes).base64EncodedString()
    }
    let passed = report.frameCount - report.failedFrames
    var body = ""
    body += "<header><h1>segue check</h1><p class=\"\(report.failed ? "bad" : "good")\">"
    body +=
      report.failed
      ? "\(report.failedFrames) of \(report.frameCount) frames failed in \(report.scenes.filter(\.failed).count) of \(report.scenes.count) scenes"
      : "All \(report.frameCount) frames of \(report.scenes.count) scenes match"
    body += " (\(passed) passed).</p><p class=\"settings\">\(escape(report.settings))</p></header>\n"
    for (sceneIndex, scene) in report.scenes.enumerated() {
      body += "<section class=\"scene \(scene.failed ? "failed" : "passed")\" id=\"s\(sceneIndex)\">\n"
      body += "<h2>\(escape(scene.name)) <span class=\"badge\">\(scene.failed ? "FAIL" : "pass")</span></h2>"
      body += "<p class=\"file\">\(escape(scene.file))</p>\n"
      if let error = scene.error { body += "<p class=\"error\">\(escape(error))</p>\n" }
      body += "<div class=\"strip\">\n"
      for (frameIndex, frame) in scene.frames.enumerated() {
        let thumbnail = uri(frame.actualImage ?? frame.expectedImage)
        let title = escape(
          "\(frame.file): \(frame.status.rawValue)\(frame.message.isEmpty ? "" : ": " + frame.message)")
        body += "<button class=\"frame \(frame.status.rawValue)\" title=\"\(title)\" "
        body += "data-scene=\"\(sceneIndex)\" data-frame=\"\(frameIndex)\">"
        body +=
          thumbnail.isEmpty
          ? "<span class=\"none\">\(frame.status.rawValue)</span>" : "<img src=\"\(thumbnail)\" alt=\"\">"
        body += "<span class=\"label\">\(frame.index)</span></button>\n"
      }
      body += "</div>\n<div class=\"viewer\" id=\"v\(sceneIndex)\"></div>\n"
      // The frames' details, as templates the script shows on demand.
      for (frameIndex, frame) in scene.frames.enumerated() {
        body += "<template id=\"t\(sceneIndex)-\(frameIndex)\">"
        body +=
          "<h3>\(escape(frame.file)) <span class=\"status \(frame.status.rawValue)\">\(frame.status.rawValue)</span></h3>"
        if !frame.message.isEmpty { body += "<p class=\"message\">\(escape(frame.message))</p>" }
        let expected = uri(frame.expectedImage)
        let actual = uri(frame.actualImage)
        let diff = uri(frame.diffImage)
        body += "<div class=\"modes\"><button data-mode=\"side\">Side by side</button>"
        if !expected.isEmpty && !actual.isEmpty {
          body += "<button data-mode=\"slider\">Slider</button><button data-mode=\"toggle\">Toggle</button>"
        }
        body += "</div><div class=\"side\">"
        for (label, source) in [("Expected", expected), ("Actual", actual), ("Diff", diff)] where !source.isEmpty {
          body += "<figure><figcaption>\(label)</figcaption><img src=\"\(source)\" alt=\"\(label)\"></figure>"
        }
        body += "</div>"
        if !expected.isEmpty && !actual.isEmpty {
          body += "<div class=\"slider\" hidden><div class=\"stack\"><img src=\"\(expected)\" alt=\"Expected\">"
          body += "<img class=\"over\" src=\"\(actual)\" alt=\"Actual\"></div>"
          body += "<input type=\"range\" min=\"0\" max=\"100\" value=\"50\" aria-label=\"expected to actual\">"
          body += "<p>left: actual, right: expected</p></div>"
          body += "<div class=\"toggle\" hidden><img src=\"\(expected)\" alt=\"Expected\" data-other=\"\(actual)\">"
          body += "<p>Showing <b>expected</b>; click the picture to switch.</p></div>"
        }
        body += "</template>\n"
      }
      body += "</section>\n"
    }
    return """
      <!DOCTYPE html>
      <html lang="en"><head><meta charset="utf-8"><title>segue check report</title>
      <meta name="viewport" content="width=device-width, initial-scale=1">
      <style>
      body { font: 14px -apple-system, system-ui, sans-serif; margin: 0 24px 48px; color: #1c1c1e; background: #f2f2f7; }
      header h1 { margin: 20px 0 4px; font-size: 22px; }
      .good { color: #248a3d; font-weight: 600; } .bad { color: #d70015; font-weight: 600; }
      .settings, .file { color: #6e6e73; margin: 2px 0; }
      section.scene { background: #fff; border-radius: 12px; padding: 12px 16px; margin: 16px 0; }
      section.failed { box-shadow: inset 4px 0 0 #ff3b30; }
      h2 { font-size: 16px; margin: 0; } .badge { font-size: 11px; padding: 2px 6px; border-radius: 6px; background: #e5e5ea; }
      section.failed .badge { background: #ff3b30; color: #fff; }
      .strip { display: flex; gap: 6px; overflow-x: auto; padding: 8px 0; }
      .frame { position: relative; border: 3px solid #34c759; border-radius: 6px; padding: 0; background: #000; cursor: pointer; flex: none; }
      .frame img { display: block; height: 120px; border-radius: 3px; }
      .frame.fail, .frame.size, .frame.invalid { border-color: #ff3b30; } .frame.missing { border-color: #ff9500; }
      .frame.stale { border-color: #8e8e93; } .frame.selected { outline: 3px solid #007aff; outline-offset: 1px; }
      .frame .none { display: flex; align-items: center; justify-content: center; width: 56px; height: 120px; color: #fff; font-size: 11px; }
      .frame .label { position: absolute; bottom: 2px; right: 4px; color: #fff; font-size: 11px; text-shadow: 0 0 3px #000; }
      .viewer:empty { display: none; } .viewer { border-top: 1px solid #e5e5ea; padding-top: 8px; }
      .side { display: flex; gap: 12px; flex-wrap: wrap; } figure { margin: 0; } figcaption { color: #6e6e73; margin-bottom: 4px; }
      .side img, .toggle img, .stack img { max-height: 520px; border: 1px solid #d1d1d6; display: block; }
      .stack { position: relative; display: inline-block; } .stack .over { position: absolute; left: 0; top: 0; }
      .slider input { width: 320px; display: block; margin-top: 6px; }
      .modes button { margin: 0 6px 8px 0; } .message { font-family: ui-monospace, monospace; color: #d70015; }
      .status.pass { color: #248a3d; } .status.fail, .status.size, .status.invalid { color: #d70015; }
      </style></head><body>
      \(body)
      <script>
      function show(button) {
        const scene = button.dataset.scene, frame = button.dataset.frame;
        document.querySelectorAll('#s' + scene + ' .frame').forEach(b => b.classList.toggle('selected', b === button));
        const viewer = document.getElementById('v' + scene);
        viewer.replaceChildren(document.getElementById('t' + scene + '-' + frame).content.cloneNode(true));
        viewer.querySelectorAll('.modes button').forEach(mode => mode.addEventListener('click', () => {
          for (const name of ['side', 'slider', 'toggle']) {
            const part = viewer.querySelector('.' + name);
            if (part) part.hidden = name !== mode.dataset.mode;
          }
        }));
        const range = viewer.querySelector('.slider input'), over = viewer.querySelector('.slider .over');
        if (range) {
          const clip = () => { over.style.clipPath = 'inset(0 ' + (100 - range.value) + '% 0 0)'; };
          range.addEventListener('input', clip); clip();
        }
        const toggle = viewer.querySelector('.toggle img');
        if (toggle) toggle.addEventListener('click', () => {
          const other = toggle.dataset.other; toggle.dataset.other = toggle.src; toggle.src = other;
          const label = viewer.querySelector('.toggle b');
          label.textContent = label.textContent === 'expected' ? 'actual' : 'expected';
        });
      }
      document.querySelectorAll('.frame').forEach(b => b.addEventListener('click', () => show(b)));
      document.querySelectorAll('.strip').forEach(strip => {
        const first = strip.querySelector('.frame.fail, .frame.size, .frame.missing, .frame.invalid, .frame.stale') || strip.querySelector('.frame');
        if (first && strip.closest('.scene').classList.contains('failed')) show(first);
      });
      </script></body></html>
      """
  }
}
