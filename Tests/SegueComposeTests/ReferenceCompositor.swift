import Foundation
import SegueGeometry
import SegueMotion
import SegueRaster
import SegueScene

/// A plain, slow compositor written from the definitions, to hold the real one to (as Blend2D
/// keeps a reference pipeline beside its fast one). Nothing of the real compositor is used:
/// every pixel is worked out on its own, in floating point, by point sampling.
///
/// For each pixel and each layer, bottom to top:
/// - coverage: the share of a grid of points in the pixel whose preimage in the layer's points
///   lies in front of the eye (w > 0) and inside its bounds and corners (circular arcs), times
///   the share inside its mask (Core Animation multiplies a mask's alpha, it does not
///   intersect paths): 64 × 64 points where a 5 × 5 lattice over the pixel (sides included)
///   disagrees, so an edge's coverage is off by at most 1/64 a row of points: within 4 levels;
/// - colour: the content at the preimage of the pixel's centre: a snapshot sampled bilinearly
///   between the four nearest pixel centres (clamped to its edges), or a solid colour;
/// - source-over of colour × coverage × opacity, premultiplied;
/// - sublayers: drawn after the content, their coverage times the parent's outline's, flattened
///   into the parent's plane (Core Animation's rule; 3D groups are not drawn here).
///
/// Layers with sublayers and an opacity below 1 or a mask are composited as a group first: the
/// content and sublayers at full opacity, unmasked, then the group times the mask's coverage and
/// the opacity (Core Animation masks a layer's whole tree, its sublayers included, at once).
struct ReferenceCompositor {
  let snapshots: [ScreenRole: Pixmap]

  /// Premultiplied RGBA in 0…1.
  typealias Color = (r: Double, g: Double, b: Double, a: Double)

  func compose(_ list: DisplayList) -> Pixmap {
    let width = list.pixelWidth
    let height = list.pixelHeight
    let background = premultiplied(list.background)
    var frame = [Color](repeating: background, count: width * height)
    for layer in list.layers {
      draw(layer, projection: list.projection, parentCoverage: nil, into: &frame, width: width, height: height)
    }
    var pixmap = Pixmap(width: width, height: height)!
    for index in 0..<(width * height) {
      let c = frame[index]
      func byte(_ v: Double) -> UInt8 { UInt8(min(255, max(0, (v * 255).rounded()))) }
      pixmap.pixels[index] = PremultipliedRGBA8(r: byte(c.r), g: byte(c.g), b: byte(c.b), a: byte(c.a)).packed
    }
    return pixmap
  }

  func premultiplied(_ color: RGBA8) -> Color {
    let a = Double(color.a) / 255
    return (Double(color.r) / 255 * a, Double(color.g) / 255 * a, Double(color.b) / 255 * a, a)
  }

  /// The coverage of every pixel by `layer` (times `parentCoverage`): its outline's times its
  /// mask's, or one of them alone.
  func coverage(
    _ layer: RenderLayer, map: Homography, width: Int, height: Int, parentCoverage: [Double]?,
    outline: Bool = true, mask: Bool = true
  ) -> [Double] {
    var result = [Double](repeating: 0, count: width * height)
    guard let inverse = map.inverse else { return result }
    let insideOutline = outline ? outlineTest(layer) : { _ in true }
    let insideMask = mask ? maskTest(layer) : { _ in true }
    for y in 0..<height {
      for x in 0..<width {
        let parent = parentCoverage?[y * width + x] ?? 1
        guard parent > 0 else { continue }
        func inside(_ px: Double, _ py: Double, _ test: (SegueGeometry.Point) -> Bool) -> Bool {
          // The preimage must be in front of the eye: its w under `map` is positive.
          let local = inverse.apply(px, py)
          return map.w(local.x, local.y) > 0 && test(local)
        }
        func share(_ n: Int, _ test: (SegueGeometry.Point) -> Bool) -> Double {
          var count = 0
          for j in 0..<n {
            for i in 0..<n
            where inside(Double(x) + (Double(i) + 0.5) / Double(n), Double(y) + (Double(j) + 0.5) / Double(n), test) {
              count += 1
            }
          }
          return Double(count) / Double(n * n)
        }
        /// 0 or 1 when a 5 × 5 lattice over the pixel, its sides and corners included, agrees
        /// (no edge passes through it: shapes here are never thinner than a quarter pixel),
        /// else the 64 × 64 share.
        func adaptive(_ test: (SegueGeometry.Point) -> Bool) -> Double {
          var count = 0
          for j in 0...4 {
            for i in 0...4 where inside(Double(x) + Double(i) / 4, Double(y) + Double(j) / 4, test) { count += 1 }
          }
          return count == 0 ? 0 : count == 25 ? 1 : share(64, test)
        }
        // Core Animation multiplies a layer's own antialiased outline by its mask's alpha, so
        // the two coverages are worked out apart and multiplied (not intersected).
        let value = adaptive(insideOutline) * adaptive(insideMask)
        result[y * width + x] = parent * value
      }
    }
    return result
  }

