import SegueGeometry

/// Clipping of polygons against half-planes and convex polygons (Sutherland–Hodgman): the
/// intersection of two convex outlines is one convex outline, so a target's corner clip and its
/// mask become a single polygon whose every edge is covered exactly once.
public enum ConvexPolygon {
  /// The part of `polygon` where the affine function `f` is at least `minimum`.
  ///
  /// Each edge from p to q keeps p when f(p) ≥ minimum, and adds the crossing
  /// p + (q − p)·(minimum − f(p)) / (f(q) − f(p)) when the edge passes the boundary.
  public static func clip(_ polygon: [Point], where f: (Point) -> Double, atLeast minimum: Double) -> [Point] {
    guard polygon.count > 2 else { return [] }
    var result: [Point] = []
    result.reserveCapacity(polygon.count + 4)
    var previous = polygon[polygon.count - 1]
    var previousValue = f(previous) - minimum
    for point in polygon {
      let value = f(point) - minimum
      if value >= 0 {
        if previousValue < 0 { result.append(crossing(previous, previousValue, point, value)) }
        result.append(point)
      } else if previousValue >= 0 {
        result.append(crossing(previous, previousValue, point, value))
      }
      previous = point
      previousValue = value
    }
    return result
  }

  @inline(__always)
  static func crossing(_ p: Point, _ fp: Double, _ q: Point, _ fq: Double) -> Point {
    let t = fp / (fp - fq)
    return Point(x: p.x + (q.x - p.x) * t, y: p.y + (q.y - p.y) * t)
  }

  /// Twice the signed area (positive when the points turn clockwise on screen, y down).
  public static func signedArea2(_ polygon: [Point]) -> Double {
    guard polygon.count > 2 else { return 0 }
    var sum = 0.0
    var previous = polygon[polygon.count - 1]
    for point in polygon {
      sum += previous.x * point.y - point.x * previous.y
      previous = point
    }
    return sum
  }

  /// `subject` ∩ `clipper`, where `clipper` is convex (`subject` may be any simple polygon;
  /// with a convex subject the result is convex). Edges of the clipper that the subject's
  /// bounding box lies wholly inside are skipped.
  public static func intersect(_ subject: [Point], _ clipper: [Point]) -> [Point] {
    guard subject.count > 2, clipper.count > 2 else { return [] }
    let orientation: Double = signedArea2(clipper) >= 0 ? 1 : -1
    var result = subject
    var previous = clipper[clipper.count - 1]
    for point in clipper {
      let a = previous
      let b = point
      previous = point
      // Inside is to the right of a→b for a clockwise clipper (y down): the cross product
      // (b − a) × (p − a) has the clipper's orientation's sign.
      let f = { (p: Point) -> Double in orientation * ((b.x - a.x) * (p.y - a.y) - (b.y - a.y) * (p.x - a.x)) }
      if result.allSatisfy({ f($0) >= 0 }) { continue }
      result = clip(result, where: f, atLeast: 0)
      if result.count < 3 { return [] }
    }
    return result
  }
}
