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
  /// `modalPresentationStyle` of a present or dismiss, as the scene gives it; nil: `fullScreen`.
  public var presentation: Presentation?

  public init(
    type: String, operation: TransitionOperation, duration: Double?, curve: TimingCurve?, kind: Kind,
    presentation: Presentation? = nil
  ) {
    self.type = type
    self.operation = operation
    self.duration = duration
    self.curve = curve
    self.kind = kind
    self.presentation = presentation
  }

  /// The presentation style in effect: the scene's, or `fullScreen`.
  public var presentationStyle: Presentation { presentation ?? .fullScreen }

  /// The screen of the controller that presents: `from` of a present, `to` of a dismiss; nil
  /// for a push or pop.
  public var presentingRole: ScreenRole? {
    switch operation {
    case .present: return .from
    case .dismiss: return .to
    case .push, .pop: return nil
    }
  }

  /// Whether the animator owns `role`'s view (adds it to the container, removes it): every
  /// screen but the presenting one of a presentation that keeps it where it is.
  public func animatorOwns(_ role: ScreenRole) -> Bool {
    role != presentingRole || presentationStyle.handsPresentingView
  }
}
