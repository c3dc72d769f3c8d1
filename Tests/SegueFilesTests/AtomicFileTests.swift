import Foundation
import Testing

@testable import SegueFiles

/// The one writer: exclusive, unpredictable temporary names, never through a link, never over
/// anything but a regular file.
///
/// A class, so that its deinit removes each test's folder.
final class AtomicFileTests {
  let folder: String

  init() throws {
    folder = NSTemporaryDirectory() + "segue-atomic-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  deinit {
    try? FileManager.default.removeItem(atPath: folder)
  }

  func contents(_ path: String) -> String? {
    FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) }
  }

  @Test func writesTheBytesAndLeavesNoTemporaryFile() throws {
    let path = folder + "/out.txt"
    try AtomicFile.write(Array("hello".utf8), to: path)
    #expect(contents(path) == "hello")
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["out.txt"])
    try AtomicFile.write(Array("again".utf8), to: path)
    #expect(contents(path) == "again")
  }

  @Test func aLinkPlantedAtTheTemporaryNameIsNeverFollowed() throws {
    // The attacker guesses the first name: the writer must skip it, not write through it.
    let victim = folder + "/victim.txt"
    try "untouched".write(toFile: victim, atomically: false, encoding: .utf8)
    let planted = folder + "/" + AtomicFile.temporaryName(for: "out.png", token: "0000000000000001")
    try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
    let file = try AtomicFile(folder + "/out.png", tokens: ["0000000000000001", "0000000000000002"])
    #expect(file.temporaryPath.hasSuffix("0000000000000002-out.png"))
    try file.write(Array("frame".utf8))
    try file.commit()
    #expect(contents(victim) == "untouched")
    #expect(FileKind.at(folder + "/out.png") == .regular(size: 5))
    #expect(FileKind.at(planted) == .symbolicLink)
  }

  @Test func aLinkAtTheTargetIsRefusedNotReplaced() throws {
    let victim = folder + "/victim.txt"
    try "untouched".write(toFile: victim, atomically: false, encoding: .utf8)
    let target = folder + "/frame.png"
    try FileManager.default.createSymbolicLink(atPath: target, withDestinationPath: victim)
    #expect(
      throws: WriteError(
        path: target, action: "replace", reason: "it is a symbolic link, not a regular file; it was left as it is")
    ) {
      try AtomicFile.write(Array("x".utf8), to: target)
    }
    #expect(FileKind.at(target) == .symbolicLink)
    #expect(contents(victim) == "untouched")
  }

  @Test func aNamedPipeAndADeviceAreRefused() throws {
    let fifo = folder + "/pipe.png"
    #expect(mkfifo(fifo, 0o644) == 0)
    #expect(
      throws: WriteError(
        path: fifo, action: "replace", reason: "it is a named pipe (FIFO), not a regular file; it was left as it is")
    ) {
      try AtomicFile.write([1], to: fifo)
    }
    #expect(FileKind.at(fifo) == .fifo)
    #expect(
      throws: WriteError(
        path: "/dev/null", action: "replace",
        reason: "it is a character device, not a regular file; it was left as it is")
    ) {
      try AtomicFile.write([1], to: "/dev/null")
    }
    #expect(FileKind.at("/dev/null") == .characterDevice)
  }

  @Test func foldersAreCreatedWithSentencesForWhatGoesWrong() throws {
    try AtomicFile.write([1], to: folder + "/a/b/c.png")
    #expect(FileKind.at(folder + "/a/b/c.png") == .regular(size: 1))
    try "x".write(toFile: folder + "/file", atomically: false, encoding: .utf8)
    #expect(throws: WriteError(path: folder + "/file", action: "create folder", reason: "a file is in the way")) {
      try Folder.create(folder + "/file")
    }
    #expect(
      throws: WriteError(
        path: folder + "/file/x", action: "create folder", reason: "\(folder)/file is a file, not a folder")
    ) {
      try Folder.create(folder + "/file/x")
    }
    let long = folder + "/" + String(repeating: "n", count: 300)
    #expect(throws: WriteError(path: long, action: "create folder", reason: "the name is too long")) {
      try Folder.create(long)
    }
    #expect(
      WriteError(path: "out/x", action: "create folder", reason: "a file is in the way").description
        == "cannot create folder out/x: a file is in the way")
  }

  @Test func onlyNamesSeguesOwnPatternMakesAreTemporary() {
    let real = AtomicFile.temporaryName(for: "v.mp4", token: "0123456789abcdef")
    #expect(real == ".segue-tmp-0123456789abcdef-v.mp4")
    #expect(AtomicFile.isTemporaryName(real))
    #expect(AtomicFile.isTemporaryName(".segue-tmp-0123456789abcdef-f00d-new-frame_0001.png"))
    for name in [
      ".segue-tmp-mine", ".segue-tmp-0123456789ABCDEF-v.mp4", ".segue-tmp-0123456789abcde-v.mp4",
      ".segue-tmp-0123456789abcdefa-v.mp4", ".segue-tmp-0123456789abcdef-", ".segue-tmp-0123456789abcdefv.mp4",
      "segue-tmp-0123456789abcdef-v.mp4",
    ] {
      #expect(!AtomicFile.isTemporaryName(name), "\(name)")
    }
    #expect(AtomicFile.isTemporaryName(real, for: "v.mp4"))
    #expect(!AtomicFile.isTemporaryName(real, for: "w.mp4"))
    #expect(!AtomicFile.isTemporaryName(".segue-tmp-0123456789abcdef-new-v.mp4", for: "v.mp4"))
  }

  @Test func leftoversBesideATargetAreRemovedButNotALiveWritersOrAUsersFile() throws {
    let target = folder + "/v.mp4"
    let stale = folder + "/" + AtomicFile.temporaryName(for: "v.mp4", token: "00000000000000aa")
    #expect(FileManager.default.createFile(atPath: stale, contents: Data("half".utf8)))
    for name in [".segue-tmp-mine", AtomicFile.temporaryName(for: "other.mp4", token: "00000000000000bb")] {
      #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("keep".utf8)))
    }
    // A file being written right now (its writer holds the lock) stays.
    let live = try AtomicFile(target)
    #expect(AtomicFile.removeLeftovers(of: target) == 1)
    let left = try FileManager.default.contentsOfDirectory(atPath: folder).sorted()
    #expect(
      left
        == [
          ".segue-tmp-00000000000000bb-other.mp4", ".segue-tmp-mine", Folder.name(of: live.temporaryPath),
        ].sorted())
    try live.write(Array("done".utf8))
    try live.commit()
    #expect(contents(target) == "done")
  }

  @Test func aFrameFolderRemovesOnlyItsOwnLeftovers() throws {
    let leftover = ".segue-tmp-0123456789abcdef-f00d-new-frame_0000.png"
    for name in [leftover, ".segue-tmp-mine"] {
      #expect(FileManager.default.createFile(atPath: folder + "/" + name, contents: Data("x".utf8)))
    }
    #expect(FrameFolder.removeLeftovers(folder) == 1)
    #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [".segue-tmp-mine"])
  }
}
