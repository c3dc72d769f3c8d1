import SegueGeometry
import SegueRaster
import SegueScene

/// A placed layer's shape in pixels, rasterized only when a draw asks for it and dropped once
/// the layer is drawn (`release`): a frame of hundreds of turned full-screen layers would hold a
/// frame-sized coverage mask for each, all at once, if every shape were made when its layer is
/// placed. Analytic clips (an upright rectangle, rounded rectangle or ellipse) cost nothing to
/// keep; coverage masks (a projected outline, an upright continuous corner) are made here.
///
/// A reference, so that every copy of a `Placed` shares one cache; a frame's layers are placed and
/// drawn on one thread.
final class LayerShape {
  /// What to rasterize: the layer's outline (and mask) through its map onto the frame.
  struct Coverage {
    let bounds: Size
    let radii: CornerRadii
    let curve: CornerCurve
    let ellipse: Bool
    let mask: Mask?
    let maskTransform: Transform3D
    let maskOpacity: Double
    let map: Homography
    let width: Int
    let height: Int

    func rasterize() -> Clip {
      .mask(
        ProjectedShape.coverage(
          bounds: bounds, radii: radii, curve: curve, ellipse: ellipse, mask: mask, maskTransform: maskTransform,
          maskOpacity: maskOpacity, map: map, width: width, height: height))
    }
  }

  enum Part {
    case clip(Clip)
    case coverage(Coverage)
  }

  /// For an upright layer: its outline, then its mask (analytic). Otherwise: the projected
  /// outline times its mask, as one coverage.
  private let outlinePart: Part?
  private let maskPart: Clip?
  private var outlineClip: Clip?

  init(outline: Part?, mask: Clip?) {
    outlinePart = outline
    maskPart = mask
  }

  /// No shape at all (a layer that draws nothing).
  static var none: LayerShape { LayerShape(outline: nil, mask: nil) }

  /// The outline as a clip, rasterized the first time it is asked for.
  var outline: Clip? {
    if let outlineClip { return outlineClip }
    switch outlinePart {
    case .clip(let clip)?:
      return clip
    case .coverage(let coverage)?:
      let clip = coverage.rasterize()
      outlineClip = clip
      return clip
    case nil:
      return nil
    }
  }

  /// The shape: outline ∩ mask, as clips that together cover it.
  var clips: [Clip] { [outline].compactMap { $0 } + [maskPart].compactMap { $0 } }

  /// How many clips `clips` holds, without rasterizing anything.
  var count: Int { (outlinePart == nil ? 0 : 1) + (maskPart == nil ? 0 : 1) }

  /// Drops a rasterized outline (it is made again if asked for).
  func release() { outlineClip = nil }
}
