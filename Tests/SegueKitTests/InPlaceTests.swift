import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene
import Testing

/// Layers animated in place (`"lift": false`): under the layers after them, clipped by their
/// groups, as a view the animator animates where it is.
struct InPlaceTests {
  /// `from` holds a red layer `a` at x 0…10 and, after it, a blue bar at x 20…40; `a` moves 25 pt
  /// right, to x 25…35, under the bar (x 25…35 blue) with `lift` false, over it (red) lifted.
  func scene(lift: Bool, clips: Bool = false) throws -> LoadedScene {
    try SceneFixture.scene(
      size: (40, 30), fps: 10,
      transition: """
        {"type": "custom", "operation": "push", "duration": 1, "curve": "linear", "stack": ["from"],
         "animations": [{"target": "from.a", "to": {"translate": [25, 0]}}], "end": {"from": {}}}
        """,
      from: """
        {"background": "#000000", "layers": [
          {"rect": [0, 0, 40, 30], "clips": \(clips), "layers": [
            {"id": "a", "rect": [0, 0, 10, 30], "color": "#FF0000", "lift": \(lift)}]},
          {"rect": [20, 0, 20, 30], "color": "#0000FF"}]}
        """)
  }

  @Test func aLayerAnimatedInPlaceStaysUnderTheLayersAfterIt() throws {
    let inPlace = SceneFixture.frame(try scene(lift: false), 10)
    #expect(inPlace[30, 15] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
    // Where nothing covers it, it shows where it moved; where it was, the screen shows.
    #expect(inPlace[22, 15] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
    #expect(inPlace[5, 15] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
    let lifted = SceneFixture.frame(try scene(lift: true), 10)
    #expect(lifted[30, 15] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    // Halfway (t = 0.5, x 12.5…22.5), in place: red up to the bar at 20, blue after it.
    let half = SceneFixture.frame(try scene(lift: false), 5)
    #expect(half[15, 15] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(half[21, 15] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
  }

  /// Its group clips it: in a group of x 0…40 that clips, moved 25 pt it still shows to 35; the
  /// plan draws the bar after it on its own, and nothing of the group twice.
  @Test func itsGroupsClipItAndTheLaterLayersAreDrawnApart() throws {
    let loaded = try scene(lift: false, clips: true)
    #expect(loaded.plan.inPlacePaths[.from] == [[0, 0]])
    #expect(loaded.plan.orderOnlyPaths[.from] == [[1]])
    let frame = SceneFixture.frame(loaded, 10)
    #expect(frame[30, 15] == PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255))
    let errors = FuzzRegressionTests.decodeErrors(
      #"{"size": [40, 30], "from": {"layers": [{"rect": [0, 0, 1, 1], "lift": "no"}]}, "to": {}, "transition": {"type": "fade"}}"#
    )
    #expect(errors == ["s.json: at 'from.layers.0.lift': expected true or false, got \"no\""], "\(errors)")
  }

  /// An overlay over `from` is a view the animator adds to the screen, above its views: over the
  /// layer animated in place and the bar after it (both drawn apart to keep their order), under
  /// a lifted layer, a snapshot above the whole screen. A white veil at 0.5 over red and blue.
  @Test func anOverlayOverTheScreenCoversItsLayersAnimatedInPlace() throws {
    let loaded = try SceneFixture.scene(
      size: (40, 30), fps: 10,
      transition: """
        {"type": "custom", "operation": "push", "duration": 1, "curve": "linear", "stack": ["from"],
         "overlays": {"veil": {"color": "#FFFFFF", "opacity": 0.5, "over": "from"}},
         "animations": [{"target": "from.a", "to": {"opacity": 0.999}},
                        {"target": "from.c", "to": {"opacity": 0.999}}], "end": {"from": {}}}
        """,
      from: """
        {"background": "#000000", "layers": [
          {"id": "a", "rect": [0, 0, 10, 30], "color": "#FF0000", "lift": false},
          {"rect": [20, 0, 10, 30], "color": "#0000FF"},
          {"id": "c", "rect": [30, 0, 10, 30], "color": "#00FF00"}]}
        """)
    let frame = SceneFixture.frame(loaded, 0)
    // Red and blue under the veil: half of each and half white.
    #expect(frame[5, 15] == PremultipliedRGBA8(r: 255, g: 128, b: 128, a: 255))
    #expect(frame[25, 15] == PremultipliedRGBA8(r: 128, g: 128, b: 255, a: 255))
    // The screen's black background, veiled.
    #expect(frame[15, 15] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255))
    // The lifted green layer above the veil.
    #expect(frame[35, 15] == PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255))
  }
}
