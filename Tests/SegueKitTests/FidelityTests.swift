import Foundation
import SegueGeometry
import Testing

@testable import SegueCompose
@testable import SegueKit
@testable import SegueRaster
@testable import SegueScene
@testable import SegueTiming

/// What UIKit draws at the edges of the catalog: overshooting curves, fractional pixel sizes,
/// scaled corner clips and springs that settle. Every expected value comes from the geometry
/// written out in the comments, not from Segue's own output.
struct FidelityTests {
  /// A bezier whose x(t) is t (x1 = 1/3, x2 = 2/3), so at x = 0.5 its value is
  /// y = 3·(1/4)·(1/2)·y1 + 3·(1/2)·(1/4)·y2 + 1/8 = 0.375·(y1 + y2) + 0.125 exactly.
  static func curve(reaching y: Double) -> String {
    let control = (y - 0.125) / 0.75
    return "[0.3333333333333333, \(control), 0.6666666666666666, \(control)]"
  }

  /// Frame 5 of a 1 s transition at 10 fps shows x = 0.5.
  static func halfway(_ transition: String) -> String {
    #"{"duration": 1, \#(transition)}"#
  }

  @Test(arguments: [(2.0, "right"), (3.0, "right"), (2.0, "bottom"), (3.0, "bottom")])
  func spreadFromTheRightOrBottomShowsNothingOfToAtFrameZero(scale: Double, edge: String) throws {
    // The strip starts at x = W (y = H), outside the container.
    let loaded = try SceneFixture.scene(scale: scale, transition: #"{"type": "spread", "edge": "\#(edge)"}"#)
    let first = SceneFixture.frame(loaded, 0)
    #expect(first.pixels.count { $0 != RGBA8.black.premultiplied.packed } == 0)
  }

  @Test func spreadFromTheLeftStartsWithATwoPointStripInside() throws {
    let loaded = try SceneFixture.scene(scale: 2, transition: #"{"type": "spread", "edge": "left"}"#)
    let first = SceneFixture.frame(loaded, 0)
    // 2 pt at scale 2: columns 0-3 are `to` (white), column 4 is `from` (black).
    #expect((0..<4).allSatisfy { first[$0, 10].r == 255 })
    #expect(first[4, 10].r == 0)
  }

  @Test func aNegativeScaleMirrorsTheSnapshot() throws {
    // boom present: scale = lerp(0.1, 1, p) = 0.1 + 0.9 · (−1) = −0.8 at frame 5, about the
    // centre (20, 15): `to` spans x 4…36, y 3…27 turned by 180°. Screen point (X, Y) shows
    // `to` at u = 20 − (X − 20) / 0.8, v = 15 − (Y − 15) / 0.8.
    let quadrants = ##"""
      {"background": "#FFFFFF", "layers": [
        {"rect": [0, 0, 20, 15], "color": "#FF0000"}, {"rect": [20, 0, 20, 15], "color": "#00FF00"},
        {"rect": [0, 15, 20, 15], "color": "#0000FF"}]}
      """##
    let loaded = try SceneFixture.scene(
      background: "#808080",
      transition: Self.halfway(#""type": "boom", "curve": \#(Self.curve(reaching: -1))"#), to: quadrants)
    let frame = SceneFixture.frame(loaded, 5)
    func color(_ x: Int, _ y: Int) -> RGBA8 { frame[x, y].straight }
    // (30.5, 22.5) → (6.875, 5.625): the red top-left quadrant.
    #expect(color(30, 22) == RGBA8(r: 255, g: 0, b: 0))
    // (9.5, 22.5) → (33.125, 5.625): green, top-right.
    #expect(color(9, 22) == RGBA8(r: 0, g: 255, b: 0))
    // (30.5, 7.5) → (6.875, 24.375): blue, bottom-left.
    #expect(color(30, 7) == RGBA8(r: 0, g: 0, b: 255))
    // (9.5, 7.5) → (33.125, 24.375): the white background, bottom-right.
    #expect(color(9, 7) == RGBA8.white)
    // Outside the mirrored snapshot: `from`, black.
    #expect(color(1, 1) == RGBA8.black)
  }

  @Test func aCircleOfNegativeRadiusIsTheCircleOfItsMagnitude() throws {
    // circle dismiss: r = lerp(10, 1, p) = 10 − 9 · 2 = −8 at p = 2: the circle of radius 8
    // about (20, 15) keeps `from` (black) inside, `to` (white) outside.
    let loaded = try SceneFixture.scene(
      transition: Self.halfway(
        #""type": "circle", "operation": "dismiss", "origin": [20, 15], "startRadius": 1, "endRadius": 10, "curve": \#(Self.curve(reaching: 2))"#
      ))
    let red = SceneFixture.redChannel(loaded, frame: 5)
    #expect(red[15][20] == 0)  // centre
    #expect(red[15][26] == 0)  // (26.5, 15.5) is 6.5 from the centre
    #expect(red[15][29] == 255)  // (29.5, 15.5) is 9.5 from it
    #expect(red[6][20] == 255 && red[8][20] == 0)  // top edge at y = 7
  }

  @Test func aPanelsDimNeverPassesItsOwnMaximum() throws {
    // At p = 1.4 the dim would be 0.3 · 1.4 = 0.42; clamped, it is 0.3 over white:
    // 255 · (1 − 0.3) = 178.5. The panel's top edge is at 30 − 15 · 1.4 = 9, below row 2.
    let loaded = try SceneFixture.scene(
      transition: Self.halfway(#""type": "panel", "curve": \#(Self.curve(reaching: 1.4))"#),
      from: ##"{"background": "#FFFFFF"}"##)
    let red = SceneFixture.redChannel(loaded, frame: 5)
    #expect(abs(Double(red[2][20]) - 178.5) <= 1)
  }

  @Test func theNavigationDimNeverPassesItsOwnMaximum() throws {
    // At p = 1.4 `from` (white) spans x −16.8…23.2 under its dim, 0.1 (not 0.14): 255 · 0.9 =
    // 229.5; `to` has no background, so `from` shows through it.
    let loaded = try SceneFixture.scene(
      background: "#000000",
      transition: Self.halfway(#""type": "push", "operation": "push", "curve": \#(Self.curve(reaching: 1.4))"#),
      from: ##"{"background": "#FFFFFF"}"##, to: "{}")
    let frame = SceneFixture.frame(loaded, 5)
    #expect(abs(Double(frame[10, 10].r) - 229.5) <= 1)
    #expect(frame[10, 10].r == frame[10, 10].g)
    // Right of `from`, the black background: the dim moves with the screen it darkens.
    #expect(frame[30, 10].r == 0)
  }

  @Test func theNavigationDimDarkensTheCoveredScreensEdgeOnce() throws {
    // W = 40, parallax 12; at p = 1.6 `from` (green) ends at 40 − 12 · 1.6 = 20.8 and `to` (red)
    // at 40 · (2 − 1.6) = 16, so pixel 20 is 0.8 of `from` under its dim (0.1, 26/255) over
    // blue: green 0.8 · (255 − 26) = 183.2, blue 0.2 · 255 = 51, as the screen and its dim drawn
    // as one group. (Dimmed again by its own coverage it would be 187.7 and 46.9.)
    let loaded = try SceneFixture.scene(
      transition: Self.halfway(#""type": "push", "operation": "push", "curve": \#(Self.curve(reaching: 1.6))"#),
      from: ##"{"background": "#00FF00"}"##, to: ##"{"background": "#FF0000"}"##)
    let frame = SceneFixture.frame(loaded, 5)
    #expect(abs(Double(frame[20, 10].g) - 183.2) <= 1, "\(frame[20, 10])")
    #expect(abs(Double(frame[20, 10].b) - 51) <= 1, "\(frame[20, 10])")
    #expect(frame[19, 10].g == 229 && frame[21, 10].b == 255)
  }

  /// Area of pixel (x, y) inside the rounded rectangle, by 256 × 256 point samples.
  static func sampledArea(x: Int, y: Int, rect: Rect, radius r: Double) -> Double {
    let n = 256
    var inside = 0
    for i in 0..<n {
      for j in 0..<n {
        let px = Double(x) + (Double(i) + 0.5) / Double(n)
        let py = Double(y) + (Double(j) + 0.5) / Double(n)
        guard px >= rect.minX, px <= rect.maxX, py >= rect.minY, py <= rect.maxY else { continue }
        // Distance past the corner centre, per axis (0 along the straight sides).
        let dx = max(0, max(rect.minX + r - px, px - (rect.maxX - r)))
        let dy = max(0, max(rect.minY + r - py, py - (rect.maxY - r)))
        if dx * dx + dy * dy <= r * r { inside += 1 }
      }
    }
    return Double(inside) / Double(n * n)
  }

  @Test func storiesCornersShrinkWithTheirSnapshot() throws {
    // `scale` 0.7 at p = 0.5 (linear): the screen is at 0.85 about its centre, a 170 pt square
    // at (15, 15), and its 10 pt radius is 8.5 pt on screen.
    let loaded = try SceneFixture.scene(
      size: (200, 200), background: "#000000",
      transition: Self.halfway(#""type": "stories", "operation": "push", "scale": 0.7, "curve": "linear""#),
      from: ##"{"background": "#FFFFFF"}"##, to: ##"{"background": "#FF0000"}"##)
    let frame = SceneFixture.frame(loaded, 5)
    let rect = Rect(x: 15, y: 15, width: 170, height: 170)
    for k in 0..<10 {
      let expected = 255 * Self.sampledArea(x: 15 + k, y: 15 + k, rect: rect, radius: 8.5)
      #expect(abs(Double(frame[15 + k, 15 + k].g) - expected) <= 2, "diagonal pixel \(k)")
    }
    // With the unscaled 10 pt radius, pixel (17, 17) would be nearly empty (its centre is
    // 10.6 pt from the corner's centre (25, 25)); at 8.5 pt it is about half covered.
    #expect(frame[17, 17].g > 100)
  }

  @Test func aClippedSnapshotsEdgeCarriesItsCoverageOnce() throws {
    // stories push with `scale` 28/30: at p = 0.5 the screen is at 29/30 about (20, 15), so its
    // top edge is at y = 15 / 30 = 0.5 (row 0 half covered: 127.5) and its left edge at
    // x = 20 / 30 (column 0 a third covered: 85).
    let loaded = try SceneFixture.scene(
      background: "#000000",
      transition: Self.halfway(
        #""type": "stories", "operation": "push", "scale": 0.9333333333333333, "curve": "linear""#),
      from: ##"{"background": "#FFFFFF"}"##, to: ##"{"background": "#FF0000"}"##)
    let frame = SceneFixture.frame(loaded, 5)
    #expect(abs(Double(frame[12, 0].g) - 127.5) <= 2)
    #expect(abs(Double(frame[0, 15].g) - 85) <= 2)
  }

  @Test(arguments: [
    #"{"type": "fade"}"#, #"{"type": "push", "operation": "push"}"#, #"{"type": "slide", "operation": "dismiss"}"#,
    #"{"type": "circle", "origin": [33.3, 20.1]}"#, #"{"type": "spread", "edge": "left"}"#, #"{"type": "zoom"}"#,
    #"{"type": "boom", "operation": "pop"}"#, #"{"type": "panel", "edge": "right", "size": 0.37}"#,
  ])
  func fractionalPixelSizesLeaveNoBackgroundShowing(transition: String) throws {
    // 101 × 61 pt at 1.5: 151.5 × 91.5 rounds (halves up) to 152 × 92, and the container fills
    // it. From is black and to white, so any magenta mixed in breaks r = g = b.
    let loaded = try SceneFixture.scene(size: (101, 61), scale: 1.5, background: "#FF00FF", transition: transition)
    let renderer = FrameRenderer(loaded)
    #expect(renderer.width == 152 && renderer.height == 92)
    for index in 0..<loaded.timeline.frameCount {
      let frame = renderer.render(frame: index)
      let tinted = frame.pixels.count { pixel in
        let color = PremultipliedRGBA8(packed: pixel)
        return color.r != color.g || color.g != color.b || color.a != 255
      }
      #expect(tinted == 0, "frame \(index) of \(transition)")
    }
  }

  @Test func theLastFrameOfAPresentIsAStaticRenderOfTo() throws {
    let to =
      ##"{"background": "#34C759", "layers": [{"rect": [10.3, 7.7, 40, 20], "color": "#FFFFFF", "cornerRadius": 6}]}"##
    let loaded = try SceneFixture.scene(
      size: (101, 61), scale: 2.5, background: "#FF00FF", transition: #"{"type": "fade"}"#, to: to)
    let last = SceneFixture.frame(loaded, loaded.timeline.frameCount - 1)
    let alone = ScreenRasterizer.render(loaded.scene.to, size: loaded.scene.size, scale: 2.5, images: [:])
    #expect(last.width == 253 && last.height == 153)  // 252.5 × 152.5, halves up
    #expect(last == alone)
  }

  @Test func physicalSpringsRunUntilTheySettle() throws {
    // The settling time of docs/timing.md (mass 1, stiffness 100): damping 5 settles at 2.855 s, 15 at 1.022 s.
    // Frames at 60 fps: N = ceil(60 T): 172 and 62, so 173 and 63 frames.
    for (damping, settles, frames) in [(5.0, 2.855, 173), (15.0, 1.022, 63)] {
      let loaded = try SceneFixture.scene(
        fps: 60,
        transition:
          #"{"type": "push", "operation": "push", "curve": {"spring": {"mass": 1, "stiffness": 100, "damping": \#(damping)}}}"#
      )
      #expect(abs(loaded.timeline.clock.duration - settles) < 5e-4, "damping \(damping)")
      #expect(loaded.timeline.frameCount == frames, "damping \(damping)")
      #expect(loaded.warnings.isEmpty)
    }
  }

  @Test func aCriticallyDampedSpringSettlesWhereItsResidualIsAThousandth() throws {
    // mass 1, stiffness 100, damping 20: ζ = 1, ω0 = 10, 1 − x = (1 + 10 t)·e^(−10 t). Its
    // root of 0.001, by fixed-point iteration of t = (ln(1 + 10 t) − ln 0.001) / 10.
    var t = 1.0
    for _ in 0..<200 { t = (log(1 + 10 * t) - log(0.001)) / 10 }
    let spring = DampedSpring(mass: 1, stiffness: 100, damping: 20)
    #expect(abs(spring.settlingDuration - t) < 1e-8)
    // Damping above critical is taken as critical, for the motion and the settling time.
    let over = DampedSpring(mass: 1, stiffness: 100, damping: 60)
    #expect(abs(over.settlingDuration - t) < 1e-8)
    #expect(abs(over.value(at: 0.2) - spring.value(at: 0.2)) < 1e-12)
    // A response spring with a ratio above 1 is critical too.
    #expect(
      DampedSpring.response(0.5, dampingRatio: 2).value(at: 0.3)
        == DampedSpring.response(0.5, dampingRatio: 1).value(at: 0.3))
  }

  @Test func aDurationThatCutsASpringShortIsAWarning() throws {
    // x(0.3) = 1 − e^(−0.75)·[cos(0.3 ωd) + (2.5 / ωd)·sin(0.3 ωd)], ωd = 10·sqrt(1 − 1/16):
    // 1.4303.
    let loaded = try SceneFixture.scene(
      fps: 60,
      transition:
        #"{"type": "push", "operation": "push", "duration": 0.3, "curve": {"spring": {"mass": 1, "stiffness": 100, "damping": 5}}}"#
    )
    #expect(loaded.timeline.frameCount == 19)
    #expect(
      loaded.warnings == [
        "fixture.json: the spring settles at 2.85 s; at 'transition.duration' 0.3 s it is cut at progress 1.43"
      ])
  }

  @Test func aMirroredStoryKeepsItsCorners() throws {
    // `scale` 0.1 at p = 1.6: the screen is at 1 − 0.9 · 1.6 = −0.44 about (100, 100), spanning
    // 56…144, mirrored, and its 20 pt radius is 20 · 0.44 = 8.8 on screen; `to` covers x < 80.
    // Pixel (143, 56) has its centre 11.7 pt from the top-right corner's centre (135.2, 64.8).
    let loaded = try SceneFixture.scene(
      size: (200, 200), background: "#000000",
      transition: Self.halfway(
        #""type": "stories", "operation": "push", "scale": 0.1, "cornerRadius": 20, "curve": \#(Self.curve(reaching: 1.6))"#
      ),
      from: ##"{"background": "#FFFFFF"}"##, to: ##"{"background": "#FF0000"}"##)
    let frame = SceneFixture.frame(loaded, 5)
    #expect(frame[143, 56].g == 0)
    #expect(frame[130, 60].g == 255)
    #expect(frame[143, 143].g == 0)
  }

  /// Area of pixel (x, y) inside a rounded rectangle with per-corner circular radii (TL, TR,
  /// BR, BL), by 64 × 64 point samples.
  static func sampledArea(x: Int, y: Int, rect: Rect, radii: [Double]) -> Double {
    let n = 64
    var inside = 0
    for i in 0..<n {
      for j in 0..<n {
        let px = Double(x) + (Double(i) + 0.5) / Double(n)
        let py = Double(y) + (Double(j) + 0.5) / Double(n)
        guard px >= rect.minX, px <= rect.maxX, py >= rect.minY, py <= rect.maxY else { continue }
        let left = px < rect.midX
        let top = py < rect.midY
        let r = top ? (left ? radii[0] : radii[1]) : (left ? radii[3] : radii[2])
        let cx = left ? rect.minX + r : rect.maxX - r
        let cy = top ? rect.minY + r : rect.maxY - r
        let outside = (left ? px < cx : px > cx) && (top ? py < cy : py > cy)
        if !outside || (px - cx) * (px - cx) + (py - cy) * (py - cy) <= r * r { inside += 1 }
      }
    }
    return Double(inside) / Double(n * n)
  }

  @Test func aBordersInnerCornersAreConcentricWithItsOuterOnes() throws {
    // Radii [20, 35, 35, 15] on 50 × 40 overlap: all scale by 40 / 70 to [11.43, 20, 20, 8.57].
    // The inner edge, 5 pt in, has those radii less 5: [6.43, 15, 15, 3.57].
    let layer =
      ##"{"rect": [0, 0, 50, 40], "cornerRadius": [20, 35, 35, 15], "border": {"width": 5, "color": "#FFFFFF"}}"##
    let loaded = try SceneFixture.scene(
      size: (50, 40), background: "#000000", transition: #"{"type": "fade"}"#,
      from: ##"{"layers": [\##(layer)]}"##)
    let frame = SceneFixture.frame(loaded, 0)
    let f = 40.0 / 70
    let outer = [20 * f, 35 * f, 35 * f, 15 * f]
    let inner = outer.map { max(0, $0 - 5) }
    let outerRect = Rect(x: 0, y: 0, width: 50, height: 40)
    let innerRect = Rect(x: 5, y: 5, width: 40, height: 30)
    for y in 0..<40 {
      for x in 0..<50 {
        let ring =
          Self.sampledArea(x: x, y: y, rect: outerRect, radii: outer)
          - Self.sampledArea(x: x, y: y, rect: innerRect, radii: inner)
        #expect(abs(Double(frame[x, y].r) - 255 * ring) <= 4, "pixel (\(x), \(y))")
      }
    }
  }

  /// A completion curve that overshoots: [1/3, 1.25, 2/3, 1.25] has x(s) = s, so its value is
  /// y(s) = 3·1.25·s(1 − s) + s³; at s = 0.8, 0.6 + 0.512 = 1.112.
  static let overshootingCompletion = #""completionCurve": [0.3333333333333333, 1.25, 0.6666666666666666, 1.25]"#

  /// Released at t = 0.1 s at f = 0.5 of a 1 s transition: the completion runs 0.5 s, so frame 5
  /// (t = 0.5 s) is at s = 0.8, c = 1.112.
  static func released(_ release: String) -> String {
    #"{"scrub": [[0, 0], [0.1, 0.5]], "release": "\#(release)", \#(overshootingCompletion)}"#
  }

  @Test func aFinishThatOvershootsCarriesASeedPresetPastItsEnd() throws {
    // p = 0.5 + 0.5 · 1.112 = 1.056: the slide's `to` (white) has its top at 40 · (1 − p) = −2.24
    // and its bottom at 37.76, so row 37 is 0.76 white over black `from`; clamped it would be all white.
    let loaded = try SceneFixture.scene(
      size: (40, 40), transition: #"{"type": "slide", "edge": "bottom", "duration": 1, "curve": "linear"}"#,
      interaction: Self.released("finish"))
    #expect(abs(loaded.timeline.frame(5).progress - 1.056) < 1e-9)
    let frame = SceneFixture.frame(loaded, 5)
    let red = Double(frame[20, 37].r)
    #expect(abs(red - 0.76 * 255) <= 2, "\(frame[20, 37])")
    #expect(frame[20, 38].r == 0)
  }

  @Test func aCancelThatOvershootsCarriesASeedPresetPastItsStart() throws {
    // p = 0.5 · (1 − 1.112) = −0.056: the story underneath scales 1 + (0.5 − 1) · (−0.056) = 1.028
    // about x = 20, so its green strip [0, 10] spans −0.56…9.72 and pixel 9 is 0.72 green over red.
    let loaded = try SceneFixture.scene(
      size: (40, 40),
      transition: #"{"type": "stories", "scale": 0.5, "cornerRadius": 0, "duration": 1, "curve": "linear"}"#,
      interaction: Self.released("cancel"),
      from: ##"{"background": "#FF0000", "layers": [{"rect": [0, 0, 10, 40], "color": "#00FF00"}]}"##)
    #expect(abs(loaded.timeline.frame(5).progress + 0.056) < 1e-9)
    let frame = SceneFixture.frame(loaded, 5)
    let (green, red) = (Double(frame[9, 20].g), Double(frame[9, 20].r))
    #expect(abs(green - 0.72 * 255) <= 2, "\(frame[9, 20])")
    #expect(abs(red - 0.28 * 255) <= 2, "\(frame[9, 20])")
  }

  @Test func aCancelledStoryEndsOnItsSquareScreen() throws {
    // The stories round their corners while they move (frame 0 already has them); a cancel ends
    // on the screen as it was before, corners and all: pixel (0, 0) is `from` again.
    let loaded = try SceneFixture.scene(
      size: (40, 40), background: "#000000", transition: #"{"type": "stories", "cornerRadius": 10}"#,
      interaction: #"{"scrub": [[0, 0], [0.1, 0.3]], "release": "cancel"}"#,
      from: ##"{"background": "#FFFFFF"}"##)
    let last = SceneFixture.frame(loaded, loaded.timeline.frameCount - 1)
    #expect(last[0, 0].r == 255 && last[39, 39].r == 255)
    #expect(SceneFixture.frame(loaded, 0)[0, 0].r == 0)
  }

  /// A flip gives each half of its turn half the transition: with a settling spring and no
  /// `duration`, that half is the preset's, not a field of the scene, and the warning says so.
  /// (Settling at 1.31 s, the figure the independent reference computes for this spring.)
  @Test func aPresetsOwnShareOfASpringIsNotCalledAField() throws {
    let loaded = try SceneFixture.scene(
      transition: #"{"type": "flip", "curve": {"spring": {"response": 0.4, "dampingRatio": 0.35}}}"#)
    #expect(
      loaded.warnings == [
        "fixture.json: the spring settles at 1.31 s; the preset runs it 0.66 s at a time, which cuts it at progress 1.03"
      ])
  }

  /// A cancelled seed preset ends on the exact start state, whatever its screens wear while they
  /// move: a circle dismiss whose end radius leaves the corners out, and a spread dismiss from the
  /// top (which reveals `to` over `from`), both end on the plain `from` (white).
  @Test(arguments: [
    #"{"type": "circle", "operation": "dismiss", "endRadius": 10, "duration": 1, "curve": "linear"}"#,
    #"{"type": "spread", "operation": "dismiss", "edge": "top", "duration": 1, "curve": "linear"}"#,
  ])
  func aCancelledPresetEndsOnItsExactStartState(transition: String) throws {
    let loaded = try SceneFixture.scene(
      background: "#000000", transition: transition,
      interaction: #"{"scrub": [[0, 0], [0.1, 0.5]], "release": "cancel", "completionCurve": "linear"}"#,
      from: ##"{"background": "#FFFFFF"}"##, to: ##"{"background": "#0000FF"}"##)
    let last = SceneFixture.frame(loaded, loaded.timeline.frameCount - 1)
    for (x, y) in [(0, 0), (39, 0), (20, 15), (0, 29), (39, 29), (20, 1)] {
      #expect(last[x, y] == PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255), "(\(x), \(y)): \(last[x, y])")
    }
  }
}
