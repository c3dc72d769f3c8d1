import FoundationEssentials
import Glibc
import SegueRender

/// Where a command's output goes: results to `out`, diagnostics to `err`.
///
/// A class so tests can capture both; the real one writes to the process's streams.
public final class Console: @unchecked Sendable {
  private let lock = Lock()
  private let writeOut: @Sendable (String) -> Void
  private let writeErr: @Sendable (String) -> Void
  /// True when stderr is a terminal: a redrawn progress line is wanted there.
  public let errorIsTerminal: Bool
  private var progressShown = false

  public init(
    out: @escaping @Sendable (String) -> Void, err: @escaping @Sendable (String) -> Void,
    errorIsTerminal: Bool
  ) {
    self.writeOut = out
    self.writeErr = err
    self.errorIsTerminal = errorIsTerminal
  }

  /// The process's stdout and stderr.
  public static func standard() -> Console {
    Console(
      out: { text in Console.write(text, to: 1) },
      err: { text in Console.write(text, to: 2) },
      errorIsTerminal: isatty(2) == 1)
  }

  /// Writes all of `text` to a file descriptor.
  static func write(_ text: String, to descriptor: Int32) {
    var bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
      let result = bytes.withUnsafeMutableBytes { Glibc.write(descriptor, $0.baseAddress! + done, $0.count - done) }
      if result < 0 {
        if errno == EINTR { continue }
        return
      }
      done += result
    }
    bytes.removeAll()
  }

  /// A result line on stdout.
  public func print(_ line: String) {
    lock.lock()
    defer { lock.unlock() }
    clearProgressLocked()
    writeOut(line + "\n")
  }

  /// `error: MESSAGE` on stderr.
  public func error(_ message: String) {
    lock.lock()
    defer { lock.unlock() }
    clearProgressLocked()
    writeErr("error: " + message + "\n")
  }

  /// `warning: MESSAGE` on stderr.
  public func warning(_ message: String) {
    lock.lock()
    defer { lock.unlock() }
    clearProgressLocked()
    writeErr("warning: " + message + "\n")
  }

  /// A line on stderr with no prefix (usage hints).
  public func note(_ line: String) {
    lock.lock()
    defer { lock.unlock() }
    clearProgressLocked()
    writeErr(line + "\n")
  }

  /// Redraws the progress line (only on a terminal).
  public func progress(_ line: String) {
    guard errorIsTerminal else { return }
    lock.lock()
    defer { lock.unlock() }
    writeErr("\r\u{1B}[K" + line)
    progressShown = true
  }

  /// Removes the progress line, if one is shown.
  public func endProgress() {
    lock.lock()
    defer { lock.unlock() }
    clearProgressLocked()
  }

  private func clearProgressLocked() {
    if progressShown {
      writeErr("\r\u{1B}[K")
      progressShown = false
    }
  }
}

