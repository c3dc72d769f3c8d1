import Dispatch
import SegueSync

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Every temporary file this process has made and not yet renamed or removed, so that SIGINT
/// and SIGTERM can remove them before the process exits (with 130 and 143), and every helper
/// process still running (ffmpeg), killed first so it cannot write a removed file back.
///
/// Files are created, renamed and removed under the registry's lock, so the signal handler,
/// which takes the same lock and never gives it back, sees each file either registered or gone.
/// While a folder commits its frames (renames that must not be cut in half) the handler waits:
/// it records the signal, and the commit exits when it is done.
public final class TemporaryFiles: Sendable {
  public static let shared = TemporaryFiles()

  private struct State {
    var paths: Set<String> = []
    /// Helper processes started and not yet reaped.
    var children: Set<pid_t> = []
    /// Commits under way; a signal that arrives meanwhile waits for them.
    var commits = 0
    /// The exit code of a signal that arrived during a commit.
    var pendingExit: Int32?
  }

  private let state = Guarded(State())

  /// Creates `path` exclusively (never through a link, never over anything) and registers it.
  /// Returns the descriptor, or -1 and the errno.
  public func create(_ path: String, mode: mode_t = 0o644) -> (descriptor: Int32, error: Int32) {
    state.withLock { state in
      let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
      if descriptor < 0 { return (-1, errno) }
      state.paths.insert(path)
      return (descriptor, 0)
    }
  }

  /// Renames the registered `path` to `target` and forgets it; returns 0 or the errno.
  public func rename(_ path: String, to target: String) -> Int32 {
    state.withLock { state in
      guard SystemCall.rename(path, target) == 0 else { return errno }
      state.paths.remove(path)
      return 0
    }
  }

  /// Removes the registered `path` (if it is still there) and forgets it.
  public func remove(_ path: String) {
    state.withLock { state in
      unlink(path)
      state.paths.remove(path)
    }
  }

  /// Registers a file made another way (a backup renamed aside) so a signal removes it too.
  public func adopt(_ path: String) {
    state.withLock { state in _ = state.paths.insert(path) }
  }

  /// Forgets `path` without touching it.
  public func forget(_ path: String) {
    state.withLock { state in _ = state.paths.remove(path) }
  }

  /// Starts a helper process with `spawn` (which returns its id, or -1) and registers it, under
  /// the lock, so a signal sees it either running and registered or not started.
  public func startChild(_ spawn: () -> pid_t) -> pid_t {
    state.withLock { state in
      let pid = spawn()
      if pid > 0 { state.children.insert(pid) }
      return pid
    }
  }

  /// The helper processes started and not yet reaped (for a test's watchdog).
  var runningChildren: [pid_t] {
    state.withLock { Array($0.children) }
  }

  /// Forgets a helper process that has ended (before it is reaped, so its id is not reused yet).
  public func forgetChild(_ pid: pid_t) {
    state.withLock { state in _ = state.children.remove(pid) }
  }

  /// Runs `body` with signals held back: a SIGINT or SIGTERM that arrives meanwhile takes
  /// effect when `body` returns.
  public func withSignalsDeferred<Result, Failure: Error>(
    _ body: () throws(Failure) -> Result
  ) throws(Failure) -> Result {
    state.withLock { $0.commits += 1 }
    defer {
      let pending: Int32? = state.withLock { state in
        state.commits -= 1
        return state.commits == 0 ? state.pendingExit : nil
      }
      if let pending { removeAllAndExit(pending) }
    }
    return try body()
  }

  /// Whether a signal has arrived during a commit and waits for it to end (for `Failpoint`).
  var exitIsPending: Bool {
    state.withLock { $0.pendingExit != nil }
  }

  /// Removes every registered file and ends the process with `code`, or, during a commit,
  /// leaves that to the commit.
  func removeAllAndExit(_ code: Int32) {
    state.withLock { state in
      if state.commits > 0 {
        state.pendingExit = code
        return
      }
      for pid in state.children {
        // The child's whole process group: its watcher too (see `ChildProcess.watcher`).
        kill(-pid, SIGKILL)
        while waitpid(pid, nil, 0) < 0 && errno == EINTR {}
      }
      for path in state.paths { unlink(path) }
      _exit(code)
    }
  }

  private static let sources = Guarded<[DispatchSourceSignal]>([])

  /// Makes SIGINT and SIGTERM remove this run's temporary files and exit with 128 + the signal.
  public static func installSignalHandlers() {
    let queue = DispatchQueue(label: "segue.signals")
    sources.withLock { sources in
      guard sources.isEmpty else { return }
      for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
        signal(signalNumber, SIG_IGN)
        let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: queue)
        source.setEventHandler { TemporaryFiles.shared.removeAllAndExit(128 + signalNumber) }
        source.resume()
        sources.append(source)
      }
    }
  }
}
