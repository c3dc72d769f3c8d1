import UIKit

/// Minimal assertion bookkeeping for the self-test.
@MainActor
enum Check {
  static var passed = 0
  static var failed = 0
  static var section = ""

  static func begin(_ name: String) {
    section = name
    StandInClock.reset(to: 0)
    StandInRecorder.shared.reset()
  }
  static func that(_ ok: Bool, _ what: String) {
    if ok {
      passed += 1
    } else {
      failed += 1
      print("FAIL [\(section)] \(what)")
    }
  }
  static func near(_ a: Double, _ b: Double, _ what: String, tol: Double = 1e-9) {
    that(abs(a - b) <= tol, "\(what): got \(a), expected \(b) (tol \(tol))")
  }
  static func near(_ a: CGFloat, _ b: Double, _ what: String, tol: Double = 1e-9) { near(Double(a), b, what, tol: tol) }
  static func near(_ a: Float, _ b: Double, _ what: String, tol: Double = 1e-6) { near(Double(a), b, what, tol: tol) }
}

/// Independent references, computed differently from the module.
enum Reference {
  /// y(x) of a cubic Bézier timing curve by plain bisection on t (no Newton steps).
  static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
    func coord(_ t: Double, _ p1: Double, _ p2: Double) -> Double {
      // De Casteljau evaluation (different from the module's polynomial form).
      let a = p1 * t
      let b = p1 + (p2 - p1) * t
      let c = p2 + (1 - p2) * t
      let d = a + (b - a) * t
      let e = b + (c - b) * t
      return d + (e - d) * t
    }
    var lo = 0.0
    var hi = 1.0
    for _ in 0..<200 {
      let mid = (lo + hi) / 2
      if coord(mid, x1, x2) < x { lo = mid } else { hi = mid }
    }
    return coord((lo + hi) / 2, y1, y2)
  }

  /// Spring position by RK4 integration of x'' = (−k(x−1) − c x')/m with a tiny step.
  static func spring(_ t: Double, m: Double, k: Double, c: Double, v0: Double) -> Double {
    var x = 0.0
    var v = v0
    let n = max(1, Int(t / 1e-5))
    let h = t / Double(n)
    func acc(_ x: Double, _ v: Double) -> Double { (-k * (x - 1) - c * v) / m }
    for _ in 0..<n {
      let k1x = v
      let k1v = acc(x, v)
      let k2x = v + h / 2 * k1v
      let k2v = acc(x + h / 2 * k1x, v + h / 2 * k1v)
      let k3x = v + h / 2 * k2v
      let k3v = acc(x + h / 2 * k2x, v + h / 2 * k2v)
      let k4x = v + h * k3v
      let k4v = acc(x + h * k3x, v + h * k3v)
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return x
  }

  /// UIKit's duration mapping solved by bisection: ω₀ with envelope(duration) = 0.001 (v0 = 0).
  static func uiKitOmega(duration d: Double, ratio z: Double) -> Double {
    func f(_ w: Double) -> Double {
      if z >= 1 { return exp(-d * w) * (w * d + 1) - 0.001 }
      return (z * w / (w * (1 - z * z).squareRoot())) * exp(-z * d * w) - 0.001
    }
    var lo = 1e-6
    var hi = 1e4
    for _ in 0..<300 {
      let mid = (lo + hi) / 2
      if f(mid) > 0 { lo = mid } else { hi = mid }
    }
    return (lo + hi) / 2
  }
}
