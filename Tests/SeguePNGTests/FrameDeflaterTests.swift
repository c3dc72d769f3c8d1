import SegueGeometry
import Testing

@testable import SeguePNG
@testable import SegueRaster

/// `fast` compression's own zlib stream: every file decodes through libpng (zlib's inflate, which
/// checks the stream's Adler-32 too) to the pixels that went in; filters and checksums against
/// the specifications' own definitions; matches where pictures repeat.
struct FrameDeflaterTests {
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
    /// A diagonal ramp dithered with the 8 × 8 Bayer matrix, as Segue draws gradients: no runs,
    /// but repeats 8 pixels across and 8 rows down.
    case ditheredRamp
    /// A faint ramp across a light page, as a shadow over it: a 25th of a level from edge to
    /// edge, so only the matrix's highest thresholds (63 from a fifth of the width on, 62 from
    /// 0.58) make dots, one in 8 pixels of their rows: those rows are runs broken by dots, too
    /// many for the runs path (more than one change in 64 pixels), the others all zeros under
    /// the up filter.
    case faintRamp
    /// A light page whose rows end in 6 pixels of two alternating shades a level apart, as a
    /// cluster of a dither's dots: at 400 pixels as many changes as the runs path takes
    /// (400 ÷ 64), each a level, all together, which sends the row to the matcher.
    case dotsAtTheEnd
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
        case .ditheredRamp:
          let level = Double(x + y) * 40 / Double(width + height)
          let value = UInt8(min(255, level + (Double(Pixmap.bayer8[(y % 8) * 8 + x % 8]) + 0.5) / 64))
          color = RGBA8(r: 90 &+ value, g: 40 &+ value / 2, b: 200 &- value)
        case .faintRamp:
          let level = Double(x) * 0.04 / Double(width)
          let value = UInt8(level + (Double(Pixmap.bayer8[(y % 8) * 8 + x % 8]) + 0.5) / 64)
          color = RGBA8(r: 250 &- value, g: 246 &- value, b: 240 &- value)
        case .dotsAtTheEnd:
          let dot = x >= width - 6 && (x + y) % 2 == 0
          color = dot ? RGBA8(r: 249, g: 245, b: 239) : RGBA8(r: 250, g: 246, b: 240)
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

  @Test(arguments: Content.allCases, [1, 2, 3, 85, 86, 87, 173, 260])
  func opaqueFramesRoundTrip(content: Content, width: Int) throws {
    let image = pixmap(content, width: width, height: 20, alpha: false)
    let file = try PNGEncoder(compression: .fast).encode(image)
    #expect(file[25] == 2)  // RGB
    #expect(try PNGDecoder.decode(file) == image)
    #expect(Array(imageData(file).prefix(2)) == [0x78, 0x01])
  }

  @Test(arguments: Content.allCases, [1, 4, 64, 65, 129])
  func translucentFramesRoundTripAsRGBA(content: Content, width: Int) throws {
    let image = pixmap(content, width: width, height: 12, alpha: true)
    let file = try PNGEncoder(compression: .fast).encode(image)
    #expect(file[25] == 6)  // RGBA
    #expect(try PNGDecoder.decodeStraightRGBA(file).bytes == image.straightRGBA())
  }

