/// The zlib stream of a PNG's image data (its IDAT), written by Segue for the frames it renders,
/// for `--compression fast`.
///
/// A UI frame is mostly rows that repeat the row above and runs of one colour. Every row gets
/// PNG's "up" filter (each byte minus the byte above it), and the filtered row is cut into
/// pixels: a pixel equal to the filtered pixel before it continues a run, which deflate writes as
/// a match one pixel back (distance 3 in RGB, 4 in RGBA) of up to 258 bytes; any other pixel
/// is written as literal bytes. Rows that repeat the row above are all zeros after the filter,
/// one run each, found comparing two pixels at once with no filtered copy of the row; so the
/// work is in the pixels that change, not in the frame's size. zlib's run-length strategy (what
/// `fast` did through libpng) makes the same kind of stream but reads every byte through its
/// matcher, and matches only repeated bytes, never repeated pixels.
///
/// Blocks use dynamic Huffman codes built from each block's own counts (RFC 1951, 3.2.7), and the
/// stream's Adler-32 is kept as the tokens are made: a literal byte c adds c to the low sum a and
/// the new a to the high sum b; a run of k copies of a pixel with bytes c₀…c_{p−1} (n = p·k bytes)
/// adds k·Σc to a and, in closed form,
///
///     n·a + Σₘ cₘ·(p·k·(k + 1)/2 − m·k)
///
/// to b, since byte m of copy j is followed by n − p·j − m bytes of its run (itself included).
/// A run of zeros adds nothing to a and n·a to b.
struct PixelRunDeflater {
  /// Bytes a pixel has in the PNG: 3 (RGB, the alpha byte ignored) or 4 (RGBA).
  let bytesPerPixel: Int
  let width: Int

  /// A block ends at the first row end after this many tokens.
  private static let blockTokens = 1 << 16
  /// Tokens below 256 are literal bytes; 256 + n is a run of n bytes (3…258) one pixel back.
  private static let runBase: UInt16 = 256

