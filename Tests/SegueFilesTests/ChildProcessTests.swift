import Foundation
import Testing

@testable import SegueFiles

/// Helper processes: found on a search path, fed and drained at once, their status and errors.
/// Every test that starts one runs under `Watchdog`, so a child that hangs fails it in seconds.
struct ChildProcessTests {
  /// Feeds `chunks` one at a time, then ends the input.
  final class Feeder {
    var chunks: [[UInt8]]
    init(_ chunks: [[UInt8]]) { self.chunks = chunks }
    func next() -> [UInt8]? { chunks.isEmpty ? nil : chunks.removeFirst() }
  }

  @Test func locateSearchesThePathInOrderForRegularExecutables() throws {
    let folder = NSTemporaryDirectory() + "segue-locate-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    for name in ["first", "second"] {
      try FileManager.default.createDirectory(atPath: folder + "/\(name)/tool", withIntermediateDirectories: true)
    }
    // A folder called "tool" in the first, a file that may not run in the second, then a real one.
    try FileManager.default.createDirectory(atPath: folder + "/third", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: folder + "/third/tool", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o644])
    try FileManager.default.createDirectory(atPath: folder + "/fourth", withIntermediateDirectories: true)
    _ = FileManager.default.createFile(
      atPath: folder + "/fourth/tool", contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
    let path = ["/nonexistent", folder + "/first", "", folder + "/third", folder + "/fourth/"].joined(separator: ":")
    #expect(ChildProcess.locate("tool", searchPath: path) == folder + "/fourth/tool")
    #expect(ChildProcess.locate("tool", searchPath: folder + "/first:" + folder + "/third") == nil)
    #expect(ChildProcess.locate("sh", searchPath: "/usr/bin:/bin") != nil)
    // An empty entry (the current folder) is never searched.
    #expect(ChildProcess.locate("tool", searchPath: "") == nil)
  }

  @Test func feedsTheInputAndKeepsTheOutputWithoutBlocking() throws {
    try Watchdog.run {
      // 4 MiB through cat: far more than a pipe holds, so both directions must flow at once.
      let chunk = (0..<65536).map { UInt8(truncatingIfNeeded: $0 &* 31) }
      let feeder = Feeder(Array(repeating: chunk, count: 64))
      let result = try ChildProcess.run("/bin/cat", [], keepOutput: true) { feeder.next() }
      #expect(result.status == 0)
      #expect(result.output.count == 64 * 65536)
      #expect(Array(result.output[65536..<(2 * 65536)]) == chunk)
      #expect(result.errors.isEmpty && result.lastErrorLine == nil)
    }
  }

  @Test func reportsTheExitStatusAndTheLastErrorLine() throws {
    try Watchdog.run {
      let result = try ChildProcess.run(
        "/bin/sh", ["-c", "echo first >&2; echo '  last words  ' >&2; echo >&2; exit 3"], keepOutput: false
      ) { nil }
      #expect(result.status == 3)
      #expect(result.lastErrorLine == "last words")
      #expect(result.output.isEmpty)
    }
  }

  @Test func aChildThatStopsReadingEndsTheRun() throws {
    try Watchdog.run {
      let feeder = Feeder(Array(repeating: [UInt8](repeating: 7, count: 65536), count: 64))
      let result = try ChildProcess.run("/bin/sh", ["-c", "head -c 10 >/dev/null; exit 4"], keepOutput: false) {
        feeder.next()
      }
      #expect(result.status == 4)
    }
  }

  @Test func aSignalShowsAs128PlusItsNumber() throws {
    try Watchdog.run {
      let result = try ChildProcess.run("/bin/sh", ["-c", "kill -TERM $$"], keepOutput: false) { nil }
      #expect(result.status == 128 + SIGTERM)
    }
  }

  @Test func anInputFailureKillsTheChildAndIsThrown() {
    Watchdog.run {
      let started = Date()
      let failure = WriteError(path: "frame_0003.png", action: "read back", reason: "no such file")
      #expect(throws: failure) {
        try ChildProcess.run("/bin/sh", ["-c", "sleep 30"], keepOutput: false) { () throws(WriteError) -> [UInt8]? in
          throw failure
        }
      }
      #expect(Date().timeIntervalSince(started) < 10)
    }
  }

  @Test func aProgramThatCannotStartIsAnError() {
    Watchdog.run {
      #expect(throws: WriteError(path: "/nonexistent/tool", action: "run", reason: "no such file or folder")) {
        try ChildProcess.run("/nonexistent/tool", [], keepOutput: false) { nil }
      }
    }
  }
}
