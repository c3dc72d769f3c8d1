import CSeguePNG
import SegueRaster

/// Encodes pixmaps as PNG files through libpng (in `CSeguePNG`).
public struct PNGEncoder: Sendable {
  /// How hard zlib works, and which row filters libpng tries.
  public enum Compression: String, Sendable, CaseIterable {
    /// The "up" filter with zlib's run-length strategy at level 1: UI frames are long runs of
    /// one colour and rows that repeat the row above, which this catches at a fraction of the
    /// default's cost (see `make bench`).
    case fast
    /// libpng's defaults: every filter, zlib level 6.
    case balanced
    /// Every filter, zlib level 9: the smallest files, slowest.
    case smallest

    var settings: csegue_png_settings {
      switch self {
      case .fast: return csegue_png_settings(level: 1, strategy: 3, filters: 0x20)
      case .balanced: return csegue_png_settings(level: 6, strategy: 0, filters: 0xF8)
      case .smallest: return csegue_png_settings(level: 9, strategy: 0, filters: 0xF8)
      }
    }
  }

  public var compression: Compression

  public init(compression: Compression = .fast) {
    self.compression = compression
  }

  /// The PNG file of `pixmap`: RGB when every pixel is opaque (say so with `isOpaque` to skip
  /// the check), RGBA with straight alpha otherwise.
  public func encode(_ pixmap: Pixmap, isOpaque: Bool? = nil) throws -> [UInt8] {
    let opaque = isOpaque ?? pixmap.isOpaque
    if opaque {
      return try pixmap.pixels.withUnsafeBytes { bytes throws in
        try encodeRows(
          bytes.baseAddress!.assumingMemoryBound(to: UInt8.self), width: pixmap.width,
          height: pixmap.height, layout: CSEGUEPNG_RGBX_AS_RGB)
      }
    }
    let straight = pixmap.straightRGBA()
    return try straight.withUnsafeBufferPointer { bytes throws in
      try encodeRows(bytes.baseAddress!, width: pixmap.width, height: pixmap.height, layout: CSEGUEPNG_RGBA_AS_RGBA)
    }
  }

  /// An RGB PNG of `width` × `height` whose row y is read from `rows[y]`, 3 bytes a pixel.
  /// Rows may point into different buffers, so a row that is a verbatim copy of another image's
  /// row needs no copy first.
  public func encodeRGB(rows: [UnsafePointer<UInt8>], width: Int) throws -> [UInt8] {
    var buffer = csegue_png_buffer()
    var message = [CChar](repeating: 0, count: Int(CSEGUEPNG_MESSAGE_CAPACITY))
    let status = rows.withUnsafeBufferPointer { pointers in
      pointers.withMemoryRebound(to: UnsafePointer<UInt8>?.self) { optional in
        csegue_png_encode_rows(
          optional.baseAddress, UInt32(width), UInt32(rows.count), CSEGUEPNG_RGB_AS_RGB, compression.settings, &buffer, &message,
          message.count)
      }
    }
    defer { csegue_png_buffer_free(&buffer) }
    guard status == CSEGUEPNG_OK, let bytes = buffer.bytes else {
      throw PNGError.encodingFailed(message: PNGDecoder.text(message))
    }
    return Array(UnsafeBufferPointer(start: bytes, count: buffer.count))
  }

  private func encodeRows(
    _ rows: UnsafePointer<UInt8>, width: Int, height: Int, layout: Int32
  ) throws -> [UInt8] {
    var buffer = csegue_png_buffer()
    var message = [CChar](repeating: 0, count: Int(CSEGUEPNG_MESSAGE_CAPACITY))
    let status = csegue_png_encode_rgba8(
      rows, UInt32(width), UInt32(height), width * 4, layout, compression.settings,
      &buffer, &message, message.count)
    defer { csegue_png_buffer_free(&buffer) }
    guard status == CSEGUEPNG_OK, let bytes = buffer.bytes else {
      throw PNGError.encodingFailed(message: PNGDecoder.text(message))
    }
    return Array(UnsafeBufferPointer(start: bytes, count: buffer.count))
  }
}
