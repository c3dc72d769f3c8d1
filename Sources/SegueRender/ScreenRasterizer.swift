import SegueRaster
import SegueScene
import SegueGeometry

/// Draws a screen (background, screenshot, layers) into a pixmap: the snapshot a transition moves.
///
/// Layers are drawn in order, each as CALayer draws itself: background colour, then contents
/// (the image, aspect-fill, clipped to the corners), then the border on top, inside the bounds.
public enum ScreenRasterizer {
  /// Points to pixels for one snapshot: the pixmap is round(w·scale) × round(h·scale) and the
  /// screen is stretched to fill it exactly.
  struct Mapping {
    let scaleX: Double
    let scaleY: Double

    func pixels(_ rect: Rect) -> Rect { rect.scaled(x: scaleX, y: scaleY) }

    /// Flatness in points that keeps flattened curves within `Path.flatness` pixels.
    var flatness: Double { Path.flatness / max(scaleX, scaleY) }
  }

  /// - Parameters:
  ///   - size: the screen in points; `scale` pixels a point.
  ///   - images: decoded PNGs by the path the scene gives them.
  public static func render(_ screen: Screen, size: Size, scale: Double, images: [String: Pixmap]) -> Pixmap {
    let width = max(1, Int((size.width * scale).rounded()))
    let height = max(1, Int((size.height * scale).rounded()))
    let mapping = Mapping(
      scaleX: size.width > 0 ? Double(width) / size.width : scale,
      scaleY: size.height > 0 ? Double(height) / size.height : scale)
    var pixmap = Pixmap(width: width, height: height, fill: screen.background?.premultiplied ?? .transparent)!
    let bounds = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
    if let path = screen.image, let image = images[path] {
      pixmap.draw(image, sourceRect: aspectFillSource(image, into: bounds), into: bounds)
    }
    for layer in screen.layers {
      draw(layer, mapping: mapping, images: images, into: &pixmap)
    }
    return pixmap
  }

  /// The part of `image` that aspect-fill shows in `destination`: the centred rectangle of the
  /// destination's aspect ratio, scaled by s = max(w / iw, h / ih).
  static func aspectFillSource(_ image: Pixmap, into destination: Rect) -> Rect {
    let imageWidth = Double(image.width)
    let imageHeight = Double(image.height)
    let s = max(destination.width / imageWidth, destination.height / imageHeight)
    let width = destination.width / s
    let height = destination.height / s
    return Rect(x: (imageWidth - width) / 2, y: (imageHeight - height) / 2, width: width, height: height)
  }

  /// The outline of a layer in pixels, inset by `inset` points (for a border's inner edge):
  /// built in points, then mapped, so circular corners stay true under an uneven mapping. The
  /// inner edge is concentric with the outer one: its radii are the outer radii as fitted to the
  /// layer, less the inset, as CSS draws borders.
  static func outline(of layer: Layer, mapping: Mapping, inset: Double = 0) -> Path {
    let rect = layer.rect.insetBy(inset)
    guard !rect.isEmpty else { return Path() }
    let path: Path
    switch layer.shape {
    case .ellipse: path = .ellipse(in: rect, flatness: mapping.flatness)
    case .rect:
      let radii = layer.cornerRadius.fitted(to: layer.rect, curve: layer.cornerCurve).inset(by: inset)
      path = .roundedRect(rect, radii: radii, curve: layer.cornerCurve, flatness: mapping.flatness)
    }
    return path.scaled(x: mapping.scaleX, y: mapping.scaleY)
  }

  /// The clip of a layer's shape: exact area for a plain rectangle, a coverage mask otherwise.
  static func clip(for path: Path, layer: Layer, mapping: Mapping, canvas: Pixmap) -> Clip {
    if layer.shape == .rect, layer.cornerRadius.isZero {
      return .rect(mapping.pixels(layer.rect))
    }
    return .mask(CoverageMask.rasterize(path, canvasWidth: canvas.width, canvasHeight: canvas.height))
  }

  static func draw(_ layer: Layer, mapping: Mapping, images: [String: Pixmap], into pixmap: inout Pixmap) {
    guard layer.opacity > 0, !layer.rect.isEmpty else { return }
    let image = layer.image.flatMap { images[$0] }
    let border = layer.border.flatMap { $0.width > 0 && $0.color.a > 0 ? $0 : nil }
    let parts = (layer.color != nil ? 1 : 0) + (image != nil ? 1 : 0) + (border != nil ? 1 : 0)
    guard parts > 0 else { return }
    if parts > 1 && layer.opacity < 1 {
      // Opacity applies to the layer as a whole: draw it opaque on its own, then fade the group,
      // so a border over the fill does not show the fill through it.
      var group = Pixmap(width: pixmap.width, height: pixmap.height)!
      var opaque = layer
      opaque.opacity = 1
      draw(opaque, mapping: mapping, images: images, into: &group)
      let full = Rect(x: 0, y: 0, width: Double(pixmap.width), height: Double(pixmap.height))
      pixmap.draw(group, into: full, opacity: layer.opacity, sourceIsOpaque: false)
      return
    }
    let path = outline(of: layer, mapping: mapping)
    let shape = clip(for: path, layer: layer, mapping: mapping, canvas: pixmap)
    if let color = layer.color {
      pixmap.fill(color.premultiplied, clips: [shape], opacity: layer.opacity)
    }
    if let image {
      let destination = mapping.pixels(layer.rect)
      pixmap.draw(
        image, sourceRect: aspectFillSource(image, into: destination), into: destination,
        opacity: layer.opacity, clips: [shape])
    }
    if let border {
      let inner = outline(of: layer, mapping: mapping, inset: border.width)
      let ring = path.appending(inner.reversed())
      let mask = CoverageMask.rasterize(ring, canvasWidth: pixmap.width, canvasHeight: pixmap.height)
      pixmap.fill(border.color.premultiplied, clips: [.mask(mask)], opacity: layer.opacity)
    }
  }
}
