import SegueGeometry
import Testing

@testable import SegueScene

/// An overlay's rect written as the square a circle fills, `{"circle": [cx, cy, r]}`, r a number
/// or `{"cover": …}`: rect = (cx − r, cy − r, 2r, 2r), drawn as that circle.
struct CircleRectTests {
  static func scene(_ overlay: String) throws(SceneErrors) -> Scene {
    let text =
      #"{"size": [390, 844], "from": {"layers": [{"id": "card", "rect": [20, 400, 350, 200]}]}, "to": {}, "#
      + #""transition": {"type": "custom", "overlays": {"bubble": \#(overlay)}, "animations": ["#
      + #"{"target": "bubble", "to": {"scale": 0.5}}]}}"#
    return try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
  }

  static func bubble(_ scene: Scene) -> Overlay? {
    guard case .custom(let custom) = scene.transition.kind else { return nil }
    return custom.overlays.first
  }

  @Test func theCoveringBubbleIsTheSquareOfItsCircleOnEveryContainer() throws {
    let bubble = try #require(
      Self.bubble(try Self.scene(##"{"color": "#007AFF", "rect": {"circle": [40, 100, {"cover": "container"}]}}"##)))
    // 390 x 844 from (40, 100): dx = max(40, 350), dy = max(100, 744), R = sqrt(122500 + 553536).
    let r = (676_036.0).squareRoot()
    #expect(bubble.rect == Rect(x: 40 - r, y: 100 - r, width: 2 * r, height: 2 * r))
    #expect(bubble.layer?.shape == .ellipse)
    #expect(bubble.layer?.color == RGBA8(r: 0, g: 122, b: 255, a: 255))
    // Read at run time in 375 x 667: dx = max(40, 335), dy = max(100, 567), R = sqrt(112225 + 321489).
    let frame = try #require(bubble.frame)
    let inputs: [GeometryInput: Double] = [.containerWidth: 375, .containerHeight: 667]
    let small = frame.value { inputs[$0] ?? 0 }
    let s = (433_714.0).squareRoot()
    #expect(small == Rect(x: 40 - s, y: 100 - s, width: 2 * s, height: 2 * s))
    // As written, for `segue expand`.
    #expect(bubble.writtenRect?.compactText == #"{"circle": [40, 100, {"cover": "container"}]}"#)
  }

  @Test func aNumberRadiusAndAViewCoveredInAScreensPoints() throws {
    let fixed = try #require(Self.bubble(try Self.scene(#"{"rect": {"circle": [50, 60, 10]}}"#)))
    #expect(fixed.rect == Rect(x: 40, y: 50, width: 20, height: 20))
    // A bubble over `from` covering the card [20, 400, 350, 200] from (100, 450) in from's
    // points: dx = max(80, 270), dy = max(50, 150), R = sqrt(72900 + 22500) = sqrt(95400).
    let card = try #require(
      Self.bubble(try Self.scene(#"{"over": "from", "rect": {"circle": [100, 450, {"cover": "from.card"}]}}"#)))
    let r = (95_400.0).squareRoot()
    #expect(card.rect == Rect(x: 100 - r, y: 450 - r, width: 2 * r, height: 2 * r))
    // A shape the overlay states wins over the circle's.
    let square = try #require(
      Self.bubble(try Self.scene(#"{"shape": "rect", "cornerRadius": 4, "rect": {"circle": [50, 60, 10]}}"#)))
    #expect(square.layer?.shape == .rect)
  }

  @Test(arguments: [
    (
      #"{"rect": {"circle": [50, 60, 10], "left": 0}}"#,
      "s.json: at 'transition.overlays.bubble.rect.left': unknown key 'left'; valid keys: circle"
    ),
    (
      #"{"rect": {"circle": [50, 60, -1]}}"#,
      "s.json: at 'transition.overlays.bubble.rect.circle.2': expected a radius in points, 0 to 1000000, got -1"
    ),
    (
      #"{"rect": {"circle": [50, 60, {"cover": "bubble"}]}}"#,
      "s.json: at 'transition.overlays.bubble.rect.circle.2.cover': 'bubble' is an overlay the animator makes, not a "
        + "view of the app: name a layer, a screen or 'container'"
    ),
  ])
  func mistakesAreNamedExactly(overlay: String, message: String) {
    #expect {
      try Self.scene(overlay)
    } throws: { error in
      (error as? SceneErrors)?.description == message
    }
  }
}
