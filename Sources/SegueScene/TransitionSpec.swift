import SegueTiming

/// The `transition` object of a scene: the generic keys decoded, the type's own kept as fields
/// for the transition type to read (it knows which it accepts).
public struct TransitionSpec: Sendable {
  public var type: String
  public var operation: TransitionOperation
  /// Nil: the type's default for the operation.
  public var duration: Double?
  /// Nil: the type's default for the operation.
  public var curve: TimingCurve?
  /// The type's own parameters by key, with their coding paths.
  public var parameters: [String: SceneField]
  /// The `transition` object itself, for messages about the whole.
  public var field: SceneField

  public init(
    type: String, operation: TransitionOperation, duration: Double?, curve: TimingCurve?,
    parameters: [String: SceneField], field: SceneField
  ) {
    self.type = type
    self.operation = operation
    self.duration = duration
    self.curve = curve
    self.parameters = parameters
    self.field = field
  }
}
