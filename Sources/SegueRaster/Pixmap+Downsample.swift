extension Pixmap {
  /// The pixmap shrunk to `width` × `height` by area averaging (a box filter): each output pixel
  /// is the mean of the source pixels its footprint covers, weighted by overlap. Unlike bilinear
  /// sampling this does not alias at large reductions (contact sheets shrink frames 6 to 10 times).
  public func downsampled(width newWidth: Int, height newHeight: Int) -> Pixmap? {
    guard var output = Pixmap(width: newWidth, height: newHeight) else { return nil }
    let scaleX = Double(width) / Double(newWidth)
    let scaleY = Double(height) / Double(newHeight)
    // Per output column: the source columns it covers and their weights.
    func spans(_ count: Int, _ scale: Double, _ limit: Int) -> [[(Int, Double)]] {
      (0..<count).map { index in
        let start = Double(index) * scale
        let end = min(Double(limit), start + scale)
        var weights: [(Int, Double)] = []
        var position = Int(start.rounded(.down))
        while Double(position) < end && position < limit {
          let overlap = min(end, Double(position + 1)) - max(start, Double(position))
          if overlap > 0 { weights.append((position, overlap)) }
          position += 1
        }
        return weights
      }
    }
    let columns = spans(newWidth, scaleX, width)
    let rows = spans(newHeight, scaleY, height)
    pixels.withUnsafeBufferPointer { source in
      output.pixels.withUnsafeMutableBufferPointer { out in
        for (y, rowWeights) in rows.enumerated() {
          for (x, columnWeights) in columns.enumerated() {
            var sum = (0.0, 0.0, 0.0, 0.0)
            var total = 0.0
            for (sy, wy) in rowWeights {
              for (sx, wx) in columnWeights {
                let weight = wx * wy
                let pixel = source[sy * width + sx]
                sum.0 += Double(pixel & 0xFF) * weight
                sum.1 += Double((pixel >> 8) & 0xFF) * weight
                sum.2 += Double((pixel >> 16) & 0xFF) * weight
                sum.3 += Double(pixel >> 24) * weight
                total += weight
              }
            }
            guard total > 0 else { continue }
            func channel(_ value: Double) -> UInt32 { UInt32(min(255, max(0, (value / total).rounded()))) }
            out[y * newWidth + x] = channel(sum.0) | channel(sum.1) << 8 | channel(sum.2) << 16 | channel(sum.3) << 24
          }
        }
      }
    }
    return output
  }
}
