import SegueGeometry
import Testing

@testable import SeguePNG
@testable import SegueRaster

/// `fast` compression's own zlib stream: every file decodes through libpng (zlib's inflate) to
/// the pixels that went in, and its Adler-32 equals the textbook sum over the filtered rows.
struct PixelRunDeflaterTests {
  /// A deterministic pseudo-random generator (a 64-bit LCG), so failures reproduce.
  struct Noise {
    var state: UInt64
    mutating func next() -> UInt32 {
      state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
      return UInt32(truncatingIfNeeded: state >> 33)
    }
  }

  enum Content: CaseIterable {
    /// Every byte random: no runs at all, every pixel literal.
    case noise
    /// One colour: each row one run after its first pixel.
    case flat
    /// Each row a colour 3 levels above the row before: after the up filter every pixel is
    /// (3, 3, 3), a run of a pixel that is not zero.
    case verticalGradient
    /// Rectangles of a few colours on a background, like a UI screen: runs of zeros, runs
    /// broken at edges, literals where the rows change.
    case blocks
  }

  func pixmap(_ content: Content, width: Int, height: Int, alpha: Bool, seed: UInt64 = 7) -> Pixmap {
    var noise = Noise(state: seed)
    var pixmap = Pixmap(width: width, height: height)!
    let palette: [RGBA8] = [
      RGBA8(r: 242, g: 242, b: 247), RGBA8(r: 0, g: 122, b: 255), RGBA8(r: 255, g: 45, b: 85),
      RGBA8(r: 28, g: 28, b: 30),
    ]
    var rects: [(x: Int, y: Int, w: Int, h: Int, color: RGBA8)] = []
    for _ in 0..<6 {
      rects.append(
        (
          Int(noise.next()) % width, Int(noise.next()) % height, 1 + Int(noise.next()) % width,
          1 + Int(noise.next()) % height, palette[Int(noise.next()) % palette.count]
        ))
    }
    for y in 0..<height {
      for x in 0..<width {
        var color: RGBA8
        switch content {
        case .noise:
          let bits = noise.next()
          color = RGBA8(r: UInt8(bits & 0xFF), g: UInt8(bits >> 8 & 0xFF), b: UInt8(bits >> 16 & 0xFF))
        case .flat: color = RGBA8(r: 12, g: 200, b: 99)
        case .verticalGradient: color = RGBA8(r: UInt8(y * 3 % 256), g: UInt8(y * 3 % 256), b: UInt8(y * 3 % 256))
        case .blocks:
          color = palette[0]
          for rect in rects where rect.x <= x && x < rect.x + rect.w && rect.y <= y && y < rect.y + rect.h {
            color = rect.color
          }
        }
        if alpha { color.a = UInt8((x * 7 + y * 13) % 256) }
        pixmap[x, y] = color.premultiplied
      }
    }
    return pixmap
  }

  /// The concatenated IDAT data of a PNG file.
  func imageData(_ file: [UInt8]) -> [UInt8] {
    var data: [UInt8] = []
    var offset = 8
    while offset + 8 <= file.count {
      let length = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
      if type == "IDAT" { data += file[(offset + 8)..<(offset + 8 + length)] }
      offset += 12 + length
    }
    return data
  }

  /// The filtered rows a PNG of `bytes` (rows of `rowBytes`) holds with the up filter: each row
  /// is its filter byte 2, then each byte minus the byte above it (0 above the first row).
  func upFiltered(_ bytes: [UInt8], rowBytes: Int) -> [UInt8] {
    var out: [UInt8] = []
    for start in stride(from: 0, to: bytes.count, by: rowBytes) {
      out.append(2)
      for index in start..<(start + rowBytes) {
        out.append(bytes[index] &- (index >= rowBytes ? bytes[index - rowBytes] : 0))
      }
    }
    return out
  }

