#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A transform taken apart as Core Animation interpolates a `transform` between two matrices:
/// scale, shear, a rotation (as a quaternion), a translation and a perspective, each
/// interpolated on its own and put back together (docs/custom-transitions.md, "Transforms as
/// steps"). The algorithm is "unmatrix" (Spencer W. Thomas, Graphics Gems II, 1991), as the CSS
/// Transforms Level 2 specification writes it down for `matrix3d()` interpolation; Apple does not
/// document CA's, but a turn interpolated this way goes by its angle (a 180° flip about y stays
/// about y), which is what CA shows.
///
/// In Core Animation's row layout R (p' = p · R, translation in the last row, m34 in the last
/// column), with R normalized so R₄₄ = 1:
///
///     R = [ N′  0 ] · Q,   N′ = L · N,   Q = I with its last column (p₀, p₁, p₂, p₃)
///         [ t   1 ]
///
/// N the rotation's rows, L = [[sx, 0, 0], [k₀·sy, sy, 0], [k₁·sz, k₂·sz, sz]] the scales and
/// shears (Gram–Schmidt on R's rows), t the translation and p the perspective, solved from R's
/// last column. Recomposing reverses each step exactly.
public struct DecomposedTransform: Sendable, Equatable {
  public var scale: [Double]
  /// xy, xz, yz.
  public var shear: [Double]
  /// (x, y, z, w) of the rotation.
  public var quaternion: [Double]
  public var translation: [Double]
  public var perspective: [Double]

