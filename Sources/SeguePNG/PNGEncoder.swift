import CSeguePNG
import SegueRaster

/// Encodes pixmaps as PNG files through libpng (in `CSeguePNG`).
public struct PNGEncoder: Sendable {
  /// How hard zlib works, and which row filters libpng tries.
  public enum Compression: String, Sendable, CaseIterable {
    /// Segue's own deflate stream (`FrameDeflater`): rows that are mostly runs under the "up"
    /// filter (most of a UI frame) as those runs, read eight bytes at a time; other rows with
    /// the filter an estimate picks and repeats of whole pixels found through a short hash
    /// chain. Files near `balanced`'s (1.05 times over the example scenes), at a fraction of its
    /// time (see `make bench`), but a mostly black frame up to 1.65 times (the README's Speed);
    /// libpng writes the file around the stream.
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
    if compression == .fast {
      if opaque {
        return try withPointers(to: [pixmap.pixels]) { bases in
          try encodeRuns(
            rows: (0..<pixmap.height).map { bases[0] + $0 * pixmap.width }, width: pixmap.width, alpha: false)
        }
      }
      // Straight RGBA bytes, read four at a time as the packed pixels the deflater takes.
      let straight = pixmap.straightRGBA()
      return try straight.withUnsafeBytes { bytes in
        let pixels = bytes.baseAddress!.assumingMemoryBound(to: UInt32.self)
        return try encodeRuns(
          rows: (0..<pixmap.height).map { UnsafePointer(pixels) + $0 * pixmap.width }, width: pixmap.width, alpha: true)
      }
    }
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

  /// The PNG file of a frame given as rows. Opaque frames are written as RGB: with `fast`, each
  /// row read where it is (the frame's own, a snapshot's, one row of a colour); otherwise each
  /// composited or shared row converted to RGB first, and a row of one colour from one RGB row.
  public func encode(_ image: RowImage) throws -> [UInt8] {
    guard image.isOpaque else { return try encode(image.materialized(), isOpaque: false) }
    if compression == .fast { return try encodeRuns(image) }
    let width = image.width
    let stride = width * 3
    let copied = (0..<image.height).filter { if case .fill = image.rows[$0] { false } else { true } }
    var converted = [UInt8](repeating: 0, count: max(1, copied.count * stride))
    converted.withUnsafeMutableBufferPointer { buffer in
      for (slot, y) in copied.enumerated() {
        let source: Pixmap
        if case .shared(let index) = image.rows[y] {
          source = image.sources[index].pixmap
        } else {
          source = image.pixels
        }
        source.copyRGB(rows: y..<(y + 1), to: buffer.baseAddress! + slot * stride)
      }
    }
    var fills: [UInt32: [UInt8]] = [:]
    for case .fill(let value) in image.rows where fills[value] == nil {
      let color = PremultipliedRGBA8(packed: value)
      fills[value] = [UInt8]((0..<width).flatMap { _ in [color.r, color.g, color.b] })
    }
    // The rows' buffers stay alive (and unmoved) while the pointers into them are used.
    return try withPointers(to: [converted] + Array(fills.values)) { bases in
      var slot = 0
      let fillBase = Dictionary(uniqueKeysWithValues: fills.keys.enumerated().map { ($1, bases[1 + $0]) })
      let rows: [UnsafePointer<UInt8>] = (0..<image.height).map { y in
        if case .fill(let value) = image.rows[y] { return fillBase[value]! }
        slot += 1
        return bases[0] + (slot - 1) * stride
      }
      return try encodeRGB(rows: rows, width: width)
    }
  }

  /// An opaque frame with `fast` compression: the deflater reads each row where it is (the
  /// frame's own, an opaque snapshot's, or one row of a colour), with no RGB copy first.
  private func encodeRuns(_ image: RowImage) throws -> [UInt8] {
    let width = image.width
    var fills: [UInt32: Int] = [:]
    for case .fill(let value) in image.rows where fills[value] == nil { fills[value] = fills.count }
    let fillRows = fills.sorted { $0.value < $1.value }.map { [UInt32](repeating: $0.key, count: width) }
    // The rows' buffers stay alive (and unmoved) while the pointers into them are used.
    let buffers = [image.pixels.pixels] + image.sources.map(\.pixmap.pixels) + fillRows
    return try withPointers(to: buffers) { bases in
      let rows: [UnsafePointer<UInt32>] = (0..<image.height).map { y in
        switch image.rows[y] {
        case .composited: return bases[0] + y * width
        case .shared(let index): return bases[1 + index] + y * width
        case .fill(let value): return bases[1 + image.sources.count + fills[value]!]
        }
      }
      return try encodeRuns(rows: rows, width: width, alpha: false)
    }
  }

  /// A PNG of the packed pixels `rows` (RGB when `alpha` is false, the fourth byte ignored):
  /// Segue's own zlib stream, in a file libpng writes.
  private func encodeRuns(rows: [UnsafePointer<UInt32>], width: Int, alpha: Bool) throws -> [UInt8] {
    let stream = FrameDeflater.stream(rows: rows, width: width, bytesPerPixel: alpha ? 4 : 3)
    var buffer = csegue_png_buffer()
    var message = [CChar](repeating: 0, count: Int(CSEGUEPNG_MESSAGE_CAPACITY))
    let status = stream.withUnsafeBufferPointer { bytes in
      csegue_png_write_stream(
        bytes.baseAddress, bytes.count, UInt32(width), UInt32(rows.count), alpha ? 1 : 0, &buffer, &message,
        message.count)
    }
    defer { csegue_png_buffer_free(&buffer) }
    guard status == CSEGUEPNG_OK, let bytes = buffer.bytes else {
      throw PNGError.encodingFailed(message: PNGDecoder.text(message))
    }
    return Array(UnsafeBufferPointer(start: bytes, count: buffer.count))
  }

  /// Calls `body` with the base address of each buffer, all pinned at once.
  private func withPointers<Element, Result>(
    to buffers: [[Element]], _ body: ([UnsafePointer<Element>]) throws -> Result
  ) throws -> Result {
    func pin(_ index: Int, _ bases: [UnsafePointer<Element>]) throws -> Result {
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
