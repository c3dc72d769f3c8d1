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

  /// Every radius reduced by `amount`, never below zero (the inner edge of a border).
  public func inset(by amount: Double) -> CornerRadii {
    CornerRadii(
      topLeft: max(0, topLeft - amount), topRight: max(0, topRight - amount),
      bottomRight: max(0, bottomRight - amount), bottomLeft: max(0, bottomLeft - amount))
  }
}
