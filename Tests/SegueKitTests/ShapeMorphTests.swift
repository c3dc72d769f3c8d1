import SegueGeometry
import Testing

@testable import SegueCompose
@testable import SegueKit
@testable import SegueMotion
@testable import SegueRaster

/// A matched ellipse and rectangle morph one outline into the other (docs/custom-transitions.md,
/// matched geometry): the ellipse is the rounded rectangle whose corners are quarter ellipses of
/// half its sides, and the radii across and down are lerped, so no square box ever surrounds it.
struct ShapeMorphTests {
  static let grey = PremultipliedRGBA8(r: 221, g: 221, b: 221, a: 255)
  static let orange = PremultipliedRGBA8(r: 255, g: 149, b: 0, a: 255)

  /// An avatar ellipse [20, 20, 240, 120] becoming a header [0, 0, 400, 300], linear over 1 s at
  /// 10 fps: frame 5 is q = 0.5, its frame [10, 10, 320, 210], its corners 60 across, 30 down.
  func avatar() throws -> LoadedScene {
    try SceneFixture.scene(
      size: (400, 300), transition: ##"{"type": "custom", "duration": 1, "curve": "linear", "match": ["a"]}"##,
      from:
        ##"{"background": "#DDDDDD", "layers": [{"id": "a", "rect": [20, 20, 240, 120], "shape": "ellipse", "color": "#FF9500"}]}"##,
      to: ##"{"background": "#DDDDDD", "layers": [{"id": "a", "rect": [0, 0, 400, 300], "color": "#FF9500"}]}"##)
  }

  @Test func theCornerOfTheMorphsBoxShowsWhatIsBehindIt() throws {
    let loaded = try avatar()
    for frame in [3, 5, 7] {
      let pixels = SceneFixture.frame(loaded, frame)
      // q = frame / 10: the box is [20 − 20q, 20 − 20q, 240 + 160q, 120 + 180q].
      let q = Double(frame) / 10
      let corner = Int((20 - 20 * q).rounded(.up))
      #expect(pixels[corner, corner] == Self.grey, "frame \(frame): \(pixels[corner, corner])")
      #expect(pixels[200, 100] == Self.orange, "frame \(frame)")
    }
  }

  @Test func theCornersAreQuarterEllipsesOfTheLerpedRadii() throws {
    let pixels = SceneFixture.frame(try avatar(), 5)
    // The top-left corner's ellipse is centred at (10 + 60, 10 + 30). Pixel (28, 21), centre
    // (28.5, 21.5): ((28.5 − 70) / 60)² + ((21.5 − 40) / 30)² = 0.858, inside, where a circular
    // corner of radius 60 about (70, 70) would leave it out (1.13).
    #expect(pixels[28, 21] == Self.orange, "\(pixels[28, 21])")
    // Pixel (26, 16): ((26.5 − 70) / 60)² + ((16.5 − 40) / 30)² = 1.14, outside.
    #expect(pixels[26, 16] == Self.grey, "\(pixels[26, 16])")
  }

  @Test func theMorphStartsAsTheEllipseAndEndsAsTheRectangle() throws {
    let loaded = try avatar()
    let list = loaded.plan.displayList(at: .time(0))
    let morph = try #require(list.layers.last)
    guard case .morph(_, _, _, let radiiY?) = morph.content else {
      Issue.record("no elliptical morph: \(morph.content)")
      return
    }
    #expect(morph.cornerRadii == CornerRadii(120) && radiiY == CornerRadii(60))
    let first = SceneFixture.frame(loaded, 0)
    // Just outside the ellipse's left end and inside its bounding box's corner: grey.
    #expect(first[21, 21] == Self.grey && first[140, 80] == Self.orange)
    let last = SceneFixture.frame(loaded, 10)
    #expect(last[0, 0] == Self.orange && last[399, 299] == Self.orange)
  }

  @Test func anEllipticalRoundedRectOfHalfRadiiIsTheEllipse() {
    // Every vertex on x²/a² + y²/b² = 1 (a = 50, b = 20), and the area π·a·b within the
    // flattening's loss.
    let rect = Rect(x: -50, y: -20, width: 100, height: 40)
    let path = Path.roundedRect(rect, radiiX: CornerRadii(50), radiiY: CornerRadii(20), flatness: 0.01)
    let points = path.contours[0]
    for p in points {
      #expect(abs((p.x * p.x) / 2500 + (p.y * p.y) / 400 - 1) < 1e-9, "\(p)")
    }
    var area = 0.0
    for (a, b) in zip(points, points.dropFirst() + [points[0]]) { area += a.x * b.y - b.x * a.y }
    #expect(abs(abs(area) / 2 - Double.pi * 1000) / (Double.pi * 1000) < 1e-3)
  }

  @Test func radiiThatOverlapAreScaledDownTogetherAsCSSDoes() {
    // 100 x 40 with 80 across and 30 down at every corner: f = min(100 / 160, 40 / 60) = 0.625,
    // so 50 across and 18.75 down: the top edge's straight part is empty.
    let path = Path.roundedRect(
      Rect(x: 0, y: 0, width: 100, height: 40), radiiX: CornerRadii(80), radiiY: CornerRadii(30), flatness: 0.01)
    let xs = path.contours[0].map(\.x)
    let ys = path.contours[0].map(\.y)
    #expect(abs((xs.min() ?? 0) - 0) < 1e-9 && abs((xs.max() ?? 0) - 100) < 1e-9)
    // The left edge is straight from y = 18.75 to 40 − 18.75 = 21.25.
    let left = path.contours[0].filter { abs($0.x) < 1e-9 }.map(\.y)
    #expect(abs((left.min() ?? 0) - 18.75) < 1e-9 && abs((left.max() ?? 0) - 21.25) < 1e-9)
    #expect(ys.allSatisfy { $0 >= -1e-9 && $0 <= 40 + 1e-9 })
  }
}
