import Testing

@testable import SeguePNG
@testable import SegueRaster

/// Interlaced input, the native decoder, row-pointer encoding and APNG assembly, checked
/// against bytes written from the PNG and APNG specifications.
struct PNGFormatTests {
  /// A 10 × 9 RGBA picture where every pixel differs: (20x, 25y, x + y, 255 − x).
  static let width = 10
  static let height = 9
  static func pixel(_ x: Int, _ y: Int) -> [UInt8] {
    [UInt8(20 * x), UInt8(25 * y), UInt8(x + y), UInt8(255 - x)]
  }

  /// The image data of an Adam7-interlaced 8-bit image: the seven passes' sub-images one after
  /// another, each row with filter byte 0; a pass with no pixels contributes nothing.
  static func adam7(width: Int, height: Int, pixel: (Int, Int) -> [UInt8]) -> [UInt8] {
    let passes = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
    var raw: [UInt8] = []
    for (x0, y0, dx, dy) in passes {
      let columns = Array(stride(from: x0, to: width, by: dx))
      guard !columns.isEmpty else { continue }
      for y in stride(from: y0, to: height, by: dy) {
        raw.append(0)
        for x in columns { raw += pixel(x, y) }
      }
    }
    return raw
  }

  @Test func anInterlacedPictureDecodesLikeItsPlainTwin() throws {
    let raw = Self.adam7(width: Self.width, height: Self.height, pixel: Self.pixel)
    var ihdr = TestPNGBuilder.be32(UInt32(Self.width)) + TestPNGBuilder.be32(UInt32(Self.height))
    ihdr += [8, 6, 0, 0, 1]  // 8-bit RGBA, Adam7
    let interlaced: [UInt8] =
      [137, 80, 78, 71, 13, 10, 26, 10] + TestPNGBuilder.chunk("IHDR", ihdr)
      + TestPNGBuilder.chunk("IDAT", TestPNGBuilder.zlibStored(raw)) + TestPNGBuilder.chunk("IEND", [])
    let decoded = try PNGDecoder.decodeStraightRGBA(interlaced)
    #expect(decoded.width == Self.width && decoded.height == Self.height)
    for y in 0..<Self.height {
      for x in 0..<Self.width {
        let offset = (y * Self.width + x) * 4
        #expect(Array(decoded.bytes[offset..<(offset + 4)]) == Self.pixel(x, y), "(\(x), \(y))")
      }
    }
  }

  @Test func theNativeDecoderKeepsRGBAsStoredAndWidensTheRest() throws {
    let rgbRows = [[10, 20, 30, 40, 50, 60], [70, 80, 90, 100, 110, 120]].map { $0.map(UInt8.init) }
    let rgb = TestPNGBuilder.png(width: 2, height: 2, bitDepth: 8, colorType: 2, rows: rgbRows)
    let native = try PNGDecoder.decodeNative(rgb)
    #expect(native.channels == 3 && native.bytes == rgbRows.flatMap { $0 })
    // With a transparent colour (tRNS), RGB becomes RGBA: 40, 50, 60 is see-through.
    let keyed = TestPNGBuilder.png(
      width: 2, height: 2, bitDepth: 8, colorType: 2, rows: rgbRows, transparency: [0, 40, 0, 50, 0, 60])
    let widened = try PNGDecoder.decodeNative(keyed)
    #expect(widened.channels == 4)
    #expect(Array(widened.bytes[0..<8]) == [10, 20, 30, 255, 40, 50, 60, 0])
    // Grey becomes RGBA too.
    let grey = try PNGDecoder.decodeNative(
      TestPNGBuilder.png(width: 2, height: 1, bitDepth: 8, colorType: 0, rows: [[7, 200]]))
    #expect(grey.channels == 4 && grey.bytes == [7, 7, 7, 255, 200, 200, 200, 255])
  }

