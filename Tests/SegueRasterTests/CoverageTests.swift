import Foundation
import SegueGeometry
import SegueTestSupport
import Testing

@testable import SegueRaster

/// Edges where the geometry puts them: analytic coverage against supersampled point tests.
struct CoverageTests {
  /// Coverage of every pixel of `clip` on a w × h canvas, as the compositor computes it.
  func coverage(of clip: Clip, width: Int, height: Int) -> [[UInt8]] {
    var pixmap = Pixmap(width: width, height: height, fill: RGBA8.black.premultiplied)!
    pixmap.fill(RGBA8.white.premultiplied, clips: [clip])
    return (0..<height).map { y in (0..<width).map { x in pixmap[x, y].r } }
  }

  @Test func rectangleAtFractionalCoordinatesCoversByArea() {
    let values = coverage(of: .rect(Rect(x: 1.25, y: 0.5, width: 2.5, height: 1)), width: 5, height: 2)
    // Columns: 0 none, 1 three quarters, 2 all, 3 three quarters (to 3.75), 4 none; rows half each.
    #expect(values[0] == [0, 96, 128, 96, 0])  // round(0.75·0.5·255) = 96, round(0.5·255) = 128
    #expect(values[1] == [0, 96, 128, 96, 0])
  }

  @Test func aCircleTouchingARowBoundaryIsNotFullyCovered() {
    // The top of a radius-5 circle about (0, 0) touches y = −5: the pixel [−0.5, 0.5] × [−5, −4]
    // holds ∫ (sqrt(25 − u²) − 4) du over u in −0.5…0.5 (midpoint rule, 10⁵ steps).
    var exact = 0.0
    let steps = 100_000
    for k in 0..<steps {
      let u = -0.5 + (Double(k) + 0.5) / Double(steps)
      exact += ((25 - u * u).squareRoot() - 4) / Double(steps)
    }
    #expect(abs(Clip.circleArea(radius: 5, x0: -0.5, x1: 0.5, y0: -5, y1: -4) - exact) < 1e-9)
    #expect(abs(Clip.circleArea(radius: 5, x0: -0.5, x1: 0.5, y0: 4, y1: 5) - exact) < 1e-9)
    #expect(exact < 0.995)  // not the whole pixel: 1 was the answer before
  }

  @Test func circleAreaMatchesClosedForms() {
    let r = 7.0
    // Whole circle, a half, a quarter.
    #expect(abs(Clip.circleArea(radius: r, x0: -10, x1: 10, y0: -10, y1: 10) - Double.pi * r * r) < 1e-9)
    #expect(abs(Clip.circleArea(radius: r, x0: 0, x1: 10, y0: -10, y1: 10) - Double.pi * r * r / 2) < 1e-9)
    #expect(abs(Clip.circleArea(radius: r, x0: 0, x1: 10, y0: 0, y1: 10) - Double.pi * r * r / 4) < 1e-9)
    // A unit square fully inside, and one fully outside.
    #expect(abs(Clip.circleArea(radius: r, x0: 0, x1: 1, y0: 0, y1: 1) - 1) < 1e-12)
    #expect(Clip.circleArea(radius: r, x0: 7, x1: 8, y0: 0, y1: 1) == 0)
  }

  @Test func circleEdgePixelsMatchSupersampling() {
    let center = Point(x: 15.3, y: 14.6)
    let radius = 10.7
    let values = coverage(of: .circle(center: center, radius: radius), width: 32, height: 32)
    var worst = 0.0
    for y in 0..<32 {
      for x in 0..<32 {
        let expected = supersampledCoverage(px: x, py: y, samples: 128) { u, v in
          (u - center.x) * (u - center.x) + (v - center.y) * (v - center.y) <= radius * radius
        }
        worst = max(worst, abs(Double(values[y][x]) - expected * 255))
      }
    }
    #expect(worst <= 2.5, "largest difference \(worst) levels")
    // Known pixels: the centre is covered, a corner is not.
    #expect(values[14][15] == 255)
    #expect(values[0][0] == 0)
  }

