import Foundation
import SegueGeometry
import Testing

@testable import SeguePNG
@testable import SegueRaster

/// Encoding: round trips through our decoder, the colour type chosen, every compression mode.
struct PNGEncoderTests {
  /// A small pixmap with varied content (a gradient and a repeated row).
  func sample(alpha: UInt8) -> Pixmap {
    var pixmap = Pixmap(width: 7, height: 5)!
    for y in 0..<5 {
      for x in 0..<7 {
        let color = RGBA8(r: UInt8(x * 36), g: UInt8(y * 50), b: UInt8((x + y) * 17), a: alpha)
        pixmap[x, y] = color.premultiplied
      }
    }
    return pixmap
  }

  @Test(arguments: PNGEncoder.Compression.allCases)
  func opaqueFramesRoundTripAsRGB(compression: PNGEncoder.Compression) throws {
    let pixmap = sample(alpha: 255)
    let file = try PNGEncoder(compression: compression).encode(pixmap)
    #expect(file[25] == 2)  // IHDR colour type: RGB
    #expect(try PNGDecoder.decode(file) == pixmap)
  }

  @Test func translucentFramesRoundTripAsStraightRGBA() throws {
    let pixmap = sample(alpha: 100)
    let file = try PNGEncoder().encode(pixmap)
    #expect(file[25] == 6)  // IHDR colour type: RGBA
    let decoded = try PNGDecoder.decodeStraightRGBA(file)
    #expect(decoded.bytes == pixmap.straightRGBA())
  }

  @Test func identicalInputGivesIdenticalBytes() throws {
    let encoder = PNGEncoder()
    #expect(try encoder.encode(sample(alpha: 255)) == encoder.encode(sample(alpha: 255)))
  }

  @Test func smallestIsNoLargerThanFast() throws {
    var pixmap = Pixmap(width: 200, height: 100, fill: RGBA8(r: 10, g: 20, b: 30).premultiplied)!
    pixmap.fill(RGBA8.white.premultiplied, clips: [.circle(center: Point(x: 100, y: 50), radius: 40)])
    let fast = try PNGEncoder(compression: .fast).encode(pixmap)
    let smallest = try PNGEncoder(compression: .smallest).encode(pixmap)
    #expect(smallest.count <= fast.count)
    #expect(try PNGDecoder.decode(smallest) == pixmap)
  }
}
