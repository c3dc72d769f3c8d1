import Foundation
import SegueGeometry
import Testing

@testable import SegueRaster

struct PixelMathTests {
  @Test func divide255RoundsExactlyForEveryProduct() {
    for x in UInt32(0)...(255 * 255) {
      let expected = UInt32((Double(x) / 255).rounded())
      if divide255(x) != expected {
        Issue.record("divide255(\(x)) = \(divide255(x)), expected \(expected)")
        return
      }
    }
  }

  @Test func scalePixelScalesEveryChannel() {
    let pixel = PremultipliedRGBA8(r: 200, g: 100, b: 50, a: 250).packed
    // round(200·128/255) = 100, round(100·128/255) = 50, round(50·128/255) = 25, round(250·128/255) = 125
    #expect(PremultipliedRGBA8(packed: scalePixel(pixel, by: 128)) == PremultipliedRGBA8(r: 100, g: 50, b: 25, a: 125))
    #expect(scalePixel(pixel, by: 255) == pixel)
    #expect(scalePixel(pixel, by: 0) == 0)
  }

  @Test func sourceOverFollowsPorterDuff() {
    // Half-transparent red over opaque blue: S + D·(1 − 128/255).
    let red = PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 128).packed
    let blue = PremultipliedRGBA8(r: 0, g: 0, b: 255, a: 255).packed
    #expect(PremultipliedRGBA8(packed: sourceOver(red, blue)) == PremultipliedRGBA8(r: 128, g: 0, b: 127, a: 255))
    // Opaque source replaces; transparent source keeps.
    #expect(sourceOver(blue, red) == blue)
    #expect(sourceOver(0, red) == red)
  }

  @Test func premultiplyAndBack() {
    #expect(RGBA8(r: 255, g: 128, b: 0, a: 128).premultiplied == PremultipliedRGBA8(r: 128, g: 64, b: 0, a: 128))
    #expect(PremultipliedRGBA8(r: 128, g: 64, b: 0, a: 128).straight == RGBA8(r: 255, g: 128, b: 0, a: 128))
    #expect(PremultipliedRGBA8.transparent.straight == .clear)
  }

  @Test func parsesHexColours() {
    #expect(RGBA8(hex: "#F00") == RGBA8(r: 255, g: 0, b: 0))
    #expect(RGBA8(hex: "#FF9500") == RGBA8(r: 255, g: 149, b: 0))
    #expect(RGBA8(hex: "#00000080") == RGBA8(r: 0, g: 0, b: 0, a: 128))
    #expect(RGBA8(hex: "#12345") == nil)
    #expect(RGBA8(hex: "red") == nil)
    #expect(RGBA8(hex: "#GG0000") == nil)
  }
}
