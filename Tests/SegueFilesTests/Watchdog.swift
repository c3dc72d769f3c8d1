import Foundation
import Testing

@testable import SegueFiles

/// A deadline for tests that start helper processes: a child that never ends (one left waiting
/// on itself, say) fails the test in seconds, naming what it held, instead of stalling the
/// whole suite.
enum Watchdog {
  /// What the watching thread found, read by the test once its body has returned.
  private final class Verdict: @unchecked Sendable {
    private let lock = NSLock()
    private var text: String?
    let finished = DispatchSemaphore(value: 0)
    var message: String? {
      get { lock.withLock { text } }
      set { lock.withLock { text = newValue } }
    }
  }

  /// Runs `body` (on the calling thread, so its expectations count for the test) while another
  /// thread watches the clock. Past `seconds` that thread notes every child that has been
  /// running for at least half of it (with its command and descriptors, on Linux; children of
  /// tests running alongside come and go far faster) and kills them and their process groups,
  /// which ends the body's wait for them; the test then fails saying so (or, when given,
  /// `failure` is told instead: the watchdog's own test). A body still stuck 10 s later is
  /// reported on its own.
  static func run(
    seconds: Double = 30, sourceLocation: SourceLocation = #_sourceLocation,
    failure: ((String) -> Void)? = nil, _ body: () throws -> Void
  ) rethrows {
    let verdict = Verdict()
    let watcher = Thread {
      let start = Date()
      var firstSeen: [pid_t: Date] = [:]
      while verdict.finished.wait(timeout: .now() + 0.1) == .timedOut {
        let now = Date()
        let running = Set(TemporaryFiles.shared.runningChildren)
        firstSeen = firstSeen.filter { running.contains($0.key) }
        for pid in running where firstSeen[pid] == nil { firstSeen[pid] = now }
        guard now.timeIntervalSince(start) >= seconds else { continue }
        let stuck = firstSeen.filter { now.timeIntervalSince($0.value) >= seconds / 2 }.keys.sorted()
        verdict.message =
          "still running after \(Int(seconds)) s; killed its children: "
          + (stuck.isEmpty ? "none" : stuck.map(describe).joined(separator: "; "))
        for pid in stuck {
          kill(-pid, SIGKILL)
          kill(pid, SIGKILL)
        }
        if verdict.finished.wait(timeout: .now() + 10) == .timedOut {
          Issue.record(
            "a test did not return 10 s after its children were killed: \(verdict.message ?? "")",
            sourceLocation: sourceLocation)
        }
        return
      }
    }
    watcher.start()
    defer {
      verdict.finished.signal()
      if let message = verdict.message {
        if let failure {
          failure(message)
        } else {
          Issue.record(Comment(rawValue: message), sourceLocation: sourceLocation)
        }
      }
    }
    try body()
  }

  /// A child's id, and on Linux its command line and open descriptors.
  private static func describe(_ pid: pid_t) -> String {
    let proc = "/proc/\(pid)"
    guard let command = FileManager.default.contents(atPath: proc + "/cmdline") else { return "process \(pid)" }
    let words = command.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
    let descriptors = ((try? FileManager.default.contentsOfDirectory(atPath: proc + "/fd")) ?? [])
      .sorted { (Int($0) ?? 0) < (Int($1) ?? 0) }
      .map { "\($0) -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: proc + "/fd/" + $0)) ?? "?") }
    return "process \(pid) (\(words.joined(separator: " "))) holding \(descriptors.joined(separator: ", "))"
  }
}
