import SegueRaster

/// The zlib stream of a PNG's image data (its IDAT), written by Segue for the frames it renders,
/// for `--compression fast`.
///
/// A UI frame is mostly rows that repeat the row above and runs of one colour; gradients, photos
/// and resampled screens make the rest, rows with no runs. Each row:
///
/// - that is mostly runs under PNG's up filter (it changes from pixel to pixel at most once in 64
///   pixels, with no cluster of dither dots; a row that repeats the row above is all zeros)
///   keeps that filter and is written as
///   runs of the pixel before, found comparing eight bytes at a time while the row repeats the
///   row above, and literal pixels, with no filtered copy of the row;
/// - otherwise gets the filter `RowFilter.choose` estimates best, and is cut into deflate's
///   tokens by `PixelMatchFinder`, whole pixels at a time: runs of the pixel before, repeats of
///   earlier pixels within 32 KiB (a dithered gradient repeats every 8 pixels and every 8 rows),
///   and literal bytes where nothing repeats.
///
/// zlib's levels read every byte through a byte matcher; this one reads pixels, and walks a
/// short chain only in the rows that runs do not make. Blocks use dynamic Huffman
/// codes built from each block's own counts (RFC 1951, 3.2.7); the Adler-32 is summed over each
/// filtered row as it is made.
struct FrameDeflater {
  /// A block ends at the first row end after this many tokens. Blocks of 2¹⁵ fit their codes
  /// to a part of the frame: 0.5% smaller files than 2¹⁶ (custom-page-flip's largest 1.19 times
  /// libpng's, not 1.20), for 0.5% more instructions; 2¹⁴ saved a little more for 2% more.
  private static let blockTokens = 1 << 15
  /// Matches this long or shorter index every pixel they cover; longer ones only their first
  /// pixels (as zlib's faster levels do), which keeps a long repeat's cost in the comparing.
  /// A dithered gradient's matches are about 10 to 16 pixels: at 24 every pixel of them was
  /// indexed, and 8 takes an eighth off the stream's time for 0.2% larger files.
  private static let indexedMatch = 8
  /// A row with at most one change in this many pixels under the up filter keeps that filter
  /// (but see `ditherStreak`).
  private static let quietRow = 64
  /// Pixels in a row that each differ from the one before by a level or two a channel (`isFaint`),
  /// under the up filter. A row with this many together and more than one change in 256 pixels
  /// is a faint shade's dither dots (a turning page's), which the matcher finds repeated in rows
  /// above, where the runs path wrote them as literals: custom-page-flip's frames were up to
  /// 1.65 times libpng's, and are at most 1.18 times with this rule. Edges, corners' arcs
  /// included, change by more and keep the runs path: sending every row of more than one change
  /// in 256 pixels to the matcher cost a stories frame a fifth more.
  private static let ditherStreak = 6
  /// A token with this bit is a match: its length in bits 16…24, its distance in bits 0…15.
  private static let matchFlag: UInt32 = 1 << 31

  /// The zlib stream of `rows`, each `width` packed pixels (byte 0 of each UInt32 is red, as in
  /// memory on a little-endian machine, byte 3 alpha).
  static func stream(rows: [UnsafePointer<UInt32>], width: Int, bytesPerPixel: Int) -> [UInt8] {
    precondition(bytesPerPixel == 3 || bytesPerPixel == 4, "RGB or RGBA")
    // The matcher's positions fit 32 bits for pictures of a pixmap's size.
    precondition(width <= Pixmap.maxSide && rows.count <= Pixmap.maxSide, "a pixmap's size")
    var deflater = State(width: width, bytesPerPixel: bytesPerPixel)
    defer { deflater.deallocate() }
    let zeros = UnsafeMutablePointer<UInt32>.allocate(capacity: max(1, width))
    zeros.initialize(repeating: 0, count: max(1, width))
    defer { zeros.deallocate() }
    // CMF 0x78: deflate with a 32 KiB window; FLG 0x01: the fastest level, and 0x7801 is a
    // multiple of 31, as the header check requires.
    deflater.output.writeBytes([0x78, 0x01])
    for (y, row) in rows.enumerated() {
      deflater.addRow(y, row, above: y == 0 ? UnsafePointer(zeros) : rows[y - 1])
      if deflater.tokenCount >= blockTokens { deflater.writeBlock(final: false) }
    }
    deflater.writeBlock(final: true)
    deflater.output.alignToByte()
    let adler = deflater.adler.value
    deflater.output.writeBytes([24, 16, 8, 0].map { UInt8(truncatingIfNeeded: adler >> UInt32($0)) })
    return deflater.output.bytes()
  }

