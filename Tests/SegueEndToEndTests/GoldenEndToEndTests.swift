import Foundation
import SegueGeometry
import Testing

@testable import SeguePNG
@testable import SegueRaster

/// `segue check` and `segue compare` against golden folders: record modes, CI, tolerance
/// edges, stale, resized and LFS goldens, and the report files.
@Suite(.serialized)
struct GoldenEndToEndTests {
  /// 20 x 10 pt at scale 1, 10 fps, 0.2 s fade: frames 0, 1, 2.
  let scene =
    ##"{"name": "tiny", "size": [20, 10], "scale": 1, "fps": 10, "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"}, "transition": {"type": "fade", "duration": 0.2, "curve": "linear"}}"##

  func setUp() throws -> (TemporaryFolder, String) {
    let folder = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: folder.path + "/tmp", withIntermediateDirectories: true)
    return (folder, try folder.write("tiny.json", scene))
  }

  /// Runs `segue check` with its report in `folder/report` and the temporary folder (TMPDIR)
  /// inside `folder`, and expects that temporary folder empty afterwards: a check given
  /// --report leaves nothing in the temporary folder.
  func check(
    _ arguments: [String], in folder: TemporaryFolder, environment: [String: String?] = [:],
    sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> SegueProcess.Result {
    var variables = environment
    variables["TMPDIR"] = folder.path + "/tmp"
    let report = arguments.contains("--report") ? [] : ["--report", folder.path + "/report"]
    let result = try SegueProcess.run(["check"] + arguments + report, environment: variables)
    #expect(folder.files(in: "tmp").isEmpty, sourceLocation: sourceLocation)
    return result
  }

  func writePNG(_ pixmap: Pixmap, _ path: String) throws {
    try Data(PNGEncoder().encode(pixmap)).write(to: URL(fileURLWithPath: path))
  }

  @Test func missingGoldensAreRecordedOutsideCIAndTheRunStillFails() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    let first = try check([file, "--golden", golden], in: folder)
    #expect(first.status == 1)
    #expect(
      first.stdout
        == "recorded 3 goldens in \(golden)/tiny; run again to compare\ncheck: 0 of 3 frames match in 1 scene; 3 goldens recorded\n"
    )
    #expect(
      folder.files(in: "golden/tiny") == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "manifest.json"])
    let second = try check([file, "--golden", golden], in: folder)
    #expect(second.status == 0, "\(second.stdout)\(second.stderr)")
    #expect(second.stdout == "ok: tiny: 3 frames match\ncheck: 3 of 3 frames match in 1 scene\n")
  }

  /// `--shard I/N` splits the scenes as `batch --shard` does: scene k of the sorted folder goes
  /// to shard (k mod N) + 1, so the shards together check each scene once.
  @Test func shardsCheckEachSceneOnce() throws {
    let (folder, _) = try setUp()
    defer { folder.remove() }
    let names = (0..<5).map { "s\($0)" }
    for name in names {
      _ = try folder.write("scenes/\(name).json", scene.replacingOccurrences(of: "\"tiny\"", with: "\"\(name)\""))
    }
    let golden = folder.path + "/golden"
    var checked: [String] = []
    for index in 1...2 {
      let result = try check([folder.path + "/scenes", "--golden", golden, "--shard", "\(index)/2"], in: folder)
      #expect(result.status == 1, "\(result.stderr)")
      let recorded = folder.files(in: "golden").filter { !checked.contains($0) }
      // Shard 1: s0, s2, s4; shard 2: s1, s3.
      #expect(recorded == names.enumerated().filter { $0.offset % 2 == index - 1 }.map(\.element))
      checked += recorded
    }
    #expect(checked.sorted() == names)
    let empty = try check([folder.path + "/scenes/s0.json", "--golden", golden, "--shard", "2/2"], in: folder)
    #expect(empty.status == 0 && empty.stdout == "check: shard 2/2 has none of the 1 scene\n")
  }

  @Test func aCIRunNeverWritesAGolden() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    let ci = try check([file, "--golden", golden], in: folder, environment: ["CI": "true"])
    #expect(ci.status == 1)
    #expect(ci.stdout.hasSuffix("\ncheck: 0 of 3 frames match in 1 scene; 3 have no golden in 1 scene\n"))
    #expect(!ci.stdout.contains("recorded"))
    #expect(folder.files(in: "golden").isEmpty)
    let forced = try check([file, "--golden", golden, "--record", "all"], in: folder, environment: ["CI": "1"])
    #expect(forced.status == 1)
    #expect(forced.stderr.hasPrefix("warning: CI is set: --record all is ignored; a CI run never writes goldens\n"))
    #expect(folder.files(in: "golden").isEmpty)
    // CI=false is not CI.
    let local = try check([file, "--golden", golden, "--record", "never"], in: folder, environment: ["CI": "false"])
    #expect(local.status == 1 && folder.files(in: "golden").isEmpty)
  }

  @Test func aCIRunSaysHowToRecordTheMissingGoldens() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    // A folder name a shell must quote.
    let golden = folder.path + "/gold en's"
    let ci = try check([file, "--golden", golden, "--frames", "0,last"], in: folder, environment: ["CI": "true"])
    #expect(ci.status == 1)
    let command = "segue check \(file) --golden '\(folder.path)/gold en'\\''s' --frames 0,last --record missing"
    #expect(
      ci.stderr.hasPrefix(
        "  tiny: goldens are missing and a CI run never writes them; record them with CI unset, then commit them: "
          + command + "\n"))
    // The report's message for each missing frame, which is what a CI system shows, says it too.
    let junit = try String(contentsOfFile: folder.path + "/report/junit.xml", encoding: .utf8)
    let message =
      "tiny/frame_0002.png: no golden (\(golden)/tiny/frame_0002.png does not exist); record it with CI unset: "
      + command
    #expect(junit.contains(message.replacingOccurrences(of: "'", with: "&#39;")))
    // The command, run by a shell without CI, records exactly those goldens, and the CI run passes.
    let shell = Process()
    shell.executableURL = URL(fileURLWithPath: "/bin/sh")
    shell.arguments = ["-c", "\"$SEGUE\"" + command.dropFirst("segue".count) + " > /dev/null"]
    shell.environment = ProcessInfo.processInfo.environment.merging(["SEGUE": SegueProcess.binary]) { $1 }
    shell.environment?["CI"] = nil
    try shell.run()
    let deadline = ProcessDeadline(shell)
    shell.waitUntilExit()
    deadline.finish("sh " + (shell.arguments ?? []).joined(separator: " "))
    #expect(shell.terminationStatus == 1)  // recording still fails the run that records
    #expect(folder.files(in: "gold en's/tiny") == ["frame_0000.png", "frame_0002.png", "manifest.json"])
    #expect(try check([file, "--golden", golden], in: folder, environment: ["CI": "true"]).status == 0)
  }

  /// Under GitHub Actions a failing scene is also one `::error` workflow command on its scene
  /// file, its findings percent-encoded onto one line; elsewhere there is none.
  @Test func gitHubActionsGetAnAnnotationPerFailingScene() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    _ = try check([file, "--golden", golden, "--record", "all"], in: folder)
    try writePNG(
      Pixmap(width: 20, height: 10, fill: RGBA8(r: 255, g: 0, b: 0).premultiplied)!, golden + "/tiny/frame_0001.png")
    let annotated = try check(
      [file, "--golden", golden, "--record", "never"], in: folder, environment: ["GITHUB_ACTIONS": "true"])
    #expect(annotated.status == 1)
    let lines = annotated.stdout.split(separator: "\n").filter { $0.hasPrefix("::") }
    let annotation: String =
      "::error file=\(file),title=segue check%3A tiny differs from its goldens::frame_0001.png: 200 pixels differ "
      + "(100.00 %25), max channel difference 128 at (0, 0); allowed 0 pixels beyond a channel difference of 2"
      + "%0Are-record: segue check \(file) --golden \(golden) --record failed"
    #expect(lines == [Substring(annotation)], "\(annotated.stdout)")
    // GitHub sets CI too: the annotation still gives the command (to run where goldens are
    // written), and the log says it under the failure.
    let inCI = try check(
      [file, "--golden", golden], in: folder, environment: ["GITHUB_ACTIONS": "true", "CI": "true"])
    #expect(inCI.status == 1)
    #expect(
      inCI.stdout.split(separator: "\n").filter { $0.hasPrefix("::") } == [Substring(annotation)], "\(inCI.stdout)")
    let plain = try check([file, "--golden", golden, "--record", "never"], in: folder)
    #expect(plain.status == 1 && !plain.stdout.contains("::error"))
    #expect(
      plain.stdout.contains(
        "FAIL: tiny/frame_0001.png: 200 pixels differ (100.00 %), max channel difference 128 at (0, 0); allowed 0 "
          + "pixels beyond a channel difference of 2\n  re-record: segue check \(file) --golden \(golden) --record failed\n"
      ),
      "\(plain.stdout)")
  }

  /// A failing check does not write into the scene's goldens: a transition made longer (3 frames
  /// to 5) fails on its frame count, and its new last frame is not recorded beside the old
  /// goldens, so going back to the old scene passes again.
  @Test func aFailingSceneGetsNoMissingGoldensRecorded() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    #expect(try check([file, "--golden", golden], in: folder).status == 1)
    let goldens = folder.files(in: "golden/tiny")
    #expect(goldens == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "manifest.json"])
    let manifest = try String(contentsOfFile: golden + "/tiny/manifest.json", encoding: .utf8)
    _ = try folder.write("tiny.json", scene.replacingOccurrences(of: "\"duration\": 0.2", with: "\"duration\": 0.4"))
    let longer = try check([file, "--golden", golden], in: folder)
    #expect(longer.status == 1)
    #expect(folder.files(in: "golden/tiny") == goldens)
    #expect(try String(contentsOfFile: golden + "/tiny/manifest.json", encoding: .utf8) == manifest)
    #expect(
      longer.stdout.contains(
        "FAIL: tiny/frame_0004.png: no golden (\(golden)/tiny/frame_0004.png does not exist); not "
          + "recorded, as the scene's other goldens fail\n"), "\(longer.stdout)")
    #expect(
      longer.stdout.contains("  re-record: segue check \(file) --golden \(golden) --record all\n"), "\(longer.stdout)")
    _ = try folder.write("tiny.json", scene)
    let reverted = try check([file, "--golden", golden], in: folder)
    #expect(reverted.status == 0, "\(reverted.stdout)")
    // A scene without goldens still has them recorded on its first check.
    let other = try folder.write("fresh.json", scene.replacingOccurrences(of: "tiny", with: "fresh"))
    #expect(try check([other, "--golden", golden], in: folder).status == 1)
    #expect(folder.files(in: "golden/fresh").count == 4)
  }

  @Test func recordModesFailedAndAll() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    _ = try check([file, "--golden", golden, "--record", "all"], in: folder)
    // Break frame 1's golden: a solid red frame.
    try writePNG(
      Pixmap(width: 20, height: 10, fill: RGBA8(r: 255, g: 0, b: 0).premultiplied)!, golden + "/tiny/frame_0001.png")
    let never = try check([file, "--golden", golden, "--record", "never"], in: folder)
    #expect(never.status == 1)
    #expect(never.stdout.hasSuffix("\ncheck: 2 of 3 frames match in 1 scene; 1 differs in 1 scene\n"))
    #expect(
      never.stdout.contains(
        "FAIL: tiny/frame_0001.png: 200 pixels differ (100.00 %), max channel difference 128 at (0, 0); allowed 0 pixels beyond a channel difference of 2\n"
      ))
    // `missing` leaves a failing golden alone.
    _ = try check([file, "--golden", golden], in: folder)
    #expect(try decodePNGFile(golden + "/tiny/frame_0001.png")[0, 0].r == 255)
    let failed = try check([file, "--golden", golden, "--record", "failed"], in: folder)
    #expect(failed.status == 1 && failed.stdout.contains("recorded the new golden"))
    // The summary counts what it recorded, as the first recording's does.
    #expect(
      failed.stdout.hasSuffix("\ncheck: 2 of 3 frames match in 1 scene; 1 differs in 1 scene; 1 golden recorded\n"))
    let after = try check([file, "--golden", golden], in: folder)
    #expect(after.status == 0)
  }

  @Test func staleResizedAndLFSGoldens() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    _ = try check([file, "--golden", golden, "--record", "all"], in: folder)
    // Goldens past its end put beside them (its manifest still says 3 frames): frames 0-2 match,
    // 7 and 9 are past its end.
    try writePNG(Pixmap(width: 20, height: 10)!, golden + "/tiny/frame_0007.png")
    try writePNG(Pixmap(width: 20, height: 10)!, golden + "/tiny/frame_0009.png")
    let stale = try check([file, "--golden", golden], in: folder)
    #expect(stale.status == 1)
    #expect(
      stale.stdout == """
        FAIL: tiny: 2 goldens past the last frame (frame_0007.png, frame_0009.png)
          re-record: segue check \(file) --golden \(golden) --record all
        check: 3 of 3 frames match in 1 scene; frame count changed in 1 scene

        """)
    let removed = try check([file, "--golden", golden, "--record", "all"], in: folder)
    #expect(removed.status == 1 && removed.stdout.contains("(frame_0007.png, frame_0009.png); removed them\n"))
    #expect(
      folder.files(in: "golden/tiny") == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "manifest.json"])
    let resized = try check([file, "--golden", golden, "--scale", "2"], in: folder)
    #expect(resized.status == 1)
    #expect(resized.stdout.contains("FAIL: tiny/frame_0000.png: size differs: expected 20x10, actual 40x20"))
    try "version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n".write(
      toFile: golden + "/tiny/frame_0002.png", atomically: true, encoding: .utf8)
    let lfs = try check([file, "--golden", golden], in: folder)
    #expect(lfs.status == 2)
    #expect(
      lfs.stderr.contains(
        "error: \(golden)/tiny/frame_0002.png: is a Git LFS pointer, not a PNG: the golden was not fetched (run 'git lfs pull')"
      ))
  }

  @Test func goldensAreNeverLost() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    _ = try check([file, "--golden", golden, "--record", "all"], in: folder)
    // A Git LFS pointer is a golden that was not fetched: no record mode replaces it.
    let pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:0\nsize 1\n"
    _ = try folder.write("golden/tiny/frame_0001.png", pointer)
    for mode in ["failed", "all"] {
      let result = try check([file, "--golden", golden, "--record", mode], in: folder)
      #expect(result.status == 2, "\(mode)")
      #expect(try String(contentsOfFile: golden + "/tiny/frame_0001.png", encoding: .utf8) == pointer, "\(mode)")
    }
    // A corrupt golden is an input problem: `failed` leaves it, only `all` replaces it.
    _ = try folder.write("golden/tiny/frame_0001.png", "not a png")
    #expect(try check([file, "--golden", golden, "--record", "failed"], in: folder).status == 2)
    #expect(try String(contentsOfFile: golden + "/tiny/frame_0001.png", encoding: .utf8) == "not a png")
    _ = try check([file, "--golden", golden, "--record", "all"], in: folder)
    #expect(try decodePNGFile(golden + "/tiny/frame_0001.png").width == 20)
    // Two scenes with one name would share a folder: refused before anything is written.
    let twin = try folder.write("twin.json", scene.replacingOccurrences(of: "#FFFFFF", with: "#FF0000"))
    let before = folder.files(in: "golden/tiny")
    let twins = try check([file, twin, "--golden", golden, "--record", "all"], in: folder)
    #expect(twins.status == 2)
    #expect(
      twins.stderr
        == "error: \(twin): scene name 'tiny' is also the name of \(file); each scene needs its own golden folder\n")
    #expect(folder.files(in: "golden/tiny") == before)
  }

  @Test func aRunWithoutReportLeavesNothingBehind() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    let temporary: [String: String?] = ["TMPDIR": folder.path + "/tmp"]
    // Recording the goldens and then matching them need no report: nothing is left behind.
    #expect(try SegueProcess.run(["check", file, "--golden", golden], environment: temporary).status == 1)
    #expect(try SegueProcess.run(["check", file, "--golden", golden], environment: temporary).status == 0)
    #expect(folder.files(in: "tmp").isEmpty)
    // A failing run without --report says how to see the pictures, and writes none.
    try writePNG(Pixmap(width: 20, height: 10)!, golden + "/tiny/frame_0000.png")
    let failing = try SegueProcess.run(["check", file, "--golden", golden], environment: temporary)
    #expect(failing.status == 1)
    #expect(
      failing.stderr.hasSuffix("to see the frames side by side, run again with --report DIR\n"), "\(failing.stderr)")
    #expect(folder.files(in: "tmp").isEmpty)
    #expect(folder.files(in: "") == ["golden", "tiny.json", "tmp"])
  }

  /// After `--record failed` or `--record all` the failures are settled: no advice to look at a
  /// report. The command that re-records a scene keeps the `--frames` its goldens were recorded
  /// with (their manifest remembers it), since `25%` is another frame once the frame count changes.
  @Test func reRecordingKeepsTheGoldensFrames() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("fade.json", fade(0.5))
    let golden = folder.path + "/golden"
    let recorded = try SegueProcess.run(
      ["check", file, "--golden", golden, "--frames", "0,25%,50%,last", "--record", "all"])
    #expect(recorded.status == 1, "\(recorded.stderr)")
    #expect(folder.files(in: "golden/fade").filter { $0.hasSuffix(".png") }.count == 4)
    // Longer now: the frame count changes, and the advice re-records with the same frames.
    _ = try folder.write("fade.json", fade(0.6))
    let changed = try SegueProcess.run(["check", file, "--golden", golden, "--report", folder.path + "/report"])
    #expect(changed.status == 1)
    let command = "segue check \(file) --golden \(golden) --frames 0,25%,50%,last --record all"
    let json =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/report/report.json")))
      as! [String: Any]
    #expect((json["scenes"] as! [[String: Any]])[0]["record"] as? String == command, "\(json)")
    // Re-recorded as advised: settled, so no advice to run again with a report.
    let rerecorded = try SegueProcess.run(
      ["check", file, "--golden", golden, "--frames", "0,25%,50%,last", "--record", "all"])
    #expect(!rerecorded.stderr.contains("--report"), "\(rerecorded.stderr)")
    #expect(
      folder.files(in: "golden/fade").filter { $0.hasSuffix(".png") }.sorted() == [
        "frame_0000.png", "frame_0009.png", "frame_0018.png", "frame_0036.png",
      ])
    #expect(try SegueProcess.run(["check", file, "--golden", golden]).status == 0)
    // A frame re-recorded with --record failed is settled too.
    try writePNG(Pixmap(width: 20, height: 10)!, golden + "/fade/frame_0009.png")
    let failed = try SegueProcess.run(["check", file, "--golden", golden, "--record", "failed"])
    #expect(failed.status == 1)
    #expect(!failed.stderr.contains("--report"), "\(failed.stderr)")
    #expect(try SegueProcess.run(["check", file, "--golden", golden]).status == 0)
  }

  /// A fade of `duration` seconds at 60 fps.
  func fade(_ duration: Double) -> String {
    """
    {"name": "fade", "size": [20, 10], "scale": 1, "fps": 60, "from": {"background": "#000000"},
     "to": {"background": "#FFFFFF"}, "transition": {"type": "fade", "duration": \(duration), "curve": "linear"}}
    """
  }

  /// The frame convention: N = ceil(D·F − 1e-9), frames 0…N.
  static func frameCount(_ duration: Double, fps: Int) -> Int {
    Int((duration * Double(fps) - 1e-9).rounded(.up)) + 1
  }

  /// Key-frame goldens of a 0.6 s transition, checked after it got longer, shorter, and a
  /// little shorter with the same frame count: each is one finding with its time, and the new
  /// last frame is compared.
  @Test func aLongerOrShorterTransitionIsAFrameCountChange() throws {
    let (folder, _) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    let original = try folder.write("a/fade.json", fade(0.6))
    let recorded = Self.frameCount(0.6, fps: 60)  // 37: 0.6 s is exactly 36 frames
    #expect(recorded == 37)
    _ = try check([original, "--golden", golden, "--frames", "0,25%,50%,75%,last"], in: folder)
    let n = recorded - 1
    let keys = [0, Int((0.25 * Double(n)).rounded()), n / 2, Int((0.75 * Double(n)).rounded()), n]
    #expect(folder.files(in: "golden/fade") == keys.map { String(format: "frame_%04d.png", $0) } + ["manifest.json"])

    let longer = try folder.write("b/fade.json", fade(0.65))
    let grown = Self.frameCount(0.65, fps: 60)  // 40
    let long = try check([longer, "--golden", golden, "--record", "never"], in: folder)
    #expect(long.status == 1)
    #expect(long.stdout.contains("FAIL: fade: frame count \(recorded) -> \(grown): the transition is 0.05 s longer\n"))
    // The new last frame is compared (it has no golden), as is every key frame.
    #expect(long.stdout.contains(String(format: "FAIL: fade/frame_%04d.png: no golden", grown - 1)), "\(long.stdout)")

    let shorter = try folder.write("c/fade.json", fade(0.5))
    let shrunk = Self.frameCount(0.5, fps: 60)  // 31
    let short = try check([shorter, "--golden", golden, "--record", "never"], in: folder)
    #expect(short.status == 1)
    #expect(
      short.stdout.contains(
        "FAIL: fade: frame count \(recorded) -> \(shrunk): the transition is 0.1 s shorter; "
          + String(format: "1 golden past the last frame (frame_%04d.png)\n", n)), "\(short.stdout)")

    // 0.595 s still rounds up to 36 frames past the first, but the last one now shows 0.595 s.
    let slightly = try folder.write("d/fade.json", fade(0.595))
    #expect(Self.frameCount(0.595, fps: 60) == recorded)
    let retimed = try check([slightly, "--golden", golden, "--record", "never"], in: folder)
    #expect(retimed.status == 1)
    #expect(
      retimed.stdout.contains(
        String(
          format: "FAIL: fade: 1 golden shows another time than when recorded (frame_%04d.png: 0.6 s -> 0.595 s)", n)),
      "\(retimed.stdout)")
    // Recording them again ends the finding.
    _ = try check([slightly, "--golden", golden, "--record", "all"], in: folder)
    #expect(try check([slightly, "--golden", golden], in: folder).status == 0)
  }

  /// The default `--record missing` neither adds the frames a longer transition now has nor
  /// accepts its length: the next run, and CI's, still report the frame count change, until
  /// `--record failed` (or `all`) records it on purpose.
  @Test func recordingMissingFramesDoesNotAcceptANewLength() throws {
    let (folder, _) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    let original = try folder.write("a/fade.json", fade(0.6))
    _ = try check([original, "--golden", golden, "--record", "all", "--frames", "0,50%,last"], in: folder)
    let longer = try folder.write("b/fade.json", fade(0.65))
    let (before, after) = (Self.frameCount(0.6, fps: 60), Self.frameCount(0.65, fps: 60))  // 37 and 40
    let finding = "FAIL: fade: frame count \(before) -> \(after): the transition is 0.05 s longer\n"
    let first = try check([longer, "--golden", golden], in: folder)
    #expect(first.status == 1 && first.stdout.contains(finding), "\(first.stdout)")
    // Its new last frame is not recorded beside goldens that fail; the change is still a
    // finding, in CI too.
    #expect(!folder.files(in: "golden/fade").contains(String(format: "frame_%04d.png", after - 1)))
    let second = try check([longer, "--golden", golden], in: folder)
    #expect(second.status == 1 && second.stdout.contains(finding), "\(second.stdout)")
    let ci = try check([longer, "--golden", golden], in: folder, environment: ["CI": "true"])
    #expect(ci.status == 1 && ci.stdout.contains(finding), "\(ci.stdout)")
    _ = try check([longer, "--golden", golden, "--record", "failed"], in: folder)
    let accepted = try check([longer, "--golden", golden], in: folder)
    #expect(accepted.status == 0, "\(accepted.stdout)")
  }

  @Test func framesLimitWhatIsCompared() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    _ = try check([file, "--golden", golden, "--record", "all", "--frames", "0,last"], in: folder)
    #expect(folder.files(in: "golden/tiny") == ["frame_0000.png", "frame_0002.png", "manifest.json"])
    // The first and the last frame are always compared, whatever --frames says.
    let result = try check([file, "--golden", golden, "--frames", "last"], in: folder)
    #expect(result.status == 0 && result.stdout.hasPrefix("ok: tiny: 2 frames match"), "\(result.stdout)")
  }

  @Test func aFailureLeavesAReport() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    _ = try check([file, "--golden", golden, "--record", "all"], in: folder)
    try writePNG(
      Pixmap(width: 20, height: 10, fill: RGBA8(r: 255, g: 0, b: 0).premultiplied)!, golden + "/tiny/frame_0001.png")
    let report = folder.path + "/report"
    let result = try check([file, "--golden", golden, "--report", report], in: folder)
    #expect(result.status == 1)
    #expect(result.stderr.contains("report: \(report)/index.html"))
    // Scene images sit under scenes/, where no scene name can collide with the report's files.
    #expect(folder.files(in: "report") == ["index.html", "junit.xml", "report.json", "scenes"])
    // Only the failing frame has pictures of its own: expected, actual and the difference;
    // each frame of the failing scene has its thumbnail for the strip.
    #expect(
      folder.files(in: "report/scenes/tiny") == [
        "frame_0000.thumb.png", "frame_0001.actual.png", "frame_0001.diff.png", "frame_0001.expected.png",
        "frame_0001.thumb.png", "frame_0002.thumb.png",
      ])
    let diff = try decodePNGFile(report + "/scenes/tiny/frame_0001.diff.png")
    // Red golden against the mid grey of frame 1: the largest channel difference is 128 (the
    // summary's), shaded g = 200 · (1 − ln 129 / ln 256) = 24.7 -> 25.
    #expect(diff[5, 5] == RGBA8(r: 255, g: 25, b: 25).premultiplied)
    let json =
      try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: report + "/report.json")))
      as! [String: Any]
    let frames = (json["scenes"] as! [[String: Any]])[0]["frames"] as! [[String: Any]]
    #expect(frames.map { $0["status"] as! String } == ["pass", "fail", "pass"])
    #expect(frames[1]["differingPixels"] as? Int == 200)
    let junit = try String(contentsOfFile: report + "/junit.xml", encoding: .utf8)
    #expect(junit.contains("<testcase classname=\"tiny\" name=\"frame_0001.png\""))
    #expect(junit.contains("<failure message=\"tiny/frame_0001.png: 200 pixels differ"))
    // Each frame has its own case, timed: time="0.004", say.
    #expect(junit.components(separatedBy: "<testcase ").count - 1 == 3)
    #expect(
      junit.range(of: #"name="frame_0001.png" file="[^"]*" time="\d+\.\d{3}""#, options: .regularExpression) != nil)
    let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
    #expect(html.contains("frame_0001.png"))
    // Expected, actual and diff of the failing frame once each, and a thumbnail of each frame.
    #expect(html.components(separatedBy: "data:image/png;base64,").count - 1 == 3 + 3)
    // The re-record command, ready to copy, in report.json and on the page.
    let command = "segue check \(file) --golden \(golden) --record failed"
    #expect((json["scenes"] as! [[String: Any]])[0]["record"] as? String == command)
    #expect(html.contains(command))
  }

  @Test func aPassingRunWritesALightReport() throws {
    let (folder, file) = try setUp()
    defer { folder.remove() }
    let golden = folder.path + "/golden"
    _ = try check([file, "--golden", golden, "--record", "all"], in: folder)
    let report = folder.path + "/passing"
    // A failing run first, into the same folder; a file of the user's beside its pictures.
    let golden1 = try Data(contentsOf: URL(fileURLWithPath: golden + "/tiny/frame_0001.png"))
    try writePNG(Pixmap(width: 20, height: 10)!, golden + "/tiny/frame_0001.png")
    #expect(try check([file, "--golden", golden, "--report", report], in: folder).status == 1)
    #expect(folder.files(in: "passing/scenes/tiny").count == 3 + 3)  // three pictures, three thumbnails
    _ = try folder.write("passing/scenes/tiny/notes.txt", "mine")
    try golden1.write(to: URL(fileURLWithPath: golden + "/tiny/frame_0001.png"))
    #expect(try check([file, "--golden", golden, "--report", report], in: folder).status == 0)
    // The old failure's pictures are gone, the user's file is not.
    #expect(folder.files(in: "passing/scenes/tiny") == ["notes.txt"])
    try FileManager.default.removeItem(atPath: report + "/scenes")
    // No pictures: the page is a list of scenes, next to report.json and junit.xml.
    #expect(folder.files(in: "passing") == ["index.html", "junit.xml", "report.json"])
    let html = try String(contentsOfFile: report + "/index.html", encoding: .utf8)
    #expect(!html.contains("data:image") && !html.contains("<script") && html.contains("<li><b>tiny</b>"))
  }

  @Test func compareTwoFilesAtTheToleranceEdge() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let base = folder.path + "/a.png"
    try writePNG(Pixmap(width: 8, height: 8, fill: RGBA8(r: 100, g: 100, b: 100).premultiplied)!, base)
    try writePNG(
      Pixmap(width: 8, height: 8, fill: RGBA8(r: 102, g: 100, b: 100).premultiplied)!, folder.path + "/two.png")
    try writePNG(
      Pixmap(width: 8, height: 8, fill: RGBA8(r: 103, g: 100, b: 100).premultiplied)!, folder.path + "/three.png")
    #expect(try SegueProcess.run(["compare", base, folder.path + "/two.png"]).status == 0)
    let three = try SegueProcess.run(["compare", base, folder.path + "/three.png", "--diff", folder.path + "/d.png"])
    #expect(three.status == 1)
    #expect(
      three.stdout
        == "\(base) vs \(folder.path)/three.png: 64 pixels differ (100.00 %), max channel difference 3 at (0, 0); allowed 0 pixels beyond a channel difference of 2\n"
    )
    #expect(FileManager.default.fileExists(atPath: folder.path + "/d.png"))
    #expect(
      try SegueProcess.run(["compare", base, folder.path + "/three.png", "--channel-tolerance", "3"]).status == 0)
    #expect(try SegueProcess.run(["compare", base, folder.path + "/three.png", "--max-diff-pixels", "64"]).status == 0)
    #expect(try SegueProcess.run(["compare", base, folder.path + "/three.png", "--max-diff-ratio", "0.5"]).status == 1)
    try writePNG(Pixmap(width: 4, height: 8)!, folder.path + "/small.png")
    let size = try SegueProcess.run(["compare", base, folder.path + "/small.png"])
    #expect(size.status == 1 && size.stdout.contains("size differs: expected 8x8, actual 4x8"))
  }

  @Test func compareNamesInvalidInput() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let good = folder.path + "/a.png"
    try writePNG(Pixmap(width: 2, height: 2)!, good)
    let text = try folder.write("b.png", "not a png")
    let invalid = try SegueProcess.run(["compare", good, text])
    #expect(invalid.status == 2 && invalid.stderr == "error: \(text): not a PNG file\n")
    let missing = try SegueProcess.run(["compare", good, folder.path + "/none.png"])
    #expect(missing.status == 2 && missing.stderr == "error: \(folder.path)/none.png: no such file\n")
    let mixed = try SegueProcess.run(["compare", folder.path, good])
    #expect(mixed.status == 2)
  }

  @Test func compareFolders() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try FileManager.default.createDirectory(atPath: folder.path + "/x", withIntermediateDirectories: true)
    try FileManager.default.createDirectory(atPath: folder.path + "/y", withIntermediateDirectories: true)
    for name in ["frame_0000.png", "frame_0001.png"] {
      try writePNG(Pixmap(width: 3, height: 3, fill: RGBA8.white.premultiplied)!, folder.path + "/x/" + name)
      try writePNG(Pixmap(width: 3, height: 3, fill: RGBA8.white.premultiplied)!, folder.path + "/y/" + name)
    }
    // Everything matches: one line.
    let same = try SegueProcess.run(["compare", folder.path + "/x", folder.path + "/y"])
    #expect(same.status == 0 && same.stdout == "compare: 2 of 2 files match\n")
    try writePNG(Pixmap(width: 3, height: 3)!, folder.path + "/y/frame_0002.png")
    try writePNG(Pixmap(width: 3, height: 3)!, folder.path + "/y/frame_0001.png")
    let extra = try SegueProcess.run(["compare", folder.path + "/x", folder.path + "/y", "-q"])
    #expect(extra.status == 1)
    #expect(
      extra.stdout == """
        frame_0001.png: 9 pixels differ (100.00 %), max channel difference 255 at (0, 0); allowed 0 pixels beyond a channel difference of 2
        frame_0002.png: not in \(folder.path)/x
        compare: 1 of 3 files match; 1 differs, 1 is in only one folder

        """, "\(extra.stdout)")
  }
}