  @Test func rowsFromDifferentBuffersEncodeAsOnePicture() throws {
    // Rows 0 and 2 from one buffer, row 1 from another: 2 pixels of RGB each.
    let first: [UInt8] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]
    let second: [UInt8] = [200, 201, 202, 203, 204, 205]
    let bytes = try first.withUnsafeBufferPointer { a in
      try second.withUnsafeBufferPointer { b in
        let base = try #require(a.baseAddress)
        let other = try #require(b.baseAddress)
        return try PNGEncoder().encodeRGB(rows: [base, other, base + 6], width: 2)
      }
    }
    let decoded = try PNGDecoder.decodeNative(bytes)
    #expect(decoded.width == 2 && decoded.height == 3 && decoded.channels == 3)
    #expect(decoded.bytes == [1, 2, 3, 4, 5, 6, 200, 201, 202, 203, 204, 205, 7, 8, 9, 10, 11, 12])
  }

  /// The chunks of a PNG file: (type, data), each CRC checked.
  static func chunks(_ file: [UInt8]) -> [(String, [UInt8])] {
    var chunks: [(String, [UInt8])] = []
    var offset = 8
    while offset + 12 <= file.count {
      let length = file[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      let typed = Array(file[(offset + 4)..<(offset + 8 + length)])
      let crc = file[(offset + 8 + length)..<(offset + 12 + length)].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
      #expect(crc == TestPNGBuilder.crc32(typed), "bad CRC")
      chunks.append((String(decoding: typed[0..<4], as: UTF8.self), Array(typed[4...])))
      offset += 12 + length
    }
    return chunks
  }

  @Test func anAnimatedPNGNumbersItsChunksAsTheSpecificationSays() throws {
    let frames = try (0..<3).map { index -> [UInt8] in
      var pixmap = try #require(Pixmap(width: 4, height: 3))
      for y in 0..<3 { for x in 0..<4 { pixmap[x, y] = PremultipliedRGBA8(r: UInt8(index * 100), g: 0, b: 0, a: 255) } }
      return try PNGEncoder().encode(pixmap)
    }
    var assembler = APNGAssembler(frameCount: 3)
    var file: [UInt8] = []
    for (index, frame) in frames.enumerated() {
      file += try assembler.add(
        png: frame, delayNumerator: index == 2 ? 100 : 1, delayDenominator: index == 2 ? 100 : 30)
    }
    file += assembler.end()
    let chunks = Self.chunks(file)
    let types = chunks.map(\.0)
    #expect(types.first == "IHDR" && types[1] == "acTL" && types.last == "IEND")
    #expect(chunks[1].1 == [0, 0, 0, 3, 0, 0, 0, 0])  // 3 frames, loop forever
    // fcTL and fdAT share one sequence, from 0: fcTL 0, IDAT…, fcTL 1, fdAT 2…, fcTL n, ….
    var expected: UInt32 = 0
    for (type, data) in chunks where type == "fcTL" || type == "fdAT" {
      #expect(data[0..<4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) } == expected, "\(type)")
      expected += 1
    }
    let controls = chunks.filter { $0.0 == "fcTL" }.map(\.1)
    #expect(controls.count == 3)
    #expect(Array(controls[0][4..<12]) == [0, 0, 0, 4, 0, 0, 0, 3])  // 4 × 3
    #expect(Array(controls[2][20..<24]) == [0, 100, 0, 100])  // the last frame held 1 s
    #expect(chunks.contains { $0.0 == "IDAT" } && chunks.contains { $0.0 == "fdAT" })
    // A decoder without APNG support shows the first frame.
    let first = try PNGDecoder.decode(file)
    #expect(first[0, 0] == PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
  }

  @Test func anAnimatedPNGTakesOnlyPNGsOfOneSizeAndKind() throws {
    let small = try PNGEncoder().encode(try #require(Pixmap(width: 2, height: 2)))
    let large = try PNGEncoder().encode(try #require(Pixmap(width: 3, height: 2)))
    var assembler = APNGAssembler(frameCount: 3)
    _ = try assembler.add(png: small, delayNumerator: 1, delayDenominator: 30)
    #expect(throws: APNGAssembler.Failure.notPNG(frame: 1)) {
      try assembler.add(png: [1, 2, 3], delayNumerator: 1, delayDenominator: 30)
    }
    #expect(throws: APNGAssembler.Failure.mismatched(frame: 1)) {
      try assembler.add(png: large, delayNumerator: 1, delayDenominator: 30)
    }
    #expect(
      APNGAssembler.Failure.mismatched(frame: 1).description
        == "frame 1 differs from the first frame in size or pixel format")
  }
}