  /// Nil when the matrix cannot be taken apart (R₄₄ = 0, or its linear part is singular).
  public init?(_ transform: Transform3D) {
    // Core Animation's layout is the transpose of Transform3D's column form.
    var r = (0..<4).map { i in (0..<4).map { j in transform.m[j][i] } }
    let w = r[3][3]
    guard w != 0 else { return nil }
    for i in 0..<4 { for j in 0..<4 { r[i][j] /= w } }
    var linear = r
    for i in 0..<3 { linear[i][3] = 0 }
    linear[3][3] = 1
    guard let inverse = Self.inverse(linear) else { return nil }
    if r[0][3] != 0 || r[1][3] != 0 || r[2][3] != 0 {
      let rhs = [r[0][3], r[1][3], r[2][3], r[3][3]]
      perspective = (0..<4).map { i in (0..<4).reduce(0) { $0 + inverse[i][$1] * rhs[$1] } }
    } else {
      perspective = [0, 0, 0, 1]
    }
    translation = [r[3][0], r[3][1], r[3][2]]
    var rows = (0..<3).map { Array(r[$0][0..<3]) }
    func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    func length(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
    func minus(_ a: [Double], _ b: [Double], _ k: Double) -> [Double] {
      [a[0] - k * b[0], a[1] - k * b[1], a[2] - k * b[2]]
    }
    func over(_ a: [Double], _ k: Double) -> [Double] { k == 0 ? a : a.map { $0 / k } }
    var scale = [0.0, 0.0, 0.0]
    var shear = [0.0, 0.0, 0.0]
    scale[0] = length(rows[0])
    rows[0] = over(rows[0], scale[0])
    shear[0] = dot(rows[0], rows[1])
    rows[1] = minus(rows[1], rows[0], shear[0])
    scale[1] = length(rows[1])
    rows[1] = over(rows[1], scale[1])
    shear[0] = scale[1] == 0 ? 0 : shear[0] / scale[1]
    shear[1] = dot(rows[0], rows[2])
    rows[2] = minus(rows[2], rows[0], shear[1])
    shear[2] = dot(rows[1], rows[2])
    rows[2] = minus(rows[2], rows[1], shear[2])
    scale[2] = length(rows[2])
    rows[2] = over(rows[2], scale[2])
    if scale[2] != 0 {
      shear[1] /= scale[2]
      shear[2] /= scale[2]
    }
    // A mirror (determinant < 0) is a negative scale on every axis and a proper rotation.
    let cross = [
      rows[1][1] * rows[2][2] - rows[1][2] * rows[2][1], rows[1][2] * rows[2][0] - rows[1][0] * rows[2][2],
      rows[1][0] * rows[2][1] - rows[1][1] * rows[2][0],
    ]
    if dot(rows[0], cross) < 0 {
      scale = scale.map { -$0 }
      rows = rows.map { $0.map { -$0 } }
    }
    self.scale = scale
    self.shear = shear
    quaternion = Self.quaternion(rows)
  }

  /// The quaternion of a rotation given by its rows in CA's layout (the column form C is their
  /// transpose, C[i][j] = rows[j][i]); Shepperd's method, from the largest of the trace and the
  /// diagonal, so no division is by a small number.
  static func quaternion(_ rows: [[Double]]) -> [Double] {
    func c(_ i: Int, _ j: Int) -> Double { rows[j][i] }
    let trace = c(0, 0) + c(1, 1) + c(2, 2)
    if trace > 0 {
      let s = (trace + 1).squareRoot() * 2
      return [(c(2, 1) - c(1, 2)) / s, (c(0, 2) - c(2, 0)) / s, (c(1, 0) - c(0, 1)) / s, s / 4]
    }
    if c(0, 0) > c(1, 1) && c(0, 0) > c(2, 2) {
      let s = (1 + c(0, 0) - c(1, 1) - c(2, 2)).squareRoot() * 2
      return [s / 4, (c(0, 1) + c(1, 0)) / s, (c(0, 2) + c(2, 0)) / s, (c(2, 1) - c(1, 2)) / s]
    }
    if c(1, 1) > c(2, 2) {
      let s = (1 + c(1, 1) - c(0, 0) - c(2, 2)).squareRoot() * 2
      return [(c(0, 1) + c(1, 0)) / s, s / 4, (c(1, 2) + c(2, 1)) / s, (c(0, 2) - c(2, 0)) / s]
    }
    let s = (1 + c(2, 2) - c(0, 0) - c(1, 1)).squareRoot() * 2
    return [(c(0, 2) + c(2, 0)) / s, (c(1, 2) + c(2, 1)) / s, s / 4, (c(1, 0) - c(0, 1)) / s]
  }

  /// The transform again: R = [L · N, 0; t, 1] · Q, back in column form.
  public var matrix: Transform3D {
    let (x, y, z, w) = (quaternion[0], quaternion[1], quaternion[2], quaternion[3])
    // The column form of the rotation, then its rows in CA's layout.
    let c = [
      [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
      [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
      [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ]
    let rotation = (0..<3).map { i in (0..<3).map { j in c[j][i] } }
    let (sx, sy, sz) = (scale[0], scale[1], scale[2])
    let l = [[sx, 0, 0], [shear[0] * sy, sy, 0], [shear[1] * sz, shear[2] * sz, sz]]
    var m = [[Double]](repeating: [0, 0, 0, 0], count: 4)
    for i in 0..<3 { for j in 0..<3 { m[i][j] = (0..<3).reduce(0) { $0 + l[i][$1] * rotation[$1][j] } } }
    m[3] = [translation[0], translation[1], translation[2], 1]
    var r = m
    // Times Q: the last column is M · p, the others stay.
    for i in 0..<4 { r[i][3] = (0..<4).reduce(0) { $0 + m[i][$1] * perspective[$1] } }
    return Transform3D((0..<4).map { i in (0..<4).map { j in r[j][i] } })
  }

  /// Between `a` (t = 0) and `b` (t = 1), as Core Animation animates a `transform`: scale, shear,
  /// translation and perspective linearly, the rotation by spherical linear interpolation the
  /// shorter way round (a quaternion and its negative are one rotation); rotations closer than
  /// cos θ > 0.9995 are interpolated linearly and normalized, where sin θ is too small to divide
  /// by. A matrix that cannot be taken apart switches to the other at t = 0.5. The ends are the
  /// matrices themselves.
  public static func interpolate(_ a: Transform3D, _ b: Transform3D, _ t: Double) -> Transform3D {
    if t == 0 { return a }
    if t == 1 { return b }
    guard let x = DecomposedTransform(a), let y = DecomposedTransform(b) else { return t < 0.5 ? a : b }
    func lerp(_ p: [Double], _ q: [Double]) -> [Double] { zip(p, q).map { $0 + ($1 - $0) * t } }
    var mixed = x
    mixed.scale = lerp(x.scale, y.scale)
    mixed.shear = lerp(x.shear, y.shear)
    mixed.translation = lerp(x.translation, y.translation)
    mixed.perspective = lerp(x.perspective, y.perspective)
    let qa = x.quaternion
    var qb = y.quaternion
    var cosine = zip(qa, qb).reduce(0) { $0 + $1.0 * $1.1 }
    if cosine < 0 {
      qb = qb.map { -$0 }
      cosine = -cosine
    }
    var q: [Double]
    if cosine > 0.9995 {
      q = lerp(qa, qb)
    } else {
      let theta = acos(min(1, cosine))
      let sine = sin(theta)
      let (wa, wb) = (sin((1 - t) * theta) / sine, sin(t * theta) / sine)
      q = zip(qa, qb).map { wa * $0 + wb * $1 }
    }
    let norm = q.reduce(0) { $0 + $1 * $1 }.squareRoot()
    mixed.quaternion = q.map { $0 / norm }
    return mixed.matrix
  }

  /// The inverse by Gauss–Jordan elimination with partial pivoting; nil when singular.
  static func inverse(_ matrix: [[Double]]) -> [[Double]]? {
    var a = matrix
    var inverse = (0..<4).map { i in (0..<4).map { $0 == i ? 1.0 : 0.0 } }
    for column in 0..<4 {
      guard let pivot = (column..<4).max(by: { abs(a[$0][column]) < abs(a[$1][column]) }), a[pivot][column] != 0
      else { return nil }
      a.swapAt(column, pivot)
      inverse.swapAt(column, pivot)
      let k = a[column][column]
      for j in 0..<4 {
        a[column][j] /= k
        inverse[column][j] /= k
      }
      for row in 0..<4 where row != column {
        let f = a[row][column]
        guard f != 0 else { continue }
        for j in 0..<4 {
          a[row][j] -= f * a[column][j]
          inverse[row][j] -= f * inverse[column][j]
        }
      }
    }
    return inverse
  }
}
