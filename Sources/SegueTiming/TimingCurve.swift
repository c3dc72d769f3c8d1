/// A transition's timing curve, as a scene names it (docs/timing.md).
public enum TimingCurve: Sendable, Hashable, CustomStringConvertible {
  /// A cubic Bézier (the named curves are these too).
  case bezier(UnitBezier)
  /// UIKit's duration-and-damping spring, derived for the transition's duration.
  case uiKitSpring(damping: Double, velocity: Double)
  /// A response / damping-ratio spring.
  case responseSpring(response: Double, dampingRatio: Double)
  /// The iOS 17 duration-and-bounce spring (`UISpringTimingParameters(duration:bounce:)`,
  /// SwiftUI's `Spring(duration:bounce:)`): a response spring that may be overdamped.
  case bounceSpring(duration: Double, bounce: Double, velocity: Double)
  /// A physical spring (CASpringAnimation), cut at the transition's duration.
  case physicalSpring(mass: Double, stiffness: Double, damping: Double, velocity: Double)
  /// UIKit's curve 7: a critically damped spring forced to 0.5 s.
  case systemSpring

  /// The duration UIKit forces for the system spring.
  public static let systemSpringDuration = 0.5

  /// The curves a scene may name, with what they stand for.
  public static let named: [(String, TimingCurve)] = [
    ("linear", .bezier(.linear)), ("easeIn", .bezier(.easeIn)), ("easeOut", .bezier(.easeOut)),
    ("easeInOut", .bezier(.easeInEaseOut)), ("easeInEaseOut", .bezier(.easeInEaseOut)),
    ("default", .bezier(.default)), ("systemSpring", .systemSpring),
    // SwiftUI's named springs: `.smooth`, `.snappy` and `.bouncy` (duration 0.5 s).
    ("smooth", .bounceSpring(duration: 0.5, bounce: 0, velocity: 0)),
    ("snappy", .bounceSpring(duration: 0.5, bounce: 0.15, velocity: 0)),
    ("bouncy", .bounceSpring(duration: 0.5, bounce: 0.3, velocity: 0)),
  ]

  /// The first name a scene may give this curve (`easeInOut`, not `easeInEaseOut`), if any.
  public var name: String? {
    TimingCurve.named.first { $0.1 == self }?.0
  }

  public var description: String {
    if let name { return name }
    switch self {
    case .bezier(let bezier):
      return "[\(bezier.p1x), \(bezier.p1y), \(bezier.p2x), \(bezier.p2y)]"
    case .uiKitSpring(let damping, let velocity):
      return "{\"spring\": {\"damping\": \(damping), \"velocity\": \(velocity)}}"
    case .responseSpring(let response, let ratio):
      return "{\"spring\": {\"response\": \(response), \"dampingRatio\": \(ratio)}}"
    case .bounceSpring(let duration, let bounce, let velocity):
      return "{\"spring\": {\"duration\": \(duration), \"bounce\": \(bounce), \"velocity\": \(velocity)}}"
    case .physicalSpring(let mass, let stiffness, let damping, let velocity):
      return "{\"spring\": {\"mass\": \(mass), \"stiffness\": \(stiffness), "
        + "\"damping\": \(damping), \"velocity\": \(velocity)}}"
    case .systemSpring: return "systemSpring"
    }
  }

  /// How long an animation asked to last `duration` seconds runs with this curve
  /// (the system spring ignores the request and runs 0.5 s).
  public func effectiveDuration(_ duration: Double) -> Double {
    self == .systemSpring ? TimingCurve.systemSpringDuration : duration
  }

  /// The spring this curve evaluates in seconds, when it is one that runs until it settles
  /// (`UISpringTimingParameters(mass:…)`, SwiftUI's response and duration-and-bounce springs);
  /// nil for the rest.
  public var settlingSpring: DampedSpring? {
    switch self {
    case .responseSpring(let response, let ratio): return .response(response, dampingRatio: ratio)
    case .bounceSpring(let duration, let bounce, let velocity):
      return .perceptual(duration: duration, bounce: bounce, velocity: velocity)
    case .physicalSpring(let mass, let stiffness, let damping, let velocity):
      return DampedSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    case .bezier, .uiKitSpring, .systemSpring: return nil
    }
  }

  /// How long an animation with this curve runs when the scene asks for `requested` seconds
  /// (nil: not given) and the type's default is `fallback`: the system spring always runs
  /// 0.5 s; a settling spring without a request runs to its settling time (docs/timing.md).
  public func duration(requested: Double?, fallback: Double) -> Double {
    if self == .systemSpring { return TimingCurve.systemSpringDuration }
    if let requested { return requested }
    return settlingSpring?.settlingDuration ?? fallback
  }

  /// Why this curve cannot run for `duration` seconds, or nil. UIKit fits its duration-and-
  /// damping spring with 12 Newton steps and no convergence test; for some
  /// damping and velocity pairs the steps run away and the stiffness is not a number, which
  /// would draw no motion at all.
  public func problem(duration: Double) -> String? {
    guard case .uiKitSpring(let damping, let velocity) = self else { return nil }
    let spring = DampedSpring.uiKit(duration: effectiveDuration(duration), dampingRatio: damping, velocity: velocity)
    guard spring.stiffness.isFinite, spring.stiffness > 0, spring.damping.isFinite,
      spring.value(at: effectiveDuration(duration) / 2).isFinite
    else {
      return
        "UIKit's fit of this spring (damping \(damping), velocity \(velocity)) to \(effectiveDuration(duration)) s "
        + "does not converge, so it would not move; change the damping, the velocity or the duration"
    }
    return nil
  }

  /// Where a settling spring is cut short when it must stop after `duration` seconds: its
  /// settling time and the progress it has reached then; nil when it is not cut.
  public func cut(at duration: Double) -> (settles: Double, progress: Double)? {
    guard let spring = settlingSpring else { return nil }
    let settles = spring.settlingDuration
    // A spring that settles within a microsecond of its cut, as UIKit's duration springs do
    // once their stiffness and damping are written to 9 decimals (a recorded scene's), is not
    // cut.
    guard settles > duration + 1e-6 else { return nil }
    return (settles, spring.value(at: duration))
  }

  /// The curve ready to evaluate for an animation of `duration` seconds.
  public func resolved(duration: Double) -> Easing {
    let length = effectiveDuration(duration)
    switch self {
    case .bezier(let bezier): return Easing(duration: length, kind: .bezier(bezier))
    case .uiKitSpring(let damping, let velocity):
      return Easing(
        duration: length,
        kind: .spring(.uiKit(duration: length, dampingRatio: damping, velocity: velocity)))
    case .responseSpring(let response, let ratio):
      return Easing(duration: length, kind: .spring(.response(response, dampingRatio: ratio)))
    case .bounceSpring(let duration, let bounce, let velocity):
      return Easing(
        duration: length, kind: .spring(.perceptual(duration: duration, bounce: bounce, velocity: velocity)))
    case .physicalSpring(let mass, let stiffness, let damping, let velocity):
      return Easing(
        duration: length,
        kind: .spring(
          DampedSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)))
    case .systemSpring: return Easing(duration: length, kind: .spring(.system), endsExactly: true)
    }
  }
}

extension TimingCurve {
  /// Whether it is a cubic Bézier (a named curve or control points), not a spring.
  public var isBezier: Bool {
    if case .bezier = self { return true }
    return false
  }
}
