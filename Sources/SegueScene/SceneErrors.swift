/// Every problem of a scene file, in the order they appear (at least one).
public struct SceneErrors: Error, Equatable, CustomStringConvertible {
  public var errors: [SceneError]

  public init(_ errors: [SceneError]) {
    self.errors = errors
  }

  public init(_ error: SceneError) {
    self.errors = [error]
  }

  /// One error a line.
  public var description: String { errors.map(\.description).joined(separator: "\n") }
}
