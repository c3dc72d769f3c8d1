/// The Adler-32 checksum that ends a zlib stream (RFC 1950, 8.2): a low sum a = 1 + Σ bytes and
/// a high sum b = Σ of a after each byte, both modulo 65521.
///
/// A pixel of p bytes c₀…c_{p−1} adds Σc to a and, in closed form, p·a + Σₘ (p − m)·cₘ to b
/// (byte m is followed by p − m sums of a that include it); n zero bytes add nothing to a and
/// n·a to b. The sums are reduced every `reduceEvery` pixels, before they can overflow.
struct Adler32 {
  private var low: UInt64 = 1
  private var high: UInt64 = 0

  /// After this many pixels of at most 4 bytes a is below 2¹⁶ + 1020·4096 and b has grown by
  /// less than 4096 · (4a + 2550), far from 2⁶⁴.
  private static let reduceEvery = 4096

  var value: UInt32 { UInt32(high % 65521) << 16 | UInt32(low % 65521) }

  mutating func add(byte: UInt8) {
    low = (low + UInt64(byte)) % 65521
    high = (high + low) % 65521
  }

  /// The bytes of one packed pixel, unreduced: a row's worth of these and `addRun`s stays far
  /// from overflowing, and `reduce()` ends the row.
  @inline(__always)
  mutating func add(pixel: UInt32, bytesPerPixel: Int) {
    for m in 0..<bytesPerPixel {
      low &+= UInt64((pixel >> UInt32(8 * m)) & 0xFF)
      high &+= low
    }
  }

  /// `count` more copies of a pixel, unreduced: k copies (n = p·k bytes) add k·Σc to a and
  ///
  ///     n·a + Σₘ cₘ·(p·k·(k + 1)/2 − m·k)
  ///
  /// to b, since byte m of copy j is followed by n − p·j − m bytes of the run (itself included).
  @inline(__always)
  mutating func addRun(of pixel: UInt32, count: Int, bytesPerPixel: Int) {
    let p = UInt64(bytesPerPixel)
    let k = UInt64(count)
    high &+= p &* k &* low
    guard pixel != 0 else { return }
    let triangle = p &* k &* (k &+ 1) / 2
    for m in 0..<bytesPerPixel {
      let c = UInt64((pixel >> UInt32(8 * m)) & 0xFF)
      low &+= k &* c
      high &+= c &* (triangle &- UInt64(m) &* k)
    }
  }

  mutating func reduce() {
    low %= 65521
    high %= 65521
  }

  /// `count` zero bytes.
  mutating func addZeros(_ count: Int) {
    high = (high + UInt64(count) % 65521 * (low % 65521)) % 65521
  }

  /// The bytes of `count` packed pixels, `bytesPerPixel` (3 or 4) of each, low byte first.
  ///
  /// Over a block of n pixels with byte sums sᵢ and weighted sums wᵢ = Σₘ (p − m)·cₘ, the
  /// closed form of each pixel adds up to
  ///
  ///     a += S                      S = Σ sᵢ
  ///     b += n·p·a + p·((n − 1)·S − T) + W      T = Σ i·sᵢ, W = Σ wᵢ
  ///
  /// (pixel i's p sums of a each include the sᵢ of the i pixels before it), which eight lanes
  /// gather at once; each lane's T stays below 2³²: 512 pixels of i < 4096 and s ≤ 1020.
  mutating func add(pixels: UnsafePointer<UInt32>, count: Int, bytesPerPixel: Int) {
    let p = UInt64(bytesPerPixel)
    let raw = UnsafeRawPointer(pixels)
    var start = 0
    while start < count {
      let n = min(count - start, Adler32.reduceEvery)
      var sums = SIMD8<UInt32>()
      var weighted = SIMD8<UInt32>()
      var indexed = SIMD8<UInt32>()
      var index = SIMD8<UInt32>(0, 1, 2, 3, 4, 5, 6, 7)
      let lanes = n / 8 * 8
      var i = 0
      while i < lanes {
        let pixel = raw.loadUnaligned(fromByteOffset: (start + i) * 4, as: SIMD8<UInt32>.self)
        let c0 = pixel & 0xFF
        let c1 = (pixel &>> 8) & 0xFF
        let c2 = (pixel &>> 16) & 0xFF
        var sum = c0 &+ c1 &+ c2
        var weight = c0 &* 3 &+ c1 &* 2 &+ c2
        if bytesPerPixel == 4 {
          let c3 = pixel &>> 24
          sum &+= c3
          weight &+= sum
        }
        sums &+= sum
        weighted &+= weight
        indexed &+= index &* sum
        index &+= 8
        i += 8
      }
      var s = UInt64(sums.wrappedSum())
      var t = indexed.indices.reduce(UInt64(0)) { $0 + UInt64(indexed[$1]) }
      var w = weighted.indices.reduce(UInt64(0)) { $0 + UInt64(weighted[$1]) }
      for j in lanes..<n {
        let pixel = pixels[start + j]
        var sum = UInt64(pixel & 0xFF) + UInt64((pixel >> 8) & 0xFF) + UInt64((pixel >> 16) & 0xFF)
        var weight = 3 * UInt64(pixel & 0xFF) + 2 * UInt64((pixel >> 8) & 0xFF) + UInt64((pixel >> 16) & 0xFF)
        if bytesPerPixel == 4 {
          sum += UInt64(pixel >> 24)
          weight += sum
        }
        s += sum
        t += UInt64(j) * sum
        w += weight
      }
      let count64 = UInt64(n)
      high = (high + count64 * p % 65521 * low + p * ((count64 - 1) * s - t) + w) % 65521
      low = (low + s) % 65521
      start += n
    }
  }
}
