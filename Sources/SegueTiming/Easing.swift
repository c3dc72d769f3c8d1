/// A timing curve resolved for one animation: time in seconds to eased progress.
public struct Easing: Sendable, Hashable {
  public enum Kind: Sendable, Hashable {
    /// y = B(t / duration).
    case bezier(UnitBezier)
    /// x(t) with t in seconds; the animation is cut at `duration`.
    case spring(DampedSpring)
  }

  /// Seconds the animation runs.
  public let duration: Double
  public let kind: Kind
  /// Whether the curve is exactly 1 at its end whatever the spring shows there: UIKit's system
  /// spring, forced to 0.5 s, ends exactly (docs/timing.md).
  public let endsExactly: Bool

  public init(duration: Double, kind: Kind, endsExactly: Bool = false) {
    self.duration = duration
    self.kind = kind
    self.endsExactly = endsExactly
  }

  /// Progress at `t` seconds, q = curve(clamp(t / duration, 0, 1)): 0 at t ≤ 0; a spring may
  /// pass 1 on the way, and one cut short by its duration holds where it was cut, x(duration),
  /// until the transition's last frame puts everything at its end (unless it `endsExactly`).
  public func progress(at t: Double) -> Double {
    if t <= 0 { return 0 }
    switch kind {
    case .bezier(let bezier): return t >= duration ? 1 : bezier.solve(t / duration)
    case .spring(let spring):
      if t >= duration, endsExactly { return 1 }
      return spring.value(at: min(t, duration))
    }
  }
}
