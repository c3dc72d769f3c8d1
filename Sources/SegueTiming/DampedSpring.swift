#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A damped spring m·x'' + c·x' + k·(x − 1) = 0 with x(0) = 0 and x'(0) = v0, in closed form
/// (docs/timing.md). Time is in seconds; velocity in fractions of the distance per second.
public struct DampedSpring: Sendable, Hashable {
  public let mass: Double
  public let stiffness: Double
  public let damping: Double
  public let initialVelocity: Double
  /// When false (CASpringAnimation's default) a damping ratio above 1 is treated as 1.
  public let allowsOverdamping: Bool

  public init(
    mass: Double, stiffness: Double, damping: Double, initialVelocity: Double = 0,
    allowsOverdamping: Bool = false
  ) {
    self.mass = mass
    self.stiffness = stiffness
    self.damping = damping
    self.initialVelocity = initialVelocity
    self.allowsOverdamping = allowsOverdamping
  }

  /// ω0 = sqrt(k / m).
  public var naturalFrequency: Double { (stiffness / mass).squareRoot() }

  /// ζ = c / (2·sqrt(k·m)), clamped to 1 unless over-damping is allowed.
  public var dampingRatio: Double {
    let ratio = damping / (2 * (stiffness * mass).squareRoot())
    return allowsOverdamping ? ratio : min(1, ratio)
  }

  /// x(t):
  ///
  ///     ζ < 1:  1 − e^(−ζω0 t)·[cos(ωd t) + ((ζω0 − v0)/ωd)·sin(ωd t)],  ωd = ω0·sqrt(1 − ζ²)
  ///     ζ = 1:  1 − (1 + (ω0 − v0)·t)·e^(−ω0 t)
  ///     ζ > 1:  1 − (C1·e^(r1 t) + C2·e^(r2 t)),  r1,2 = −ω0(ζ ∓ sqrt(ζ² − 1)),
  ///             C2 = (−v0 − r1)/(r2 − r1), C1 = 1 − C2
  public func value(at t: Double) -> Double {
    let w0 = naturalFrequency
    let zeta = dampingRatio
    let v0 = initialVelocity
    if zeta < 1 {
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      let envelope = exp(-zeta * w0 * t)
      return 1 - envelope * (cos(wd * t) + ((zeta * w0 - v0) / wd) * sin(wd * t))
    }
    if zeta == 1 {
      return 1 - (1 + (w0 - v0) * t) * exp(-w0 * t)
    }
    let root = (zeta * zeta - 1).squareRoot()
    // ζ − sqrt(ζ² − 1) written as 1 ÷ (ζ + sqrt(ζ² − 1)), which does not cancel for large ζ.
    let r1 = -w0 / (zeta + root)
    let r2 = -w0 * (zeta + root)
    let c2 = (-v0 - r1) / (r2 - r1)
    let c1 = 1 - c2
    return 1 - (c1 * exp(r1 * t) + c2 * exp(r2 * t))
  }

  /// UIKit's `usingSpringWithDamping:initialSpringVelocity:` spring for `duration`:
  /// mass 1, and ω solved by 12 Newton steps from 5 / d so that the oscillation's envelope
  /// reaches ε = 0.001 at t = d. ζ is clamped to [FLT_EPSILON, 1] and d to [0.01, 10].
  public static func uiKit(duration: Double, dampingRatio: Double, velocity: Double) -> DampedSpring {
    let epsilon = 0.001
    let zeta = min(1, max(1.1920929e-7, dampingRatio))
    let d = min(10, max(0.01, duration))
    let v = velocity
    var w = 5 / d
    if zeta < 1 {
      let s = (1 - zeta * zeta).squareRoot()
      for _ in 0..<12 {
        let ratio = (zeta * w - v) / (s * w)
        let decay = exp(-zeta * d * w)
        let f = epsilon - abs(ratio * decay)
        let n =
          decay * ratio <= 0
          ? (v + v * d * zeta * w) - d * zeta * zeta * w * w
          : d * zeta * zeta * w * w - (v + v * d * zeta * w)
        let derivative = n / (w * w * s * exp(zeta * d * w))
        w -= f / derivative
      }
    } else {
      for _ in 0..<12 {
        let f = ((w - v) * d + 1) * exp(-d * w) + (w - v < 0 ? epsilon : -epsilon)
        let derivative = d * d * (v - w) / exp(w * d)
        w -= f / derivative
      }
    }
    let stiffness = w * w
    return DampedSpring(
      mass: 1, stiffness: stiffness, damping: zeta * 2 * stiffness.squareRoot(), initialVelocity: v)
  }

  /// The response / damping-ratio spring: mass 1, k = (2π / response)², c = 4π·ζ / response,
  /// with UIKit's 2π = 6.28318531. A ratio above 1 is taken as 1, as `CASpringAnimation` does
  /// without `allowsOverdamping`.
  public static func response(_ response: Double, dampingRatio: Double) -> DampedSpring {
    let stiffness = pow(6.28318531 / response, 2)
    return DampedSpring(mass: 1, stiffness: stiffness, damping: 2 * stiffness.squareRoot() * dampingRatio)
  }