  /// The tokens of the block being made, their counts, the checksum and the matcher's window.
  private struct State {
    let width: Int
    let bytesPerPixel: Int
    /// The bytes a pixel has in the PNG: the alpha byte is masked off for RGB.
    let mask: UInt32
    /// The longest match, in pixels, that fits one deflate match (258 bytes at most).
    let longestMatch: Int
    var output = DeflateBitWriter()
    var adler = Adler32()
    let finder: PixelMatchFinder
    let tokens: UnsafeMutablePointer<UInt32>
    var tokenCount = 0
    /// How often each literal/length symbol (0…285) and distance symbol (0…29) is used in the
    /// block.
    let frequencies: UnsafeMutablePointer<Int>
    let distanceFrequencies: UnsafeMutablePointer<Int>

    init(width: Int, bytesPerPixel: Int) {
      self.width = width
      self.bytesPerPixel = bytesPerPixel
      mask = bytesPerPixel == 3 ? 0x00FF_FFFF : 0xFFFF_FFFF
      longestMatch = 258 / bytesPerPixel
      finder = PixelMatchFinder(width: width, bytesPerPixel: bytesPerPixel)
      // A row adds at most one token for its filter byte and one a byte.
      tokens = .allocate(capacity: FrameDeflater.blockTokens + 1 + width * bytesPerPixel)
      frequencies = .allocate(capacity: 286)
      frequencies.initialize(repeating: 0, count: 286)
      distanceFrequencies = .allocate(capacity: 30)
      distanceFrequencies.initialize(repeating: 0, count: 30)
    }

    func deallocate() {
      output.deallocate()
      finder.deallocate()
      tokens.deallocate()
      frequencies.deallocate()
      distanceFrequencies.deallocate()
    }

    @inline(__always)
    mutating func literal(_ byte: UInt32) {
      tokens[tokenCount] = byte
      tokenCount += 1
      frequencies[Int(byte)] += 1
    }

    @inline(__always)
    mutating func literalPixel(_ pixel: UInt32) {
      literal(pixel & 0xFF)
      literal((pixel >> 8) & 0xFF)
      literal((pixel >> 16) & 0xFF)
      if bytesPerPixel == 4 { literal(pixel >> 24) }
    }

    /// A copy of `count` pixels from `distance` bytes back, as matches of at most 258 bytes.
    @inline(__always)
    mutating func match(pixels count: Int, distance: Int) {
      let symbol = Int(Deflate.distanceSymbol(distance))
      var left = count
      while left > 0 {
        let length = min(left, longestMatch) * bytesPerPixel
        tokens[tokenCount] = FrameDeflater.matchFlag | UInt32(length) << 16 | UInt32(distance)
        tokenCount += 1
        frequencies[Int(Deflate.lengthSymbol[length])] += 1
        distanceFrequencies[symbol] += 1
        left -= length / bytesPerPixel
      }
    }

    /// `match`, where the pixels copied are `pixels[0..<count]` of a row: a piece after the
    /// first that repeats the pixels 1, 2, 4 or 8 back all along (a run, or a dither's period
    /// across) takes that shorter distance. Its code is a few bits, where a distance rows back
    /// takes about 16 (a long match from rows above is mostly runs and dots under the up
    /// filter).
    @inline(__always)
    mutating func match(pixels count: Int, distance: Int, of pixels: UnsafePointer<UInt32>) {
      guard count > longestMatch else { return match(pixels: count, distance: distance) }
      var done = 0
      while done < count {
        let length = min(count - done, longestMatch)
        var period = 0
        // The first piece keeps the match's distance: what it repeats is before the match.
        var candidate = 1
        while done > 0, candidate <= 8, candidate * bytesPerPixel < distance {
          if PixelMatchFinder.commonPrefix(pixels + done, pixels + done - candidate, from: 0, to: length) == length {
            period = candidate
            break
          }
          candidate *= 2
        }
        match(pixels: length, distance: period > 0 ? period * bytesPerPixel : distance)
        done += length
      }
    }

    /// Whether each byte of a filtered pixel is within 2 of 0, modulo 256: a dither's step.
    @inline(__always)
    static func isFaint(_ pixel: UInt32) -> Bool {
      var bytes = pixel
      for _ in 0..<4 {
        let byte = bytes & 0xFF
        if byte > 2 && byte < 254 { return false }
        bytes >>= 8
      }
      return true
    }

