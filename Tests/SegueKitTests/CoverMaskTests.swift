import Foundation
import SegueGeometry
import Testing

@testable import SegueKit
@testable import SegueMotion
@testable import SegueScene

/// A circle mask whose radius covers the container (`{"cover": "container"}`), drawn for the
/// scene's own container: the edge lands where sqrt(max(cx, W − cx)² + max(cy, H − cy)²) puts it.
struct CoverMaskTests {
  /// `to` (white) over `from` (black) masked by a circle about the tap point (10, 5) growing
  /// from 0 to the covering radius, linear over 1 s at 10 fps: frame 5 is half the radius.
  static func scene(size: (Int, Int)) throws -> LoadedScene {
    try SceneFixture.scene(
      size: size,
      transition: #"{"type": "custom", "duration": 1, "curve": "linear", "animations": [{"target": "to", "#
        + #""from": {"mask": {"circle": [10, 5, 0]}}, "to": {"mask": {"circle": [10, 5, {"cover": "container"}]}}}]}"#)
  }

  @Test func theCircleCoversEachContainerFromATapPoint() throws {
    // 40 x 30: R = sqrt(max(10, 30)² + max(5, 25)²) = sqrt(1525) = 39.05, so r = 19.53 at frame 5.
    // Pixel (28, 5) spans [28, 29] x [5, 6]: its farthest point (29, 6) is sqrt(19² + 1²) = 19.03
    // from the centre, inside; pixel (30, 5) starts at (30, 5), 20 away, outside. Down column 10
    // the same: row 23 reaches (11, 24), 19.03 away; row 25 starts 20 away.
    let small = SceneFixture.redChannel(try Self.scene(size: (40, 30)), frame: 5)
    #expect(small[5][28] == 255 && small[5][30] == 0)
    #expect(small[23][10] == 255 && small[25][10] == 0)
    // 60 x 50: R = sqrt(max(10, 50)² + max(5, 45)²) = sqrt(4525) = 67.27, r = 33.63. Pixel
    // (42, 5) reaches (43, 6), sqrt(33² + 1²) = 33.02 away, inside; (44, 5) starts 34 away,
    // outside (and (30, 5), outside on 40 x 30, is inside here).
    let large = SceneFixture.redChannel(try Self.scene(size: (60, 50)), frame: 5)
    #expect(large[5][42] == 255 && large[5][44] == 0 && large[5][30] == 255)
    #expect(large[37][10] == 255 && large[39][10] == 0)
  }

  @Test func theCirclePresetCoversWithTheSameRuleAndExpandsToIt() throws {
    let loaded = try SceneFixture.scene(transition: #"{"type": "circle", "origin": [10, 5]}"#)
    let expanded = PresetTransitions.expand(loaded.scene)
    guard case .custom(let custom) = expanded.transition.kind else {
      Issue.record("not expanded")
      return
    }
    let to = custom.animations[0].to
    #expect(to.covers[.mask] == .container)
    // 40 x 30 from (10, 5): sqrt(30² + 25²) = sqrt(1525).
    #expect(SceneEncoder.state(to).compactText == #"{"mask": {"circle": [10, 5, {"cover": "container"}]}}"#)
    #expect(to[.mask] == .mask(.circle(center: SegueGeometry.Point(x: 10, y: 5), radius: (1525.0).squareRoot())))
  }
}
