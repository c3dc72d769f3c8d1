import SegueGeometry
import Testing

@testable import SegueScene

/// A layer's `rect` pinned to its parent's edges and centre (docs/scene-format.md, "Pinned
/// layers"), laid out in the size of the container it is decoded for.
struct PinnedLayerTests {
  static func layers(_ rect: String, size: String = "[390, 844]", group: String = "[0, 0, 390, 844]")
    throws(SceneErrors) -> (top: Layer, sub: Layer)
  {
    let text =
      #"{"size": \#(size), "from": {"layers": [{"id": "top", "rect": \#(rect)}, "#
      + #"{"rect": \#(group), "layers": [{"id": "sub", "rect": \#(rect)}]}]}, "to": {}, "#
      + #""transition": {"type": "fade"}}"#
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
    return (scene.from.layers[0], scene.from.layers[1].layers[0])
  }

  @Test(arguments: [
    // Each pair of each axis, worked out by hand in a 390 x 844 parent (centre 195, 422).
    (#"{"left": 20, "right": 30, "top": 130, "bottom": 14}"#, Rect(x: 20, y: 130, width: 340, height: 700)),
    (#"{"left": 20, "width": 100, "top": 10, "height": 50}"#, Rect(x: 20, y: 10, width: 100, height: 50)),
    // centre 195 + 5 = 200: from 20 it is 180 wide; vertical centre 422 − 22 = 400, 2 × (400 − 100) = 600.
    (#"{"left": 20, "centerX": 5, "top": 100, "centerY": -22}"#, Rect(x: 20, y: 100, width: 360, height: 600)),
    // 390 − 16 − 100 = 274; 844 − 34 − 80 = 730.
    (#"{"right": 16, "width": 100, "bottom": 34, "height": 80}"#, Rect(x: 274, y: 730, width: 100, height: 80)),
    // centre 195 − 15 = 180, right edge at 390 − 10 = 380: half 200 wide, 400 from −20. Vertical
    // centre 422, bottom edge 844 − 22 = 822: 800 tall from 22.
    (#"{"right": 10, "centerX": -15, "bottom": 22, "centerY": 0}"#, Rect(x: -20, y: 22, width: 400, height: 800)),
    (#"{"width": 300, "centerX": 0, "height": 44, "centerY": 100}"#, Rect(x: 45, y: 500, width: 300, height: 44)),
  ])
  func eachPairOfEachAxis(rect: String, expected: Rect) throws {
    #expect(try Self.layers(rect).top.rect == expected)
  }

  @Test func aPinnedLayerFollowsTheContainer() throws {
    let pins = #"{"left": 20, "right": 20, "top": 130, "height": 430}"#
    #expect(try Self.layers(pins).top.rect == Rect(x: 20, y: 130, width: 350, height: 430))
    #expect(try Self.layers(pins, size: "[430, 932]").top.rect == Rect(x: 20, y: 130, width: 390, height: 430))
    #expect(try Self.layers(pins, size: "[375, 667]").top.rect == Rect(x: 20, y: 130, width: 335, height: 430))
  }

  @Test func aSublayerIsPinnedToItsGroup() throws {
    let found = try Self.layers(#"{"right": 10, "width": 40, "centerY": 0, "height": 20}"#, group: "[50, 60, 200, 100]")
    // In the 200 x 100 group: x = 200 − 10 − 40 = 150, y = 50 − 10 = 40.
    #expect(found.sub.rect == Rect(x: 150, y: 40, width: 40, height: 20))
    #expect(found.sub.pins != nil)
  }

  @Test func aPinnedGroupLaysOutItsPinnedSublayers() throws {
    let found = try Self.layers(
      #"{"left": 0, "right": 0, "bottom": 0, "height": 100}"#, size: "[430, 932]",
      group: #"{"left": 10, "right": 10, "top": 0, "bottom": 0}"#)
    // The group is 410 x 932; its sublayer spans its width, 100 tall, at its bottom.
    #expect(found.sub.rect == Rect(x: 0, y: 832, width: 410, height: 100))
  }

  @Test func pinsThatAreNotTwoPerAxisAreRefused() {
    #expect(throws: SceneErrors.self) {
      try Self.layers(#"{"left": 1, "right": 1, "width": 3, "top": 0, "height": 1}"#)
    }
    do {
      _ = try Self.layers(#"{"left": 1, "top": 0, "height": 1}"#)
      Issue.record("one horizontal pin was accepted")
    } catch {
      #expect(
        error.errors.first?.description
          == "s.json: at 'from.layers.0.rect': pins take exactly two of 'left', 'right', 'width', 'centerX' (the "
          + "horizontal axis); got 'left'")
    }
  }

  @Test func pinsThatLeaveANegativeWidthAreRefusedOnThatContainer() {
    do {
      _ = try Self.layers(#"{"left": 200, "right": 200, "top": 0, "height": 10}"#)
      Issue.record("a negative width was accepted")
    } catch {
      #expect(
        error.errors.first?.description
          == "s.json: at 'from.layers.0.rect': in a parent of 390 x 844 points these pins give [200, 0, -10, 10]: "
          + "a negative width")
    }
  }
}
