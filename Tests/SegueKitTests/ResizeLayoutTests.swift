import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene
import Testing

/// `"resize": "layout"`: a screen or group whose frame animates is drawn again at each size, its
/// pinned layers laid out there, instead of stretched.
struct ResizeLayoutTests {
  static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
  static let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)

  /// `to` (white, 40 × 30) holds a red bar pinned 5 points wide to its right edge, and shrinks to
  /// 20 points wide. Laid out, the bar is at x 15…20 at the end; stretched, it is the right
  /// 2.5 points (x 17.5…20), so pixel 16 is white.
  func scene(resize: String) throws -> LoadedScene {
    try SceneFixture.scene(
      size: (40, 30), fps: 10, background: "#000000",
      transition: """
        {"type": "custom", "operation": "push", "duration": 1, "curve": "linear", "stack": ["to"],
         "animations": [{"target": "to", "to": {"frame": [0, 0, 20, 30]}}]}
        """,
      to: """
        {"background": "#FFFFFF", "resize": "\(resize)", "layers": [
          {"rect": {"right": 0, "width": 5, "top": 0, "bottom": 0}, "color": "#FF0000"}]}
        """)
  }

  @Test func aScreenLaidOutKeepsItsPinnedLayersAtTheirSize() throws {
    let laidOut = SceneFixture.frame(try scene(resize: "layout"), 10)
    #expect(laidOut[16, 15] == Self.red)
    #expect(laidOut[14, 15] == Self.white)
    #expect(laidOut[25, 15] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
    let stretched = SceneFixture.frame(try scene(resize: "stretch"), 10)
    #expect(stretched[16, 15] == Self.white)
    #expect(stretched[18, 15] == Self.red)
    // Halfway (30 points wide) the bar is at x 25…30.
    let half = SceneFixture.frame(try scene(resize: "layout"), 5)
    #expect(half[26, 15] == Self.red)
    #expect(half[24, 15] == Self.white)
  }

  /// A lifted group of 30 × 20 at (5, 5) with a sublayer pinned 4 points from its bottom, 4 tall,
  /// grows to 30 × 28 at (5, 1): laid out, the sublayer is at y 20…24 of the group, 21…25 on screen.
  @Test func aGroupLaidOutLaysOutItsSublayers() throws {
    let loaded = try SceneFixture.scene(
      size: (40, 30), fps: 10,
      transition: """
        {"type": "custom", "operation": "push", "duration": 1, "curve": "linear", "stack": ["from"],
         "animations": [{"target": "from.card", "to": {"frame": [5, 1, 30, 28]}}]}
        """,
      from: """
        {"background": "#000000", "layers": [{"id": "card", "rect": [5, 5, 30, 20], "color": "#FFFFFF",
          "resize": "layout", "layers": [{"rect": {"left": 0, "right": 0, "bottom": 4, "height": 4}, "color": "#FF0000"}]}]}
        """)
    let end = SceneFixture.frame(loaded, 10)
    #expect(end[20, 22] == Self.red)
    #expect(end[20, 18] == Self.white)
    #expect(end[20, 27] == Self.white)
  }

  @Test func nothingInsideALaidOutScreenMovesOnItsOwn() throws {
    let errors = FuzzRegressionTests.decodeErrors(
      #"{"size": [40, 30], "from": {}, "to": {"resize": "layout", "layers": [{"id": "bar", "rect": [0, 0, 4, 4]}]}, "transition": {"type": "custom", "operation": "push", "animations": [{"target": "to.bar", "to": {"scale": 2}}]}}"#
    )
    #expect(
      errors == [
        "s.json: at 'transition.animations.0.target': 'to.bar' is inside 'to', which is laid out while it resizes "
          + "(\"resize\": \"layout\"): its layers follow their pins, and none moves on its own"
      ], "\(errors)")
    let bad = FuzzRegressionTests.decodeErrors(
      #"{"size": [40, 30], "from": {"resize": "relayout"}, "to": {}, "transition": {"type": "fade"}}"#)
    #expect(
      bad == [
        "s.json: at 'from.resize': expected one of 'stretch', 'layout', 'transform', got \"relayout\" (did you mean 'layout'?)"
      ], "\(bad)")
  }
}
