import SegueTiming

/// One animation of a custom transition: like a `UIView.animate` block or a
/// `CABasicAnimation`, it takes a target's properties from one state to another.
public struct Animation: Sendable {
  public var target: Target
  /// Missing properties start from the previous animation's `to` of the same target and
  /// property, or the initial value.
  public var from: PropertyState
  /// Missing properties keep their `from`.
  public var to: PropertyState
  /// Seconds after the transition starts.
  public var delay: Double
  /// Seconds; nil: the transition's.
  public var duration: Double?
  /// Nil: the transition's.
  public var curve: TimingCurve?
  /// Hero's `.arc(intensity:)`: the target's position follows a quadratic curve bowed toward
  /// the corner of its path's bounding box, instead of a line; nil: a line.
  public var arc: Double?
  /// Hero's `.cascade`: the animation applies to the target group's sublayers, one after another.
  public var cascade: Cascade?
  /// `UIView.animateKeyframes`: the values the properties go through, at their relative times
  /// (`to` is then empty; `from` may give where they start); nil: a plain animation.
  public var keyframes: [Keyframe]?
  /// How the values are joined (with `keyframes`).
  public var calculation: KeyframeCalculation = .linear
  /// Where the scene wrote it (`transition.animations.2`), for messages.
  public var path: String

  public init(
    target: Target, from: PropertyState = PropertyState(), to: PropertyState = PropertyState(), delay: Double = 0,
    duration: Double? = nil, curve: TimingCurve? = nil, path: String = ""
  ) {
    self.target = target
    self.from = from
    self.to = to
    self.delay = delay
    self.duration = duration
    self.curve = curve
    self.path = path
  }

  /// Every property the animation sets.
  public var properties: Set<AnimatableProperty> {
    var properties = Set(from.values.keys).union(to.values.keys)
    for keyframe in keyframes ?? [] { properties.formUnion(keyframe.to.values.keys) }
    return properties
  }
}
