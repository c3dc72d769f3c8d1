/// PNG's five row filters (PNG specification, 9.2), on packed pixels: each byte of a pixel
/// becomes its difference, modulo 256, from a prediction made of the same channel in the pixel
/// to its left (a), above it (b) and above-left (c), all 0 outside the picture:
///
///     none     0
///     sub      a
///     up       b
///     average  ⌊(a + b) ÷ 2⌋
///     Paeth    whichever of a, b and c is nearest p = a + b − c (ties: a, then b)
///
/// A pixel is a `UInt32` whose bytes, low first, are the PNG's bytes (red first); for RGB the
/// fourth byte is masked off, so the channels never mix and one operation does a whole pixel.
enum RowFilter: UInt8, CaseIterable {
  case none = 0
  case sub = 1
  case up = 2
  case average = 3
  case paeth = 4

  /// Pixels `count` of `row` filtered against `above`, into `output`.
  static func apply(
    _ filter: RowFilter, row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, count: Int, mask: UInt32,
    into output: UnsafeMutablePointer<UInt32>
  ) {
    switch filter {
    case .none:
      for x in 0..<count { output[x] = row[x] & mask }
    case .sub:
      var left: UInt32 = 0
      for x in 0..<count {
        let pixel = row[x] & mask
        output[x] = byteDifference(pixel, left)
        left = pixel
      }
    case .up:
      // Eight pixels at a time (the same operations as `byteDifference`, lane by lane).
      let (rowBytes, aboveBytes) = (UnsafeRawPointer(row), UnsafeRawPointer(above))
      let outputBytes = UnsafeMutableRawPointer(output)
      let lanes = count / 8 * 8
      var x = 0
      while x < lanes {
        let a = rowBytes.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
        let b = aboveBytes.loadUnaligned(fromByteOffset: x * 4, as: SIMD8<UInt32>.self)
        let difference = ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
        outputBytes.storeBytes(of: difference & mask, toByteOffset: x * 4, as: SIMD8<UInt32>.self)
        x += 8
      }
      for x in lanes..<count { output[x] = byteDifference(row[x], above[x]) & mask }
    case .average:
      var left: UInt32 = 0
      for x in 0..<count {
        let pixel = row[x] & mask
        output[x] = byteDifference(pixel, average(left, above[x] & mask))
        left = pixel
      }
    case .paeth:
      // The first pixel has nothing to its left; from the second on, four at a time.
      if count > 0 { output[0] = byteDifference(row[0] & mask, paethPrediction(0, above[0] & mask, 0)) }
      var x = 1
      let outputBytes = UnsafeMutableRawPointer(output)
      while x + 4 <= count {
        let group = Group(row: row, above: above, at: x, mask: mask)
        let residual = group.pixel &- group.paeth
        outputBytes.storeBytes(
          of: SIMD16<UInt8>(truncatingIfNeeded: residual), toByteOffset: x * 4, as: SIMD16<UInt8>.self)
        x += 4
      }
      while x < count {
        output[x] = byteDifference(
          row[x] & mask, paethPrediction(row[x - 1] & mask, above[x] & mask, above[x - 1] & mask))
        x += 1
      }
    }
  }

  /// Four pixels from column x ≥ 1 and their neighbours, a byte a lane, widened so sums and
  /// differences need no wrapping: p, a (left), b (above) and c (above-left).
  struct Group {
    let pixel: SIMD16<Int16>
    let left: SIMD16<Int16>
    let up: SIMD16<Int16>
    let upperLeft: SIMD16<Int16>

    @inline(__always)
    init(row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, at x: Int, mask: UInt32) {
      @inline(__always) func load(_ base: UnsafePointer<UInt32>, _ x: Int) -> SIMD16<Int16> {
        let pixels = UnsafeRawPointer(base).loadUnaligned(fromByteOffset: x * 4, as: SIMD4<UInt32>.self)
        return SIMD16<Int16>(truncatingIfNeeded: unsafeBitCast(pixels & mask, to: SIMD16<UInt8>.self))
      }
      pixel = load(row, x)
      left = load(row, x - 1)
      up = load(above, x)
      upperLeft = load(above, x - 1)
    }

    /// The Paeth prediction of each byte: with p = a + b − c, the distances are |p − a| =
    /// |b − c|, |p − b| = |a − c| and |p − c| = |a + b − 2c|; the nearest wins, ties to a, then b.
    /// In shifts and bitwise selects only, which vector units do a register at a time (Swift's
    /// lane comparisons become a loop over the lanes): a lane's sign, v >> 15, is all ones where
    /// v < 0, so x ≤ y where y − x has no sign.
    @inline(__always)
    var paeth: SIMD16<Int16> {
      let toLeft = Group.magnitude(up &- upperLeft)
      let toUp = Group.magnitude(left &- upperLeft)
      let toUpperLeft = Group.magnitude(left &+ up &- upperLeft &* 2)
      let upWins = ~((toUpperLeft &- toUp) &>> 15)
      let leftWins = ~((toUp &- toLeft) &>> 15) & ~((toUpperLeft &- toLeft) &>> 15)
      let upOrCorner = (up & upWins) | (upperLeft & ~upWins)
      return (left & leftWins) | (upOrCorner & ~leftWins)
    }

    /// |v| of each lane: v xor its sign, less its sign.
    @inline(__always)
    static func magnitude(_ v: SIMD16<Int16>) -> SIMD16<Int16> {
      let sign = v &>> 15
      return (v ^ sign) &- sign
    }

