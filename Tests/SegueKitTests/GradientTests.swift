import Foundation
import SegueGeometry
import Testing

@testable import SegueCompose
@testable import SegueRaster
@testable import SegueScene

/// Gradient fills as CAGradientLayer defines them (docs/scene-format.md): the colour at each pixel
/// centre from the gradient's geometry in the layer's unit square stretched over its bounds,
/// dithered to 8 bits.
struct GradientTests {
  func render(_ layers: [Layer], size: Size, background: RGBA8 = .black) -> Pixmap {
    ScreenRasterizer.render(Screen(background: background, layers: layers), size: size, scale: 1, images: [:])
  }

  /// The value a channel should average to: 255 · t, t the ideal parameter.
  func level(_ pixmap: Pixmap, _ x: Int, _ y: Int) -> Int { Int(pixmap[x, y].r) }

  @Test func theDitherMatrixIsBayersRecursiveMatrix() {
    // Built here by its definition: M1 = [0], M2n(x, y) = 4·Mn(x mod n, y mod n) + M2(x div n, y div n)
    // with M2 = [0, 2; 3, 1]; the renderer builds it by interleaving bits.
    let m2 = [[0, 2], [3, 1]]
    var matrix = [[0]]
    while matrix.count < 8 {
      let n = matrix.count
      matrix = (0..<(2 * n)).map { y in
        (0..<(2 * n)).map { x in 4 * matrix[y % n][x % n] + m2[y / n][x / n] }
      }
    }
    #expect(Pixmap.bayer8.map(Int.init) == matrix.flatMap { $0 })
    #expect(Set(Pixmap.bayer8) == Set(0..<64))
  }

