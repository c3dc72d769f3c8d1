import SegueGeometry
import SegueRaster
import SegueScene
import SegueSync

/// Shadow pictures, kept while they are used: a shadow whose size, corners and blur stay the
/// same from frame to frame (a sheet's, a pushed screen's) is blurred once.
///
/// A shadow is the target's outline (its bounds and corners, or the ellipse in its bounds for an
/// ellipse layer: Core Animation's shadow follows what the layer draws), rasterized by exact area at
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
    let ellipse: Bool
    let sigma: Double
    let resolution: Double
    let color: UInt32
    /// The part of the whole picture made, in its pixels (all of it when the whole fits).
    let crop: [Int]
  }

  /// A blurred outline and how it maps to the target's points.
  struct Texture: Sendable {
    let pixmap: Pixmap
    /// Pixels a point.
    let resolution: Double
    /// Pixels of margin on every side (the outline starts there).
    let margin: Double
    /// Where `pixmap` lies in the whole picture, in its pixels: (0, 0) unless it was cropped.
    var originX = 0
    var originY = 0
  }

  /// The most pixels a whole picture is made with; a larger one (a target far larger than
  /// the frame, or stretched far past it) is made only where it can be seen.
  static let wholeLimit = 4_000_000
  /// The most pixels any picture is made with.
  static let cropLimit = 16_000_000

  private let entries = Guarded<[Key: Texture]>([:])
  static let capacity = 16

  /// The pixels a point of the picture of `shadow` for a target seen at `resolution`.
  static func scale(of shadow: Shadow, resolution: Double) -> Double {
    let sigma = max(0, shadow.radius)
    return sigma > 0 ? min(resolution, max(0.05, 4 / sigma)) : resolution
  }

  /// The picture's margin around the outline, in its pixels: past it the blur is zero.
  static func margin(of shadow: Shadow, scale: Double) -> Double {
    (3.5 * max(0, shadow.radius) * scale).rounded(.up) + 2
  }

  /// The texture of `shadow` for a target of `bounds` with these corners, drawn at about
  /// `resolution` pixels a point. When the whole picture is past `wholeLimit`, only the part
  /// over `visible` (in the target's points, shadow offset taken off) is made, exactly as it
  /// is in the whole picture; nil when that is empty or still past `cropLimit`.
  func texture(
    bounds: Size, radii: CornerRadii, curve: CornerCurve, ellipse: Bool = false, shadow: Shadow, resolution: Double,
    visible: Rect? = nil
  ) -> Texture? {
    guard bounds.width > 0, bounds.height > 0 else { return nil }
    let sigma = max(0, shadow.radius)
    let scale = ShadowCache.scale(of: shadow, resolution: resolution)
    var opaque = shadow.color
    opaque.a = 255
    let margin = ShadowCache.margin(of: shadow, scale: scale)
    // Sized in floating point first: a target stretched far past the frame would make sides
    // whose product (or the sides themselves) no Int holds.
    let sides = ((bounds.width * scale).rounded(.up) + 2 * margin, (bounds.height * scale).rounded(.up) + 2 * margin)
    var crop = (x: 0, y: 0, width: 0, height: 0)
    if sides.0 * sides.1 <= Double(ShadowCache.wholeLimit) {
      crop = (0, 0, Int(sides.0), Int(sides.1))
    } else {
      // The visible part in the whole picture's pixels, on its grid.
      guard let visible, !visible.isEmpty else { return nil }
      let x0 = max(0, (visible.minX * scale + margin).rounded(.down))
      let y0 = max(0, (visible.minY * scale + margin).rounded(.down))
      let x1 = min(sides.0, (visible.maxX * scale + margin).rounded(.up))
      let y1 = min(sides.1, (visible.maxY * scale + margin).rounded(.up))
      guard x1 > x0, y1 > y0, (x1 - x0) * (y1 - y0) <= Double(ShadowCache.cropLimit) else { return nil }
      crop = (Int(x0), Int(y0), Int(x1 - x0), Int(y1 - y0))
    }
    let key = Key(
      width: bounds.width, height: bounds.height, radii: radii.values, curve: curve, ellipse: ellipse, sigma: sigma,
      resolution: scale,
      color: opaque.premultiplied.packed, crop: [crop.x, crop.y, crop.width, crop.height])
    if let cached = entries.withLock({ $0[key] }) { return cached }
    // The blur of a pixel reaches `reach` pixels: the outline is rasterized that much past the
    // crop on every side (clamped to the whole picture), blurred, and the crop cut out of it.
    let reach = GaussianBlur.kernel(sigma: sigma * scale).count / 2
    let left = max(0, crop.x - reach)
    let top = max(0, crop.y - reach)
    let width = Int(min(sides.0, Double(crop.x + crop.width + reach))) - left
    let height = Int(min(sides.1, Double(crop.y + crop.height + reach))) - top
    let flatness = Path.flatness / scale
    let outline =
      ellipse
      ? Path.ellipse(in: Rect(size: bounds), flatness: flatness)
      : Path.roundedRect(Rect(size: bounds), radii: radii, curve: curve, flatness: flatness)
    let placed = Path(
      contours: outline.contours.map { contour in
        contour.map { Point(x: $0.x * scale + margin - Double(left), y: $0.y * scale + margin - Double(top)) }
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
    guard var pixmap = Pixmap(width: crop.width, height: crop.height) else { return nil }
    pixmap.pixels.withUnsafeMutableBufferPointer { pixels in
      for row in 0..<crop.height {
        for column in 0..<crop.width {
          var color = opaque
          let value = blurred[(row + crop.y - top) * width + column + crop.x - left]
          color.a = UInt8(min(255, max(0, (value * 255).rounded())))
          pixels[row * crop.width + column] = color.premultiplied.packed
        }
      }
    }
    let texture = Texture(pixmap: pixmap, resolution: scale, margin: margin, originX: crop.x, originY: crop.y)
    entries.withLock { entries in
      if entries.count >= ShadowCache.capacity { entries.removeAll() }
      entries[key] = texture
    }
    return texture
  }
}
