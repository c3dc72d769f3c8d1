import Foundation
import Testing

@testable import SegueFiles

/// Sizes are checked before bytes are read; what is not a regular file is named.
struct FileReaderTests {
  @Test func aHugeSparseFileIsRefusedByItsSize() throws {
    let path = NSTemporaryDirectory() + "segue-huge-\(UUID().uuidString).json"
    #expect(FileManager.default.createFile(atPath: path, contents: nil))
    defer { unlink(path) }
    #expect(truncate(path, 2 << 30) == 0)  // 2 GiB of nothing, taking no disk space
    #expect(throws: ReadError(path: path, reason: "is 2 GiB; a scene may be at most 16 MiB")) {
      try FileReader.read(path, limit: FileReader.sceneLimit, what: "a scene")
    }
  }

  @Test func specialFilesSayWhatTheyAre() throws {
    #expect(throws: ReadError(path: "/dev/zero", reason: "is a character device, not a file")) {
      try FileReader.read("/dev/zero", limit: 100, what: "a scene")
    }
    #expect(throws: ReadError(path: "/dev/null", reason: "is a character device, not a file")) {
      try FileReader.read("/dev/null", limit: 100, what: "a scene")
    }
    let fifo = NSTemporaryDirectory() + "segue-fifo-\(UUID().uuidString)"
    #expect(mkfifo(fifo, 0o644) == 0)
    defer { unlink(fifo) }
    // Opening a pipe with no writer would block a plain read forever.
    #expect(throws: ReadError(path: fifo, reason: "is a named pipe (FIFO), not a file")) {
      try FileReader.read(fifo, limit: 100, what: "a scene")
    }
    #expect(throws: ReadError(path: "/", reason: "is a folder, not a file")) {
      try FileReader.read("/", limit: 100, what: "a scene")
    }
    #expect(throws: ReadError(path: "/no/such/file", reason: "no such file")) {
      try FileReader.read("/no/such/file", limit: 100, what: "a scene")
    }
  }

  @Test func smallAndEmptyFilesAreReadWhole() throws {
    let path = NSTemporaryDirectory() + "segue-small-\(UUID().uuidString)"
    defer { unlink(path) }
    #expect(FileManager.default.createFile(atPath: path, contents: Data()))
    #expect(try FileReader.read(path, limit: 10, what: "a scene") == [])
    #expect(FileManager.default.createFile(atPath: path, contents: Data([1, 2, 3])))
    #expect(try FileReader.read(path, limit: 3, what: "a scene") == [1, 2, 3])
    #expect(throws: ReadError(path: path, reason: "is 3 bytes; a scene may be at most 2 bytes")) {
      try FileReader.read(path, limit: 2, what: "a scene")
    }
  }
}
