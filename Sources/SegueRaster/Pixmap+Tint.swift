extension Pixmap {
  /// The picture with `color` at `opacity` laid over all of it (source-over): a dimming view
  /// added to a view and covering it, folded into the view's own pixels, so that the view's
  /// anti-aliased edges carry the dim once when the view is drawn. Where the view is
  /// transparent the dim shows on its own, as a sublayer does.
  ///
  ///     S = color · opacity (premultiplied, rounded as `fill` rounds it)
  ///     P' = S + P · (1 − Sa)
  ///
  /// Byte for byte what `fill` writes over the same pixels.
  public func tinted(_ color: PremultipliedRGBA8, opacity: Double) -> Pixmap {
    let source = scalePixel(color.packed, by: Pixmap.alpha255(opacity))
    guard source != 0 else { return self }
    var result = self
    result.pixels.withUnsafeMutableBufferPointer { pixels in
      for index in pixels.indices { pixels[index] = sourceOver(source, pixels[index]) }
    }
    return result
  }
}
