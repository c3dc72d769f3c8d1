import SegueGeometry

/// A rectangle of premultiplied RGBA8 pixels, row-major, top row first, no padding between rows.
///
/// Pixels are stored packed (see `PremultipliedRGBA8.packed`), so the bytes in memory are
/// R, G, B, A for each pixel: the layout libpng writes.
public struct Pixmap: Sendable, Equatable {
  /// The largest side a pixmap may have.
  public static let maxSide = 16_384
  /// The most pixels a pixmap may have (256 Mpx, 1 GiB).
  public static let maxPixels = 1 << 28

  public let width: Int
  public let height: Int
  /// `width · height` packed pixels.
  public var pixels: [UInt32]

  /// A pixmap filled with `color`; nil when a side is not positive or the size is past the limits.
  public init?(width: Int, height: Int, fill color: PremultipliedRGBA8 = .transparent) {
    guard width > 0, height > 0, width <= Pixmap.maxSide, height <= Pixmap.maxSide,
      width * height <= Pixmap.maxPixels
    else { return nil }
    self.width = width
    self.height = height
    let value = color.packed
    self.pixels = [UInt32](unsafeUninitializedCapacity: width * height) { buffer, count in
      HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress!), count: buffer.count * 4)
      buffer.initialize(repeating: value)
      count = width * height
    }
  }

  /// Wraps decoded straight-alpha RGBA8 bytes (4 a pixel), premultiplying them.
  public init?(width: Int, height: Int, straightRGBA bytes: [UInt8]) {
    guard bytes.count == width * height * 4, let blank = Pixmap(width: width, height: height)
    else { return nil }
    self = blank
    pixels.withUnsafeMutableBufferPointer { out in
      bytes.withUnsafeBufferPointer { input in
        for index in 0..<(width * height) {
          let base = index * 4
          let alpha = UInt32(input[base + 3])
          let straight =
            UInt32(input[base]) | UInt32(input[base + 1]) << 8 | UInt32(input[base + 2]) << 16
          if alpha == 255 {
            out[index] = straight | 0xFF00_0000
          } else {
            out[index] = scalePixel(straight, by: alpha) & 0x00FF_FFFF | alpha << 24
          }
        }
      }
    }
  }

  /// The pixel at (x, y).
  public subscript(x: Int, y: Int) -> PremultipliedRGBA8 {
    get { PremultipliedRGBA8(packed: pixels[y * width + x]) }
    set { pixels[y * width + x] = newValue.packed }
  }

  /// True when every pixel has alpha 255.
  public var isOpaque: Bool {
    pixels.withUnsafeBufferPointer { buffer in
      var all: UInt32 = 0xFF00_0000
      for pixel in buffer { all &= pixel }
      return all == 0xFF00_0000
    }
  }

  /// The pixels with straight alpha, 4 bytes each (R, G, B, A): what a PNG stores.
  public func straightRGBA() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      pixels.withUnsafeBufferPointer { input in
        for (index, packed) in input.enumerated() {
          let color = PremultipliedRGBA8(packed: packed).straight
          buffer[index * 4] = color.r
          buffer[index * 4 + 1] = color.g
          buffer[index * 4 + 2] = color.b
          buffer[index * 4 + 3] = color.a
        }
      }
      count = width * height * 4
    }
  }
}
