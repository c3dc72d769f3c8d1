import SegueFiles

/// A text a command makes (an expanded scene, a Swift file): printed on standard output, or with
/// `--output FILE` written to FILE at once and whole, never half.
enum TextOutput {
  /// Prints `text`, or writes it to `output`; `.cannotWrite` with the reason when it cannot.
  static func deliver(_ text: String, to output: String?, console: Console) -> ExitCode {
    guard let output else {
      console.printText(String(text.dropLast()))
      return .success
    }
    do {
      try AtomicFile.checkFileTarget(output)
      try AtomicFile.write(Array(text.utf8), to: output, createFolder: false)
    } catch {
      console.error(error.description)
      return .cannotWrite
    }
    return .success
  }
}
