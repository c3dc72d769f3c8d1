#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The per-pixel pass of a comparison at 16 bits a sample (RGBA, straight alpha), over any
/// band of rows: differences are in 0…65535, so the channel tolerance is scaled by 257 (2 is
/// 514); ΔE00 is computed from the full-precision colours; the anti-aliasing test reads the
/// images reduced to 8 bits.
///
/// As with `EightBitScan`, each band writes only its own rows' states.
struct SixteenBitScan: @unchecked Sendable {
  let expected: UnsafePointer<UInt16>
  let actual: UnsafePointer<UInt16>
  /// The same images at 8 bits, RGBA, for the anti-aliasing test.
  let narrowExpected: UnsafePointer<UInt8>
  let narrowActual: UnsafePointer<UInt8>
  let width: Int
  let height: Int
  let options: ComparisonOptions
  let states: UnsafeMutablePointer<FrameComparison.PixelState>

  /// Compares `rows` and marks their differing pixels.
  func scan(rows: Range<Int>) -> PixelTally {
    var tally = PixelTally()
    let tolerance = options.channelTolerance * 257
    for y in rows {
      let row = y * width * 4
      if memcmp(expected + row, actual + row, width * 8) == 0 { continue }
      for x in 0..<width {
        let base = row + x * 4
        var difference = 0
        for channel in 0..<4 {
          difference = max(difference, abs(Int(expected[base + channel]) - Int(actual[base + channel])))
        }
        if difference == 0 { continue }
        tally.measure(difference, x: x, y: y)
        switch options.metric {
        case .channel:
          if difference <= tolerance { continue }
        case .deltaE:
          let deltaE = CIEDE2000.difference(SixteenBitScan.lab(expected + base), SixteenBitScan.lab(actual + base))
          if deltaE <= options.threshold { continue }
          tally.measure(deltaE: deltaE)
        }
        tally.count(
          antialiased: options.ignoreAntialiasing && isAntialiased(x: x, y: y), state: states + (y * width + x))
      }
    }
    return tally
  }

  /// CIELAB of a 16-bit pixel composited over white, as the 8-bit path does:
  /// c' = (c / 257) · α + 255 · (1 − α), α = A / 65535.
  static func lab(_ pixel: UnsafePointer<UInt16>) -> CIEDE2000.Lab {
    let alpha = Double(pixel[3]) / 65535
    func over(_ v: UInt16) -> Double { (Double(v) / 257) * alpha + 255 * (1 - alpha) }
    return CIEDE2000.lab(r: over(pixel[0]), g: over(pixel[1]), b: over(pixel[2]))
  }

  /// pixelmatch's test on the 8-bit images, in either image.
  private func isAntialiased(x: Int, y: Int) -> Bool {
    let e = AntialiasingDetector.Image(bytes: narrowExpected, width: width, height: height, channels: 4)
    let a = AntialiasingDetector.Image(bytes: narrowActual, width: width, height: height, channels: 4)
    return AntialiasingDetector.isAntialiased(e, a, x: x, y: y) || AntialiasingDetector.isAntialiased(a, e, x: x, y: y)
  }
}
