import SegueGeometry
import Testing

@testable import SegueCompose
@testable import SegueKit
@testable import SegueMotion
@testable import SegueRaster
@testable import SegueScene

/// Hero's modifiers as scene keys (docs/custom-transitions.md): `arc`, `translateZ`, `cascade`.
struct HeroModifierTests {
  static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
  static let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)

  func custom(_ animations: String, from: String, size: (Int, Int) = (100, 60)) throws -> LoadedScene {
    try SceneFixture.scene(
      size: size, background: "#000000",
      transition: ##"{"type": "custom", "duration": 1, "curve": "linear", "animations": ["## + animations
        + ##", {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 0}}]}"##,
      from: from, to: ##"{"background": "#000000"}"##)
  }

  static let square =
    ##"{"background": "#000000", "layers": [{"id": "dot", "rect": [0, 0, 10, 10], "color": "#FF0000"}]}"##

  @Test func anArcBowsThePathTowardTheCornerHeroPicks() throws {
    // The dot's centre goes from P0 = (5, 5) to P1 = (65, 45). P0 is above P1, so Hero bows toward
    // (P0.x, P1.y) = (5, 45); M = (35, 25), K = (5, 45) − M = (−30, 20). At q = 0.5 (frame 5) the
    // centre is M + 2·0.5·0.5·K = (20, 35), not the straight line's (35, 25).
    let loaded = try custom(##"{"target": "from.dot", "to": {"translate": [60, 40]}, "arc": 1}"##, from: Self.square)
    let middle = SceneFixture.frame(loaded, 5)
    #expect(middle[20, 35] == Self.red && middle[16, 31] == Self.red && middle[23, 38] == Self.red)
    #expect(middle[35, 25] == Self.black)
    // q = 0.2 (frame 2): the line (17, 13) plus 2·0.2·0.8·K = (−9.6, 6.4): (7.4, 19.4).
    let quarter = SceneFixture.frame(loaded, 2)
    let q = 0.2
    let centre = (5 + 60 * q - 30 * 2 * q * (1 - q), 5 + 40 * q + 20 * 2 * q * (1 - q))
    #expect(quarter[Int(centre.0), Int(centre.1)] == Self.red, "\(centre)")
    // Both ends are where the line puts them.
    #expect(SceneFixture.frame(loaded, 0)[5, 5] == Self.red && SceneFixture.frame(loaded, 10)[65, 45] == Self.red)
    // Half the intensity bows half as far: (27.5, 30) at q = 0.5.
    let half = try custom(##"{"target": "from.dot", "to": {"translate": [60, 40]}, "arc": 0.5}"##, from: Self.square)
    #expect(SceneFixture.frame(half, 5)[27, 30] == Self.red && SceneFixture.frame(half, 5)[20, 35] == Self.black)
  }

  @Test func aStraightOrOneAxisMoveHasNoArc() throws {
    // Hero bows only a move of at least a point on both axes.
    let loaded = try custom(##"{"target": "from.dot", "to": {"translate": [60, 0]}, "arc": 1}"##, from: Self.square)
    #expect(loaded.plan.tracks.first?.arc == nil)
    #expect(SceneFixture.frame(loaded, 5)[35, 5] == Self.red)
  }

  @Test func translateZMovesTowardTheEyeInPerspective() throws {
    // The whole `from` screen pushed 500 points back in the container's 500-point perspective is
    // drawn at 500 / (500 + 500) = half size about the centre (50, 30): x 25…75, y 15…45.
    let loaded = try custom(
      ##"{"target": "from", "to": {"translateZ": -500}}"##,
      from: ##"{"background": "#FF0000"}"##)
    let end = SceneFixture.frame(loaded, 10)
    #expect(end[26, 16] == Self.red && end[73, 43] == Self.red)
    #expect(end[24, 14] == Self.black && end[76, 46] == Self.black)
  }
}

/// Hero's cascade: an animation of a group staggered over its sublayers.
struct CascadeTests {
  /// A list group at (0, 0) whose three rows (no ids) sit at y = 0, 20 and 40, listed
  /// bottom-first; each fades in over 0.2 s, 0.1 s apart, with `direction`.
  func list(_ direction: String) throws -> LoadedScene {
    try SceneFixture.scene(
      size: (60, 60), fps: 20, background: "#000000",
      transition:
        ##"{"type": "custom", "curve": "linear", "animations": [{"target": "from.list", "from": {"opacity": 0}, "to": {"opacity": 1}, "duration": 0.2, "cascade": {"delta": 0.1, "direction": ""##
        + direction + ##""}}, {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 0}, "duration": 0.2}]}"##,
      from:
        ##"{"background": "#000000", "layers": [{"id": "list", "rect": [0, 0, 60, 60], "layers": [{"rect": [0, 40, 60, 20], "color": "#FFFFFF"}, {"rect": [0, 20, 60, 20], "color": "#FFFFFF"}, {"rect": [0, 0, 60, 20], "color": "#FFFFFF"}]}]}"##,
      to: ##"{"background": "#000000"}"##)
  }

  @Test func eachSublayerStartsDeltaAfterTheOneBefore() throws {
    // topToBottom: the top row (listed last) starts at 0, the middle at 0.1 s, the bottom at 0.2 s;
    // the transition lasts until the last ends, 0.2 + 0.2 = 0.4 s (8 frames past the first).
    let loaded = try list("topToBottom")
    #expect(loaded.timeline.frameCount == 9)
    // Frame 2 (t = 0.1 s): top at q = 0.5, middle just starting (0), bottom not started.
    let frame = SceneFixture.frame(loaded, 2)
    #expect(frame[30, 10].r == 128 && frame[30, 30].r == 0 && frame[30, 50].r == 0, "\(frame[30, 10])")
    // Frame 4 (t = 0.2 s): top done, middle at 0.5, bottom at 0.
    let later = SceneFixture.frame(loaded, 4)
    #expect(later[30, 10].r == 255 && later[30, 30].r == 128 && later[30, 50].r == 0)
    // bottomToTop turns it around.
    let reversed = SceneFixture.frame(try list("bottomToTop"), 2)
    #expect(reversed[30, 50].r == 128 && reversed[30, 10].r == 0)
  }

  @Test func aCascadeNeedsAGroup() {
    let text =
      ##"{"size": [10, 10], "from": {"layers": [{"id": "a", "rect": [0, 0, 5, 5]}]}, "to": {}, "transition": {"type": "custom", "animations": [{"target": "from.a", "to": {"opacity": 0}, "cascade": {"delta": 0.1}}]}}"##
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
      Issue.record("a cascade of a layer without sublayers was read")
    } catch {
      #expect(
        error.errors.map(\.description) == [
          "s.json: at 'transition.animations.0.cascade': a cascade staggers a group's sublayers: 'from.a' has none"
        ])
    }
  }
}
