import Dispatch
import SegueRaster

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

/// Compares two images of the same size pixel by pixel (GOLDEN.md "Deciding different").
public enum ImageComparator {
  /// Compares `expected` and `actual`, which must have the same size (check that first).
  ///
  /// Identical buffers return at once. Otherwise each pixel whose 32-bit RGBA words differ is
  /// tested: with `.channel`, it differs when max |ΔR|, |ΔG|, |ΔB|, |ΔA| > tolerance; with
  /// `.deltaE`, when ΔE00 > threshold. With `ignoreAntialiasing`, a differing pixel that
  /// pixelmatch's test calls anti-aliasing in either image is counted apart and not failed.
  public static func compare(_ expected: RGBAImage, _ actual: RGBAImage, options: ComparisonOptions) -> FrameComparison
  {
    precondition(expected.width == actual.width && expected.height == actual.height, "compare same-sized images")
    if expected.wide != nil || actual.wide != nil {
      return compareWide(expected, actual, options: options)
    }
    // Two opaque RGB images compare as they are; anything else (or the neighbour test, which
    // reads whole RGBA words) as RGBA.
    if expected.channels == 3 && actual.channels == 3 && !options.ignoreAntialiasing {
      return compare(expected, actual, options: options, channels: 3)
    }
    return compare(expected.rgba(), actual.rgba(), options: options, channels: 4)
  }

