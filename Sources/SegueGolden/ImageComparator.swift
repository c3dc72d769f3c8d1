/// Compares two images of the same size pixel by pixel (GOLDEN.md "Deciding different").
public enum ImageComparator {
  /// Compares `expected` and `actual`, which must have the same size (check that first).
  ///
  /// Identical buffers return at once. Otherwise each pixel whose 32-bit RGBA words differ is
  /// tested: with `.channel`, it differs when max |ΔR|, |ΔG|, |ΔB|, |ΔA| > tolerance; with
  /// `.deltaE`, when ΔE00 > threshold. With `ignoreAntialiasing`, a differing pixel that
  /// pixelmatch's test calls anti-aliasing in either image is counted apart and not failed.
  public static func compare(_ expected: RGBAImage, _ actual: RGBAImage, options: ComparisonOptions) -> FrameComparison {
    precondition(expected.width == actual.width && expected.height == actual.height, "compare same-sized images")
    let width = expected.width
    let height = expected.height
    if expected.bytes == actual.bytes {
      return FrameComparison(
        width: width, height: height, differingPixels: 0, ignoredPixels: 0, maxChannelDifference: 0,
        maxDifferenceAt: nil, maxDeltaE: nil, states: [])
    }
    var states = [FrameComparison.PixelState](repeating: .same, count: width * height)
    var differing = 0
    var ignored = 0
    var maxDifference = 0
    var maxAt: (x: Int, y: Int)?
    var maxDeltaE: Double?
    let tolerance = options.channelTolerance
    expected.bytes.withUnsafeBytes { expectedRaw in
      actual.bytes.withUnsafeBytes { actualRaw in
        let e = expectedRaw.baseAddress!.assumingMemoryBound(to: UInt32.self)
        let a = actualRaw.baseAddress!.assumingMemoryBound(to: UInt32.self)
        for index in 0..<(width * height) {
          let p = e[index]
          let q = a[index]
          if p == q { continue }
          var difference = 0
          for shift in stride(from: 0, to: 32, by: 8) {
            let d = abs(Int((p >> UInt32(shift)) & 0xFF) - Int((q >> UInt32(shift)) & 0xFF))
            if d > difference { difference = d }
          }
          if difference > maxDifference {
            maxDifference = difference
            maxAt = (index % width, index / width)
          }
          let differs: Bool
          switch options.metric {
          case .channel:
            differs = difference > tolerance
          case .deltaE:
            func channels(_ v: UInt32) -> (UInt8, UInt8, UInt8, UInt8) {
              (UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24))
            }
            let deltaE = CIEDE2000.difference(channels(p), channels(q))
            differs = deltaE > options.threshold
            if differs { maxDeltaE = max(maxDeltaE ?? 0, deltaE) }
          }
          guard differs else { continue }
          let x = index % width
          let y = index / width
          if options.ignoreAntialiasing,
            AntialiasingDetector.isAntialiased(e, a, x: x, y: y, width: width, height: height)
              || AntialiasingDetector.isAntialiased(a, e, x: x, y: y, width: width, height: height)
          {
            states[index] = .antialiasing
            ignored += 1
          } else {
            states[index] = .different
            differing += 1
          }
        }
      }
    }
    return FrameComparison(
      width: width, height: height, differingPixels: differing, ignoredPixels: ignored,
      maxChannelDifference: maxDifference, maxDifferenceAt: maxAt, maxDeltaE: maxDeltaE, states: states)
  }
}
