import Foundation
import Testing

/// A deadline for a program a test runs: past it the program is killed (SIGKILL) and the test
/// fails saying so, so a run that hangs (a helper left waiting on itself, say) costs minutes at
/// most instead of stalling the suite for ever.
final class ProcessDeadline: @unchecked Sendable {
  /// Long enough for the slowest run of the suite on a loaded machine (a debug build of segue
  /// rendering many frames), short enough for CI.
  static let seconds: Double = 300

  private let lock = NSLock()
  private var killed = false
  private let timer: DispatchWorkItem

  /// Starts the clock for `process`, which must be running.
  convenience init(_ process: Process) {
    self.init(pid: process.processIdentifier) { process.isRunning }
  }

  /// Starts the clock for the child `pid`, which must not be reaped before `finish` (so its
  /// number cannot have been reused when the clock runs out); `isRunning` says whether it is.
  init(pid: pid_t, isRunning: @escaping @Sendable () -> Bool) {
    var fire: (() -> Void)?
    timer = DispatchWorkItem { fire?() }
    fire = { [unowned self] in
      lock.withLock {
        guard isRunning() else { return }
        killed = kill(pid, SIGKILL) == 0
      }
    }
    DispatchQueue.global().asyncAfter(deadline: .now() + ProcessDeadline.seconds, execute: timer)
  }

  /// Stops the clock once the program has ended; records an issue naming `what` when it had to
  /// be killed.
  func finish(_ what: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
    timer.cancel()
    if lock.withLock({ killed }) {
      Issue.record(
        Comment(rawValue: "\(what()) was still running after \(Int(ProcessDeadline.seconds)) s; it was killed"),
        sourceLocation: sourceLocation)
    }
  }
}
