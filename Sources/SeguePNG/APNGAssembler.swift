/// Builds an animated PNG (APNG, which browsers play) from PNG frames of one size and kind.
///
/// Per the APNG specification: the first frame's IHDR, an acTL (frame count, loop forever),
/// then for each frame an fcTL (sequence number, size, offset 0, delay, dispose none, blend
/// source) and its image data: IDAT chunks for the first frame, fdAT chunks (sequence number
/// followed by the IDAT bytes) for the others, then IEND. Sequence numbers count fcTL and fdAT
/// chunks together from 0. Frames are added one at a time and each call returns the bytes to
/// append, so a writer can stream the file with one frame in memory.
public struct APNGAssembler {
  public enum Failure: Error, Equatable, CustomStringConvertible {
    case notPNG(frame: Int)
    case mismatched(frame: Int)
    public var description: String {
      switch self {
      case .notPNG(let frame): return "frame \(frame) is not a well-formed PNG"
      case .mismatched(let frame): return "frame \(frame) differs from the first frame in size or pixel format"
      }
    }
  }

  private var header: PNGChunk?
  private var sequence: UInt32 = 0
  private let frameCount: Int
  private var added = 0

  public init(frameCount: Int) {
    self.frameCount = frameCount
  }

  /// A frame shown for `delayNumerator / delayDenominator` seconds: the bytes to append (the
  /// file's start as well, for the first frame).
  public mutating func add(png: [UInt8], delayNumerator: UInt16, delayDenominator: UInt16) throws(Failure) -> [UInt8] {
    var bytes: [UInt8] = []
    guard let chunks = PNGChunk.chunks(of: png), let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13
    else { throw .notPNG(frame: added) }
    if let header {
      guard header.data == ihdr.data else { throw .mismatched(frame: added) }
    } else {
      header = ihdr
      bytes = PNGChunk.signature + ihdr.bytes
      bytes += PNGChunk(type: "acTL", data: PNGChunk.bigEndian(UInt32(frameCount)) + PNGChunk.bigEndian(0)).bytes
    }
    var control = PNGChunk.bigEndian(sequence)
    control += Array(ihdr.data[0..<8])  // width, height
    control += PNGChunk.bigEndian(0) + PNGChunk.bigEndian(0)  // x, y offsets
    control += PNGChunk.bigEndian16(delayNumerator) + PNGChunk.bigEndian16(delayDenominator)
    control += [0, 0]  // dispose: none; blend: source
    bytes += PNGChunk(type: "fcTL", data: control).bytes
    sequence += 1
    for chunk in chunks where chunk.type == "IDAT" {
      if added == 0 {
        bytes += chunk.bytes
      } else {
        bytes += PNGChunk(type: "fdAT", data: PNGChunk.bigEndian(sequence) + chunk.data).bytes
        sequence += 1
      }
    }
    added += 1
    return bytes
  }

  /// The bytes that end the file.
  public func end() -> [UInt8] {
    PNGChunk(type: "IEND", data: []).bytes
  }
}
