import SegueArguments

/// A subcommand of `segue`: its spec and what it does with parsed arguments.
protocol Command: Sendable {
  var spec: CommandSpec { get }
  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode
}

extension Command {
  /// Parses an `--jobs`-style whole-number option in `range`.
  func integer(_ arguments: ParsedArguments, _ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = arguments.value(name) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw UsageError("--\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
    }
    return value
  }

  /// Parses a number option that must be positive and at most `limit`.
  func positive(_ arguments: ParsedArguments, _ name: String, limit: Double) throws(UsageError) -> Double? {
    guard let text = arguments.value(name) else { return nil }
    guard let value = Double(text), value.isFinite, value > 0, value <= limit else {
      throw UsageError("--\(name): expected a positive number up to \(limit), got '\(text)'")
    }
    return value
  }
}