  @Test(arguments: Content.allCases, [1, 2, 3, 85, 86, 87, 173, 260])
  func opaqueFramesRoundTripWithTheTextbookChecksum(content: Content, width: Int) throws {
    let image = pixmap(content, width: width, height: 6, alpha: false)
    let file = try PNGEncoder(compression: .fast).encode(image)
    #expect(file[25] == 2)  // RGB
    #expect(try PNGDecoder.decode(file) == image)
    let stream = imageData(file)
    #expect(Array(stream.prefix(2)) == [0x78, 0x01])
    let rgb = image.straightRGBA().enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
    let adler = TestPNGBuilder.adler32(upFiltered(rgb, rowBytes: width * 3))
    #expect(Array(stream.suffix(4)) == TestPNGBuilder.be32(adler))
  }

  @Test(arguments: Content.allCases, [1, 4, 64, 65, 129])
  func translucentFramesRoundTripAsRGBA(content: Content, width: Int) throws {
    let image = pixmap(content, width: width, height: 5, alpha: true)
    let file = try PNGEncoder(compression: .fast).encode(image)
    #expect(file[25] == 6)  // RGBA
    let straight = image.straightRGBA()
    #expect(try PNGDecoder.decodeStraightRGBA(file).bytes == straight)
    let adler = TestPNGBuilder.adler32(upFiltered(straight, rowBytes: width * 4))
    #expect(Array(imageData(file).suffix(4)) == TestPNGBuilder.be32(adler))
  }

  @Test func aFrameOfManyLiteralsSpansSeveralBlocks() throws {
    // 300 × 120 noise is 108,000 literal tokens: the stream holds two blocks.
    let image = pixmap(.noise, width: 300, height: 120, alpha: false, seed: 11)
    let file = try PNGEncoder(compression: .fast).encode(image)
    #expect(try PNGDecoder.decode(file) == image)
  }

  @Test func aRunIsWrittenAsMatchesNotBytes() throws {
    // 1000 × 200 of one colour: each row is 4 literals and 12 matches of 258 bytes (and one
    // of 3000 − 3 − 11 × 258 = 159), a few dozen bits, so the whole file is a few KB at most.
    let image = Pixmap(width: 1000, height: 200, fill: RGBA8(r: 1, g: 2, b: 3).premultiplied)!
    let file = try PNGEncoder(compression: .fast).encode(image)
    #expect(file.count < 4_000)
    #expect(try PNGDecoder.decode(file) == image)
  }

  @Test func rowsSharedWithSnapshotsOrOfOneColourEncodeAsTheirPixels() throws {
    let width = 90
    let snapshot = pixmap(.blocks, width: width, height: 8, alpha: false, seed: 3)
    var own = pixmap(.noise, width: width, height: 8, alpha: false, seed: 5)
    let blue = RGBA8(r: 0, g: 122, b: 255).premultiplied
    let rows: [RowImage.Row] = [
      .shared(0), .composited, .fill(blue.packed), .fill(blue.packed), .shared(0), .composited, .shared(0),
      .fill(0xFF00_0000),
    ]
    let image = RowImage(
      pixels: own, rows: rows, sources: [RowImage.Source(pixmap: snapshot, rgb: nil)], isOpaque: true)
    let file = try PNGEncoder(compression: .fast).encode(image)
    for y in 0..<8 {
      for x in 0..<width {
        switch rows[y] {
        case .shared: own[x, y] = snapshot[x, y]
        case .fill(let value): own[x, y] = PremultipliedRGBA8(packed: value)
        case .composited: break
        }
      }
    }
    #expect(try PNGDecoder.decode(file) == own)
  }

  @Test func byteDifferenceIsEachByteModulo256() {
    var noise = Noise(state: 99)
    for _ in 0..<2_000 {
      let a = noise.next()
      let b = noise.next()
      var expected: UInt32 = 0
      for byte in 0..<4 {
        let shift = UInt32(byte * 8)
        expected |= UInt32(UInt8(truncatingIfNeeded: a >> shift) &- UInt8(truncatingIfNeeded: b >> shift)) << shift
      }
      #expect(PixelRunDeflater.byteDifference(a, b) == expected)
    }
  }
}