  /// The comparison of two images with `channels` bytes a pixel each.
  static func compare(_ expected: RGBAImage, _ actual: RGBAImage, options: ComparisonOptions, channels: Int)
    -> FrameComparison
  {
    let width = expected.width
    let height = expected.height
    let identical = expected.bytes.withUnsafeBytes { e in
      actual.bytes.withUnsafeBytes { a in memcmp(e.baseAddress!, a.baseAddress!, e.count) == 0 }
    }
    if identical {
      return FrameComparison(
        width: width, height: height, differingPixels: 0, ignoredPixels: 0, maxChannelDifference: 0,
        maxDifferenceAt: nil, maxDeltaE: nil, states: [])
    }
    // Rows are compared in bands, one per core; each band keeps its own tallies.
    struct Tally {
      var differing = 0
      var ignored = 0
      var maxDifference = 0
      var maxAt: (x: Int, y: Int)?
      var maxDeltaE: Double?
    }
    let bands = max(1, min(ProcessInfo.processInfo.activeProcessorCount, height / 64))
    var states = [FrameComparison.PixelState](unsafeUninitializedCapacity: width * height) { buffer, count in
      HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress!), count: buffer.count)
      buffer.initialize(repeating: .same)
      count = width * height
    }
    let tallies = UnsafeMutableBufferPointer<Tally>.allocate(capacity: bands)
    tallies.initialize(repeating: Tally())
    defer { tallies.deallocate() }
    let tolerance = options.channelTolerance
    expected.bytes.withUnsafeBytes { expectedRaw in
      actual.bytes.withUnsafeBytes { actualRaw in
        states.withUnsafeMutableBufferPointer { states in
          // Each band writes only its own rows and its own tally, so sharing the pointers is safe.
          struct Shared: @unchecked Sendable {
            let bytesE: UnsafePointer<UInt8>
            let bytesA: UnsafePointer<UInt8>
            let e: UnsafePointer<UInt32>
            let a: UnsafePointer<UInt32>
            let states: UnsafeMutablePointer<FrameComparison.PixelState>
            let tallies: UnsafeMutablePointer<Tally>
          }
          let shared = Shared(
            bytesE: expectedRaw.baseAddress!.assumingMemoryBound(to: UInt8.self),
            bytesA: actualRaw.baseAddress!.assumingMemoryBound(to: UInt8.self),
            e: expectedRaw.baseAddress!.assumingMemoryBound(to: UInt32.self),
            a: actualRaw.baseAddress!.assumingMemoryBound(to: UInt32.self), states: states.baseAddress!,
            tallies: tallies.baseAddress!)
          DispatchQueue.concurrentPerform(iterations: bands) { band in
            let bytesE = shared.bytesE
            let bytesA = shared.bytesA
            let stateBase = shared.states
            let tallyBase = shared.tallies
            var tally = Tally()
            // Written once for any channel count, called with a literal 3 or 4 so the compiler
            // unrolls the per-channel loops.
            @inline(__always) func scan(_ channels: Int) {
              let rowBytes = width * channels
              let chunkBytes = 8 * channels
              for y in (height * band / bands)..<(height * (band + 1) / bands) {
                let rowE = bytesE + y * rowBytes
                let rowA = bytesA + y * rowBytes
                // Most rows of UI frames are unchanged: one memcmp settles them.
                if memcmp(rowE, rowA, rowBytes) == 0 { continue }
                var x = 0
                while x < width {
                  // Skip runs of 8 equal pixels with 64-bit compares (24 or 32 bytes).
                  if x + 8 <= width {
                    let offset = x * channels
                    var equal = true
                    var byte = 0
                    while byte < chunkBytes {
                      if UnsafeRawPointer(rowE + offset + byte).loadUnaligned(as: UInt64.self)
                        != UnsafeRawPointer(rowA + offset + byte).loadUnaligned(as: UInt64.self)
                      {
                        equal = false
                        break
                      }
                      byte += 8
                    }
                    if equal {
                      x += 8
                      continue
                    }
                  }
                  let chunkEnd = min(width, x + 8)
                  for px in x..<chunkEnd {
                    let o = px * channels
                    var difference = 0
                    for channel in 0..<channels {
                      let d = abs(Int(rowE[o + channel]) - Int(rowA[o + channel]))
                      if d > difference { difference = d }
                    }
                    if difference == 0 { continue }
                    if difference > tally.maxDifference {
                      tally.maxDifference = difference
                      tally.maxAt = (px, y)
                    }
                    let differs: Bool
                    switch options.metric {
                    case .channel:
                      differs = difference > tolerance
                    case .deltaE:
                      let alphaE = channels == 4 ? rowE[o + 3] : 255
                      let alphaA = channels == 4 ? rowA[o + 3] : 255
                      let deltaE = CIEDE2000.difference(
                        (rowE[o], rowE[o + 1], rowE[o + 2], alphaE), (rowA[o], rowA[o + 1], rowA[o + 2], alphaA))
                      differs = deltaE > options.threshold
                      if differs { tally.maxDeltaE = max(tally.maxDeltaE ?? 0, deltaE) }
                    }
                    guard differs else { continue }
                    let index = y * width + px
                    if options.ignoreAntialiasing, channels == 4,
                      AntialiasingDetector.isAntialiased(shared.e, shared.a, x: px, y: y, width: width, height: height)
                        || AntialiasingDetector.isAntialiased(
                          shared.a, shared.e, x: px, y: y, width: width, height: height)
                    {
                      stateBase[index] = .antialiasing
                      tally.ignored += 1
                    } else {
                      stateBase[index] = .different
                      tally.differing += 1
                    }
                  }
                  x = chunkEnd
                }
              }
            }
            if channels == 3 { scan(3) } else { scan(4) }
            tallyBase[band] = tally
          }
        }
      }
    }
    // Bands are in row order, so the first band with the largest difference has the first pixel.
    var differing = 0
    var ignored = 0
    var maxDifference = 0
    var maxAt: (x: Int, y: Int)?
    var maxDeltaE: Double?
    for tally in tallies {
      differing += tally.differing
      ignored += tally.ignored
      if tally.maxDifference > maxDifference {
        maxDifference = tally.maxDifference
        maxAt = tally.maxAt
      }
      if let value = tally.maxDeltaE { maxDeltaE = max(maxDeltaE ?? 0, value) }
    }
    return FrameComparison(
      width: width, height: height, differingPixels: differing, ignoredPixels: ignored,
      maxChannelDifference: maxDifference, maxDifferenceAt: maxAt, maxDeltaE: maxDeltaE, states: states)
  }

  /// The comparison at 16 bits a sample, when either image has them: differences are measured
  /// in 0…65535 and the channel tolerance is scaled by 257 (so 2 is 514); ΔE00 is computed from
  /// the full-precision colours; the anti-aliasing test reads the images reduced to 8 bits.
  static func compareWide(_ expected: RGBAImage, _ actual: RGBAImage, options: ComparisonOptions) -> FrameComparison {
    let width = expected.width
    let height = expected.height
    let e = expected.wideRGBA()
    let a = actual.wideRGBA()
    let tolerance = options.channelTolerance * 257
    var states = [FrameComparison.PixelState](repeating: .same, count: width * height)
    var differing = 0
    var ignored = 0
    var maxDifference = 0
    var maxAt: (x: Int, y: Int)?
    var maxDeltaE: Double?
    let narrowE = expected.rgba().bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    let narrowA = actual.rgba().bytes.withUnsafeBytes { Array($0.bindMemory(to: UInt32.self)) }
    for index in 0..<(width * height) {
      let base = index * 4
      var difference = 0
      for channel in 0..<4 {
        difference = max(difference, abs(Int(e[base + channel]) - Int(a[base + channel])))
      }
      if difference == 0 { continue }
      if difference > maxDifference {
        maxDifference = difference
        maxAt = (index % width, index / width)
      }
      let differs: Bool
      switch options.metric {
      case .channel: differs = difference > tolerance
      case .deltaE:
        func lab(_ s: [UInt16]) -> CIEDE2000.Lab {
          // Composited over white, as the 8-bit path does, from 16-bit values.
          let alpha = Double(s[base + 3]) / 65535
          func over(_ v: UInt16) -> Double { (Double(v) / 257) * alpha + 255 * (1 - alpha) }
          return CIEDE2000.lab(r: over(s[base]), g: over(s[base + 1]), b: over(s[base + 2]))
        }
        let deltaE = CIEDE2000.difference(lab(e), lab(a))
        differs = deltaE > options.threshold
        if differs { maxDeltaE = max(maxDeltaE ?? 0, deltaE) }
      }
      guard differs else { continue }
      let x = index % width
      let y = index / width
      if options.ignoreAntialiasing,
        narrowE.withUnsafeBufferPointer({ ep in
          narrowA.withUnsafeBufferPointer { ap in
            AntialiasingDetector.isAntialiased(
              ep.baseAddress!, ap.baseAddress!, x: x, y: y, width: width, height: height)
              || AntialiasingDetector.isAntialiased(
                ap.baseAddress!, ep.baseAddress!, x: x, y: y, width: width, height: height)
          }
        })
      {
        states[index] = .antialiasing
        ignored += 1
      } else {
        states[index] = .different
        differing += 1
      }
    }
    var result = FrameComparison(
      width: width, height: height, differingPixels: differing, ignoredPixels: ignored,
      maxChannelDifference: maxDifference, maxDifferenceAt: maxAt, maxDeltaE: maxDeltaE,
      states: maxDifference == 0 ? [] : states)
    result.sampleDepth = 16
    return result
  }
}
