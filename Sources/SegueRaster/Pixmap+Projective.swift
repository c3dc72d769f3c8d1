import SegueGeometry

extension Pixmap {
  /// Draws `source` as seen through a projective map, source-over, times `opacity`: frame pixel
  /// (x, y) shows the source at `inverse`(x + 0.5, y + 0.5), sampled bilinearly (clamped to the
  /// source's edges), wherever `clips` cover it: the target's own shape first (exact-area
  /// coverage of its projected outline), then any clip of a parent.
  ///
  /// Along a row the source position moves projectively: with (X, Y, W) = inverse · (x, y, 1),
  /// each of X, Y and W grows by a constant per pixel, and (u, v) = (X / W, Y / W).
  public mutating func drawProjective(
    _ source: Pixmap, inverse: Homography, clips: [Clip], opacity: Double = 1
  ) {
    let alpha = Pixmap.alpha255(opacity)
    guard alpha > 0, !clips.isEmpty else { return }
    let width = self.width
    let lastColumn = Double(source.width - 1)
    let lastRow = Double(source.height - 1)
    let sourceWidth = source.width
    source.pixels.withUnsafeBufferPointer { sourcePixels in
      let sourceBase = sourcePixels.baseAddress!
      pixels.withUnsafeMutableBufferPointer { pixels in
        let base = pixels.baseAddress!
        Pixmap.forEachCoveredSpan(width: width, height: height, clips: clips) { y, span, _, coverage in
          let row = base + y * width
          let cy = Double(y) + 0.5
          for x in span {
            let c = divide255(UInt32(coverage[x - span.lowerBound]) &* alpha)
            if c == 0 { continue }
            let cx = Double(x) + 0.5
            let w = inverse.g * cx + inverse.h * cy + inverse.i
            guard w != 0 else { continue }
            // Sample at (u − 0.5, v − 0.5): between the four nearest source pixel centres.
            let u = min(lastColumn, max(0, (inverse.a * cx + inverse.b * cy + inverse.c) / w - 0.5))
            let v = min(lastRow, max(0, (inverse.d * cx + inverse.e * cy + inverse.f) / w - 0.5))
            guard u.isFinite, v.isFinite else { continue }
            let column = Int(u)
            let line = Int(v)
            let nextColumn = min(Int(lastColumn), column + 1)
            let nextLine = min(Int(lastRow), line + 1)
            let weightX = UInt32(((u - Double(column)) * 256).rounded())
            let weightY = UInt32(((v - Double(line)) * 256).rounded())
            let upper = sourceBase + line * sourceWidth
            let lower = sourceBase + nextLine * sourceWidth
            let top = Pixmap.lerp(upper[column], upper[nextColumn], weightX)
            let bottom = Pixmap.lerp(lower[column], lower[nextColumn], weightX)
            var pixel = Pixmap.lerp(top, bottom, weightY)
            if c != 255 { pixel = scalePixel(pixel, by: c) }
            row[x] = sourceOver(pixel, row[x])
          }
        }
      }
    }
  }
}
