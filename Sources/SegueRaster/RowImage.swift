/// A frame as rows: each row either composited into the frame's own pixmap, a verbatim row of
/// another pixmap (an opaque screen snapshot drawn 1:1), or one colour. The pixels are the
/// same whoever reads them; only the PNG encoder uses where a row lives, to skip copies.
public struct RowImage: Sendable {
  /// Where one row's pixels are.
  public enum Row: Sendable, Equatable {
    /// Row y of `pixels` (the frame's own).
    case composited
    /// Row y of `sources[index]`.
    case shared(Int)
    /// Every pixel this packed premultiplied colour.
    case fill(UInt32)
  }

  /// Another pixmap some rows are copies of, which an encoder can read in place.
  public struct Source: Sendable {
    public let pixmap: Pixmap

    public init(pixmap: Pixmap) {
      self.pixmap = pixmap
    }
  }

  public let width: Int
  public let height: Int
  /// Holds the composited rows (others are undefined there).
  public let pixels: Pixmap
  public let rows: [Row]
  public let sources: [Source]
  /// Every pixel has alpha 255.
  public let isOpaque: Bool

  public init(pixels: Pixmap, rows: [Row], sources: [Source], isOpaque: Bool) {
    precondition(rows.count == pixels.height, "a row source per row")
    self.width = pixels.width
    self.height = pixels.height
    self.pixels = pixels
    self.rows = rows
    self.sources = sources
    self.isOpaque = isOpaque
  }

  /// A whole pixmap as rows of its own.
  public init(_ pixmap: Pixmap) {
    self.init(
      pixels: pixmap, rows: [Row](repeating: .composited, count: pixmap.height), sources: [],
      isOpaque: pixmap.isOpaque)
  }

  /// Calls `body` with row `y`'s packed premultiplied pixels.
  public func withRow<Result>(_ y: Int, _ body: (UnsafeBufferPointer<UInt32>) -> Result) -> Result {
    switch rows[y] {
    case .composited:
      return pixels.pixels.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[(y * width)..<((y + 1) * width)]))
      }
    case .shared(let index):
      let source = sources[index].pixmap
      return source.pixels.withUnsafeBufferPointer {
        body(UnsafeBufferPointer(rebasing: $0[(y * width)..<((y + 1) * width)]))
      }
    case .fill(let value):
      let row = [UInt32](repeating: value, count: width)
      return row.withUnsafeBufferPointer(body)
    }
  }

  /// The frame as one pixmap.
  public func materialized() -> Pixmap {
    if rows.allSatisfy({ $0 == .composited }) { return pixels }
    var result = pixels
    result.pixels.withUnsafeMutableBufferPointer { out in
      for y in 0..<height where rows[y] != .composited {
        withRow(y) { row in
          (out.baseAddress! + y * width).update(from: row.baseAddress!, count: width)
        }
      }
    }
    return result
  }
}
