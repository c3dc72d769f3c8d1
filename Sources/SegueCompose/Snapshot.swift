import SegueRaster

/// A screen rendered once, with what the compositor and the encoder need to know about it.
public struct Snapshot: Sendable {
  public let pixmap: Pixmap
  /// Every pixel opaque: fully covered runs can be copied instead of blended.
  public let isOpaque: Bool

  public init(_ pixmap: Pixmap) {
    self.pixmap = pixmap
    self.isOpaque = pixmap.isOpaque
  }
}
