// CoreGraphics geometry that swift-corelibs-foundation lacks: CGVector and the
// applying(_:) conversions. CGRect's minX/midX/insetBy/offsetBy/union/... come from Foundation.

/// A two-dimensional vector (CoreGraphics `CGVector`).
public struct CGVector: Equatable, Hashable, Sendable, CustomStringConvertible {
  public var dx: CGFloat
  public var dy: CGFloat
  public init() {
    dx = 0
    dy = 0
  }
  public init(dx: CGFloat, dy: CGFloat) {
    self.dx = dx
    self.dy = dy
  }
  public init(dx: Double, dy: Double) {
    self.dx = CGFloat(dx)
    self.dy = CGFloat(dy)
  }
  public init(dx: Int, dy: Int) {
    self.dx = CGFloat(dx)
    self.dy = CGFloat(dy)
  }
  public static var zero: CGVector { CGVector() }
  public var description: String { "(\(dx), \(dy))" }
}

extension CGPoint {
  /// The point transformed by `t` (CGPointApplyAffineTransform).
  public func applying(_ t: CGAffineTransform) -> CGPoint {
    CGPoint(x: t.a * x + t.c * y + t.tx, y: t.b * x + t.d * y + t.ty)
  }
}

extension CGSize {
  /// The size transformed by `t` without translation (CGSizeApplyAffineTransform).
  public func applying(_ t: CGAffineTransform) -> CGSize {
    CGSize(width: t.a * width + t.c * height, height: t.b * width + t.d * height)
  }
}

extension CGRect {
  /// The bounding box of the transformed corners (CGRectApplyAffineTransform).
  public func applying(_ t: CGAffineTransform) -> CGRect {
    if isNull { return self }
    let r = standardized
    let corners = [
      CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
      CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
    ].map { $0.applying(t) }
    let xs = corners.map(\.x)
    let ys = corners.map(\.y)
    let minX = xs.min()!
    let minY = ys.min()!
    return CGRect(x: minX, y: minY, width: xs.max()! - minX, height: ys.max()! - minY)
  }
}
