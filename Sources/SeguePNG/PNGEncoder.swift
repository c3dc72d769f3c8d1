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

  /// The PNG file of a frame given as rows. Opaque frames are written as RGB, each row read
  /// from where it is: a row shared with an opaque snapshot straight from that snapshot's RGB
  /// copy, a row of one colour from one RGB row, and only composited rows converted first.
  public func encode(_ image: RowImage) throws -> [UInt8] {
    guard image.isOpaque else { return try encode(image.materialized(), isOpaque: false) }
    let width = image.width
    let stride = width * 3
    let composited = (0..<image.height).filter { image.rows[$0] == .composited }
    var converted = [UInt8](repeating: 0, count: max(1, composited.count * stride))
    converted.withUnsafeMutableBufferPointer { buffer in
      for (slot, y) in composited.enumerated() {
        image.pixels.copyRGB(rows: y..<(y + 1), to: buffer.baseAddress! + slot * stride)
      }
    }
    var fills: [UInt32: [UInt8]] = [:]
    for case .fill(let value) in image.rows where fills[value] == nil {
      let color = PremultipliedRGBA8(packed: value)
      fills[value] = [UInt8]((0..<width).flatMap { _ in [color.r, color.g, color.b] })
    }
    // The rows' buffers stay alive (and unmoved) while the pointers into them are used.
    let sharedRGB = image.sources.map { $0.rgb ?? $0.pixmap.rgbBytes() }
    return try withPointers(to: [converted] + sharedRGB + Array(fills.values)) { bases in
      var slot = 0
      let fillBase = Dictionary(
        uniqueKeysWithValues: fills.keys.enumerated().map { ($1, bases[1 + sharedRGB.count + $0]) })
      let rows: [UnsafePointer<UInt8>] = (0..<image.height).map { y in
        switch image.rows[y] {
        case .composited:
          slot += 1
          return bases[0] + (slot - 1) * stride
        case .shared(let index): return bases[1 + index] + y * stride
        case .fill(let value): return fillBase[value]!
        }
      }
      return try encodeRGB(rows: rows, width: width)
    }
  }

  /// Calls `body` with the base address of each buffer, all pinned at once.
  private func withPointers<Result>(
    to buffers: [[UInt8]], _ body: ([UnsafePointer<UInt8>]) throws -> Result
  ) throws -> Result {
    func pin(_ index: Int, _ bases: [UnsafePointer<UInt8>]) throws -> Result {
      guard index < buffers.count else { return try body(bases) }
      return try buffers[index].withUnsafeBufferPointer { buffer in
        try pin(index + 1, bases + [buffer.baseAddress!])
      }
    }
    return try pin(0, [])
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
          optional.baseAddress, UInt32(width), UInt32(rows.count), CSEGUEPNG_RGB_AS_RGB, compression.settings, &buffer,
          &message,
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
