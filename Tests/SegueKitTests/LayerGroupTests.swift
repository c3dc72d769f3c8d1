import SegueGeometry
import Testing

@testable import SegueCompose
@testable import SegueKit
@testable import SegueMotion
@testable import SegueRaster
@testable import SegueScene

/// Layers that hold layers (docs/scene-format.md, groups): sublayers in the group's own points,
/// moving, clipping and fading with it as Core Animation's sublayers do.
struct LayerGroupTests {
  static let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
  static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
  static let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255)
  static let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)

  /// A 100 x 60 fade whose `from` screen is `from` (black behind), rendered at frame 0.
  func first(_ from: String, transition: String = ##"{"type": "fade", "duration": 0.3}"##) throws -> Pixmap {
    let loaded = try SceneFixture.scene(
      size: (100, 60), background: "#000000", transition: transition, from: from,
      to: ##"{"background": "#FFFFFF"}"##)
    return SceneFixture.frame(loaded, 0)
  }

  @Test func sublayersAreInTheGroupsPoints() throws {
    // A group at (10, 10) holding a red square at (5, 5) of its own points: (15…25, 15…25).
    let pixels = try first(
      ##"{"background": "#000000", "layers": [{"rect": [10, 10, 40, 40], "layers": [{"rect": [5, 5, 10, 10], "color": "#FF0000"}]}]}"##
    )
    #expect(pixels[15, 15] == Self.red && pixels[24, 24] == Self.red)
    #expect(pixels[14, 15] == Self.black && pixels[25, 24] == Self.black)
  }

  @Test func clipsCutTheSubtreeToTheGroupsShapeCornersIncluded() throws {
    // A red square hanging 10 points past the right of a 40 x 40 group at (10, 10): with clips it
    // stops at x = 50; without, it reaches 60.
    func scene(_ clips: Bool, radius: Double = 0) -> String {
      ##"{"background": "#000000", "layers": [{"rect": [10, 10, 40, 40], "cornerRadius": "##
        + "\(radius), \"clips\": \(clips)"
        + ##", "layers": [{"rect": [0, 0, 50, 40], "color": "#FF0000"}]}]}"##
    }
    let clipped = try first(scene(true))
    #expect(clipped[49, 30] == Self.red && clipped[50, 30] == Self.black && clipped[55, 30] == Self.black)
    let open = try first(scene(false))
    #expect(open[55, 30] == Self.red && open[59, 30] == Self.red && open[60, 30] == Self.black)
    // Corner radius 20 on the 40-point group: its corner pixel (10, 10) lies outside the arc.
    let round = try first(scene(true, radius: 20))
    #expect(round[10, 10] == Self.black && round[30, 30] == Self.red)
  }

  /// A group with no id that holds an animated layer stays in its place in the screen, as the
  /// app's view does: a later sibling (a bar) is still drawn over its fill, while the lifted layer
  /// goes above everything of the screen, faded by the group's opacity once, over the group's own
  /// faded fill.
  @Test func aGroupHoldingALiftedLayerStaysInItsPlace() throws {
    // Group (0…100, 0…30), red at 0.5, holding a green `thumb` (10…30, 5…25) and a blue label
    // (40…60, 5…25); a white bar (0…100, 20…60) after it overlaps the group's bottom 10 points.
    let group =
      ##"{"rect": [0, 0, 100, 30], "color": "#FF0000", "opacity": 0.5, "layers": ["##
      + ##"{"id": "thumb", "rect": [10, 5, 20, 20], "color": "#00FF00"}, {"rect": [40, 5, 20, 20], "color": "#0000FF"}]}"##
    let pixels = try first(
      ##"{"background": "#000000", "layers": ["## + group + ##", {"rect": [0, 20, 100, 40], "color": "#FFFFFF"}]}"##,
      transition: ##"{"type": "custom", "duration": 0.3, "stack": ["from"], "animations": "##
        + ##"[{"target": "from.thumb", "to": {"translate": [0, 0]}}]}"##
    )
    // The group's fill at 0.5 over black, where nothing covers it.
    #expect(pixels[70, 10] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255), "\(pixels[70, 10])")
    // The bar covers the group's fill and its label, as it does in the app.
    #expect(pixels[70, 25] == Self.white, "\(pixels[70, 25])")
    #expect(pixels[50, 22] == Self.white, "\(pixels[50, 22])")
    // The lifted thumb is above the bar, at the group's opacity: 0.5 green over what is below.
    #expect(pixels[20, 10] == PremultipliedRGBA8(r: 64, g: 128, b: 0, a: 255), "\(pixels[20, 10])")
    // Over the white bar: 127.5 either way of the rounding.
    let overBar = pixels[20, 22]
    #expect([127, 128].contains(overBar.r) && overBar.g == 255 && [127, 128].contains(overBar.b), "\(overBar)")
  }

  @Test func aGroupsOpacityFadesItsSubtreeComposedOnce() throws {
    // Red and blue overlapping inside a group at opacity 0.5 over black: where they overlap only
    // the blue on top shows, at half: (0, 0, 128), never red through it (64, 0, 128).
    let pixels = try first(
      ##"{"background": "#000000", "layers": [{"rect": [0, 0, 60, 40], "opacity": 0.5, "layers": [{"rect": [0, 0, 40, 40], "color": "#FF0000"}, {"rect": [20, 0, 40, 40], "color": "#0000FF"}]}]}"##
    )
    #expect(pixels[30, 20] == PremultipliedRGBA8(r: 0, g: 0, b: 128, a: 255), "\(pixels[30, 20])")
    #expect(pixels[10, 20] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255), "\(pixels[10, 20])")
  }

  @Test func theBorderIsDrawnOverTheSublayers() throws {
    let pixels = try first(
      ##"{"background": "#000000", "layers": [{"rect": [10, 10, 40, 40], "border": {"width": 2, "color": "#FFFFFF"}, "layers": [{"rect": [0, 0, 40, 40], "color": "#FF0000"}]}]}"##
    )
    #expect(pixels[10, 30] == Self.white && pixels[11, 30] == Self.white && pixels[12, 30] == Self.red)
  }

  /// Screens with a card group at (20, 10) holding `from.badge` (red, 10 x 10 at (5, 5)) over a
  /// blue fill; linear over 1 s at 10 fps.
  func card(_ animations: String, clips: Bool = true) throws -> LoadedScene {
    try SceneFixture.scene(
      size: (100, 60), background: "#000000",
      transition: ##"{"type": "custom", "duration": 1, "curve": "linear", "animations": "## + animations + "}",
      from:
        ##"{"background": "#000000", "layers": [{"id": "card", "rect": [20, 10, 40, 40], "color": "#0000FF", "clips": "##
        + "\(clips)" + ##", "layers": [{"id": "badge", "rect": [5, 5, 10, 10], "color": "#FF0000"}]}]}"##,
      to: ##"{"background": "#000000"}"##)
  }

  @Test func aLayerInsideAGroupIsATargetAndStaysInItsGroup() throws {
    // `from.badge` moves 30 points right in the card's points: at the end it is at
    // 20 + 5 + 30 = 55 across, clipped by the card's right edge at 60.
    let loaded = try card(
      ##"[{"target": "from.badge", "to": {"translate": [30, 0]}}, {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 0}}]"##
    )
    let start = SceneFixture.frame(loaded, 0)
    #expect(start[25, 15] == Self.red && start[24, 15] == Self.blue)
    let end = SceneFixture.frame(loaded, 10)
    #expect(end[55, 15] == Self.red && end[59, 15] == Self.red && end[54, 15] == Self.blue)
    #expect(end[60, 15] == Self.black)  // the card clips it
    #expect(end[25, 15] == Self.blue)  // the badge left its place: the card shows
    let open = SceneFixture.frame(
      try card(
        ##"[{"target": "from.badge", "to": {"translate": [30, 0]}}, {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 0}}]"##,
        clips: false),
      10)
    #expect(open[62, 15] == Self.red)  // unclipped it hangs past the card
  }

  @Test func liftingAGroupLiftsItsSubtree() throws {
    // The card turns 180° about its centre (40, 30): the badge at (25…35, 15…25) lands at
    // (45…55, 35…45).
    let loaded = try card(
      ##"[{"target": "from.card", "to": {"rotation": 180}}, {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 0}}]"##
    )
    let end = SceneFixture.frame(loaded, 10)
    #expect(end[45, 35] == Self.red && end[54, 44] == Self.red && end[44, 35] == Self.blue)
    #expect(end[25, 15] == Self.blue)
    // Halfway through a fade of the card, its subtree fades as one: the badge is red at half.
    let fade = try card(
      ##"[{"target": "from.card", "to": {"opacity": 0}}, {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 0}}]"##
    )
    let middle = SceneFixture.frame(fade, 5)
    #expect(middle[30, 20] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255), "\(middle[30, 20])")
    #expect(middle[50, 40] == PremultipliedRGBA8(r: 0, g: 0, b: 128, a: 255), "\(middle[50, 40])")
  }

  @Test func aMatchedLayerInsideAGroupStartsWhereTheGroupPutsIt() throws {
    // The badge at (5, 5) of a card at (20, 10) is at (25, 15) on screen; its match at the end is
    // the `to` screen's badge at (60, 30), 20 x 20. A matched group carries its sublayers.
    let loaded = try SceneFixture.scene(
      size: (100, 60), background: "#000000",
      transition: ##"{"type": "custom", "duration": 1, "curve": "linear", "match": ["badge", "card"]}"##,
      from:
        ##"{"background": "#000000", "layers": [{"id": "card", "rect": [20, 10, 40, 40], "color": "#0000FF", "layers": [{"id": "badge", "rect": [5, 5, 10, 10], "color": "#FF0000"}, {"rect": [25, 25, 10, 10], "color": "#FFFFFF"}]}]}"##,
      to:
        ##"{"background": "#000000", "layers": [{"id": "badge", "rect": [60, 30, 20, 20], "color": "#FF0000"}, {"id": "card", "rect": [0, 0, 40, 40], "color": "#0000FF"}]}"##
    )
    let layers = loaded.plan.displayList(at: .time(0)).layers
    let morphs = layers.filter { if case .morph = $0.content { return true } else { return false } }
    #expect(morphs.count == 2)
    let badge = try #require(
      morphs.first { if case .morph(let a, _, _, _) = $0.content { return a.id == "badge" } else { return false } })
    #expect(badge.bounds == Size(width: 10, height: 10) && badge.transform == .translation(25, 15))
    // At the start the card's white sublayer is drawn with the card, at (45…55, 35…45).
    let start = SceneFixture.frame(loaded, 0)
    #expect(start[46, 36] == Self.white && start[25, 15] == Self.red && start[40, 30] == Self.blue)
  }
}
