/// The command line is wrong: an unknown option, a missing value or argument (exit code 2).
public struct UsageError: Error, Equatable, CustomStringConvertible {
  public let message: String

  public init(_ message: String) {
    self.message = message
  }

  public var description: String { message }
}
