import Foundation
import Testing

@testable import SegueFiles

/// Many helpers started at once while other threads open, close and spawn (Foundation's
/// `Process`, as the end-to-end tests do): each child must get its own streams and nothing
/// else, whatever the other threads do meanwhile.
struct ChildProcessStressTests {
  /// A flag one thread sets and others read.
  final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
  }

  /// Lines collected from many threads.
  final class Lines: @unchecked Sendable {
    private let lock = NSLock()
    private var values: [String] = []
    var all: [String] { lock.withLock { values } }
    func add(_ line: String) { lock.withLock { values.append(line) } }
  }

  /// Threads that, until `stop` is set, write and read files and run /bin/true through
  /// Foundation's `Process` (which makes its pipes and sockets without close-on-exec).
  static func churn(_ count: Int, until stop: Flag) -> [Thread] {
    (0..<count).map { index in
      Thread {
        let folder = NSTemporaryDirectory() + "segue-churn-\(UUID().uuidString)"
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        while !stop.isSet {
          if let file = try? AtomicFile(folder + "/file\(index)") {
            try? file.write([1, 2, 3])
            try? file.commit()
          }
          _ = try? FileReader.read(folder + "/file\(index)", limit: 100, what: "a file")
          let process = Process()
          process.executableURL = URL(fileURLWithPath: "/bin/true")
          process.standardOutput = Pipe()
          if (try? process.run()) != nil { process.waitUntilExit() }
        }
      }
    }
  }

  @Test func concurrentChildrenEachGetTheirOwnStreams() {
    Watchdog.run(seconds: 60) {
      let stop = Flag()
      let failures = Lines()
      let threads = ChildProcessStressTests.churn(3, until: stop)
      for thread in threads { thread.start() }
      defer { stop.set() }
      DispatchQueue.concurrentPerform(iterations: 6) { spawner in
        for round in 0..<20 {
          let chunk = (0..<16384).map { UInt8(truncatingIfNeeded: $0 &* (spawner + 3) &+ round) }
          var left = 3
          do {
            let result = try ChildProcess.run("/bin/cat", [], keepOutput: true) { () -> [UInt8]? in
              left -= 1
              return left >= 0 ? chunk : nil
            }
            if result.status != 0 || result.output != chunk + chunk + chunk {
              failures.add("spawner \(spawner), round \(round): status \(result.status), \(result.output.count) bytes")
            }
          } catch {
            failures.add("spawner \(spawner), round \(round): \(error)")
          }
        }
      }
      #expect(failures.all == [])
    }
  }

  @Test func aHangingChildFailsTheTestWithinItsDeadline() throws {
    let started = Date()
    var message: String?
    // A child that would never end on its own, as the hang's did.
    func hang() throws {
      let result = try ChildProcess.run("/bin/sh", ["-c", "exec sleep 600"], keepOutput: false) { nil }
      #expect(result.status == 128 + SIGKILL)
    }
    try Watchdog.run(seconds: 2, failure: { message = $0 }, hang)
    let said = try #require(message)
    #expect(said.hasPrefix("still running after 2 s; killed its children: process "), "\(said)")
    #expect(Date().timeIntervalSince(started) < 10)
  }

  @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/fd"), "lists descriptors through /proc"))
  func aChildGetsOnlyItsThreeStandardStreams() throws {
    // A pipe made the plain way (not close-on-exec), as libraries in the same process do.
    var leaked: [Int32] = [-1, -1]
    #expect(pipe(&leaked) == 0)
    defer { for descriptor in leaked { close(descriptor) } }
    try Watchdog.run(seconds: 30) {
      // The shell's own descriptors ($$ is the shell; ls opens its folder in a process of its own).
      let result = try ChildProcess.run("/bin/sh", ["-c", "ls /proc/$$/fd"], keepOutput: true) { nil }
      #expect(result.status == 0)
      #expect(String(decoding: result.output, as: UTF8.self) == "0\n1\n2\n")
    }
  }
}
