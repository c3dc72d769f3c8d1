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

  /// Animates only the screen, so nothing is lifted out of its snapshot.
  static let screenOnly = ##"{"target": "from", "to": {"opacity": 1}}"##

  @Test func aStaticLayerOffItsPlaneIsSeenThroughItsScreensPerspective() throws {
    // Screen perspective 100 about its centre (50, 30); a layer at [40, 20, 20, 20] with zPosition
    // 20 is 20 points toward the eye: every point goes to (50, 30) + (p − (50, 30)) · 100 / 80,
    // so it spans x 37.5 to 62.5 and y 17.5 to 42.5, drawn in the snapshot.
    let loaded = try custom(
      Self.screenOnly,
      from:
        ##"{"background": "#000000", "perspective": 100, "layers": [{"rect": [40, 20, 20, 20], "color": "#FF0000", "zPosition": 20}]}"##
    )
    #expect(loaded.plan.lifted[.from]?.isEmpty ?? true)
    let pixels = SceneFixture.frame(loaded, 5)
    #expect(pixels[38, 30] == Self.red && pixels[61, 30] == Self.red && pixels[50, 18] == Self.red)
    #expect(pixels[36, 30] == Self.black && pixels[63, 30] == Self.black && pixels[50, 16] == Self.black)
  }

  @Test func aStaticThreeDGroupKeepsItsPlaceAmongItsSiblings() throws {
    // A 3D group (red face) listed before a blue sibling that overlaps it: blue is drawn over it,
    // as Core Animation draws siblings in order, whether or not the group is lifted.
    let scene =
      ##"{"background": "#000000", "perspective": 300, "layers": [{"id": "g", "rect": [10, 10, 50, 40], "preserves3D": true, "layers": [{"rect": [0, 0, 50, 40], "color": "#FF0000", "zPosition": 5}]}, {"id": "b", "rect": [40, 10, 40, 40], "color": "#0000FF"}]}"##
    let still = try custom(Self.screenOnly, from: scene)
    let pixels = SceneFixture.frame(still, 5)
    #expect(pixels[50, 30] == Self.blue && pixels[25, 30] == Self.red && pixels[70, 30] == Self.blue)
  }

  /// An outer 3D group with a red face 10 points toward the eye and an inner 3D group holding a
  /// blue face 20 points toward the eye and a green one 20 away: the three faces share one depth
  /// order, back to front green (−20), red (10), blue (20), so blue is drawn over red.
  static let nested =
    ##"{"background": "#000000", "layers": [{"id": "outer", "rect": [20, 10, 60, 40], "preserves3D": true, "layers": [{"rect": [0, 0, 40, 40], "color": "#FF0000", "zPosition": 10}, {"id": "inner", "rect": [0, 0, 60, 40], "preserves3D": true, "layers": [{"rect": [20, 0, 40, 40], "color": "#0000FF", "zPosition": 20}, {"rect": [0, 0, 60, 40], "color": "#00FF00", "zPosition": -20}]}]}]}"##

  @Test func nestedThreeDGroupsShareOneDepthOrder() throws {
    let green = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
    // Static (in the snapshot) and lifted (the outer group moved by nothing).
    let still = try custom(Self.screenOnly, from: Self.nested)
    let lifted = try custom(##"{"target": "from.outer", "to": {"translate": [0, 0]}}"##, from: Self.nested)
    for loaded in [still, lifted] {
      let pixels = SceneFixture.frame(loaded, 5)
      // Screen x 50 is group x 30: red and blue overlap there, blue in front.
      #expect(pixels[50, 30] == Self.blue)
      #expect(pixels[30, 30] == Self.red && pixels[70, 30] == Self.blue)
      // Only the green face reaches group x < 20 behind red... and it is behind: red at x 25.
      #expect(pixels[25, 30] == Self.red && pixels[50, 30] != green)
    }
  }

  /// A 3D group with a white fill and opacity 0.5 holding a red face (group x 0 to 30) and a blue
  /// one (20 to 50) over it; the group is 60 wide.
  static let faded =
    ##"{"background": "#000000", "layers": [{"id": "g", "rect": [20, 10, 60, 40], "preserves3D": true, "color": "#FFFFFF", "opacity": 0.5, "clips": true, "layers": [{"rect": [0, 0, 30, 40], "color": "#FF0000"}, {"rect": [20, -5, 30, 40], "color": "#0000FF"}]}]}"##

  @Test func aThreeDGroupDrawsOnlyItsSublayersEachFadedOnItsOwn() throws {
    let still = try custom(Self.screenOnly, from: Self.faded)
    let lifted = try custom(##"{"target": "from.g", "to": {"translate": [0, 0]}}"##, from: Self.faded)
    for loaded in [still, lifted] {
      let pixels = SceneFixture.frame(loaded, 5)
      // Red alone: half red over black.
      #expect(pixels[25, 30] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255))
      // Where they overlap (group x 25), blue at one half over half red, not blue at one half
      // over black as a group would be: (255 · 0.5 · 0.5, 0, 255 · 0.5) = (64, 0, 128).
      let overlap = pixels[45, 30]
      #expect(abs(Int(overlap.r) - 64) <= 1 && overlap.g == 0 && abs(Int(overlap.b) - 128) <= 1)
      // No fill of its own (group x 55), and no clip: the blue face reaches above the group.
      #expect(pixels[75, 30] == Self.black)
      #expect(pixels[55, 7] == PremultipliedRGBA8(r: 0, g: 0, b: 128, a: 255))
    }
  }

  @Test func anEllipseGroupClipsItsLiftedSublayersToItsEllipse() throws {
    // A white ellipse group [20, 0, 60, 60] that clips, holding a red square filling it, which
    // an animation lifts: the square's corners outside the circle stay black.
    let scene =
      ##"{"background": "#000000", "layers": [{"id": "dot", "rect": [20, 0, 60, 60], "shape": "ellipse", "clips": true, "color": "#FFFFFF", "layers": [{"id": "fill", "rect": [0, 0, 60, 60], "color": "#FF0000"}]}]}"##
    let loaded = try custom(##"{"target": "from.fill", "to": {"translate": [0, 0]}}"##, from: scene)
    let pixels = SceneFixture.frame(loaded, 5)
    #expect(pixels[50, 30] == Self.red && pixels[21, 30] == Self.red)
    // (22.5, 2.5) is 38.9 points from the centre (50, 30), past the radius 30.
    #expect(pixels[22, 2] == Self.black && pixels[77, 57] == Self.black)
  }

  @Test func anEllipsesShadowIsAnEllipse() throws {
    // A white circle [30, 10, 40, 40] with a red shadow of radius 0.3 pt under it, lifted: the
    // shadow follows the circle, so the corner of its square (31, 11) stays black, while just
    // outside the circle's left edge, moved 3 points by the shadow's offset, it is red.
    let scene =
      ##"{"background": "#000000", "layers": [{"id": "dot", "rect": [30, 10, 40, 40], "shape": "ellipse", "color": "#FFFFFF"}]}"##
    let loaded = try custom(
      ##"{"target": "from.dot", "to": {"shadow": {"color": "#FF0000", "opacity": 1, "radius": 0.3, "offset": [-3, 0]}}}"##,
      from: scene)
    let pixels = SceneFixture.frame(loaded, 10)
    #expect(pixels[31, 11] == Self.black && pixels[28, 30] == Self.red)
  }

  @Test func aThreeDGroupsOwnDrawingIsIgnoredWithAWarning() throws {
    let loaded = try custom(Self.screenOnly, from: Self.faded)
    #expect(
      loaded.plan.warnings.map(\.description).contains {
        $0.hasSuffix(
          "at 'from.layers.0': a 3D group draws only its sublayers, as CATransformLayer does: its 'color' and "
            + "'clips' are ignored")
      })
  }

  @Test func aNestedThreeDGroupsFacesTakeEveryGroupsOpacity() throws {
    // An outer 3D group at opacity 0.5 (lifted by its animation) holds an inner 3D group holding a
    // red face: the face is drawn at 0.5 over black, (128, 0, 0), found by the CSS check.
    let scene =
      ##"{"background": "#000000", "layers": [{"id": "outer", "rect": [20, 10, 60, 40], "preserves3D": true, "layers": [{"id": "inner", "rect": [0, 0, 60, 40], "preserves3D": true, "layers": [{"rect": [0, 0, 60, 40], "color": "#FF0000"}]}]}]}"##
    for animation in [
      ##"{"target": "from.outer", "from": {"opacity": 0.5}, "to": {"opacity": 0.5}}"##,
      ##"{"target": "from.inner", "from": {"opacity": 0.5}, "to": {"opacity": 0.5}}"##,
    ] {
      let pixels = SceneFixture.frame(try custom(animation, from: scene), 5)
      #expect(pixels[50, 30] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255), "\(animation)")
    }
  }

  @Test func aThreeDGroupTurnedEdgeOnStillDrawsItsFaces() throws {
    // A 3D group turning from −60° to −90° about y holds a face turned +90° inside it: at the end
    // the group is edge-on and the face, turned 0° in all, faces the eye at the group's place
    // (found by the CSS check: nothing was drawn).
    let loaded = try custom(
      ##"{"target": "from.side", "from": {"rotationY": 90}, "to": {"rotationY": 90}}, {"target": "from.g", "from": {"rotationY": -60}, "to": {"rotationY": -90}}"##,
      from:
        ##"{"background": "#000000", "layers": [{"id": "g", "rect": [30, 10, 40, 40], "preserves3D": true, "layers": [{"id": "side", "rect": [0, 0, 40, 40], "color": "#FF0000"}]}]}"##
    )
    let end = SceneFixture.frame(loaded, loaded.timeline.frameCount - 1)
    #expect(end[50, 30] == Self.red && end[32, 12] == Self.red && end[67, 47] == Self.red)
  }
}