    /// A residual's byte r mod 256 read as a signed number, without its sign: min(v, 256 − v).
    @inline(__always)
    static func cost(_ residual: SIMD16<Int16>) -> SIMD16<Int16> {
      let byte = residual & 255
      let above128 = (128 &- byte) &>> 15
      return ((256 &- byte) & above128) | (byte & ~above128)
    }
  }

  /// The filter to use for `row`: the one whose filtered bytes, read as signed numbers, have the
  /// least sum of magnitudes (libpng's heuristic: small differences make a skewed alphabet that
  /// Huffman codes well), over every third group of four pixels. A third keeps the estimate
  /// cheap beside the filtering itself; groups 12 pixels apart start at every column modulo 8
  /// in turn, so the samples see the 8-pixel period of the dithered gradients whole.
  static func choose(row: UnsafePointer<UInt32>, above: UnsafePointer<UInt32>, count: Int, mask: UInt32) -> RowFilter {
    var sums = SIMD8<UInt32>()
    // Each filter's costs gather lane by lane (at most 128 a group, so 255 groups fit 16 bits),
    // and go into `sums` every 255 groups and at the end.
    var lanes = (SIMD16<Int16>(), SIMD16<Int16>(), SIMD16<Int16>(), SIMD16<Int16>(), SIMD16<Int16>())
    var groups = 0
    func flush() {
      @inline(__always) func total(_ v: SIMD16<Int16>) -> UInt32 {
        SIMD16<UInt32>(truncatingIfNeeded: SIMD16<UInt16>(truncatingIfNeeded: v)).wrappedSum()
      }
      sums &+= SIMD8(total(lanes.0), total(lanes.1), total(lanes.2), total(lanes.3), total(lanes.4), 0, 0, 0)
      lanes = (SIMD16<Int16>(), SIMD16<Int16>(), SIMD16<Int16>(), SIMD16<Int16>(), SIMD16<Int16>())
      groups = 0
    }
    var x = 1
    while x + 4 <= count {
      let group = Group(row: row, above: above, at: x, mask: mask)
      lanes.0 &+= Group.cost(group.pixel)
      lanes.1 &+= Group.cost(group.pixel &- group.left)
      lanes.2 &+= Group.cost(group.pixel &- group.up)
      lanes.3 &+= Group.cost(group.pixel &- ((group.left &+ group.up) &>> 1))
      lanes.4 &+= Group.cost(group.pixel &- group.paeth)
      groups += 1
      if groups == 255 { flush() }
      x += 12
    }
    flush()
    // A row too short for a group: its pixels one by one.
    if count < 5 {
      for x in 0..<count {
        let pixel = row[x] & mask
        let up = above[x] & mask
        let left = x > 0 ? row[x - 1] & mask : 0
        let upperLeft = x > 0 ? above[x - 1] & mask : 0
        sums &+= SIMD8(
          magnitude(pixel), magnitude(byteDifference(pixel, left)), magnitude(byteDifference(pixel, up)),
          magnitude(byteDifference(pixel, average(left, up))),
          magnitude(byteDifference(pixel, paethPrediction(left, up, upperLeft))), 0, 0, 0)
      }
    }
    var best = RowFilter.none
    for filter in RowFilter.allCases where sums[Int(filter.rawValue)] < sums[Int(best.rawValue)] { best = filter }
    return best
  }

  /// Each byte of `a` minus the byte of `b` at its place, modulo 256, four at once: the high
  /// bit of each byte of `a` is set so no borrow crosses into the next byte, and the last xor
  /// puts back the high bit the true difference has.
  @inline(__always)
  static func byteDifference(_ a: UInt32, _ b: UInt32) -> UInt32 {
    ((a | 0x8080_8080) &- (b & 0x7F7F_7F7F)) ^ ((a ^ ~b) & 0x8080_8080)
  }

  /// ⌊(a + b) ÷ 2⌋ of each byte: the bits both have, plus half the bits one has (shifted right
  /// within each byte, the low bit of the byte above dropped).
  @inline(__always)
  static func average(_ a: UInt32, _ b: UInt32) -> UInt32 {
    (a & b) &+ (((a ^ b) & 0xFEFE_FEFE) >> 1)
  }

  /// The Paeth predictor of each byte: with p = a + b − c, the distances are |p − a| = |b − c|,
  /// |p − b| = |a − c| and |p − c| = |a + b − 2c|.
  @inline(__always)
  static func paethPrediction(_ a: UInt32, _ b: UInt32, _ c: UInt32) -> UInt32 {
    var result: UInt32 = 0
    for shift in stride(from: UInt32(0), to: 32, by: 8) {
      let left = Int32((a >> shift) & 0xFF)
      let up = Int32((b >> shift) & 0xFF)
      let upperLeft = Int32((c >> shift) & 0xFF)
      let toLeft = abs(up - upperLeft)
      let toUp = abs(left - upperLeft)
      let toUpperLeft = abs(left + up - 2 * upperLeft)
      let byte = toLeft <= toUp && toLeft <= toUpperLeft ? left : toUp <= toUpperLeft ? up : upperLeft
      result |= UInt32(byte) << shift
    }
    return result
  }

  /// The sum of a pixel's bytes read as signed numbers, without their signs: min(v, 256 − v)
  /// each.
  @inline(__always)
  static func magnitude(_ pixel: UInt32) -> UInt32 {
    var sum: UInt32 = 0
    for shift in stride(from: UInt32(0), to: 32, by: 8) {
      let byte = (pixel >> shift) & 0xFF
      sum &+= min(byte, 256 - byte)
    }
    return sum
  }
}
