import CSeguePNG

/// A PNG chunk: its four-letter type and data.
public struct PNGChunk: Sendable, Equatable {
  public let type: String
  public let data: [UInt8]

  public init(type: String, data: [UInt8]) {
    self.type = type
    self.data = data
  }

  /// The chunk as it is stored: length, type, data, CRC-32 of type and data.
  public var bytes: [UInt8] {
    let typed = Array(type.utf8) + data
    let crc = typed.withUnsafeBufferPointer { csegue_crc32(0, $0.baseAddress, $0.count) }
    return PNGChunk.bigEndian(UInt32(data.count)) + typed + PNGChunk.bigEndian(crc)
  }

  static func bigEndian(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  static func bigEndian16(_ value: UInt16) -> [UInt8] {
    [UInt8(value >> 8), UInt8(value & 0xFF)]
  }

  /// The eight bytes every PNG file starts with: \x89 P N G \r \n \x1A \n.
  public static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

  /// The chunks of a PNG file, after its signature; nil when it is not a well-formed PNG.
  public static func chunks(of file: [UInt8]) -> [PNGChunk]? {
    guard file.count >= 8, Array(file[0..<8]) == PNGChunk.signature else { return nil }
    var chunks: [PNGChunk] = []
    var offset = 8
    while offset + 12 <= file.count {
      let length =
        Int(file[offset]) << 24 | Int(file[offset + 1]) << 16 | Int(file[offset + 2]) << 8 | Int(file[offset + 3])
      guard length >= 0, offset + 12 + length <= file.count else { return nil }
      let type = String(decoding: file[(offset + 4)..<(offset + 8)], as: UTF8.self)
      chunks.append(PNGChunk(type: type, data: Array(file[(offset + 8)..<(offset + 8 + length)])))
      offset += 12 + length
      if type == "IEND" { return chunks }
    }
    return nil
  }
}
