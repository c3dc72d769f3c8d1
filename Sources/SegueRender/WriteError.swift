/// Output that could not be written (exit code 3).
public struct WriteError: Error, Equatable, CustomStringConvertible {
  /// The file or folder at fault.
  public let path: String
  public let reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "\(path): cannot write: \(reason)" }
}
