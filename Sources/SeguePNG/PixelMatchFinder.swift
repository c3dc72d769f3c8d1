/// Finds deflate matches in a picture's filtered rows, whole pixels at a time.
///
/// It keeps the filtered rows of deflate's 32 KiB window in a ring, and indexes each pixel
/// position by the hash of that pixel and the two after it: a chain from the newest position of
/// a hash to older ones, as zlib's matcher keeps (RFC 1951, 4), but of pixels, not bytes, so a
/// match starts and ends on a pixel and is compared four bytes at a time. Three pixels, not two:
/// a dithered gradient takes two values near each level, so pairs repeat everywhere and would
/// fill the chain with short matches, where three find the long repeats (8 pixels across, 8 rows
/// down, along the gradient's lines of one colour). Besides the chain, the pixel just before is
/// always tried: runs of one filtered pixel are most of a UI frame.
///
/// A position is a pixel id, `row << rowShift | x`, rows counted from the picture's first: with
/// the ring's rows and their pitch powers of two, a position's row, column, slot and place in
/// the chain are shifts and masks, no divisions.
struct PixelMatchFinder {
  let width: Int
  let bytesPerPixel: Int
  /// Pixels from one slot to the next: the least power of two ≥ width, 1 << rowShift.
  private let rowShift: Int
  /// Rows the ring holds (a power of two): at least every row whose bytes are within 32 KiB
  /// behind the current row's end.
  private let ringRows: Int
  /// The filtered pixels of the rows in the ring (slot = row mod `ringRows`).
  private let pixels: UnsafeMutablePointer<UInt32>
  /// Bytes from a row's first pixel to the next row's: its filter byte and its pixels.
  private let stride: Int
  /// The newest position of each hash, and each position's next older one with its hash (at the
  /// position's id modulo the ring's size). 32 bits, so both stay in a core's cache: a picture
  /// has at most 16,384 rows of at most 16,384 pixels (`Pixmap.maxSide`), ids below 2²⁸.
  private let head: UnsafeMutablePointer<Int32>
  private let older: UnsafeMutablePointer<Int32>
  private let ringMask: Int
  private let columnMask: Int
  private let idMask: Int
  private static let hashBits = 15
  /// Positions of a chain tried before giving up. zlib's level 6 tries up to 128 bytes. On the
  /// frames of custom-mini-player, custom-page-flip and custom-app-store-card at scale 3, 3
  /// made files 3.4% larger for 6% less of the stream's time, 2 8% larger for 7%, and 64 12%
  /// smaller for 1.8 times the time, and custom-page-flip's files of sparse dots, 1.55 times
  /// libpng's with 4, still 1.55 with 64.
  static let chainLength = 4
  /// Pixels a match elsewhere must beat a run by: a run's distance costs a bit or two, another's
  /// up to 28 (its code and 13 extra bits), about what two pixels of small differences cost as
  /// literals.
  static let runBonus = 2

  init(width: Int, bytesPerPixel: Int) {
    self.width = width
    self.bytesPerPixel = bytesPerPixel
    var shift = 0
    while 1 << shift < width { shift += 1 }
    rowShift = shift
    let needed = 32768 / (1 + width * bytesPerPixel) + 2
    var rows = 2
    while rows < needed { rows *= 2 }
    ringRows = rows
    ringMask = rows - 1
    columnMask = (1 << shift) - 1
    idMask = (rows << shift) - 1
    stride = 1 + width * bytesPerPixel
    let capacity = rows << shift
    // The pixels and chain links are read only where written: a slot's pixels once its row is
    // in it, a link once its position is indexed.
    pixels = .allocate(capacity: capacity)
    head = .allocate(capacity: 1 << PixelMatchFinder.hashBits)
    head.initialize(repeating: -1, count: 1 << PixelMatchFinder.hashBits)
    older = .allocate(capacity: capacity)
  }

  func deallocate() {
    pixels.deallocate()
    head.deallocate()
    older.deallocate()
  }

  /// Where row `row`'s filtered pixels go, to be indexed pixel by pixel with `insert`. A row
  /// not indexed need not be there: the chains hold no position of it, and the positions of the
  /// row its slot held before are older than any match may reach.
  @inline(__always)
  func slot(of row: Int) -> UnsafeMutablePointer<UInt32> {
    pixels + ((row & ringMask) << rowShift)
  }

  @inline(__always)
  private func hash(_ pixels: UnsafePointer<UInt32>) -> Int {
    let mixed = pixels[0] &* 0x9E37_79B1 ^ pixels[1] &* 0x85EB_CA77 ^ pixels[2] &* 0xC2B2_AE3D
    return Int(truncatingIfNeeded: (mixed ^ (mixed >> 15)) >> UInt32(32 - PixelMatchFinder.hashBits))
  }