  /// The iOS 17 duration-and-bounce spring (`UISpringTimingParameters(duration:bounce:
  /// initialVelocity:)`, SwiftUI's `Spring(duration:bounce:)`, `CASpringAnimation(
  /// perceptualDuration:bounce:)`): the response spring with response = duration and
  ///
  ///     ζ = 1 − bounce            for bounce ≥ 0
  ///     ζ = 1 ÷ (1 + bounce)      for bounce < 0 (overdamped: UIKit sets allowsOverdamping)
  ///
  /// so mass 1, k = (2π ÷ duration)², c = 2√k·ζ = 4πζ ÷ duration.
  public static func perceptual(duration: Double, bounce: Double, velocity: Double = 0) -> DampedSpring {
    let ratio = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
    let stiffness = pow(6.28318531 / duration, 2)
    return DampedSpring(
      mass: 1, stiffness: stiffness, damping: 2 * stiffness.squareRoot() * ratio, initialVelocity: velocity,
      allowsOverdamping: true)
  }

  /// How close to the target counts as settled (UIKit's and SwiftUI's epsilon).
  public static let settlingEpsilon = 0.001

  /// The time after which the spring stays within `settlingEpsilon` of its target, in seconds
  /// (infinite for an undamped spring).
  ///
  /// Underdamped, UIKit's `_durationOfSpringAnimation` bounds the envelope:
  ///
  ///     a = |(ζω0 − v0) / ωd|,   T = max(−ln(ε / (a + 1)) / (ζω0), 0)
  ///
  /// Critically damped (ζ = 1, or above 1 when over-damping is not allowed),
  /// 1 − x(t) = g(t) = (1 + (ω0 − v0)·t)·e^(−ω0 t) has one extremum, at t* = 1/ω0 − 1/(ω0 − v0).
  /// Overdamped, g(t) = C1·e^(r1 t) + C2·e^(r2 t) (see `value(at:)`) has g′(t*) = 0 at
  /// e^((r1 − r2)t*) = −C2·r2 ÷ (C1·r1), t* = ln(−C2·r2 ÷ (C1·r1)) ÷ (r1 − r2) when that is
  /// positive. Either way |g| only shrinks after t*; T is the last time |g| = ε, found by
  /// bisection to 1e-9 s.
  public var settlingDuration: Double {
    let epsilon = DampedSpring.settlingEpsilon
    let w0 = naturalFrequency
    let zeta = dampingRatio
    let v0 = initialVelocity
    guard zeta > 0, w0 > 0 else { return .infinity }
    if zeta < 1 {
      let wd = w0 * (1 - zeta * zeta).squareRoot()
      let a = abs((zeta * w0 - v0) / wd)
      return max(-log(epsilon / (a + 1)) / (zeta * w0), 0)
    }
    let g: (Double) -> Double
    let extremum: Double
    if zeta == 1 {
      let a = w0 - v0
      g = { (1 + a * $0) * exp(-w0 * $0) }
      extremum = a != 0 ? max(0, 1 / w0 - 1 / a) : 0
    } else {
      let root = (zeta * zeta - 1).squareRoot()
      let r1 = -w0 / (zeta + root)
      let r2 = -w0 * (zeta + root)
      let c2 = (-v0 - r1) / (r2 - r1)
      let c1 = 1 - c2
      g = { c1 * exp(r1 * $0) + c2 * exp(r2 * $0) }
      let ratio = -c2 * r2 / (c1 * r1)
      extremum = ratio > 0 && ratio.isFinite ? max(0, log(ratio) / (r1 - r2)) : 0
    }
    /// The t in [lo, hi] where |g| crosses ε, |g(lo)| > ε ≥ |g(hi)|.
    func crossing(_ lo: Double, _ hi: Double) -> Double {
      var lo = lo
      var hi = hi
      while hi - lo > 1e-9 {
        let mid = 0.5 * (lo + hi)
        // Past about 8.4e6 s two neighbouring doubles are more than 1e-9 apart: when no time
        // lies between them, they are as close as the answer can be.
        guard lo < mid, mid < hi else { break }
        if abs(g(mid)) > epsilon { lo = mid } else { hi = mid }
      }
      return hi
    }
    if abs(g(extremum)) > epsilon {
      var hi = extremum + 1 / w0
      while abs(g(hi)) > epsilon { hi += hi - extremum }
      return crossing(extremum, hi)
    }
    // The extremum (past a zero crossing) stays within ε: the settling is the first descent
    // through ε, before g's zero.
    return crossing(0, extremum)
  }

  /// UIKit's curve 7: mass 3, stiffness 1000, damping 500, clamped to critical.
  public static let system = DampedSpring(mass: 3, stiffness: 1000, damping: 500)
}