  /// The stream's Adler-32 is the textbook sum over the rows as filtered: with filter 2 (up) each
  /// row that repeats the row above or changes from pixel to pixel at most once in 64 pixels
  /// under it, any other with the filter `RowFilter.choose` picks, filtered here byte by byte as
  /// the specification writes it. At 400 pixels (up to 6 changes) a row's dither dots can come
  /// 6 together, as a faint ramp's do.
  @Test(arguments: Content.allCases, [(3, 70), (4, 70), (3, 400)])
  func theStreamEndsWithTheChecksumOfItsFilteredRows(content: Content, format: (bytesPerPixel: Int, width: Int)) throws
  {
    let (bytesPerPixel, width) = format
    let image = pixmap(content, width: width, height: 24, alpha: bytesPerPixel == 4)
    let file = try PNGEncoder(compression: .fast).encode(image)
    let straight = image.straightRGBA()
    let bytes = bytesPerPixel == 4 ? straight : straight.enumerated().filter { $0.offset % 4 != 3 }.map(\.element)
    let pixels = stride(from: 0, to: straight.count, by: 4).map { (i: Int) -> UInt32 in
      let (r, g): (UInt32, UInt32) = (UInt32(straight[i]), UInt32(straight[i + 1]))
      let (b, a): (UInt32, UInt32) = (UInt32(straight[i + 2]), UInt32(straight[i + 3]))
      return r | g << 8 | b << 16 | a << 24
    }
    let rowBytes = width * bytesPerPixel
    let mask: UInt32 = bytesPerPixel == 3 ? 0xFF_FFFF : 0xFFFF_FFFF
    var filtered: [UInt8] = []
    for y in 0..<24 {
      let row = Array(bytes[(y * rowBytes)..<((y + 1) * rowBytes)])
      let above = y == 0 ? [UInt8](repeating: 0, count: rowBytes) : Array(bytes[((y - 1) * rowBytes)..<(y * rowBytes)])
      let filter: RowFilter
      let up = textbookFilter(.up, row: row, above: above, bytesPerPixel: bytesPerPixel)
      // Under the up filter, each pixel that differs from the one before (the first from
      // zero) is a change; the row keeps the up filter with at most width ÷ 64 of them, unless
      // 6 faint ones (each byte within 2 of 0, modulo 256) come together once more than a
      // quarter of that many have come.
      let limit = width / 64
      var changes = 0
      var streak = 0
      var quiet = true
      for x in stride(from: 0, to: rowBytes, by: bytesPerPixel) {
        let before = x == 0 ? [UInt8](repeating: 0, count: bytesPerPixel)[...] : up[(x - bytesPerPixel)..<x]
        guard up[x..<(x + bytesPerPixel)] != before else {
          streak = 0
          continue
        }
        changes += 1
        let faint = up[x..<(x + bytesPerPixel)].allSatisfy { $0 <= 2 || $0 >= 254 }
        streak = faint ? streak + 1 : 0
        if changes > limit || (streak >= 6 && changes * 4 > limit) { quiet = false }
      }
      if quiet {
        filter = .up
      } else {
        let rowPixels = Array(pixels[(y * width)..<((y + 1) * width)])
        let abovePixels = y == 0 ? [UInt32](repeating: 0, count: width) : Array(pixels[((y - 1) * width)..<(y * width)])
        filter = RowFilter.choose(row: rowPixels, above: abovePixels, count: width, mask: mask)
      }
      filtered += [filter.rawValue] + textbookFilter(filter, row: row, above: above, bytesPerPixel: bytesPerPixel)
    }
    #expect(Array(imageData(file).suffix(4)) == TestPNGBuilder.be32(TestPNGBuilder.adler32(filtered)))
  }

  @Test func theChecksumIsTheTextbookSum() {
    var noise = Noise(state: 5)
    for bytesPerPixel in [3, 4] {
      let pixels = (0..<9_000).map { _ in noise.next() & (bytesPerPixel == 3 ? 0xFF_FFFF : 0xFFFF_FFFF) }
      var adler = Adler32()
      var bytes: [UInt8] = []
      adler.add(byte: 2)
      bytes.append(2)
      pixels.withUnsafeBufferPointer { adler.add(pixels: $0.baseAddress!, count: 9_000, bytesPerPixel: bytesPerPixel) }
      for pixel in pixels {
        for m in 0..<bytesPerPixel { bytes.append(UInt8(truncatingIfNeeded: pixel >> UInt32(8 * m))) }
      }
      adler.addZeros(70_000)
      bytes += [UInt8](repeating: 0, count: 70_000)
      #expect(adler.value == TestPNGBuilder.adler32(bytes))
    }
  }

  /// PNG's filters, byte by byte as the specification writes them (9.2 and 9.4), with a, b and c
  /// the bytes `bytesPerPixel` to the left, above and above-left.
  func textbookFilter(_ filter: RowFilter, row: [UInt8], above: [UInt8], bytesPerPixel: Int) -> [UInt8] {
    row.indices.map { i in
      let a = Int(i >= bytesPerPixel ? row[i - bytesPerPixel] : 0)
      let b = Int(above[i])
      let c = Int(i >= bytesPerPixel ? above[i - bytesPerPixel] : 0)
      let prediction: Int
      switch filter {
      case .none: prediction = 0
      case .sub: prediction = a
      case .up: prediction = b
      case .average: prediction = (a + b) / 2
      case .paeth:
        let p = a + b - c
        let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
        prediction = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
      }
      return UInt8(truncatingIfNeeded: Int(row[i]) - prediction)
    }
  }

