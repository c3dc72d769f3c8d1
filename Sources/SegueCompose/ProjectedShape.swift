import SegueGeometry
import SegueMotion
import SegueRaster
import SegueScene

/// Outlines in a layer's own points carried onto the frame: flattened finely enough for the
/// map's largest stretch, cut at the viewer's eye plane, then projected.
enum ProjectedShape {
  /// Points closer to the eye plane than this (in w, where w = 1 − z/d) are cut away: what is
  /// at or behind the eye is not drawn.
  static let nearestW = Transform3D.nearestW

  /// How many pixels one of the layer's points can stretch to under `map`, over `bounds`
  /// (from its corners; at least a tiny amount so flatness stays finite).
  static func stretch(of map: Homography, over bounds: Size) -> Double {
    let corners = [(0.0, 0.0), (bounds.width, 0.0), (bounds.width, bounds.height), (0.0, bounds.height)]
    var largest = 1e-6
    for (x, y) in corners where map.w(x, y) > nearestW {
      // The Jacobian of (X/W, Y/W): ((a − g·u) / W, (b − h·u) / W; (d − g·v) / W, (e − h·v) / W).
      let w = map.w(x, y)
      let p = map.apply(x, y)
      let columns = [
        ((map.a - map.g * p.x) / w, (map.d - map.g * p.y) / w), ((map.b - map.h * p.x) / w, (map.e - map.h * p.y) / w),
      ]
      for (dx, dy) in columns { largest = max(largest, (dx * dx + dy * dy).squareRoot()) }
    }
    return min(largest, 1e6)
  }

  /// The flatness to build outlines with in the layer's points, so they stay within
  /// `Path.flatness` pixels of the true curve on the frame.
  static func flatness(for map: Homography, over bounds: Size) -> Double {
    max(Path.flatness / stretch(of: map, over: bounds), 1e-7)
  }

  /// The layer's outline in its own points: its bounds with its corners (an ellipse for an
  /// ellipse layer).
  static func outline(
    bounds: Size, radii: CornerRadii, radiiY: CornerRadii? = nil, curve: CornerCurve, ellipse: Bool = false,
    flatness: Double
  ) -> Path {
    let rect = Rect(size: bounds)
    guard !rect.isEmpty else { return Path() }
    if ellipse { return .ellipse(in: rect, flatness: flatness) }
    if let radiiY { return .roundedRect(rect, radiiX: radii, radiiY: radiiY, flatness: flatness) }
    return .roundedRect(rect, radii: radii, curve: curve, flatness: flatness)
  }

  /// A mask as a polygon in the layer's own points.
  static func maskPath(_ mask: Mask, flatness: Double) -> Path {
    switch mask {
    case .circle(let center, let radius):
      let r = abs(radius)
      return .ellipse(in: Rect(x: center.x - r, y: center.y - r, width: 2 * r, height: 2 * r), flatness: flatness)
    case .rect(let rect, let radius):
      return .roundedRect(rect.standardized, radii: CornerRadii(abs(radius)), curve: .circular, flatness: flatness)
    case .path(let path):
      return .svg(path, flatness: flatness)
    }
  }

  /// The coverage of a layer's mask on the frame: its shape in the mask layer's points,
  /// carried by the mask layer's transform into the layer's points (flattened into the
  /// layer's plane, as Core Animation renders a mask layer) and by `map` onto the frame, times
  /// the mask layer's opacity.
  static func maskCoverage(
    _ mask: Mask, transform: Transform3D, opacity: Double, map: Homography, width: Int, height: Int,
    rows: Range<Int>? = nil
  ) -> CoverageMask {
    let maskMap = transform == .identity ? map : map * transform.planar
    let box: Rect
    switch mask {
    case .circle(let center, let radius):
      box = Rect(x: center.x - abs(radius), y: center.y - abs(radius), width: 2 * abs(radius), height: 2 * abs(radius))
    case .rect(let rect, _): box = rect.standardized
    case .path(let path): box = path.controlBounds
    }
    // The flatness for the stretch over the box's reach from the origin (the map's stretch is
    // measured at the corners of a rectangle from 0).
    let reach = Size(
      width: max(abs(box.minX), abs(box.maxX), 1e-6), height: max(abs(box.minY), abs(box.maxY), 1e-6))
    let flatness = flatness(for: maskMap, over: reach)
    let coverage = CoverageMask.rasterize(
      project(maskPath(mask, flatness: flatness), through: maskMap), canvasWidth: width, canvasHeight: height,
      rows: rows)
    return coverage.faded(by: opacity)
  }

  /// `path` (in the layer's points) on the frame: each contour cut at the eye plane, then
  /// every point projected.
  static func project(_ path: Path, through map: Homography) -> Path {
    var contours: [[Point]] = []
    for contour in path.contours {
      let front =
        map.g == 0 && map.h == 0
        ? (map.i > nearestW ? contour : [])
        : ConvexPolygon.clip(contour, where: { map.w($0.x, $0.y) }, atLeast: nearestW)
      guard front.count > 2 else { continue }
      contours.append(front.map { map.apply($0.x, $0.y) })
    }
    return Path(contours: contours)
  }

  /// The rows of a frame `height` pixels tall that the coverage of a layer of `bounds` through
  /// `map` spans: its projected rectangle's box (cut at the eye plane), as `coverage` finds it
  /// (a rounded or elliptical outline inside that box only covers fewer of its pixels).
  static func rows(bounds: Size, map: Homography, height: Int) -> Range<Int> {
    let box = project(.rect(Rect(size: bounds)), through: map).bounds
    guard box.minY.isFinite, box.maxY.isFinite, box.width > 0, box.height > 0 else { return 0..<0 }
    let top = max(0, pixelIndex(box.minY, .down))
    let bottom = min(height, pixelIndex(box.maxY, .up))
    return bottom > top ? top..<bottom : 0..<0
  }

  /// The coverage of a layer's shape on a frame of `width` × `height`: its outline's coverage
  /// times its mask's. Core Animation multiplies a layer by its mask's alpha rather than
  /// intersecting the two paths, so an edge the two share is antialiased twice, as on a device.
  static func coverage(
    bounds: Size, radii: CornerRadii, curve: CornerCurve, ellipse: Bool = false, mask: Mask?,
    maskTransform: Transform3D = .identity, maskOpacity: Double = 1, map: Homography, width: Int, height: Int,
    rows: Range<Int>? = nil
  ) -> CoverageMask {
    let flatness = flatness(for: map, over: bounds)
    let outline = outline(bounds: bounds, radii: radii, curve: curve, ellipse: ellipse, flatness: flatness)
    let coverage = CoverageMask.rasterize(
      project(outline, through: map), canvasWidth: width, canvasHeight: height, rows: rows)
    guard let mask else { return coverage }
    let maskCoverage = maskCoverage(
      mask, transform: maskTransform, opacity: maskOpacity, map: map, width: width, height: height, rows: rows)
    return coverage.multiplied(by: maskCoverage)
  }
}
