/// Core Animation's 4×4 transform, row-vector convention: a point (x, y, z, 1) is multiplied on
/// the left, so m41/m42/m43 hold the translation and `CATransform3DConcat(a, b)` applies a first.
public struct CATransform3D: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat
  public var m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat
  public var m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat
  public var m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat

  public init() {
    m11 = 1
    m12 = 0
    m13 = 0
    m14 = 0
    m21 = 0
    m22 = 1
    m23 = 0
    m24 = 0
    m31 = 0
    m32 = 0
    m33 = 1
    m34 = 0
    m41 = 0
    m42 = 0
    m43 = 0
    m44 = 1
  }
  public init(
    m11: CGFloat, m12: CGFloat, m13: CGFloat, m14: CGFloat,
    m21: CGFloat, m22: CGFloat, m23: CGFloat, m24: CGFloat,
    m31: CGFloat, m32: CGFloat, m33: CGFloat, m34: CGFloat,
    m41: CGFloat, m42: CGFloat, m43: CGFloat, m44: CGFloat
  ) {
    self.m11 = m11
    self.m12 = m12
    self.m13 = m13
    self.m14 = m14
    self.m21 = m21
    self.m22 = m22
    self.m23 = m23
    self.m24 = m24
    self.m31 = m31
    self.m32 = m32
    self.m33 = m33
    self.m34 = m34
    self.m41 = m41
    self.m42 = m42
    self.m43 = m43
    self.m44 = m44
  }

  var rows: [[Double]] {
    [[m11, m12, m13, m14], [m21, m22, m23, m24], [m31, m32, m33, m34], [m41, m42, m43, m44]]
      .map { $0.map { Double($0) } }
  }
  init(rows r: [[Double]]) {
    func g(_ i: Int, _ j: Int) -> CGFloat { CGFloat(r[i][j]) }
    self.init(
      m11: g(0, 0), m12: g(0, 1), m13: g(0, 2), m14: g(0, 3), m21: g(1, 0), m22: g(1, 1), m23: g(1, 2), m24: g(1, 3),
      m31: g(2, 0), m32: g(2, 1), m33: g(2, 2), m34: g(2, 3), m41: g(3, 0), m42: g(3, 1), m43: g(3, 2), m44: g(3, 3))
  }
  public var description: String {
    let r = rows.map { "[" + $0.map { String(format: "%.6g", $0) }.joined(separator: ", ") + "]" }
    return "CATransform3D(" + r.joined(separator: ", ") + ")"
  }
}

// swift-format-ignore: AlwaysUseLowerCamelCase
public let CATransform3DIdentity = CATransform3D()

// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DIsIdentity(_ t: CATransform3D) -> Bool { t == CATransform3DIdentity }
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DEqualToTransform(_ a: CATransform3D, _ b: CATransform3D) -> Bool { a == b }

// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DMakeTranslation(_ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
  var t = CATransform3D()
  t.m41 = tx
  t.m42 = ty
  t.m43 = tz
  return t
}
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DMakeScale(_ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  var t = CATransform3D()
  t.m11 = sx
  t.m22 = sy
  t.m33 = sz
  return t
}
/// Rotation by `angle` radians about the axis (x, y, z); identity for a zero axis.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DMakeRotation(_ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat) -> CATransform3D {
  var ax = Double(x)
  var ay = Double(y)
  var az = Double(z)
  let len = (ax * ax + ay * ay + az * az).squareRoot()
  if len == 0 { return CATransform3DIdentity }
  ax /= len
  ay /= len
  az /= len
  let c = Foundation.cos(Double(angle))
  let s = Foundation.sin(Double(angle))
  let k = 1 - c
  return CATransform3D(rows: [
    [ax * ax * k + c, ax * ay * k + az * s, ax * az * k - ay * s, 0],
    [ax * ay * k - az * s, ay * ay * k + c, ay * az * k + ax * s, 0],
    [ax * az * k + ay * s, ay * az * k - ax * s, az * az * k + c, 0],
    [0, 0, 0, 1],
  ])
}
/// `a` then `b`: the matrix product a·b.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DConcat(_ a: CATransform3D, _ b: CATransform3D) -> CATransform3D {
  let x = a.rows
  let y = b.rows
  var r = Array(repeating: Array(repeating: 0.0, count: 4), count: 4)
  for i in 0..<4 { for j in 0..<4 { r[i][j] = (0..<4).reduce(0.0) { $0 + x[i][$1] * y[$1][j] } } }
  return CATransform3D(rows: r)
}
/// Translation applied before `t`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DTranslate(_ t: CATransform3D, _ tx: CGFloat, _ ty: CGFloat, _ tz: CGFloat) -> CATransform3D {
  CATransform3DConcat(CATransform3DMakeTranslation(tx, ty, tz), t)
}
/// Scale applied before `t`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DScale(_ t: CATransform3D, _ sx: CGFloat, _ sy: CGFloat, _ sz: CGFloat) -> CATransform3D {
  CATransform3DConcat(CATransform3DMakeScale(sx, sy, sz), t)
}
/// Rotation applied before `t`.
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DRotate(_ t: CATransform3D, _ angle: CGFloat, _ x: CGFloat, _ y: CGFloat, _ z: CGFloat)
  -> CATransform3D
{
  CATransform3DConcat(CATransform3DMakeRotation(angle, x, y, z), t)
}
/// The inverse, or `t` unchanged when singular (as Core Animation does).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DInvert(_ t: CATransform3D) -> CATransform3D {
  guard let inv = invert4(t.rows) else { return t }
  return CATransform3D(rows: inv)
}
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DMakeAffineTransform(_ m: CGAffineTransform) -> CATransform3D {
  var t = CATransform3D()
  t.m11 = m.a
  t.m12 = m.b
  t.m21 = m.c
  t.m22 = m.d
  t.m41 = m.tx
  t.m42 = m.ty
  return t
}
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DIsAffine(_ t: CATransform3D) -> Bool {
  t.m13 == 0 && t.m14 == 0 && t.m23 == 0 && t.m24 == 0 && t.m31 == 0 && t.m32 == 0 && t.m33 == 1
    && t.m34 == 0 && t.m43 == 0 && t.m44 == 1
}
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CATransform3DGetAffineTransform(_ t: CATransform3D) -> CGAffineTransform {
  CGAffineTransform(a: t.m11, b: t.m12, c: t.m21, d: t.m22, tx: t.m41, ty: t.m42)
}

func invert4(_ m: [[Double]]) -> [[Double]]? {
  var a = m
  var inv = (0..<4).map { i in (0..<4).map { $0 == i ? 1.0 : 0.0 } }
  for col in 0..<4 {
    var pivot = col
    for r in col..<4 where abs(a[r][col]) > abs(a[pivot][col]) { pivot = r }
    if abs(a[pivot][col]) < 1e-300 { return nil }
    a.swapAt(col, pivot)
    inv.swapAt(col, pivot)
    let p = a[col][col]
    for j in 0..<4 {
      a[col][j] /= p
      inv[col][j] /= p
    }
    for r in 0..<4 where r != col {
      let f = a[r][col]
      if f == 0 { continue }
      for j in 0..<4 {
        a[r][j] -= f * a[col][j]
        inv[r][j] -= f * inv[col][j]
      }
    }
  }
  return inv
}

// MARK: - Decomposition (stand-in internals)

/// A transform split into the components Core Animation's `transform.*` key paths address.
/// Composition order (row-vector, first applied first): scale, shear, rotation.x, rotation.y,
/// rotation.z, translation, then perspective. This is the "unmatrix" decomposition of
/// Graphics Gems II (also used by the CSS Transforms spec); Core Animation documents the key
/// paths but not its algorithm, see README.
struct DecomposedTransform: Equatable {
  var scale = [1.0, 1.0, 1.0]
  var shear = [0.0, 0.0, 0.0]  // xy, xz, yz
  var rotation = [0.0, 0.0, 0.0]  // Euler angles about x, y, z (radians)
  var quaternion = [0.0, 0.0, 0.0, 1.0]  // same rotation, (x, y, z, w)
  var translation = [0.0, 0.0, 0.0]
  var perspective = [0.0, 0.0, 0.0, 1.0]

  init() {}

