/// A 2D affine transform with CoreGraphics' row-vector convention:
/// x' = a·x + c·y + tx, y' = b·x + d·y + ty.
public struct CGAffineTransform: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat

  public init() { self.init(a: 1, b: 0, c: 0, d: 1, tx: 0, ty: 0) }
  public init(a: CGFloat, b: CGFloat, c: CGFloat, d: CGFloat, tx: CGFloat, ty: CGFloat) {
    self.a = a
    self.b = b
    self.c = c
    self.d = d
    self.tx = tx
    self.ty = ty
  }
  public init(_ a: CGFloat, _ b: CGFloat, _ c: CGFloat, _ d: CGFloat, _ tx: CGFloat, _ ty: CGFloat) {
    self.init(a: a, b: b, c: c, d: d, tx: tx, ty: ty)
  }
  public init(translationX tx: CGFloat, y ty: CGFloat) { self.init(a: 1, b: 0, c: 0, d: 1, tx: tx, ty: ty) }
  public init(scaleX sx: CGFloat, y sy: CGFloat) { self.init(a: sx, b: 0, c: 0, d: sy, tx: 0, ty: 0) }
  public init(rotationAngle angle: CGFloat) {
    let c = CGFloat(Foundation.cos(Double(angle)))
    let s = CGFloat(Foundation.sin(Double(angle)))
    self.init(a: c, b: s, c: -s, d: c, tx: 0, ty: 0)
  }

  public static let identity = CGAffineTransform()
  public var isIdentity: Bool { self == .identity }

  /// `self` followed by `t2` (CGAffineTransformConcat(self, t2)).
  public func concatenating(_ t2: CGAffineTransform) -> CGAffineTransform {
    CGAffineTransform(
      a: a * t2.a + b * t2.c, b: a * t2.b + b * t2.d,
      c: c * t2.a + d * t2.c, d: c * t2.b + d * t2.d,
      tx: tx * t2.a + ty * t2.c + t2.tx, ty: tx * t2.b + ty * t2.d + t2.ty)
  }
  /// Translation applied before `self` (CGAffineTransformTranslate).
  public func translatedBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(translationX: x, y: y).concatenating(self)
  }
  /// Scale applied before `self` (CGAffineTransformScale).
  public func scaledBy(x: CGFloat, y: CGFloat) -> CGAffineTransform {
    CGAffineTransform(scaleX: x, y: y).concatenating(self)
  }
  /// Rotation applied before `self` (CGAffineTransformRotate).
  public func rotated(by angle: CGFloat) -> CGAffineTransform {
    CGAffineTransform(rotationAngle: angle).concatenating(self)
  }
  /// The inverse, or `self` unchanged when not invertible (as CoreGraphics does).
  public func inverted() -> CGAffineTransform {
    let det = a * d - b * c
    if det == 0 { return self }
    let ia = d / det
    let ib = -b / det
    let ic = -c / det
    let id = a / det
    return CGAffineTransform(
      a: ia, b: ib, c: ic, d: id,
      tx: -(tx * ia + ty * ic), ty: -(tx * ib + ty * id))
  }
  public var description: String { "CGAffineTransform(a: \(a), b: \(b), c: \(c), d: \(d), tx: \(tx), ty: \(ty))" }
}
