import SegueGeometry
import Testing

@testable import SegueRaster

/// Geometry at any finite distance off the canvas (found by fuzzing: a screen of 1e-300 points
/// stretched its layers by 1e300) is only off the canvas: nothing drawn there, no trap turning
/// a coordinate past Int's range into an index.
struct FarOffCanvasTests {
  static let far = [1e19, -1e19, 1e300, -1e300, 9.3e18]

  func blank() -> Pixmap { Pixmap(width: 8, height: 6, fill: RGBA8.black.premultiplied)! }

  @Test func pixelIndicesHoldFarCoordinates() {
    #expect(pixelIndex(1e300, .up) == pixelIndexLimit)
    #expect(pixelIndex(-1e300, .down) == -pixelIndexLimit)
    #expect(pixelIndex(-.infinity, .down) == -pixelIndexLimit)
    #expect(pixelIndex(.nan, .down) == 0)
    #expect(pixelIndex(2.5, .down) == 2 && pixelIndex(2.5, .up) == 3)
  }

  @Test(arguments: far)
  func farShapesCoverNothing(offset: Double) {
    let shapes: [Clip] = [
      .rect(Rect(x: offset, y: 1, width: 3, height: 3)), .rect(Rect(x: 1, y: offset, width: 3, height: 3)),
      .circle(center: Point(x: offset, y: offset), radius: 2),
      .roundedRect(Rect(x: offset, y: 0, width: 4, height: 4), radius: 1),
      .mask(CoverageMask.rasterize(.rect(Rect(x: offset, y: 0, width: 2, height: 2)), canvasWidth: 8, canvasHeight: 6)),
      .mask(CoverageMask.rasterize(.rect(Rect(x: 0, y: offset, width: 2, height: 2)), canvasWidth: 8, canvasHeight: 6)),
    ]
    for shape in shapes {
      var pixmap = blank()
      pixmap.fill(RGBA8.white.premultiplied, clips: [shape])
      #expect(pixmap == blank(), "\(shape)")
    }
  }

  @Test(arguments: far)
  func shapesReachingFarCoverTheCanvas(offset: Double) {
    // From the canvas to far past it (either way): every pixel is covered.
    let rect = Rect(x: min(-1, offset), y: -1, width: 2 * abs(offset), height: 8)
    var filled = blank()
    filled.fill(RGBA8.white.premultiplied, clips: [.rect(rect)])
    var expected = blank()
    expected.fill(RGBA8.white.premultiplied, clips: [.rect(Rect(x: 0, y: 0, width: 8, height: 6))])
    #expect(filled == expected)
    let mask = CoverageMask.rasterize(.rect(rect), canvasWidth: 8, canvasHeight: 6)
    #expect(mask.width == 8 && mask.height == 6 && mask.values.allSatisfy { $0 == 255 })
  }

  @Test(arguments: far)
  func picturesDrawnFarAwayDrawNothing(offset: Double) {
    let source = Pixmap(width: 2, height: 2, fill: RGBA8.white.premultiplied)!
    var pixmap = blank()
    // A 1:1 copy at a whole-pixel offset, and a stretched one.
    pixmap.draw(source, into: Rect(x: offset, y: 0, width: 2, height: 2))
    pixmap.draw(source, into: Rect(x: 0, y: offset, width: 2, height: 2))
    pixmap.draw(source, into: Rect(x: offset, y: offset, width: 3.5, height: 3.5))
    pixmap.draw(
      source, sourceRect: Rect(x: offset, y: 0, width: 1, height: 1), into: Rect(x: 0, y: 0, width: 2, height: 2))
    #expect(pixmap == blank())
  }
}