  init?(_ t: CATransform3D) {
    var m = t.rows
    if m[3][3] == 0 { return nil }
    for i in 0..<4 { for j in 0..<4 { m[i][j] /= t.rows[3][3] } }
    var p = m
    for i in 0..<3 { p[i][3] = 0 }
    p[3][3] = 1
    guard let pInv = invert4(p) else { return nil }
    if m[0][3] != 0 || m[1][3] != 0 || m[2][3] != 0 {
      let rhs = [m[0][3], m[1][3], m[2][3], m[3][3]]
      perspective = (0..<4).map { i in (0..<4).reduce(0.0) { $0 + pInv[i][$1] * rhs[$1] } }
      for i in 0..<3 { m[i][3] = 0 }
      m[3][3] = 1
    }
    translation = [m[3][0], m[3][1], m[3][2]]
    var r0 = Array(m[0][0..<3])
    var r1 = Array(m[1][0..<3])
    var r2 = Array(m[2][0..<3])
    func dot(_ a: [Double], _ b: [Double]) -> Double { a[0] * b[0] + a[1] * b[1] + a[2] * b[2] }
    func len(_ a: [Double]) -> Double { dot(a, a).squareRoot() }
    func comb(_ a: [Double], _ b: [Double], _ s: Double) -> [Double] {
      [a[0] - s * b[0], a[1] - s * b[1], a[2] - s * b[2]]
    }
    func div(_ a: [Double], _ s: Double) -> [Double] { s == 0 ? a : a.map { $0 / s } }
    scale[0] = len(r0)
    r0 = div(r0, scale[0])
    shear[0] = dot(r0, r1)
    r1 = comb(r1, r0, shear[0])
    scale[1] = len(r1)
    r1 = div(r1, scale[1])
    shear[0] = scale[1] == 0 ? 0 : shear[0] / scale[1]
    shear[1] = dot(r0, r2)
    r2 = comb(r2, r0, shear[1])
    shear[2] = dot(r1, r2)
    r2 = comb(r2, r1, shear[2])
    scale[2] = len(r2)
    r2 = div(r2, scale[2])
    if scale[2] != 0 {
      shear[1] /= scale[2]
      shear[2] /= scale[2]
    }
    let cross = [r1[1] * r2[2] - r1[2] * r2[1], r1[2] * r2[0] - r1[0] * r2[2], r1[0] * r2[1] - r1[1] * r2[0]]
    if dot(r0, cross) < 0 {
      scale = scale.map { -$0 }
      r0 = r0.map { -$0 }
      r1 = r1.map { -$0 }
      r2 = r2.map { -$0 }
    }
    rotation[1] = asin(max(-1, min(1, -r0[2])))
    if Foundation.cos(rotation[1]) > 1e-12 {
      rotation[0] = atan2(r1[2], r2[2])
      rotation[2] = atan2(r0[1], r0[0])
    } else {
      // Gimbal lock (y = ±90°): x and z turn about one axis; all of it goes to x. With rows
      // Rx·Ry·Rz and y = ±90°, the second row is (±sin x, cos x, 0).
      rotation[0] = atan2(-r0[2] * r1[0], r1[1])
      rotation[2] = 0
    }
    quaternion = DecomposedTransform.quaternion(rows: [r0, r1, r2])
  }

  /// Quaternion of a row-vector rotation matrix (its transpose is the usual column form).
  static func quaternion(rows r: [[Double]]) -> [Double] {
    // Column-form matrix c[i][j] = r[j][i].
    let c00 = r[0][0]
    let c11 = r[1][1]
    let c22 = r[2][2]
    let c21 = r[1][2]
    let c12 = r[2][1]
    let c02 = r[2][0]
    let c20 = r[0][2]
    let c10 = r[0][1]
    let c01 = r[1][0]
    let trace = c00 + c11 + c22
    var q: [Double]
    if trace > 0 {
      let s = (trace + 1).squareRoot() * 2
      q = [(c21 - c12) / s, (c02 - c20) / s, (c10 - c01) / s, 0.25 * s]
    } else if c00 > c11 && c00 > c22 {
      let s = (1 + c00 - c11 - c22).squareRoot() * 2
      q = [0.25 * s, (c01 + c10) / s, (c02 + c20) / s, (c21 - c12) / s]
    } else if c11 > c22 {
      let s = (1 + c11 - c00 - c22).squareRoot() * 2
      q = [(c01 + c10) / s, 0.25 * s, (c12 + c21) / s, (c02 - c20) / s]
    } else {
      let s = (1 + c22 - c00 - c11).squareRoot() * 2
      q = [(c02 + c20) / s, (c12 + c21) / s, 0.25 * s, (c10 - c01) / s]
    }
    return q
  }

