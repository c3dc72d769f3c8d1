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

  public init(duration: Double, kind: Kind) {
    self.duration = duration
    self.kind = kind
  }

  /// Progress at `t` seconds: 0 at t ≤ 0; a spring may pass 1 on the way.
  /// At t ≥ duration the animation has been removed and the model value shows: exactly 1.
  public func progress(at t: Double) -> Double {
    if t <= 0 { return 0 }
    if t >= duration { return 1 }
    switch kind {
    case .bezier(let bezier): return bezier.solve(t / duration)
    case .spring(let spring): return spring.value(at: t)
    }
  }

  /// Progress at `t` without the snap to 1 at the end (what the spring itself shows at t).
  public func rawProgress(at t: Double) -> Double {
    if t <= 0 { return 0 }
    switch kind {
    case .bezier(let bezier): return bezier.solve(min(1, t / duration))
    case .spring(let spring): return spring.value(at: min(t, duration))
    }
  }
}
