/// Output that could not be written (exit code 3): which path, what was being done and why.
///
/// Reads `cannot write out/x/frame_0001.png: the disk is full` or
/// `cannot create folder out/x: a file is in the way`.
public struct WriteError: Error, Equatable, CustomStringConvertible {
  /// The file or folder at fault.
  public let path: String
  /// What failed: "write", "create folder", "replace".
  public let action: String
  public let reason: String

  public init(path: String, action: String = "write", reason: String) {
    self.path = path
    self.action = action
    self.reason = reason
  }

  public var description: String { "cannot \(action) \(path): \(reason)" }
}
