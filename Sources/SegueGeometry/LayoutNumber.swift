/// A number that layout rules are written over, once: `Double` when a scene is drawn for one
/// device, an expression when the same rule is written out as Swift that runs on any device.
///
/// Only what layout needs: sums, differences, products and quotients by constants, the larger
/// of two numbers and the length of a vector (a circle that covers a frame).
public protocol LayoutNumber: Sendable {
  /// The constant `value`.
  init(constant value: Double)
  static func + (lhs: Self, rhs: Self) -> Self
  static func - (lhs: Self, rhs: Self) -> Self
  /// `value` scaled by the constant `factor`.
  static func * (value: Self, factor: Double) -> Self
  /// The larger of `a` and `b`.
  static func max(_ a: Self, _ b: Self) -> Self
  /// sqrt(a² + b²), computed as written (not `hypot`), so both kinds round alike.
  static func length(_ a: Self, _ b: Self) -> Self
}

extension LayoutNumber {
  /// The distance from `center` to the farthest corner of the frame (x, y, width, height): the
  /// radius of the smallest circle about `center` that covers the frame, as BubbleTransition
  /// sizes its bubble and the seeds' circle reveal its last mask. The farthest corner is the far
  /// one on each axis, so
  ///
  ///     r = sqrt(max(cx − x, x + w − cx)² + max(cy − y, y + h − cy)²).
  ///
  /// A centre outside the frame is covered all the same (one of the two terms is the larger).
  public static func coverRadius(
    center: (x: Self, y: Self), frame: (x: Self, y: Self, width: Self, height: Self)
  ) -> Self {
    let dx = max(center.x - frame.x, frame.x + frame.width - center.x)
    let dy = max(center.y - frame.y, frame.y + frame.height - center.y)
    return length(dx, dy)
  }
}

extension Double: LayoutNumber {
  public init(constant value: Double) { self = value }

  public static func max(_ a: Double, _ b: Double) -> Double { Swift.max(a, b) }

  public static func length(_ a: Double, _ b: Double) -> Double { (a * a + b * b).squareRoot() }
}
