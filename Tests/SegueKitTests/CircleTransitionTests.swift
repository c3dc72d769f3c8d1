import Foundation
import SegueGeometry
import Testing

@testable import SegueKit
@testable import SegueMotion
@testable import SegueRaster
@testable import SegueScene

/// The circle's edge where r = lerp(startRadius, endRadius, p) puts it.
struct CircleTransitionTests {
  /// The area of the circle of radius r about the origin inside [x0, x1] × [y0, y1], by the
  /// midpoint rule over x (10⁴ steps) of the length of [y0, y1] ∩ [−sqrt(r² − x²), sqrt(r² − x²)].
  static func integratedArea(radius r: Double, x0: Double, x1: Double, y0: Double, y1: Double) -> Double {
    let steps = 10_000
    var area = 0.0
    for k in 0..<steps {
      let x = x0 + (x1 - x0) * (Double(k) + 0.5) / Double(steps)
      guard abs(x) < r else { continue }
      let half = (r * r - x * x).squareRoot()
      area += max(0, min(y1, half) - max(y0, -half)) * (x1 - x0) / Double(steps)
    }
    return area
  }

  let linear =
    #"{"type": "circle", "duration": 1, "curve": "linear", "origin": [20, 15], "startRadius": 0, "endRadius": 20"#

  @Test func presentGrowsTheCircle() throws {
    let loaded = try SceneFixture.scene(transition: linear + "}")
    #expect(loaded.timeline.frameCount == 11)
    // Frame 5: t = 0.5, p = 0.5, r = 10 about (20, 15).
    let red = SceneFixture.redChannel(loaded, frame: 5)
    #expect(red[15][20] == 255)
    #expect(red[15][28] == 255)  // pixel 28..29 lies within x ≤ 30
    #expect(red[15][30] == 0)  // outside
    #expect(red[15][11] == 255)
    // Pixel 10..11 touches the left edge x = 10 only on its top side (at y = 16 the circle
    // starts at 20 − sqrt(99) = 10.05): nearly, not fully, covered, by the exact area.
    let left = Self.integratedArea(radius: 10, x0: -10, x1: -9, y0: 0, y1: 1)
    #expect(left < 1 && abs(Double(red[15][10]) - left * 255) <= 1)
    #expect(red[15][9] == 0)
    #expect(red[4][20] == 0 && red[6][20] == 255)  // top edge at y = 5
    // Diagonal edge pixel: partial coverage equal to the exact area.
    let area = Self.integratedArea(radius: 10, x0: 6, x1: 7, y0: -8, y1: -7)
    #expect(abs(Double(red[7][26]) - area * 255) <= 1)
  }

  @Test func firstAndLastFrames() throws {
    let loaded = try SceneFixture.scene(transition: linear + "}")
    let first = SceneFixture.redChannel(loaded, frame: 0)
    #expect(first.allSatisfy { $0.allSatisfy { $0 == 0 } })  // radius 0: all of `from`
    let last = SceneFixture.redChannel(loaded, frame: 10)
    #expect(last.allSatisfy { $0.allSatisfy { $0 == 255 } })  // unmasked `to`
  }

  @Test func dismissShrinksTheCircleOverTo() throws {
    let loaded = try SceneFixture.scene(
      transition: linear.replacingOccurrences(of: "circle\"", with: "circle\", \"operation\": \"dismiss\"") + "}")
    // p = 0.2: r = 20 − 20·0.2 = 16; `from` (black) inside, `to` (white) outside.
    let red = SceneFixture.redChannel(loaded, frame: 2)
    #expect(red[15][20] == 0)
    #expect(red[15][34] == 0)  // within x ≤ 36
    #expect(red[15][37] == 255)
    let last = SceneFixture.redChannel(loaded, frame: 10)
    #expect(last.allSatisfy { $0.allSatisfy { $0 == 255 } })  // `from` gone
  }

  /// The circle the mask animation of `to` (present) ends on.
  func finalCircle(_ loaded: LoadedScene) -> (center: SegueGeometry.Point, radius: Double)? {
    guard let values = loaded.plan.tracks.first?.values[.mask], case .mask(.circle(let center, let radius)?) = values.to
    else { return nil }
    return (center, radius)
  }

  @Test func defaultEndRadiusReachesTheFarthestCorner() throws {
    let loaded = try SceneFixture.scene(transition: #"{"type": "circle", "origin": [10, 5]}"#)
    // From (10, 5) in 40 × 30, the farthest corner is (40, 30): sqrt(30² + 25²).
    let farthest: Double = (30.0 * 30 + 25 * 25).squareRoot()
    #expect(finalCircle(loaded)?.radius == farthest)
    guard case .mask(.circle(_, let start)?)? = loaded.plan.tracks.first?.values[.mask]?.from else {
      Issue.record("no circle mask")
      return
    }
    #expect(start == 1)
    #expect(loaded.plan.duration == 0.5 && loaded.plan.scene.transition.curve == .bezier(.easeInEaseOut))
    // The centre is the default origin.
    let centred = try SceneFixture.scene(transition: #"{"type": "circle"}"#)
    #expect(finalCircle(centred)?.center == SegueGeometry.Point(x: 20, y: 15))
  }

  @Test func rejectsParametersItDoesNotHave() {
    #expect {
      try SceneFixture.scene(transition: #"{"type": "circle", "radius": 4}"#)
    } throws: { error in
      (error as? SceneErrors)?.description
        == "fixture.json: at 'transition.radius': unknown parameter 'radius' for type 'circle'; its parameters: origin, startRadius, endRadius (and type, operation, duration, curve, presentation)"
    }
    #expect {
      try SceneFixture.scene(transition: #"{"type": "zoom", "operation": "push"}"#)
    } throws: { error in
      (error as? SceneErrors)?.description
        == "fixture.json: at 'transition.operation': type 'zoom' has no operation 'push'; valid operations: present, dismiss"
    }
  }
}
