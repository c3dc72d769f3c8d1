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

/// An overlay whose rect is a circle's square, `{"circle": [cx, cy, {"cover": "container"}]}`:
/// the bubble BubbleTransition grows from the tap, drawn as the circle of radius r about the tap.
struct CoverCircleOverlayTests {
  /// A white bubble over black `from` about (10, 5), unscaled: its edge is where the covering
  /// radius puts it on each container, so the whole container is white.
  static func scene(size: (Int, Int), scale: Double) throws -> LoadedScene {
    try SceneFixture.scene(
      size: size,
      transition: ##"{"type": "custom", "duration": 1, "curve": "linear", "stack": ["from", "bubble"], "##
        + ##""overlays": {"bubble": {"color": "#FFFFFF", "rect": {"circle": [10, 5, {"cover": "container"}]}}}, "##
        + ##""animations": [{"target": "bubble", "from": {"scale": \##(scale)}, "to": {"scale": \##(scale)}}]}"##)
  }

  @Test func theBubbleIsTheCircleThatCoversTheContainer() throws {
    // 40 x 30: R = sqrt(30² + 25²) = 39.05, the rect (10 − R, 5 − R, 2R, 2R). At scale 1 it
    // covers every pixel, the far corner's too.
    let whole = SceneFixture.redChannel(try Self.scene(size: (40, 30), scale: 1), frame: 5)
    #expect(whole.allSatisfy { row in row.allSatisfy { $0 == 255 } })
    // At scale 0.5 about its centre (the tap), a circle of radius R / 2 = 19.53: as the mask's
    // test works out, pixel (28, 5) is inside (its far point 19.03 away), (30, 5) outside (20
    // away); down column 10, row 23 inside and row 25 outside. It is a circle, not its square:
    // pixel (28, 23) spans to (29, 24), sqrt(19² + 19²) = 26.9 away, outside.
    let half = SceneFixture.redChannel(try Self.scene(size: (40, 30), scale: 0.5), frame: 5)
    #expect(half[5][28] == 255 && half[5][30] == 0)
    #expect(half[23][10] == 255 && half[25][10] == 0)
    #expect(half[23][28] == 0)
    // 60 x 50: R = sqrt(50² + 45²) = 67.27, R / 2 = 33.63: (42, 5) inside, (44, 5) outside.
    let large = SceneFixture.redChannel(try Self.scene(size: (60, 50), scale: 0.5), frame: 5)
    #expect(large[5][42] == 255 && large[5][44] == 0)
  }
}
