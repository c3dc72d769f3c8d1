import Foundation
import SegueGeometry
import Testing

@testable import SegueCompose
@testable import SegueRaster
@testable import SegueScene

/// Layers drawn as CALayer draws them: fill, contents (aspect-fill, clipped), border on top,
/// opacity for the layer as a whole.
struct ScreenRasterizerTests {
  let red = RGBA8(r: 255, g: 0, b: 0)
  let blue = RGBA8(r: 0, g: 0, b: 255)

  func render(_ layers: [Layer], size: Size = Size(width: 14, height: 14), images: [String: Pixmap] = [:]) -> Pixmap {
    ScreenRasterizer.render(Screen(background: .black, layers: layers), size: size, scale: 1, images: images)
  }

  @Test func bordersAreDrawnInsideTheBounds() {
    let pixmap = render([
      Layer(rect: Rect(x: 2, y: 2, width: 10, height: 10), color: .white, border: .init(width: 2, color: red))
    ])
    #expect(pixmap[1, 7] == RGBA8.black.premultiplied)  // outside
    #expect(pixmap[2, 7] == red.premultiplied && pixmap[3, 7] == red.premultiplied)  // 2 px border
    #expect(pixmap[4, 7] == RGBA8.white.premultiplied)  // fill
    #expect(pixmap[11, 7] == red.premultiplied && pixmap[12, 7] == RGBA8.black.premultiplied)
  }

  @Test func opacityAppliesToTheLayerAsAWhole() {
    // White fill with a red border at opacity 0.5 over black: the border shows red at half
    // (128, 0, 0), not red over half-white (191, 64, 64) as separate fades would give.
    let pixmap = render([
      Layer(
        rect: Rect(x: 2, y: 2, width: 10, height: 10), color: .white, border: .init(width: 2, color: red), opacity: 0.5)
    ])
    #expect(pixmap[3, 7] == PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 255))
    #expect(pixmap[7, 7] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255))
  }

  @Test func imagesAreAspectFilledAndClippedToTheCorners() {
    // A 4 x 2 image, left half red, right half blue, into a 2 x 2 rect: scaled by
    // max(2/4, 2/2) = 1, its centre 2 x 2 shows, so the left column is red and the right blue.
    var image = Pixmap(width: 4, height: 2, fill: red.premultiplied)!
    for y in 0..<2 { for x in 2..<4 { image[x, y] = blue.premultiplied } }
    let pixmap = render(
      [Layer(rect: Rect(x: 1, y: 1, width: 2, height: 2), image: "i.png")], size: Size(width: 4, height: 4),
      images: ["i.png": image])
    #expect(pixmap[1, 1] == red.premultiplied && pixmap[1, 2] == red.premultiplied)
    #expect(pixmap[2, 1] == blue.premultiplied && pixmap[2, 2] == blue.premultiplied)
    #expect(pixmap[0, 0] == RGBA8.black.premultiplied && pixmap[3, 3] == RGBA8.black.premultiplied)
    // With corner radius 8 on a 16 x 16 rect the corner pixel is cut away, the centre is not.
    let big = Pixmap(width: 8, height: 8, fill: red.premultiplied)!
    let clipped = render(
      [Layer(rect: Rect(x: 0, y: 0, width: 16, height: 16), cornerRadius: CornerRadii(8), image: "b.png")],
      size: Size(width: 16, height: 16), images: ["b.png": big])
    #expect(clipped[0, 0] == RGBA8.black.premultiplied)
    #expect(clipped[8, 8] == red.premultiplied)
  }

  @Test func ellipsesDraw() {
    let pixmap = render([Layer(rect: Rect(x: 0, y: 0, width: 14, height: 14), color: .white, shape: .ellipse)])
    #expect(pixmap[7, 7] == RGBA8.white.premultiplied)
    #expect(pixmap[0, 0] == RGBA8.black.premultiplied)
    #expect(pixmap[0, 7].r > 100)  // the ellipse touches the left edge at mid-height
  }

  @Test func continuousCornersCutLessDeepThanTheirRadiusButReachFarther() {
    // PaintCode's curve for radius 10 leaves the straight edge 1.52866483 · 10 = 15.3 pt from
    // the corner (a circular corner leaves it at 10) and passes the 45° line closer to the
    // corner: at (2, 2) a circular corner of 10 is empty (its arc is 2.93 from the corner
    // along the diagonal), the continuous one still empty; at (12, 0.5) the circular corner is
    // full (past its arc), the continuous one only partly.
    let size = Size(width: 40, height: 40)
    let rect = Rect(x: 0, y: 0, width: 40, height: 40)
    let circular = render([Layer(rect: rect, color: .white, cornerRadius: CornerRadii(10))], size: size)
    let continuous = render(
      [Layer(rect: rect, color: .white, cornerRadius: CornerRadii(10), cornerCurve: .continuous)], size: size)
    #expect(circular[1, 1].r == 0 && continuous[1, 1].r == 0)
    #expect(circular[12, 0].r == 255)
    #expect(continuous[12, 0].r < 255 && continuous[12, 0].r > 0)
    #expect(continuous[20, 0].r == 255 && continuous[20, 20].r == 255)
  }

  @Test func aTransparentScreenShowsNothing() {
    let pixmap = ScreenRasterizer.render(Screen(), size: Size(width: 3, height: 2), scale: 2, images: [:])
    #expect(pixmap.width == 6 && pixmap.height == 4)
    #expect(pixmap.pixels.allSatisfy { $0 == 0 })
  }
}
