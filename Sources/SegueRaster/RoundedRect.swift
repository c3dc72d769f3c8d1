import SegueGeometry

/// A rectangle in pixels whose corners are quarter ellipses, each with its own radii, ready for
/// exact-area coverage.
///
/// Radii are in pixels along each axis: a circular corner of r points on a canvas mapped by
/// (sx, sy) pixels a point is the quarter ellipse rx = r·sx, ry = r·sy. Radii that would overlap
/// on a side are scaled down together by one factor, as CALayer and CSS do:
///
///     f = min(1, w / (rxTL + rxTR), w / (rxBL + rxBR), h / (ryTL + ryBL), h / (ryTR + ryBR))
public struct RoundedRect: Sendable, Equatable {
  /// One corner: the ellipse's radii and centre, and the box it rounds off.
  public struct Corner: Sendable, Equatable {
    public let radiusX: Double
    public let radiusY: Double
    public let center: Point
    /// The corner box: x in box.minX...box.maxX, y in box.minY...box.maxY.
    public let box: Rect
  }

  public let rect: Rect
  /// Top-left, top-right, bottom-right, bottom-left; only corners with both radii positive.
  public let corners: [Corner]
  /// The radii of each corner after clamping (x and y), clockwise from the top-left.
  public let radiiX: CornerRadii
  public let radiiY: CornerRadii

  /// - Parameters:
  ///   - radiiX: each corner's radius along x, in pixels; `radiiY` along y.
  public init(rect: Rect, radiiX: CornerRadii, radiiY: CornerRadii) {
    self.rect = rect
    func clean(_ value: Double) -> Double { value.isFinite ? max(0, value) : 0 }
    var x = CornerRadii(
      topLeft: clean(radiiX.topLeft), topRight: clean(radiiX.topRight),
      bottomRight: clean(radiiX.bottomRight), bottomLeft: clean(radiiX.bottomLeft))
    var y = CornerRadii(
      topLeft: clean(radiiY.topLeft), topRight: clean(radiiY.topRight),
      bottomRight: clean(radiiY.bottomRight), bottomLeft: clean(radiiY.bottomLeft))
    var factor = 1.0
    for (side, a, b) in [
      (rect.width, x.topLeft, x.topRight), (rect.width, x.bottomLeft, x.bottomRight),
      (rect.height, y.topLeft, y.bottomLeft), (rect.height, y.topRight, y.bottomRight),
    ] where a + b > side {
      factor = min(factor, max(0, side) / (a + b))
    }
    if factor < 1 {
      x = x.scaled(by: factor)
      y = y.scaled(by: factor)
    }
    self.radiiX = x
    self.radiiY = y
    var corners: [Corner] = []
    let specs: [(Double, Double, Double, Double, Bool, Bool)] = [
      (x.topLeft, y.topLeft, rect.minX, rect.minY, false, false),
      (x.topRight, y.topRight, rect.maxX, rect.minY, true, false),
      (x.bottomRight, y.bottomRight, rect.maxX, rect.maxY, true, true),
      (x.bottomLeft, y.bottomLeft, rect.minX, rect.maxY, false, true),
    ]
    for (rx, ry, px, py, right, bottom) in specs where rx > 0 && ry > 0 {
      let boxX = right ? px - rx : px
      let boxY = bottom ? py - ry : py
      corners.append(
        Corner(
          radiusX: rx, radiusY: ry,
          center: Point(x: right ? px - rx : px + rx, y: bottom ? py - ry : py + ry),
          box: Rect(x: boxX, y: boxY, width: rx, height: ry)))
    }
    self.corners = corners
  }

  /// Circular corners of `radius` pixels.
  public init(rect: Rect, radius: Double) {
    self.init(rect: rect, radiiX: CornerRadii(radius), radiiY: CornerRadii(radius))
  }

  /// Area of the pixel [x0, x0 + 1] × [y0, y0 + 1] inside the shape: its area in the rectangle
  /// less, for each corner box it meets, the part of the box outside the corner's ellipse.
  public func area(x0: Double, y0: Double) -> Double {
    var area = Clip.overlap(x0, rect.minX, rect.maxX) * Clip.overlap(y0, rect.minY, rect.maxY)
    guard area > 0 else { return 0 }
    for corner in corners {
      let ax = max(x0, corner.box.minX)
      let bx = min(x0 + 1, corner.box.maxX)
      let ay = max(y0, corner.box.minY)
      let by = min(y0 + 1, corner.box.maxY)
      guard ax < bx, ay < by else { continue }
      let box = (bx - ax) * (by - ay)
      let inside = Clip.ellipseArea(
        radiusX: corner.radiusX, radiusY: corner.radiusY,
        x0: ax - corner.center.x, x1: bx - corner.center.x, y0: ay - corner.center.y, y1: by - corner.center.y)
      area -= box - inside
    }
    return max(0, area)
  }

  /// In row `y`, the columns surely fully covered: the rectangle's, shrunk in corner bands to
  /// where each corner's ellipse is at least as wide as at the row's edge farthest from its
  /// centre.
  func innerSpan(row y: Int, rectInner: Range<Int>) -> Range<Int> {
    guard !rectInner.isEmpty else { return rectInner }
    var start = rectInner.lowerBound
    var end = rectInner.upperBound
    let top = Double(y)
    let bottom = Double(y + 1)
    for corner in corners {
      let isTop = corner.center.y > corner.box.minY
      let depth = isTop ? corner.center.y - top : bottom - corner.center.y
      guard depth > 0 else { continue }
      let v = min(1, depth / corner.radiusY)
      let half = corner.radiusX * max(0, 1 - v * v).squareRoot()
      let isLeft = corner.center.x > corner.box.minX
      if isLeft {
        start = max(start, pixelIndex(corner.center.x - half, .up))
      } else {
        end = min(end, pixelIndex(corner.center.x + half, .down))
      }
    }
    return start..<max(start, end)
  }
}