  @Test func randomCircleRectAreasMatchNumericIntegration() {
    var random = SplitMix64(state: 42)
    for _ in 0..<200 {
      let r = Double.random(in: 0.5...50, using: &random)
      let x0 = Double.random(in: -60...60, using: &random)
      let y0 = Double.random(in: -60...60, using: &random)
      let x1 = x0 + Double.random(in: 0.1...3, using: &random)
      let y1 = y0 + Double.random(in: 0.1...3, using: &random)
      // Midpoint rule over 4000 strips of the chord length.
      var numeric = 0.0
      let strips = 4000
      for i in 0..<strips {
        let u = x0 + (Double(i) + 0.5) * (x1 - x0) / Double(strips)
        guard abs(u) < r else { continue }
        let s = (r * r - u * u).squareRoot()
        numeric += max(0, min(y1, s) - max(y0, -s)) * (x1 - x0) / Double(strips)
      }
      let exact = Clip.circleArea(radius: r, x0: x0, x1: x1, y0: y0, y1: y1)
      #expect(abs(exact - numeric) < 1e-3, "r \(r) [\(x0), \(x1)] x [\(y0), \(y1)]")
    }
  }

  @Test func ellipseMatchesSupersampling() {
    let rect = Rect(x: 3.5, y: 2.25, width: 25, height: 14)
    let mask = CoverageMask.rasterize(.ellipse(in: rect), canvasWidth: 32, canvasHeight: 20)
    var worst = 0.0
    for y in 0..<20 {
      for x in 0..<32 {
        let expected = supersampledCoverage(px: x, py: y, samples: 128) { u, v in
          let dx = (u - rect.midX) / (rect.width / 2)
          let dy = (v - rect.midY) / (rect.height / 2)
          return dx * dx + dy * dy <= 1
        }
        worst = max(worst, abs(Double(mask.coverage(x: x, y: y)) - expected * 255))
      }
    }
    #expect(worst <= 2.5, "largest difference \(worst) levels")
  }

  @Test func circularRoundedRectMatchesSupersampling() {
    let rect = Rect(x: 1.5, y: 1.5, width: 20, height: 14)
    let r = 5.0
    let mask = CoverageMask.rasterize(
      .roundedRect(rect, radii: CornerRadii(r), curve: .circular), canvasWidth: 24, canvasHeight: 18)
    func inside(_ u: Double, _ v: Double) -> Bool { isInsideRoundedRect(u, v, rect, radius: r) }
    let worst = worstLevelDifference(mask, width: 24, height: 18, samples: 128, inside: inside)
    #expect(worst <= 2.5, "largest difference \(worst) levels")
  }

  @Test func radiiLargerThanTheSideAreScaledDown() {
    // Radius 50 on a 20 x 10 rect is a capsule: radius 5.
    let capsule = CoverageMask.rasterize(
      .roundedRect(Rect(x: 0, y: 0, width: 20, height: 10), radii: CornerRadii(50), curve: .circular),
      canvasWidth: 20, canvasHeight: 10)
    #expect(capsule.coverage(x: 10, y: 0) == 255)
    #expect(capsule.coverage(x: 0, y: 0) < 40)
  }

