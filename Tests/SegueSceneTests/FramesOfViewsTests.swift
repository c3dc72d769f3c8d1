import SegueGeometry
import Testing

@testable import SegueScene

/// Frames and corner radii read from the app (`{"of": …}`, docs/custom-transitions.md, "Frames of
/// views"), and the formulas behind them: each value is checked against numbers worked out by
/// hand, and each formula against the same numbers evaluated on other containers.
struct FramesOfViewsTests {
  /// A list screen with a card (at the top level and inside a row group) and a detail screen
  /// with a hero; `state` is the `to` of one animation of `target`.
  static func scene(target: String = "from.card", _ state: String, size: String = "[390, 844]")
    throws(SceneErrors) -> Scene
  {
    let text =
      #"{"size": \#(size), "from": {"layers": ["#
      + #"{"id": "card", "rect": [20, 400, 350, 200], "cornerRadius": 16}, "#
      + #"{"id": "row", "rect": [0, 100, 390, 80], "layers": [{"id": "thumb", "rect": [16, 8, 64, 64]}]}, "#
      + #"{"rect": [10, 600, 370, 100], "layers": [{"id": "badge", "rect": [5, 6, 20, 20]}]}]}, "#
      + #""to": {"layers": [{"id": "hero", "rect": [0, 0, 390, 300], "cornerRadius": [24, 24, 0, 0]}]}, "#
      + #""transition": {"type": "custom", "overlays": {"dim": {"opacity": 0}}, "animations": ["#
      + #"{"target": "\#(target)", "to": \#(state)}]}}"#
    return try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
  }

  static func to(_ scene: Scene) -> PropertyState {
    guard case .custom(let custom) = scene.transition.kind else { return PropertyState() }
    return custom.animations[0].to
  }

  static func geometry(_ scene: Scene) -> SceneGeometry {
    SceneGeometry(container: scene.size, from: scene.from, to: scene.to)
  }

  @Test func aFrameOfAViewIsWhereItIsLaidOut() throws {
    let scene = try Self.scene(#"{"frame": {"of": "to.hero"}}"#)
    let state = Self.to(scene)
    #expect(state[.frame] == .rect(Rect(x: 0, y: 0, width: 390, height: 300)))
    // The hero's frame in the container less the origin of the card's parent, the `from` screen.
    #expect(
      state.formulas[.frame]
        == .rect(
          MeasuredRect(
            x: .difference(.input(.view("to.hero", .x)), .input(.screen(.from, .x))),
            y: .difference(.input(.view("to.hero", .y)), .input(.screen(.from, .y))),
            width: .input(.view("to.hero", .width)), height: .input(.view("to.hero", .height)))))
    #expect(state.references[.frame] == ViewReference(.layer(.to, id: "hero")))
  }

