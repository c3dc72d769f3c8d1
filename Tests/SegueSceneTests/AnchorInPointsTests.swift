import SegueGeometry
import Testing

@testable import SegueScene

/// `anchor` given as `{"points": [x, y]}`: units of the frame are x ÷ width and y ÷ height, of the
/// frame the same state gives or else of the target's own frame (docs/custom-transitions.md).
struct AnchorInPointsTests {
  static func anchors(
    _ animations: String, from: String = #"{"layers": [{"id": "card", "rect": [20, 100, 350, 400]}]}"#
  )
    throws(SceneErrors) -> [Point?]
  {
    let text =
      #"{"size": [390, 844], "from": \#(from), "to": {}, "#
      + #""transition": {"type": "custom", "overlays": {"dim": {"rect": [0, 0, 200, 50]}}, "animations": \#(animations)}}"#
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
    guard case .custom(let custom) = scene.transition.kind else { return [] }
    return custom.animations.flatMap { [$0.from, $0.to] }.map { state in
      if case .point(let point)? = state[.anchor] { return point }
      return nil
    }
  }

  @Test func aScreenTakesPointsOfItsSize() throws {
    // 308 pt down a 844 pt screen: 308 / 844 = 0.364929…, the sum a user did by hand.
    let found = try Self.anchors(
      #"[{"target": "from", "from": {"anchor": {"points": [195, 308]}}, "to": {"scale": 0.9}}]"#)
    #expect(found.first == Point(x: 0.5, y: 308.0 / 844.0))
  }

  @Test func aLayerTakesPointsOfItsRect() throws {
    // The card is 350 x 400: (35, 300) is (0.1, 0.75).
    let found = try Self.anchors(#"[{"target": "from.card", "to": {"anchor": {"points": [35, 300]}, "rotation": 10}}]"#)
    #expect(found.last == Point(x: 0.1, y: 0.75))
  }

  @Test func aFrameInTheSameStateIsTheOneMeasured() throws {
    let found = try Self.anchors(
      #"[{"target": "from.card", "to": {"frame": [0, 0, 200, 100], "anchor": {"points": [50, 25]}}}]"#)
    #expect(found.last == Point(x: 0.25, y: 0.25))
  }

  @Test func anOverlayTakesPointsOfItsRect() throws {
    let found = try Self.anchors(#"[{"target": "dim", "to": {"anchor": {"points": [50, 50]}, "scale": 2}}]"#)
    #expect(found.last == Point(x: 0.25, y: 1))
  }

  @Test func aFrameOfNoAreaHasNoAnchorInPoints() {
    #expect(throws: SceneErrors.self) {
      try Self.anchors(#"[{"target": "from.card", "to": {"frame": [0, 0, 0, 10], "anchor": {"points": [0, 5]}}}]"#)
    }
    do {
      _ = try Self.anchors(#"[{"target": "from.card", "to": {"anchor": {"pts": [0, 5]}}}]"#)
      Issue.record("an unknown key was read")
    } catch {
      #expect(
        error.errors.map(\.description).contains {
          $0.hasPrefix("s.json: at 'transition.animations.0.to.anchor.pts': unknown key 'pts'")
        }, "\(error.errors.map(\.description))")
    }
  }
}