  @Test func anAxialGradientFollowsItsAxisInPoints() {
    // Black to white across a 100 x 8 layer: pixel x has t = (x + 0.5) / 100, so its level is
    // within one of 255 · t (the dither moves it by less than one level).
    let layer = Layer(
      rect: Rect(x: 0, y: 0, width: 100, height: 8),
      gradient: Gradient(colors: [.black, .white], startPoint: Point(x: 0, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
    let pixmap = render([layer], size: Size(width: 100, height: 8))
    for x in [0, 10, 37, 50, 80, 99] {
      for y in 0..<8 {
        let ideal = 255 * (Double(x) + 0.5) / 100
        #expect(abs(Double(level(pixmap, x, y)) - ideal) < 1, "x \(x) y \(y)")
        #expect(pixmap[x, y].r == pixmap[x, y].g && pixmap[x, y].g == pixmap[x, y].b && pixmap[x, y].a == 255)
      }
    }
  }

  /// A `[0, 0]` → `[1, 1]` black-to-white gradient on a 120 x 40 layer, as Core Animation lays
  /// it out: in the unit square, then stretched. Pixel (x, y) is the square's point
  /// u = (x + ½) ÷ 120, v = (y + ½) ÷ 40, where t = (u + v) ÷ 2: its middle colour runs along the
  /// diagonal from the bottom-left corner to the top-right, not perpendicular to it on the screen.
  @Test func anAxialGradientIsLaidOutInTheUnitSquare() {
    let layer = Layer(
      rect: Rect(x: 0, y: 0, width: 120, height: 40),
      gradient: Gradient(colors: [.black, .white], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1)))
    let pixmap = render([layer], size: Size(width: 120, height: 40))
    for (x, y) in [(118, 1), (1, 38), (60, 20), (30, 5), (100, 35), (5, 30)] {
      let t = ((Double(x) + 0.5) / 120 + (Double(y) + 0.5) / 40) / 2
      #expect(abs(Double(level(pixmap, x, y)) - 255 * t) < 1, "(\(x), \(y)): \(level(pixmap, x, y)), 255·t \(255 * t)")
    }
    // The top-right and bottom-left corner pixels are both mid grey, 128.6 and 126.4 (in points
    // they would be 228 and 27).
    #expect(abs(level(pixmap, 119, 0) - 128) <= 1 && abs(level(pixmap, 0, 39) - 126) <= 1)
  }

  /// A conic gradient's angles are the unit square's: about (0.5, 0.5) of a 120 x 40 layer, from
  /// the direction toward (1, 0.5), the square's point (0.75, 0.25) is 45° before a full turn.
  @Test func aConicGradientTurnsInTheUnitSquare() {
    let layer = Layer(
      rect: Rect(x: 0, y: 0, width: 120, height: 40),
      gradient: Gradient(
        kind: .conic, colors: [.black, .white], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
    let pixmap = render([layer], size: Size(width: 120, height: 40))
    for (x, y) in [(89, 9), (29, 29), (100, 20), (60, 5)] {
      let (u, v) = ((Double(x) + 0.5) / 120 - 0.5, (Double(y) + 0.5) / 40 - 0.5)
      var turns = atan2(v, u) / (2 * Double.pi)
      turns -= turns.rounded(.down)
      #expect(abs(Double(level(pixmap, x, y)) - 255 * turns) < 1, "(\(x), \(y)): \(level(pixmap, x, y))")
    }
    // (89, 9) is the square's (0.746, 0.2375): about 7/8 of a turn, 223; in points it would be 242.
    #expect(abs(level(pixmap, 89, 9) - 223) <= 2)
  }

  @Test func aGentleRampShowsNoBands() {
    // #000000 to #101010 over 512 points: undithered, 17 flat bands 30 pixels wide. Dithered, every
    // 8 x 8 block averages to the ideal level of its centre within 0.1.
    let layer = Layer(
      rect: Rect(x: 0, y: 0, width: 512, height: 8),
      gradient: Gradient(
        colors: [.black, RGBA8(r: 16, g: 16, b: 16)], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0)))
    let pixmap = render([layer], size: Size(width: 512, height: 8))
    for block in 0..<64 {
      var sum = 0
      for y in 0..<8 { for x in (block * 8)..<(block * 8 + 8) { sum += level(pixmap, x, y) } }
      let ideal = 16 * Double(block * 8 + 4) / 512
      #expect(abs(Double(sum) / 64 - ideal) < 0.1, "block \(block): \(Double(sum) / 64) against \(ideal)")
    }
  }

  @Test func locationsPlaceTheColours() {
    // Red at 0.2, blue at 0.6, on a 100-point axis: red until x = 20, blue from 60, the mix between.
    let red = RGBA8(r: 255, g: 0, b: 0)
    let blue = RGBA8(r: 0, g: 0, b: 255)
    let layer = Layer(
      rect: Rect(x: 0, y: 0, width: 100, height: 4),
      gradient: Gradient(
        colors: [red, blue], locations: [0.2, 0.6], startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 0)))
    let pixmap = render([layer], size: Size(width: 100, height: 4))
    #expect(pixmap[5, 1] == red.premultiplied && pixmap[19, 1] == red.premultiplied)
    #expect(pixmap[61, 1] == blue.premultiplied && pixmap[99, 1] == blue.premultiplied)
    // x = 40: t = 0.405, f = (0.405 − 0.2) / 0.4 = 0.5125: red 124.3, blue 130.7, each ±1.
    let (red40, blue40) = (Double(pixmap[40, 1].r), Double(pixmap[40, 1].b))
    #expect(abs(red40 - 255 * 0.4875) < 1)
    #expect(abs(blue40 - 255 * 0.5125) < 1)
  }

  @Test func aRadialGradientIsAnEllipseAboutTheStart() {
    // Centre (0.5, 0.5) and edge (1, 1) on a 40 x 20 layer: radii 20 and 10 points.
    let layer = Layer(
      rect: Rect(x: 0, y: 0, width: 40, height: 20),
      gradient: Gradient(
        kind: .radial, colors: [.white, .black], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 1)))
    let pixmap = render([layer], size: Size(width: 40, height: 20), background: RGBA8(r: 0, g: 255, b: 0))
    // Pixel (29, 9): centre (29.5, 9.5), u = 9.5 / 20, v = −0.5 / 10: t = 0.4776.
    let t = ((9.5 / 20) * (9.5 / 20) + (0.5 / 10) * (0.5 / 10)).squareRoot()
    #expect(abs(Double(level(pixmap, 29, 9)) - 255 * (1 - t)) < 1)
    // The same t along the short axis: pixel (19, 14), u = −0.5 / 20, v = 4.5 / 10.
    let t2 = ((0.5 / 20) * (0.5 / 20) + (4.5 / 10) * (4.5 / 10)).squareRoot()
    #expect(abs(Double(level(pixmap, 19, 14)) - 255 * (1 - t2)) < 1)
    // Past the ellipse (a corner) the last colour, black, fills the rest of the layer.
    #expect(pixmap[0, 0] == RGBA8.black.premultiplied && pixmap[39, 19] == RGBA8.black.premultiplied)
  }

  @Test func aConicGradientTurnsClockwiseFromTheEndPoint() {
    // About the centre of a 40 x 40 layer, from the direction of (1, 0.5): straight right.
    let layer = Layer(
      rect: Rect(x: 0, y: 0, width: 40, height: 40),
      gradient: Gradient(
        kind: .conic, colors: [.black, .white], startPoint: Point(x: 0.5, y: 0.5), endPoint: Point(x: 1, y: 0.5)))
    let pixmap = render([layer], size: Size(width: 40, height: 40))
    func expected(_ x: Int, _ y: Int) -> Double {
      var turns = atan2(Double(y) + 0.5 - 20, Double(x) + 0.5 - 20) / (2 * Double.pi)
      if turns < 0 { turns += 1 }
      return 255 * turns
    }
    // Straight down is a quarter turn clockwise on screen (y grows downward): about 64.
    #expect(abs(Double(level(pixmap, 20, 35)) - expected(20, 35)) < 1)
    #expect(abs(expected(20, 35) - 63.75) < 2)
    // Straight left is half a turn, straight up three quarters.
    #expect(abs(Double(level(pixmap, 5, 20)) - expected(5, 20)) < 1)
    #expect(abs(Double(level(pixmap, 20, 5)) - expected(20, 5)) < 1)
    #expect(abs(expected(20, 5) - 191.25) < 2)
  }

  @Test func aGradientIsClippedToTheShapeAndDrawnUnderTheBorder() {
    let red = RGBA8(r: 255, g: 0, b: 0)
    let layer = Layer(
      rect: Rect(x: 0, y: 0, width: 20, height: 20), shape: .ellipse, border: .init(width: 2, color: red),
      gradient: Gradient(colors: [.white, .white]))
    let pixmap = render([layer], size: Size(width: 20, height: 20), background: RGBA8(r: 0, g: 0, b: 255))
    #expect(pixmap[0, 0] == RGBA8(r: 0, g: 0, b: 255).premultiplied)  // outside the ellipse
    #expect(pixmap[10, 1] == red.premultiplied)  // the border on top (rows 0 to 2 at the top)
    #expect(pixmap[10, 10] == RGBA8.white.premultiplied)  // the gradient inside
  }

  @Test func theColourUnderAnOpaqueGradientNeverShowsAtItsEdge() {
    // An orange layer at half-pixel edges under an opaque blue gradient, on blue: the edge pixel
    // (half covered) is blue, as Core Animation draws the layer as one picture (the CSS check
    // found an orange fringe of up to 45 levels).
    let blue = RGBA8(r: 0x43, g: 0x63, b: 0xD8, a: 255)
    let layer = Layer(
      rect: Rect(x: 10.5, y: 10.5, width: 20, height: 20), color: RGBA8(r: 0xF5, g: 0x82, b: 0x31, a: 255),
      gradient: Gradient(colors: [blue, blue]))
    let pixmap = render([layer], size: Size(width: 40, height: 40), background: blue)
    for (x, y) in [(10, 20), (30, 20), (20, 10), (20, 30), (20, 20)] {
      #expect(pixmap[x, y] == blue.premultiplied, "(\(x), \(y))")
    }
  }

  @Test func coloursMixPremultipliedSoAClearStopDoesNotDarken() {
    // Red to clear: halfway the pixel is red at half alpha, (128, 0, 0, 128) premultiplied,
    // never a darker red; over white it reads (255, 127, 127).
    let layer = Layer(
      rect: Rect(x: 0, y: 0, width: 2, height: 1),
      gradient: Gradient(
        colors: [RGBA8(r: 255, g: 0, b: 0), RGBA8(r: 0, g: 0, b: 0, a: 0)], locations: [0, 1],
        startPoint: Point(x: -0.5, y: 0), endPoint: Point(x: 1.5, y: 0)))
    // Pixel 0's centre is at 0.5 points: t = (0.5 + 1) / 4 = 0.375; pixel 1's t = 0.625.
    let pixmap = render([layer], size: Size(width: 2, height: 1), background: .white)
    let (green0, green1) = (Double(pixmap[0, 0].g), Double(pixmap[1, 0].g))
    #expect(abs(green0 - 255 * 0.375) < 1.5)
    #expect(pixmap[0, 0].r == 255 && pixmap[1, 0].r == 255)
    #expect(abs(green1 - 255 * 0.625) < 1.5)
  }

  @Test func theDecoderReadsCAGradientLayersNamesAndRefusesTooFewColours() throws {
    func decode(_ gradient: String) throws(SceneErrors) -> Gradient? {
      let text =
        #"{"size": [10, 10], "from": {"layers": [{"rect": [0, 0, 10, 10], "gradient": \#(gradient)}]}, "to": {}, "#
        + #""transition": {"type": "fade"}}"#
      return try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s").from.layers[0].gradient
    }
    let full = try decode(
      ##"{"type": "radial", "colors": ["#FFF", "#000000"], "locations": [0.1, 0.9], "startPoint": [0.5, 0.5], "endPoint": [1, 1]}"##
    )
    #expect(
      full
        == Gradient(
          kind: .radial, colors: [.white, .black], locations: [0.1, 0.9], startPoint: Point(x: 0.5, y: 0.5),
          endPoint: Point(x: 1, y: 1)))
    #expect(try decode(##"{"colors": ["#FFF", "#000"]}"##) == Gradient(colors: [.white, .black]))
    func message(_ gradient: String) -> String {
      do {
        _ = try decode(gradient)
        return "no error"
      } catch {
        return error.errors.map(\.description).joined(separator: "\n")
      }
    }
    #expect(
      message(##"{"colors": ["#FFF"]}"##)
        == "s.json: at 'from.layers.0.gradient.colors': expected at least two colours, got 1 (one colour is a layer's 'color')"
    )
    #expect(
      message(##"{"colors": ["#FFF", "#000"], "locations": [0.8, 0.2]}"##)
        == "s.json: at 'from.layers.0.gradient.locations': expected 2 locations from 0 to 1 in increasing order, one for each colour, got [0.8, 0.2]"
    )
    #expect(message(##"{"colors": ["#FFF", "#000"], "type": "linear"}"##).contains("'axial'"))
  }
}
