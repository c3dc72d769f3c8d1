import SegueGeometry
import Testing

@testable import SegueScene

/// Every rect the app decides (issue 43, part 1): a mask layer's frame, a snapshot's rect and an
/// overlay's rect take a frame of a view (`{"of": …}`) and pins as a layer's rect and an
/// animation's frame do, each in its own coordinates. The numbers are worked out by hand.
struct RectFormsTests {
  /// `FramesOfViewsTests.scene`'s screens, where `target` animates to `state`; a mask layer's
  /// host is given a mask first, in an animation of its own.
  static func state(target: String, _ state: String) throws -> PropertyState {
    let host = target.hasSuffix(".mask") ? String(target.dropLast(5)) : nil
    let text =
      #"{"size": [390, 844], "from": {"layers": ["#
      + #"{"id": "card", "rect": [20, 400, 350, 200], "cornerRadius": 16}, "#
      + #"{"id": "row", "rect": [0, 100, 390, 80], "layers": [{"id": "thumb", "rect": [16, 8, 64, 64]}]}]}, "#
      + #""to": {"layers": [{"id": "hero", "rect": [0, 0, 390, 300]}]}, "#
      + #""transition": {"type": "custom", "overlays": {"dim": {"opacity": 0}}, "animations": ["#
      + #"{"target": "\#(target)", "to": \#(state)}"#
      + (host.map { #", {"target": "\#($0)", "to": {"mask": {"rect": [0, 0, 10, 10]}}}"# } ?? "") + "]}}"
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
    return FramesOfViewsTests.to(scene)
  }

  @Test func aMaskLayersFrameOfAViewIsInTheMaskedLayersPoints() throws {
    // `to` fills the container at (0, 0): the card's frame [20, 400, 350, 200] as it is.
    let to = try Self.state(target: "to.mask", #"{"frame": {"of": "from.card"}}"#)
    #expect(to[.frame] == .rect(Rect(x: 20, y: 400, width: 350, height: 200)))
    #expect(
      to.formulas[.frame]
        == .rect(
          MeasuredRect(
            x: .difference(.input(.view("from.card", .x)), .input(.screen(.to, .x))),
            y: .difference(.input(.view("from.card", .y)), .input(.screen(.to, .y))),
            width: .input(.view("from.card", .width)), height: .input(.view("from.card", .height)))))
    // The thumb is at (0, 100) + (16, 8) = (16, 108) in the container: the card at
    // (20 − 16, 400 − 108) = (4, 292) in the thumb's bounds, read from both views at run time.
    let thumb = try Self.state(target: "from.thumb.mask", #"{"frame": {"of": "from.card"}}"#)
    #expect(thumb[.frame] == .rect(Rect(x: 4, y: 292, width: 350, height: 200)))
    guard case .rect(let rect)? = thumb.formulas[.frame] else {
      Issue.record("no formula")
      return
    }
    #expect(rect.x == .difference(.input(.view("from.card", .x)), .input(.view("from.thumb", .x))))
    // The overlay `dim` covers the container: its mask's points are the container's. With
    // shift [0, 1] (one card lower: 400 + 200 = 600) then inset [10, 20, 30, 40]:
    // [20 + 20, 600 + 10, 350 − 60, 200 − 40] = [40, 610, 290, 160].
    let dim = try Self.state(
      target: "dim.mask", #"{"frame": {"of": "from.card", "shift": [0, 1], "inset": [10, 20, 30, 40]}}"#)
    #expect(dim[.frame] == .rect(Rect(x: 40, y: 610, width: 290, height: 160)))
  }

  @Test func aMaskLayersFrameNamesAViewOfTheApp() {
    #expect {
      _ = try Self.state(target: "to.mask", #"{"frame": {"of": "dim"}}"#)
    } throws: { error in
      "\(error)".contains(
        "'dim' is an overlay the animator makes, not a view of the app: name a layer, a screen or 'container'")
    }
    #expect {
      _ = try Self.state(target: "from.card.mask", #"{"frame": {"of": "to.mask"}}"#)
    } throws: { error in
      "\(error)".contains("'to.mask' is a mask layer the animator makes, not a view of the app")
    }
  }
}
