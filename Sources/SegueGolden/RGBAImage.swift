/// An image as straight-alpha RGBA8 bytes, 4 a pixel, row-major: what a PNG holds, and what
/// golden comparison works on (never the PNG bytes).
public struct RGBAImage: Sendable, Equatable {
  public let width: Int
  public let height: Int
  public var bytes: [UInt8]

  public init(width: Int, height: Int, bytes: [UInt8]) {
    precondition(bytes.count == width * height * 4, "an RGBA image has 4 bytes a pixel")
    self.width = width
    self.height = height
    self.bytes = bytes
  }

  public var pixelCount: Int { width * height }
}
