import Foundation
import Testing

/// `segue report merge`: three shards' reports make the report of one unsharded run.
struct ReportMergeEndToEndTests {
  /// Five 20 × 10 fades, `fade-1` … `fade-5`: each goes from black to its own colour.
  static func scenes(in folder: TemporaryFolder, changed: Set<Int> = []) throws -> String {
    for index in 1...5 {
      let colour = changed.contains(index) ? "#FF0000" : "#FFFFFF"
      _ = try folder.write(
        "scenes/fade-\(index).json",
        """
        {"name": "fade-\(index)", "size": [20, 10], "scale": 1, "fps": 10, "from": {"background": "#000000"},
         "to": {"background": "\(colour)"}, "transition": {"type": "fade", "duration": 0.2, "curve": "linear"}}
        """)
    }
    return folder.path + "/scenes"
  }

  static func json(_ path: String) throws -> [String: Any] {
    try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: path))) as! [String: Any]
  }

  /// report.json without the times, which differ from run to run.
  static func findings(_ path: String) throws -> NSDictionary {
    var report = try json(path)
    report["seconds"] = nil
    report["scenes"] = (report["scenes"] as! [[String: Any]]).map { scene -> [String: Any] in
      var scene = scene
      scene["seconds"] = nil
      scene["frames"] = (scene["frames"] as! [[String: Any]]).map { frame -> [String: Any] in
        var frame = frame
        frame["seconds"] = nil
        return frame
      }
      return scene
    }
    return report as NSDictionary
  }

  @Test func threeShardsMergeIntoTheReportOfOneRun() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenes = try Self.scenes(in: folder)
    let golden = folder.path + "/golden"
    #expect(try SegueProcess.run(["check", scenes, "--golden", golden]).status == 1)
    // Scenes 2 and 4 change: shard k of 3 holds scenes k, k + 3 (files sorted by name).
    _ = try Self.scenes(in: folder, changed: [2, 4])
    for shard in 1...3 {
      let result = try SegueProcess.run(
        ["check", scenes, "--golden", golden, "--shard", "\(shard)/3", "--report", folder.path + "/r\(shard)"])
      #expect(result.status == (shard == 3 ? 0 : 1), "shard \(shard): \(result.stdout)")
    }
    let whole = try SegueProcess.run(["check", scenes, "--golden", golden, "--report", folder.path + "/whole"])
    #expect(whole.status == 1)
    let merged = folder.path + "/merged"
    let merge = try SegueProcess.run(
      ["report", "merge", folder.path + "/r1", folder.path + "/r2", folder.path + "/r3", "-o", merged])
    #expect(merge.status == 1, "\(merge.stderr)")
    #expect(merge.stdout == "check: 11 of 15 frames match in 5 scenes; 4 differ in 2 scenes\n")
    #expect(try Self.findings(merged + "/report.json") == Self.findings(folder.path + "/whole/report.json"))
    let names = ((try Self.json(merged + "/report.json"))["scenes"] as! [[String: Any]]).map { $0["name"] as! String }
    #expect(names == ["fade-1", "fade-2", "fade-3", "fade-4", "fade-5"])
    func junit(_ path: String) throws -> String {
      try String(contentsOfFile: path, encoding: .utf8).replacing(/time="[0-9.]+"/, with: "")
    }
    #expect(try junit(merged + "/junit.xml") == junit(folder.path + "/whole/junit.xml"))
    #expect(folder.files(in: "merged/scenes/fade-2") == folder.files(in: "whole/scenes/fade-2"))
    #expect(folder.files(in: "merged/scenes/fade-4").contains("frame_0002.diff.png"))
    let page = try String(contentsOfFile: merged + "/index.html", encoding: .utf8)
    #expect(page.contains("fade-2") && page.contains("fade-4") && page.contains("data:image/png;base64,"))

    // Refused: a scene in two reports, reports of another version, a folder with no report.
    let twice = try SegueProcess.run(
      ["report", "merge", folder.path + "/r1", folder.path + "/whole", "-o", folder.path + "/m2"])
    #expect(twice.status == 2)
    #expect(
      twice.stderr
        == "error: scene 'fade-1' is in both \(folder.path)/r1 and \(folder.path)/whole; the reports of shards of one "
        + "split share no scene\n")
    let report = folder.path + "/r2/report.json"
    let text = try String(contentsOfFile: report, encoding: .utf8)
    try text.replacing(/"version": "[^"]*"/, with: #""version": "0.0.9""#).write(
      toFile: report, atomically: true, encoding: .utf8)
    let versions = try SegueProcess.run(
      ["report", "merge", folder.path + "/r1", folder.path + "/r2", "-o", folder.path + "/m3"])
    #expect(versions.status == 2)
    #expect(versions.stderr.contains("\(folder.path)/r2 was written by segue 0.0.9"), "\(versions.stderr)")
    let none = try SegueProcess.run(["report", "merge", folder.path + "/r1", scenes, "-o", folder.path + "/m4"])
    #expect(none.status == 2 && none.stderr.contains("\(scenes)/report.json"), "\(none.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/m2"))
  }

  /// A shard's report is input like any other: a number too large for a count, a picture that is
  /// a symbolic link (to any readable file) or not a PNG is refused with exit 2 and the field or
  /// file named, before anything is written.
  @Test func hostileShardsAreRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenes = try Self.scenes(in: folder)
    let golden = folder.path + "/golden"
    #expect(try SegueProcess.run(["check", scenes, "--golden", golden]).status == 1)
    _ = try Self.scenes(in: folder, changed: [1])
    let shard = folder.path + "/shard"
    #expect(try SegueProcess.run(["check", scenes, "--golden", golden, "--report", shard]).status == 1)
    let original = try Data(contentsOf: URL(fileURLWithPath: shard + "/report.json"))
    func edit(_ change: (inout [String: Any]) -> Void) throws {
      var report = try JSONSerialization.jsonObject(with: original) as! [String: Any]
      var scenes = report["scenes"] as! [[String: Any]]
      var frames = scenes[0]["frames"] as! [[String: Any]]
      change(&frames[2])
      scenes[0]["frames"] = frames
      scenes[0]["frameCount"] = [
        "golden": 3, "scene": 3, "staleGoldens": [String](), "removed": false, "goldenFPS": 10, "sceneFPS": 10,
      ]
      report["scenes"] = scenes
      try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: shard + "/report.json"))
    }
    func merge() throws -> SegueProcess.Result {
      try SegueProcess.run(["report", "merge", shard, "-o", folder.path + "/merged"])
    }
    // The failing frame of fade-1 holds every number a comparison has.
    try edit { _ in }
    #expect(try merge().status == 1)
    try FileManager.default.removeItem(atPath: folder.path + "/merged")
    for (key, field) in [
      ("differingPixels", "differingPixels"), ("ignoredPixels", "ignoredPixels"),
      ("maxChannelDifference", "maxChannelDifference"), ("sampleDepth", "sampleDepth"), ("size", "size.0"),
      ("maxDifferenceAt", "maxDifferenceAt.1"),
    ] {
      try edit { frame in
        frame[key] = key == "size" ? [1e300, 10] : key == "maxDifferenceAt" ? [1, 1e300] : 1e300
      }
      let result = try merge()
      #expect(result.status == 2, "\(key): \(result.stderr)")
      #expect(result.stderr.contains("at 'scenes.0.frames.2.\(field)': expected a whole number"), "\(result.stderr)")
    }
    var report = try JSONSerialization.jsonObject(with: original) as! [String: Any]
    var entries = report["scenes"] as! [[String: Any]]
    entries[0]["frameCount"] = [
      "golden": 3, "scene": 3, "staleGoldens": [String](), "removed": false, "goldenFPS": 1e300,
    ]
    report["scenes"] = entries
    try JSONSerialization.data(withJSONObject: report).write(to: URL(fileURLWithPath: shard + "/report.json"))
    let fps = try merge()
    #expect(fps.status == 2 && fps.stderr.contains("at 'scenes.0.frameCount.goldenFPS'"), "\(fps.stderr)")
    try original.write(to: URL(fileURLWithPath: shard + "/report.json"))

    // Pictures: a link to a file outside, a linked folder, a file that is not a PNG.
    let pictures = shard + "/scenes/fade-1"
    let picture = try #require(folder.files(in: "shard/scenes/fade-1").first { $0.hasSuffix(".diff.png") })
    let secret = try folder.write("secret.txt", "the user's secret")
    try FileManager.default.moveItem(atPath: pictures + "/" + picture, toPath: folder.path + "/kept.png")
    try FileManager.default.createSymbolicLink(atPath: pictures + "/" + picture, withDestinationPath: secret)
    let linked = try merge()
    #expect(linked.status == 2, "\(linked.stderr)")
    #expect(linked.stderr.contains("\(picture): is a symbolic link"), "\(linked.stderr)")
    try FileManager.default.removeItem(atPath: pictures + "/" + picture)
    try "<script>alert(1)</script>".write(toFile: pictures + "/" + picture, atomically: true, encoding: .utf8)
    let text = try merge()
    #expect(text.status == 2 && text.stderr.contains("not a PNG"), "\(text.stderr)")
    try FileManager.default.removeItem(atPath: pictures + "/" + picture)
    try FileManager.default.moveItem(atPath: folder.path + "/kept.png", toPath: pictures + "/" + picture)
    try FileManager.default.moveItem(atPath: pictures, toPath: folder.path + "/elsewhere")
    try FileManager.default.createSymbolicLink(atPath: pictures, withDestinationPath: folder.path + "/elsewhere")
    let folderLink = try merge()
    #expect(folderLink.status == 2 && folderLink.stderr.contains("fade-1: is a symbolic link"), "\(folderLink.stderr)")
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/merged/report.json"))
    #expect(!(folder.files(in: "merged/scenes/fade-1").contains(picture)))
  }
}
