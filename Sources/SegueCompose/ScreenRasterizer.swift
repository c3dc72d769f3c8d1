import SegueGeometry
import SegueRaster
import SegueScene

/// Draws a screen (background, screenshot, layers) into a pixmap once: the snapshot a
/// transition moves. Layers a transition lifts out are left out; they are drawn on their own.
public enum ScreenRasterizer {
  /// - Parameters:
  ///   - size: the screen in points; the pixmap is round(w·scale) × round(h·scale) and the
  ///     screen is stretched to fill it exactly.
  ///   - images: decoded PNGs by the path the scene gives them.
  ///   - excluding: indices of layers not to draw (lifted out).
  public static func render(
    _ screen: Screen, size: Size, scale: Double, images: [String: Pixmap], excluding: Set<Int> = []
  ) -> Pixmap {
    let width = max(1, Int((size.width * scale).rounded()))
    let height = max(1, Int((size.height * scale).rounded()))
    let scaleX = size.width > 0 ? Double(width) / size.width : scale
    let scaleY = size.height > 0 ? Double(height) / size.height : scale
    var pixmap = Pixmap(width: width, height: height, fill: screen.background?.premultiplied ?? .transparent)!
    let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    if let path = screen.image, let image = images[path] {
      pixmap.draw(image, sourceRect: LayerPainter.aspectFillSource(image, into: bounds.size), into: bounds)
    }
    // A screen too thin for its stretch to be a number (a size like 5e-324 points) keeps only its
    // background in its one pixel; it is drawn into a frame of no area anyway.
    guard scaleX.isFinite, scaleY.isFinite else { return pixmap }
    // A layer at (x, y) with `zPosition` z is seen through the screen's perspective S and
    // flattened into it: pixels · S · translate(x, y, z).
    let screenSpace = Transform3D.scale(scaleX, scaleY) * LayerPainter.perspective(screen.perspective, size: size)
    for index in LayerPainter.drawingOrder(screen.layers)
    where !excluding.contains(index) && !screen.layers[index].rect.isEmpty {
      let layer = screen.layers[index]
      let placement = LayerPainter.placement(
        of: layer, under: screenSpace * .translation(layer.rect.x, layer.rect.y, layer.zPosition))
      LayerPainter.draw(layer, placement, images: images, into: &pixmap)
    }
    return pixmap
  }
}
