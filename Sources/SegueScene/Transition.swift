import SegueTiming

/// A scene's `transition`: which animator, its operation and timing, and what it animates.
public struct Transition: Sendable {
  /// A preset of the catalog, or the animator written out.
  public enum Kind: Sendable {
    case preset(Preset)
    case custom(CustomTransition)
  }

  /// The type's name as the scene gives it (`circle`, `custom`).
  public var type: String
  public var operation: TransitionOperation
  /// Seconds; nil: the type's default (a preset's, or 0.5 s for a custom transition's
  /// animations), or a settling spring's settling time.
  public var duration: Double?
  /// Nil: the type's default (easeInOut for custom transitions).
  public var curve: TimingCurve?
  public var kind: Kind

  public init(type: String, operation: TransitionOperation, duration: Double?, curve: TimingCurve?, kind: Kind) {
    self.type = type
    self.operation = operation
    self.duration = duration
    self.curve = curve
    self.kind = kind
  }
}
