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

extension RectFormsTests {
  /// A scene of 390 x 844 whose `from` has a card at [20, 400, 350, 200], with `snapshots` and
  /// `overlays` as given.
  static func custom(snapshots: String = "{}", overlays: String = "{}") throws -> CustomTransition {
    let text =
      #"{"size": [390, 844], "from": {"layers": [{"id": "card", "rect": [20, 400, 350, 200]}]}, "to": {}, "#
      + #""transition": {"type": "custom", "snapshots": \#(snapshots), "overlays": \#(overlays), "#
      + #""animations": [{"target": "to", "to": {"opacity": 1}}]}}"#
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
    guard case .custom(let custom) = scene.transition.kind else { return CustomTransition() }
    return custom
  }

  @Test func aSnapshotsRectTakesPinsAndFramesOfViews() throws {
    let custom = try Self.custom(
      snapshots: #"{"right": {"of": "from", "rect": {"left": 195, "right": 0, "top": 0, "bottom": 0}}, "#
        + #""card": {"of": "from", "rect": {"of": "from.card", "inset": [10, 10, 10, 10]}}}"#)
    // left 195, right 0 in 390: [195, 0, 390 − 195, 844] = [195, 0, 195, 844].
    let right = try #require(custom.overlays.first { $0.name == "right" }?.snapshot)
    #expect(right.rect == Rect(x: 195, y: 0, width: 195, height: 844))
    #expect(right.frame.width == .difference(.input(.screen(.from, .width)), .constant(195)))
    // The card [20, 400, 350, 200] inset 10 on each side: [30, 410, 330, 180].
    let card = try #require(custom.overlays.first { $0.name == "card" }?.snapshot)
    #expect(card.rect == Rect(x: 30, y: 410, width: 330, height: 180))
  }

  @Test func anOverlaysRectTakesPinsAndFramesOfViews() throws {
    let custom = try Self.custom(
      overlays: #"{"shade": {"rect": {"of": "container", "inset": [0, 195, 0, 0]}}, "#
        + #""bar": {"rect": {"left": 0, "right": 0, "bottom": 0, "height": 49}, "over": "to"}}"#)
    // The container [0, 0, 390, 844] inset 195 from the left: [195, 0, 195, 844].
    let shade = try #require(custom.overlays.first { $0.name == "shade" })
    #expect(shade.rect == Rect(x: 195, y: 0, width: 195, height: 844))
    #expect(shade.frame?.width == .difference(.input(.containerWidth), .constant(195)))
    // 49 high at the bottom of `to` (844 high): y = 844 − 49 = 795.
    let bar = try #require(custom.overlays.first { $0.name == "bar" })
    #expect(bar.rect == Rect(x: 0, y: 795, width: 390, height: 49))
  }

  @Test func aRectsMistakesAreNamedExactly() {
    #expect {
      _ = try Self.custom(overlays: #"{"a": {}, "b": {"rect": {"of": "a"}}}"#)
    } throws: { error in
      "\(error)".contains(
        "at 'transition.overlays.b.rect.of': 'a' is an overlay the animator makes, not a view of the app: name a "
          + "layer, a screen or 'container'")
    }
    #expect {
      _ = try Self.custom(
        snapshots: #"{"s": {"of": "from", "rect": {"left": 0, "right": 0, "top": 0, "bottom": 900}}}"#)
    } throws: { error in
      "\(error)".contains("on a container of 390 x 844 this rect is [0, 0, 390, -56]: a negative height")
    }
  }
}

extension RectFormsTests {
  /// IBAnimatable's flip halves, written once for every device.
  static let halves =
    #"{"left": {"of": "from", "rect": {"left": 0, "top": 0, "bottom": 0, "width": {"of": "from", "times": 0.5}}}, "#
    + #""right": {"of": "from", "rect": {"right": 0, "top": 0, "bottom": 0, "width": {"of": "from", "times": 0.5}}}}"#

  @Test func aPinsValueCanBeAShareOfAViewsSize() throws {
    let custom = try Self.custom(snapshots: Self.halves)
    // 0.5 of `from`'s 390 points: the left half [0, 0, 195, 844], the right [390 − 195, 0, 195, 844].
    let left = try #require(custom.overlays.first { $0.name == "left" }?.snapshot)
    let right = try #require(custom.overlays.first { $0.name == "right" }?.snapshot)
    #expect(left.rect == Rect(x: 0, y: 0, width: 195, height: 844))
    #expect(right.rect == Rect(x: 195, y: 0, width: 195, height: 844))
    let half = Measure.product(.input(.screen(.from, .width)), .constant(0.5))
    #expect(left.frame.width == half)
    #expect(right.frame.x == .difference(.input(.screen(.from, .width)), half))
    // On a 430-point screen the same formula gives 215.
    #expect(left.frame.width.value { $0 == .screen(.from, .width) ? 430 : 0 } == 215)
    // A vertical value is a share of the height: 0.25 of a card 200 high is 50.
    let card = try Self.custom(
      overlays: #"{"a": {"rect": {"left": 0, "width": 10, "top": 0, "height": {"of": "from.card", "times": 0.25}}}}"#)
    #expect(card.overlays.first?.rect == Rect(x: 0, y: 0, width: 10, height: 50))
  }

  @Test func aShareIsNamedExactlyWhereItIsWrong() {
    // A layer's pins are laid out before the app runs.
    #expect {
      let text =
        #"{"size": [390, 844], "from": {"layers": [{"rect": {"left": 0, "top": 0, "height": 10, "#
        + #""width": {"of": "container", "times": 0.5}}}]}, "to": {}, "transition": {"type": "push"}}"#
      _ = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
    } throws: { error in
      "\(error)".contains(
        "at 'from.layers.0.rect.width': a layer's pins are in points; {\"of\": …, \"times\": k} is for the rects the "
          + "animator computes (a snapshot's, an overlay's, a mask layer's frame)")
    }
    // A share needs its factor, of a view of the app.
    #expect {
      _ = try Self.custom(overlays: #"{"a": {"rect": {"left": 0, "right": 0, "top": 0, "height": {"of": "to"}}}}"#)
    } throws: { error in
      "\(error)".contains("at 'transition.overlays.a.rect.height': missing key 'times'")
    }
    #expect {
      _ = try Self.custom(
        overlays: #"{"a": {}, "b": {"rect": {"left": 0, "right": 0, "top": 0, "height": {"of": "a", "times": 1}}}}"#)
    } throws: { error in
      "\(error)".contains(
        "at 'transition.overlays.b.rect.height.of': 'a' is an overlay the animator makes, not a view of the app")
    }
    // `times` belongs in a pin's value or a shift, not beside `of` as a frame.
    #expect {
      _ = try Self.custom(overlays: #"{"a": {"rect": {"of": "to", "times": 0.5}}}"#)
    } throws: { error in
      "\(error)".contains(
        "at 'transition.overlays.a.rect.times': 'times' makes a share of a view's size, in a pin's value or a "
          + "shift's, as {\"width\": {\"of\": \"from\", \"times\": 0.5}}; a frame of a view takes 'shift' and 'inset'")
    }
  }
}

extension RectFormsTests {
  @Test func aMaskLayersFrameTakesPinsOverTheMaskedLayersSize() throws {
    // The card is 350 x 200: left 10 and right 10 leave 330; half its height is 100.
    let state = try Self.state(
      target: "from.card.mask",
      #"{"frame": {"left": 10, "right": 10, "top": 0, "height": {"of": "from.card", "times": 0.5}}}"#)
    #expect(state[.frame] == .rect(Rect(x: 10, y: 0, width: 330, height: 100)))
    guard case .rect(let rect)? = state.formulas[.frame] else {
      Issue.record("no formula")
      return
    }
    #expect(rect.width == .difference(.input(.view("from.card", .width)), .constant(20)))
  }
}

extension RectFormsTests {
  @Test func aShiftCanBeAShareOfAViewsSize() throws {
    // The container [0, 0, 390, 844] moved left by the card's width (350) and down by 0.5 of
    // its own height (422): [−350, 422, 390, 844].
    let state = try Self.state(
      target: "to", #"{"frame": {"of": "container", "shift": [{"of": "from.card", "times": -1}, 0.5]}}"#)
    #expect(state[.frame] == .rect(Rect(x: -350, y: 422, width: 390, height: 844)))
    guard case .rect(let rect)? = state.formulas[.frame] else {
      Issue.record("no formula")
      return
    }
    // −1 times the card's width, read at run time.
    #expect(rect.x == .product(.input(.view("from.card", .width)), .constant(-1)))
    // Shift first, then inset: the overlay over the container moved right by half of it (195),
    // then 10 points in from each side: [195 + 10, 10, 390 − 20, 844 − 20] = [205, 10, 370, 824].
    let custom = try Self.custom(
      overlays:
        #"{"a": {"rect": {"of": "container", "shift": [{"of": "container", "times": 0.5}, 0], "#
        + #""inset": [10, 10, 10, 10]}}}"#)
    #expect(custom.overlays.first?.rect == Rect(x: 205, y: 10, width: 370, height: 824))
    // Written back as the scene wrote it.
    let reference = try #require(state.references[.frame])
    #expect(
      SceneEncoder.reference(reference).compactText
        == #"{"of": "container", "shift": [{"of": "from.card", "times": -1}, 0.5]}"#)
  }
}

extension RectFormsTests {
  @Test func expandWritesTheRectsAsTheSceneDoes() throws {
    let custom = try Self.custom(
      snapshots: Self.halves, overlays: #"{"shade": {"rect": {"of": "container", "inset": [0, 24, 0, 24]}}}"#)
    let shade = try #require(custom.overlays.first { $0.name == "shade" })
    #expect(
      SceneEncoder.overlay(shade).compactText.contains(#""rect": {"of": "container", "inset": [0, 24, 0, 24]}"#))
    // Not [0, 0, 195, 844], the numbers of one device.
    let left = try #require(custom.overlays.first { $0.name == "left" })
    #expect(
      left.writtenRect?.compactText == #"{"left": 0, "top": 0, "bottom": 0, "width": {"of": "from", "times": 0.5}}"#)
  }
}

extension RectFormsTests {
  @Test func expandWritesAMaskLayersPinsAsTheSceneDoes() throws {
    let state = try Self.state(
      target: "from.card.mask", #"{"frame": {"left": 10, "right": 10, "top": 0, "height": 50}}"#)
    #expect(state.written[.frame]?.compactText == #"{"left": 10, "right": 10, "top": 0, "height": 50}"#)
  }
}
