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

/// The eight-lane forms of the pixel arithmetic are the scalar forms lane by lane, for every
/// alpha and pixels of every kind (opaque, clear, translucent, random bytes).
extension PixelMathTests {
  func pixels(_ count: Int, seed: UInt32) -> [UInt32] {
    var state = seed
    return (0..<count).map { index in
      state = state &* 1_664_525 &+ 1_013_904_223
      let alpha = [0, 255, state >> 24][index % 3]
      let scale = { (c: UInt32) in c * alpha / 255 }
      return scale(state & 0xFF) | scale(state >> 8 & 0xFF) << 8 | scale(state >> 16 & 0xFF) << 16 | alpha << 24
    }
  }

  @Test func blendingARunIsBlendingEachPixel() {
    let source = pixels(67, seed: 3)
    let below = pixels(67, seed: 9)
    for alpha: UInt32 in [1, 77, 128, 254, 255] {
      var row = below
      source.withUnsafeBufferPointer { source in
        row.withUnsafeMutableBufferPointer {
          blendRun(source.baseAddress!, alpha: alpha, into: $0.baseAddress!, count: 67)
        }
      }
      #expect(row == zip(source, below).map { sourceOver(scalePixel($0, by: alpha), $1) }, "alpha \(alpha)")
    }
    for color in pixels(12, seed: 5) {
      var row = below
      row.withUnsafeMutableBufferPointer { blendRun(color, into: $0.baseAddress!, count: 67) }
      #expect(row == below.map { sourceOver(color, $0) })
    }
  }
}
