/// What one band of rows of a comparison found; bands are merged in row order.
struct PixelTally: Sendable {
  /// Pixels beyond the per-pixel tolerance, anti-aliasing ignored excluded.
  var differing = 0
  /// Differing pixels skipped as anti-aliasing.
  var ignored = 0
  /// Largest channel difference seen, and the first pixel (row-major) that has it.
  var maxDifference = 0
  var maxAt: (x: Int, y: Int)?
  /// Largest ΔE00 among differing pixels (deltaE metric only).
  var maxDeltaE: Double?

  /// Notes a pixel whose largest channel difference is `difference`: pixels are visited in
  /// row-major order, so only a strictly larger one moves the recorded position.
  @inline(__always)
  mutating func measure(_ difference: Int, x: Int, y: Int) {
    if difference > maxDifference {
      maxDifference = difference
      maxAt = (x, y)
    }
  }

  /// Notes a ΔE00 of a differing pixel.
  @inline(__always)
  mutating func measure(deltaE: Double) {
    maxDeltaE = max(maxDeltaE ?? 0, deltaE)
  }

  /// Counts a pixel beyond the tolerance: skipped as anti-aliasing when `antialiased`, else
  /// differing; its state says which, for the diff image.
  @inline(__always)
  mutating func count(antialiased: Bool, state: UnsafeMutablePointer<FrameComparison.PixelState>) {
    if antialiased {
      state.pointee = .antialiasing
      ignored += 1
    } else {
      state.pointee = .different
      differing += 1
    }
  }

  /// This band followed by `later`, the band of the rows after it: counts add, and a later
  /// maximum wins only when strictly larger, so the position is the first in row-major order
  /// however the rows were split.
  func merged(with later: PixelTally) -> PixelTally {
    var result = self
    result.differing += later.differing
    result.ignored += later.ignored
    if later.maxDifference > maxDifference {
      result.maxDifference = later.maxDifference
      result.maxAt = later.maxAt
    }
    if let value = later.maxDeltaE { result.measure(deltaE: value) }
    return result
  }
}