    /// Row `y`: its filter byte, then its pixels as literals and matches.
    mutating func addRow(_ y: Int, _ row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>) {
      // The up filter first: a row that changes from pixel to pixel at most once in 64 pixels
      // under it is mostly runs, which no other filter would shorten much, and is written as
      // runs and literal pixels as it is read; any other row gets the filter its estimate
      // prefers, and the matcher.
      let mark = tokenCount
      let before = adler
      literal(UInt32(RowFilter.up.rawValue))
      adler.add(byte: RowFilter.up.rawValue)
      if addQuiet(row, above: above, changes: width / FrameDeflater.quietRow) {
        return
      }
      rollBack(to: mark)
      adler = before
      let filter = RowFilter.choose(row: row, above: above, count: width, mask: mask)
      let filtered = finder.slot(of: y)
      RowFilter.apply(filter, row: row, above: above, count: width, mask: mask, into: filtered)
      literal(UInt32(filter.rawValue))
      adler.add(byte: filter.rawValue)
      adler.add(pixels: filtered, count: width, bytesPerPixel: bytesPerPixel)
      var x = 0
      while x < width {
        let found = finder.longestMatch(row: y, x: x, limit: width - x)
        guard found.pixels > 0 else {
          literalPixel(filtered[x])
          x += 1
          continue
        }
        match(pixels: found.pixels, distance: found.distance, of: filtered + x)
        let indexed = found.pixels <= FrameDeflater.indexedMatch ? found.pixels : 4
        // The match's first pixel was indexed as it was searched.
        for position in x + 1..<min(x + indexed, width) { finder.insert(row: y, x: position) }
        x += found.pixels
      }
    }

    /// The row under the up filter as runs of the pixel before (found eight bytes at a time
    /// while the row repeats the row above) and literal pixels, the checksum summed run by run,
    /// while the filtered row changes from pixel to pixel at most `changes` times (its first
    /// pixel counts when it is not zero); false as soon as it changes more, or changes
    /// `ditherStreak` pixels running after more than a quarter of `changes`.
    mutating func addQuiet(_ row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, changes limit: Int) -> Bool {
      var previous = RowFilter.byteDifference(row[0], above[0]) & mask
      var changes = previous != 0 ? 1 : 0
      var streak = changes > 0 && State.isFaint(previous) ? 1 : 0
      guard changes <= limit else { return false }
      literalPixel(previous)
      adler.add(pixel: previous, bytesPerPixel: bytesPerPixel)
      let rowPairs = UnsafeRawPointer(row)
      let abovePairs = UnsafeRawPointer(above)
      var x = 1
      while x < width {
        let filtered = RowFilter.byteDifference(row[x], above[x]) & mask
        guard filtered == previous else {
          changes += 1
          streak = State.isFaint(filtered) ? streak + 1 : 0
          guard changes <= limit, streak < FrameDeflater.ditherStreak || changes * 4 <= limit else { return false }
          literalPixel(filtered)
          adler.add(pixel: filtered, bytesPerPixel: bytesPerPixel)
          previous = filtered
          x += 1
          continue
        }
        streak = 0
        var end = x + 1
        if filtered == 0 {
          while end + 2 <= width
            && rowPairs.loadUnaligned(fromByteOffset: end * 4, as: UInt64.self)
              == abovePairs.loadUnaligned(fromByteOffset: end * 4, as: UInt64.self)
          {
            end += 2
          }
          while end < width && (row[end] ^ above[end]) & mask == 0 { end += 1 }
        } else {
          while end < width && RowFilter.byteDifference(row[end], above[end]) & mask == filtered { end += 1 }
        }
        match(pixels: end - x, distance: bytesPerPixel)
        adler.addRun(of: filtered, count: end - x, bytesPerPixel: bytesPerPixel)
        x = end
      }
      adler.reduce()
      return true
    }

    /// Takes back the tokens from `mark` on, and their counts.
    mutating func rollBack(to mark: Int) {
      for index in mark..<tokenCount {
        let token = tokens[index]
        guard token & FrameDeflater.matchFlag != 0 else {
          frequencies[Int(token)] -= 1
          continue
        }
        frequencies[Int(Deflate.lengthSymbol[Int((token >> 16) & 0x1FF)])] -= 1
        distanceFrequencies[Int(Deflate.distanceSymbol(Int(token & 0xFFFF)))] -= 1
      }
      tokenCount = mark
    }

