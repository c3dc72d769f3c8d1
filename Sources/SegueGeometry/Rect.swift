/// An axis-aligned rectangle: origin at the top-left corner, y down.
public struct Rect: Sendable, Hashable {
  public var x: Double
  public var y: Double
  public var width: Double
  public var height: Double

  public init(x: Double, y: Double, width: Double, height: Double) {
    self.x = x
    self.y = y
    self.width = width
    self.height = height
  }

  public init(origin: Point = Point(x: 0, y: 0), size: Size) {
    self.init(x: origin.x, y: origin.y, width: size.width, height: size.height)
  }

  public var minX: Double { x }
  public var minY: Double { y }
  public var maxX: Double { x + width }
  public var maxY: Double { y + height }
  public var midX: Double { x + width / 2 }
  public var midY: Double { y + height / 2 }
  public var size: Size { Size(width: width, height: height) }
  public var isEmpty: Bool { !(width > 0 && height > 0) }

  /// The rectangle with every coordinate multiplied by `factor` (points to pixels).
  public func scaled(by factor: Double) -> Rect {
    Rect(x: x * factor, y: y * factor, width: width * factor, height: height * factor)
  }

  /// The rectangle with x coordinates multiplied by `sx` and y coordinates by `sy`.
  public func scaled(x sx: Double, y sy: Double) -> Rect {
    Rect(x: x * sx, y: y * sy, width: width * sx, height: height * sy)
  }

  /// The same area with a positive width and height (a negative size spans to the left or up:
  /// a mirrored placement).
  public var standardized: Rect {
    Rect(
      x: width < 0 ? x + width : x, y: height < 0 ? y + height : y, width: abs(width), height: abs(height))
  }

  /// The rectangle moved in by `amount` on every side (out when negative).
  public func insetBy(_ amount: Double) -> Rect {
    Rect(x: x + amount, y: y + amount, width: width - 2 * amount, height: height - 2 * amount)
  }

  /// Linear interpolation of every coordinate: a + (b − a)·t (t may overshoot for springs).
  public static func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    Rect(
      x: a.x + (b.x - a.x) * t, y: a.y + (b.y - a.y) * t,
      width: a.width + (b.width - a.width) * t, height: a.height + (b.height - a.height) * t)
  }

  /// The empty rectangle at the origin.
  public static let zero = Rect(x: 0, y: 0, width: 0, height: 0)
}
