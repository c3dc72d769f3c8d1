import SegueGeometry

extension Pixmap {
  /// The 8 × 8 Bayer matrix: thresholds for ordered dithering, each of 0…63 once, spread so
  /// that every 2 × 2, 4 × 4 and 8 × 8 block holds an even share of them.
  static let bayer8: [UInt8] = {
    var matrix = [UInt8](repeating: 0, count: 64)
    for y in 0..<8 {
      for x in 0..<8 {
        // Interleave the bits of x ^ y and y, most significant first.
        let a = x ^ y
        var value = 0
        for bit in 0..<3 {
          value |= ((a >> bit) & 1) << (5 - 2 * bit)
          value |= ((y >> bit) & 1) << (4 - 2 * bit)
        }
        matrix[y * 8 + x] = UInt8(value)
      }
    }
    return matrix
  }()

  /// Fills the covered pixels of `clips` with `shader`, source-over, times `opacity`.
  /// `inverse` maps frame pixels to the layer's points, where the shader is defined; each pixel
  /// takes the colour at its centre.
  ///
  /// Quantizing: a channel value v (0…255, real) becomes floor(v + d) with the pixel's dither
  /// threshold d = (bayer(x mod 8, y mod 8) + 0.5) ÷ 64, so any 8 × 8 block of a ramp averages
  /// to v within 1/64 of a level: a gradient from #000 to #101010 over a screen shows no steps.
  public mutating func fillGradient(_ shader: GradientShader, inverse: Homography, clips: [Clip], opacity: Double = 1) {
    let alpha = Pixmap.alpha255(opacity)
    guard alpha > 0, !shader.stops.isEmpty else { return }
    let width = self.width
    let bayer = Pixmap.bayer8
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
          let point = Point(
            x: (inverse.a * cx + inverse.b * cy + inverse.c) / w, y: (inverse.d * cx + inverse.e * cy + inverse.f) / w)
          guard point.x.isFinite, point.y.isFinite else { continue }
          let color = shader.color(at: shader.parameter(at: point))
          let d = (Double(bayer[(y & 7) * 8 + (x & 7)]) + 0.5) / 64
          // floor(v + d) clamped to 0…255: v + d is positive (d is), where truncating is the
          // floor, and a conversion instead of a call to floor (four of them a pixel). NaN is 0.
          func quantized(_ value: Double) -> UInt32 {
            let q = value + d
            return q > 0 ? UInt32(min(255, q)) : 0
          }
          let a = quantized(color.w)
          // Premultiplied: no channel above alpha, whatever the dither did.
          func channel(_ value: Double) -> UInt32 { min(a, quantized(value)) }
          var pixel = channel(color.x) | channel(color.y) << 8 | channel(color.z) << 16 | a << 24
          if c != 255 { pixel = scalePixel(pixel, by: c) }
          row[x] = sourceOver(pixel, row[x])
        }
      }
    }
  }
}
