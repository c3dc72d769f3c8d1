/// A projective map of the plane, (x, y) → (X / W, Y / W) with (X, Y, W) = H · (x, y, 1): how a
/// flat layer, turned and seen in perspective, lands on the frame. Rows (a b c), (d e f),
/// (g h i).
public struct Homography: Sendable, Equatable {
  public var a, b, c, d, e, f, g, h, i: Double

  public init(
    _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ g: Double, _ h: Double,
    _ i: Double
  ) {
    (self.a, self.b, self.c, self.d, self.e, self.f, self.g, self.h, self.i) = (a, b, c, d, e, f, g, h, i)
  }

  public static let identity = Homography(1, 0, 0, 0, 1, 0, 0, 0, 1)

  /// x' = sx·x + tx, y' = sy·y + ty.
  public static func scaleTranslate(sx: Double, sy: Double, tx: Double = 0, ty: Double = 0) -> Homography {
    Homography(sx, 0, tx, 0, sy, ty, 0, 0, 1)
  }

  /// W at (x, y): positive in front of the viewer's eye, zero on the eye plane, negative behind.
  @inline(__always)
  public func w(_ x: Double, _ y: Double) -> Double { g * x + h * y + i }

  /// The image of (x, y) (meaningful where W > 0).
  @inline(__always)
  public func apply(_ x: Double, _ y: Double) -> Point {
    let w = g * x + h * y + i
    return Point(x: (a * x + b * y + c) / w, y: (d * x + e * y + f) / w)
  }

  /// `self` after `other`: (self · other).
  public static func * (lhs: Homography, rhs: Homography) -> Homography {
    Homography(
      lhs.a * rhs.a + lhs.b * rhs.d + lhs.c * rhs.g, lhs.a * rhs.b + lhs.b * rhs.e + lhs.c * rhs.h,
      lhs.a * rhs.c + lhs.b * rhs.f + lhs.c * rhs.i,
      lhs.d * rhs.a + lhs.e * rhs.d + lhs.f * rhs.g, lhs.d * rhs.b + lhs.e * rhs.e + lhs.f * rhs.h,
      lhs.d * rhs.c + lhs.e * rhs.f + lhs.f * rhs.i,
      lhs.g * rhs.a + lhs.h * rhs.d + lhs.i * rhs.g, lhs.g * rhs.b + lhs.h * rhs.e + lhs.i * rhs.h,
      lhs.g * rhs.c + lhs.h * rhs.f + lhs.i * rhs.i)
  }

  /// The determinant; zero for a layer seen edge-on.
  public var determinant: Double {
    a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
  }

  /// The inverse map (the adjugate: scaling a homography does not change the map), or nil when
  /// it has none.
  public var inverse: Homography? {
    let det = determinant
    guard det.isFinite, abs(det) > 1e-300 else { return nil }
    return Homography(
      e * i - f * h, c * h - b * i, b * f - c * e,
      f * g - d * i, a * i - c * g, c * d - a * f,
      d * h - e * g, b * g - a * h, a * e - b * d)
  }

  /// True when the map is x' = a·x + c, y' = e·y + f with a, e > 0: no rotation, skew,
  /// perspective or mirroring, so a rectangle stays an upright rectangle.
  public var isUprightScaleTranslate: Bool {
    b == 0 && d == 0 && g == 0 && h == 0 && i > 0 && a / i > 0 && e / i > 0
  }

  /// For an upright map, the image of a rectangle.
  public func apply(_ rect: Rect) -> Rect {
    let origin = apply(rect.minX, rect.minY)
    let corner = apply(rect.maxX, rect.maxY)
    return Rect(x: origin.x, y: origin.y, width: corner.x - origin.x, height: corner.y - origin.y)
  }
}
