import SegueGeometry

extension Pixmap {
  /// Draws `source` as seen through a projective map, source-over, times `opacity`: frame pixel
  /// (x, y) shows the source at `inverse`(x + 0.5, y + 0.5), sampled bilinearly (clamped to the
  /// source's edges), wherever `clips` cover it: the target's own shape first (exact-area
  /// coverage of its projected outline), then any clip of a parent.
  ///
  /// Along a row the source position moves projectively: with (X, Y, W) = inverse · (x, y, 1),
  /// each of X, Y and W grows by a constant per pixel (a, d and g), and (u, v) = (X / W, Y / W):
  /// so a row costs three additions and one division per pixel, and the bilinear weights are the
  /// fractions of (u, v) in 256ths, rounded half up.
  /// Pixels in `hole`'s fully covered span of each row are left alone (something opaque above
  /// covers them). An opaque source (`sourceIsOpaque`) drawn at full opacity replaces the pixels
  /// it fully covers.
  public mutating func drawProjective(
    _ source: Pixmap, inverse: Homography, clips: [Clip], opacity: Double = 1, hole: Clip? = nil,
    sourceIsOpaque: Bool = false
  ) {
    let alpha = Pixmap.alpha255(opacity)
    guard alpha > 0, !clips.isEmpty else { return }
    let width = self.width
    let lastColumn = Double(source.width - 1)
    let lastRow = Double(source.height - 1)
    let lastColumnIndex = source.width - 1
    let lastRowIndex = source.height - 1
    let sourceWidth = source.width
    let replaces = sourceIsOpaque && alpha == 255
    let (a, d, g) = (inverse.a, inverse.d, inverse.g)
    source.pixels.withUnsafeBufferPointer { sourcePixels in
      let sourceBase = sourcePixels.baseAddress!
      pixels.withUnsafeMutableBufferPointer { pixels in
        let base = pixels.baseAddress!
        Pixmap.forEachCoveredSpan(width: width, height: height, clips: clips, hole: hole) {
          y, span, inner, coverage in
          let row = base + y * width
          let cy = Double(y) + 0.5
          let first = Double(span.lowerBound) + 0.5
          var bigX = a * first + inverse.b * cy + inverse.c
          var bigY = d * first + inverse.e * cy + inverse.f
          var bigW = g * first + inverse.h * cy + inverse.i
          /// The source, bilinearly, at the current pixel; then steps to the next pixel.
          @inline(__always) func sample() -> UInt32? {
            defer {
              bigX += a
              bigY += d
              bigW += g
            }
            guard bigW != 0 else { return nil }
            let reciprocal = 1 / bigW
            // Sample at (u − 0.5, v − 0.5): between the four nearest source pixel centres.
            let u = min(lastColumn, max(0, bigX * reciprocal - 0.5))
            let v = min(lastRow, max(0, bigY * reciprocal - 0.5))
            guard u.isFinite, v.isFinite else { return nil }
            let column = Int(u)
            let line = Int(v)
            let nextColumn = min(lastColumnIndex, column + 1)
            let nextLine = min(lastRowIndex, line + 1)
            // (u − column) · 256 is in 0…256: adding one half and truncating rounds it.
            let weightX = UInt32((u - Double(column)) * 256 + 0.5)
            let weightY = UInt32((v - Double(line)) * 256 + 0.5)
            let upper = sourceBase + line * sourceWidth
            let lower = sourceBase + nextLine * sourceWidth
            let top = Pixmap.lerp(upper[column], upper[nextColumn], weightX)
            let bottom = Pixmap.lerp(lower[column], lower[nextColumn], weightX)
            return Pixmap.lerp(top, bottom, weightY)
          }
          @inline(__always) func blend(_ x: Int) {
            let c = divide255(UInt32(coverage[x - span.lowerBound]) &* alpha)
            guard c != 0 else {
              bigX += a
              bigY += d
              bigW += g
              return
            }
            guard var pixel = sample() else { return }
            if c != 255 { pixel = scalePixel(pixel, by: c) }
            row[x] = sourceOver(pixel, row[x])
          }
          let full = replaces ? inner.clamped(to: span) : span.lowerBound..<span.lowerBound
          for x in span.lowerBound..<(full.isEmpty ? span.upperBound : full.lowerBound) { blend(x) }
          guard !full.isEmpty else { return }
          // Fully covered by an opaque source at full opacity: its pixels replace the frame's.
          for x in full {
            if let pixel = sample() { row[x] = pixel }
          }
          for x in full.upperBound..<span.upperBound { blend(x) }
        }
      }
    }
  }
}
