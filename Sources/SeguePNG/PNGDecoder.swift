import CSeguePNG
import SegueGeometry
import SegueRaster

/// Decodes PNG files of any common kind to premultiplied RGBA8 pixmaps through libpng.
public enum PNGDecoder {
  /// The largest side accepted.
  public static let maxSide = 16_384
  /// The most pixels accepted (64 Mpx).
  public static let maxPixels = 64 * 1_000_000

  /// The image's size from its IHDR chunk, checking the PNG signature.
  public static func size(of data: [UInt8], path: String) throws -> (width: Int, height: Int) {
    let header = try PNGHeader(data, path: path)
    return (header.width, header.height)
  }

  /// The image's size, refused as `decode` would refuse it (no pixels, or over the limits):
  /// what checks an image without decoding it (`validate`) uses, so it agrees with `render`.
  public static func checkedSize(of data: [UInt8], path: String, maxPixels: Int = maxPixels) throws
    -> (width: Int, height: Int)
  {
    let header = try PNGHeader(data, path: path)
    let (width, height) = (header.width, header.height)
    guard width > 0, height > 0 else { throw PNGError.corrupt(path: path, message: "image has no pixels") }
    guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
      throw PNGError.tooLarge(path: path, width: width, height: height)
    }
    return (width, height)
  }

  /// The bit depth of the image's samples (1, 2, 4, 8 or 16), from its IHDR chunk.
  public static func bitDepth(of data: [UInt8], path: String) throws -> Int {
    try PNGHeader(data, path: path).bitDepth
  }

  /// Decodes a PNG to RGBA with 16-bit samples (straight alpha), keeping a 16-bit file's full
  /// precision; 8-bit samples are widened by 257.
  public static func decodeRGBA16(_ data: [UInt8], path: String = "<memory>") throws
    -> (width: Int, height: Int, samples: [UInt16])
  {
    let (width, height) = try checkedSize(of: data, path: path, maxPixels: maxPixels / 2)
    var message = [CChar](repeating: 0, count: Int(CSEGUEPNG_MESSAGE_CAPACITY))
    var status: Int32 = 0
    let samples = [UInt16](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      status = data.withUnsafeBufferPointer { input in
        csegue_png_decode_rgba16(
          input.baseAddress, input.count, UInt32(width), UInt32(height), buffer.baseAddress, &message, message.count)
      }
      count = status == CSEGUEPNG_OK ? width * height * 4 : 0
    }
    guard status == CSEGUEPNG_OK else { throw PNGError.corrupt(path: path, message: text(message)) }
    return (width, height, samples)
  }

  /// Decodes a PNG held in memory; `path` only names it in errors.
  public static func decode(_ data: [UInt8], path: String = "<memory>") throws -> Pixmap {
    let straight = try decodeStraightRGBA(data, path: path)
    guard let pixmap = Pixmap(width: straight.width, height: straight.height, straightRGBA: straight.bytes)
    else { throw PNGError.tooLarge(path: path, width: straight.width, height: straight.height) }
    return pixmap
  }

  /// Decodes a PNG to straight-alpha RGBA bytes (4 a pixel), the values as stored.
  public static func decodeStraightRGBA(_ data: [UInt8], path: String = "<memory>") throws
    -> (width: Int, height: Int, bytes: [UInt8])
  {
    let decoded = try decode(data, path: path, keepRGB: false)
    return (decoded.width, decoded.height, decoded.bytes)
  }

  /// Decodes a PNG to straight-alpha RGBA bytes, or, for an 8-bit RGB PNG without transparency,
  /// to its RGB bytes as stored (3 a pixel, no widening pass): `channels` says which.
  public static func decodeNative(_ data: [UInt8], path: String = "<memory>") throws
    -> (width: Int, height: Int, channels: Int, bytes: [UInt8])
  {
    try decode(data, path: path, keepRGB: true)
  }

  /// The decoder behind both: checks the header and limits, then lets libpng fill the buffer.
  static func decode(_ data: [UInt8], path: String, keepRGB: Bool) throws
    -> (width: Int, height: Int, channels: Int, bytes: [UInt8])
  {
    let (width, height) = try checkedSize(of: data, path: path)
    var message = [CChar](repeating: 0, count: Int(CSEGUEPNG_MESSAGE_CAPACITY))
    var status: Int32 = 0
    var channels: Int32 = 4
    let bytes = [UInt8](unsafeUninitializedCapacity: width * height * 4) { buffer, count in
      HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress!), count: buffer.count)
      status = data.withUnsafeBufferPointer { input in
        keepRGB
          ? csegue_png_decode_native(
            input.baseAddress, input.count, UInt32(width), UInt32(height), buffer.baseAddress, &channels,
            &message, message.count)
          : csegue_png_decode_rgba8(
            input.baseAddress, input.count, UInt32(width), UInt32(height), buffer.baseAddress, &message,
            message.count)
      }
      count = status == CSEGUEPNG_OK ? width * height * Int(channels) : 0
    }
    guard status == CSEGUEPNG_OK else { throw PNGError.corrupt(path: path, message: text(message)) }
    return (width, height, Int(channels), bytes)
  }

  /// A C message buffer as a String, cut at its NUL.
  static func text(_ message: [CChar]) -> String {
    let bytes = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
    let text = String(decoding: bytes, as: UTF8.self)
    return text.isEmpty ? "unknown libpng error" : text
  }
}
