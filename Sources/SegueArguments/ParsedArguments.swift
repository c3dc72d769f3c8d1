/// The result of parsing: option values by long name, flags given, and positional arguments.
public struct ParsedArguments: Sendable, Equatable {
  public var values: [String: [String]] = [:]
  public var flags: Set<String> = []
  public var positionals: [String] = []

  public init() {}

  /// The last value given for `name` (a later option wins, as in most tools).
  public func value(_ name: String) -> String? { values[name]?.last }

  public func has(_ flag: String) -> Bool { flags.contains(flag) }
}
