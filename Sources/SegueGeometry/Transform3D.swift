#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A 4 × 4 matrix acting on column vectors (x, y, z, w): p' = M · p. `a * b` applies `b`
/// first, then `a`.
///
/// Core Animation writes the same transforms as row vectors (p' = p · M, with m34 in the last
/// column); this is its transpose, so m34 = −1/d appears here as `m[3][2]`. Coordinates follow
/// UIKit: x right, y down, z toward the viewer.
public struct Transform3D: Sendable, Equatable {
  /// Rows of the matrix.
  public var m: [[Double]]

  public init(_ m: [[Double]]) {
    self.m = m
  }

  public static let identity = Transform3D([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])

  public static func translation(_ x: Double, _ y: Double, _ z: Double = 0) -> Transform3D {
    Transform3D([[1, 0, 0, x], [0, 1, 0, y], [0, 0, 1, z], [0, 0, 0, 1]])
  }

  public static func scale(_ x: Double, _ y: Double, _ z: Double = 1) -> Transform3D {
    Transform3D([[x, 0, 0, 0], [0, y, 0, 0], [0, 0, z, 0], [0, 0, 0, 1]])
  }

  /// About the axis out of the screen, clockwise on screen (y is down) for a positive angle:
  /// (x cos θ − y sin θ, x sin θ + y cos θ, z).
  public static func rotationZ(degrees: Double) -> Transform3D {
    let (s, c) = sinCos(degrees)
    return Transform3D([[c, -s, 0, 0], [s, c, 0, 0], [0, 0, 1, 0], [0, 0, 0, 1]])
  }

  /// About the horizontal axis: (x, y cos θ − z sin θ, y sin θ + z cos θ); a positive angle
  /// brings the bottom edge toward the viewer.
  public static func rotationX(degrees: Double) -> Transform3D {
    let (s, c) = sinCos(degrees)
    return Transform3D([[1, 0, 0, 0], [0, c, -s, 0], [0, s, c, 0], [0, 0, 0, 1]])
  }

  /// About the vertical axis: (x cos θ + z sin θ, y, −x sin θ + z cos θ); a positive angle
  /// sends the right edge away.
  public static func rotationY(degrees: Double) -> Transform3D {
    let (s, c) = sinCos(degrees)
    return Transform3D([[c, 0, s, 0], [0, 1, 0, 0], [-s, 0, c, 0], [0, 0, 0, 1]])
  }

  /// The container's perspective (its sublayerTransform with m34 = −1/d) about `center`: a
  /// point (x, y, z) relative to the centre is drawn at (x, y) · d / (d − z); w = 1 − z/d.
  public static func perspective(distance d: Double, center: Point) -> Transform3D {
    translation(center.x, center.y)
      * Transform3D([[1, 0, 0, 0], [0, 1, 0, 0], [0, 0, 1, 0], [0, 0, -1 / d, 1]])
      * translation(-center.x, -center.y)
  }

  /// Sine and cosine of an angle in degrees, exact at multiples of 90° (so a quarter turn is
  /// edge-on exactly, not 6e-17 away).
  static func sinCos(_ degrees: Double) -> (Double, Double) {
    let turns = degrees / 90
    if turns == turns.rounded() {
      switch ((Int(turns) % 4) + 4) % 4 {
      case 0: return (0, 1)
      case 1: return (1, 0)
      case 2: return (0, -1)
      default: return (-1, 0)
      }
    }
    let radians = degrees * .pi / 180
    return (sin(radians), cos(radians))
  }

  public static func * (a: Transform3D, b: Transform3D) -> Transform3D {
    var result = [[Double]](repeating: [0, 0, 0, 0], count: 4)
    for i in 0..<4 {
      for j in 0..<4 {
        var sum = 0.0
        for k in 0..<4 { sum += a.m[i][k] * b.m[k][j] }
        result[i][j] = sum
      }
    }
    return Transform3D(result)
  }

  /// Points nearer the eye plane than this w (w = 1 − z/d under the container's perspective)
  /// are cut away where a layer is drawn or placed: what is at or behind the eye is not drawn.
  public static let nearestW = 1e-3

  /// M · (x, y, z, 1).
  public func apply(_ x: Double, _ y: Double, _ z: Double = 0) -> (x: Double, y: Double, z: Double, w: Double) {
    (
      m[0][0] * x + m[0][1] * y + m[0][2] * z + m[0][3], m[1][0] * x + m[1][1] * y + m[1][2] * z + m[1][3],
      m[2][0] * x + m[2][1] * y + m[2][2] * z + m[2][3], m[3][0] * x + m[3][1] * y + m[3][2] * z + m[3][3]
    )
  }

  /// A planar map as a transform that first flattens: any point (x, y, z, w) goes where `h`
  /// takes (x, y, w), its z dropped, as a layer that is not a 3D group flattens its sublayers
  /// into its own plane. `(flattening(h) * t).planar == h * t.planar` for every t.
  public init(flattening h: Homography) {
    self.init([[h.a, h.b, 0, h.c], [h.d, h.e, 0, h.f], [0, 0, 0, 0], [h.g, h.h, 0, h.i]])
  }

  /// The map of the plane z = 0 it induces, for points (x, y, 1) of that plane: rows x, y and w,
  /// columns x, y and the constant (z is 0 there, so its column drops out).
  public var planar: Homography {
    Homography(
      m[0][0], m[0][1], m[0][3],
      m[1][0], m[1][1], m[1][3],
      m[3][0], m[3][1], m[3][3])
  }
}