  @Test(arguments: RowFilter.allCases, [3, 4])
  func filtersAreTheSpecificationsBytes(filter: RowFilter, bytesPerPixel: Int) {
    var noise = Noise(state: 17)
    let mask: UInt32 = bytesPerPixel == 3 ? 0xFF_FFFF : 0xFFFF_FFFF
    // Random pixels, and runs of equal bytes so the ties of Paeth come up.
    let row = (0..<300).map { $0 % 7 < 3 ? 0x10_2030 : noise.next() }
    let above = (0..<300).map { $0 % 5 < 2 ? 0x10_2030 : noise.next() }
    var output = [UInt32](repeating: 0, count: 300)
    row.withUnsafeBufferPointer { row in
      above.withUnsafeBufferPointer { above in
        RowFilter.apply(
          filter, row: row.baseAddress!, above: above.baseAddress!, count: 300, mask: mask, into: &output)
      }
    }
    func bytes(_ pixels: [UInt32]) -> [UInt8] {
      pixels.flatMap { pixel in (0..<bytesPerPixel).map { UInt8(truncatingIfNeeded: pixel >> UInt32(8 * $0)) } }
    }
    #expect(bytes(output) == textbookFilter(filter, row: bytes(row), above: bytes(above), bytesPerPixel: bytesPerPixel))
  }

  @Test func eachFilterIsChosenWhereItPredictsBest() {
    func chosen(_ row: [UInt32], _ above: [UInt32]) -> RowFilter {
      row.withUnsafeBufferPointer { row in
        above.withUnsafeBufferPointer { above in
          RowFilter.choose(row: row.baseAddress!, above: above.baseAddress!, count: row.count, mask: 0xFF_FFFF)
        }
      }
    }
    var noise = Noise(state: 3)
    let random = (0..<90).map { _ in noise.next() & 0xFF_FFFF }
    // A ramp across: each pixel 2 levels above its left neighbour (sub gives 2s, up and the rest
    // more); the same row shifted up by 1 level: up gives 1s.
    let ramp = (0..<90).map { UInt32($0 * 2) * 0x01_0101 }
    #expect(chosen(ramp, random) == .sub)
    #expect(chosen(ramp.map { $0 + 0x01_0101 }, ramp) == .up)
    // Pixels alternating between black and near-black over noise: their own bytes (0 and 3) are
    // smaller than any difference (±3 across, larger against the noise).
    #expect(chosen((0..<90).map { $0 % 2 == 0 ? 0 : 0x03_0303 }, random) == .none)
    // A row that averages its left neighbour and the row above: average gives 0s.
    let above = (0..<90).map { _ in noise.next() & 0x7F_7F7F }
    var averaged = [UInt32](repeating: 0, count: 90)
    averaged[0] = above[0] / 2 & 0x7F_7F7F
    for x in 1..<90 { averaged[x] = RowFilter.average(averaged[x - 1], above[x]) }
    #expect(chosen(averaged, above) == .average)
  }

  @Test func distancesMapToTheirSymbols() {
    // RFC 1951, 3.2.5: each symbol's first and last distance.
    for symbol in 0..<30 {
      let first = Int(Deflate.distanceBase[symbol])
      let last = first + (1 << Int(Deflate.distanceExtraBits[symbol])) - 1
      #expect(Deflate.distanceSymbol(first) == UInt8(symbol))
      #expect(Deflate.distanceSymbol(last) == UInt8(symbol))
    }
    #expect(Deflate.distanceSymbol(32768) == 29)
  }

  /// A dithered ramp has no runs, but its rows repeat every 8 pixels and every 8 rows: the
  /// matcher finds those, so the file is no larger than libpng's at its default level 6 with
  /// every filter tried (zlib's matcher looking 128 deep at every byte), and far smaller than
  /// the literals it would otherwise take.
  @Test func repeatsOfDitheredGradientsAreFound() throws {
    let image = pixmap(.ditheredRamp, width: 600, height: 200, alpha: false)
    let fast = try PNGEncoder(compression: .fast).encode(image)
    let balanced = try PNGEncoder(compression: .balanced).encode(image)
    #expect(try PNGDecoder.decode(fast) == image)
    #expect(Double(fast.count) <= 1.2 * Double(balanced.count))
    #expect(fast.count < 600 * 200 * 3 / 8)
  }

