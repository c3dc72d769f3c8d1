import Testing

@testable import SeguePNG

/// Deflate's Huffman codes and code-length coding, against RFC 1951's own examples and the
/// properties every valid code has.
struct HuffmanCodeTests {
  /// Σ 2^−length over the used symbols: exactly 1 for a complete prefix code.
  func kraftSum(_ lengths: [UInt8]) -> Double {
    lengths.filter { $0 > 0 }.reduce(0) { $0 + 1 / Double(1 << Int($1)) }
  }

  @Test func canonicalCodesAreRFC1951sExample() {
    // RFC 1951, 3.2.2: lengths (3, 3, 3, 3, 3, 2, 4, 4) for A…H give the codes 010, 011, 100,
    // 101, 110, 00, 1110, 1111; deflate sends them most significant bit first, so they are
    // stored reversed.
    let code = HuffmanCode(lengths: [3, 3, 3, 3, 3, 2, 4, 4])
    let expected: [UInt32] = [0b010, 0b011, 0b100, 0b101, 0b110, 0b00, 0b1110, 0b1111]
    for symbol in 0..<8 {
      #expect(code.codes[symbol] == HuffmanCode.reversed(expected[symbol], bits: Int(code.lengths[symbol])))
    }
  }

  @Test func huffmanLengthsAreOptimalForAKnownCase() {
    // Weights 1, 1, 2, 4: merge 1+1 = 2, then 2+2 = 4, then 4+4: depths 3, 3, 2, 1.
    #expect(HuffmanCode.unlimitedLengths([1, 1, 2, 4]) == [3, 3, 2, 1])
    // Unused symbols get no code; equal weights give a balanced tree.
    #expect(HuffmanCode.unlimitedLengths([0, 5, 0, 5, 5, 5]) == [0, 2, 0, 2, 2, 2])
  }

  @Test(arguments: [7, 15])
  func fibonacciWeightsStayWithinTheLimitAndComplete(limit: Int) {
    // Fibonacci weights make the deepest Huffman tree: 30 symbols would need 29 bits.
    var weights = [1, 1]
    while weights.count < 30 { weights.append(weights[weights.count - 1] + weights[weights.count - 2]) }
    #expect(Int(HuffmanCode.unlimitedLengths(weights).max()!) == 29)
    let code = HuffmanCode(frequencies: weights, limit: limit)
    #expect(Int(code.lengths.max()!) <= limit)
    #expect(kraftSum(code.lengths) == 1)
  }

  @Test func aLoneSymbolGetsAPartnerSoTheCodeIsComplete() {
    let code = HuffmanCode(frequencies: [0, 0, 9, 0], limit: 7)
    #expect(code.lengths == [1, 0, 1, 0])
    #expect(kraftSum(code.lengths) == 1)
  }

  @Test func codeLengthItemsExpandBackToTheLengths() {
    // 140 zeros (18 covers 138, two stay literal), a run of seven 8s (one 8, then 16 repeating
    // the previous length 6 times), three zeros (17), a lone 5.
    let lengths: [UInt8] = Array(repeating: 0, count: 140) + Array(repeating: 8, count: 7) + [0, 0, 0, 5]
    let items = Deflate.codeLengthItems(lengths)
    #expect(
      items == [
        .init(symbol: 18, extra: 127, extraBits: 7), .init(symbol: 0), .init(symbol: 0), .init(symbol: 8),
        .init(symbol: 16, extra: 3, extraBits: 2), .init(symbol: 17, extra: 0, extraBits: 3), .init(symbol: 5),
      ])
    var expanded: [UInt8] = []
    for item in items {
      switch item.symbol {
      case 16: expanded += Array(repeating: expanded.last!, count: 3 + Int(item.extra))
      case 17: expanded += Array(repeating: 0, count: 3 + Int(item.extra))
      case 18: expanded += Array(repeating: 0, count: 11 + Int(item.extra))
      default: expanded.append(item.symbol)
      }
    }
    #expect(expanded == lengths)
  }

  @Test func matchLengthsMapToTheirSymbols() {
    // RFC 1951, 3.2.5: 3 → 257, 10 → 264, 11 and 12 → 265, 227…257 → 284, 258 → 285.
    #expect(Deflate.lengthSymbol[3] == 257)
    #expect(Deflate.lengthSymbol[10] == 264)
    #expect(Deflate.lengthSymbol[11] == 265 && Deflate.lengthSymbol[12] == 265)
    #expect(Deflate.lengthSymbol[227] == 284 && Deflate.lengthSymbol[257] == 284)
    #expect(Deflate.lengthSymbol[258] == 285)
  }
}
