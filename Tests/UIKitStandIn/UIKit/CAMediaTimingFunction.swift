/// Names of the predefined timing functions.
public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
  public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
  public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
  public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
  public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A cubic Bézier timing curve from (0,0) to (1,1) with two control points. `solve(_:)` returns
/// y for a given x (the fraction of time), solved to ~1e-12 by Newton steps with a bisection
/// fallback.
public class CAMediaTimingFunction: NSObject, @unchecked Sendable {
  let c1: (Double, Double)
  let c2: (Double, Double)
  public private(set) var standInName: CAMediaTimingFunctionName?

  public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
    c1 = (Double(c1x), Double(c1y))
    c2 = (Double(c2x), Double(c2y))
  }
  init(doubles c1x: Double, _ c1y: Double, _ c2x: Double, _ c2y: Double) {
    c1 = (c1x, c1y)
    c2 = (c2x, c2y)
  }
  public convenience init(name: CAMediaTimingFunctionName) {
    switch name {
    case .easeIn: self.init(doubles: 0.42, 0, 1, 1)
    case .easeOut: self.init(doubles: 0, 0, 0.58, 1)
    case .easeInEaseOut: self.init(doubles: 0.42, 0, 0.58, 1)
    case .default: self.init(doubles: 0.25, 0.1, 0.25, 1)
    default: self.init(doubles: 0, 0, 1, 1)
    }
    standInName = name
  }

  /// Control point `idx` (0...3) written to `ptr` as two Floats, as the SDK does.
  public func getControlPoint(at idx: Int, values ptr: UnsafeMutablePointer<Float>) {
    let p: (Double, Double) = idx == 1 ? c1 : idx == 2 ? c2 : idx == 3 ? (1, 1) : (0, 0)
    ptr[0] = Float(p.0)
    ptr[1] = Float(p.1)
  }
  /// The control points as (c1x, c1y, c2x, c2y) (stand-in helper).
  public var standInControlPoints: (Double, Double, Double, Double) { (c1.0, c1.1, c2.0, c2.1) }

  static func bez(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * t * p1 + 3 * u * t * t * p2 + t * t * t
  }
  static func bezDerivative(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
    let u = 1 - t
    return 3 * u * u * p1 + 6 * u * t * (p2 - p1) + 3 * t * t * (1 - p2)
  }

  /// y(x) of the curve for x in [0, 1] (clamped).
  public func standInSolve(_ x: Double) -> Double {
    if x <= 0 { return 0 }
    if x >= 1 { return 1 }
    if c1.0 == c1.1 && c2.0 == c2.1 { return x }
    var t = x
    for _ in 0..<8 {
      let err = Self.bez(t, c1.0, c2.0) - x
      if abs(err) < 1e-14 { return Self.bez(t, c1.1, c2.1) }
      let d = Self.bezDerivative(t, c1.0, c2.0)
      if abs(d) < 1e-9 { break }
      t -= err / d
      if t < 0 || t > 1 { break }
    }
    var lo = 0.0
    var hi = 1.0
    t = x
    if !(t >= 0 && t <= 1) { t = 0.5 }
    for _ in 0..<200 {
      let v = Self.bez(t, c1.0, c2.0)
      if abs(v - x) < 1e-15 { break }
      if v < x { lo = t } else { hi = t }
      t = (lo + hi) / 2
      if hi - lo < 1e-16 { break }
    }
    return Self.bez(t, c1.1, c2.1)
  }

  public override var description: String {
    if let n = standInName { return n.rawValue }
    return String(format: "cubic(%.6g, %.6g, %.6g, %.6g)", c1.0, c1.1, c2.0, c2.1)
  }
  public override func isEqual(_ object: Any?) -> Bool {
    guard let o = object as? CAMediaTimingFunction else { return false }
    return o.c1 == c1 && o.c2 == c2
  }
}
