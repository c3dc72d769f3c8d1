import Foundation
import Testing

/// No command writes over what it reads: its page, data script, frame folders, APNGs and report
/// pictures are checked against every scene file and image (and golden) before anything is
/// written, and a name taken from a file passes the rule an explicit name passes.
struct OutputsOverInputsEndToEndTests {
  /// A 20 × 10 fade named `name`, its `to` screen showing `image` when given.
  static func scene(_ name: String?, image: String? = nil) -> String {
    let named = name.map { "\"name\": \"\($0)\", " } ?? ""
    let shown = image.map { ", \"image\": \"\($0)\"" } ?? ""
    return "{\(named)\"size\": [20, 10], \"scale\": 1, \"fps\": 10, \"from\": {\"background\": \"#000000\"}, "
      + "\"to\": {\"background\": \"#FFFFFF\"\(shown)}, \"transition\": {\"type\": \"fade\", \"duration\": 0.2}}"
  }

  /// A real 2 × 2 PNG, to stand where an output would go.
  static func png(_ folder: TemporaryFolder, _ name: String) throws -> Data {
    let result = try SegueProcess.run(
      [
        "render", try folder.write("png-source.json", scene("png-source")), "-o", folder.path + "/png-source",
        "--frames", "0",
      ])
    #expect(result.status == 0, "\(result.stderr)")
    let data = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/png-source/frame_0000.png"))
    try FileManager.default.createDirectory(
      atPath: folder.path + "/" + (name as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try data.write(to: URL(fileURLWithPath: folder.path + "/" + name))
    return data
  }

  /// Each case: the command, the file it must leave as it was, and words of the message.
  @Test func noCommandWritesOverItsInputs() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let dir = folder.path + "/out"
    var cases: [(arguments: [String], kept: String, words: String)] = []

    // preview: a scene stored as the page, or as the live page's data script.
    try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    let page = try folder.write("out/index.html", Self.scene("paged"))
    cases.append((["preview", page, "-o", dir], page, "the preview page"))
    let data = try folder.write("out/preview-data.js", Self.scene("scripted"))
    cases.append((["preview", data, "-o", dir, "--watch"], data, "the page's data script"))
    // preview and gallery: an image where a scene's frames go.
    let image = try Self.png(folder, "out/shown/frame_0000.png")
    let shown = try folder.write("shown.json", Self.scene("shown", image: "out/shown/frame_0000.png"))
    cases.append((["preview", shown, "-o", dir], dir + "/shown/frame_0000.png", "the frames of scene 'shown'"))
    cases.append((["gallery", shown, "-o", dir], dir + "/shown/frame_0000.png", "the frames of scene 'shown'"))
    // gallery: an image where a scene's APNG goes.
    _ = try Self.png(folder, "out/apng.png")
    let apng = try folder.write("apng.json", Self.scene("apng", image: "out/apng.png"))
    cases.append((["gallery", apng, "-o", dir], dir + "/apng.png", "the APNG of scene 'apng'"))
    // check --report: a scene stored as the report's page, an image where its pictures go.
    let golden = folder.path + "/golden"
    let reported = try folder.write("reports/index.html", Self.scene("reported"))
    cases.append(
      (["check", reported, "--golden", golden, "--report", folder.path + "/reports"], reported, "the report"))
    _ = try Self.png(folder, "reports/scenes/pictured/frame_0000.expected.png")
    let pictured = try folder.write(
      "pictured.json", Self.scene("pictured", image: "reports/scenes/pictured/frame_0000.expected.png"))
    cases.append(
      (
        ["check", pictured, "--golden", golden, "--report", folder.path + "/reports"],
        folder.path + "/reports/scenes/pictured/frame_0000.expected.png", "the report"
      ))
    // batch: one scene's image in another scene's frame folder.
    _ = try Self.png(folder, "out/writer/frame_0001.png")
    let reader = try folder.write("batch/reader.json", Self.scene("reader", image: "../out/writer/frame_0001.png"))
    _ = try folder.write("batch/writer.json", Self.scene("writer"))
    cases.append((["batch", folder.path + "/batch", "-o", dir], dir + "/writer/frame_0001.png", "scene 'writer'"))
    _ = reader

    for (arguments, kept, words) in cases {
      let before = try Data(contentsOf: URL(fileURLWithPath: kept))
      let result = try SegueProcess.run(arguments)
      #expect(result.status == 2, "\(arguments): \(result.stderr)")
      #expect(result.stderr.contains(words) && result.stderr.contains("give another"), "\(arguments): \(result.stderr)")
      #expect(try Data(contentsOf: URL(fileURLWithPath: kept)) == before, "\(arguments) changed \(kept)")
    }
    #expect(!FileManager.default.fileExists(atPath: dir + "/paged"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/reports/report.json"))
    #expect(!FileManager.default.fileExists(atPath: dir + "/reader"))
    _ = image
  }

  /// A variant's image in the frame folder of another run (`default`, drawn first): the render
  /// is refused before any run is written, the image kept, and no run's folder made.
  @Test func aRunsFramesMayNotReplaceAnotherRunsImage() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let image = try Self.png(folder, "work/default/frame_0000.png")
    let scene = try folder.write(
      "work/clash.json",
      ##"{"name": "clash", "size": [20, 10], "scale": 1, "fps": 10, "from": {"background": "#000000"}, "##
        + ##""to": {"background": "#FFFFFF"}, "variants": [{"name": "pictured", "set": {"to.image": "##
        + ##""default/frame_0000.png"}}], "transition": {"type": "fade", "duration": 0.2}}"##)
    _ = scene
    let result = try SegueProcess.run(["render", "clash.json", "-o", "."], in: folder.path + "/work")
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "error: default/frame_0000.png, which run 'pictured' reads, is where the frame folder of run 'default' is "
          + "written (./default); give another output folder, or move the file"), "\(result.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/work/default/frame_0000.png")) == image)
    #expect(folder.files(in: "work/default") == ["frame_0000.png"])
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/work/pictured"))
    // A later run's problem stops the render before the first run is written too.
    let broken = try folder.write(
      "work/broken.json",
      ##"{"name": "broken", "size": [20, 10], "scale": 1, "fps": 10, "from": {}, "to": {}, "variants": "##
        + ##"[{"name": "missing", "set": {"to.image": "nowhere.png"}}], "transition": {"type": "fade", "duration": 0.2}}"##
    )
    _ = broken
    let stopped = try SegueProcess.run(["render", "broken.json", "-o", "broken-out"], in: folder.path + "/work")
    #expect(stopped.status == 2, "\(stopped.stderr)")
    #expect(stopped.stderr.contains("on missing: nowhere.png"), "\(stopped.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/work/broken-out"))
  }

  /// A scene named `index.html` would put its frames where the preview's page goes: refused
  /// before anything is written, and later previews into the folder still work.
  @Test func aSceneNamedAfterThePageIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scene = try folder.write("page.json", Self.scene("index.html"))
    let result = try SegueProcess.run(["preview", scene, "-o", folder.path + "/out"])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(result.stderr.contains("the preview page"), "\(result.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out/index.html"))
    let good = try folder.write("good.json", Self.scene("good"))
    #expect(try SegueProcess.run(["preview", good, "-o", folder.path + "/out"]).status == 0)
  }

  /// A scene without `name` takes its file's, which must pass the rule an explicit name passes:
  /// `...json` would be `..` (the parent folder), `.json` would be empty (the output folder).
  @Test func namesFromFilesPassTheNameRule() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path + "/work/out", withIntermediateDirectories: true)
    _ = try folder.write("work/out/frame_0004.png", "the user's file")
    for file in ["...json", ".json", "..json"] {
      let path = try folder.write("work/" + file, Self.scene(nil))
      for arguments in [
        ["render", path], ["check", path, "--golden", folder.path + "/work", "--record", "all"], ["swift", path],
      ] {
        let result = try SegueProcess.run(arguments, in: folder.path + "/work")
        #expect(result.status == 2, "\(arguments): \(result.stderr)")
        #expect(result.stderr.contains("give the scene a 'name'"), "\(arguments): \(result.stderr)")
      }
    }
    #expect(try String(contentsOfFile: folder.path + "/work/out/frame_0004.png", encoding: .utf8) == "the user's file")
    #expect(folder.files(in: "work").sorted() == ["...json", "..json", ".json", "out"])
    #expect(folder.files(in: "work/out") == ["frame_0004.png"])
  }
}
