import Testing

@testable import SegueGolden

/// Thumbnails are box-filtered means, weighted by alpha.
struct ThumbnailTests {
  @Test func eachPixelIsTheRoundedMeanOfItsBlock() {
    // 4 x 240 RGB, red = 10 x + (y mod 2): 120 rows high, so 2 wide, 2 x 2 blocks.
    var bytes: [UInt8] = []
    for y in 0..<240 {
      for x in 0..<4 { bytes += [UInt8(10 * x + y % 2), 7, 200] }
    }
    let small = Thumbnail.make(RGBAImage(width: 4, height: 240, bytes: bytes, channels: 3))
    #expect(small.width == 2 && small.height == 120 && small.channels == 3)
    // Left blocks: (0 + 1 + 10 + 11) / 4 = 5.5 -> 6; right: (20 + 21 + 30 + 31) / 4 = 25.5 -> 26.
    #expect(Array(small.bytes[0..<6]) == [6, 7, 200, 26, 7, 200])
    #expect(Array(small.bytes[(119 * 6)..<(120 * 6)]) == [6, 7, 200, 26, 7, 200])
  }

  @Test func transparentPixelsLendNoColour() {
    // 2 x 240: in each 2 x 2 block one opaque red pixel and three transparent blue ones.
    var bytes: [UInt8] = []
    for y in 0..<240 {
      for x in 0..<2 { bytes += x == 0 && y % 2 == 0 ? [255, 0, 0, 255] : [0, 0, 255, 0] }
    }
    let small = Thumbnail.make(RGBAImage(width: 2, height: 240, bytes: bytes))
    // Colour Σ c a / Σ a = red; alpha (255 + 2) / 4 = 64.
    #expect(small.width == 1 && small.height == 120)
    #expect(Array(small.bytes[0..<4]) == [255, 0, 0, 64])
  }

  @Test func aFrameAsLargeAsAPhoneKeepsItsShape() {
    let frame = RGBAImage(width: 1170, height: 2532, bytes: [UInt8](repeating: 9, count: 1170 * 2532 * 3), channels: 3)
    let small = Thumbnail.make(frame)
    // 1170 · 120 / 2532 = 55.45 -> 55.
    #expect(small.width == 55 && small.height == 120 && small.bytes.allSatisfy { $0 == 9 })
    let short = RGBAImage(width: 20, height: 10, bytes: [UInt8](repeating: 1, count: 20 * 10 * 4))
    #expect(Thumbnail.make(short) == short)
  }
}