  @Test func shiftMovesByWidthsAndHeightsAndInsetShrinks() throws {
    // One container below: [0, 844, 390, 844].
    let below = Self.to(try Self.scene(#"{"frame": {"of": "container", "shift": [0, 1]}}"#))
    #expect(below[.frame] == .rect(Rect(x: 0, y: 844, width: 390, height: 844)))
    // Half a hero to the left: x = 0 − 0.5 · 390.
    let left = Self.to(try Self.scene(#"{"frame": {"of": "to.hero", "shift": [-0.5, 0]}}"#))
    #expect(left[.frame] == .rect(Rect(x: -195, y: 0, width: 390, height: 300)))
    // Inset [top 10, left 20, bottom 30, right 40]: x 20, y 10, 390 − 60 = 330 wide, 300 − 40 = 260 tall.
    let inset = Self.to(try Self.scene(#"{"frame": {"of": "to.hero", "inset": [10, 20, 30, 40]}}"#))
    #expect(inset[.frame] == .rect(Rect(x: 20, y: 10, width: 330, height: 260)))
    // A screen's frame: `to` fills the container.
    let screen = Self.to(try Self.scene(#"{"frame": {"of": "to"}}"#))
    #expect(screen[.frame] == .rect(Rect(x: 0, y: 0, width: 390, height: 844)))
  }

  @Test func aFrameIsInTheAnimatedTargetsCoordinates() throws {
    // `from.thumb` is in the row at (0, 100): the hero at (0, 0) is at (0, −100) there.
    let nested = Self.to(try Self.scene(target: "from.thumb", #"{"frame": {"of": "to.hero"}}"#))
    #expect(nested[.frame] == .rect(Rect(x: 0, y: -100, width: 390, height: 300)))
    // The row has an id: the app hands it, and its frame is read (not the scene's numbers).
    guard case .rect(let rect)? = nested.formulas[.frame] else {
      Issue.record("no formula")
      return
    }
    #expect(rect.y == .difference(.input(.view("to.hero", .y)), .input(.view("from.row", .y))))
    // `from.badge` is in a group without an id at (10, 600): its origin is the screen's plus those numbers.
    let badge = Self.to(try Self.scene(target: "from.badge", #"{"frame": {"of": "to.hero"}}"#))
    #expect(badge[.frame] == .rect(Rect(x: -10, y: -600, width: 390, height: 300)))
    // An overlay is in the container's coordinates.
    let dim = Self.to(try Self.scene(target: "dim", #"{"frame": {"of": "from.thumb"}}"#))
    #expect(dim[.frame] == .rect(Rect(x: 16, y: 108, width: 64, height: 64)))
  }

  @Test func aCornerRadiusOfAViewRoundsTheCornersItRounds() throws {
    let state = Self.to(try Self.scene(#"{"cornerRadius": {"of": "to.hero"}}"#))
    #expect(state[.cornerRadius] == .radii(CornerRadii(topLeft: 24, topRight: 24, bottomRight: 0, bottomLeft: 0)))
    let radius = Measure.input(.viewCornerRadius("to.hero"))
    #expect(state.formulas[.cornerRadius] == .radii(radius, radius, .constant(0), .constant(0)))
  }

  @Test func theFormulaFollowsEveryContainer() throws {
    let reference = #"{"frame": {"of": "container", "shift": [0, 1], "inset": [0, 8, 0, 8]}}"#
    let phone = try Self.scene(reference)
    let large = try Self.scene(reference, size: "[430, 932]")
    // The same formula, evaluated on each container: [8, H, W − 16, H].
    #expect(Self.to(phone).formulas[.frame] == Self.to(large).formulas[.frame])
    #expect(Self.to(large)[.frame] == .rect(Rect(x: 8, y: 932, width: 414, height: 932)))
    guard let formula = Self.to(phone).formulas[.frame] else { return }
    #expect(formula.value(Self.geometry(large).inputs) == .rect(Rect(x: 8, y: 932, width: 414, height: 932)))
  }

  @Test(arguments: [
    (#"{"frame": {"of": "to.nope"}}"#, "to.frame.of", "no layer of 'to' has the id 'nope'; its ids: hero"),
    (#"{"frame": {"of": "dim"}}"#, "to.frame.of", "'dim' is an overlay the animator makes"),
    (#"{"cornerRadius": {"of": "container"}}"#, "to.cornerRadius.of", "a corner radius is a layer's"),
    (
      #"{"cornerRadius": {"of": "to.hero", "shift": [0, 1]}}"#, "to.cornerRadius.shift",
      "unknown key 'shift'; valid keys: of"
    ),
    (#"{"frame": {"of": "to.hero", "shift": [0, 200]}}"#, "to.frame.shift", "each within ±100"),
    (#"{"frame": {"shift": [0, 1]}}"#, "to.frame", "missing key 'of'"),
    (
      #"{"frame": {"of": "to.hero", "inset": [200, 0, 200, 0]}}"#, "to.frame",
      "on a container of 390 x 844 this frame is [0, 200, 390, -100]: its inset leaves a negative width or height"
    ),
  ])
  func mistakesAreNamedAtTheirField(state: String, field: String, words: String) {
    do {
      _ = try Self.scene(state)
      Issue.record("\(state) was accepted")
    } catch {
      let text = error.description
      #expect(text.contains("at 'transition.animations.0.\(field)'") && text.contains(words), "\(text)")
    }
  }

  @Test func expandWritesTheReferenceAsTheSceneDoes() throws {
    let state = Self.to(try Self.scene(#"{"frame": {"of": "to.hero", "shift": [0, 1], "inset": [1, 2, 3, 4]}}"#))
    #expect(
      SceneEncoder.state(state).compactText == #"{"frame": {"of": "to.hero", "shift": [0, 1], "inset": [1, 2, 3, 4]}}"#)
  }

  @Test func anAnchorInPointsIsAShareOfTheRunningViewsSize() throws {
    let state = Self.to(try Self.scene(#"{"anchor": {"points": [35, 50]}}"#))
    // 35 of the card's 350 and 50 of its 200.
    #expect(state[.anchor] == .point(Point(x: 0.1, y: 0.25)))
    #expect(
      state.formulas[.anchor]
        == .point(
          .quotient(.constant(35), .input(.view("from.card", .width))),
          .quotient(.constant(50), .input(.view("from.card", .height)))))
  }

  @Test func aCircleCanGrowFromALayersCentre() throws {
    let text =
      #"{"size": [390, 844], "from": {"layers": [{"id": "fab", "rect": {"right": 24, "width": 56, "bottom": 40, "#
      + #""height": 56}}]}, "to": {}, "transition": {"type": "circle", "origin": {"of": "from.fab"}}}"#
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "c.json", defaultName: "c")
    guard case .preset(let preset) = scene.transition.kind else {
      Issue.record("not a preset")
      return
    }
    #expect(preset == .circle(origin: .view(.from, id: "fab"), startRadius: 1, endRadius: nil))
    #expect {
      try SceneDecoder.decode(
        Array(text.replacingOccurrences(of: "from.fab", with: "from.nope").utf8), file: "c.json", defaultName: "c")
    } throws: { error in
      (error as? SceneErrors)?.description
        == "c.json: at 'transition.origin.of': no layer of 'from' has the id 'nope'; its ids: fab"
    }
  }

  @Test func measuresFoldWhatTheyCanAndEvaluateTheRest() {
    let width = Measure.input(.containerWidth)
    #expect(Measure.constant(2) + .constant(3) == .constant(5))
    #expect(width + .constant(0) == width && width * 1 == width && width - width == .constant(0))
    #expect(width * 0 == .constant(0))
    let parallax = width - Measure.round(width * 7 / .constant(10))
    // UIKit's push at 390 and at 45: 390 − 273 = 117; 45 − round(31.5) = 13.
    #expect(parallax.value { _ in 390 } == 117)
    #expect(parallax.value { _ in 45 } == 13)
    #expect(Measure.length(.constant(3), .constant(4)) == .constant(5))
    #expect(parallax.inputs == [.containerWidth])
  }

  @Test func pinsLaidOutAsFormulasGiveTheNumbersTheyDraw() {
    let pins = Pins.Axis.endCenter(.constant(10), .constant(-15))
    let width = Measure.input(.containerWidth)
    let span = pins.span(in: width)
    for parent in [375.0, 390, 430] {
      let drawn = pins.span(in: parent)
      #expect(span.origin.value { _ in parent } == drawn.origin && span.length.value { _ in parent } == drawn.length)
    }
  }
}
