import SegueGeometry

extension RGBA8 {
  /// The same colour with alpha multiplied in: c' = round(c · a / 255).
  public var premultiplied: PremultipliedRGBA8 {
    let alpha = UInt32(a)
    return PremultipliedRGBA8(
      r: UInt8(divide255(UInt32(r) * alpha)), g: UInt8(divide255(UInt32(g) * alpha)),
      b: UInt8(divide255(UInt32(b) * alpha)), a: a)
  }
}
