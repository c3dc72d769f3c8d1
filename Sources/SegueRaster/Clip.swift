import SegueGeometry

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A shape that limits drawing, given as per-pixel coverage computed row by row.
///
/// Rectangles and circles are exact analytic areas (so a mask that changes every frame costs
/// only its edge pixels); any other outline is a precomputed `CoverageMask`.
public enum Clip: Sendable {
  /// A rectangle in pixels, at fractional coordinates.
  case rect(Rect)
  /// An ellipse in pixels (a circle of a scene is one when x and y scale differently).
  case ellipse(center: Point, radiusX: Double, radiusY: Double)
  /// A rectangle in pixels with elliptical (usually circular) corners.
  case roundedRect(RoundedRect)
  /// Precomputed coverage.
  case mask(CoverageMask)

  /// A circle in pixels.
  public static func circle(center: Point, radius: Double) -> Clip {
    .ellipse(center: center, radiusX: radius, radiusY: radius)
  }

  /// A rectangle in pixels with circular corners of one radius.
  public static func roundedRect(_ rect: Rect, radius: Double) -> Clip {
    .roundedRect(RoundedRect(rect: rect, radius: radius))
  }

  /// The rows that may be covered (not clamped to a canvas).
  public var rows: Range<Int> {
    switch self {
    case .rect(let rect):
      guard !rect.isEmpty else { return 0..<0 }
      return Clip.indices(rect.minY, rect.maxY)
    case .ellipse(let center, let radiusX, let radiusY):
      guard radiusX > 0, radiusY > 0 else { return 0..<0 }
      return Clip.indices(center.y - radiusY, center.y + radiusY)
    case .roundedRect(let shape):
      return Clip.rect(shape.rect).rows
    case .mask(let mask):
      return mask.y..<(mask.y + mask.height)
    }
  }

  /// The whole pixels from `low` to `high` (pixel coordinates, low ≤ high): an empty range
  /// when they are not in order (a NaN).
  static func indices(_ low: Double, _ high: Double) -> Range<Int> {
    let first = pixelIndex(low, .down)
    return first..<max(first, pixelIndex(high, .up))
  }

  /// In row `y`: the columns with any coverage (`outer`) and those surely fully covered (`inner`).
  public func span(row y: Int) -> (outer: Range<Int>, inner: Range<Int>) {
    switch self {
    case .rect(let rect):
      let coverY = Clip.overlap(Double(y), rect.minY, rect.maxY)
      guard coverY > 0, !rect.isEmpty else { return (0..<0, 0..<0) }
      let outer = Clip.indices(rect.minX, rect.maxX)
      guard coverY >= 1 else { return (outer, 0..<0) }
      let innerStart = pixelIndex(rect.minX, .up)
      let innerEnd = max(innerStart, pixelIndex(rect.maxX, .down))
      return (outer, innerStart..<innerEnd)
    case .ellipse(let center, let radiusX, let radiusY):
      // In units of the y radius: v = (y − cy) / ry; the half width at v is rx·sqrt(1 − v²).
      let top = (Double(y) - center.y) / radiusY
      let bottom = (Double(y + 1) - center.y) / radiusY
      guard radiusX > 0, radiusY > 0, bottom > -1, top < 1 else { return (0..<0, 0..<0) }
      let nearest = top < 0 && bottom > 0 ? 0 : min(top * top, bottom * bottom)
      let farthest = max(top * top, bottom * bottom)
      let outerHalf = radiusX * max(0, 1 - nearest).squareRoot()
      let outer = Clip.indices(center.x - outerHalf, center.x + outerHalf)
      guard farthest < 1 else { return (outer, 0..<0) }
      let innerHalf = radiusX * (1 - farthest).squareRoot()
      let innerStart = pixelIndex(center.x - innerHalf, .up)
      let innerEnd = max(innerStart, pixelIndex(center.x + innerHalf, .down))
      return (outer, innerStart..<innerEnd)
    case .roundedRect(let shape):
      let (outer, inner) = Clip.rect(shape.rect).span(row: y)
      return (outer, shape.innerSpan(row: y, rectInner: inner))
    case .mask(let mask):
      guard y >= mask.y, y < mask.y + mask.height else { return (0..<0, 0..<0) }
      return (mask.coveredRuns?[y - mask.y] ?? mask.x..<(mask.x + mask.width), mask.fullRuns?[y - mask.y] ?? 0..<0)
    }
  }

