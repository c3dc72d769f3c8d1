/// The radius of each corner of a rounded rectangle, clockwise from the top-left.
public struct CornerRadii: Sendable, Hashable {
  public var topLeft: Double
  public var topRight: Double
  public var bottomRight: Double
  public var bottomLeft: Double

  public init(topLeft: Double, topRight: Double, bottomRight: Double, bottomLeft: Double) {
    self.topLeft = topLeft
    self.topRight = topRight
    self.bottomRight = bottomRight
    self.bottomLeft = bottomLeft
  }

  public init(_ all: Double) {
    self.init(topLeft: all, topRight: all, bottomRight: all, bottomLeft: all)
  }

  public static let zero = CornerRadii(0)

  public var isZero: Bool { topLeft <= 0 && topRight <= 0 && bottomRight <= 0 && bottomLeft <= 0 }

  /// Every radius times `factor`.
  public func scaled(by factor: Double) -> CornerRadii {
    CornerRadii(
      topLeft: topLeft * factor, topRight: topRight * factor,
      bottomRight: bottomRight * factor, bottomLeft: bottomLeft * factor)
  }

  /// The radii as drawn on `rect`: negative ones as 0; circular radii that would overlap on a
  /// side scaled down together by f = min over sides of side / (r1 + r2), as CALayer and CSS
  /// do; continuous radii each limited to min(w, h) / (2 · 1.52866483), the extent of the
  /// PaintCode curve.
  public func fitted(to rect: Rect, curve: CornerCurve) -> CornerRadii {
    var r = CornerRadii(
      topLeft: max(0, topLeft), topRight: max(0, topRight), bottomRight: max(0, bottomRight),
      bottomLeft: max(0, bottomLeft))
    switch curve {
    case .circular:
      var factor = 1.0
      for (side, a, b) in [
        (rect.width, r.topLeft, r.topRight), (rect.width, r.bottomLeft, r.bottomRight),
        (rect.height, r.topLeft, r.bottomLeft), (rect.height, r.topRight, r.bottomRight),
      ] where a + b > side {
        factor = min(factor, max(0, side) / (a + b))
      }
      r = r.scaled(by: factor)
    case .continuous:
      let limit = max(0, min(rect.width, rect.height)) / (2 * CornerCurve.continuousExtent)
      r = CornerRadii(
        topLeft: min(r.topLeft, limit), topRight: min(r.topRight, limit),
        bottomRight: min(r.bottomRight, limit), bottomLeft: min(r.bottomLeft, limit))
    }
    return r
  }

  /// Every radius reduced by `amount`, never below zero (the inner edge of a border).
  public func inset(by amount: Double) -> CornerRadii {
    CornerRadii(
      topLeft: max(0, topLeft - amount), topRight: max(0, topRight - amount),
      bottomRight: max(0, bottomRight - amount), bottomLeft: max(0, bottomLeft - amount))
  }

  /// a + (b − a)·t, corner by corner.
  public static func lerp(_ a: CornerRadii, _ b: CornerRadii, _ t: Double) -> CornerRadii {
    CornerRadii(
      topLeft: a.topLeft + (b.topLeft - a.topLeft) * t, topRight: a.topRight + (b.topRight - a.topRight) * t,
      bottomRight: a.bottomRight + (b.bottomRight - a.bottomRight) * t,
      bottomLeft: a.bottomLeft + (b.bottomLeft - a.bottomLeft) * t)
  }

  /// The four radii, clockwise from the top-left.
  public var values: [Double] { [topLeft, topRight, bottomRight, bottomLeft] }

  /// True when all four are the same.
  public var isUniform: Bool { topLeft == topRight && topRight == bottomRight && bottomRight == bottomLeft }
}
