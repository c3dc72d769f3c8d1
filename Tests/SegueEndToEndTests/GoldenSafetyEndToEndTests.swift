import Foundation
import Testing

/// What a kill, a second writer, a planted file or a hostile file name does to golden and
/// report folders: a recording is all old or all new, one writer at a time, file names are
/// untrusted input, links are never followed, and no input is ever replaced by a frame.
struct GoldenSafetyEndToEndTests {
  /// 40 × 30 px, 6 frames, black to white.
  static let black = ##"""
    {"name": "g", "size": [40, 30], "scale": 1, "fps": 10,
     "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"},
     "transition": {"type": "fade", "duration": 0.5, "curve": "linear"}}
    """##
  /// The same scene name, size and frame count, red to blue: every frame differs from `black`'s.
  static let red = ##"""
    {"name": "g", "size": [40, 30], "scale": 1, "fps": 10,
     "from": {"background": "#FF0000"}, "to": {"background": "#0000FF"},
     "transition": {"type": "fade", "duration": 0.5, "curve": "linear"}}
    """##

  /// Bytes of every file in `folder` by name.
  static func contents(_ folder: String) throws -> [String: Data] {
    var result: [String: Data] = [:]
    for name in try FileManager.default.contentsOfDirectory(atPath: folder) {
      result[name] = FileManager.default.contents(atPath: folder + "/" + name)
    }
    return result
  }

  /// Goldens of `black` and of `red` recorded apart, and the scene files.
  struct Fixture {
    let folder: TemporaryFolder
    let black: String
    let red: String
    let old: [String: Data]
    let new: [String: Data]

    init() throws {
      folder = try TemporaryFolder()
      black = try folder.write("black/g.json", GoldenSafetyEndToEndTests.black)
      red = try folder.write("red/g.json", GoldenSafetyEndToEndTests.red)
      #expect(try SegueProcess.run(["check", black, "--golden", folder.path + "/old"]).status == 1)
      #expect(try SegueProcess.run(["check", red, "--golden", folder.path + "/new"]).status == 1)
      old = try contents(folder.path + "/old/g")
      new = try contents(folder.path + "/new/g")
      #expect(old.count == 7 && new.count == 7 && old != new)  // six frames and manifest.json
    }

    /// A golden folder holding the old recording.
    func goldens(_ name: String) throws -> String {
      let path = folder.path + "/" + name
      try FileManager.default.createDirectory(atPath: path + "/g", withIntermediateDirectories: true)
      for (file, data) in old { try data.write(to: URL(fileURLWithPath: path + "/g/" + file)) }
      return path
    }
  }

  @Test(arguments: [
    "frames.written@3", "commit.aside@1", "commit.aside@4", "commit.renamed@1", "commit.renamed@6",
    "commit.manifest",
  ])
  func aRecordingKilledAtAnyPhaseIsAllOldOrAllNew(point: String) throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    for action in ["kill", "sigint", "sigterm"] {
      let golden = try fixture.goldens("golden-\(action)")
      let killed = try SegueProcess.run(
        ["check", fixture.red, "--golden", golden, "--record", "all", "--jobs", "1"],
        environment: ["SEGUE_FAILPOINT": "\(point)=\(action)"])
      #expect([137, 130, 143].contains(killed.status) || killed.signal == SIGKILL, "\(point) \(action)")
      // The next run, even one that records nothing, repairs before it reads a golden.
      let next = try SegueProcess.run(["check", fixture.red, "--golden", golden, "--record", "never"])
      let after = try Self.contents(golden + "/g")
      #expect(after == fixture.old || after == fixture.new, "\(point) \(action): \(after.keys.sorted())")
      // SIGINT and SIGTERM wait for a commit under way; a kill during it is rolled back.
      if action == "kill" && (point.hasPrefix("commit.aside") || point.hasPrefix("commit.renamed")) {
        #expect(after == fixture.old, "\(point)")
        #expect(next.stderr.contains("the last recording was stopped while it replaced the frames here"))
      }
      if point == "commit.manifest" { #expect(after == fixture.new, "\(point) \(action)") }
      #expect(next.status == (after == fixture.new ? 0 : 1), "\(point) \(action): \(next.stderr)")
    }
  }

  @Test func oneWriterAtATimeIncludingARender() throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let golden = try fixture.goldens("golden")
    // The first recording holds the folder for 3 s once it has it.
    let first = try SegueProcess.start(
      ["check", fixture.red, "--golden", golden, "--record", "all"],
      environment: ["SEGUE_FAILPOINT": "folder.locked=sleep:3"])
    Thread.sleep(forTimeInterval: 1)
    let second = try SegueProcess.run(["check", fixture.black, "--golden", golden, "--record", "all"])
    #expect(second.status == 3)
    #expect(second.stderr.contains("is writing this folder; try again when it is done"), "\(second.stderr)")
    let render = try SegueProcess.run(["render", fixture.black, "-o", golden + "/g"])
    #expect(render.status == 3)
    #expect(render.stderr.contains("is writing this folder"), "\(render.stderr)")
    #expect(first.wait().status == 1)
    #expect(try Self.contents(golden + "/g") == fixture.new)
  }

  @Test(arguments: ["never", "missing", "failed", "all"])
  func aGoldenNamedPastEveryFrameIsAFinding(mode: String) throws {
    let fixture = try Fixture()
    defer { fixture.folder.remove() }
    let golden = try fixture.goldens("golden")
    let names = ["frame_9223372036854775807.png", "frame_00002.png", "frame_99999999999999999999.png"]
    for name in names { try fixture.old["frame_0000.png"]!.write(to: URL(fileURLWithPath: golden + "/g/" + name)) }
    let result = try SegueProcess.run(["check", fixture.black, "--golden", golden, "--record", mode])
    #expect(result.status == 1, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "FAIL: g: 3 files named like goldens are no frame's golden (frame_00002.png ... "
          + "frame_99999999999999999999.png); this scene's are frame_0000.png to frame_0005.png"),
      "\(result.stdout)")
    let left = try Self.contents(golden + "/g")
    #expect(names.allSatisfy { left[$0] != nil } == (mode != "all"))
    if mode == "all" { #expect(left == fixture.old) }
  }

  @Test func aReportFolderWithALinkIsRefusedAndNothingIsFollowed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scene = try folder.write("g.json", Self.black)
    let elsewhere = try folder.write("elsewhere/x/frame_0000.diff.png", "not ours")
    let report = folder.path + "/report"
    try FileManager.default.createDirectory(atPath: report, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: report + "/scenes", withDestinationPath: folder.path + "/elsewhere")
    let result = try SegueProcess.run(["check", scene, "--golden", folder.path + "/golden", "--report", report])
    #expect(result.status == 3)
    #expect(
      result.stderr.contains("\(report)/scenes is a symbolic link; Segue never follows a link inside a report folder"),
      "\(result.stderr)")
    #expect(FileManager.default.contents(atPath: elsewhere) == Data("not ours".utf8))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/golden"), "refused before anything is written")
    // A scene folder inside scenes/ that is a link is refused too.
    try FileManager.default.removeItem(atPath: report + "/scenes")
    try FileManager.default.createDirectory(atPath: report + "/scenes", withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: report + "/scenes/g", withDestinationPath: folder.path + "/elsewhere/x")
    let again = try SegueProcess.run(["check", scene, "--golden", folder.path + "/golden", "--report", report])
    #expect(again.status == 3)
    #expect(again.stderr.contains("\(report)/scenes/g is a symbolic link"), "\(again.stderr)")
    #expect(FileManager.default.contents(atPath: elsewhere) == Data("not ours".utf8))
  }

  @Test func framesNeverReplaceTheSceneOrItsImages() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // The scene itself is named like a frame in its output folder.
    let scene = try folder.write("t/frame_0000.png", Self.black)
    let before = FileManager.default.contents(atPath: scene)
    let result = try SegueProcess.run(["render", scene, "-o", folder.path + "/t"])
    #expect(result.status == 2)
    #expect(
      result.stderr.contains("\(scene) is read by the render, which writes frame_0000.png in \(folder.path)/t"),
      "\(result.stderr)")
    #expect(FileManager.default.contents(atPath: scene) == before)
    #expect(folder.files(in: "t") == ["frame_0000.png"])
    // An image of the scene, named like a frame, in the folder the frames go to (here spelt
    // another way).
    let rendered = try SegueProcess.run(["render", try folder.write("s.json", Self.black), "-o", folder.path + "/w"])
    #expect(rendered.status == 0)
    try FileManager.default.createDirectory(atPath: folder.path + "/u", withIntermediateDirectories: true)
    let image = folder.path + "/u/frame_0001.png"
    try FileManager.default.copyItem(atPath: folder.path + "/w/frame_0001.png", toPath: image)
    let withImage = try folder.write(
      "u/scene.json",
      ##"""
      {"name": "i", "size": [40, 30], "scale": 1, "fps": 10,
       "from": {"background": "#000000", "layers": [{"rect": [0, 0, 40, 30], "image": "frame_0001.png"}]},
       "to": {"background": "#FFFFFF"}, "transition": {"type": "fade", "duration": 0.5, "curve": "linear"}}
      """##)
    let imageBefore = FileManager.default.contents(atPath: image)
    let refused = try SegueProcess.run(["render", withImage, "-o", folder.path + "/./u"])
    #expect(refused.status == 2)
    #expect(refused.stderr.contains("\(image) is read by the render"), "\(refused.stderr)")
    #expect(FileManager.default.contents(atPath: image) == imageBefore)
    // Recording goldens into the folder holding the scene's image is refused the same way.
    let linked = folder.path + "/goldens"
    try FileManager.default.createDirectory(atPath: linked, withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(atPath: linked + "/i", withDestinationPath: folder.path + "/u")
    let recorded = try SegueProcess.run(["check", withImage, "--golden", linked, "--record", "all"])
    #expect(recorded.status == 2)
    #expect(recorded.stderr.contains("\(image) is read by the recording"), "\(recorded.stderr)")
    #expect(FileManager.default.contents(atPath: image) == imageBefore)
  }

  @Test func aManifestSegueDidNotWriteIsRefusedUnlessForced() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scene = try folder.write("g.json", Self.black)
    let mine = try folder.write("out/manifest.json", ##"{"name": "My PWA"}"##)
    let refused = try SegueProcess.run(["render", scene, "-o", folder.path + "/out"])
    #expect(refused.status == 3)
    #expect(
      refused.stderr.contains(
        "cannot replace \(mine): it is not a manifest segue wrote; give another folder with -o, or --force to replace it"
      ),
      "\(refused.stderr)")
    #expect(FileManager.default.contents(atPath: mine) == Data(##"{"name": "My PWA"}"##.utf8))
    #expect(folder.files(in: "out") == ["manifest.json"])
    // batch writes into <output>/<scene name>: the same rule.
    _ = try folder.write("batch/g/manifest.json", ##"{"name": "My PWA"}"##)
    let batch = try SegueProcess.run(["batch", scene, "-o", folder.path + "/batch"])
    #expect(batch.status == 3)
    #expect(batch.stderr.contains("it is not a manifest segue wrote"), "\(batch.stderr)")
    #expect(folder.files(in: "batch/g") == ["manifest.json"])
    let forced = try SegueProcess.run(["render", scene, "-o", folder.path + "/out", "--force"])
    #expect(forced.status == 0, "\(forced.stderr)")
    #expect(folder.files(in: "out").count == 7)
    // A manifest larger than any Segue writes is not read whole: refused at once.
    let huge = folder.path + "/big/manifest.json"
    try FileManager.default.createDirectory(atPath: folder.path + "/big", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(atPath: huge, contents: Data(repeating: 0x20, count: 8 << 20))
    let big = try SegueProcess.run(["render", scene, "-o", folder.path + "/big"])
    #expect(big.status == 3)
    #expect(big.stderr.contains("it is not a manifest segue wrote"), "\(big.stderr)")
  }
}
