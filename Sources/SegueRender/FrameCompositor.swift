import SegueRaster
import SegueTransitions

/// Turns the layers of one frame into pixels: background, then each item, source-over.
public struct FrameCompositor: Sendable {
  /// Pixels per point.
  public let scale: Double
  public let background: PremultipliedRGBA8
  public let from: Snapshot
  public let to: Snapshot

  public init(scale: Double, background: PremultipliedRGBA8, from: Snapshot, to: Snapshot) {
    self.scale = scale
    self.background = background
    self.from = from
    self.to = to
  }

  /// True when every frame is opaque (source-over onto an opaque background stays opaque).
  public var framesAreOpaque: Bool { background.a == 255 }

  /// Draws `layers` over the background into `pixmap` (whose previous content is discarded).
  public func render(_ layers: FrameLayers, into pixmap: inout Pixmap) {
    let background = self.background.packed
    pixmap.pixels.withUnsafeMutableBufferPointer { $0.update(repeating: background) }
    for item in layers.items {
      switch item {
      case .screen(let placement):
        let snapshot = placement.role == .from ? from : to
        let destination = placement.frame.scaled(by: scale)
        var clips: [Clip] = []
        switch placement.mask {
        case .circle(let center, let radius):
          clips.append(.circle(center: Point(x: center.x * scale, y: center.y * scale), radius: radius * scale))
        case .rect(let rect):
          clips.append(.rect(rect.scaled(by: scale)))
        case nil: break
        }
        if placement.cornerRadius > 0 {
          let path = Path.roundedRect(
            destination, radii: CornerRadii(placement.cornerRadius * scale), curve: .circular)
          clips.append(.mask(CoverageMask.rasterize(path, canvasWidth: pixmap.width, canvasHeight: pixmap.height)))
        }
        pixmap.draw(
          snapshot.pixmap, into: destination, opacity: placement.opacity, clips: clips,
          sourceIsOpaque: snapshot.isOpaque)
      case .fill(let rect, let color, let opacity):
        pixmap.fill(color.premultiplied, clips: [.rect(rect.scaled(by: scale))], opacity: opacity)
      }
    }
  }
}
