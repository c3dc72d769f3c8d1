import SegueGeometry

/// The value of an animatable property.
public enum PropertyValue: Sendable, Equatable {
  /// `frame`.
  case rect(Rect)
  /// `anchor`, `translate`, and `scale` ([sx, sy]).
  case point(Point)
  /// `rotation`, `rotationX`, `rotationY` (degrees) and `opacity`.
  case number(Double)
  /// `cornerRadius`.
  case radii(CornerRadii)
  /// `cornerCurve`: set at once, never interpolated.
  case cornerCurve(CornerCurve)
  /// `mask`; nil is none.
  case mask(Mask?)
  /// `shadow`; nil is none.
  case shadow(Shadow?)
  /// `color` (straight sRGB).
  case color(RGBA8)
  /// `transform`: the product of its steps; no steps is the identity.
  case transform([TransformStep])

  /// lerp(a, b, t) (docs/custom-transitions.md): numbers, points, rects, radii and colours component by
  /// component (t may pass 0…1: springs overshoot); a transform by its two matrices taken apart
  /// (`DecomposedTransform`); a corner curve switches at once when the animation starts; a mask
  /// from none appears at its `to` shape, and to none stays until the animation ends; a shadow
  /// from none fades in.
  public static func lerp(_ a: PropertyValue, _ b: PropertyValue, _ t: Double, ended: Bool) -> PropertyValue {
    switch (a, b) {
    case (.rect(let x), .rect(let y)): return .rect(.lerp(x, y, t))
    case (.point(let x), .point(let y)): return .point(.lerp(x, y, t))
    case (.number(let x), .number(let y)): return .number(x + (y - x) * t)
    case (.radii(let x), .radii(let y)): return .radii(.lerp(x, y, t))
    case (.cornerCurve, .cornerCurve): return b
    case (.mask(let x), .mask(let y)):
      switch (x, y) {
      case (nil, _): return .mask(y)
      case (_, nil): return .mask(ended ? nil : x)
      case (let x?, let y?): return .mask(Mask.lerp(x, y, t) ?? y)
      }
    case (.shadow(let x), .shadow(let y)): return .shadow(Shadow.lerp(x, y, t))
    case (.color(let x), .color(let y)): return .color(.lerp(x, y, t))
    case (.transform(let x), .transform(let y)):
      // Core Animation interpolates the two matrices taken apart, not the steps; the ends are
      // the steps themselves.
      if t == 0 || x == y { return a }
      if t == 1 { return b }
      let (a, b) = (TransformStep.product(x), TransformStep.product(y))
      return .transform([.matrix(DecomposedTransform.interpolate(a, b, t))])
    default: return b
    }
  }
}
