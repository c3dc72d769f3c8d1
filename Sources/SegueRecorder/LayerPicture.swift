#if canImport(UIKit)
  import UIKit

  /// The picture of what one layer draws itself (text, an image, a shape, a `draw(_:)`),
  /// without its sublayers, which the scene states as layers of their own: a PNG at the scene's
  /// scale, of `size` points (a layer's own drawing: its bounds' size; a snapshot's: any size,
  /// its picture stretched to it).
  @MainActor
  enum LayerPicture {
    /// On iOS UIKit draws the picture; the UIKit stand-in Segue's tests use on Linux (built with
    /// SEGUE_UIKIT_STAND_IN) runs this same code, and draws snapshots (through Segue) alone.
    static func png(of layer: CALayer, view: UIView?, size: CGSize, scale: CGFloat) -> Data? {
      #if os(iOS) || os(tvOS) || os(visionOS) || SEGUE_UIKIT_STAND_IN
        guard size.width > 0, size.height > 0 else { return nil }
        let format = UIGraphicsImageRendererFormat()
        format.scale = scale
        format.opaque = false
        if let view, ContentNode.isSnapshot(view) {
          // A snapshot's picture is the render server's: only drawing the view's hierarchy as
          // the screen shows it draws it.
          let image = UIGraphicsImageRenderer(size: size, format: format).image { _ in
            _ = view.drawHierarchy(in: CGRect(origin: .zero, size: size), afterScreenUpdates: false)
          }
          return image.pngData()
        }
        // Only the layer's own drawing: its sublayers are hidden while it renders, without the
        // implicit animations a change of `isHidden` would start, and shown again after.
        let sublayers = (layer.sublayers ?? []).filter { !$0.isHidden }
        CATransaction.begin()
        CATransaction.setDisableActions(true)
        for sublayer in sublayers { sublayer.isHidden = true }
        let image = UIGraphicsImageRenderer(size: size, format: format).image { context in
          context.cgContext.translateBy(x: -layer.bounds.minX, y: -layer.bounds.minY)
          layer.render(in: context.cgContext)
        }
        for sublayer in sublayers { sublayer.isHidden = false }
        CATransaction.commit()
        return image.pngData()
      #else
        _ = (layer, view, size, scale)
        return nil
      #endif
    }
  }
#endif
