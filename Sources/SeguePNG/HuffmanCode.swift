/// A canonical Huffman code as deflate writes it (RFC 1951, 3.2.2): a bit length per symbol,
/// and each symbol's code bit-reversed, since deflate sends Huffman codes most significant bit
/// first into a stream filled from the least significant bit.
struct HuffmanCode {
  /// Bits of each symbol's code; 0 for a symbol the block never uses.
  let lengths: [UInt8]
  /// Each symbol's code, reversed, in its low `lengths[symbol]` bits.
  let codes: [UInt32]

  /// The optimal code for `frequencies` whose lengths stay within `limit` bits.
  ///
  /// Huffman's construction gives the optimal lengths; when one exceeds the limit (15 bits for
  /// literals, 7 for the code-length code) the frequencies are halved, rounding up so no used
  /// symbol disappears, and the code is built again: flatter frequencies make a shallower tree,
  /// and all frequencies equal to 1 give a balanced tree of ⌈log₂ n⌉ ≤ 9 levels for deflate's
  /// 286 symbols. A code must have two symbols at least to be complete (inflate refuses an
  /// incomplete code-length code), so a lone used symbol gets a partner of length 1.
  init(frequencies: [Int], limit: Int) {
    var weights = frequencies
    var lengths = HuffmanCode.unlimitedLengths(weights)
    while let longest = lengths.max(), Int(longest) > limit {
      weights = weights.map { ($0 + 1) / 2 }
      lengths = HuffmanCode.unlimitedLengths(weights)
    }
    let used = lengths.indices.filter { lengths[$0] > 0 }
    if used.count == 1 {
      lengths[used[0]] = 1
      lengths[used[0] == 0 ? 1 : 0] = 1
    }
    self.init(lengths: lengths)
  }

  /// The canonical code of the given lengths: codes of one length are consecutive in symbol
  /// order, and each length's first code follows the last code of the length before, shifted.
  init(lengths: [UInt8]) {
    let maxLength = Int(lengths.max() ?? 0)
    var countOfLength = [Int](repeating: 0, count: maxLength + 1)
    for length in lengths where length > 0 { countOfLength[Int(length)] += 1 }
    var nextCode = [UInt32](repeating: 0, count: maxLength + 2)
    var code: UInt32 = 0
    if maxLength > 0 {
      for bits in 1...maxLength {
        code = (code + UInt32(countOfLength[bits - 1])) << 1
        nextCode[bits] = code
      }
    }
    var codes = [UInt32](repeating: 0, count: lengths.count)
    for symbol in lengths.indices where lengths[symbol] > 0 {
      let length = Int(lengths[symbol])
      codes[symbol] = HuffmanCode.reversed(nextCode[length], bits: length)
      nextCode[length] += 1
    }
    self.lengths = lengths
    self.codes = codes
  }

  /// The low `bits` bits of `code` in the opposite order.
  static func reversed(_ code: UInt32, bits: Int) -> UInt32 {
    var result: UInt32 = 0
    var rest = code
    for _ in 0..<bits {
      result = (result << 1) | (rest & 1)
      rest >>= 1
    }
    return result
  }

  /// Huffman's optimal code lengths, with no limit.
  ///
  /// The two-queue construction: leaves sorted by weight in one queue, merged nodes in a second
  /// (each merge weighs at least the one before, so that queue stays sorted too); the two
  /// lightest heads merge until one node is left, and a leaf's length is its depth.
  static func unlimitedLengths(_ weights: [Int]) -> [UInt8] {
    var lengths = [UInt8](repeating: 0, count: weights.count)
    let leaves = weights.indices.filter { weights[$0] > 0 }.sorted {
      (weights[$0], $0) < (weights[$1], $1)
    }
    if leaves.count == 1 { lengths[leaves[0]] = 1 }
    guard leaves.count > 1 else { return lengths }
    // Nodes 0..<n are the leaves in sorted order, n... the merges; parent[node] is a merge.
    let n = leaves.count
    var weight = leaves.map { weights[$0] } + [Int](repeating: 0, count: n - 1)
    var parent = [Int](repeating: -1, count: 2 * n - 1)
    var leaf = 0
    var merged = n
    var next = n
    func lightest() -> Int {
      if leaf < n && (merged == next || weight[leaf] <= weight[merged]) {
        leaf += 1
        return leaf - 1
      }
      merged += 1
      return merged - 1
    }
    while next < 2 * n - 1 {
      let first = lightest()
      let second = lightest()
      weight[next] = weight[first] + weight[second]
      parent[first] = next
      parent[second] = next
      next += 1
    }
    // Parents come after their children, so depths fill from the root down.
    var depth = [Int](repeating: 0, count: 2 * n - 1)
    for node in stride(from: 2 * n - 3, through: 0, by: -1) { depth[node] = depth[parent[node]] + 1 }
    for (index, symbol) in leaves.enumerated() { lengths[symbol] = UInt8(min(depth[index], 255)) }
    return lengths
  }
}
