/// A problem with a scene file: which file, where in it, and what was expected and found.
///
/// Reads `FILE: at 'transition.duration': expected a positive number of seconds, got -1`.
public struct SceneError: Error, Equatable, CustomStringConvertible {
  /// The scene file as the user named it.
  public var file: String
  /// The coding path of the value at fault (`from.layers.2.cornerRadius`), or "" for the file.
  public var path: String
  public var message: String

  public init(file: String, path: String, message: String) {
    self.file = file
    self.path = path
    self.message = message
  }

  public var description: String {
    path.isEmpty ? "\(file): \(message)" : "\(file): at '\(path)': \(message)"
  }
}
