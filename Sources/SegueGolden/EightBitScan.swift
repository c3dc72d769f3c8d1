#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The per-pixel pass of a comparison of two 8-bit images with the same layout (`channels`
/// bytes a pixel, 3 or 4), over any band of rows.
///
/// Bands run on different threads: each writes the states of its own rows only, and returns
/// its own tally, so the shared pointers need no lock. The bytes are read one at a time or
/// with unaligned loads: nothing assumes how an array's storage is aligned.
struct EightBitScan: @unchecked Sendable {
  let expected: UnsafePointer<UInt8>
  let actual: UnsafePointer<UInt8>
  let width: Int
  let height: Int
  let channels: Int
  let options: ComparisonOptions
  /// One state a pixel, row-major, all `.same` on entry.
  let states: UnsafeMutablePointer<FrameComparison.PixelState>

  /// Pixels skipped at once when their bytes are equal.
  static let run = 8

  /// Compares `rows` and marks their differing pixels.
  func scan(rows: Range<Int>) -> PixelTally {
    var tally = PixelTally()
    // A literal channel count lets the compiler unroll the per-channel loops.
    if channels == 3 {
      scan(rows: rows, channels: 3, into: &tally)
    } else {
      scan(rows: rows, channels: 4, into: &tally)
    }
    return tally
  }

  @inline(__always)
  private func scan(rows: Range<Int>, channels: Int, into tally: inout PixelTally) {
    let rowBytes = width * channels
    for y in rows {
      let rowE = expected + y * rowBytes
      let rowA = actual + y * rowBytes
      // Most rows of UI frames are unchanged: one memcmp settles them.
      if memcmp(rowE, rowA, rowBytes) == 0 { continue }
      var x = 0
      while x < width {
        let end = min(width, x + EightBitScan.run)
        if end - x == EightBitScan.run
          && EightBitScan.equal(rowE + x * channels, rowA + x * channels, channels: channels)
        {
          x = end
          continue
        }
        for px in x..<end {
          visit(x: px, y: y, rowE: rowE, rowA: rowA, channels: channels, into: &tally)
        }
        x = end
      }
    }
  }

  /// Whether a run of 8 pixels is equal, compared as 64-bit words (24 or 32 bytes).
  @inline(__always)
  static func equal(_ e: UnsafePointer<UInt8>, _ a: UnsafePointer<UInt8>, channels: Int) -> Bool {
    let rawE = UnsafeRawPointer(e)
    let rawA = UnsafeRawPointer(a)
    var offset = 0
    while offset < run * channels {
      if rawE.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
        != rawA.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
      {
        return false
      }
      offset += 8
    }
    return true
  }

  /// Measures pixel (x, y), decides whether it differs, and if so marks it different or
  /// ignored anti-aliasing.
  @inline(__always)
  private func visit(
    x: Int, y: Int, rowE: UnsafePointer<UInt8>, rowA: UnsafePointer<UInt8>, channels: Int,
    into tally: inout PixelTally
  ) {
    let o = x * channels
    var difference = 0
    for channel in 0..<channels {
      difference = max(difference, abs(Int(rowE[o + channel]) - Int(rowA[o + channel])))
    }
    if difference == 0 { return }
    tally.measure(difference, x: x, y: y)
    switch options.metric {
    case .channel:
      if difference <= options.channelTolerance { return }
    case .deltaE:
      let alphaE = channels == 4 ? rowE[o + 3] : 255
      let alphaA = channels == 4 ? rowA[o + 3] : 255
      let deltaE = CIEDE2000.difference(
        (rowE[o], rowE[o + 1], rowE[o + 2], alphaE), (rowA[o], rowA[o + 1], rowA[o + 2], alphaA))
      if deltaE <= options.threshold { return }
      tally.measure(deltaE: deltaE)
    }
    tally.count(
      antialiased: options.ignoreAntialiasing && isAntialiased(x: x, y: y), state: states + (y * width + x))
  }

  /// pixelmatch's test, in either image.
  private func isAntialiased(x: Int, y: Int) -> Bool {
    let e = AntialiasingDetector.Image(bytes: expected, width: width, height: height, channels: channels)
    let a = AntialiasingDetector.Image(bytes: actual, width: width, height: height, channels: channels)
    return AntialiasingDetector.isAntialiased(e, a, x: x, y: y) || AntialiasingDetector.isAntialiased(a, e, x: x, y: y)
  }
}
