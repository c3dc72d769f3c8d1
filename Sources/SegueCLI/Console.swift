import SegueFiles
import SegueJSON
import SegueSync

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Where a command's output goes: results to `out`, diagnostics to `err`.
///
/// A class so tests can capture both; the real one writes to the process's streams. Every
/// message is one line and goes through `Console.safe`, so a scene name or a path with control
/// characters (a newline, an escape sequence, a right-to-left override) is shown escaped, never
/// acted on by the terminal nor read as a line of its own. Only `printText` keeps newlines, for
/// text Segue writes itself.
public final class Console: Sendable {
  /// Whether a progress line is on screen; the lock also keeps lines from interleaving.
  private let progressShown = Guarded(false)
  private let writeOut: @Sendable (String) -> Void
  private let writeErr: @Sendable (String) -> Void
  /// True when stderr is a terminal: a redrawn progress line is wanted there.
  public let errorIsTerminal: Bool

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
    let bytes = Array(text.utf8)
    var done = 0
    while done < bytes.count {
      let result = bytes.withUnsafeBytes { SystemCall.write(descriptor, $0.baseAddress! + done, $0.count - done) }
      if result < 0 {
        if errno == EINTR { continue }
        return
      }
      done += result
    }
  }

  /// `text` with every character a terminal would act on written as `\u{XXXX}`
  /// (`UnsafeText`): a path holding a newline must not start a line of its own.
  public static func safe(_ text: String) -> String { UnsafeText.shown(text) }

  /// A result line on stdout.
  public func print(_ line: String) {
    emit(Console.safe(line) + "\n", to: writeOut)
  }

  /// Several lines of text Segue wrote itself (help, JSON, listings) on stdout: its newlines
  /// are kept, everything else is made safe. Never for text that holds a path or a name.
  public func printText(_ text: String) {
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Console.safe(String($0)) }
    emit(lines.joined(separator: "\n") + "\n", to: writeOut)
  }

  /// `error: MESSAGE` on stderr.
  public func error(_ message: String) {
    emit("error: " + Console.safe(message) + "\n", to: writeErr)
  }

  /// `warning: MESSAGE` on stderr.
  public func warning(_ message: String) {
    emit("warning: " + Console.safe(message) + "\n", to: writeErr)
  }

  /// A line on stderr with no prefix (usage hints).
  public func note(_ line: String) {
    emit(Console.safe(line) + "\n", to: writeErr)
  }

  private func emit(_ text: String, to write: @Sendable (String) -> Void) {
    progressShown.withLock { shown in
      if shown {
        writeErr("\r\u{1B}[K")
        shown = false
      }
      write(text)
    }
  }

  /// Redraws the progress line (only on a terminal).
  public func progress(_ line: String) {
    guard errorIsTerminal else { return }
    progressShown.withLock { shown in
      writeErr("\r\u{1B}[K" + Console.safe(line))
      shown = true
    }
  }

  /// Removes the progress line, if one is shown.
  public func endProgress() {
    progressShown.withLock { shown in
      if shown {
        writeErr("\r\u{1B}[K")
        shown = false
      }
    }
  }
}
