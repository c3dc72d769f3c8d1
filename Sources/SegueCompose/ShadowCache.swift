import SegueGeometry
import SegueRaster
import SegueScene
import SegueSync

/// Shadow pictures, kept while they are used: a shadow whose size, corners and blur stay the
/// same from frame to frame (a sheet's, a pushed screen's) is blurred once.
///
/// A shadow is the target's outline (its bounds and corners), rasterized by exact area at
/// `resolution` pixels a point, blurred by a Gaussian of standard deviation `radius` points
/// (`GaussianBlur`), in the shadow's colour. A wide blur is drawn at a lower resolution (σ of at
/// least 4 of its pixels): the picture is smooth there, and bilinear sampling of it stays within
/// half a level of the full-resolution one.
final class ShadowCache: Sendable {
  struct Key: Hashable {
    let width: Double
    let height: Double
    let radii: [Double]
    let curve: CornerCurve
    let sigma: Double
    let resolution: Double
    let color: UInt32
  }

  /// A blurred outline and how it maps to the target's points.
  struct Texture: Sendable {
    let pixmap: Pixmap
    /// Pixels a point.
    let resolution: Double
    /// Pixels of margin on every side (the outline starts there).
    let margin: Double
  }

  private let entries = Guarded<[Key: Texture]>([:])
  static let capacity = 16

  /// The texture of `shadow` for a target of `bounds` with these corners, drawn at about
  /// `resolution` pixels a point.
  func texture(
    bounds: Size, radii: CornerRadii, curve: CornerCurve, shadow: Shadow, resolution: Double
  ) -> Texture? {
    guard bounds.width > 0, bounds.height > 0 else { return nil }
    let sigma = max(0, shadow.radius)
    let scale = sigma > 0 ? min(resolution, max(0.05, 4 / sigma)) : resolution
    var opaque = shadow.color
    opaque.a = 255
    let key = Key(
      width: bounds.width, height: bounds.height, radii: radii.values, curve: curve, sigma: sigma, resolution: scale,
      color: opaque.premultiplied.packed)
    if let cached = entries.withLock({ $0[key] }) { return cached }
    let margin = (3.5 * sigma * scale).rounded(.up) + 2
    // Sized in floating point first: a target stretched far past the frame would make sides
    // whose product (or the sides themselves) no Int holds.
    let sides = ((bounds.width * scale).rounded(.up) + 2 * margin, (bounds.height * scale).rounded(.up) + 2 * margin)
    guard sides.0 * sides.1 <= 16_000_000 else { return nil }
    let width = Int(sides.0)
    let height = Int(sides.1)
    let flatness = Path.flatness / scale
    let outline = Path.roundedRect(Rect(size: bounds), radii: radii, curve: curve, flatness: flatness)
    let placed = Path(
      contours: outline.contours.map { contour in
        contour.map { Point(x: $0.x * scale + margin, y: $0.y * scale + margin) }
      })
    let coverage = CoverageMask.rasterize(placed, canvasWidth: width, canvasHeight: height)
    var values = [Float](repeating: 0, count: width * height)
    for row in 0..<coverage.height {
      for column in 0..<coverage.width {
        values[(row + coverage.y) * width + column + coverage.x] =
          Float(coverage.values[row * coverage.width + column]) / 255
      }
    }
    let blurred = GaussianBlur.blur(values, width: width, height: height, sigma: sigma * scale)
    guard var pixmap = Pixmap(width: width, height: height) else { return nil }
    pixmap.pixels.withUnsafeMutableBufferPointer { pixels in
      for index in 0..<(width * height) {
        var color = opaque
        color.a = UInt8(min(255, max(0, (blurred[index] * 255).rounded())))
        pixels[index] = color.premultiplied.packed
      }
    }
    let texture = Texture(pixmap: pixmap, resolution: scale, margin: margin)
    entries.withLock { entries in
      if entries.count >= ShadowCache.capacity { entries.removeAll() }
      entries[key] = texture
    }
    return texture
  }
}
