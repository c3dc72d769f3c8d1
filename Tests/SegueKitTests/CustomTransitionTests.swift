import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene
import Testing

/// Custom transitions against the math of docs/custom-transitions.md: perspective, the eye plane,
/// shadows, matched layers, which animation governs, and what the end state keeps.
struct CustomTransitionTests {
  /// A 200 × 100 pt container at scale 1 over blue; `from` is black, `to` white.
  func scene(_ transition: String, from: String? = nil, to: String? = nil, background: String = "#0000FF") throws
    -> LoadedScene
  {
    try SceneFixture.scene(
      size: (200, 100), background: background, transition: transition,
      from: from ?? ##"{"background": "#000000"}"##, to: to ?? ##"{"background": "#FFFFFF"}"##)
  }

  /// Where a point of a layer lands on the frame: its transform, then the container's
  /// perspective, divided by w.
  func projected(_ layer: RenderLayer, _ list: DisplayList, _ x: Double, _ y: Double) -> (x: Double, y: Double) {
    let p = (list.projection * layer.transform).apply(x, y)
    return (p.x / p.w, p.y / p.w)
  }

  /// A screen of W × H turned θ about y through its centre, seen with perspective d from the
  /// container's centre: a corner (x, y) relative to the centre goes to X = x cos θ and
  /// Z = −x sin θ (y unchanged), then is drawn at centre + (X, y) · d / (d − Z).
  func closedForm(_ x: Double, _ y: Double, degrees: Double, d: Double) -> (x: Double, y: Double) {
    let theta = degrees * .pi / 180
    let turnedX = x * cos(theta)
    let turnedZ = -x * sin(theta)
    return (100 + turnedX * d / (d - turnedZ), 50 + y * d / (d - turnedZ))
  }

  @Test(arguments: [30.0, 60.0])
  func cornersOfATurnedScreenLandWhereThePerspectiveFormulaPutsThem(degrees: Double) throws {
    let loaded = try scene(
      #"{"type": "custom", "perspective": 500, "stack": ["from"], "animations": [{"target": "from", "from": {"rotationY": \#(degrees)}}]}"#
    )
    let list = loaded.plan.displayList(at: .time(0))
    let layer = try #require(list.layers.first)
    for (x, y) in [(0.0, 0.0), (200.0, 0.0), (200.0, 100.0), (0.0, 100.0)] {
      let got = projected(layer, list, x, y)
      let want = closedForm(x - 100, y - 50, degrees: degrees, d: 500)
      #expect(abs(got.x - want.x) < 1e-9 && abs(got.y - want.y) < 1e-9, "corner (\(x), \(y)): \(got) vs \(want)")
    }
    // On the frame: the right edge is vertical at X; the pixel it cuts is covered by its share
    // (black over blue), the one inside is black and the one outside blue.
    let edge = closedForm(100, 0, degrees: degrees, d: 500).x
    let column = Int(edge)
    let pixels = SceneFixture.frame(loaded, 0)
    let share = edge - Double(column)
    #expect(abs(Double(pixels[column, 50].b) - 255 * (1 - share)) <= 2, "edge at \(edge): \(pixels[column, 50])")
    #expect(pixels[column - 1, 50].b == 0)
    #expect(pixels[column + 1, 50].b == 255)
  }

  @Test func whatIsBehindTheViewerIsNotDrawn() throws {
    // Turned 70° with the eye 60 pt away: the left part (x < −63.85 from the centre, where
    // Z = −x sin 70° > 60) is behind the eye. Projected through w < 0 it would land mirrored
    // at x ≈ 160…200 on the right; the front part ends at 100 + 34.2 · 60 / 153.97 = 113.33.
    let loaded = try scene(
      #"{"type": "custom", "perspective": 60, "stack": ["from"], "animations": [{"target": "from", "from": {"rotationY": 70}}]}"#
    )
    let pixels = SceneFixture.frame(loaded, 0)
    for x in [116, 140, 165, 180, 195] {
      #expect(pixels[x, 50].b == 255, "(\(x), 50) shows \(pixels[x, 50])")
      #expect(pixels[x, 20].b == 255, "(\(x), 20) shows \(pixels[x, 20])")
    }
    for x in [5, 60, 100, 112] { #expect(pixels[x, 50].b == 0, "(\(x), 50) shows \(pixels[x, 50])") }
  }

  @Test func aShadowIsTheGaussianOfItsOutline() throws {
    // A white 80 × 40 card on white with a black shadow of σ = 4 pt and no offset: beside it
    // the shadow's alpha is the Gaussian of a box, ½ [erf((b − u) / σ√2) − erf((a − u) / σ√2)]
    // across x (times ≈ 1 across y, 20 pt = 5σ inside the card's height).
    let loaded = try scene(
      ##"{"type": "custom", "stack": ["from", "card"], "overlays": {"card": {"color": "#FFFFFF", "rect": [60, 30, 80, 40]}}, "animations": [{"target": "card", "from": {"shadow": {"color": "#000000", "opacity": 1, "radius": 4, "offset": [0, 0]}}}]}"##,
      from: ##"{"background": "#FFFFFF"}"##)
    let pixels = SceneFixture.frame(loaded, 0)
    let sigma = 4.0
    func alpha(_ u: Double, _ a: Double, _ b: Double) -> Double {
      0.5 * (erf((b - u) / (sigma * 2.squareRoot())) - erf((a - u) / (sigma * 2.squareRoot())))
    }
    var worst = 0.0
    for x in 140..<160 {
      // The pixel's mean over 16 columns of sample points.
      let covered = (0..<16).map { alpha(Double(x) + (Double($0) + 0.5) / 16, 60, 140) }.reduce(0, +) / 16
      let expected = 255 * (1 - covered * alpha(50.5, 30, 70))
      worst = max(worst, abs(Double(pixels[x, 50].r) - expected))
    }
    #expect(worst <= 2, "largest difference from the Gaussian: \(worst) levels")
    #expect(pixels[141, 50].r < 170)  // there is a shadow at all: α(141.5) ≈ 0.36
  }

  @Test func aMatchedLayerIsHalfwayInFrameCornersAndColourAtHalfProgress() throws {
    // From a red 20 × 20 square at (10, 10) to a blue 60 × 40 one at (100, 40) with corners
    // 0 → 20, linearly over 1 s: at q = 0.5 the frame is [55, 25, 40, 30], the corner radius
    // 10 and the content (red + blue) / 2.
    let loaded = try scene(
      ##"{"type": "custom", "duration": 1, "curve": "linear", "match": ["m"]}"##,
      from: ##"{"background": "#000000", "layers": [{"id": "m", "rect": [10, 10, 20, 20], "color": "#FF0000"}]}"##,
      to:
        ##"{"background": "#FFFFFF", "layers": [{"id": "m", "rect": [100, 40, 60, 40], "color": "#0000FF", "cornerRadius": 20}]}"##
    )
    let list = loaded.plan.displayList(at: .time(0.5))
    let morph = try #require(list.layers.last)
    guard case .morph(_, _, let mix, _) = morph.content else {
      Issue.record("the top layer is \(morph.content), not the morph")
      return
    }
    #expect(mix == 0.5)
    #expect(morph.bounds == Size(width: 40, height: 30))
    #expect(projected(morph, list, 0, 0) == (55, 25) && projected(morph, list, 40, 30) == (95, 55))
    #expect(morph.cornerRadii == CornerRadii(10))
    let pixels = FrameRenderer(loaded).render(frame: 5)  // 10 fps: frame 5 is t = 0.5
    let middle = pixels[75, 40]
    #expect((127...128).contains(middle.r) && middle.g == 0 && (127...128).contains(middle.b), "\(middle)")
    #expect(pixels[55, 40] == middle && pixels[94, 40] == middle)  // its left and right columns
    #expect(pixels[54, 40].r == 255 && pixels[95, 40].g == 255)  // `to` (white) beside it
    // The top-left corner pixel lies outside the radius-10 arc about (65, 35): mostly white.
    #expect(pixels[55, 25].g > 200, "\(pixels[55, 25])")
    #expect(pixels[65, 25] == middle)
  }

  @Test func theAnimationThatStartedLastGovernsAProperty() throws {
    // translate: A 0 → [100, 0] over 0…1 s; B from A's `to` to [0, 50] over 0.5…1 s.
    // opacity: C 0 → 1 and D 0.2 → 0.5, both from 0 s: D (later in the list) governs.
    // rotation of `from`: E 45 → 0 from 0.5 s: before it starts it shows its `from`.
    let loaded = try scene(
      #"""
      {"type": "custom", "duration": 1, "curve": "linear", "animations": [
        {"target": "to", "to": {"translate": [100, 0]}},
        {"target": "to", "to": {"translate": [0, 50]}, "delay": 0.5, "duration": 0.5},
        {"target": "to", "from": {"opacity": 0}, "to": {"opacity": 1}},
        {"target": "to", "from": {"opacity": 0.2}, "to": {"opacity": 0.5}},
        {"target": "from", "from": {"rotation": 45}, "to": {"rotation": 0}, "delay": 0.5, "duration": 0.5}]}
      """#)
    let plan = loaded.plan
    // The linear curve is solved like any Bézier: to within 1e-6.
    func translate(_ moment: Moment, is x: Double, _ y: Double) -> Bool {
      let value = plan.state(of: .screen(.to), at: moment).translate
      return abs(value.x - x) < 1e-6 && abs(value.y - y) < 1e-6
    }
    #expect(translate(.time(0.25), is: 25, 0))
    #expect(translate(.time(0.5), is: 100, 0))  // B takes over from its own `from`
    #expect(translate(.time(0.75), is: 50, 25))
    #expect(translate(.end, is: 0, 50))
    #expect(abs(plan.state(of: .screen(.to), at: .time(0.5)).opacity - 0.35) < 1e-6)
    #expect(plan.state(of: .screen(.from), at: .time(0.25)).rotation == 45)
    #expect(abs(plan.state(of: .screen(.from), at: .time(0.75)).rotation - 22.5) < 1e-6)
    #expect(plan.duration == 1)
  }

  @Test func theEndStateAndTheDismissedScreen() throws {
    let moves = #""animations": [{"target": "from", "to": {"translate": [0, 100]}}]"#
    func layers(_ operation: String, _ end: String?) throws -> [RenderLayer] {
      let end = end.map { #", "end": \#($0)"# } ?? ""
      let loaded = try scene(#"{"type": "custom", "operation": "\#(operation)", \#(moves)\#(end)}"#)
      return loaded.plan.displayList(at: .end).layers
    }
    func roles(_ layers: [RenderLayer]) -> [ScreenRole] {
      layers.compactMap { if case .snapshot(let role) = $0.content { return role } else { return nil } }
    }
    // Dismiss removes `from` unless `end` names it; present keeps it.
    #expect(roles(try layers("dismiss", nil)) == [.to])
    #expect(roles(try layers("present", nil)) == [.from, .to])
    let kept = try layers("dismiss", #"{"from": {}}"#)
    #expect(roles(kept) == [.to, .from])
    #expect(SceneFixture.placed(kept[1]).y == 100)  // drawn in its end state
    // `null` returns a property to its initial value; "removed" takes a target away.
    let reset = try layers("dismiss", #"{"from": {"translate": null, "opacity": 0.5}}"#)
    #expect(SceneFixture.placed(reset[1]).y == 0 && reset[1].opacity == 0.5)
    #expect(roles(try layers("present", #"{"to": "removed"}"#)) == [.from])
  }

  @Test func aLiftedLayerLooksAsItDidInItsScreen() throws {
    // Lifted by an animation that changes nothing, a half-transparent layer draws as it did in
    // the snapshot: red at 0.5 over black is 128, not 64 (its opacity applied twice).
    let from =
      ##"{"background": "#000000", "layers": [{"id": "a", "rect": [10, 10, 50, 50], "color": "#FF0000", "opacity": 0.5}]}"##
    let lifted = try scene(
      #"{"type": "custom", "stack": ["from"], "animations": [{"target": "from.a", "to": {"rotation": 0}}]}"#, from: from
    )
    let flat = try scene(#"{"type": "custom", "stack": ["from"]}"#, from: from)
    #expect(lifted.plan.displayList(at: .time(0)).layers.first?.sublayers.count == 1)
    let a = SceneFixture.frame(lifted, 0)
    let b = SceneFixture.frame(flat, 0)
    #expect((127...128).contains(a[30, 30].r), "\(a[30, 30])")
    #expect(a[30, 30] == b[30, 30] && a[10, 10] == b[10, 10] && a[59, 59] == b[59, 59])
  }

  @Test func anUndampedSpringIsOneError() {
    // Two animations and the transition inherit the one curve: one message, not three.
    let transition =
      #"{"type": "custom", "curve": {"spring": {"response": 0.5, "dampingRatio": 0}}, "animations": [{"target": "to", "to": {"opacity": 0}}, {"target": "from", "to": {"opacity": 0}}]}"#
    #expect(throws: SceneErrors.self) { try scene(transition) }
    do {
      _ = try scene(transition)
    } catch let error as SceneErrors {
      #expect(
        error.errors.map(\.description) == [
          "fixture.json: at 'transition.curve': the spring never settles (it is undamped): give 'transition.duration' to cut it"
        ])
    } catch {
      Issue.record("\(error)")
    }
  }

  /// q = curve(clamp(fraction)): an animation whose spring its duration cuts short holds the
  /// progress of the cut while a longer animation still runs; the last frame is the end.
  @Test func aSpringCutShortHoldsWhereItWasCutUntilTheLastFrame() throws {
    // Mass 1, stiffness 236, damping 17 cut at 0.22 s: x(0.22) = 1.11317 (worked out by hand in
    // TimingOracleTests); the second animation runs 0.69 s, so at 0.4 s the turn is
    // −90 + 143 · 1.11317 = 69.18°, not the 53° of its `to`.
    let loaded = try scene(
      #"{"type": "custom", "duration": 0.22, "curve": {"spring": {"mass": 1, "stiffness": 236, "damping": 17}}, "animations": [{"target": "to", "from": {"rotationY": -90}, "to": {"rotationY": 53}}, {"target": "to", "to": {"opacity": 0.5}, "duration": 0.69, "curve": "linear"}]}"#
    )
    let turn = { (moment: Moment) -> Double in loaded.plan.state(of: .screen(.to), at: moment).rotationY }
    #expect(abs(turn(.time(0.4)) - 69.183) < 0.001)
    #expect(turn(.time(0.6)) == turn(.time(0.4)))
    #expect(turn(.end) == 53)
  }

  /// The transition's own spring warns only through the animations that inherit it.
  @Test func aSpringNoAnimationUsesIsNoWarning() throws {
    let unused = try scene(
      #"{"type": "custom", "duration": 0.3, "curve": {"spring": {"mass": 1, "stiffness": 100, "damping": 10}}, "animations": [{"target": "to", "from": {"opacity": 0}, "curve": "linear"}]}"#
    )
    #expect(unused.warnings.isEmpty)
    // x(0.3) = 1 − e^(−1.5)(cos(0.3 ωd) + (5 / ωd) sin(0.3 ωd)), ωd = √75 = 8.660:
    // 1 − 0.22313 · (−0.85599 + 0.57735 · 0.51698) = 1.1244; it settles at 1.47 s (docs/timing.md).
    let inherited = try scene(
      #"{"type": "custom", "duration": 0.3, "curve": {"spring": {"mass": 1, "stiffness": 100, "damping": 10}}, "animations": [{"target": "to", "from": {"opacity": 0}}]}"#
    )
    #expect(
      inherited.warnings == [
        "fixture.json: the spring settles at 1.47 s; at 'transition.duration' 0.3 s it is cut at progress 1.12"
      ])
  }

  /// A UIKit spring recorded from an app (`usingSpringWithDamping: 1` over 0.45 s, whose
  /// stiffness ω0² and damping 2ω0 settle at 0.45 s, written to 9 and 12 decimals) settles a
  /// hair after 0.45 s: not a cut, so no warning. The same spring over 0.3 s is.
  @Test func aRecordedUIKitSpringCutAtItsOwnDurationIsNoWarning() throws {
    let spring = #"{"spring": {"mass": 1, "stiffness": 421.016910751, "damping": 41.037393228674, "velocity": 0}}"#
    let recorded = try scene(
      #"{"type": "custom", "duration": 0.45, "animations": [{"target": "to", "from": {"opacity": 0}, "curve": "#
        + spring + "}]}")
    #expect(recorded.warnings.isEmpty)
    // x(0.3) = 1 − (1 + ω0·0.3)·e^(−ω0·0.3), ω0 = √421.0169 = 20.5187: 1 − 7.1556 · 0.0021 = 0.985.
    let cut = try scene(
      #"{"type": "custom", "duration": 0.3, "animations": [{"target": "to", "from": {"opacity": 0}, "curve": "#
        + spring + "}]}")
    #expect(
      cut.warnings == [
        "fixture.json: the spring settles at 0.45 s; at 'transition.duration' 0.3 s it is cut at progress 0.98"
      ])
  }

  /// An overlay without a `rect` covers the container, `over` a screen or not: in that screen's
  /// points, where the screen's frame clips it, so moving it inside a smaller screen shows that.
  @Test func anOverlayWithoutARectCoversTheContainer() throws {
    let loaded = try scene(
      ##"{"type": "custom", "duration": 0.2, "overlays": {"veil": {"color": "#FF0000", "over": "to"}, "dim": {"opacity": 0}}, "animations": [{"target": "veil", "to": {"translate": [-100, 0]}}]}"##,
      to: ##"{"size": [100, 100], "background": "#FFFFFF"}"##)
    for name in ["veil", "dim"] {
      #expect(loaded.plan.state(of: .overlay(name), at: .start).frame == Rect(x: 0, y: 0, width: 200, height: 100))
    }
    // Moved 100 pt left, the veil still covers all of `to` (x 0…100); `from` (black) beside it.
    let last = SceneFixture.frame(loaded, loaded.timeline.frameCount - 1)
    #expect(last[50, 50] == PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255) && last[99, 99] == last[50, 50])
    #expect(last[150, 50] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
  }

  /// A dim added to a screen covers the screen's bounds, its transparent parts too: a 50 % red
  /// veil over a `to` with no background shows over the black `from` beneath as 128, 0, 0.
  @Test func aDimOverATransparentScreenStillShows() throws {
    let loaded = try scene(
      ##"{"type": "custom", "overlays": {"veil": {"color": "#FF0000", "opacity": 0.5, "over": "to"}}, "animations": [{"target": "from", "to": {"opacity": 1}}]}"##,
      to: "{}")
    let frame = SceneFixture.frame(loaded, 0)
    #expect(
      (127...128).contains(frame[100, 50].r) && frame[100, 50].g == 0 && frame[100, 50].b == 0, "\(frame[100, 50])")
  }
}
