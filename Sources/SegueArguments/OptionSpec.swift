/// One option a command accepts: `--name VALUE`, `--name=VALUE`, `-s VALUE`, or a `--flag`.
public struct OptionSpec: Sendable, Equatable {
  /// The long name without dashes.
  public let name: String
  /// A one-letter alias (`-o`).
  public let short: Character?
  /// Nil for a flag; otherwise how the help names the value (`DIR`).
  public let valueName: String?
  public let help: String

  public init(_ name: String, short: Character? = nil, value valueName: String? = nil, help: String) {
    self.name = name
    self.short = short
    self.valueName = valueName
    self.help = help
  }

  public var isFlag: Bool { valueName == nil }

  /// `-o, --output DIR`.
  public var synopsis: String {
    let long = "--\(name)" + (valueName.map { " \($0)" } ?? "")
    return short.map { "-\($0), \(long)" } ?? long
  }
}
