/// A cubic Bézier timing function from (0, 0) to (1, 1), solved as WebKit's `UnitBezier` does
/// (docs/timing.md): a spline-table guess, at most 4 Newton steps, then bisection.
public struct UnitBezier: Sendable, Hashable {
  public let p1x: Double
  public let p1y: Double
  public let p2x: Double
  public let p2y: Double

  // Polynomial form: cx = 3·p1x, bx = 3·(p2x − p1x) − cx, ax = 1 − cx − bx (same for y).
  private let ax: Double
  private let bx: Double
  private let cx: Double
  private let ay: Double
  private let by: Double
  private let cy: Double
  private let splineSamples: [Double]

  public static let linear = UnitBezier(0, 0, 1, 1)
  public static let easeIn = UnitBezier(0.42, 0, 1, 1)
  public static let easeOut = UnitBezier(0, 0, 0.58, 1)
  public static let easeInEaseOut = UnitBezier(0.42, 0, 0.58, 1)
  /// `kCAMediaTimingFunctionDefault`.
  public static let `default` = UnitBezier(0.25, 0.1, 0.25, 1)

  /// Control points P1 = (p1x, p1y) and P2 = (p2x, p2y); x values must lie in 0…1.
  public init(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
    self.p1x = p1x
    self.p1y = p1y
    self.p2x = p2x
    self.p2y = p2y
    cx = 3 * p1x
    bx = 3 * (p2x - p1x) - cx
    ax = 1 - cx - bx
    cy = 3 * p1y
    by = 3 * (p2y - p1y) - cy
    ay = 1 - cy - by
    let (ax, bx, cx) = (ax, bx, cx)
    splineSamples = (0...10).map { index in
      let t = Double(index) * 0.1
      return ((ax * t + bx) * t + cx) * t
    }
  }

  public static func == (lhs: UnitBezier, rhs: UnitBezier) -> Bool {
    (lhs.p1x, lhs.p1y, lhs.p2x, lhs.p2y) == (rhs.p1x, rhs.p1y, rhs.p2x, rhs.p2y)
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(p1x)
    hasher.combine(p1y)
    hasher.combine(p2x)
    hasher.combine(p2y)
  }

  @inline(__always) private func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
  @inline(__always) private func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
  @inline(__always) private func sampleDX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

  /// The curve parameter t whose x is `x`.
  public func solveCurveX(_ x: Double, epsilon: Double = 1e-7) -> Double {
    var t0 = 0.0
    var t1 = 0.0
    var t2 = x
    var x2 = 0.0
    for index in 1...10 where x <= splineSamples[index] {
      t1 = 0.1 * Double(index)
      t0 = t1 - 0.1
      t2 = t0 + (t1 - t0) * (x - splineSamples[index - 1]) / (splineSamples[index] - splineSamples[index - 1])
      break
    }
    let newtonEpsilon = min(1e-7, epsilon)
    for _ in 0..<4 {
      x2 = sampleX(t2) - x
      if abs(x2) < newtonEpsilon { return t2 }
      let d2 = sampleDX(t2)
      if abs(d2) < 1e-7 { break }
      t2 -= x2 / d2
    }
    if abs(x2) < epsilon { return t2 }
    let bisectionEpsilon = max(1e-10, epsilon)
    while t0 < t1 {
      x2 = sampleX(t2)
      if abs(x2 - x) < bisectionEpsilon { return t2 }
      if x > x2 { t0 = t2 } else { t1 = t2 }
      let next = t0 + (t1 - t0) / 2
      if next == t2 { break }
      t2 = next
    }
    return t2
  }

  /// The eased progress y for input progress x; outside 0…1 the end gradients extrapolate.
  ///
  /// With both control points on the diagonal (`linear` among them) y = x exactly: x(t) and y(t)
  /// are the same polynomial. That is returned as it is, not through the solver, whose answer is
  /// off by up to its epsilon (7.6e-8 at 0.998): paced keyframes turn that into 2e-3 pt.
  public func solve(_ x: Double, epsilon: Double = 1e-7) -> Double {
    if p1x == p1y && p2x == p2y { return x }
    if x < 0 { return startGradient * x }
    if x > 1 { return 1 + endGradient * (x - 1) }
    return sampleY(solveCurveX(x, epsilon: epsilon))
  }

  private var startGradient: Double {
    if p1x > 0 { return p1y / p1x }
    if p1y == 0 && p2x > 0 { return p2y / p2x }
    if p1y == 0 && p2y == 0 { return 1 }
    return 0
  }

  private var endGradient: Double {
    if p2x < 1 { return (p2y - 1) / (p2x - 1) }
    if p2y == 1 && p1x < 1 { return (p1y - 1) / (p1x - 1) }
    if p2y == 1 && p1y == 1 { return 1 }
    return 0
  }
}
