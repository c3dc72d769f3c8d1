import Glibc

/// A shape that limits drawing, given as per-pixel coverage computed row by row.
///
/// Rectangles and circles are exact analytic areas (so a mask that changes every frame costs
/// only its edge pixels); any other outline is a precomputed `CoverageMask`.
public enum Clip: Sendable {
  /// A rectangle in pixels, at fractional coordinates.
  case rect(Rect)
  /// A circle in pixels.
  case circle(center: Point, radius: Double)
  /// A rectangle in pixels with circular corners of one radius (clamped to half the short side).
  case roundedRect(Rect, radius: Double)
  /// Precomputed coverage.
  case mask(CoverageMask)

  /// The rows that may be covered (not clamped to a canvas).
  public var rows: Range<Int> {
    switch self {
    case .rect(let rect):
      guard !rect.isEmpty else { return 0..<0 }
      return Int(rect.minY.rounded(.down))..<Int(rect.maxY.rounded(.up))
    case .circle(let center, let radius):
      guard radius > 0 else { return 0..<0 }
      return Int((center.y - radius).rounded(.down))..<Int((center.y + radius).rounded(.up))
    case .roundedRect(let rect, _):
      return Clip.rect(rect).rows
    case .mask(let mask):
      return mask.y..<(mask.y + mask.height)
    }
  }

  /// In row `y`: the columns with any coverage (`outer`) and those surely fully covered (`inner`).
  public func span(row y: Int) -> (outer: Range<Int>, inner: Range<Int>) {
    switch self {
    case .rect(let rect):
      let coverY = Clip.overlap(Double(y), rect.minY, rect.maxY)
      guard coverY > 0, !rect.isEmpty else { return (0..<0, 0..<0) }
      let outer = Int(rect.minX.rounded(.down))..<Int(rect.maxX.rounded(.up))
      guard coverY >= 1 else { return (outer, 0..<0) }
      let innerStart = Int(rect.minX.rounded(.up))
      let innerEnd = max(innerStart, Int(rect.maxX.rounded(.down)))
      return (outer, innerStart..<innerEnd)
    case .circle(let center, let radius):
      let top = Double(y) - center.y
      let bottom = top + 1
      guard radius > 0, bottom > -radius, top < radius else { return (0..<0, 0..<0) }
      let r2 = radius * radius
      let nearest = top < 0 && bottom > 0 ? 0 : min(top * top, bottom * bottom)
      let farthest = max(top * top, bottom * bottom)
      let outerHalf = max(0, r2 - nearest).squareRoot()
      let outer =
        Int((center.x - outerHalf).rounded(.down))..<Int((center.x + outerHalf).rounded(.up))
      guard r2 > farthest else { return (outer, 0..<0) }
      let innerHalf = (r2 - farthest).squareRoot()
      let innerStart = Int((center.x - innerHalf).rounded(.up))
      let innerEnd = max(innerStart, Int((center.x + innerHalf).rounded(.down)))
      return (outer, innerStart..<innerEnd)
    case .roundedRect(let rect, let radius):
      let (outer, inner) = Clip.rect(rect).span(row: y)
      let r = Clip.clampedRadius(radius, rect)
      guard r > 0, !inner.isEmpty else { return (outer, inner) }
      // In the corner bands, the fully covered run shrinks to where the circle is at least as
      // wide as at the row's edge farthest from the centre.
      let top = rect.minY + r - Double(y)
      let bottom = Double(y + 1) - (rect.maxY - r)
      let depth = max(top, bottom)
      guard depth > 0 else { return (outer, inner) }
      let half = (max(0, r * r - depth * depth)).squareRoot()
      let start = max(inner.lowerBound, Int((rect.minX + r - half).rounded(.up)))
      let end = min(inner.upperBound, Int((rect.maxX - r + half).rounded(.down)))
      return (outer, start..<max(start, end))
    case .mask(let mask):
      guard y >= mask.y, y < mask.y + mask.height else { return (0..<0, 0..<0) }
      return (mask.x..<(mask.x + mask.width), 0..<0)
    }
  }

  /// CALayer's limit: a radius is at most half the shorter side.
  static func clampedRadius(_ radius: Double, _ rect: Rect) -> Double {
    max(0, min(radius, rect.width / 2, rect.height / 2))
  }

  /// Area of the pixel [x0, x0 + 1] × [y0, y0 + 1] inside a rounded rectangle: its area in the
  /// rectangle, less, for each corner square it meets, its area in the square minus its area
  /// in the square's quarter disc (an exact circle area, below).
  static func roundedRectArea(_ rect: Rect, radius r: Double, x0: Double, y0: Double) -> Double {
    let x1 = x0 + 1
    let y1 = y0 + 1
    var area = overlap(x0, rect.minX, rect.maxX) * overlap(y0, rect.minY, rect.maxY)
    guard area > 0, r > 0 else { return area }
    // (square's x range, y range, disc centre)
    let corners: [(Double, Double, Double, Double)] = [
      (rect.minX, rect.minY, rect.minX + r, rect.minY + r), (rect.maxX - r, rect.minY, rect.maxX - r, rect.minY + r),
      (rect.minX, rect.maxY - r, rect.minX + r, rect.maxY - r), (rect.maxX - r, rect.maxY - r, rect.maxX - r, rect.maxY - r),
    ]
    for (sx, sy, cx, cy) in corners {
      let ax = max(x0, sx)
      let bx = min(x1, sx + r)
      let ay = max(y0, sy)
      let by = min(y1, sy + r)
      guard ax < bx, ay < by else { continue }
      let square = (bx - ax) * (by - ay)
      let disc = circleArea(radius: r, x0: ax - cx, x1: bx - cx, y0: ay - cy, y1: by - cy)
      area -= square - disc
    }
    return max(0, area)
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
    case .circle(let center, let radius):
      let top = Double(y) - center.y
      for x in columns {
        let left = Double(x) - center.x
        let area = Clip.circleArea(radius: radius, x0: left, x1: left + 1, y0: top, y1: top + 1)
        Clip.multiply(buffer + (x - columns.lowerBound), area)
      }
    case .roundedRect(let rect, let radius):
      let r = Clip.clampedRadius(radius, rect)
      for x in columns {
        let area = Clip.roundedRectArea(rect, radius: r, x0: Double(x), y0: Double(y))
        Clip.multiply(buffer + (x - columns.lowerBound), area)
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
      let topIsCurve = mid < y1
      let bottomIsCurve = -mid > y0
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
