/// A decoded image: 8-bit straight-alpha RGBA (4 bytes a pixel), or RGB (3 bytes a pixel, all
/// opaque) as opaque PNGs store it. Row-major. Golden comparison works on these, never on the
/// PNG bytes.
public struct RGBAImage: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// 4 (RGBA) or 3 (RGB, every pixel opaque).
  public let channels: Int
  public var bytes: [UInt8]

  public init(width: Int, height: Int, bytes: [UInt8], channels: Int = 4) {
    precondition(channels == 3 || channels == 4, "an image has 3 or 4 channels")
    precondition(bytes.count == width * height * channels, "an image has `channels` bytes a pixel")
    self.width = width
    self.height = height
    self.channels = channels
    self.bytes = bytes
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