  /// Whether a point of the layer's own space is inside its bounds and corners. (The tests are
  /// made once a layer: a path mask flattened again for each of a pixel's 4,096 points made
  /// the random-layer test take most of a minute.)
  func outlineTest(_ layer: RenderLayer) -> (SegueGeometry.Point) -> Bool {
    let (w, h) = (layer.bounds.width, layer.bounds.height)
    let bounds = Rect(x: 0, y: 0, width: w, height: h)
    let insideCorners = cornersTest(bounds, layer.cornerRadii.fitted(to: bounds, curve: .circular))
    return { p in p.x >= 0 && p.y >= 0 && p.x <= w && p.y <= h && insideCorners(p) }
  }

  /// Whether a point of the layer's own space is inside its mask (everywhere when it has none).
  func maskTest(_ layer: RenderLayer) -> (SegueGeometry.Point) -> Bool {
    // Into the mask layer's own points, through the inverse of its map.
    var inverse: Homography?
    if layer.maskTransform != .identity {
      guard let maskInverse = layer.maskTransform.planar.inverse else { return { _ in false } }
      inverse = maskInverse
    }
    func local(_ point: SegueGeometry.Point) -> SegueGeometry.Point {
      inverse.map { $0.apply(point.x, point.y) } ?? point
    }
    switch layer.mask {
    case .path(let path)?:
      // The flattened outline's edges, each contour closed.
      let edges = Path.svg(path, flatness: 1e-3).contours.flatMap { contour in
        Array(zip(contour, contour.dropFirst() + [contour[0]]))
      }
      return { point in
        // Non-zero: the winding number of the flattened outline about p is not 0.
        let p = local(point)
        var winding = 0
        for (a, b) in edges {
          let side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y)
          if a.y <= p.y, b.y > p.y, side > 0 { winding += 1 }
          if a.y > p.y, b.y <= p.y, side < 0 { winding -= 1 }
        }
        return winding != 0
      }
    case .circle(let center, let radius)?:
      return { point in
        let p = local(point)
        let dx = p.x - center.x
        let dy = p.y - center.y
        return dx * dx + dy * dy <= radius * radius
      }
    case .rect(let rect, let radius)?:
      let r = rect.standardized
      let insideCorners = cornersTest(r, CornerRadii(abs(radius)).fitted(to: r, curve: .circular))
      return { point in
        let p = local(point)
        guard p.x >= r.minX, p.x <= r.maxX, p.y >= r.minY, p.y <= r.maxY else { return false }
        return insideCorners(p)
      }
    case nil:
      return { _ in true }
    }
  }

  /// Whether a point of a rectangle is inside its circular corners.
  func cornersTest(_ rect: Rect, _ radii: CornerRadii) -> (SegueGeometry.Point) -> Bool {
    let corners: [(Double, Double, Double, Bool, Bool)] = [
      (radii.topLeft, rect.minX + radii.topLeft, rect.minY + radii.topLeft, true, true),
      (radii.topRight, rect.maxX - radii.topRight, rect.minY + radii.topRight, false, true),
      (radii.bottomRight, rect.maxX - radii.bottomRight, rect.maxY - radii.bottomRight, false, false),
      (radii.bottomLeft, rect.minX + radii.bottomLeft, rect.maxY - radii.bottomLeft, true, false),
    ].filter { $0.0 > 0 }
    return { p in
      for (r, cx, cy, left, top) in corners {
        let outsideX = left ? p.x < cx : p.x > cx
        let outsideY = top ? p.y < cy : p.y > cy
        if outsideX && outsideY && (p.x - cx) * (p.x - cx) + (p.y - cy) * (p.y - cy) > r * r { return false }
      }
      return true
    }
  }

  /// The layer's content at a point of its own space.
  func content(_ layer: RenderLayer, at p: SegueGeometry.Point) -> Color {
    switch layer.content {
    case .solid(let color): return premultiplied(color)
    case .snapshot(let role):
      guard let source = snapshots[role] else { return (0, 0, 0, 0) }
      // Snapshot pixel coordinates: the layer's points stretched to the snapshot's pixels.
      let u = p.x * Double(source.width) / layer.bounds.width - 0.5
      let v = p.y * Double(source.height) / layer.bounds.height - 0.5
      let x0 = min(Double(source.width - 1), max(0, u))
      let y0 = min(Double(source.height - 1), max(0, v))
      let ix = Int(x0)
      let iy = Int(y0)
      let fx = x0 - Double(ix)
      let fy = y0 - Double(iy)
      func at(_ x: Int, _ y: Int) -> Color {
        let c = source[min(source.width - 1, x), min(source.height - 1, y)]
        return (Double(c.r) / 255, Double(c.g) / 255, Double(c.b) / 255, Double(c.a) / 255)
      }
      func mix(_ a: Color, _ b: Color, _ t: Double) -> Color {
        (a.r + (b.r - a.r) * t, a.g + (b.g - a.g) * t, a.b + (b.b - a.b) * t, a.a + (b.a - a.a) * t)
      }
      return mix(mix(at(ix, iy), at(ix + 1, iy), fx), mix(at(ix, iy + 1), at(ix + 1, iy + 1), fx), fy)
    case .layer(let scene):
      return premultiplied(scene.color ?? .clear)
    case .morph:
      return (0, 0, 0, 0)
    }
  }

  func draw(
    _ layer: RenderLayer, projection: Transform3D, parentCoverage: [Double]?, into frame: inout [Color], width: Int,
    height: Int
  ) {
    guard layer.opacity > 0, layer.bounds.width > 0, layer.bounds.height > 0 else { return }
    let map = (projection * layer.transform).planar
    guard let inverse = map.inverse else { return }
    let own = coverage(layer, map: map, width: width, height: height, parentCoverage: parentCoverage)
    // Core Animation's rule for a layer that is not a 3D group: its sublayers are projected by
    // its sublayerTransform and flattened into its plane (z dropped), then carried by its map.
    // As a 4 × 4 matrix of column vectors, "drop z, then the planar map (a b c; d e f; g h i)"
    // is the one whose z row and column are zero.
    let content = (projection * layer.contentTransform).planar
    let flatten = Transform3D([
      [content.a, content.b, 0, content.c], [content.d, content.e, 0, content.f], [0, 0, 0, 0],
      [content.g, content.h, 0, content.i],
    ])
    let sublayerProjection =
      layer.preserves3D
      ? projection * layer.contentTransform * layer.sublayerTransform : flatten * layer.sublayerTransform
    if !layer.sublayers.isEmpty && layer.mask != nil {
      // The group unmasked, clipped by the parent's coverage; then the mask's alone.
      let outline = coverage(
        layer, map: map, width: width, height: height, parentCoverage: parentCoverage, mask: false)
      let masked = coverage(layer, map: map, width: width, height: height, parentCoverage: nil, outline: false)
      var group = [Color](repeating: (0, 0, 0, 0), count: width * height)
      paint(layer, outline, inverse, opacity: 1, into: &group, width: width)
      for sublayer in layer.sublayers {
        draw(
          sublayer, projection: sublayerProjection, parentCoverage: outline, into: &group, width: width, height: height)
      }
      for index in 0..<(width * height) {
        frame[index] = over(scale(group[index], layer.opacity * masked[index]), frame[index])
      }
      return
    }
    if !layer.sublayers.isEmpty && layer.opacity < 1 {
      var group = [Color](repeating: (0, 0, 0, 0), count: width * height)
      paint(layer, own, inverse, opacity: 1, into: &group, width: width)
      for sublayer in layer.sublayers {
        draw(sublayer, projection: sublayerProjection, parentCoverage: own, into: &group, width: width, height: height)
      }
      for index in 0..<(width * height) { frame[index] = over(scale(group[index], layer.opacity), frame[index]) }
      return
    }
    paint(layer, own, inverse, opacity: layer.opacity, into: &frame, width: width)
    for sublayer in layer.sublayers {
      draw(sublayer, projection: sublayerProjection, parentCoverage: own, into: &frame, width: width, height: height)
    }
  }

  func paint(
    _ layer: RenderLayer, _ coverage: [Double], _ inverse: Homography, opacity: Double, into frame: inout [Color],
    width: Int
  ) {
    for index in 0..<coverage.count where coverage[index] > 0 {
      let x = Double(index % width) + 0.5
      let y = Double(index / width) + 0.5
      let color = content(layer, at: inverse.apply(x, y))
      frame[index] = over(scale(color, coverage[index] * opacity), frame[index])
    }
  }

  func scale(_ c: Color, _ k: Double) -> Color { (c.r * k, c.g * k, c.b * k, c.a * k) }

  /// Porter–Duff source-over: S + D · (1 − Sa).
  func over(_ s: Color, _ d: Color) -> Color {
    (s.r + d.r * (1 - s.a), s.g + d.g * (1 - s.a), s.b + d.b * (1 - s.a), s.a + d.a * (1 - s.a))
  }
}