  static func rotationRows(quaternion q: [Double]) -> [[Double]] {
    let (x, y, z, w) = (q[0], q[1], q[2], q[3])
    // Column form, then transposed into rows.
    let c = [
      [1 - 2 * (y * y + z * z), 2 * (x * y - z * w), 2 * (x * z + y * w)],
      [2 * (x * y + z * w), 1 - 2 * (x * x + z * z), 2 * (y * z - x * w)],
      [2 * (x * z - y * w), 2 * (y * z + x * w), 1 - 2 * (x * x + y * y)],
    ]
    return (0..<3).map { i in (0..<3).map { j in c[j][i] } }
  }

  static func rotationRows(euler e: [Double]) -> [[Double]] {
    let rx = CATransform3DMakeRotation(CGFloat(e[0]), 1, 0, 0)
    let ry = CATransform3DMakeRotation(CGFloat(e[1]), 0, 1, 0)
    let rz = CATransform3DMakeRotation(CGFloat(e[2]), 0, 0, 1)
    let r = CATransform3DConcat(CATransform3DConcat(rx, ry), rz).rows
    return (0..<3).map { Array(r[$0][0..<3]) }
  }

  func recompose(rotationRows rot: [[Double]]) -> CATransform3D {
    let (sx, sy, sz) = (scale[0], scale[1], scale[2])
    let l = [[sx, 0, 0], [shear[0] * sy, sy, 0], [shear[1] * sz, shear[2] * sz, sz]]
    var m = Array(repeating: Array(repeating: 0.0, count: 4), count: 4)
    for i in 0..<3 { for j in 0..<3 { m[i][j] = (0..<3).reduce(0.0) { $0 + l[i][$1] * rot[$1][j] } } }
    m[3] = [translation[0], translation[1], translation[2], 1]
    var q = (0..<4).map { i in (0..<4).map { $0 == i ? 1.0 : 0.0 } }
    for i in 0..<4 { q[i][3] = perspective[i] }
    var r = Array(repeating: Array(repeating: 0.0, count: 4), count: 4)
    for i in 0..<4 { for j in 0..<4 { r[i][j] = (0..<4).reduce(0.0) { $0 + m[i][$1] * q[$1][j] } } }
    return CATransform3D(rows: r)
  }

  /// Recompose from the Euler angles (used after a `transform.rotation.*` component changed).
  func recomposeFromEuler() -> CATransform3D { recompose(rotationRows: Self.rotationRows(euler: rotation)) }

  /// Interpolation as Core Animation does it for whole-matrix values: components are
  /// interpolated linearly and the rotation by quaternion slerp (see README).
  static func interpolate(_ a: CATransform3D, _ b: CATransform3D, _ t: Double) -> CATransform3D {
    guard let da = DecomposedTransform(a), let db = DecomposedTransform(b) else { return t < 0.5 ? a : b }
    func lerp(_ x: [Double], _ y: [Double]) -> [Double] { zip(x, y).map { $0 + ($1 - $0) * t } }
    var r = DecomposedTransform()
    r.scale = lerp(da.scale, db.scale)
    r.shear = lerp(da.shear, db.shear)
    r.translation = lerp(da.translation, db.translation)
    r.perspective = lerp(da.perspective, db.perspective)
    var qa = da.quaternion
    var qb = db.quaternion
    var dotq = zip(qa, qb).reduce(0.0) { $0 + $1.0 * $1.1 }
    if dotq < 0 {
      qb = qb.map { -$0 }
      dotq = -dotq
    }
    var q: [Double]
    if dotq > 0.9995 {
      q = lerp(qa, qb)
    } else {
      let theta = acos(min(1, dotq))
      let s = Foundation.sin(theta)
      let wa = Foundation.sin((1 - t) * theta) / s
      let wb = Foundation.sin(t * theta) / s
      q = zip(qa, qb).map { wa * $0 + wb * $1 }
    }
    let n = (q.reduce(0.0) { $0 + $1 * $1 }).squareRoot()
    q = q.map { $0 / n }
    qa = q
    return r.recompose(rotationRows: rotationRows(quaternion: qa))
  }
}
