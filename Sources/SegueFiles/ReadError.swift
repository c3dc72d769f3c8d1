/// Input that could not be read (exit code 2): which path and why, as `PATH: reason`.
public struct ReadError: Error, Equatable, CustomStringConvertible {
  public let path: String
  public let reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): \(reason)" }
}
