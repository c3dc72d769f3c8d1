/// A number that layout rules are written over, once: `Double` when a scene is drawn for one
/// device, an expression when the same rule is written out as Swift that runs on any device.
///
/// Only what layout needs: sums, differences, and products and quotients by constants.
public protocol LayoutNumber: Sendable {
  /// The constant `value`.
  init(constant value: Double)
  static func + (lhs: Self, rhs: Self) -> Self
  static func - (lhs: Self, rhs: Self) -> Self
  /// `value` scaled by the constant `factor`.
  static func * (value: Self, factor: Double) -> Self
}

extension Double: LayoutNumber {
  public init(constant value: Double) { self = value }
}
