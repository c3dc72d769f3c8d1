import SegueRaster
import SegueSync

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Compares two images of the same size pixel by pixel (docs/golden-testing.md).
public enum ImageComparator {
  /// Compares `expected` and `actual`, which must have the same size (check that first).
  ///
  /// Identical buffers return at once. Otherwise each pixel is measured by its largest
  /// channel difference: with `.channel`, it differs when max |ΔR|, |ΔG|, |ΔB|, |ΔA| >
  /// tolerance; with `.deltaE`, when ΔE00 > threshold. With `ignoreAntialiasing`, a differing
  /// pixel that pixelmatch's test calls anti-aliasing in either image is counted apart and not
  /// failed. The rows are split into bands spread over `jobs` threads; the result is the same
  /// for any number of jobs.
  public static func compare(
    _ expected: RGBAImage, _ actual: RGBAImage, options: ComparisonOptions, jobs: Int = 1
  ) -> FrameComparison {
    precondition(expected.width == actual.width && expected.height == actual.height, "compare same-sized images")
    if expected.wide != nil || actual.wide != nil {
      return compareSixteenBit(expected, actual, options: options, jobs: jobs)
    }
    // Two RGB images compare as they are; an RGB image against an RGBA one as RGBA (alpha 255).
    if expected.channels == actual.channels {
      return compareEightBit(expected, actual, options: options, jobs: jobs)
    }
    return compareEightBit(expected.rgba(), actual.rgba(), options: options, jobs: jobs)
  }

  /// The bands of rows a comparison is split into: one for one job; otherwise about four a
  /// job (a job that finishes early takes another), each at least 64 rows, so a band's
  /// bookkeeping stays small against its work.
  static func bands(height: Int, jobs: Int) -> [Range<Int>] {
    let count = jobs <= 1 ? 1 : max(1, min(jobs * 4, height / 64))
    return (0..<count).map { band in (height * band / count)..<(height * (band + 1) / count) }
  }

  /// Two 8-bit images with the same number of channels.
  static func compareEightBit(_ expected: RGBAImage, _ actual: RGBAImage, options: ComparisonOptions, jobs: Int)
    -> FrameComparison
  {
    if sameBytes(expected.bytes, actual.bytes) {
      return identical(width: expected.width, height: expected.height)
    }
    var states = unmarkedStates(expected.pixelCount)
    let tally = expected.bytes.withUnsafeBufferPointer { e in
      actual.bytes.withUnsafeBufferPointer { a in
        states.withUnsafeMutableBufferPointer { states in
          let scan = EightBitScan(
            expected: e.baseAddress!, actual: a.baseAddress!, width: expected.width, height: expected.height,
            channels: expected.channels, options: options, states: states.baseAddress!)
          return run(height: expected.height, jobs: jobs) { scan.scan(rows: $0) }
        }
      }
    }
    return result(tally, width: expected.width, height: expected.height, states: states)
  }

  /// Either image has 16-bit samples: both are compared at 16 bits (the channel tolerance
  /// scaled by 257).
  static func compareSixteenBit(_ expected: RGBAImage, _ actual: RGBAImage, options: ComparisonOptions, jobs: Int)
    -> FrameComparison
  {
    let wideE = expected.wideRGBA()
    let wideA = actual.wideRGBA()
    var comparison: FrameComparison
    if sameBytes(wideE, wideA) {
      comparison = identical(width: expected.width, height: expected.height)
    } else {
      let narrowE = expected.rgba().bytes
      let narrowA = actual.rgba().bytes
      var states = unmarkedStates(expected.pixelCount)
      let tally = wideE.withUnsafeBufferPointer { e in
        wideA.withUnsafeBufferPointer { a in
          narrowE.withUnsafeBufferPointer { ne in
            narrowA.withUnsafeBufferPointer { na in
              states.withUnsafeMutableBufferPointer { states in
                let scan = SixteenBitScan(
                  expected: e.baseAddress!, actual: a.baseAddress!, narrowExpected: ne.baseAddress!,
                  narrowActual: na.baseAddress!, width: expected.width, height: expected.height, options: options,
                  states: states.baseAddress!)
                return run(height: expected.height, jobs: jobs) { scan.scan(rows: $0) }
              }
            }
          }
        }
      }
      comparison = result(tally, width: expected.width, height: expected.height, states: states)
    }
    comparison.sampleDepth = 16
    return comparison
  }

  /// `scan` over every band, on up to `jobs` threads, the tallies merged in row order.
  static func run(height: Int, jobs: Int, _ scan: @Sendable (Range<Int>) -> PixelTally) -> PixelTally {
    let bands = bands(height: height, jobs: jobs)
    let tallies = Parallel.map(bands.count, jobs: jobs) { scan(bands[$0]) }
    return tallies.dropFirst().reduce(tallies[0]) { $0.merged(with: $1) }
  }

  /// Whether two buffers hold the same bytes: one memcmp, the fast path for identical frames.
  static func sameBytes<Element>(_ first: [Element], _ second: [Element]) -> Bool {
    first.withUnsafeBytes { a in
      second.withUnsafeBytes { b in
        a.count == b.count && (a.count == 0 || memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0)
      }
    }
  }

  /// A state for each pixel, all `.same` (scans mark only differing pixels).
  static func unmarkedStates(_ count: Int) -> [FrameComparison.PixelState] {
    [FrameComparison.PixelState](unsafeUninitializedCapacity: count) { buffer, initialized in
      if count > 0 {
        HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress!), count: buffer.count)
        buffer.initialize(repeating: .same)
      }
      initialized = count
    }
  }

  /// The comparison of two identical images: nothing differs, no states kept.
  static func identical(width: Int, height: Int) -> FrameComparison {
    FrameComparison(
      width: width, height: height, differingPixels: 0, ignoredPixels: 0, maxChannelDifference: 0,
      maxDifferenceAt: nil, maxDeltaE: nil, states: [])
  }

  /// A comparison from the merged tally; the states are dropped when no pixel differed at all.
  static func result(_ tally: PixelTally, width: Int, height: Int, states: [FrameComparison.PixelState])
    -> FrameComparison
  {
    FrameComparison(
      width: width, height: height, differingPixels: tally.differing, ignoredPixels: tally.ignored,
      maxChannelDifference: tally.maxDifference, maxDifferenceAt: tally.maxAt, maxDeltaE: tally.maxDeltaE,
      states: tally.maxDifference == 0 ? [] : states)
  }
}
