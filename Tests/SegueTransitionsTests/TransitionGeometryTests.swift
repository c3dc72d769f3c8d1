import Foundation
import Testing

@testable import SegueRaster
@testable import SegueRender
@testable import SegueScene
@testable import SegueTiming
@testable import SegueTransitions
import SegueGeometry

/// Every type and operation at a middle progress, against CATALOG.md §3's formulas, on a
/// 40 x 30 pt container.
struct TransitionGeometryTests {
  let bounds = Rect(x: 0, y: 0, width: 40, height: 30)

  func animator(_ transition: String) throws -> any TransitionAnimator {
    try SceneFixture.scene(transition: transition).transition.animator
  }

  func screen(_ role: ScreenRole, _ x: Double, _ y: Double, _ w: Double, _ h: Double, opacity: Double = 1, radius: Double = 0, mask: FrameMask? = nil) -> FrameItem {
    .screen(ScreenPlacement(role: role, frame: Rect(x: x, y: y, width: w, height: h), opacity: opacity, cornerRadius: radius, mask: mask))
  }

  @Test func storiesPushAndPop() throws {
    // scale lerp(1, 0.85, 0.5) = 0.925 about the centre: 37 x 27.75 at (1.5, 1.125), and its
    // 10 pt radius scales with it: 9.25.
    let push = try animator(#"{"type": "stories", "operation": "push"}"#)
    #expect(push.layers(at: 0.5).items == [screen(.from, 1.5, 1.125, 37, 27.75, radius: 9.25), screen(.to, 20, 0, 40, 30, radius: 10)])
    #expect(push.endLayers.items == [screen(.to, 0, 0, 40, 30)])
    let pop = try animator(#"{"type": "stories", "operation": "pop", "scale": 0.5, "cornerRadius": 4}"#)
    // lerp(0.5, 1, 0.5) = 0.75: 30 x 22.5 at (5, 3.75), radius 4 · 0.75 = 3; `from` at x = 20.
    #expect(pop.layers(at: 0.5).items == [screen(.to, 5, 3.75, 30, 22.5, radius: 3), screen(.from, 20, 0, 40, 30, radius: 4)])
    #expect(pop.startLayers.items == [screen(.from, 0, 0, 40, 30)])
  }

  @Test(arguments: [("bottom", 0.0, 22.5), ("top", 0.0, -22.5), ("left", -30.0, 0.0), ("right", 30.0, 0.0)])
  func slideFromEveryEdge(edge: String, x: Double, y: Double) throws {
    let present = try animator(#"{"type": "slide", "edge": "\#(edge)"}"#)
    #expect(present.layers(at: 0.25).items == [screen(.from, 0, 0, 40, 30), screen(.to, x, y, 40, 30)])
    let dismiss = try animator(#"{"type": "slide", "operation": "dismiss", "edge": "\#(edge)"}"#)
    // Leaving: a quarter of the way out is at a third of the offset of a quarter of the way in.
    #expect(dismiss.layers(at: 0.75).items == [screen(.to, 0, 0, 40, 30), screen(.from, x, y, 40, 30)])
    #expect(dismiss.endLayers.items == [screen(.to, 0, 0, 40, 30)])
  }

  @Test func panelSlidesOverADim() throws {
    let present = try animator(#"{"type": "panel"}"#)
    #expect(present.screenSize(.to) == Size(width: 40, height: 15))
    #expect(present.screenSize(.from) == Size(width: 40, height: 30))
    #expect(
      present.layers(at: 0.5).items == [
        screen(.from, 0, 0, 40, 30), .fill(bounds, color: .black, opacity: 0.15), screen(.to, 0, 22.5, 40, 15),
      ])
    // The dim stays after presentation.
    #expect(present.endLayers.items == [screen(.from, 0, 0, 40, 30), .fill(bounds, color: .black, opacity: 0.3), screen(.to, 0, 15, 40, 15)])
    let right = try animator(#"{"type": "panel", "edge": "right", "size": 0.25, "dim": 0.5}"#)
    #expect(right.layers(at: 0.5).items.last == screen(.to, 35, 0, 10, 30))
    #expect(right.layers(at: 0.5).items[1] == .fill(bounds, color: .black, opacity: 0.25))
    let top = try animator(#"{"type": "panel", "edge": "top"}"#)
    #expect(top.layers(at: 0.5).items.last == screen(.to, 0, -7.5, 40, 15))
    let dismiss = try animator(#"{"type": "panel", "operation": "dismiss"}"#)
    #expect(dismiss.screenSize(.from) == Size(width: 40, height: 15))
    #expect(
      dismiss.layers(at: 0.5).items == [
        screen(.to, 0, 0, 40, 30), .fill(bounds, color: .black, opacity: 0.15), screen(.from, 0, 22.5, 40, 15),
      ])
    #expect(dismiss.endLayers.items == [screen(.to, 0, 0, 40, 30)])
  }

  @Test(arguments: [
    // Right and bottom strips start outside the container (x = 40, y = 30), as in the seed.
    ("right", Rect(x: 20, y: 0, width: 21, height: 30)), ("left", Rect(x: 0, y: 0, width: 21, height: 30)),
    ("top", Rect(x: 0, y: 0, width: 40, height: 16)), ("bottom", Rect(x: 0, y: 15, width: 40, height: 16)),
  ])
  func spreadGrowsFromAStrip(edge: String, mask: Rect) throws {
    for operation in ["present", "push", "dismiss", "pop"] {
      let spread = try animator(#"{"type": "spread", "operation": "\#(operation)", "edge": "\#(edge)"}"#)
      #expect(spread.layers(at: 0.5).items == [screen(.from, 0, 0, 40, 30), screen(.to, 0, 0, 40, 30, mask: .rect(mask))])
    }
  }

  @Test func boomScalesAboutTheCentreAndOvershoots() throws {
    let present = try animator(#"{"type": "boom"}"#)
    // scale lerp(0.1, 1, 0.5) = 0.55: 22 x 16.5 at (9, 6.75).
    #expect(present.layers(at: 0.5).items.last == screen(.to, 9, 6.75, 22, 16.5))
    let dismiss = try animator(#"{"type": "boom", "operation": "pop"}"#)
    // lerp(1, 0.01, 0.5) = 0.505: 20.2 x 15.15 at (9.9, 7.425).
    let shrunk = try #require(dismiss.layers(at: 0.5).items.last)
    guard case .screen(let placement) = shrunk else { Issue.record("not a screen"); return }
    #expect(placement.role == .from)
    #expect(abs(placement.frame.width - 20.2) < 1e-12 && abs(placement.frame.x - 9.9) < 1e-12)
    // The default spring (damping 0.4, velocity 2.5 over 0.5 s) passes 1: at t = 0.1 s the
    // oracle gives 1.2299079725, so the snapshot is 0.1 + 0.9 · 1.22991 = 1.20692 of the screen.
    let loaded = try SceneFixture.scene(transition: #"{"type": "boom"}"#)
    #expect(loaded.transition.curve == .uiKitSpring(damping: 0.4, velocity: 2.5))
    let frame = loaded.timeline.frame(1)
    #expect(abs(frame.progress - 1.2299079725) < 1e-6)
    guard case .screen(let big) = loaded.transition.animator.layers(at: frame.progress).items.last else { return }
    #expect(abs(big.frame.width - 40 * (0.1 + 0.9 * 1.2299079725)) < 1e-4)
    // Drawn as is: at that frame `to` (white) covers the whole container.
    let red = SceneFixture.redChannel(loaded, frame: 1)
    #expect(red.allSatisfy { $0.allSatisfy { $0 == 255 } })
  }

  @Test func fadeCrossDissolves() throws {
    let present = try animator(#"{"type": "fade"}"#)
    #expect(present.layers(at: 0.25).items == [screen(.from, 0, 0, 40, 30), screen(.to, 0, 0, 40, 30, opacity: 0.25)])
    let dismiss = try animator(#"{"type": "fade", "operation": "dismiss"}"#)
    #expect(dismiss.layers(at: 0.25).items == [screen(.to, 0, 0, 40, 30), screen(.from, 0, 0, 40, 30, opacity: 0.75)])
  }

  @Test func navigationPushHasParallaxAndDim() throws {
    // W = 40: parallax 40 − round(28) = 12.
    let push = try animator(#"{"type": "push", "operation": "push"}"#)
    #expect(
      push.layers(at: 0.5).items == [
        screen(.from, -6, 0, 40, 30), .fill(bounds, color: .black, opacity: 0.05), screen(.to, 20, 0, 40, 30),
      ])
    let pop = try animator(#"{"type": "push", "operation": "pop"}"#)
    #expect(
      pop.layers(at: 0.5).items == [
        screen(.to, -6, 0, 40, 30), .fill(bounds, color: .black, opacity: 0.05), screen(.from, 20, 0, 40, 30),
      ])
    // TIMING.md §4.1: 375 → 112 (262.5 rounds away from zero), 390 → 117.
    #expect(NavigationPushTransition(bounds: Rect(x: 0, y: 0, width: 375, height: 1), operation: .push).parallax == 112)
    #expect(NavigationPushTransition(bounds: Rect(x: 0, y: 0, width: 390, height: 1), operation: .push).parallax == 117)
    let loaded = try SceneFixture.scene(transition: #"{"type": "push", "operation": "push"}"#)
    #expect(loaded.transition.curve == .systemSpring && loaded.timeline.clock.duration == 0.5)
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

  @Test func defaultsFollowTheCatalog() throws {
    let expected: [(String, String, Double, TimingCurve)] = [
      ("zoom", "present", 0.3, .bezier(.easeInEaseOut)), ("zoom", "dismiss", 0.3, .bezier(.easeOut)),
      ("stories", "push", 0.3, .bezier(.easeIn)), ("slide", "present", 0.5, .bezier(.easeInEaseOut)),
      ("panel", "present", 0.3, .bezier(.easeOut)), ("circle", "pop", 0.5, .bezier(.easeInEaseOut)),
      ("spread", "push", 0.5, .bezier(.easeInEaseOut)), ("boom", "present", 0.5, .uiKitSpring(damping: 0.4, velocity: 2.5)),
      ("boom", "dismiss", 0.5, .bezier(.easeInEaseOut)), ("fade", "present", 0.4, .bezier(.easeInEaseOut)),
      ("push", "pop", 0.5, .systemSpring),
    ]
    for (type, operation, duration, curve) in expected {
      let loaded = try SceneFixture.scene(transition: #"{"type": "\#(type)", "operation": "\#(operation)"}"#)
      #expect(loaded.transition.duration == duration && loaded.transition.curve == curve, "\(type) \(operation)")
    }
    // Every type takes duration and curve overrides.
    for type in TransitionCatalog.all {
      let operation = type.operations[0].rawValue
      let loaded = try SceneFixture.scene(
        transition: #"{"type": "\#(type.name)", "operation": "\#(operation)", "duration": 0.7, "curve": "linear"}"#)
      #expect(loaded.transition.duration == 0.7 && loaded.transition.curve == .bezier(.linear), "\(type.name)")
    }
  }

  @Test func unknownParametersNameTheValidOnes() {
    #expect {
      try SceneFixture.scene(transition: #"{"type": "fade", "edge": "top"}"#)
    } throws: { error in
      (error as? SceneError)?.description
        == "fixture.json: at 'transition.edge': unknown parameter 'edge' for type 'fade'; its parameters: none (and type, operation, duration, curve)"
    }
    #expect {
      try SceneFixture.scene(transition: #"{"type": "panel", "edge": "left"}"#)
    } throws: { error in
      (error as? SceneError)?.description == "fixture.json: at 'transition.edge': expected one of 'bottom', 'right', 'top', got \"left\""
    }
    #expect {
      try SceneFixture.scene(transition: #"{"type": "stories", "operation": "present"}"#)
    } throws: { error in
      (error as? SceneError)?.description
        == "fixture.json: at 'transition.operation': type 'stories' has no operation 'present'; valid operations: push, pop"
    }
  }

  @Test func interactionsEndOnTheExactStartOrEndStateOfEveryType() throws {
    for type in TransitionCatalog.all {
      for operation in type.operations {
        for release in ["finish", "cancel"] {
          let loaded = try SceneFixture.scene(
            transition: #"{"type": "\#(type.name)", "operation": "\#(operation.rawValue)"}"#,
            interaction: #"{"scrub": [[0, 0], [0.2, 0.5]], "release": "\#(release)"}"#)
          let last = loaded.timeline.frame(loaded.timeline.frameCount - 1)
          let animator = loaded.transition.animator
          #expect(FrameRenderer(loaded).layers(ofFrame: last.index) == (release == "finish" ? animator.endLayers : animator.startLayers))
          // While scrubbing, the fraction is the progress, untouched by the type's curve.
          #expect(abs(loaded.timeline.frame(1).progress - 0.5 * (0.1 / 0.2)) < 1e-12)
        }
      }
    }
  }
}