  /// Multiplies this clip's coverage of row `y`, columns `columns`, into `buffer`
  /// (`buffer[0]` is column `columns.lowerBound`).
  public func multiplyCoverage(row y: Int, columns: Range<Int>, into buffer: UnsafeMutablePointer<UInt8>) {
    switch self {
    case .rect(let rect):
      let coverY = Clip.overlap(Double(y), rect.minY, rect.maxY)
      for x in columns {
        let area = coverY * Clip.overlap(Double(x), rect.minX, rect.maxX)
        Clip.multiply(buffer + (x - columns.lowerBound), area)
      }
    case .ellipse(let center, let radiusX, let radiusY):
      let top = Double(y) - center.y
      for x in columns {
        let left = Double(x) - center.x
        let area = Clip.ellipseArea(
          radiusX: radiusX, radiusY: radiusY, x0: left, x1: left + 1, y0: top, y1: top + 1)
        Clip.multiply(buffer + (x - columns.lowerBound), area)
      }
    case .roundedRect(let shape):
      for x in columns {
        Clip.multiply(buffer + (x - columns.lowerBound), shape.area(x0: Double(x), y0: Double(y)))
      }
    case .mask(let mask):
      for x in columns {
        let value = UInt32(mask.coverage(x: x, y: y))
        let slot = buffer + (x - columns.lowerBound)
        slot.pointee = UInt8(divide255(UInt32(slot.pointee) * value))
      }
    }
  }

  @inline(__always)
  private static func multiply(_ slot: UnsafeMutablePointer<UInt8>, _ area: Double) {
    let value = UInt32((min(1, max(0, area)) * 255).rounded())
    slot.pointee = UInt8(divide255(UInt32(slot.pointee) * value))
  }

  /// Length of [p, p + 1] ∩ [lo, hi].
  @inline(__always)
  static func overlap(_ p: Double, _ lo: Double, _ hi: Double) -> Double {
    max(0, min(p + 1, hi) - max(p, lo))
  }

  /// Exact area of the ellipse with radii (rx, ry) about the origin inside [x0, x1] × [y0, y1].
  ///
  /// Scaling y by k = rx / ry turns the ellipse into the circle of radius rx and the box into
  /// [x0, x1] × [k·y0, k·y1], multiplying areas by k; so the area is circleArea(rx, …) / k.
  public static func ellipseArea(
    radiusX: Double, radiusY: Double, x0: Double, x1: Double, y0: Double, y1: Double
  ) -> Double {
    guard radiusX > 0, radiusY > 0 else { return 0 }
    if radiusX == radiusY { return circleArea(radius: radiusX, x0: x0, x1: x1, y0: y0, y1: y1) }
    let k = radiusX / radiusY
    return circleArea(radius: radiusX, x0: x0, x1: x1, y0: y0 * k, y1: y1 * k) / k
  }

  /// Exact area of the circle of radius r about the origin inside [x0, x1] × [y0, y1].
  ///
  /// The area is ∫ L(u) du over [x0, x1], where L(u) is the length of [y0, y1] ∩ [−s(u), s(u)]
  /// and s(u) = sqrt(r² − u²). L is, piece by piece, a constant or ±s(u), with breaks where
  /// s(u) meets y0 or y1 and at ±r, and ∫ s(u) du = S(u) = (u·s(u) + r²·asin(u/r)) / 2.
  public static func circleArea(radius r: Double, x0: Double, x1: Double, y0: Double, y1: Double)
    -> Double
  {
    let a = max(x0, -r)
    let b = min(x1, r)
    guard a < b, y0 < r, y1 > -r else { return 0 }
    var breaks: [Double] = [a, b]
    for edge in [y0, y1] where abs(edge) < r {
      let u = (r * r - edge * edge).squareRoot()
      if u > a, u < b { breaks.append(u) }
      if -u > a, -u < b { breaks.append(-u) }
    }
    breaks.sort()
    func s(_ u: Double) -> Double { max(0, r * r - u * u).squareRoot() }
    func integralS(_ u: Double) -> Double {
      let clamped = min(r, max(-r, u))
      return 0.5 * (clamped * s(clamped) + r * r * asin(clamped / r))
    }
    var area = 0.0
    for index in 0..<(breaks.count - 1) {
      let lo = breaks[index]
      let hi = breaks[index + 1]
      guard hi > lo else { continue }
      let mid = s(0.5 * (lo + hi))
      // Within a piece the curve does not cross y0 or y1 (crossings are breaks); where it only
      // touches one at the piece's midpoint (the circle's top or bottom on a row boundary) it
      // lies inside everywhere else, so touching counts as inside.
      let topIsCurve = mid <= y1
      let bottomIsCurve = -mid >= y0
      let topValue = topIsCurve ? mid : y1
      let bottomValue = bottomIsCurve ? -mid : y0
      guard topValue > bottomValue else { continue }
      let curve = integralS(hi) - integralS(lo)
      let top = topIsCurve ? curve : y1 * (hi - lo)
      let bottom = bottomIsCurve ? -curve : y0 * (hi - lo)
      area += top - bottom
    }
    return max(0, area)
  }
}