  @Test func continuousCornersStartEarlierThanCircularOnes() {
    // r = 40 on a 200 x 200 square: the circular top edge is straight up to x = 160, the
    // continuous one only to x = 200 − 1.52866483·40 = 138.85, then eases away from the edge.
    let rect = Rect(x: 0, y: 0, width: 200, height: 200)
    let circular = CoverageMask.rasterize(
      .roundedRect(rect, radii: CornerRadii(40), curve: .circular), canvasWidth: 200, canvasHeight: 200)
    let continuous = CoverageMask.rasterize(
      .roundedRect(rect, radii: CornerRadii(40), curve: .continuous), canvasWidth: 200, canvasHeight: 200)
    #expect(continuous.coverage(x: 137, y: 0) == 255)
    #expect(circular.coverage(x: 152, y: 0) == 255)
    #expect(continuous.coverage(x: 152, y: 0) < 250)
    // The PaintCode curve passes through (w − 0.63149399 r, 0.07491100 r) = (174.74, 3.00):
    // the pixel column 174 is covered from y ≈ 3 down, so pixel (174, 2) is nearly empty and
    // (174, 4) full.
    #expect(continuous.coverage(x: 174, y: 2) < 40)
    #expect(continuous.coverage(x: 174, y: 4) > 215)
    // Mirrored corners: the shape is symmetric (to the flattening error, ±2 levels).
    for (x, y) in [(152, 0), (174, 3), (190, 12)] {
      let value = Int(continuous.coverage(x: x, y: y))
      #expect(abs(Int(continuous.coverage(x: 199 - x, y: y)) - value) <= 2)
      #expect(abs(Int(continuous.coverage(x: x, y: 199 - y)) - value) <= 2)
      #expect(abs(Int(continuous.coverage(x: y, y: x)) - value) <= 2)
    }
  }

  @Test func shapesOffTheCanvasKeepTheirWinding() {
    // A circle centred left of the canvas still covers the columns it reaches.
    let mask = CoverageMask.rasterize(
      .ellipse(in: Rect(x: -20, y: 0, width: 30, height: 30)), canvasWidth: 10, canvasHeight: 30)
    #expect(mask.coverage(x: 0, y: 15) == 255)
    #expect(mask.coverage(x: 8, y: 15) == 255)  // the circle reaches x = 10 at y = 15
    #expect(mask.coverage(x: 9, y: 15) > 245)
    #expect(mask.coverage(x: 9, y: 1) == 0)
  }

  @Test func anEdgeCutOnTheLeftSideStaysOnTheCanvas() {
    // A turned square reaching past the top-left corner: cutting its top edge at x = 0 left
    // the piece's start a rounding error below 0, which once indexed column −1 and trapped.
    let corners = [
      Point(x: -1.604608553308804, y: 0.5424479000204796), Point(x: 17.05114768974442, y: -4.096368699835221),
      Point(x: 20.846555818345237, y: 11.167483053278332), Point(x: 2.1907995752920146, y: 15.806299653134033),
    ]
    let mask = CoverageMask.rasterize(Path(contours: [corners]), canvasWidth: 28, canvasHeight: 20)
    func inside(_ u: Double, _ v: Double) -> Bool { isInsideConvexPolygon(u, v, corners) }
    let worst = worstLevelDifference(mask, width: 28, height: 20, samples: 64, inside: inside)
    #expect(worst <= 4, "largest difference \(worst) levels")
  }

