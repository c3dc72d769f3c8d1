/// A damped harmonic oscillator: x'' = (−stiffness·(x − 1) − damping·x') / mass, x(0) = 0,
/// x'(0) = initialVelocity (in units of the from→to distance per second), solved in closed form
/// against the animation's local time in seconds. `duration` only cuts the motion.
open class CASpringAnimation: CABasicAnimation, @unchecked Sendable {
  open var mass: CGFloat = 1
  open var stiffness: CGFloat = 100
  open var damping: CGFloat = 10
  open var initialVelocity: CGFloat = 0
  /// iOS 17: when false (the default) a damping ratio above 1 is treated as 1.
  open var allowsOverdamping: Bool = false

  public required init() { super.init() }
  /// iOS 17: stiffness (2π/perceptualDuration)², mass 1, damping 4π(1 − bounce)/perceptualDuration
  /// for bounce ≥ 0 and 4π/(perceptualDuration·(1 + bounce)) for bounce < 0.
  public convenience init(perceptualDuration: CFTimeInterval, bounce: CGFloat) {
    self.init()
    let p = SpringMath.perceptual(duration: perceptualDuration, bounce: Double(bounce))
    mass = CGFloat(p.mass)
    stiffness = CGFloat(p.stiffness)
    damping = CGFloat(p.damping)
    allowsOverdamping = true
    duration = settlingDuration
  }
  public required init(standInCopyOf o: CAAnimation) {
    if let s = o as? CASpringAnimation {
      mass = s.mass
      stiffness = s.stiffness
      damping = s.damping
      initialVelocity = s.initialVelocity
      allowsOverdamping = s.allowsOverdamping
    }
    super.init(standInCopyOf: o)
  }
  override var kindName: String { "CASpringAnimation" }

  var spring: SpringMath {
    SpringMath(
      mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
      initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
  }
  /// Estimated time to rest; see `SpringMath.settlingDuration` for the criterion.
  open var settlingDuration: CFTimeInterval { spring.settlingDuration }
  /// iOS 17: 2π/√(stiffness/mass).
  open var perceptualDuration: CFTimeInterval { 2 * Double.pi / (Double(stiffness) / Double(mass)).squareRoot() }
  /// iOS 17: 1 − damping ratio for ζ ≤ 1, 1/ζ − 1 for ζ > 1.
  open var bounce: CGFloat {
    let z = spring.dampingRatio
    return CGFloat(z <= 1 ? 1 - z : 1 / z - 1)
  }
}

/// Closed-form spring solutions shared by CASpringAnimation and UIKit.
struct SpringMath {
  var mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
  var allowsOverdamping = true

  var omega0: Double { (stiffness / mass).squareRoot() }
  var rawDampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
  var dampingRatio: Double { allowsOverdamping ? rawDampingRatio : min(1, rawDampingRatio) }

  /// Position at time t (0 at start, 1 at rest).
  func value(_ t: Double) -> Double {
    if t <= 0 { return 0 }
    let w0 = omega0
    let z = dampingRatio
    let v0 = initialVelocity
    if abs(z - 1) < 1e-9 {
      return 1 + Foundation.exp(-w0 * t) * (-1 + (v0 - w0) * t)
    } else if z < 1 {
      let wd = w0 * (1 - z * z).squareRoot()
      let b = (v0 - z * w0) / wd
      return 1 + Foundation.exp(-z * w0 * t) * (-Foundation.cos(wd * t) + b * Foundation.sin(wd * t))
    } else {
      let s = (z * z - 1).squareRoot()
      let r1 = -w0 * (z - s)
      let r2 = -w0 * (z + s)
      let c1 = (v0 + r2) / (r1 - r2)
      let c2 = -1 - c1
      return 1 + c1 * Foundation.exp(r1 * t) + c2 * Foundation.exp(r2 * t)
    }
  }

  /// Time after which the envelope of |x − 1| stays below 0.001: ln(1000) / decay rate, where the
  /// decay rate is ζω₀ (ζ ≤ 1) or ω₀(ζ − √(ζ² − 1)) (ζ > 1), the envelope scaled by the
  /// solution's amplitude. Apple does not document its criterion (see README).
  var settlingDuration: Double {
    let w0 = omega0
    let z = dampingRatio
    let v0 = initialVelocity
    let rate: Double
    var amplitude = 1.0
    if z < 1 {
      rate = z * w0
      let wd = w0 * (1 - z * z).squareRoot()
      amplitude = (1 + ((v0 - z * w0) / wd) * ((v0 - z * w0) / wd)).squareRoot()
    } else if abs(z - 1) < 1e-9 {
      rate = w0
    } else {
      rate = w0 * (z - (z * z - 1).squareRoot())
    }
    if rate <= 0 { return .infinity }
    return max(0, Foundation.log(amplitude / 0.001) / rate)
  }

  /// iOS 17 (duration, bounce) → (mass, stiffness, damping).
  static func perceptual(duration d: Double, bounce b: Double) -> (mass: Double, stiffness: Double, damping: Double) {
    let k = (2 * Double.pi / d) * (2 * Double.pi / d)
    let c = b >= 0 ? 4 * Double.pi * (1 - b) / d : 4 * Double.pi / (d * (1 + b))
    return (1, k, c)
  }

  /// UIKit's mapping for animate(withDuration:usingSpringWithDamping:initialSpringVelocity:) and
  /// UISpringTimingParameters(dampingRatio:) with an animator duration: mass 1, the natural
  /// frequency ω₀ chosen so the envelope of the motion has decayed to 0.001 at `duration`,
  /// found by 12 Newton steps from ω₀ = 5/duration; damping ratio clamped to [1.19e-7, 1],
  /// duration to [0.01, 10]. Source: UIKit's parametersOfSpringAnimation (see README).
  static func uiKitSpring(duration: Double, dampingRatio: Double, velocity v: Double) -> (
    stiffness: Double, damping: Double
  ) {
    let z = min(max(dampingRatio, 0.00000011920929), 1)
    let d = min(max(duration, 0.01), 10)
    let eps = 0.001
    func f(_ w: Double) -> Double {
      if z >= 1 {
        let e = Foundation.exp(-d * w) * ((w - v) * d + 1)
        return (w - v) < 0 ? e + eps : e - eps
      }
      let wd = w * (1 - z * z).squareRoot()
      return eps - abs((z * w - v) / wd * Foundation.exp(-z * d * w))
    }
    var w = 5 / d
    for _ in 0..<12 {
      let h = max(1e-7, abs(w) * 1e-7)
      let df = (f(w + h) - f(w - h)) / (2 * h)
      if df == 0 || !df.isFinite { break }
      let next = w - f(w) / df
      if !next.isFinite { break }
      w = next
    }
    return (w * w, z * 2 * w)
  }
}
