import Foundation
import SegueTestSupport
import Testing

/// `segue preview`: the page, its frames and its data, and what it says about bad input. The
/// page itself (play, scrub, keys, speeds, zoom, the plot against the timing math, `--watch`) is
/// checked in headless Chromium by `make preview-check`.
struct PreviewEndToEndTests {
  static let plain =
    ##"{"name": "plain", "size": [40, 30], "fps": 10, "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"}, "transition": {"type": "fade", "duration": 0.5, "curve": "easeInOut"}}"##
  static let swipe =
    ##"{"name": "swipe", "size": [40, 30], "fps": 10, "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"}, "transition": {"type": "push", "operation": "pop", "duration": 0.5}, "interaction": {"scrub": [[0, 0], [0.2, 0.3]], "release": "cancel"}}"##

  @Test func writesOnePageThatPlaysEveryScene() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let a = try folder.write("a.json", Self.plain)
    let b = try folder.write("b.json", Self.swipe)
    let out = folder.path + "/p"
    let result = try SegueProcess.run(["preview", a, b, "-o", out])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout == "preview: 2 scenes; open file://\(out)/index.html\n")
    #expect(folder.files(in: "p") == ["index.html", "plain", "swipe"])
    let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    // Self-contained: the script and style inside, nothing fetched from a network.
    #expect(html.contains("window.segueData = "))
    #expect(!html.contains("src=\"http") && !html.contains("href=\"http") && !html.contains("url(http"))
    #expect(html.contains("<body class=\"segue-page\" data-layout=\"preview\">"))
    let scenes = try ExtrasEndToEndTests.playerScenes(html)
    #expect(scenes.map { $0["name"] as? String } == ["plain", "swipe"])
    // 0.5 s at 10 fps: frames 0…5, each a file the page names relative to itself.
    let frames = scenes.first?["frames"] as? [String] ?? []
    #expect(frames == (0...5).map { String(format: "plain/frame_%04d.png", $0) })
    for frame in frames { #expect(FileManager.default.fileExists(atPath: out + "/" + frame)) }
    #expect(scenes.first?["times"] as? [Double] == [0, 0.1, 0.2, 0.3, 0.4, 0.5])
    // The swipe: scrubbed to 0.3 over 0.2 s, then cancelled over 0.3 · 0.5 = 0.15 s; the finger
    // lifts at 0.2 s, frame 2.
    let lift = scenes.last?["interaction"] as? [String: Any]
    #expect(lift?["liftFrame"] as? Int == 2 && lift?["liftTime"] as? Double == 0.2)
    #expect(lift?["release"] as? String == "cancel")
    #expect((scenes.last?["tracks"] as? [Any])?.isEmpty == false)
  }

  @Test func aBrokenSceneIsReportedAndTheRestShown() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let a = try folder.write("a.json", Self.plain)
    let broken = try folder.write("broken.json", Self.plain.replacingOccurrences(of: "0.5,", with: "-1,"))
    let out = folder.path + "/p"
    let result = try SegueProcess.run(["preview", a, broken, "-o", out, "--quiet"])
    #expect(result.status == 2)
    #expect(result.stdout.isEmpty)
    #expect(result.stderr.hasPrefix("error: \(broken): at 'transition.duration': "), "\(result.stderr)")
    let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(try ExtrasEndToEndTests.playerScenes(html).map { $0["name"] as? String } == ["plain"])
    #expect(html.contains("at 'transition.duration'"))

    let none = try SegueProcess.run(["preview", folder.path + "/missing.json"])
    #expect(none.status == 2 && none.stderr == "error: \(folder.path)/missing.json: no such file or folder\n")
    let usage = try SegueProcess.run(["preview"])
    #expect(usage.status == 2 && usage.stderr.contains("segue preview SCENE..."))
  }

  @Test func helpSaysWhatWatchDoes() throws {
    let help = try SegueProcess.run(["preview", "--help"])
    #expect(help.status == 0 && help.stderr.isEmpty)
    #expect(help.stdout.contains("USAGE: segue preview SCENE... [-o DIR] [--watch]"))
    #expect(help.stdout.contains("re-render a scene when it or one of its images changes"))
  }
}

