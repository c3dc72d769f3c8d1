import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene
import Testing

/// `"resize": "transform"`: a target whose frame animates keeps the bounds it lives at and is
/// scaled onto each frame, its corner radius in its own points (elliptical under unequal scales).
struct ResizeTransformTests {
  static let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
  static let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
  static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)

  /// A pop: `from` (white, 200 × 100, corners 20) shrinks onto [0, 0, 100, 25] in the first half
  /// second and holds there, over a black `to`. It leaves, so it keeps its start bounds, 200 × 100,
  /// and from t = 0.5 the scale is (100 ÷ 200, 25 ÷ 100) = (0.5, 0.25): each corner is a quarter
  /// ellipse of radii 20·0.5 = 10 across and 20·0.25 = 5 down, the top left one centred (10, 5).
  func shrinkingScreen(resize: String) throws -> LoadedScene {
    try SceneFixture.scene(
      size: (200, 100), fps: 10, background: "#0000FF",
      transition: """
        {"type": "custom", "operation": "pop", "duration": 1, "curve": "linear", "stack": ["to", "from"],
         "animations": [
           {"target": "from", "duration": 0.5, "from": {"cornerRadius": 20},
            "to": {"frame": [0, 0, 100, 25], "cornerRadius": 20}},
           {"target": "to", "from": {"opacity": 1}, "to": {"opacity": 1}}]}
        """,
      from: ##"{"background": "#FFFFFF", "resize": "\##(resize)"}"##, to: ##"{"background": "#000000"}"##)
  }

  /// Inside the ellipse ((x − 10) ÷ 10)² + ((y − 5) ÷ 5)² ≤ 1 where a pixel's farthest corner
  /// from its centre is inside, outside where its nearest point is outside.
  @Test func cornersAreEllipsesOfTheRadiusTimesEachScale() throws {
    let frame = SceneFixture.frame(try shrinkingScreen(resize: "transform"), 6)
    // Wholly outside: (1, 1) gives 0.81 + 0.64, (1, 2) 0.81 + 0.36, (3, 1) 0.49 + 0.64.
    for (x, y) in [(0, 0), (0, 1), (2, 0)] { #expect(frame[x, y] == Self.black, "(\(x), \(y))") }
    // Wholly inside: (1, 4) gives 0.81 + 0.04, (6, 1) 0.16 + 0.64, (9, 1) 0.01 + 0.64.
    for (x, y) in [(1, 4), (6, 1), (9, 1)] { #expect(frame[x, y] == Self.white, "(\(x), \(y))") }
    // The frame's edges: white to x = 100 and y = 25, black past them.
    #expect(frame[99, 12] == Self.white)
    #expect(frame[100, 12] == Self.black)
    #expect(frame[50, 24] == Self.white)
    #expect(frame[50, 25] == Self.black)
    // The far corner's ellipse is centred (90, 20): pixel (99, 24)'s nearest point (99, 24) gives
    // 0.81 + 0.64, wholly outside; pixel (94, 21)'s farthest, (95, 22), 0.25 + 0.16, wholly inside.
    #expect(frame[99, 24] == Self.black)
    #expect(frame[94, 21] == Self.white)
  }

  /// Stretched, the same frame has circular corners of 20 limited to 25 ÷ 2 = 12.5, centred
  /// (12.5, 12.5): pixel (1, 4) is no longer wholly inside (its corner (1, 4) is 14.3 away).
  @Test func stretchedTheCornersStayCircular() throws {
    let frame = SceneFixture.frame(try shrinkingScreen(resize: "stretch"), 6)
    #expect(frame[1, 4] != Self.white)
  }

  /// Halfway through the shrink (t = 0.25) the frame is 150 × 62.5 and the scale (0.75, 0.625):
  /// the bounds stay 200 × 100, the transform maps them onto the frame, and the radii are in the
  /// view's points.
  @Test func theLayerKeepsItsBoundsAndTheTransformScalesThem() throws {
    let loaded = try shrinkingScreen(resize: "transform")
    let layers = SceneFixture.layers(loaded, at: .time(0.25))
    let screen = try #require(layers.last)
    #expect(screen.bounds == Size(width: 200, height: 100))
    #expect(screen.cornerRadii == CornerRadii(20))
    let placed = SceneFixture.placed(screen)
    #expect(abs(placed.width - 150) < 1e-9 && abs(placed.height - 62.5) < 1e-9)
    #expect(abs(placed.x) < 1e-9 && abs(placed.y) < 1e-9)
    #expect(loaded.plan.transformBounds(of: .screen(.from)) == Size(width: 200, height: 100))
  }

  /// A card of `from` in a push stays, so it keeps its end bounds: it grows from [10, 10, 40, 20]
  /// to [0, 0, 80, 40], its corners 8 of its own points, a red bar pinned 8 wide to its right.
  func growingCard(resize: String, lift: Bool) throws -> LoadedScene {
    try SceneFixture.scene(
      size: (100, 60), fps: 10,
      transition: """
        {"type": "custom", "operation": "push", "duration": 1, "curve": "linear", "stack": ["from"],
         "animations": [{"target": "from.card", "to": {"frame": [0, 0, 80, 40]}}]}
        """,
      from: """
        {"background": "#000000", "layers": [{"id": "card", "rect": [10, 10, 40, 20], "color": "#FFFFFF",
          "cornerRadius": 8, "lift": \(lift), "resize": "\(resize)",
          "layers": [{"rect": {"right": 0, "width": 8, "top": 0, "bottom": 0}, "color": "#FF0000"}]}]}
        """)
  }

  /// Animated in place, the card is the app's view laid out at 80 × 40: at the start (scale 0.5)
  /// its bar is 72…80 of its points, 36…40 of the frame, x 46…50 on screen; stretched from the
  /// card's own 40 × 20 it would be 42…50.
  @Test func aViewInPlaceIsLaidOutAtItsEndBoundsAndScaled() throws {
    let layers = SceneFixture.layers(try growingCard(resize: "transform", lift: false), at: .time(0))
    let card = try #require(layers.last?.sublayers.last)
    #expect(card.bounds == Size(width: 80, height: 40))
    let start = SceneFixture.frame(try growingCard(resize: "transform", lift: false), 0)
    #expect(start[44, 20] == Self.white)
    #expect(start[46, 20] == Self.red)
    #expect(start[49, 20] == Self.red)
    #expect(start[50, 20] == Self.black)
    let stretched = SceneFixture.frame(try growingCard(resize: "stretch", lift: false), 0)
    #expect(stretched[44, 20] == Self.red)
  }

  /// Lifted, the card is a snapshot: its picture stretches to the 80 × 40 it keeps (the bar at
  /// x 42…50 at the start, as stretched), but its corners are 8 of those points, 4 on screen at
  /// the scale of 0.5, not 8: pixel (12, 12) is wholly inside a corner of 4 centred (14, 14)
  /// (its far corner 2.83 from it) and only partly inside one of 8 centred (18, 18) (8.49).
  @Test func aSnapshotStretchesItsPictureButItsCornersScale() throws {
    let start = SceneFixture.frame(try growingCard(resize: "transform", lift: true), 0)
    #expect(start[44, 20] == Self.red)
    #expect(start[40, 20] == Self.white)
    #expect(start[12, 12] == Self.white)
    #expect(start[10, 10] == Self.black)
    let stretched = SceneFixture.frame(try growingCard(resize: "stretch", lift: true), 0)
    #expect(stretched[12, 12] != Self.white)
  }

  @Test func decodedAndWrittenBack() throws {
    let text = """
      {"size": [40, 30], "from": {"resize": "transform", "layers": [{"id": "card", "rect": [0, 0, 4, 4], "resize": "transform"}]},
       "to": {}, "transition": {"type": "custom", "operation": "push", "animations": [{"target": "from.card", "to": {"frame": [0, 0, 8, 8]}}]}}
      """
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
    #expect(scene.from.resize == .transform)
    #expect(scene.from.layers[0].resize == .transform)
    let expanded = try SceneExpansion.text(of: Array(text.utf8), file: "s.json", defaultName: "s")
    let again = try SceneDecoder.decode(Array(expanded.utf8), file: "s.json", defaultName: "s")
    #expect(again.from.resize == .transform)
    #expect(again.from.layers[0].resize == .transform)
  }
}
