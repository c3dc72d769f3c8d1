import SegueGeometry

/// A mask in the target's own points: only what lies inside shows.
public enum Mask: Sendable, Equatable {
  /// A circle about `center`; a negative radius (an overshooting curve) is the circle of |r|.
  case circle(center: Point, radius: Double)
  /// A rectangle with circular corners of one radius.
  case rect(Rect, cornerRadius: Double)
  /// An outline from SVG path data, filled by the non-zero rule (a `CAShapeLayer`'s default).
  case path(SVGPath)

  /// Masks animate only between masks of one kind.
  public var kind: String {
    switch self {
    case .circle: return "circle"
    case .rect: return "rect"
    case .path: return "path"
    }
  }

  /// lerp(a, b, t) of every number, for masks of one kind (paths: of the same commands); nil
  /// otherwise.
  public static func lerp(_ a: Mask, _ b: Mask, _ t: Double) -> Mask? {
    switch (a, b) {
    case (.circle(let c1, let r1), .circle(let c2, let r2)):
      return .circle(center: .lerp(c1, c2, t), radius: r1 + (r2 - r1) * t)
    case (.rect(let f1, let r1), .rect(let f2, let r2)):
      return .rect(.lerp(f1, f2, t), cornerRadius: r1 + (r2 - r1) * t)
    case (.path(let p1), .path(let p2)):
      return SVGPath.lerp(p1, p2, t).map(Mask.path)
    default:
      return nil
    }
  }
}
