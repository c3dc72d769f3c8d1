extension Pixmap {
  /// The picture with `color` at `opacity` laid over it and kept within it (Porter-Duff
  /// source-atop): a dimming view added to a view, folded into the view's own pixels, so that
  /// the view's anti-aliased edges carry the dim once when the view is drawn.
  ///
  ///     S = color · opacity (premultiplied, rounded as `fill` rounds it)
  ///     P' = S · Pa + P · (1 − Sa)
  ///
  /// For an opaque P this is exactly source-over, byte for byte what `fill` writes over it. No
  /// channel overflows: the two rounded terms sum to at most Pa, or Pa + 1 when Pa < 255.
  public func tinted(_ color: PremultipliedRGBA8, opacity: Double) -> Pixmap {
    let source = scalePixel(color.packed, by: Pixmap.alpha255(opacity))
    let inverse = 255 &- (source >> 24)
    guard source != 0 else { return self }
    var result = self
    result.pixels.withUnsafeMutableBufferPointer { pixels in
      for index in pixels.indices {
        let pixel = pixels[index]
        let alpha = pixel >> 24
        pixels[index] =
          alpha == 255
          ? source &+ scalePixel(pixel, by: inverse) : scalePixel(source, by: alpha) &+ scalePixel(pixel, by: inverse)
      }
    }
    return result
  }
}
