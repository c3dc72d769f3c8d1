/// Builds PNG files by hand, independently of libpng, so the decoder is tested against bytes
/// written from the PNG specification: any colour type and bit depth, stored (uncompressed)
/// deflate blocks, CRC-32 and Adler-32 computed here.
enum TestPNGBuilder {
  static func crc32(_ bytes: [UInt8]) -> UInt32 {
    var crc: UInt32 = 0xFFFF_FFFF
    for byte in bytes {
      crc ^= UInt32(byte)
      for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    return ~crc
  }

  static func adler32(_ bytes: [UInt8]) -> UInt32 {
    var a: UInt32 = 1
    var b: UInt32 = 0
    for byte in bytes {
      a = (a + UInt32(byte)) % 65521
      b = (b + a) % 65521
    }
    return b << 16 | a
  }

  static func be32(_ value: UInt32) -> [UInt8] {
    [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
  }

  static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
    let typed = Array(type.utf8) + data
    return be32(UInt32(data.count)) + typed + be32(crc32(typed))
  }

  /// A zlib stream of stored blocks.
  static func zlibStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x78, 0x01]
    var offset = 0
    repeat {
      let count = min(65535, data.count - offset)
      let final: UInt8 = offset + count >= data.count ? 1 : 0
      out.append(final)
      out += [UInt8(count & 0xFF), UInt8(count >> 8), UInt8(~count & 0xFF), UInt8((~count >> 8) & 0xFF)]
      out += data[offset..<(offset + count)]
      offset += count
    } while offset < data.count
    return out + be32(adler32(data))
  }

  /// A PNG with the given raw rows (each without its filter byte; filter 0 is added).
  static func png(
    width: Int, height: Int, bitDepth: UInt8, colorType: UInt8, rows: [[UInt8]],
    palette: [UInt8]? = nil, transparency: [UInt8]? = nil, interlaced: Bool = false
  ) -> [UInt8] {
    var ihdr = be32(UInt32(width)) + be32(UInt32(height))
    ihdr += [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
    var file: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    file += chunk("IHDR", ihdr)
    if let palette { file += chunk("PLTE", palette) }
    if let transparency { file += chunk("tRNS", transparency) }
    let raw: [UInt8] = rows.flatMap { row -> [UInt8] in [0] + row }
    file += chunk("IDAT", zlibStored(raw))
    file += chunk("IEND", [])
    return file
  }
}
