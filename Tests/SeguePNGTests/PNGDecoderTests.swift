import Foundation
import Testing

@testable import SeguePNG
@testable import SegueRaster

/// Decoding every common kind of PNG to straight RGBA, against files built by hand.
struct PNGDecoderTests {
  @Test func decodesEightBitRGB() throws {
    let file = TestPNGBuilder.png(
      width: 2, height: 1, bitDepth: 8, colorType: 2, rows: [[255, 0, 0, 10, 20, 30]])
    let decoded = try PNGDecoder.decodeStraightRGBA(file)
    #expect(decoded.width == 2 && decoded.height == 1)
    #expect(decoded.bytes == [255, 0, 0, 255, 10, 20, 30, 255])
  }

  @Test func decodesEightBitRGBAKeepingStraightAlpha() throws {
    let file = TestPNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 6, rows: [[200, 100, 50, 128]])
    #expect(try PNGDecoder.decodeStraightRGBA(file).bytes == [200, 100, 50, 128])
    // As a pixmap it is premultiplied: round(200·128/255) = 100, round(100·128/255) = 50, 25.
    let pixmap = try PNGDecoder.decode(file)
    #expect(pixmap[0, 0] == PremultipliedRGBA8(r: 100, g: 50, b: 25, a: 128))
  }

  @Test func decodesGreyscaleAtEveryDepth() throws {
    // 1-bit: 0b10 → white, black. 2-bit: 0b11_01 → 255, 85. 4-bit 0xF0 → 255, 0.
    let one = TestPNGBuilder.png(width: 2, height: 1, bitDepth: 1, colorType: 0, rows: [[0b1000_0000]])
    #expect(try PNGDecoder.decodeStraightRGBA(one).bytes == [255, 255, 255, 255, 0, 0, 0, 255])
    let two = TestPNGBuilder.png(width: 2, height: 1, bitDepth: 2, colorType: 0, rows: [[0b1101_0000]])
    #expect(try PNGDecoder.decodeStraightRGBA(two).bytes == [255, 255, 255, 255, 85, 85, 85, 255])
    let four = TestPNGBuilder.png(width: 2, height: 1, bitDepth: 4, colorType: 0, rows: [[0xF0]])
    #expect(try PNGDecoder.decodeStraightRGBA(four).bytes == [255, 255, 255, 255, 0, 0, 0, 255])
  }

  @Test func decodesGreyAlphaAndSixteenBit() throws {
    let greyAlpha = TestPNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 4, rows: [[77, 200]])
    #expect(try PNGDecoder.decodeStraightRGBA(greyAlpha).bytes == [77, 77, 77, 200])
    // 16-bit samples are scaled with rounding: 0x8080 → 0x80, 0xFFFF → 255, 0x0101 → 1.
    let sixteen = TestPNGBuilder.png(
      width: 1, height: 1, bitDepth: 16, colorType: 6, rows: [[0x80, 0x80, 0xFF, 0xFF, 0x01, 0x01, 0xFF, 0xFF]])
    #expect(try PNGDecoder.decodeStraightRGBA(sixteen).bytes == [128, 255, 1, 255])
  }

  @Test func decodesPaletteWithTransparency() throws {
    let palette: [UInt8] = [255, 0, 0, 0, 0, 255]
    let file = TestPNGBuilder.png(
      width: 2, height: 1, bitDepth: 8, colorType: 3, rows: [[0, 1]], palette: palette, transparency: [64])
    #expect(try PNGDecoder.decodeStraightRGBA(file).bytes == [255, 0, 0, 64, 0, 0, 255, 255])
  }

  @Test func rejectsFilesThatAreNotPNG() {
    #expect(throws: PNGError.notPNG(path: "x.png")) { try PNGDecoder.decode(Array("hello".utf8), path: "x.png") }
    #expect(throws: PNGError.notPNG(path: "empty.png")) { try PNGDecoder.decode([], path: "empty.png") }
  }

  @Test func rejectsTruncatedAndCorruptFiles() throws {
    let file = TestPNGBuilder.png(
      width: 4, height: 4, bitDepth: 8, colorType: 2, rows: Array(repeating: Array(repeating: 9, count: 12), count: 4))
    let truncated = Array(file.prefix(file.count - 30))
    #expect {
      try PNGDecoder.decode(truncated, path: "t.png")
    } throws: { error in
      guard case .corrupt(let path, let message) = error as? PNGError else { return false }
      return path == "t.png" && !message.isEmpty
    }
    var flipped = file
    flipped[file.count - 25] ^= 0xFF  // inside IDAT: the CRC no longer matches
    #expect {
      try PNGDecoder.decode(flipped, path: "c.png")
    } throws: { error in
      guard case .corrupt(let path, _) = error as? PNGError else { return false }
      return path == "c.png"
    }
  }

  /// A file cut anywhere is an error, never a read past its end: 24 bytes (signature, IHDR's
  /// length, type, width and height, no bit depth) once trapped in the bit-depth reader.
  @Test func everyTruncationIsAnErrorInEveryReader() {
    let kinds: [(bitDepth: UInt8, colorType: UInt8, row: [UInt8])] = [
      (8, 2, [1, 2, 3]), (16, 6, [1, 2, 3, 4, 5, 6, 7, 8]),
    ]
    for (bitDepth, colorType, row) in kinds {
      let file = TestPNGBuilder.png(width: 1, height: 1, bitDepth: bitDepth, colorType: colorType, rows: [row])
      for length in 0..<file.count {
        let cut = Array(file.prefix(length))
        let expected =
          length < 8
          ? PNGError.notPNG(path: "t.png") : PNGError.corrupt(path: "t.png", message: "file is truncated")
        if length < PNGHeader.byteCount {
          #expect(throws: expected, "\(length) bytes") { try PNGDecoder.bitDepth(of: cut, path: "t.png") }
          #expect(throws: expected, "\(length) bytes") { try PNGDecoder.size(of: cut, path: "t.png") }
        }
        #expect(throws: PNGError.self, "\(length) bytes") { try PNGDecoder.decodeNative(cut, path: "t.png") }
        #expect(throws: PNGError.self, "\(length) bytes") { try PNGDecoder.decodeRGBA16(cut, path: "t.png") }
      }
      #expect(throws: PNGError.corrupt(path: "t.png", message: "file is truncated")) {
        try PNGDecoder.decodeNative(Array(file.prefix(24)), path: "t.png")
      }
      #expect((try? PNGDecoder.bitDepth(of: file, path: "t.png")) == Int(bitDepth))
    }
  }

  @Test func rejectsHugeImagesBeforeAllocating() {
    var file = TestPNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 2, rows: [[0, 0, 0]])
    // Claim 100000 x 100000 in IHDR.
    file.replaceSubrange(16..<24, with: TestPNGBuilder.be32(100_000) + TestPNGBuilder.be32(100_000))
    #expect(throws: PNGError.tooLarge(path: "big.png", width: 100_000, height: 100_000)) {
      try PNGDecoder.decode(file, path: "big.png")
    }
  }

  @Test func sixteenBitSamplesKeepTheirPrecision() throws {
    // Two 16-bit RGB pixels, 0x1000 and 0x1050 red: at 8 bits both round to 0x10.
    let rows: [[UInt8]] = [[0x10, 0x00, 0x20, 0x00, 0x30, 0x00, 0x10, 0x50, 0x20, 0x00, 0x30, 0x00]]
    let file = TestPNGBuilder.png(width: 2, height: 1, bitDepth: 16, colorType: 2, rows: rows)
    #expect(try PNGDecoder.bitDepth(of: file, path: "x.png") == 16)
    let wide = try PNGDecoder.decodeRGBA16(file, path: "x.png")
    #expect(wide.samples == [0x1000, 0x2000, 0x3000, 0xFFFF, 0x1050, 0x2000, 0x3000, 0xFFFF])
    // An 8-bit file widens by 257.
    let narrow = TestPNGBuilder.png(width: 1, height: 1, bitDepth: 8, colorType: 2, rows: [[0xAB, 0, 0xFF]])
    #expect(try PNGDecoder.decodeRGBA16(narrow, path: "y.png").samples == [0xABAB, 0, 0xFFFF, 0xFFFF])
  }
}
