import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene
import Testing

/// The motion stage finds each target's animations, layer, overlay and end state through indices
/// built once per plan; these scenes pin the rules of docs/custom-transitions.md that the scans
/// it replaced followed, with every expected value worked out from the scene.
struct IndexedTargetsTests {
  /// `from.a` (red, at 0, 0), `to.a` (green, at 0, 40) and the overlay `a` (white, at 0, 80), all
  /// 20 × 20 pt, over a black `from` and a `to` with no background: three targets of one name.
  static let from = ##"{"background": "#000000", "layers": [{"id": "a", "rect": [0, 0, 20, 20], "color": "#FF0000"}]}"##
  static let to = ##"{"layers": [{"id": "a", "rect": [0, 40, 20, 20], "color": "#00FF00"}]}"##

  func scene(_ transition: String) throws -> LoadedScene {
    try SceneFixture.scene(size: (200, 100), transition: transition, from: Self.from, to: Self.to)
  }

  @Test func aLayerOfEachScreenAndAnOverlayWithOneNameEachFollowTheirOwnAnimations() throws {
    // Linear over 1 s. from.a: A0 → 100, then A3 (same delay, later in the list) from A0's `to`
    // (its model value) → 40: A3 governs, x = 100 + (40 − 100) q. to.a: A1 → 60, then A4 from
    // A1's `to` → 120 over 0.5…1 s: A1 governs until 0.5 s (x = 60 q), A4 after
    // (x = 60 + 60 (t − 0.5) / 0.5). The overlay: A2 → 140, x = 140 q.
    let loaded = try scene(
      ##"""
      {"type": "custom", "operation": "present", "duration": 1, "curve": "linear",
       "overlays": {"a": {"color": "#FFFFFF", "rect": [0, 80, 20, 20]}},
       "animations": [
         {"target": "from.a", "to": {"translate": [100, 0]}},
         {"target": "to.a", "to": {"translate": [60, 0]}},
         {"target": "a", "to": {"translate": [140, 0]}},
         {"target": "from.a", "to": {"translate": [40, 0]}},
         {"target": "to.a", "to": {"translate": [120, 0]}, "delay": 0.5, "duration": 0.5}]}
      """##)
    let plan = loaded.plan
    // The linear curve is solved like any Bézier: to within 1e-6.
    func x(_ target: Target, _ moment: Moment) -> Double { plan.state(of: target, at: moment).translate.x }
    let fromA = Target.layer(.from, id: "a")
    let toA = Target.layer(.to, id: "a")
    let overlay = Target.overlay("a")
    let expected: [(Moment, (Double, Double, Double))] = [
      (.time(0.25), (85, 15, 35)), (.time(0.75), (55, 90, 105)), (.end, (40, 120, 140)),
    ]
    for (moment, want) in expected {
      #expect(abs(x(fromA, moment) - want.0) < 1e-4, "from.a at \(moment): \(x(fromA, moment))")
      #expect(abs(x(toA, moment) - want.1) < 1e-4, "to.a at \(moment): \(x(toA, moment))")
      #expect(abs(x(overlay, moment) - want.2) < 1e-4, "a at \(moment): \(x(overlay, moment))")
    }
    // Each keeps its own frame: its layer's rect, the overlay's rect.
    #expect(plan.state(of: fromA, at: .end).frame == Rect(x: 0, y: 0, width: 20, height: 20))
    #expect(plan.state(of: toA, at: .end).frame == Rect(x: 0, y: 40, width: 20, height: 20))
    #expect(plan.state(of: overlay, at: .end).frame == Rect(x: 0, y: 80, width: 20, height: 20))

    // The last frame: red at x 40…60 (y 0…20), green at 120…140 (y 40…60), white at 140…160
    // (y 80…100); where each started, and where a scan that mixed them up would put them, black.
    let last = SceneFixture.frame(loaded, loaded.timeline.frameCount - 1)
    let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
    let green = PremultipliedRGBA8(r: 0, g: 255, b: 0, a: 255)
    let white = PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255)
    let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)
    #expect(last[50, 10] == red && last[41, 1] == red && last[58, 18] == red, "\(last[50, 10])")
    #expect(last[130, 50] == green && last[121, 41] == green, "\(last[130, 50])")
    #expect(last[150, 90] == white && last[159, 99] == white, "\(last[150, 90])")
    for (px, py) in [(10, 10), (110, 10), (10, 50), (70, 50), (10, 90), (130, 90)] {
      #expect(last[px, py] == black, "(\(px), \(py)) shows \(last[px, py])")
    }
  }

  @Test func anOverlayIsCappedByItsOwnLargestOpacityOnly() throws {
    // The curve [1/3, 2, 2/3, 2] has x(s) = s, so at t of 1 s the progress is
    // q = y(t) = 3(1 − t)² t · 2 + 3(1 − t) t² · 2 + t³: y(0.1) = 0.541, y(0.5) = 1.625.
    // dim 0.2 → 0.4: 0.2 + 0.2 q, capped at 0.4, its own largest. glow 0 → 1: q, capped at 1.
    // The layer from.dim 0.1 → 0.3: 0.1 + 0.2 q, within 0…1 (layers have no cap). still: 0.7.
    let transition = ##"""
      {"type": "custom", "duration": 1, "curve": [0.3333333333333333, 2, 0.6666666666666666, 2],
       "overlays": {"dim": {"opacity": 0.2}, "glow": {"opacity": 0}, "still": {"opacity": 0.7}},
       "animations": [
         {"target": "dim", "to": {"opacity": 0.4}},
         {"target": "glow", "to": {"opacity": 1}},
         {"target": "from.dim", "from": {"opacity": 0.1}, "to": {"opacity": 0.3}}]}
      """##
    let loaded = try SceneFixture.scene(
      size: (200, 100), transition: transition,
      from: ##"{"background": "#000000", "layers": [{"id": "dim", "rect": [0, 0, 20, 20], "color": "#FF0000"}]}"##)
    let plan = loaded.plan
    func opacity(_ target: Target, _ t: Double) -> Double { plan.state(of: target, at: .time(t)).opacity }
    let tolerance = 1e-5
    #expect(abs(opacity(.overlay("dim"), 0.1) - (0.2 + 0.2 * 0.541)) < tolerance)
    #expect(abs(opacity(.overlay("dim"), 0.5) - 0.4) < tolerance)
    #expect(abs(opacity(.overlay("glow"), 0.1) - 0.541) < tolerance)
    #expect(abs(opacity(.overlay("glow"), 0.5) - 1) < tolerance)
    #expect(abs(opacity(.layer(.from, id: "dim"), 0.5) - (0.1 + 0.2 * 1.625)) < tolerance)
    #expect(opacity(.overlay("still"), 0.5) == 0.7)
  }

  @Test func theEndStateOfEachTargetIsItsOwn() throws {
    // `end` removes to.a and sets the overlay a's opacity; from.a keeps its animation's end.
    let loaded = try scene(
      ##"""
      {"type": "custom", "operation": "present", "duration": 1,
       "overlays": {"a": {"color": "#FFFFFF", "rect": [0, 80, 20, 20], "over": "from"}},
       "animations": [{"target": "from.a", "to": {"translate": [100, 0]}}, {"target": "to.a", "to": {"opacity": 0.5}}],
       "end": {"to.a": "removed", "a": {"opacity": 0.25}}}
      """##)
    let list = loaded.plan.displayList(at: .end)
    let from = try #require(list.layers.first)
    let to = try #require(list.layers.last)
    // from: its overlay first, then its lifted layer; to: its lifted layer removed.
    #expect(from.sublayers.count == 2 && to.sublayers.isEmpty)
    #expect(from.sublayers.first?.opacity == 0.25 && from.sublayers.first?.content == .solid(.white))
    #expect(from.sublayers.last.map(SceneFixture.placed) == Rect(x: 100, y: 0, width: 20, height: 20))
  }

  /// A scene built in code may repeat a layer id or an overlay name, which a file cannot; the
  /// first wins, as `Screen.layerIndex(id:)` and `CustomTransition.overlay(_:)` find them.
  @Test func aRepeatedIdOrNameIsTheFirst() throws {
    let red = RGBA8(r: 255, g: 0, b: 0)
    let green = RGBA8(r: 0, g: 255, b: 0)
    var custom = CustomTransition(
      overlays: [Overlay(name: "dim", color: red, opacity: 0.3), Overlay(name: "dim", color: green, opacity: 0.9)])
    custom.animations = [Animation(target: .layer(.from, id: "a"), to: PropertyState([.rotation: .number(0)]))]
    let from = Screen(
      background: .black,
      layers: [
        Layer(rect: Rect(x: 0, y: 0, width: 10, height: 10), color: red, id: "a"),
        Layer(rect: Rect(x: 50, y: 0, width: 10, height: 10), color: green, id: "a"),
      ])
    let scene = Scene(
      name: "repeated", size: Size(width: 100, height: 100), scale: 1, fps: 10, background: .black, from: from,
      to: Screen(),
      transition: Transition(type: "custom", operation: .present, duration: 1, curve: nil, kind: .custom(custom)))
    let plan = try MotionPlan(scene, file: "repeated")
    #expect(plan.lifted[.from] == [0])
    #expect(plan.state(of: .layer(.from, id: "a"), at: .time(0)).frame == Rect(x: 0, y: 0, width: 10, height: 10))
    #expect(plan.state(of: .layer(.from, id: "a"), at: .time(0)).color == red)
    #expect(plan.state(of: .overlay("dim"), at: .time(0)).opacity == 0.3)
    #expect(plan.state(of: .overlay("dim"), at: .time(0)).color == red)
  }
}
