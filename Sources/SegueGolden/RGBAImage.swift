/// A decoded image: 8-bit straight-alpha RGBA (4 bytes a pixel), or RGB (3 bytes a pixel, all
/// opaque) as opaque PNGs store it. Row-major. Golden comparison works on these, never on the
/// PNG bytes.
public struct RGBAImage: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// 4 (RGBA) or 3 (RGB, every pixel opaque).
  public let channels: Int
  public var bytes: [UInt8]
  /// For an image stored with 16-bit samples: all of them, RGBA, straight alpha (then `bytes`
  /// is the image reduced to 8 bits, for pictures). Comparisons use these when present.
  public var wide: [UInt16]?

  public init(width: Int, height: Int, bytes: [UInt8], channels: Int = 4) {
    precondition(channels == 3 || channels == 4, "an image has 3 or 4 channels")
    precondition(bytes.count == width * height * channels, "an image has `channels` bytes a pixel")
    self.width = width
    self.height = height
    self.channels = channels
    self.bytes = bytes
  }

  /// An image with 16-bit RGBA samples; its 8-bit bytes are each sample rounded: (v + 128) / 257.
  public init(width: Int, height: Int, wide samples: [UInt16]) {
    precondition(samples.count == width * height * 4, "a 16-bit image has 4 samples a pixel")
    self.init(
      width: width, height: height,
      bytes: samples.map { UInt8((UInt32($0) + 128) / 257) }, channels: 4)
    self.wide = samples
  }

  /// Every sample at 16 bits, RGBA (8-bit ones widened by 257, RGB given alpha 65535).
  public func wideRGBA() -> [UInt16] {
    if let wide { return wide }
    let rgba = self.rgba().bytes
    return rgba.map { UInt16($0) * 257 }
  }

  public var pixelCount: Int { width * height }

  /// The same pixels as 4-byte RGBA (alpha 255 for an RGB image).
  public func rgba() -> RGBAImage {
    guard channels == 3 else { return self }
    var out = [UInt8](repeating: 255, count: pixelCount * 4)
    bytes.withUnsafeBufferPointer { input in
      out.withUnsafeMutableBufferPointer { output in
        for index in 0..<pixelCount {
          output[index * 4] = input[index * 3]
          output[index * 4 + 1] = input[index * 3 + 1]
          output[index * 4 + 2] = input[index * 3 + 2]
        }
      }
    }
    return RGBAImage(width: width, height: height, bytes: out)
  }

  /// The straight RGBA values of pixel `index`.
  @inline(__always)
  public func pixel(_ index: Int) -> (UInt8, UInt8, UInt8, UInt8) {
    let base = index * channels
    return (bytes[base], bytes[base + 1], bytes[base + 2], channels == 4 ? bytes[base + 3] : 255)
  }
}
