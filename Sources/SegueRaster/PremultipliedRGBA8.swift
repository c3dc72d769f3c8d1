import SegueGeometry

/// A colour with premultiplied 8-bit alpha (every channel ≤ alpha): the pixel format of `Pixmap`.
///
/// In memory it is four bytes R, G, B, A; as a packed `UInt32` on a little-endian machine that
/// is `A << 24 | B << 16 | G << 8 | R`.
public struct PremultipliedRGBA8: Sendable, Hashable {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8

  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  public static let transparent = PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 0)

  /// Unpacks a pixel read from a `Pixmap`.
  @inlinable public init(packed: UInt32) {
    self.init(
      r: UInt8(truncatingIfNeeded: packed), g: UInt8(truncatingIfNeeded: packed >> 8),
      b: UInt8(truncatingIfNeeded: packed >> 16), a: UInt8(truncatingIfNeeded: packed >> 24))
  }

  /// The pixel as `Pixmap` stores it.
  @inlinable public var packed: UInt32 {
    UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24
  }

  /// Back to straight alpha: c = round(c' · 255 / a); fully transparent pixels become 0,0,0,0.
  public var straight: RGBA8 {
    guard a != 0 else { return .clear }
    let alpha = UInt32(a)
    func channel(_ value: UInt8) -> UInt8 { UInt8(min(255, (UInt32(value) * 255 + alpha / 2) / alpha)) }
    return RGBA8(r: channel(r), g: channel(g), b: channel(b), a: a)
  }
}
