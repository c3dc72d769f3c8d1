/// The fixed tables of the deflate format (RFC 1951, 3.2.5 and 3.2.7).
enum Deflate {
  /// The first match length of each length symbol 257…285.
  static let lengthBase: [UInt16] = [
    3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258,
  ]
  /// The extra bits after each length symbol 257…285.
  static let lengthExtraBits: [UInt8] = [
    0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
  ]

  /// The length symbol of each match length 3…258 (0 below 3). 258 has a symbol of its own
  /// (285), not 284 with all its extra bits set, which inflate refuses.
  static let lengthSymbol: [UInt16] = {
    var symbols = [UInt16](repeating: 0, count: 259)
    for index in lengthBase.indices {
      let first = Int(lengthBase[index])
      let last = index + 1 < lengthBase.count ? Int(lengthBase[index + 1]) - 1 : 258
      for length in first...min(last, 258) { symbols[length] = UInt16(257 + index) }
    }
    return symbols
  }()

  /// The first distance of each distance symbol 0…29.
  static let distanceBase: [UInt16] = [
    1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
    8193, 12289, 16385, 24577,
  ]
  /// The extra bits after each distance symbol 0…29.
  static let distanceExtraBits: [UInt8] = [
    0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
  ]

  /// The symbol of a match distance 1…32768: distances 1…4 are symbols 0…3; past them, each
  /// power of two from 4 up is split into two symbols of 2^(k−1) distances each, so with
  /// k = ⌊log₂(d − 1)⌋ the symbol is 2k plus the bit of d − 1 below its highest.
  @inline(__always)
  static func distanceSymbol(_ distance: Int) -> UInt8 {
    guard distance > 4 else { return UInt8(truncatingIfNeeded: distance - 1) }
    let v = distance - 1
    let k = Int.bitWidth - 1 - v.leadingZeroBitCount
    return UInt8(truncatingIfNeeded: 2 * k + ((v >> (k - 1)) & 1))
  }

  /// The order in which a dynamic block sends the code lengths of the code-length alphabet.
  static let codeLengthOrder: [UInt8] = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

  /// One symbol of the code-length alphabet with its extra bits.
  struct CodeLengthItem: Equatable {
    var symbol: UInt8
    var extra: UInt8 = 0
    var extraBits: UInt8 = 0
  }

  /// A dynamic block's code lengths, run-length coded: 16 repeats the previous length 3…6
  /// times, 17 writes 3…10 zeros and 18 writes 11…138 zeros; any other length is itself.
  static func codeLengthItems(_ lengths: [UInt8]) -> [CodeLengthItem] {
    var items: [CodeLengthItem] = []
    var index = 0
    while index < lengths.count {
      let value = lengths[index]
      var runEnd = index + 1
      while runEnd < lengths.count && lengths[runEnd] == value { runEnd += 1 }
      var left = runEnd - index
      if value == 0 {
        while left >= 11 {
          let count = min(left, 138)
          items.append(CodeLengthItem(symbol: 18, extra: UInt8(count - 11), extraBits: 7))
          left -= count
        }
        if left >= 3 {
          items.append(CodeLengthItem(symbol: 17, extra: UInt8(left - 3), extraBits: 3))
          left = 0
        }
      } else {
        items.append(CodeLengthItem(symbol: value))
        left -= 1
        while left >= 3 {
          let count = min(left, 6)
          items.append(CodeLengthItem(symbol: 16, extra: UInt8(count - 3), extraBits: 2))
          left -= count
        }
      }
      items += [CodeLengthItem](repeating: CodeLengthItem(symbol: value), count: left)
      index = runEnd
    }
    return items
  }
}
