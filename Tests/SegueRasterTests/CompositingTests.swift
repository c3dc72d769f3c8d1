import Foundation
import SegueGeometry
import Testing

@testable import SegueRaster

struct CompositingTests {
  @Test func opacityHalvesASolidFill() {
    var pixmap = Pixmap(width: 2, height: 2, fill: RGBA8.black.premultiplied)!
    pixmap.fill(RGBA8.white.premultiplied, clips: [.rect(Rect(x: 0, y: 0, width: 2, height: 2))], opacity: 0.5)
    #expect(pixmap[1, 1] == PremultipliedRGBA8(r: 128, g: 128, b: 128, a: 255))
  }

  @Test func identityDrawCopiesPixels() {
    var source = Pixmap(width: 3, height: 2)!
    source[0, 0] = RGBA8(r: 10, g: 20, b: 30).premultiplied
    source[2, 1] = RGBA8(r: 200, g: 100, b: 0).premultiplied
    source[1, 0] = PremultipliedRGBA8(r: 50, g: 0, b: 0, a: 100)
    var target = Pixmap(width: 5, height: 4, fill: RGBA8(r: 0, g: 0, b: 255).premultiplied)!
    target.draw(source, into: Rect(x: 1, y: 1, width: 3, height: 2))
    #expect(target[1, 1] == RGBA8(r: 10, g: 20, b: 30).premultiplied)
    #expect(target[3, 2] == RGBA8(r: 200, g: 100, b: 0).premultiplied)
    // Translucent source pixel: S + D·(1 − 100/255) = (50, 0, round(255·155/255)) = (50, 0, 155).
    #expect(target[2, 1] == PremultipliedRGBA8(r: 50, g: 0, b: 155, a: 255))
    #expect(target[0, 0] == RGBA8(r: 0, g: 0, b: 255).premultiplied)
    // A transparent source pixel leaves the destination.
    #expect(target[2, 2] == RGBA8(r: 0, g: 0, b: 255).premultiplied)
  }

  @Test func stretchedDrawFiltersBilinearly() {
    // Source columns 0 (black) and 1 (white) stretched to 4 pixels: destination centres map
    // to source x = −0.25, 0.25, 0.75, 1.25, i.e. 0, 1/4, 3/4 and 1 of the way to white.
    var source = Pixmap(width: 2, height: 1, fill: RGBA8.black.premultiplied)!
    source[1, 0] = RGBA8.white.premultiplied
    var target = Pixmap(width: 4, height: 1)!
    target.draw(source, into: Rect(x: 0, y: 0, width: 4, height: 1))
    #expect((0..<4).map { target[$0, 0].r } == [0, 64, 191, 255])
  }

  @Test func stretchedDrawMixesRowsThenColumns() {
    // A 2 × 2 source (red, green / blue, white) stretched to 4 × 4: destination centre (1, 1)
    // maps to source (0.25, 0.25), a quarter of the way across and down. Rows first, in 256ths:
    // down = round((255·192 + 0·64 + 128) / 256) per channel of each column, then across.
    var source = Pixmap(width: 2, height: 2)!
    source[0, 0] = RGBA8(r: 255, g: 0, b: 0).premultiplied
    source[1, 0] = RGBA8(r: 0, g: 255, b: 0).premultiplied
    source[0, 1] = RGBA8(r: 0, g: 0, b: 255).premultiplied
    source[1, 1] = RGBA8(r: 255, g: 255, b: 255).premultiplied
    var target = Pixmap(width: 4, height: 4)!
    target.draw(source, into: Rect(x: 0, y: 0, width: 4, height: 4))
    // Left column down: (255, 0, 0)·¾ + (0, 0, 255)·¼ = (191, 0, 64); right: (0, 255, 0)·¾ +
    // (255, 255, 255)·¼ = (64, 255, 64). Across a quarter: r = (191·192 + 64·64 + 128) >> 8 = 159,
    // g = (0·192 + 255·64 + 128) >> 8 = 64, b = 64.
    #expect(target[1, 1] == PremultipliedRGBA8(r: 159, g: 64, b: 64, a: 255))
    // Mirrored across (a negative width): the right column lands on the left.
    var mirrored = Pixmap(width: 4, height: 4)!
    mirrored.draw(source, into: Rect(x: 4, y: 0, width: -4, height: 4))
    #expect(mirrored[2, 1] == PremultipliedRGBA8(r: 159, g: 64, b: 64, a: 255))
    #expect(mirrored[0, 0] == RGBA8(r: 0, g: 255, b: 0).premultiplied)
  }

  @Test func scaledDrawAntialiasesFractionalEdges() {
    let source = Pixmap(width: 4, height: 4, fill: RGBA8.white.premultiplied)!
    var target = Pixmap(width: 4, height: 4, fill: RGBA8.black.premultiplied)!
    target.draw(source, into: Rect(x: 0.5, y: 0, width: 2, height: 4))
    // Column 0 half covered, 1 fully, 2 half (edge at 2.5), 3 not.
    #expect((0..<4).map { target[$0, 2].r } == [128, 255, 128, 0])
  }

  @Test func circleClipLimitsADraw() {
    let source = Pixmap(width: 20, height: 20, fill: RGBA8.white.premultiplied)!
    var target = Pixmap(width: 20, height: 20, fill: RGBA8.black.premultiplied)!
    target.draw(
      source, into: Rect(x: 0, y: 0, width: 20, height: 20), clips: [.circle(center: Point(x: 10, y: 10), radius: 5)])
    #expect(target[10, 10].r == 255)
    #expect(target[2, 2].r == 0)
    // Pixel (14, 9)-(15, 10) straddles the edge at x = 15: partly covered.
    #expect(target[14, 9].r > 100 && target[14, 9].r < 255)
  }

  @Test func straightRGBAUnpremultiplies() {
    var pixmap = Pixmap(width: 1, height: 1)!
    pixmap[0, 0] = PremultipliedRGBA8(r: 64, g: 32, b: 0, a: 128)
    #expect(pixmap.straightRGBA() == [128, 64, 0, 128])
    #expect(!pixmap.isOpaque)
    #expect(Pixmap(width: 2, height: 2, fill: RGBA8.white.premultiplied)!.isOpaque)
  }

  @Test func impossibleSizesGiveNil() {
    #expect(Pixmap(width: 0, height: 5) == nil)
    #expect(Pixmap(width: -1, height: 5) == nil)
    #expect(Pixmap(width: 100_000, height: 2) == nil)
  }
}