/// A failing check's report plots the scene's timing, and the goldens' beside it when it changed.
struct ReportTimingEndToEndTests {
  @Test func aChangedTimingShowsBeforeAndAfter() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scene = try folder.write("scenes/plain.json", PreviewEndToEndTests.plain)
    let golden = folder.path + "/golden"
    let record = try SegueProcess.run(["check", scene, "--golden", golden, "--record", "all", "-q"])
    #expect(record.stderr.isEmpty, "\(record.stderr)")
    // The manifest keeps the timing the goldens were recorded with.
    let manifest = try String(contentsOfFile: golden + "/plain/manifest.json", encoding: .utf8)
    #expect(manifest.contains("\"timing\": ["))

    // Same length, another curve: the frames differ and so does the timing.
    try PreviewEndToEndTests.plain.replacingOccurrences(of: "easeInOut", with: "easeIn")
      .write(toFile: scene, atomically: true, encoding: .utf8)
    let report = folder.path + "/report"
    let check = try SegueProcess.run(["check", scene, "--golden", golden, "--report", report, "-q"])
    #expect(check.status == 1)
    let json = try #require(
      JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report + "/report.json")))
        as? [String: Any])
    let found = (json["scenes"] as? [[String: Any]])?.first
    let before = found?["goldenTiming"] as? [[String: Any]]
    let after = found?["timing"] as? [[String: Any]]
    #expect(before?.first?["description"] as? String == "easeInOut")
    #expect(after?.first?["description"] as? String == "easeIn")
    // Now: easeIn over 0.5 s at 10 fps; frame 1 (x = 0.2) is at easeIn(0.2) = 0.06228 (by bisection).
    let samples = after?.first?["samples"] as? [[Double]] ?? []
    #expect(samples.count == 6 && abs(samples[1][2] - 0.062_28) < 1e-4)
    let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
    #expect(html.contains("Timing changed: the goldens' (dashed) and the scene's now"))
    #expect(html.contains("window.seguePlot = seguePlot"))

    // The same timing, other pixels: the plot shows the scene's timing alone.
    try PreviewEndToEndTests.plain.replacingOccurrences(of: "#FFFFFF", with: "#FFFFFE")
      .write(toFile: scene, atomically: true, encoding: .utf8)
    let again = try SegueProcess.run([
      "check", scene, "--golden", golden, "--report", report, "-q", "--channel-tolerance", "0",
    ])
    #expect(again.status == 1)
    let page = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
    #expect(page.contains("Timing: each animation's progress over the timeline"))
    #expect(!page.contains("Timing changed"))
  }
}

/// The timing a manifest keeps stays small: a scene of thousands of animations renders again
/// into its own folder (its manifest is one segue reads back), and its page plots 100 of them.
struct ManyAnimationsTimingEndToEndTests {
  @Test func aSceneOfThousandsOfAnimationsRendersAgainIntoItsFolder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let count = 1_000
    let overlays = (0..<count).map { "\"o\($0)\": {\"color\": \"#FF0000\", \"opacity\": 0.5, \"rect\": [0, 0, 1, 1]}" }
    let animations = (0..<count).map { "{\"target\": \"o\($0)\", \"to\": {\"opacity\": 1}}" }
    let scene = try folder.write(
      "many.json",
      ##"{"size": [10, 10], "fps": 4, "from": {}, "to": {}, "transition": {"type": "custom", "duration": 0.5, "overlays": {"##
        + overlays.joined(separator: ", ") + ##"}, "animations": ["## + animations.joined(separator: ", ") + "]}}")
    let out = folder.path + "/out"
    for _ in 0..<2 {
      let result = try SegueProcess.run(["render", scene, "-o", out, "-q"])
      #expect(result.status == 0, "\(result.stderr)")
    }
    let manifest = try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json"))
    let object = try #require(JSONSerialization.jsonObject(with: manifest) as? [String: Any])
    #expect((object["timing"] as? [Any])?.count == 100)
    let preview = try SegueProcess.run(["preview", scene, "-o", folder.path + "/p", "-q"])
    #expect(preview.status == 0, "\(preview.stderr)")
    let html = try String(contentsOfFile: folder.path + "/p/index.html", encoding: .utf8)
    #expect((try ExtrasEndToEndTests.playerScenes(html).first?["tracks"] as? [Any])?.count == 100)
  }
}