  /// Indexes pixel `x` of row `row` (which must be in its slot) by it and the two pixels after
  /// it; the last two pixels of a row are not indexed.
  @inline(__always)
  func insert(row: Int, x: Int) {
    guard x + 2 < width else { return }
    let current = slot(of: row)
    let key = hash(current + x)
    let id = row << rowShift | x
    older[id & idMask] = head[key]
    head[key] = Int32(truncatingIfNeeded: id)
  }

  /// How many pixels `a` and `b` have in common from pixel `start` on, up to `end`: two pixels
  /// (eight bytes) at a time, and where they differ, the first differing byte is the lowest set
  /// byte of their xor (little-endian), in pixel ⌊zeros ÷ 32⌋ of the two. An RGB pixel's fourth
  /// byte is 0 in the filtered rows, so it never differs.
  @inline(__always)
  static func commonPrefix(
    _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, from start: Int, to end: Int
  ) -> Int {
    let pairsA = UnsafeRawPointer(a)
    let pairsB = UnsafeRawPointer(b)
    var length = start
    while length + 2 <= end {
      let difference =
        pairsA.loadUnaligned(fromByteOffset: length * 4, as: UInt64.self)
        ^ pairsB.loadUnaligned(fromByteOffset: length * 4, as: UInt64.self)
      guard difference == 0 else { return length + difference.trailingZeroBitCount >> 5 }
      length += 2
    }
    if length < end && a[length] == b[length] { length += 1 }
    return length
  }

  /// The match to write at pixel `x` of row `row` (at most `limit` pixels): its length in pixels
  /// and its distance in bytes; 0 pixels for a literal.
  ///
  /// Pixel `x` is indexed as it is searched (as zlib's matchers do): the hash that finds its
  /// chain is the hash it is filed under, computed once.
  ///
  /// A run of the pixel before is taken as it is; a run starting here is better written as this
  /// pixel and then the run, so either gives way only to a match `runBonus` pixels longer. A
  /// match elsewhere has 2 pixels at least.
  @inline(__always)
  func longestMatch(row: Int, x: Int, limit: Int) -> (pixels: Int, distance: Int) {
    let current = slot(of: row) + x
    // The chain before this pixel joins it: its newest position, -1 when there is none.
    var id = -1
    if x + 2 < width {
      let key = hash(current)
      let position = row << rowShift | x
      id = Int(head[key])
      older[position & idMask] = head[key]
      head[key] = Int32(truncatingIfNeeded: position)
    }
    var best = 0
    var bestDistance = 0
    // What a match must be longer than: the run, with its bonus, or 1 pixel.
    var toBeat = 1
    if x > 0 && current[-1] == current[0] {
      best = 1
      while best < limit && current[best] == current[best - 1] { best += 1 }
      bestDistance = bytesPerPixel
      toBeat = best + PixelMatchFinder.runBonus
    } else if limit >= 2 && current[1] == current[0] {
      var ahead = 2
      while ahead < limit && current[ahead] == current[0] { ahead += 1 }
      toBeat = ahead + PixelMatchFinder.runBonus
    }
    guard x + 1 < width, toBeat < limit else { return (best, bestDistance) }
    /// Takes the match at pixel `sourceX` of row `sourceRow` if it is longer than `toBeat`.
    @inline(__always) func consider(_ sourceRow: Int, _ sourceX: Int, distance: Int) {
      let source = pixels + ((sourceRow & ringMask) << rowShift) + sourceX
      let reach = min(limit, width - sourceX)
      // The pixel just past what is to be beaten must match, or this one is no longer.
      guard reach > toBeat, source[toBeat] == current[toBeat], source[0] == current[0] else { return }
      let length = PixelMatchFinder.commonPrefix(source, current, from: 1, to: reach)
      guard length > toBeat else { return }
      best = length
      bestDistance = distance
      toBeat = length
    }
    guard x + 2 < width else { return (best, bestDistance) }
    // Positions of rows the ring no longer holds (and the -1 of an empty head) are older.
    let oldest = max(0, (row - ringRows + 1) << rowShift)
    var tries = PixelMatchFinder.chainLength
    while id >= oldest && tries > 0 && toBeat < limit {
      tries -= 1
      let sourceRow = id >> rowShift
      let sourceX = id & columnMask
      let distance = (row - sourceRow) * stride + (x - sourceX) * bytesPerPixel
      guard distance <= 32768 else { break }
      consider(sourceRow, sourceX, distance: distance)
      id = Int(older[id & idMask])
    }
    return (best, bestDistance)
  }
}
