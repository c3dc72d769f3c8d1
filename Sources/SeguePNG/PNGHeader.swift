/// The fields of a PNG's IHDR chunk, read only once the whole chunk is there.
///
/// Every reader of the header goes through this type, so none indexes past the end of a short
/// file: a file cut inside its signature's chunk is "file is truncated", as libpng says of one
/// cut later.
public struct PNGHeader: Sendable, Equatable {
  public let width: Int
  public let height: Int
  /// 1, 2, 4, 8 or 16 (as stored; libpng checks it against the colour type).
  public let bitDepth: Int
  public let colorType: Int

  /// Signature (8), IHDR's length (4), type (4), data (13) and CRC (4).
  static let byteCount = 33

  /// Reads the header of `data`; `path` names the file in errors.
  public init(_ data: [UInt8], path: String) throws(PNGError) {
    guard data.count >= 8, data.prefix(8).elementsEqual(PNGChunk.signature) else { throw .notPNG(path: path) }
    if data.count >= 16, !data[12..<16].elementsEqual("IHDR".utf8) { throw .notPNG(path: path) }
    guard data.count >= PNGHeader.byteCount else { throw .corrupt(path: path, message: "file is truncated") }
    func be32(_ offset: Int) -> Int {
      Int(data[offset]) << 24 | Int(data[offset + 1]) << 16 | Int(data[offset + 2]) << 8 | Int(data[offset + 3])
    }
    width = be32(16)
    height = be32(20)
    bitDepth = Int(data[24])
    colorType = Int(data[25])
  }
}
