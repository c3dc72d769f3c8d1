import SegueRaster
import SegueScene
import SegueGeometry

/// What an animator is built from: the container, the operation and the type's parameters.
public struct TransitionContext: Sendable {
  /// The container in points.
  public var container: Size
  public var operation: TransitionOperation
  /// The type's own parameters, checked against its list before the animator sees them.
  public var parameters: [String: SceneField]
  /// The `transition` object, for messages.
  public var field: SceneField

  public init(container: Size, operation: TransitionOperation, parameters: [String: SceneField], field: SceneField) {
    self.container = container
    self.operation = operation
    self.parameters = parameters
    self.field = field
  }

  /// The full-screen frame.
  public var bounds: Rect { Rect(size: container) }

  /// A parameter's value read with `decode`, or nil when absent.
  public func parameter<T>(_ name: String, _ decode: (SceneField) throws(SceneError) -> T) throws(SceneError) -> T? {
    guard let field = parameters[name] else { return nil }
    return try decode(field)
  }

  /// An `edge` parameter limited to `allowed`, with its default.
  public func edge(_ allowed: [Edge], default value: Edge) throws(SceneError) -> Edge {
    try parameter("edge") { field throws(SceneError) in
      Edge(rawValue: try field.choice(allowed.map(\.rawValue)))!
    } ?? value
  }
}

/// A side of the container.
public enum Edge: String, Sendable, CaseIterable {
  case top
  case bottom
  case left
  case right
}