  /// The zlib stream of `rows`, each `width` packed pixels (byte 0 of each UInt32 is red, as in
  /// memory on a little-endian machine, byte 3 alpha).
  static func stream(rows: [UnsafePointer<UInt32>], width: Int, bytesPerPixel: Int) -> [UInt8] {
    precondition(bytesPerPixel == 3 || bytesPerPixel == 4, "RGB or RGBA")
    var deflater = State(width: width, bytesPerPixel: bytesPerPixel)
    defer { deflater.deallocate() }
    let zeros = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, width))
    zeros.initialize(repeating: 0, count: max(1, width))
    defer { zeros.deallocate() }
    // CMF 0x78: deflate with a 32 KiB window; FLG 0x01: the fastest level, and 0x7801 is a
    // multiple of 31, as the header check requires.
    deflater.output.writeBytes([0x78, 0x01])
    for (y, row) in rows.enumerated() {
      deflater.addRow(row, above: y == 0 ? UnsafePointer(zeros) : rows[y - 1])
      if deflater.tokenCount >= blockTokens { deflater.writeBlock(final: false) }
    }
    deflater.writeBlock(final: true)
    deflater.output.alignToByte()
    let adler = UInt32(deflater.high) << 16 | UInt32(deflater.low)
    deflater.output.writeBytes([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> UInt32($0)) })
    return deflater.output.bytes()
  }

  /// Each byte of `a` minus the byte of `b` at its place, modulo 256, four at once: the high
  /// bit of each byte of `a` is set so no borrow crosses into the next byte, and the last xor
  /// puts back the high bit the true difference has.
  @inline(__always)
  static func byteDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
    ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
  }

  /// The tokens of the block being made, their counts, and the checksum so far.
  private struct State {
    let width: Int
    let bytesPerPixel: Int
    /// The bytes a pixel has in the PNG: the alpha byte is masked off for RGB.
    let mask: UInt32
    /// The longest run, in bytes, that is whole pixels and fits one match (258 bytes at most).
    let longestRun: Int
    var output = DeflateBitWriter()
    let tokens: UnsafeMutablePointer<UInt16>
    var tokenCount = 0
    /// How often each literal/length symbol (0…285) is used in the block.
    let frequencies: UnsafeMutablePointer<Int>
    /// Adler-32's two sums, reduced modulo 65521 at each row's end.
    var low: UInt64 = 1
    var high: UInt64 = 0

    init(width: Int, bytesPerPixel: Int) {
      self.width = width
      self.bytesPerPixel = bytesPerPixel
      mask = bytesPerPixel == 3 ? 0x00FF_FFFF : 0xFFFF_FFFF
      longestRun = 258 / bytesPerPixel * bytesPerPixel
      // A row adds at most one token for its filter byte and one a byte.
      tokens = .allocate(capacity: PixelRunDeflater.blockTokens + 1 + width * bytesPerPixel)
      frequencies = .allocate(capacity: 286)
      frequencies.initialize(repeating: 0, count: 286)
    }

    func deallocate() {
      output.deallocate()
      tokens.deallocate()
      frequencies.deallocate()
    }

    @inline(__always)
    mutating func literal(_ byte: UInt32) {
      tokens[tokenCount] = UInt16(truncatingIfNeeded: byte)
      tokenCount += 1
      frequencies[Int(byte)] += 1
      low &+= UInt64(byte)
      high &+= low
    }

    @inline(__always)
    mutating func literalPixel(_ pixel: UInt32) {
      literal(pixel & 0xFF)
      literal((pixel >> 8) & 0xFF)
      literal((pixel >> 16) & 0xFF)
      if bytesPerPixel == 4 { literal(pixel >> 24) }
    }

    /// `count` more copies of the filtered pixel `pixel`, which was just written.
    mutating func run(of pixel: UInt32, count: Int) {
      let p = UInt64(bytesPerPixel)
      let k = UInt64(count)
      let n = p * k
      high &+= n &* low
      if pixel != 0 {
        let triangle = p * k * (k + 1) / 2
        for m in 0..<bytesPerPixel {
          let c = UInt64((pixel >> UInt32(8 * m)) & 0xFF)
          low &+= k * c
          high &+= c &* (triangle - UInt64(m) * k)
        }
      }
      var left = count * bytesPerPixel
      while left > 0 {
        let length = min(left, longestRun)
        tokens[tokenCount] = PixelRunDeflater.runBase + UInt16(length)
        tokenCount += 1
        frequencies[Int(Deflate.lengthSymbol[length])] += 1
        left -= length
      }
    }

    /// Row `row` filtered against `above`: its filter byte (2, "up"), then its pixels.
    mutating func addRow(_ row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>) {
      literal(2)
      var previous = PixelRunDeflater.byteDifference(row[0], above[0]) & mask
      literalPixel(previous)
      var x = 1
      while x < width {
        let filtered = PixelRunDeflater.byteDifference(row[x], above[x]) & mask
        guard filtered == previous else {
          literalPixel(filtered)
          previous = filtered
          x += 1
          continue
        }
        var end = x + 1
        if filtered == 0 {
          // Two pixels at a time while the row repeats the row above exactly.
          let rowPairs = UnsafeRawPointer(row)
          let abovePairs = UnsafeRawPointer(above)
          while end + 2 <= width
            && rowPairs.loadUnaligned(fromByteOffset: end * 4, as: UInt64.self)
              == abovePairs.loadUnaligned(fromByteOffset: end * 4, as: UInt64.self)
          {
            end += 2
          }
          while end < width && (row[end] ^ above[end]) & mask == 0 { end += 1 }
        } else {
          while end < width && PixelRunDeflater.byteDifference(row[end], above[end]) & mask == filtered { end += 1 }
        }
        run(of: filtered, count: end - x)
        x = end
      }
      low %= 65521
      high %= 65521
    }

    /// Writes the tokens so far as one block with its own Huffman codes, and starts the next.
    mutating func writeBlock(final: Bool) {
      frequencies[256] = 1
      let literals = HuffmanCode(
        frequencies: (0..<286).map { frequencies[$0] }, limit: 15)
      // One distance is used: one pixel back. A complete code needs two symbols, so distance 1
      // (code 0) has a code too, never used unless the pixel is one byte.
      var distanceLengths = [UInt8](repeating: 0, count: bytesPerPixel)
      distanceLengths[0] = 1
      distanceLengths[bytesPerPixel - 1] = 1
      let distances = HuffmanCode(lengths: distanceLengths)
      let usedLiterals = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
      let header = Deflate.codeLengthItems(Array(literals.lengths[0..<usedLiterals]) + distanceLengths)
      var headerFrequencies = [Int](repeating: 0, count: 19)
      for item in header { headerFrequencies[Int(item.symbol)] += 1 }
      let lengthsCode = HuffmanCode(frequencies: headerFrequencies, limit: 7)
      let order = Deflate.codeLengthOrder
      let sentLengths = max(4, (order.lastIndex { lengthsCode.lengths[Int($0)] > 0 } ?? 0) + 1)

      // Each token is at most 15 + 5 + 1 bits; the header is at most 17 + 19 × 3 + 289 × 14 bits.
      output.reserve(tokenCount * 3 + 600)
      output.write(final ? 0b101 : 0b100, 3)
      output.write(UInt32(usedLiterals - 257), 5)
      output.write(UInt32(bytesPerPixel - 1), 5)
      output.write(UInt32(sentLengths - 4), 4)
      for symbol in order[0..<sentLengths] { output.write(UInt32(lengthsCode.lengths[Int(symbol)]), 3) }
      for item in header {
        let symbol = Int(item.symbol)
        output.write(lengthsCode.codes[symbol], Int(lengthsCode.lengths[symbol]))
        if item.extraBits > 0 { output.write(UInt32(item.extra), Int(item.extraBits)) }
      }

      // Every token's bits as one table entry, the bits in the low half and their count in the
      // high: a literal's code, or a run's whole match (length code, its extra bits, the
      // distance code). Writing a token is then one load and one write, with no branch.
      let distanceCode = distances.codes[bytesPerPixel - 1]
      let distanceBits = Int(distances.lengths[bytesPerPixel - 1])
      var entries = [UInt64](repeating: 0, count: Int(PixelRunDeflater.runBase) + 259)
      for byte in 0..<256 {
        entries[byte] = UInt64(literals.codes[byte]) | UInt64(literals.lengths[byte]) << 32
      }
      for length in 3...258 {
        let symbol = Int(Deflate.lengthSymbol[length])
        let codeBits = Int(literals.lengths[symbol])
        let extraBits = Int(Deflate.lengthExtraBits[symbol - 257])
        let extra = UInt32(length - Int(Deflate.lengthBase[symbol - 257]))
        let bits = literals.codes[symbol] | extra << UInt32(codeBits) | distanceCode << UInt32(codeBits + extraBits)
        entries[Int(PixelRunDeflater.runBase) + length] =
          UInt64(bits) | UInt64(codeBits + extraBits + distanceBits) << 32
      }
      entries.withUnsafeBufferPointer { entries in
        for index in 0..<tokenCount {
          let entry = entries[Int(tokens[index])]
          output.write(UInt32(truncatingIfNeeded: entry), Int(entry >> 32))
        }
      }
      output.write(literals.codes[256], Int(literals.lengths[256]))
      tokenCount = 0
      frequencies.update(repeating: 0, count: 286)
    }
  }
}
