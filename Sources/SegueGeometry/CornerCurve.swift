/// How a rounded corner is drawn, as `CALayer.cornerCurve`.
public enum CornerCurve: String, Sendable, Hashable, CaseIterable {
  /// A quarter circle.
  case circular
  /// The iOS "squircle": curvature eases in and out (PaintCode's reverse-engineered curve).
  case continuous

  /// How far PaintCode's continuous corner reaches along each edge, in radii: a continuous
  /// radius is at most min(w, h) / (2 · 1.52866483).
  public static let continuousExtent = 1.52866483
}