  /// Rows that open with 900 pixels of one colour (a row's first pixel has no run before it, so
  /// the matcher takes the row above, 900 pixels in 11 matches of at most 86) and end in 100
  /// random ones. The pieces after the first repeat the pixel before them and say so with the
  /// distance of one pixel, whose code is shorter than the row's where distances vary; the file
  /// decodes to its pixels, and holds about the noise's 300 bytes a row and little more.
  @Test func aLongMatchOverARunTakesTheRunsDistanceAfterItsFirstPiece() throws {
    var noise = Noise(state: 9)
    var image = Pixmap(width: 1000, height: 60, fill: RGBA8(r: 250, g: 246, b: 240).premultiplied)!
    for y in 0..<60 {
      for x in 900..<1000 {
        let bits = noise.next()
        image[x, y] =
          RGBA8(r: UInt8(bits & 0xFF), g: UInt8(bits >> 8 & 0xFF), b: UInt8(bits >> 16 & 0xFF)).premultiplied
      }
    }
    let file = try PNGEncoder(compression: .fast).encode(image)
    #expect(try PNGDecoder.decode(file) == image)
    #expect(imageData(file).count < 60 * (300 + 12) + 600)
  }

  /// A faint shade across a light page, as a turning page's shadow draws it: dots of the
  /// dither on runs, rows of them too many for the runs path. Within 1.2 times libpng's
  /// default (level 6, every filter tried), at a phone's width at scale 3.
  @Test func sparseDitherDotsStayWithinAFifthOfLibpngsSize() throws {
    let image = pixmap(.faintRamp, width: 1170, height: 96, alpha: false)
    let fast = try PNGEncoder(compression: .fast).encode(image)
    let balanced = try PNGEncoder(compression: .balanced).encode(image)
    #expect(try PNGDecoder.decode(fast) == image)
    #expect(Double(fast.count) <= 1.2 * Double(balanced.count), "\(fast.count) against \(balanced.count)")
  }

  /// A row of 40 random pixels said ten times: the first 40 are literals (each pixel indexed as
  /// it is searched, literal or not), the other 360 one repeat 40 pixels back, five matches of
  /// at most 86 pixels (258 bytes). 120 random bytes take about 8 bits each and the code's
  /// header at most 17 + 19 × 3 + 316 × 14 bits (under 600 bytes); the 1,200 bytes as literals
  /// would take about 1,200 bytes.
  @Test func aRepeatRightAfterLiteralsIsFound() throws {
    var noise = Noise(state: 5)
    let pattern = (0..<40).map { _ in
      let bits = noise.next()
      return RGBA8(r: UInt8(bits & 0xFF), g: UInt8(bits >> 8 & 0xFF), b: UInt8(bits >> 16 & 0xFF)).premultiplied
    }
    var image = Pixmap(width: 400, height: 1)!
    for x in 0..<400 { image[x, 0] = pattern[x % 40] }
    let file = try PNGEncoder(compression: .fast).encode(image)
    #expect(try PNGDecoder.decode(file) == image)
    #expect(imageData(file).count < 120 + 600)
  }

  /// The matcher's comparison of two rows, two pixels at a time, against a pixel-by-pixel count:
  /// a difference planted at every place (in any byte of the pixel) and none at all, from every
  /// start, up to every end.
  @Test func commonPrefixCountsEqualPixels() {
    var noise = Noise(state: 21)
    let a = (0..<19).map { _ in noise.next() }
    for planted in 0...19 {
      for byte in 0..<4 {
        var b = a
        if planted < 19 { b[planted] ^= 1 << UInt32(byte * 8 + Int(noise.next() % 8)) }
        for start in 0..<19 {
          for end in start...19 {
            var expected = start
            while expected < end && a[expected] == b[expected] { expected += 1 }
            #expect(PixelMatchFinder.commonPrefix(a, b, from: start, to: end) == expected)
          }
        }
      }
    }
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
      pixels: own, rows: rows, sources: [RowImage.Source(pixmap: snapshot)], isOpaque: true)
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
      #expect(RowFilter.byteDifference(a, b) == expected)
    }
  }
}
