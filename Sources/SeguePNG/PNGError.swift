/// Why a PNG could not be read or written. Every case names the file (or "<memory>").
public enum PNGError: Error, Equatable, CustomStringConvertible {
  /// The bytes are not a PNG (no PNG signature or no IHDR chunk).
  case notPNG(path: String)
  /// A PNG whose size is outside the limits this decoder accepts.
  case tooLarge(path: String, width: Int, height: Int)
  /// libpng or zlib rejected the data: corrupt, truncated or unsupported.
  case corrupt(path: String, message: String)
  /// Encoding failed (libpng's message) or the image to encode is invalid.
  case encodingFailed(message: String)

  public var description: String {
    switch self {
    case .notPNG(let path): return "\(path): not a PNG file"
    case .tooLarge(let path, let width, let height):
      return "\(path): image is \(width)x\(height) pixels, larger than the limit of "
        + "\(PNGDecoder.maxSide) a side and \(PNGDecoder.maxPixels / 1_000_000) Mpx"
    case .corrupt(let path, let message): return "\(path): corrupt PNG: \(message)"
    case .encodingFailed(let message): return "cannot encode PNG: \(message)"
    }
  }
}
