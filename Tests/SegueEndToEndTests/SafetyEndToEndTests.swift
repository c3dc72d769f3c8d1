import Foundation
import Testing

/// What a hostile or unlucky user can do to an output folder, and what Segue must leave behind:
/// planted links, special files, kills at every phase of a render, two renders at once, huge
/// inputs, goldens that must not be lost.
struct SafetyEndToEndTests {
  /// 40 × 30 px, 6 frames, black to white.
  static let small = ##"""
    {"name": "small", "size": [40, 30], "scale": 1, "fps": 10,
     "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"},
     "transition": {"type": "fade", "duration": 0.5, "curve": "linear"}}
    """##
  /// 50 × 20 px, 9 frames: every one of its frames is told apart from `small`'s by its size.
  static let other = ##"""
    {"name": "other", "size": [50, 20], "scale": 1, "fps": 10,
     "from": {"background": "#FF0000"}, "to": {"background": "#0000FF"},
     "transition": {"type": "fade", "duration": 0.8, "curve": "linear"}}
    """##

  /// The frame names in a folder, and what its manifest lists (nil: no manifest).
  static func state(_ folder: String) throws -> (frames: [String], listed: [String]?, size: (Int, Int)?) {
    let names = try FileManager.default.contentsOfDirectory(atPath: folder)
    let frames = names.filter { $0.hasPrefix("frame_") }.sorted()
    guard let data = FileManager.default.contents(atPath: folder + "/manifest.json") else { return (frames, nil, nil) }
    let manifest = try JSONSerialization.jsonObject(with: data) as! [String: Any]
    let listed = (manifest["frames"] as! [[String: Any]]).map { $0["file"] as! String }.sorted()
    return (frames, listed, (manifest["width"] as! Int, manifest["height"] as! Int))
  }

  /// The folder's rule: when a manifest exists, the frames are exactly those it lists, and all
  /// of them are from the render it describes (their size is its size).
  static func expectConsistent(_ folder: String, _ label: String) throws {
    let (frames, listed, size) = try state(folder)
    guard let listed, let size else { return }
    #expect(frames == listed, "\(label)")
    for name in frames {
      let frame = try decodePNGFile(folder + "/" + name)
      #expect(frame.width == size.0 && frame.height == size.1, "\(label): \(name)")
    }
  }

  static func leftovers(_ folder: String) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasPrefix(".segue") }.sorted()
  }

  @Test func aRenderRemovesOnlyNamesSeguesOwnPatternMakes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let out = folder.path + "/out"
    let small = try folder.write("small.json", Self.small)
    _ = try folder.write("out/.segue-tmp-mine", "the user's own")
    _ = try folder.write("out/.segue-tmp-0123456789abcdef-f00d-new-frame_0000.png", "a stopped run's frame")
    let result = try SegueProcess.run(["render", small, "-o", out, "-q"])
    #expect(result.status == 0)
    #expect(result.stderr == "warning: \(out): removed 1 temporary file a stopped run left\n")
    #expect(try Self.leftovers(out) == [".segue-tmp-mine"])
    #expect(try String(contentsOfFile: out + "/.segue-tmp-mine", encoding: .utf8) == "the user's own")
  }

  @Test(arguments: [
    "folder.locked", "frames.written@3", "commit.aside@2", "commit.aside@4", "commit.renamed@1", "commit.renamed@5",
    "commit.manifest",
  ])
  func aKillAtAnyPhaseLeavesAConsistentFolder(point: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let out = folder.path + "/out"
    let small = try folder.write("small.json", Self.small)
    let other = try folder.write("other.json", Self.other)
    #expect(try SegueProcess.run(["render", small, "-o", out]).status == 0)
    let killed = try SegueProcess.run(["render", other, "-o", out], environment: ["SEGUE_FAILPOINT": "\(point)=kill"])
    #expect(killed.signal == SIGKILL, "\(point): \(killed.stderr)")
    try Self.expectConsistent(out, "after a kill at \(point)")
    if point.hasPrefix("commit.aside") || point.hasPrefix("commit.renamed") {
      // Killed while committing: no manifest, and the next run says so.
      #expect(try Self.state(out).listed == nil, "\(point)")
    }
    // The next run repairs, removes leftovers and renders.
    let next = try SegueProcess.run(["render", other, "-o", out])
    #expect(next.status == 0, "\(point): \(next.stderr)")
    if point.hasPrefix("commit.aside") || point.hasPrefix("commit.renamed") {
      #expect(next.stderr.contains("the last render was stopped while it replaced the frames here"), "\(point)")
    }
    try Self.expectConsistent(out, "after the next run (\(point))")
    #expect(try Self.state(out).frames.count == 9)
    #expect(try Self.leftovers(out) == [], "\(point)")
  }

  @Test func aFailedCommitPutsThePreviousRenderBack() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let out = folder.path + "/out"
    let small = try folder.write("small.json", Self.small)
    #expect(try SegueProcess.run(["render", small, "-o", out]).status == 0)
    let before = try FileManager.default.contentsOfDirectory(atPath: out).sorted().map { name in
      (name, FileManager.default.contents(atPath: out + "/" + name))
    }
    let other = try folder.write("other.json", Self.other)
    let failed = try SegueProcess.run(
      ["render", other, "-o", out], environment: ["SEGUE_FAILPOINT": "commit.manifest-write=fail"])
    #expect(failed.status == 3)
    #expect(failed.stderr == "error: cannot write \(out)/manifest.json: the disk is full\n")
    let after = try FileManager.default.contentsOfDirectory(atPath: out).sorted().map { name in
      (name, FileManager.default.contents(atPath: out + "/" + name))
    }
    #expect(after.map(\.0) == before.map(\.0))
    #expect(zip(after, before).allSatisfy { $0.1 == $1.1 })
  }

  @Test func aFolderInTheWayOfOneFrameFailsTheRenderBeforeAnythingChanges() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let out = folder.path + "/out"
    let small = try folder.write("small.json", Self.small)
    #expect(try SegueProcess.run(["render", small, "-o", out]).status == 0)
    try FileManager.default.removeItem(atPath: out + "/frame_0005.png")
    try FileManager.default.createDirectory(atPath: out + "/frame_0005.png", withIntermediateDirectories: false)
    let manifest = FileManager.default.contents(atPath: out + "/manifest.json")
    let frame0 = FileManager.default.contents(atPath: out + "/frame_0000.png")
    let other = try folder.write("other.json", Self.other)
    let result = try SegueProcess.run(["render", other, "-o", out])
    #expect(result.status == 3)
    #expect(
      result.stderr
        == "error: cannot replace \(out)/frame_0005.png: it is a folder, not a regular file; it was left as it is\n")
    #expect(FileManager.default.contents(atPath: out + "/manifest.json") == manifest)
    #expect(FileManager.default.contents(atPath: out + "/frame_0000.png") == frame0)
    #expect(try Self.leftovers(out) == [])
  }

  @Test func linksAtTargetsAreRefusedAndNeverFollowed() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let out = folder.path + "/out"
    let victim = try folder.write("victim.txt", "precious")
    let small = try folder.write("small.json", Self.small)
    try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
    // The names an attacker could guess in the old scheme, and the real targets.
    let pid = getpid()
    for name in [".frame_0001.png.partial-\(pid + 1)", "manifest.json.partial-\(pid + 1)", "frame_0001.png"] {
      try FileManager.default.createSymbolicLink(atPath: out + "/" + name, withDestinationPath: victim)
    }
    let result = try SegueProcess.run(["render", small, "-o", out])
    #expect(result.status == 3)
    #expect(result.stderr.contains("cannot replace \(out)/frame_0001.png: it is a symbolic link"))
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
    #expect(FileManager.default.fileExists(atPath: out + "/manifest.json") == false)
    // A link at manifest.json is refused the same way.
    try FileManager.default.removeItem(atPath: out + "/frame_0001.png")
    try FileManager.default.createSymbolicLink(atPath: out + "/manifest.json", withDestinationPath: victim)
    let again = try SegueProcess.run(["render", small, "-o", out])
    #expect(again.status == 3 && again.stderr.contains("cannot replace \(out)/manifest.json: it is a symbolic link"))
    #expect(try String(contentsOfFile: victim, encoding: .utf8) == "precious")
  }

  @Test func specialFilesAsOutputsAreRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let small = try folder.write("small.json", Self.small)
    let fifo = folder.path + "/pipe.png"
    #expect(mkfifo(fifo, 0o644) == 0)
    let apng = try SegueProcess.run(["render", small, "-o", folder.path + "/out", "--apng", fifo])
    #expect(apng.status == 3)
    // Refused before the render: the frames were not written either.
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"))
    #expect(try SegueProcess.run(["render", small, "-o", folder.path + "/out"]).status == 0)
    #expect(
      apng.stderr
        == "error: cannot replace \(fifo): it is a named pipe (FIFO), not a regular file; it was left as it is\n")
    let sheet = try SegueProcess.run(["render", small, "-o", folder.path + "/out", "--sheet", "/dev/full"])
    #expect(sheet.status == 3)
    #expect(
      sheet.stderr
        == "error: cannot replace /dev/full: it is a character device, not a regular file; it was left as it is\n")
    let frame = folder.path + "/out/frame_0000.png"
    let diff = try SegueProcess.run(["compare", frame, frame, "--diff", fifo])
    #expect(diff.status == 3)
    var info = stat()
    #expect(lstat(fifo, &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
  }

  @Test func aSecondSegueIsRefusedWhileTheFirstWrites() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let out = folder.path + "/out"
    let small = try folder.write("small.json", Self.small)
    let other = try folder.write("other.json", Self.other)
    let first = try SegueProcess.start(
      ["render", small, "-o", out], environment: ["SEGUE_FAILPOINT": "folder.locked=sleep:3"])
    // Wait until the first holds the lock (its note names it).
    let note = out + "/.segue-writer"
    for _ in 0..<300 where !FileManager.default.fileExists(atPath: note) { usleep(10_000) }
    let second = try SegueProcess.run(["render", other, "-o", out])
    #expect(second.status == 3)
    #expect(
      second.stderr
        == "error: cannot write \(out): another segue (process \(first.pid)) is writing this folder; try again when it is done\n"
    )
    #expect(first.wait().status == 0)
    try Self.expectConsistent(out, "after two renders")
    #expect(try Self.state(out).size! == (40, 30))
    #expect(try Self.leftovers(out) == [])
  }

  @Test(arguments: [("sigint", Int32(130)), ("sigterm", Int32(143))])
  func aSignalRemovesThisRunsTemporaryFiles(signal: String, code: Int32) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let out = folder.path + "/out"
    let small = try folder.write("small.json", Self.small)
    #expect(try SegueProcess.run(["render", small, "-o", out]).status == 0)
    let manifest = FileManager.default.contents(atPath: out + "/manifest.json")
    let other = try folder.write("other.json", Self.other)
    let stopped = try SegueProcess.run(
      ["render", other, "-o", out, "--jobs", "1"], environment: ["SEGUE_FAILPOINT": "frames.written@3=\(signal)"])
    #expect(stopped.status == code && stopped.signal == nil)
    #expect(try Self.leftovers(out) == [])
    #expect(FileManager.default.contents(atPath: out + "/manifest.json") == manifest)
  }

  @Test func hugeInputsAreRefusedByTheirSizeWithLittleMemory() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let huge = folder.path + "/huge.json"
    #expect(FileManager.default.createFile(atPath: huge, contents: nil))
    #expect(truncate(huge, 2 << 30) == 0)
    let result = try SegueProcess.run(["validate", huge])
    #expect(result.status == 2 && result.stderr == "error: \(huge): is 2 GiB; a scene may be at most 16 MiB\n")
    let (status, kilobytes) = SegueProcess.peakMemory(["validate", huge])
    #expect(status == 2)
    // Unless the figure is only this test process's own peak (a large test run, under
    // ThreadSanitizer say), which the child inherits through posix_spawn: then it says nothing.
    if kilobytes > SegueProcess.ownPeakMemory() {
      #expect(kilobytes < 100_000, "peak resident memory \(kilobytes) KiB")
    }
    let png = folder.path + "/huge.png"
    #expect(FileManager.default.createFile(atPath: png, contents: nil))
    #expect(truncate(png, 2 << 30) == 0)
    let compare = try SegueProcess.run(["compare", png, png])
    #expect(compare.status == 2 && compare.stderr.contains("is 2 GiB; a PNG may be at most 256 MiB"))
  }

  @Test func invalidUTF8AndControlCharactersAreReportedSafely() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let bad = folder.path + "/bad.json"
    try Data(Array(#"{"name": "a"#.utf8) + [0xFF] + Array(#"", "size": [4, 4]}"#.utf8)).write(
      to: URL(fileURLWithPath: bad))
    let invalid = try SegueProcess.run(["validate", bad])
    #expect(invalid.status == 2)
    #expect(invalid.stderr == "error: \(bad): invalid JSON: line 1, column 12: invalid UTF-8 at byte 11 (0xFF)\n")
    let escape = try folder.write(
      "escape.json",
      #"{"name": "x\u001b[2Jy\u202e", "size": [4, 4], "from": {}, "to": {}, "transition": {"type": "fade"}}"#)
    let named = try SegueProcess.run(["validate", escape])
    #expect(named.status == 2)
    #expect(!named.stderr.contains("\u{1B}") && !named.stderr.contains("\u{202E}"))
    #expect(named.stderr.contains(#"got "x\u{1B}[2Jy\u{202E}""#))
    // Names are limited in bytes: 40 four-byte emoji are 40 characters but 160 bytes.
    let emoji = try folder.write(
      "emoji.json",
      #"{"name": "\#(String(repeating: "😀", count: 40))", "size": [4, 4], "from": {}, "to": {}, "transition": {"type": "fade"}}"#
    )
    #expect(try SegueProcess.run(["validate", emoji]).status == 2)
  }

  /// A link where Segue makes up a folder's name (a scene's frames, goldens or report pictures)
  /// is refused, never followed out of the folder the user gave.
  @Test func linksInPlaceOfFoldersSegueNamesAreRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let small = try folder.write("small.json", Self.small)
    let victim = folder.path + "/victim"
    try FileManager.default.createDirectory(atPath: victim, withIntermediateDirectories: true)
    for parent in ["OUT", "G", "out", "R/scenes"] {
      try FileManager.default.createDirectory(atPath: folder.path + "/" + parent, withIntermediateDirectories: true)
      try FileManager.default.createSymbolicLink(atPath: folder.path + "/\(parent)/small", withDestinationPath: victim)
    }
    let batch = try SegueProcess.run(["batch", small, "-o", "OUT"], in: folder.path)
    #expect(batch.status == 3 && batch.stderr.contains("OUT/small is a symbolic link"), "\(batch.stderr)")
    let render = try SegueProcess.run(["render", small], in: folder.path)
    #expect(render.status == 3 && render.stderr.contains("out/small is a symbolic link"), "\(render.stderr)")
    let record = try SegueProcess.run(["check", small, "--golden", "G", "--record", "all"], in: folder.path)
    #expect(record.status == 3 && record.stderr.contains("G/small is a symbolic link"), "\(record.stderr)")
    // A golden that differs, so the report writes pictures for it.
    try FileManager.default.removeItem(atPath: folder.path + "/G/small")
    let other = try folder.write("other.json", Self.other.replacingOccurrences(of: "other", with: "small"))
    #expect(try SegueProcess.run(["check", other, "--golden", "G", "--record", "all"], in: folder.path).status == 1)
    let report = try SegueProcess.run(["check", small, "--golden", "G", "--report", "R"], in: folder.path)
    #expect(report.status == 3 && report.stderr.contains("R/scenes/small is a symbolic link"), "\(report.stderr)")
    #expect(try FileManager.default.contentsOfDirectory(atPath: victim).isEmpty)
  }

  /// An output never replaces an input or another output of the same run.
  @Test func anOutputThatIsAnInputIsRefused() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let small = try folder.write("small.json", Self.small)
    let out = folder.path + "/out"
    #expect(try SegueProcess.run(["render", small, "-o", out]).status == 0)
    let manifest = try SegueProcess.run(["render", small, "-o", out, "--sheet", out + "/manifest.json"])
    #expect(manifest.status == 2)
    #expect(manifest.stderr.hasPrefix("error: --sheet \(out)/manifest.json is a file the render writes in \(out)"))
    let twice = try SegueProcess.run(
      ["render", small, "-o", out, "--apng", "p.png", "--sheet", "./p.png"], in: folder.path)
    #expect(twice.status == 2 && twice.stderr.hasPrefix("error: --apng and --sheet both name ./p.png"))
    let scene = try SegueProcess.run(["render", small, "-o", out, "--apng", small])
    #expect(scene.status == 2 && scene.stderr.hasPrefix("error: --apng \(small) would write over \(small)"))
    let golden = try Data(contentsOf: URL(fileURLWithPath: out + "/frame_0000.png"))
    let diff = try SegueProcess.run(["compare", out, out, "--diff", out])
    #expect(
      diff.status == 2 && diff.stderr.hasPrefix("error: --diff \(out) would write over \(out), which is compared"))
    // Through a link to the folder, too; and expand never writes over the scene it expands.
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/link", withDestinationPath: out)
    let linked = try SegueProcess.run(["compare", out, out, "--diff", folder.path + "/link"])
    #expect(linked.status == 2, "\(linked.stderr)")
    #expect(try Data(contentsOf: URL(fileURLWithPath: out + "/frame_0000.png")) == golden)
    let scenery = try String(contentsOfFile: small, encoding: .utf8)
    let expand = try SegueProcess.run(["expand", small, "-o", small])
    #expect(expand.status == 2 && expand.stderr.hasPrefix("error: --output \(small) would write over \(small)"))
    #expect(try String(contentsOfFile: small, encoding: .utf8) == scenery)
    try Self.expectConsistent(out, "after the refusals")
  }

  /// Something that is not a file in a golden's place is said to be what it is, not missing,
  /// and left alone.
  @Test func aGoldenThatIsNotAFileIsSaidSo() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let small = try folder.write("small.json", Self.small)
    let goldens = folder.path + "/G/small"
    try FileManager.default.createDirectory(atPath: goldens, withIntermediateDirectories: true)
    #expect(mkfifo(goldens + "/frame_0000.png", 0o644) == 0)
    let result = try SegueProcess.run(["check", small, "--golden", folder.path + "/G", "--record", "failed"])
    #expect(result.status == 2, "\(result.stderr)")
    #expect(
      result.stderr.hasPrefix(
        "error: \(goldens)/frame_0000.png: is a named pipe (FIFO), not a PNG file; a golden is a regular file\n"),
      "\(result.stderr)")
    var info = stat()
    #expect(lstat(goldens + "/frame_0000.png", &info) == 0 && (info.st_mode & S_IFMT) == S_IFIFO)
  }
}
