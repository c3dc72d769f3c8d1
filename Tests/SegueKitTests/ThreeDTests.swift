import Foundation
import SegueGeometry
import Testing

@testable import SegueCompose
@testable import SegueKit
@testable import SegueMotion
@testable import SegueRaster
@testable import SegueScene

/// 3D as Core Animation draws it (docs/custom-transitions.md, 3D): isDoubleSided, zPosition,
/// 3D groups (CATransformLayer), sublayerTransform perspective, and flattening.
struct ThreeDTests {
  static let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
  static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
  static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
  static let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
  /// Keeps the `to` screen out of the picture.
  static let hideTo = ##"{"target": "to", "from": {"opacity": 0}, "to": {"opacity": 0}}"##

  func custom(_ animations: String, from: String, size: (Int, Int) = (100, 60)) throws -> LoadedScene {
    try SceneFixture.scene(
      size: size, background: "#000000",
      transition: ##"{"type": "custom", "duration": 1, "curve": "linear", "animations": ["## + animations + ", "
        + Self.hideTo + "]}",
      from: from, to: ##"{"background": "#000000"}"##)
  }

  @Test func theCubesFirstFrameIsExactlyTheFromScreen() throws {
    let from =
      ##"{"background": "#FF2D55", "layers": [{"rect": [4, 4, 20, 10], "color": "#FFFFFF", "cornerRadius": 3}]}"##
    for operation in ["push", "pop"] {
      let loaded = try SceneFixture.scene(
        size: (40, 30), transition: ##"{"type": "cube", "operation": ""## + operation + ##""}"##, from: from,
        to: ##"{"background": "#5856D6"}"##)
      let first = SceneFixture.frame(loaded, 0)
      let alone = ScreenRasterizer.render(loaded.scene.from, size: Size(width: 40, height: 30), scale: 1, images: [:])
      #expect(first.pixels == alone.pixels, "cube \(operation)")
      // The last frame is exactly the `to` screen: the outgoing face has turned away.
      let last = SceneFixture.frame(loaded, loaded.timeline.frameCount - 1)
      #expect(last.pixels.allSatisfy { $0 == PremultipliedRGBA8(r: 0x58, g: 0x56, b: 0xD6, a: 255).packed })
    }
  }

  /// A red 40 x 40 layer at (30, 10) turning about y from 0 to 180° over 1 s (10 fps), with
  /// `doubleSided` as given.
  func turning(doubleSided: Bool) throws -> LoadedScene {
    try custom(
      ##"{"target": "from.card", "to": {"rotationY": 180}}"##,
      from:
        ##"{"background": "#000000", "layers": [{"id": "card", "rect": [30, 10, 40, 40], "color": "#FF0000", "doubleSided": "##
        + "\(doubleSided)}]}")
  }

  @Test func aSingleSidedLayerHidesWhileItFacesAway() throws {
    // At 60° (frame 3, 54°) it faces the eye; at 126° (frame 7) it shows its back.
    let single = try turning(doubleSided: false)
    #expect(SceneFixture.frame(single, 3)[50, 30] == Self.red)
    #expect(SceneFixture.frame(single, 7)[50, 30] == Self.black)
    let double = try turning(doubleSided: true)
    #expect(SceneFixture.frame(double, 7)[50, 30] == Self.red)
  }

  @Test func aLayerTurnedInAFlatScreenIsSeenWithoutPerspective() throws {
    // The screen has no perspective: the card at 54° is drawn orthographically, 40·cos 54° =
    // 23.5 points wide, centred on x = 50, its left and right edges equally tall.
    let pixels = SceneFixture.frame(try turning(doubleSided: true), 3)
    let half = 20 * cos(54 * Double.pi / 180)  // 11.76
    #expect(pixels[Int((50 - half).rounded(.up)), 30] == Self.red && pixels[Int(50 + half) - 1, 30] == Self.red)
    #expect(pixels[Int((50 - half).rounded(.down)) - 1, 30] == Self.black)
    #expect(pixels[Int((50 + half).rounded(.up)), 30] == Self.black)
    // Both edges reach the layer's top and bottom (rows 10 and 49): no foreshortening.
    #expect(pixels[40, 10] == Self.red && pixels[59, 10] == Self.red && pixels[40, 49] == Self.red)
  }

  @Test func aScreensPerspectiveIsWhatItsLayersAreSeenThrough() throws {
    // With the screen's perspective 100 (m34 = −1/100 about its centre (50, 30)), the card at 54°
    // about its centre (50, 30): its right edge goes back, z = −20 sin 54° = −16.18, drawn at
    // x = 50 + 11.76 · 100 / 116.18 = 60.12, its half height 20 · 100 / 116.18 = 17.2; its left
    // edge comes forward: x = 50 − 11.76 · 100 / 83.82 = 35.97, half height 23.86.
    let loaded = try custom(
      ##"{"target": "from.card", "to": {"rotationY": 180}}"##,
      from:
        ##"{"background": "#000000", "perspective": 100, "layers": [{"id": "card", "rect": [30, 10, 40, 40], "color": "#FF0000"}]}"##
    )
    let pixels = SceneFixture.frame(loaded, 3)
    #expect(pixels[37, 30] == Self.red && pixels[34, 30] == Self.black)
    #expect(pixels[59, 30] == Self.red && pixels[61, 30] == Self.black)
    // Near the left edge the card reaches higher (23.9 > 17.2 half heights).
    #expect(pixels[38, 8] == Self.red && pixels[58, 8] == Self.black)
  }

  /// A card group turning 0 → 180° about y: a red front and a blue back turned 180° in the
  /// group, both single-sided; the back has a white marker at its own top-left.
  func card(preserves3D: Bool) throws -> LoadedScene {
    try custom(
      ##"{"target": "from.card", "to": {"rotationY": 180}}, {"target": "from.back", "from": {"rotationY": 180}, "to": {"rotationY": 180}}"##,
      from: ##"{"background": "#000000", "layers": [{"id": "card", "rect": [30, 10, 40, 40], "preserves3D": "##
        + "\(preserves3D)"
        + ##", "layers": [{"id": "front", "rect": [0, 0, 40, 40], "color": "#FF0000", "doubleSided": false}, {"id": "back", "rect": [0, 0, 40, 40], "color": "#0000FF", "doubleSided": false, "layers": [{"rect": [0, 0, 8, 8], "color": "#FFFFFF"}]}]}]}"##
    )
  }

  @Test func aCardFlipIsOneRotationOfAThreeDGroup() throws {
    let loaded = try card(preserves3D: true)
    let start = SceneFixture.frame(loaded, 0)
    #expect(start[50, 30] == Self.red && start[32, 12] == Self.red)
    #expect(SceneFixture.frame(loaded, 3)[50, 30] == Self.red)  // 54°: the front
    #expect(SceneFixture.frame(loaded, 7)[50, 30] == Self.blue)  // 126°: the back
    // At 180° the back reads the right way round: its marker at the card's top-left.
    let end = SceneFixture.frame(loaded, 10)
    #expect(end[50, 30] == Self.blue && end[32, 12] == Self.white && end[67, 12] == Self.blue)
  }

  @Test func aFlatGroupFlattensItsSublayersBeforeItTurns() throws {
    // Without preserves3D both faces are flattened into the card's plane first: there the back
    // faces away and is never drawn, and the front faces the eye, so it is drawn into the card,
    // which (double-sided itself) is then seen from behind, mirrored, past 90°: red throughout,
    // the back's marker never.
    let loaded = try card(preserves3D: false)
    #expect(SceneFixture.frame(loaded, 0)[50, 30] == Self.red)
    #expect(SceneFixture.frame(loaded, 7)[50, 30] == Self.red)
    let end = SceneFixture.frame(loaded, 10)
    #expect(end[50, 30] == Self.red && end[32, 12] == Self.red && end[67, 12] == Self.red)
  }

  @Test func zPositionOrdersSiblings() throws {
    // Red first with zPosition 1, blue second: red is drawn over blue, in the snapshot and lifted.
    let scene =
      ##"{"background": "#000000", "layers": [{"id": "a", "rect": [10, 10, 40, 40], "color": "#FF0000", "zPosition": 1}, {"id": "b", "rect": [30, 10, 40, 40], "color": "#0000FF"}]}"##
    let still = SceneFixture.frame(
      try SceneFixture.scene(size: (100, 60), transition: ##"{"type": "fade"}"##, from: scene), 0)
    #expect(still[40, 30] == Self.red && still[60, 30] == Self.blue)
    let lifted = try custom(
      ##"{"target": "from.a", "to": {"opacity": 1}}, {"target": "from.b", "to": {"opacity": 1}}"##, from: scene)
    #expect(SceneFixture.frame(lifted, 5)[40, 30] == Self.red)
  }

  @Test func aThreeDGroupDrawsBackToFrontByDepth() throws {
    // In a 3D group, red listed first but 10 points nearer (zPosition 10) is drawn over blue.
    let group =
      ##"{"background": "#000000", "layers": [{"id": "g", "rect": [0, 0, 100, 60], "preserves3D": true, "layers": [{"id": "a", "rect": [10, 10, 40, 40], "color": "#FF0000", "zPosition": 10}, {"id": "b", "rect": [30, 10, 40, 40], "color": "#0000FF"}]}]}"##
    let loaded = try custom(##"{"target": "from.g", "to": {"rotationY": 10}}"##, from: group)
    #expect(SceneFixture.frame(loaded, 5)[40, 30] == Self.red)
  }

  @Test func facesAtOneDepthKeepTheirOrderInEveryFrame() throws {
    // Two faces of one plane with one centre, the second (blue) smaller: a tie at every angle,
    // so blue, later in the list, is drawn over red in every frame (the independent CSS check
    // found red in frames 3 and 9 when rounding broke the tie).
    let loaded = try SceneFixture.scene(
      size: (120, 90), fps: 10, background: "#000000",
      transition:
        ##"{"type": "custom", "duration": 1, "curve": "linear", "animations": [{"target": "from.G", "from": {"rotationX": -80, "rotationY": -70}, "to": {"rotationX": 10, "rotationY": -10}}, {"target": "from.B", "from": {"scale": 0.6}, "to": {"scale": 0.6}}, {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 0}}]}"##,
      from:
        ##"{"background": "#000000", "layers": [{"id": "G", "rect": [30, 20, 60, 50], "preserves3D": true, "layers": [{"id": "A", "rect": [0, 0, 60, 50], "color": "#FF0000"}, {"id": "B", "rect": [0, 0, 60, 50], "color": "#0000FF"}]}]}"##,
      to: ##"{"background": "#000000"}"##)
    for frame in 2...10 {
      #expect(SceneFixture.frame(loaded, frame)[60, 45] == Self.blue, "frame \(frame)")
    }
  }
}
