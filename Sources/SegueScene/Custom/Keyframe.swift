/// One keyframe of an animation, as `UIView.addKeyframe(withRelativeStartTime:relativeDuration:)`:
/// the properties of `to` reach their values over [start, start + duration] of the animation
/// (fractions of its duration), hold from the keyframe before until `start`, and hold after.
public struct Keyframe: Sendable, Equatable {
  /// 0…1 of the animation's duration.
  public var start: Double
  /// 0…1 − start.
  public var duration: Double
  public var to: PropertyState
  /// Where the scene wrote it (`transition.animations.2.keyframes.1`), for messages.
  public var path: String

  public init(start: Double, duration: Double, to: PropertyState, path: String = "") {
    self.start = start
    self.duration = duration
    self.to = to
    self.path = path
  }
}

/// How a keyframe animation goes between its values, as Core Animation's `calculationMode`
/// (`UIView.KeyframeAnimationOptions.calculationMode…`); docs/custom-transitions.md gives each.
public enum KeyframeCalculation: String, Sendable, CaseIterable {
  /// Straight from value to value at the key times.
  case linear
  /// Each value held from its key time to the next.
  case discrete
  /// Key times re-spaced so the value moves at one speed (its distance over the whole).
  case paced
  /// A Catmull–Rom spline through the values at the key times.
  case cubic
  /// The spline at paced key times.
  case cubicPaced

  /// Whether the key times come from the values' distances, not the keyframes.
  public var isPaced: Bool { self == .paced || self == .cubicPaced }
  /// Whether values are joined by the spline.
  public var isCubic: Bool { self == .cubic || self == .cubicPaced }
}
