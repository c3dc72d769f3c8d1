import SegueGeometry

/// The continuous ("squircle") corner UIKit draws since iOS 7, as reverse-engineered by
/// PaintCode, for the top-right corner of a w × h rectangle with radius r:
///
///     (w − 1.52866483 r, 0)
///     cubic to (w − 0.66993427 r, 0.06549600 r), controls (w − 1.08849323 r, 0), (w − 0.86840689 r, 0)
///     line  to (w − 0.63149399 r, 0.07491100 r)
///     cubic to (w − 0.07491176 r, 0.63149399 r), controls (w − 0.37282392 r, 0.16905899 r), (w − 0.16906013 r, 0.37282401 r)
///     cubic to (w, 1.52866483 r), controls (w, 0.86840701 r), (w, 1.08849299 r)
enum ContinuousCorner {
  /// How far the curve reaches along each edge, in radii.
  static let extent = CornerCurve.continuousExtent

  /// The corner as offsets from the corner point (w, 0), flattened.
  static func offsets(radius r: Double, flatness: Double) -> [Point] {
    func p(_ a: Double, _ b: Double) -> Point { Point(x: -a * r, y: b * r) }
    let start = p(extent, 0)
    var points = [start]
    let first = p(0.66993427, 0.06549600)
    points += Path.flattenCubic(start, p(1.08849323, 0), p(0.86840689, 0), first, flatness: flatness)
    let lineEnd = p(0.63149399, 0.07491100)
    points.append(lineEnd)
    let second = p(0.07491176, 0.63149399)
    points += Path.flattenCubic(
      lineEnd, p(0.37282392, 0.16905899), p(0.16906013, 0.37282401), second, flatness: flatness)
    points += Path.flattenCubic(second, p(0, 0.86840701), p(0, 1.08849299), p(0, extent), flatness: flatness)
    return points
  }
}