  @Test func aScreenInPerspectiveCoversOnlyTheColumnsItsRowsSay() {
    // A trapezoid like a door turned away (its far side shorter), in a wide canvas: each row's
    // covered span runs from its first pixel with coverage to its last, inside the bounding box.
    let corners = [
      Point(x: 3.25, y: 1.5), Point(x: 41.6, y: 9.3), Point(x: 41.6, y: 22.1), Point(x: 3.25, y: 30.75),
    ]
    let mask = CoverageMask.rasterize(Path(contours: [corners]), canvasWidth: 60, canvasHeight: 34)
    var worst = 0.0
    for y in 0..<34 {
      let span = Clip.mask(mask).span(row: y)
      let covered = (0..<60).filter { mask.coverage(x: $0, y: y) > 0 }
      // Tight: the span is exactly first to last covered column.
      #expect(
        span.outer
          == (covered.isEmpty ? span.outer.lowerBound..<span.outer.lowerBound : covered.first!..<(covered.last! + 1)))
      for x in 0..<60 {
        let expected = convexPolygonCoverage(px: x, py: y, corners)
        worst = max(worst, abs(Double(mask.coverage(x: x, y: y)) - expected * 255))
        // Spans are of the mask's levels: outside, the area rounds to level 0; in the full span, to 255.
        if !span.outer.contains(x) { #expect(expected * 255 < 0.5, "(\(x), \(y)) is outside the covered span") }
        if span.inner.contains(x) { #expect(expected * 255 > 254.5, "(\(x), \(y)) is in the full span") }
      }
    }
    #expect(worst <= 4, "largest difference \(worst) levels")
    // Rows 9 to 22 reach the far side at x = 41.6: covered to column 41, and none past it.
    #expect(Clip.mask(mask).span(row: 15).outer == 3..<42)
  }

  @Test func rowsCrossingManyEdgesAreSummedWhole() {
    // A comb of six teeth: its rows through the teeth cross twelve edges, more separate runs
    // than a row keeps apart, so those rows' cells are kept over the whole row.
    var outline: [Point] = [Point(x: 1, y: 20.5)]
    for tooth in 0..<6 {
      let left = 1.5 + Double(tooth) * 6
      outline += [Point(x: left, y: 2.25), Point(x: left + 3.4, y: 2.25), Point(x: left + 3.4, y: 16)]
      outline += [Point(x: left + 6, y: 16)]
    }
    outline += [Point(x: 38, y: 20.5)]
    let mask = CoverageMask.rasterize(Path(contours: [outline]), canvasWidth: 40, canvasHeight: 24)
    func inside(_ u: Double, _ v: Double) -> Bool {
      // Even-odd over the closed outline (it does not cross itself).
      var crossings = 0
      for index in outline.indices {
        let a = outline[index]
        let b = outline[(index + 1) % outline.count]
        if (a.y > v) != (b.y > v), u < a.x + (v - a.y) / (b.y - a.y) * (b.x - a.x) { crossings += 1 }
      }
      return crossings % 2 == 1
    }
    let worst = worstLevelDifference(mask, width: 40, height: 24, samples: 64, inside: inside)
    #expect(worst <= 4, "largest difference \(worst) levels")
    // Between two teeth (x 5 to 7.5 at y 8) is a gap; in a tooth it is full.
    #expect(mask.coverage(x: 6, y: 8) == 0)
    #expect(mask.coverage(x: 3, y: 8) == 255)
  }

  @Test func multipliedMasksMultiplyWhereTheyOverlap() {
    let a = CoverageMask(x: 1, y: 1, width: 3, height: 2, values: [255, 128, 0, 255, 255, 64])
    let b = CoverageMask(x: 2, y: 0, width: 3, height: 3, values: [9, 9, 9, 128, 255, 9, 128, 128, 9])
    let product = a.multiplied(by: b)
    // The shared rectangle is columns 2…3, rows 1…2; 128 · 128 / 255 = 64.25 → 64.
    #expect(product.x == 2 && product.y == 1 && product.width == 2 && product.height == 2)
    #expect(product.values == [64, 0, 128, 32])
    #expect(a.multiplied(by: CoverageMask(x: 10, y: 10, width: 1, height: 1, values: [255])).values.isEmpty)
    // Rasterized masks know their rows' covered columns, and so does their product.
    let left = CoverageMask.rasterize(.rect(Rect(x: 0, y: 0, width: 6.5, height: 4)), canvasWidth: 20, canvasHeight: 4)
    let right = CoverageMask.rasterize(
      .rect(Rect(x: 4.25, y: 0, width: 10, height: 4)), canvasWidth: 20, canvasHeight: 4)
    #expect(left.multiplied(by: right).coveredRuns == Array(repeating: 4..<7, count: 4))
  }

  @Test func roundedRectClipIsExactAndItsInnerSpansAreFull() {
    let rect = Rect(x: 2.3, y: 1.6, width: 27.5, height: 17.2)
    let radius = 6.5
    let values = coverage(of: .roundedRect(rect, radius: radius), width: 32, height: 22)
    func inside(_ u: Double, _ v: Double) -> Bool { isInsideRoundedRect(u, v, rect, radius: radius) }
    var worst = 0.0
    for y in 0..<22 {
      let span = Clip.roundedRect(rect, radius: radius).span(row: y)
      for x in 0..<32 {
        let expected = supersampledCoverage(px: x, py: y, samples: 128, inside: inside)
        worst = max(worst, abs(Double(values[y][x]) - expected * 255))
        if span.inner.contains(x) { #expect(expected == 1, "(\(x), \(y)) is in the inner span") }
        if !span.outer.contains(x) { #expect(expected == 0, "(\(x), \(y)) is outside the outer span") }
      }
    }
    #expect(worst <= 2.5, "largest difference \(worst) levels")
    // A radius beyond half the short side makes a capsule, as CALayer does.
    let capsule = coverage(of: .roundedRect(Rect(x: 0, y: 0, width: 20, height: 10), radius: 50), width: 20, height: 10)
    #expect(capsule[5][10] == 255 && capsule[0][0] < 40)
  }
}

/// Whether (u, v) lies in `rect` with circular corners of `radius`: the point test the
/// supersampled expectations use, independent of the rasterizer.
func isInsideRoundedRect(_ u: Double, _ v: Double, _ rect: Rect, radius: Double) -> Bool {
  guard u >= rect.minX, u <= rect.maxX, v >= rect.minY, v <= rect.maxY else { return false }
  let cx = min(max(u, rect.minX + radius), rect.maxX - radius)
  let cy = min(max(v, rect.minY + radius), rect.maxY - radius)
  return (u - cx) * (u - cx) + (v - cy) * (v - cy) <= radius * radius
}

/// Whether (u, v) lies in the convex polygon `corners`, listed clockwise on screen (y down):
/// left of none of its edges.
func isInsideConvexPolygon(_ u: Double, _ v: Double, _ corners: [Point]) -> Bool {
  corners.indices.allSatisfy { index in
    let a = corners[index]
    let b = corners[(index + 1) % corners.count]
    return (b.x - a.x) * (v - a.y) - (b.y - a.y) * (u - a.x) >= 0
  }
}

/// `supersampledCoverage` (64 × 64 points) of pixel (px, py) by a convex polygon, the same value
/// without sampling where it is known: 0 for a pixel beside the polygon's bounding box, 1 for one
/// whose four corners are inside (a convex shape holds the square between them).
func convexPolygonCoverage(px: Int, py: Int, _ corners: [Point]) -> Double {
  let (xs, ys) = (corners.map(\.x), corners.map(\.y))
  let (x, y) = (Double(px), Double(py))
  if x + 1 <= xs.min()! || x >= xs.max()! || y + 1 <= ys.min()! || y >= ys.max()! { return 0 }
  let squareCorners = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
  if squareCorners.allSatisfy({ isInsideConvexPolygon($0.0, $0.1, corners) }) { return 1 }
  return supersampledCoverage(px: px, py: py, samples: 64) { isInsideConvexPolygon($0, $1, corners) }
}

/// The largest difference, in levels, between `mask` and the supersampled coverage of `inside`
/// over the canvas's `width` × `height` pixels.
func worstLevelDifference(
  _ mask: CoverageMask, width: Int, height: Int, samples: Int, inside: (Double, Double) -> Bool
) -> Double {
  var worst = 0.0
  for y in 0..<height {
    for x in 0..<width {
      let expected = supersampledCoverage(px: x, py: y, samples: samples, inside: inside)
      worst = max(worst, abs(Double(mask.coverage(x: x, y: y)) - expected * 255))
    }
  }
  return worst
}
