import Foundation
import Testing

@testable import SegueGeometry
@testable import SegueKit
@testable import SegueMotion
@testable import SegueRaster
@testable import SegueScene
@testable import SegueTiming

/// Every preset at a middle moment, against the formulas of docs/transitions.md, on a 40 × 30 pt container.
/// A linear curve over 1 s puts every animation at q = t.
struct PresetGeometryTests {
  func layers(_ transition: String, at t: Double) throws -> [RenderLayer] {
    let loaded = try SceneFixture.scene(transition: #"{"duration": 1, "curve": "linear", \#(transition)}"#)
    return SceneFixture.layers(loaded, at: .time(t))
  }

  func end(_ transition: String) throws -> [RenderLayer] {
    let loaded = try SceneFixture.scene(transition: #"{"duration": 1, "curve": "linear", \#(transition)}"#)
    return SceneFixture.layers(loaded, at: .end)
  }

  func role(_ layer: RenderLayer) -> ScreenRole? {
    if case .snapshot(let role) = layer.content { return role }
    return nil
  }

  func rect(_ x: Double, _ y: Double, _ w: Double, _ h: Double) -> Rect { Rect(x: x, y: y, width: w, height: h) }

  func close(_ a: Rect, _ b: Rect) -> Bool {
    abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9 && abs(a.width - b.width) < 1e-9 && abs(a.height - b.height) < 1e-9
  }

  @Test func storiesPushAndPop() throws {
    // scale lerp(1, 0.85, 0.5) = 0.925 about the centre: 37 × 27.75 at (1.5, 1.125); the 10 pt
    // radius is the layer's own (9.25 on screen); `to` at x = 40 · 0.5.
    let push = try layers(#""type": "stories", "operation": "push""#, at: 0.5)
    #expect(push.map(role) == [.from, .to])
    #expect(close(SceneFixture.placed(push[0]), rect(1.5, 1.125, 37, 27.75)))
    #expect(push[0].cornerRadii == CornerRadii(10) && push[1].cornerRadii == CornerRadii(10))
    #expect(close(SceneFixture.placed(push[1]), rect(20, 0, 40, 30)))
    // After completeTransition: `to` alone, its corners back to 0.
    let ended = try end(#""type": "stories", "operation": "push""#)
    #expect(ended.map(role) == [.to] && ended[0].cornerRadii == .zero)
    let pop = try layers(#""type": "stories", "operation": "pop", "scale": 0.5, "cornerRadius": 4"#, at: 0.5)
    // lerp(0.5, 1, 0.5) = 0.75: 30 × 22.5 at (5, 3.75); `from` at x = 20.
    #expect(pop.map(role) == [.to, .from])
    #expect(close(SceneFixture.placed(pop[0]), rect(5, 3.75, 30, 22.5)) && pop[0].cornerRadii == CornerRadii(4))
    #expect(close(SceneFixture.placed(pop[1]), rect(20, 0, 40, 30)))
  }

  @Test(arguments: [("bottom", 0.0, 22.5), ("top", 0.0, -22.5), ("left", -30.0, 0.0), ("right", 30.0, 0.0)])
  func slideFromEveryEdge(edge: String, x: Double, y: Double) throws {
    let present = try layers(#""type": "slide", "edge": "\#(edge)""#, at: 0.25)
    #expect(present.map(role) == [.from, .to])
    #expect(close(SceneFixture.placed(present[1]), rect(x, y, 40, 30)))
    // Leaving: a quarter of the way out is at a third of the offset of a quarter of the way in.
    let dismiss = try layers(#""type": "slide", "operation": "dismiss", "edge": "\#(edge)""#, at: 0.75)
    #expect(dismiss.map(role) == [.to, .from])
    #expect(close(SceneFixture.placed(dismiss[1]), rect(x, y, 40, 30)))
    #expect(try end(#""type": "slide", "operation": "dismiss", "edge": "\#(edge)""#).map(role) == [.to])
  }

  @Test func panelSlidesOverADim() throws {
    let present = try layers(#""type": "panel""#, at: 0.5)
    // from, the dim (black at 0.3 · 0.5), the 40 × 15 panel at y = lerp(30, 15, 0.5).
    #expect(present.count == 3 && present[1].content == .solid(.black))
    #expect(abs(present[1].opacity - 0.15) < 1e-9)
    #expect(present[2].contentSize == Size(width: 40, height: 15))
    #expect(close(SceneFixture.placed(present[2]), rect(0, 22.5, 40, 15)))
    // The dim stays after presentation.
    let ended = try end(#""type": "panel""#)
    #expect(
      ended.count == 3 && abs(ended[1].opacity - 0.3) < 1e-9
        && close(SceneFixture.placed(ended[2]), rect(0, 15, 40, 15)))
    let right = try layers(#""type": "panel", "edge": "right", "size": 0.25, "dim": 0.5"#, at: 0.5)
    #expect(close(SceneFixture.placed(right[2]), rect(35, 0, 10, 30)) && abs(right[1].opacity - 0.25) < 1e-9)
    let top = try layers(#""type": "panel", "edge": "top""#, at: 0.5)
    #expect(close(SceneFixture.placed(top[2]), rect(0, -7.5, 40, 15)))
    let dismiss = try layers(#""type": "panel", "operation": "dismiss""#, at: 0.5)
    #expect(dismiss.map(role) == [.to, nil, .from])
    #expect(close(SceneFixture.placed(dismiss[2]), rect(0, 22.5, 40, 15)) && abs(dismiss[1].opacity - 0.15) < 1e-9)
  }

  @Test(arguments: [
    // Right and bottom strips start outside the container (x = 40, y = 30), as in the seed.
    ("right", Rect(x: 20, y: 0, width: 21, height: 30)), ("left", Rect(x: 0, y: 0, width: 21, height: 30)),
    ("top", Rect(x: 0, y: 0, width: 40, height: 16)), ("bottom", Rect(x: 0, y: 15, width: 40, height: 16)),
  ])
  func spreadGrowsFromAStrip(edge: String, mask: Rect) throws {
    for operation in ["present", "push", "dismiss", "pop"] {
      let spread = try layers(#""type": "spread", "operation": "\#(operation)", "edge": "\#(edge)""#, at: 0.5)
      #expect(spread.map(role) == [.from, .to])
      guard case .rect(let rect, let radius)? = spread[1].mask else {
        Issue.record("no rect mask")
        continue
      }
      #expect(close(rect, mask) && radius == 0)
    }
  }

  @Test func boomScalesAboutTheCentre() throws {
    // scale lerp(0.1, 1, 0.5) = 0.55: 22 × 16.5 at (9, 6.75).
    let present = try layers(#""type": "boom""#, at: 0.5)
    #expect(close(SceneFixture.placed(present[1]), rect(9, 6.75, 22, 16.5)))
    // lerp(1, 0.01, 0.5) = 0.505: 20.2 × 15.15 at (9.9, 7.425).
    let dismiss = try layers(#""type": "boom", "operation": "pop""#, at: 0.5)
    #expect(dismiss.map(role) == [.to, .from])
    #expect(close(SceneFixture.placed(dismiss[1]), rect(9.9, 7.425, 20.2, 15.15)))
  }

  @Test func theDefaultBoomSpringOvershoots() throws {
    // The timing oracle: the default spring (damping 0.4, velocity 2.5 over 0.5 s) is at
    // 1.2299079725 at t = 0.1 s, so the snapshot is 0.1 + 0.9 · 1.22991 of the screen, and
    // `to` (white) covers the whole container.
    let loaded = try SceneFixture.scene(transition: #"{"type": "boom"}"#)
    let frame = loaded.timeline.frame(1)
    #expect(abs(frame.progress - 1.2299079725) < 1e-6)
    let to = SceneFixture.layers(loaded, at: frame.moment)[1]
    #expect(abs(SceneFixture.placed(to).width - 40 * (0.1 + 0.9 * 1.2299079725)) < 1e-4)
    #expect(SceneFixture.redChannel(loaded, frame: 1).allSatisfy { $0.allSatisfy { $0 == 255 } })
  }

  @Test func fadeCrossDissolves() throws {
    let present = try layers(#""type": "fade""#, at: 0.25)
    #expect(present.map(role) == [.from, .to] && abs(present[1].opacity - 0.25) < 1e-9, "\(present[1].opacity)")
    let dismiss = try layers(#""type": "fade", "operation": "dismiss""#, at: 0.25)
    #expect(dismiss.map(role) == [.to, .from] && abs(dismiss[1].opacity - 0.75) < 1e-9)
  }

  @Test func navigationPushHasParallaxAndADimOverTheScreenBelow() throws {
    // W = 40: parallax 40 − round(28) = 12; the dim is a sublayer of the screen it darkens.
    let push = try layers(#""type": "push", "operation": "push""#, at: 0.5)
    #expect(push.map(role) == [.from, .to])
    #expect(
      close(SceneFixture.placed(push[0]), rect(-6, 0, 40, 30))
        && close(SceneFixture.placed(push[1]), rect(20, 0, 40, 30)))
    #expect(push[0].sublayers.count == 1 && abs(push[0].sublayers[0].opacity - 0.05) < 1e-9)
    let pop = try layers(#""type": "push", "operation": "pop""#, at: 0.5)
    #expect(pop.map(role) == [.to, .from])
    #expect(close(SceneFixture.placed(pop[0]), rect(-6, 0, 40, 30)) && abs(pop[0].sublayers[0].opacity - 0.05) < 1e-9)
    // UIKit's parallax W − round(0.7 W), rounding the decimal 0.7 W half away from zero:
    // 375 → 375 − 263 = 112, 390 → 117, 45 → 45 − round(31.5) = 13, 85 → 85 − 60 = 25 (in
    // doubles 0.7 × 45 is 31.4999…, which would round down).
    for (width, parallax) in [(375, 112.0), (390, 117.0), (45, 13.0), (85, 25.0)] {
      let loaded = try SceneFixture.scene(
        size: (width, 30), transition: #"{"type": "push", "operation": "push", "duration": 1, "curve": "linear"}"#)
      #expect(abs(SceneFixture.placed(SceneFixture.layers(loaded, at: .time(1 - 1e-9))[0]).x + parallax) < 1e-6)
    }
    let loaded = try SceneFixture.scene(transition: #"{"type": "push", "operation": "push"}"#)
    #expect(loaded.plan.mainEasing.duration == 0.5 && loaded.plan.scene.transition.curve == .systemSpring)
  }

  @Test func dimsDarkenWhatIsUnderThem() throws {
    // Panel end state: white `from` under black at 0.3 (77/255): 255 · (255 − 77) / 255 = 178.
    let panel = try SceneFixture.scene(
      transition: #"{"type": "panel", "duration": 1, "curve": "linear"}"#, from: ##"{"background": "#FFFFFF"}"##)
    let last = SceneFixture.redChannel(panel, frame: 10)
    #expect(last[2][20] == 178)
    #expect(last[25][20] == 255)  // the white panel
    // Navigation push at p = 0.5 (linear): dim 0.05 (13/255) over white: 242.
    let push = try SceneFixture.scene(
      transition: #"{"type": "push", "operation": "push", "duration": 1, "curve": "linear"}"#,
      from: ##"{"background": "#FFFFFF"}"##, to: ##"{"background": "#FF0000"}"##)
    let middle = SceneFixture.redChannel(push, frame: 5)
    #expect(middle[10][5] == 242)
    #expect(middle[10][25] == 255)  // `to`, red, undimmed
  }

  @Test func zoomGrowsAndFadesInTheSnapshot() throws {
    let present = try layers(#""type": "zoom", "sourceFrame": [10, 10, 10, 10]"#, at: 0.5)
    // Frame lerp([10, 10, 10, 10], [0, 0, 40, 30], 0.5) = [5, 5, 25, 20], opacity 0.5.
    #expect(close(SceneFixture.placed(present[1]), rect(5, 5, 25, 20)) && abs(present[1].opacity - 0.5) < 1e-9)
    let loaded = try SceneFixture.scene(
      transition: #"{"type": "zoom", "duration": 1, "curve": "linear", "sourceFrame": [10, 10, 10, 10]}"#)
    let red = SceneFixture.redChannel(loaded, frame: 5)
    #expect(red[15][15] == 128)  // white at opacity 0.5 over black
    #expect(red[2][2] == 0)  // outside the snapshot: `from`
    #expect(red[15][4] == 0 && red[15][5] == 128 && red[15][29] == 128 && red[15][30] == 0)
    let dismiss = try layers(#""type": "zoom", "operation": "dismiss", "sourceFrame": [10, 10, 10, 10]"#, at: 0.25)
    // lerp([0, 0, 40, 30], [10, 10, 10, 10], 0.25) = [2.5, 2.5, 32.5, 25], opacity 0.75.
    #expect(close(SceneFixture.placed(dismiss[1]), rect(2.5, 2.5, 32.5, 25)) && abs(dismiss[1].opacity - 0.75) < 1e-9)
    #expect(try end(#""type": "zoom", "operation": "dismiss""#).map(role) == [.to])
  }

  @Test func defaultsFollowTheCatalog() throws {
    let expected: [(String, String, Double, TimingCurve)] = [
      ("zoom", "present", 0.3, .bezier(.easeInEaseOut)), ("zoom", "dismiss", 0.3, .bezier(.easeOut)),
      ("stories", "push", 0.3, .bezier(.easeIn)), ("slide", "present", 0.5, .bezier(.easeInEaseOut)),
      ("panel", "present", 0.3, .bezier(.easeOut)), ("circle", "pop", 0.5, .bezier(.easeInEaseOut)),
      ("spread", "push", 0.5, .bezier(.easeInEaseOut)),
      ("boom", "present", 0.5, .uiKitSpring(damping: 0.4, velocity: 2.5)),
      ("boom", "dismiss", 0.5, .bezier(.easeInEaseOut)), ("fade", "present", 0.4, .bezier(.easeInEaseOut)),
      ("push", "pop", 0.5, .systemSpring), ("flip", "present", 0.6, .bezier(.easeInEaseOut)),
      ("cube", "push", 0.5, .bezier(.easeInEaseOut)), ("sheet", "present", 0.5, .systemSpring),
    ]
    for (type, operation, duration, curve) in expected {
      let loaded = try SceneFixture.scene(transition: #"{"type": "\#(type)", "operation": "\#(operation)"}"#)
      #expect(loaded.plan.duration == duration && loaded.plan.scene.transition.curve == curve, "\(type) \(operation)")
    }
    // Every type takes duration and curve overrides.
    for type in PresetCatalog.all {
      let operation = type.operations[0].rawValue
      let loaded = try SceneFixture.scene(
        transition: #"{"type": "\#(type.name)", "operation": "\#(operation)", "duration": 0.7, "curve": "linear"}"#)
      #expect(
        abs(loaded.plan.duration - 0.7) < 1e-9 && loaded.plan.scene.transition.curve == .bezier(.linear), "\(type.name)"
      )
    }
  }

  @Test func unknownParametersNameTheValidOnes() {
    func message(_ transition: String) -> String? {
      do {
        _ = try SceneFixture.scene(transition: transition)
        return nil
      } catch {
        return (error as? SceneErrors)?.description
      }
    }
    #expect(
      message(#"{"type": "fade", "edge": "top"}"#)
        == "fixture.json: at 'transition.edge': unknown parameter 'edge' for type 'fade'; its parameters: none (and type, operation, duration, curve, presentation)"
    )
    #expect(
      message(#"{"type": "panel", "edge": "left"}"#)
        == "fixture.json: at 'transition.edge': expected one of 'bottom', 'right', 'top', got \"left\"")
    #expect(
      message(#"{"type": "stories", "operation": "present"}"#)
        == "fixture.json: at 'transition.operation': type 'stories' has no operation 'present'; valid operations: push, pop"
    )
    #expect(
      message(#"{"type": "circle", "radius": 4}"#)
        == "fixture.json: at 'transition.radius': unknown parameter 'radius' for type 'circle'; its parameters: origin, startRadius, endRadius (and type, operation, duration, curve, presentation)"
    )
    // An operation left out is the type's first when it has no `present`.
    #expect(message(#"{"type": "stories"}"#) == nil)
  }

  @Test func interactionsEndOnTheStartOrEndState() throws {
    for type in PresetCatalog.all {
      for operation in type.operations {
        for release in ["finish", "cancel"] {
          let loaded = try SceneFixture.scene(
            transition: #"{"type": "\#(type.name)", "operation": "\#(operation.rawValue)"}"#,
            interaction: #"{"scrub": [[0, 0], [0.2, 0.5]], "release": "\#(release)"}"#)
          let last = loaded.timeline.frame(loaded.timeline.frameCount - 1)
          #expect(last.moment == (release == "finish" ? .end : .start), "\(type.name) \(operation)")
          // While scrubbing, the fraction is the progress, untouched by the type's curve.
          #expect(abs(loaded.timeline.frame(1).progress - 0.5 * (0.1 / 0.2)) < 1e-9)
        }
      }
    }
  }
}
