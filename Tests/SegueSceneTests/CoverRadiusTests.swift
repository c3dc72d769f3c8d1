import SegueGeometry
import Testing

@testable import SegueScene

/// `{"circle": [cx, cy, {"cover": "container"}]}`: a circle mask whose radius reaches the
/// farthest corner of a frame, r = sqrt(max(cx − x, x + w − cx)² + max(cy − y, y + h − cy)²),
/// checked against numbers worked out by hand, on the scene's container and on others.
struct CoverRadiusTests {
  /// `to` with a hero at [20, 100, 200, 150], `from` with a card at [20, 400, 350, 200], a dim
  /// overlay; `state` is the `to` of one animation of `target`.
  static func scene(target: String = "to", _ state: String) throws(SceneErrors) -> Scene {
    let text =
      #"{"size": [390, 844], "from": {"layers": [{"id": "card", "rect": [20, 400, 350, 200]}]}, "#
      + #""to": {"layers": [{"id": "hero", "rect": [20, 100, 200, 150]}]}, "#
      + #""transition": {"type": "custom", "overlays": {"dim": {"opacity": 0}}, "animations": ["#
      + #"{"target": "\#(target)", "to": \#(state)}]}}"#
    return try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
  }

  static func to(_ scene: Scene) -> PropertyState {
    guard case .custom(let custom) = scene.transition.kind else { return PropertyState() }
    return custom.animations[0].to
  }

  /// The radius of a circle mask formula with these inputs.
  static func radius(_ state: PropertyState, _ inputs: [GeometryInput: Double]) -> Double? {
    guard case .circleMask(_, _, let radius)? = state.formulas[.mask] else { return nil }
    return radius.value { inputs[$0] ?? 0 }
  }

  @Test func aCircleCoversTheContainerFromItsCentre() throws {
    let state = Self.to(try Self.scene(#"{"mask": {"circle": [100, 200, {"cover": "container"}]}}"#))
    // From (100, 200) in 390 x 844 the farthest corner is (390, 844): dx = max(100, 290) = 290,
    // dy = max(200, 644) = 644, r = sqrt(290² + 644²) = sqrt(84100 + 414736) = sqrt(498836).
    #expect(state[.mask] == .mask(.circle(center: Point(x: 100, y: 200), radius: (498_836.0).squareRoot())))
    #expect(state.covers[.mask] == .container)
    // At run time, in 430 x 932: dx = max(100, 330), dy = max(200, 732), r = sqrt(108900 + 535824).
    let wide: [GeometryInput: Double] = [.containerWidth: 430, .containerHeight: 932]
    #expect(Self.radius(state, wide) == (644_724.0).squareRoot())
    // `to` placed at (10, 20) by the app: the container is [−10, −20, 430, 932] in its points,
    // dx = max(110, 320), dy = max(220, 712), r = sqrt(102400 + 506944).
    var placed = wide
    placed[.screen(.to, .x)] = 10
    placed[.screen(.to, .y)] = 20
    #expect(Self.radius(state, placed) == (609_344.0).squareRoot())
  }

  @Test func aCircleCoversAViewOrTheCircleOfALayer() throws {
    // The hero [20, 100, 200, 150] from (100, 200): dx = max(80, 120), dy = max(100, 50),
    // r = sqrt(14400 + 10000) = sqrt(24400).
    let hero = Self.to(try Self.scene(#"{"mask": {"circle": [100, 200, {"cover": "to.hero"}]}}"#))
    #expect(hero[.mask] == .mask(.circle(center: Point(x: 100, y: 200), radius: (24_400.0).squareRoot())))
    // A mask of the card [20, 400, 350, 200] is in the card's points, where the container is
    // [−20, −400, 390, 844]; from (10, 10): dx = max(30, 360), dy = max(410, 434),
    // r = sqrt(129600 + 188356) = sqrt(317956).
    let card = Self.to(
      try Self.scene(target: "from.card", #"{"mask": {"circle": [10, 10, {"cover": "container"}]}}"#))
    #expect(card[.mask] == .mask(.circle(center: Point(x: 10, y: 10), radius: (317_956.0).squareRoot())))
    // The dim overlay covers the container at its origin: from (0, 0), r = sqrt(390² + 844²).
    let dim = Self.to(try Self.scene(target: "dim", #"{"mask": {"circle": [0, 0, {"cover": "from"}]}}"#))
    #expect(dim[.mask] == .mask(.circle(center: Point(x: 0, y: 0), radius: (864_436.0).squareRoot())))
  }

  @Test(arguments: [
    (
      #"{"mask": {"circle": [100, 200, {"covers": "container"}]}}"#,
      "s.json: at 'transition.animations.0.to.mask.circle.2.covers': unknown key 'covers' (did you mean 'cover'?); "
        + "valid keys: cover"
    ),
    (
      #"{"mask": {"circle": [100, 200, {"cover": "contaner"}]}}"#,
      "s.json: at 'transition.animations.0.to.mask.circle.2.cover': unknown frame 'contaner' (did you mean "
        + "'container'?); a circle covers 'container', 'from', 'to' or a layer 'from.ID' / 'to.ID'"
    ),
    (
      #"{"mask": {"circle": [100, 200, {"cover": "to.nope"}]}}"#,
      "s.json: at 'transition.animations.0.to.mask.circle.2.cover': no layer of 'to' has the id 'nope'; its ids: hero"
    ),
    (
      #"{"mask": {"circle": [100, 200, {"cover": "dim"}]}}"#,
      "s.json: at 'transition.animations.0.to.mask.circle.2.cover': 'dim' is an overlay the animator makes, not a "
        + "view of the app: name a layer, a screen or 'container'"
    ),
    (
      #"{"mask": {"circle": [100, 200, {}]}}"#,
      "s.json: at 'transition.animations.0.to.mask.circle.2': missing key 'cover': a radius that covers a frame "
        + #"{"cover": "container", "from", "to" or "to.ID"}"#
    ),
    (
      #"{"mask": {"circle": [100, 200, {"cover": "container"}], "cornerRadius": 4}}"#,
      #"s.json: at 'transition.animations.0.to.mask.cornerRadius': a circle mask is {"circle": [cx, cy, r]} alone"#
    ),
  ])
  func mistakesAreNamedExactly(state: String, message: String) {
    #expect {
      try Self.scene(state)
    } throws: { error in
      (error as? SceneErrors)?.description == message
    }
  }

  @Test func expandWritesTheCoverAsTheSceneDoes() throws {
    let state = Self.to(try Self.scene(#"{"mask": {"circle": [100, 200, {"cover": "to.hero"}]}}"#))
    #expect(SceneEncoder.state(state).compactText == #"{"mask": {"circle": [100, 200, {"cover": "to.hero"}]}}"#)
  }

  @Test func theRuleIsOneForNumbersAndFormulas() {
    // From (10, 5) in [0, 0, 40, 30]: dx = max(10, 30), dy = max(5, 25), r = sqrt(900 + 625).
    #expect(Double.coverRadius(center: (10, 5), frame: (0, 0, 40, 30)) == (1525.0).squareRoot())
    // A centre outside the frame [50, 50, 10, 10] at (0, 0): the far corner (60, 60).
    #expect(Double.coverRadius(center: (0, 0), frame: (50, 50, 10, 10)) == (7200.0).squareRoot())
    let formula = MeasuredRect.container.coverRadius(from: (.constant(10), .constant(5)))
    #expect(formula.value { $0 == .containerWidth ? 40 : 30 } == (1525.0).squareRoot())
  }
}