    /// Writes the tokens so far as one block with its own Huffman codes, and starts the next.
    mutating func writeBlock(final: Bool) {
      frequencies[256] = 1
      let literals = HuffmanCode(frequencies: (0..<286).map { frequencies[$0] }, limit: 15)
      // A complete distance code needs two symbols: unused ones get a length of 1 as partners.
      var distanceCounts = (0..<30).map { distanceFrequencies[$0] }
      for symbol in 0..<2 where distanceCounts.filter({ $0 > 0 }).count < 2 && distanceCounts[symbol] == 0 {
        distanceCounts[symbol] = 1
      }
      let distances = HuffmanCode(frequencies: distanceCounts, limit: 15)
      let usedLiterals = max(257, (literals.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
      let usedDistances = max(1, (distances.lengths.lastIndex { $0 > 0 } ?? 0) + 1)
      let header = Deflate.codeLengthItems(
        Array(literals.lengths[0..<usedLiterals]) + Array(distances.lengths[0..<usedDistances]))
      var headerFrequencies = [Int](repeating: 0, count: 19)
      for item in header { headerFrequencies[Int(item.symbol)] += 1 }
      let lengthsCode = HuffmanCode(frequencies: headerFrequencies, limit: 7)
      let order = Deflate.codeLengthOrder
      let sentLengths = max(4, (order.lastIndex { lengthsCode.lengths[Int($0)] > 0 } ?? 0) + 1)

      // Each token is at most 15 + 5 + 15 + 13 bits; the header is at most 17 + 19 × 3 +
      // 316 × 14 bits.
      output.reserve(tokenCount * 7 + 700)
      output.write(final ? 0b101 : 0b100, 3)
      output.write(UInt32(usedLiterals - 257), 5)
      output.write(UInt32(usedDistances - 1), 5)
      output.write(UInt32(sentLengths - 4), 4)
      for symbol in order[0..<sentLengths] { output.write(UInt32(lengthsCode.lengths[Int(symbol)]), 3) }
      for item in header {
        let symbol = Int(item.symbol)
        output.write(lengthsCode.codes[symbol], Int(lengthsCode.lengths[symbol]))
        if item.extraBits > 0 { output.write(UInt32(item.extra), Int(item.extraBits)) }
      }

      // Every literal's code, and every length's code with its extra bits, as one table entry:
      // the bits in the low half and their count in the high.
      var entries = [UInt64](repeating: 0, count: 256 + 259)
      for byte in 0..<256 {
        entries[byte] = UInt64(literals.codes[byte]) | UInt64(literals.lengths[byte]) << 32
      }
      for length in 3...258 {
        let symbol = Int(Deflate.lengthSymbol[length])
        let codeBits = Int(literals.lengths[symbol])
        let extraBits = Int(Deflate.lengthExtraBits[symbol - 257])
        let extra = UInt32(length - Int(Deflate.lengthBase[symbol - 257]))
        entries[256 + length] =
          UInt64(literals.codes[symbol] | extra << UInt32(codeBits)) | UInt64(codeBits + extraBits) << 32
      }
      // The same for each distance symbol's code; its extra bits follow.
      let distanceEntries = (0..<30).map { UInt64(distances.codes[$0]) | UInt64(distances.lengths[$0]) << 32 }
      entries.withUnsafeBufferPointer { entries in
        distanceEntries.withUnsafeBufferPointer { distanceEntries in
          for index in 0..<tokenCount {
            let token = tokens[index]
            guard token & FrameDeflater.matchFlag != 0 else {
              let entry = entries[Int(token)]
              output.write(UInt32(truncatingIfNeeded: entry), Int(entry >> 32))
              continue
            }
            let entry = entries[256 + Int((token >> 16) & 0x1FF)]
            output.write(UInt32(truncatingIfNeeded: entry), Int(entry >> 32))
            let distance = Int(token & 0xFFFF)
            let symbol = Int(Deflate.distanceSymbol(distance))
            let code = distanceEntries[symbol]
            let extraBits = Int(Deflate.distanceExtraBits[symbol])
            let extra = UInt32(distance - Int(Deflate.distanceBase[symbol]))
            let codeBits = Int(code >> 32)
            output.write(UInt32(truncatingIfNeeded: code) | extra << UInt32(codeBits), codeBits + extraBits)
          }
        }
      }
      output.write(literals.codes[256], Int(literals.lengths[256]))
      tokenCount = 0
      frequencies.update(repeating: 0, count: 286)
      distanceFrequencies.update(repeating: 0, count: 30)
    }
  }
}
