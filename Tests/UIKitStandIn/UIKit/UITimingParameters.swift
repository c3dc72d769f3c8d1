/// Kind of timing curve a provider supplies.
public enum UITimingCurveType: Int, Sendable {
  case builtin = 0
  case cubic = 1
  case spring = 2
  case composed = 3
}

/// Supplies timing to animators. (The SDK protocol also inherits NSCoding and NSCopying; the
/// stand-in asks for NSObjectProtocol only.)
@MainActor
public protocol UITimingCurveProvider: NSObjectProtocol {
  var timingCurveType: UITimingCurveType { get }
  var cubicTimingParameters: UICubicTimingParameters? { get }
  var springTimingParameters: UISpringTimingParameters? { get }
}

/// A cubic Bézier timing curve.
@MainActor
open class UICubicTimingParameters: NSObject, UITimingCurveProvider {
  public let animationCurve: UIView.AnimationCurve
  public let controlPoint1: CGPoint
  public let controlPoint2: CGPoint
  let isBuiltin: Bool

  /// The default curve (ease in, ease out).
  public override init() {
    animationCurve = .easeInOut
    controlPoint1 = CGPoint(x: 0.42, y: 0)
    controlPoint2 = CGPoint(x: 0.58, y: 1)
    isBuiltin = true
    super.init()
  }
  public init(animationCurve curve: UIView.AnimationCurve) {
    animationCurve = curve
    let f = standInCurveFunction(curve.rawValue).standInControlPoints
    controlPoint1 = CGPoint(x: f.0, y: f.1)
    controlPoint2 = CGPoint(x: f.2, y: f.3)
    isBuiltin = true
    super.init()
  }
  public init(controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint) {
    animationCurve = .easeInOut
    controlPoint1 = point1
    controlPoint2 = point2
    isBuiltin = false
    super.init()
  }
  public var timingCurveType: UITimingCurveType { isBuiltin ? .builtin : .cubic }
  public var cubicTimingParameters: UICubicTimingParameters? { self }
  public var springTimingParameters: UISpringTimingParameters? { nil }

  var function: CAMediaTimingFunction {
    CAMediaTimingFunction(
      doubles: Double(controlPoint1.x), Double(controlPoint1.y), Double(controlPoint2.x), Double(controlPoint2.y))
  }
}

/// Spring timing. Either a damping ratio (the animator's duration then fixes the stiffness,
/// with UIKit's mapping) or a physical spring (the animator's duration is then ignored and the
/// animation lasts the spring's settling duration).
@MainActor
open class UISpringTimingParameters: NSObject, UITimingCurveProvider {
  public let initialVelocity: CGVector
  let dampingRatio: Double?
  let physical: (mass: Double, stiffness: Double, damping: Double)?

  /// The system spring: mass 3, stiffness 1000, damping 500 (damping ratio ≈ 4.56, which is
  /// what the documentation states for this initializer).
  public override init() {
    initialVelocity = .zero
    dampingRatio = nil
    physical = (3, 1000, 500)
    super.init()
  }
  public convenience init(dampingRatio ratio: CGFloat) { self.init(dampingRatio: ratio, initialVelocity: .zero) }
  public init(dampingRatio ratio: CGFloat, initialVelocity velocity: CGVector) {
    initialVelocity = velocity
    dampingRatio = Double(ratio)
    physical = nil
    super.init()
  }
  public init(mass: CGFloat, stiffness: CGFloat, damping: CGFloat, initialVelocity velocity: CGVector) {
    initialVelocity = velocity
    dampingRatio = nil
    physical = (Double(mass), Double(stiffness), Double(damping))
    super.init()
  }
  /// iOS 17: stiffness (2π/duration)², damping from bounce, mass 1.
  public convenience init(duration: TimeInterval, bounce: CGFloat = 0, initialVelocity velocity: CGVector = .zero) {
    let p = SpringMath.perceptual(duration: duration, bounce: Double(bounce))
    self.init(
      mass: CGFloat(p.mass), stiffness: CGFloat(p.stiffness), damping: CGFloat(p.damping), initialVelocity: velocity)
  }
  public var timingCurveType: UITimingCurveType { .spring }
  public var cubicTimingParameters: UICubicTimingParameters? { nil }
  public var springTimingParameters: UISpringTimingParameters? { self }
}

/// Timing as the animator engine needs it (nonisolated).
enum CurveSpec {
  case cubic(CAMediaTimingFunction)
  /// Damping-ratio spring: stiffness depends on the duration it runs over.
  case ratioSpring(ratio: Double, velocity: Double)
  case physicalSpring(SpringMath)

  /// Progress at normalized time x ∈ [0, 1] of a run lasting `length` seconds.
  func progress(_ x: Double, length: Double) -> Double {
    switch self {
    case .cubic(let f): return f.standInSolve(x)
    case .ratioSpring(let r, let v):
      let p = SpringMath.uiKitSpring(duration: length, dampingRatio: r, velocity: v)
      return SpringMath(
        mass: 1, stiffness: p.stiffness, damping: p.damping, initialVelocity: v, allowsOverdamping: false
      )
      .value(x * length)
    case .physicalSpring(let s): return x >= 1 ? 1 : s.value(x * length)
    }
  }

  func caTiming(length: Double) -> ViewTiming {
    switch self {
    case .cubic(let f): return .curve(f)
    case .ratioSpring(let r, let v):
      let p = SpringMath.uiKitSpring(duration: length, dampingRatio: r, velocity: v)
      return .spring(
        SpringMath(mass: 1, stiffness: p.stiffness, damping: p.damping, initialVelocity: v, allowsOverdamping: false))
    case .physicalSpring(let s): return .spring(s)
    }
  }
}

@MainActor
func standInCurveSpec(_ p: (any UITimingCurveProvider)?) -> CurveSpec? {
  guard let p else { return nil }
  if let s = p.springTimingParameters {
    let v = Double(s.initialVelocity.dx)
    if let r = s.dampingRatio { return .ratioSpring(ratio: r, velocity: v) }
    if let ph = s.physical {
      return .physicalSpring(
        SpringMath(mass: ph.mass, stiffness: ph.stiffness, damping: ph.damping, initialVelocity: v))
    }
  }
  if let c = p.cubicTimingParameters { return .cubic(c.function) }
  return .cubic(CAMediaTimingFunction(name: .easeInEaseOut))
}
