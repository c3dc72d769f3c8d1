#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// GitHub Actions' workflow commands for a failing scene: `::error file=...,title=...::...`
/// on standard output, which the pull request shows on the scene file in its diff. Printed
/// only when `GITHUB_ACTIONS` is `true`; other CI systems read the JUnit file.
struct GitHubAnnotations {
  let console: Console

  /// Whether this run is a GitHub Actions job.
  static var isActive: Bool { ProcessInfo.processInfo.environment["GITHUB_ACTIONS"] == "true" }

  /// Prints one error annotation on `file` with `lines` as its message (each line made safe
  /// as every printed line is, then joined with encoded line breaks: one command, one line).
  func error(file: String, title: String, _ lines: [String]) {
    let message = lines.map(Console.safe).joined(separator: "\n")
    console.print(
      "::error file=\(GitHubAnnotations.property(file)),title=\(GitHubAnnotations.property(title))::"
        + GitHubAnnotations.data(message))
  }

  /// A command's message: `%`, CR and LF percent-encoded, so one command stays one line.
  static func data(_ text: String) -> String {
    var result = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "%": result += "%25"
      case "\r": result += "%0D"
      case "\n": result += "%0A"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// A property's value (`file=`, `title=`): as a message, and `:` and `,` too, which end it.
  static func property(_ text: String) -> String {
    data(text).replacing(":", with: "%3A").replacing(",", with: "%2C")
  }
}
