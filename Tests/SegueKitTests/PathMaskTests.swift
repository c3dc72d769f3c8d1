import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene
import Testing

/// Masks as layers: SVG path data read into CGPath's segments, filled by the non-zero rule,
/// and a mask layer (`to.mask`) with a frame, anchor, transform and opacity of its own.
struct PathMaskTests {
  func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  @Test func linesHorizontalsVerticalsAndRelativeRepeats() throws {
    let square = try SVGPath(parsing: "M10 10 h 80 v 80 h -80 Z")
    #expect(square.segments == [.move(p(10, 10)), .line(p(90, 10)), .line(p(90, 90)), .line(p(10, 90)), .close])
    // After a relative move, further pairs are relative lines; "1.5.5" is 1.5 and .5; "-1-2" two numbers.
    let repeats = try SVGPath(parsing: "m10,10 20,0 0,20z M1.5.5L-1-2 1e1 0")
    #expect(
      repeats.segments == [
        .move(p(10, 10)), .line(p(30, 10)), .line(p(30, 30)), .close, .move(p(1.5, 0.5)), .line(p(-1, -2)),
        .line(p(10, 0)),
      ])
    // A drawing command after a close starts where the closed subpath began.
    let reopened = try SVGPath(parsing: "M5 5 L9 5 L9 9 Z l2 0 0 2 z")
    #expect(reopened.segments[4...] == [.move(p(5, 5)), .line(p(7, 5)), .line(p(7, 7)), .close])
    #expect(reopened.commands == "MLLZMLLZ")
  }

  /// S and T reflect the previous control point about the pen (SVG 1.1, 8.3.6 and 8.3.7).
  @Test func smoothCurvesReflectTheLastControlPoint() throws {
    let smooth = try SVGPath(parsing: "M0 0 C10 0 20 10 20 20 S30 40 40 40")
    #expect(smooth.segments[2] == .cubic(control1: p(20, 30), control2: p(30, 40), to: p(40, 40)))
    let quads = try SVGPath(parsing: "M0 0 Q10 0 10 10 T10 30")
    #expect(quads.segments[2] == .quad(control: p(10, 20), to: p(10, 30)))
    // After a line there is nothing to reflect: the control point is the pen.
    let afterLine = try SVGPath(parsing: "M0 0 L10 0 T20 10")
    #expect(afterLine.segments[2] == .quad(control: p(10, 0), to: p(20, 10)))
  }

  /// A half circle of radius 10 about (10, 0) from (0, 0) to (20, 0), sweeping the positive way
  /// (up the screen, through (10, −10)): four cubics of 45°, each from the circle's point at
  /// angle a to the one at b = a + 45° (θ from π to 2π), its control points k·r along the
  /// tangents (−sin θ, cos θ), k = 4/3·tan(45°/4). Such cubics stay within 4.2e-6 of the radius
  /// of the circle; one cubic a quarter turn strays by 2.7e-4.
  @Test func anArcIsCubicsOfAtMostAnEighthTurn() throws {
    let r = 10.0
    let k = 4.0 / 3.0 * tan(Double.pi / 16) * r
    func on(_ t: Double) -> Point { p(10 + r * cos(t), r * sin(t)) }
    var want: [SVGPath.Segment] = [.move(p(0, 0))]
    for index in 0..<4 {
      let a = Double.pi + Double(index) * Double.pi / 4
      let b = a + Double.pi / 4
      want.append(
        .cubic(
          control1: p(on(a).x - k * sin(a), on(a).y + k * cos(a)),
          control2: p(on(b).x + k * sin(b), on(b).y - k * cos(b)), to: on(b)))
    }
    let arc = try SVGPath(parsing: "M0 0 A10 10 0 0 1 20 0")
    #expect(arc.segments.count == 5)
    for (got, expected) in zip(arc.segments, want) {
      for (a, b) in zip(got.points, expected.points) {
        #expect(abs(a.x - b.x) < 1e-9 && abs(a.y - b.y) < 1e-9, "\(got) against \(expected)")
      }
    }
    // Every point of every cubic within 5e-6 of the radius from the centre.
    var start = p(0, 0)
    var worst = 0.0
    for case .cubic(let c1, let c2, let end) in arc.segments {
      for step in 1..<20 {
        let t = Double(step) / 20
        let u = 1 - t
        let x = u * u * u * start.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * end.x
        let y = u * u * u * start.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * end.y
        worst = max(worst, abs(hypot(x - 10, y) - r) / r)
      }
      start = end
    }
    #expect(worst < 5e-6 && worst > 1e-7, "\(worst)")
    // Radii too small to reach are scaled up until they do: the same half circle.
    #expect(try SVGPath(parsing: "M0 0 A1 1 0 0 1 20 0").commands == "MCCCC")
    // The other sweep goes down through (10, 10).
    let down = try SVGPath(parsing: "M0 0 a10 10 0 0 0 20 0")
    #expect(abs(down.segments[2].points[2].y - 10) < 1e-9)
    // A zero radius is a line; an arc to where the pen is, nothing.
    #expect(try SVGPath(parsing: "M0 0 A0 5 0 0 1 20 0").segments == [.move(p(0, 0)), .line(p(20, 0))])
    #expect(try SVGPath(parsing: "M3 3 A5 5 0 0 1 3 3").segments == [.move(p(3, 3))])
  }

  @Test func pathsInterpolatePointByPointWhenTheirCommandsMatch() throws {
    let small = try SVGPath(parsing: "M0 0 H10 V10 H0 Z")
    let large = try SVGPath(parsing: "M0 0 h30 v30 h-30 z")
    #expect(SVGPath.lerp(small, large, 0.5) == (try SVGPath(parsing: "M0 0 H20 V20 H0 Z")))
    #expect(SVGPath.lerp(small, try SVGPath(parsing: "M0 0 H10 Q10 10 0 10 Z"), 0.5) == nil)
  }

  /// A 10 × 10 layer `from.a` at (10, 10) in a 40 × 30 black screen, red, with `mask` and the
  /// mask layer's own animation `maskAnimation` (none when nil), a second long, linear.
  func scene(mask: String, to: String? = nil, maskAnimation: String? = nil) throws -> LoadedScene {
    var animations = [
      #"{"target": "from.a", "from": {"mask": {"path": "\#(mask)"}}, "to": {"mask": {"path": "\#(to ?? mask)"}}}"#
    ]
    if let maskAnimation { animations.append(#"{"target": "from.a.mask", \#(maskAnimation)}"#) }
    return try SceneFixture.scene(
      size: (40, 30), fps: 10,
      transition: """
        {"type": "custom", "operation": "push", "duration": 1, "curve": "linear", "stack": ["from"],
         "animations": [\(animations.joined(separator: ", "))], "end": {"from": {}}}
        """,
      from: """
        {"background": "#000000", "layers": [{"id": "a", "rect": [10, 10, 20, 20], "color": "#FF0000"}]}
        """)
  }

  static let red = PremultipliedRGBA8(r: 255, g: 0, b: 0, a: 255)
  static let black = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255)

  /// A five-pointed star drawn in one stroke crosses itself: its pentagon has winding 2, which
  /// the non-zero rule fills (even-odd would leave a hole). An inner square wound the other way
  /// is a hole; wound the same way, it is filled once, not twice.
  @Test func theNonZeroRuleFillsAStarsPentagonAndCutsReversedHoles() throws {
    let star = SceneFixture.frame(try scene(mask: "M10 0 L15.9 18 L0.5 7 L19.5 7 L4.1 18 Z"), 5)
    // The star's centre (10, 10.5) in the layer is (20, 20.5) on screen; a tip's gap is black.
    #expect(star[20, 20] == Self.red)
    #expect(star[11, 26] == Self.black)
    let holed = SceneFixture.frame(try scene(mask: "M0 0 H20 V20 H0 Z M5 5 V15 H15 V5 Z"), 5)
    #expect(holed[20, 20] == Self.black)
    #expect(holed[12, 12] == Self.red)
    let twice = SceneFixture.frame(try scene(mask: "M0 0 H20 V20 H0 Z M5 5 H15 V15 H5 Z"), 5)
    #expect(twice[20, 20] == Self.red)
    // Half a pixel covered is half red: the edge x = 10.5 in the layer cuts pixel 20 in two.
    let edge = SceneFixture.frame(try scene(mask: "M0 0 H10.5 V20 H0 Z"), 5)
    #expect(edge[20, 15] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255))
  }

  /// From a 10-point square to a 30-point one, halfway (t = 0.5) the mask is the 20-point square.
  @Test func aPathAnimatesBetweenPathsOfTheSameCommands() throws {
    let loaded = try scene(mask: "M0 0 H10 V10 H0 Z", to: "M0 0 h30 v30 h-30 z")
    let half = SceneFixture.frame(loaded, 5)
    #expect(half[28, 28] == Self.red)
    #expect(half[29, 15] == Self.red)
    // Past 20 points the layer (20 × 20) ends anyway; at 14 points in, inside both.
    let early = SceneFixture.frame(loaded, 1)  // t = 0.1: a 12-point square
    #expect(early[23, 23] == Self.black)
    #expect(early[21, 21] == Self.red)
    let errors = FuzzRegressionTests.decodeErrors(
      #"{"size": [40, 30], "from": {}, "to": {}, "transition": {"type": "custom", "operation": "push", "animations": [{"target": "to", "from": {"mask": {"path": "M0 0 H10 V10 Z"}}, "to": {"mask": {"path": "M0 0 Q5 5 10 10 Z"}}}]}}"#
    )
    #expect(
      errors == [
        "s.json: at 'transition.animations.0.to.mask.path': a path animates between paths of the same commands: this "
          + "one goes from MLLZ to MQZ (arcs count as the curves they make)"
      ], "\(errors)")
  }

  /// The mask layer's frame is [0, 0, 10, 10] (the 10-point square), anchored at its centre
  /// (5, 5); scaled 2 by t = 1 it covers −5…15 of the layer: (12, 12) of the layer, (22, 22)
  /// on screen, shows at the end and not at the start. Its opacity fades what shows.
  @Test func aMaskLayerMovesAndFadesOnItsOwn() throws {
    let grown = try scene(
      mask: "M0 0 H10 V10 H0 Z",
      maskAnimation: #""from": {"frame": [0, 0, 10, 10]}, "to": {"scale": 2, "opacity": 0.5}"#)
    let layers = SceneFixture.layers(grown, at: .time(1))
    let lifted = try #require(layers.first?.sublayers.first)
    #expect(lifted.maskTransform.apply(10, 10).x == 15)
    #expect(lifted.maskOpacity == 0.5)
    #expect(SceneFixture.frame(grown, 0)[22, 22] == Self.black)
    // t = 1: inside, half the mask's alpha: half red over black.
    #expect(SceneFixture.frame(grown, 10)[22, 22] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255))
    // Steps about the anchor, as Kodeco's logo reveal: scale 3 after a move of −2 points up, so
    // the point (5, 7) of the mask lands on its anchor (5, 5) and the mask covers −10…20.
    let steps = try scene(
      mask: "M0 0 H10 V10 H0 Z",
      maskAnimation: #""from": {"frame": [0, 0, 10, 10]}, "to": {"transform": [{"scale": 3}, {"translate": [0, -2]}]}"#)
    let end = try #require(SceneFixture.layers(steps, at: .time(1)).first?.sublayers.first)
    let landed = end.maskTransform.apply(5, 7)
    #expect(abs(landed.x - 5) < 1e-9 && abs(landed.y - 5) < 1e-9)
    #expect(SceneFixture.frame(steps, 10)[29, 11] == Self.red)
  }

  @Test func aMaskLayerNeedsAMaskAndTakesOnlyItsOwnProperties() throws {
    func errors(_ animations: String) -> [String] {
      FuzzRegressionTests.decodeErrors(
        #"{"size": [40, 30], "from": {}, "to": {}, "transition": {"type": "custom", "operation": "push", "animations": [\#(animations)]}}"#
      )
    }
    #expect(
      errors(#"{"target": "to.mask", "to": {"scale": 2}}"#) == [
        "s.json: at 'transition.animations.0.target': 'to.mask' moves the mask of 'to', which has none: give 'to' a "
          + "mask (\"mask\": {\"path\": \"…\"}) in an animation"
      ])
    #expect(
      errors(#"{"target": "to.mask.mask", "to": {"scale": 2}}"#) == [
        "s.json: at 'transition.animations.0.target': 'to.mask' is a mask, which has no mask of its own"
      ])
    let radius = errors(
      #"{"target": "to", "to": {"mask": {"path": "M0 0 H1 V1 Z"}}}, {"target": "to.mask", "to": {"cornerRadius": 2}}"#)
    #expect(
      radius == [
        "s.json: at 'transition.animations.1.to.cornerRadius': a mask layer animates its frame, anchor, transform and "
          + "opacity; its shape is the 'mask' of 'to'"
      ], "\(radius)")
    #expect(
      errors(#"{"target": "to", "to": {"mask": {"path": "M0 0 H1", "circle": [0, 0, 1]}}}"#) == [
        "s.json: at 'transition.animations.0.to.mask.circle': a path mask is {\"path\": \"<SVG path data>\"} alone"
      ])
  }
}
