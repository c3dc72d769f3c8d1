import SegueRaster

/// A screen rendered once, with what the compositor and the encoder need to know about it.
public struct Snapshot: Sendable {
  public let pixmap: Pixmap
  /// Every pixel opaque: fully covered runs can be copied instead of blended.
  public let isOpaque: Bool
  /// For an opaque snapshot, its pixels as RGB rows, which the encoder reads in place.
  public let rgb: [UInt8]?

  public init(_ pixmap: Pixmap) {
    self.pixmap = pixmap
    self.isOpaque = pixmap.isOpaque
    self.rgb = isOpaque ? pixmap.rgbBytes() : nil
  }
}
