/// How a rounded corner is drawn, as `CALayer.cornerCurve`.
public enum CornerCurve: String, Sendable, Hashable, CaseIterable {
  /// A quarter circle.
  case circular
  /// The iOS "squircle": curvature eases in and out (PaintCode's reverse-engineered curve).
  case continuous
}
