import SegueGeometry
import SegueRaster
import SegueScene

/// Draws one scene layer as CALayer draws itself: its background colour, then its contents
/// (the image, aspect-fill, clipped to the corners), then its border on top, inside the bounds
/// and along the corners; its opacity applies to the three as one group.
///
/// The layer fills `bounds` in its own points, which `map` takes to frame pixels: a screen's
/// snapshot draws each layer at its rectangle; a lifted layer is drawn wherever its animation
/// has it. Both go through here, so a lifted layer left where it was draws as in the snapshot.
enum LayerPainter {
  /// What to draw and where.
  struct Placement {
    /// The layer's current size in its own points.
    var bounds: Size
    /// Its corners (its own, or what an animation made them).
    var radii: CornerRadii
    var curve: CornerCurve
    /// The size its image is cropped for: aspect-fill of the layer's original rectangle, then
    /// stretched with the layer.
    var cropSize: Size
    /// The layer's points to frame pixels.
    var map: Homography
    /// When set, the corners are quarter ellipses, `radii` across and these down (a morph
    /// between an ellipse and a rectangle); the curve is then circular.
    var radiiY: CornerRadii? = nil
    /// The layer's points to frame pixels in 3D, before flattening: what a 3D group's sublayers
    /// are placed under. Nil: `map`, flat.
    var space: Transform3D? = nil
  }

  /// `pictures`: where a gradient seen through a transform takes its picture from (a backing
  /// store, as the compositor has); without it every gradient is drawn where it lands (a
  /// screen's snapshot, drawn once).
  static func draw(
    _ layer: Layer, _ placement: Placement, opacity: Double = 1, clips: [Clip] = [], images: [String: Pixmap],
    pictures: GradientPictures.Context? = nil, into pixmap: inout Pixmap
  ) {
    let opacity = opacity * layer.opacity
    guard opacity > 0, placement.bounds.width > 0, placement.bounds.height > 0 else { return }
    if layer.preserves3D {
      // A 3D group is a `CATransformLayer`: it draws only its sublayers, and its opacity fades
      // each of them on its own, not the group as one picture.
      for sublayer in drawnSublayers(of: layer, placement) {
        draw(
          sublayer.layer, sublayer.placement, opacity: opacity * sublayer.opacity, clips: clips, images: images,
          pictures: pictures, into: &pixmap)
      }
      return
    }
    let image = layer.image.flatMap { images[$0] }
    let border = layer.border.flatMap { $0.width > 0 && $0.color.a > 0 ? $0 : nil }
    // A clear colour draws nothing: it is no part (so it never makes the parts a group).
    let fill = layer.color.flatMap { $0.a > 0 ? $0 : nil }
    let parts =
      (fill != nil ? 1 : 0) + (layer.gradient != nil ? 1 : 0) + (image != nil ? 1 : 0) + (border != nil ? 1 : 0)
    guard parts > 0 || !layer.layers.isEmpty else { return }
    if (parts > 1 || !layer.layers.isEmpty) && opacity < 1 {
      // The parts over each other fade as one, sublayers included (group opacity): draw them
      // opaque on their own, then fade.
      guard let box = subtreeBox(layer, placement, width: pixmap.width, height: pixmap.height),
        var group = Pixmap(width: box.width, height: box.height)
      else { return }
      var shifted = placement
      shifted.map = Homography.scaleTranslate(sx: 1, sy: 1, tx: -Double(box.x), ty: -Double(box.y)) * placement.map
      var opaque = layer
      opaque.opacity = 1
      draw(opaque, shifted, images: images, pictures: pictures, into: &group)
      let destination = Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
      pixmap.draw(group, into: destination, opacity: opacity, clips: clips, sourceIsOpaque: false)
      return
    }
    let map = placement.map
    let upright = map.isUprightScaleTranslate
    let flatness = ProjectedShape.flatness(for: map, over: placement.bounds)
    let outline = ProjectedShape.outline(
      bounds: placement.bounds, radii: placement.radii, radiiY: placement.radiiY, curve: placement.curve,
      ellipse: layer.shape == .ellipse, flatness: flatness)
    let projected = ProjectedShape.project(outline, through: map)
    let local = Rect(size: placement.bounds)
    let shape: Clip
    if upright, layer.shape == .rect, placement.radii.isZero, placement.radiiY?.isZero ?? true {
      shape = .rect(map.apply(local))
    } else {
      shape = .mask(CoverageMask.rasterize(projected, canvasWidth: pixmap.width, canvasHeight: pixmap.height))
    }
    // An opaque gradient covers the whole shape: the colour under it would only show along the
    // anti-aliased edge, where Core Animation, which draws the layer as one picture, shows none.
    if let color = fill, !(layer.gradient?.colors.allSatisfy { $0.a == 255 } ?? false) {
      pixmap.fill(color.premultiplied, clips: [shape] + clips, opacity: opacity)
    }
    if let gradient = layer.gradient {
      if let picture = pictures?.picture(of: gradient, bounds: placement.bounds, map: map) {
        let opaque = gradient.colors.allSatisfy { $0.a == 255 }
        // The layer's shape bounds the picture: it replaces the picture's own rectangle, so
        // an edge pixel's coverage is counted once.
        pixmap.draw(
          picture, into: map.apply(local), opacity: opacity, outline: shape, clips: clips, sourceIsOpaque: opaque)
      } else if let inverse = map.inverse {
        pixmap.fillGradient(
          shader(gradient, bounds: placement.bounds), inverse: inverse, clips: [shape] + clips,
          opacity: opacity)
      }
    }
    if let image {
      let crop =
        layer.contentMode == .scaleToFill
        ? Rect(x: 0, y: 0, width: Double(image.width), height: Double(image.height))
        : aspectFillSource(image, into: placement.cropSize)
      if upright {
        // The shape is the picture's edge, as for a gradient's picture: an edge pixel's coverage
        // is counted once, not once for the picture's rectangle and again for the shape.
        pixmap.draw(image, sourceRect: crop, into: map.apply(local), opacity: opacity, outline: shape, clips: clips)
      } else if let inverse =
        (map
        * Homography.scaleTranslate(
          sx: local.width / crop.width, sy: local.height / crop.height, tx: -crop.x * local.width / crop.width,
          ty: -crop.y * local.height / crop.height)).inverse
      {
        pixmap.drawProjective(image, inverse: inverse, clips: [shape] + clips, opacity: opacity)
      }
    }
    if !layer.layers.isEmpty {
      drawSublayers(
        of: layer, placement, clips: layer.clips ? [shape] + clips : clips, images: images, pictures: pictures,
        into: &pixmap)
    }
    if let border {
      let inset = local.insetBy(border.width)
      var ring = projected
      if !inset.isEmpty {
        let radii = placement.radii.fitted(to: local, curve: placement.curve).inset(by: border.width)
        let inner: Path
        if layer.shape == .ellipse {
          inner = .ellipse(in: inset, flatness: flatness)
        } else if let radiiY = placement.radiiY {
          // The inner edge of an elliptical corner: both radii less the width.
          inner = .roundedRect(
            inset, radiiX: placement.radii.inset(by: border.width), radiiY: radiiY.inset(by: border.width),
            flatness: flatness)
        } else {
          inner = .roundedRect(inset, radii: radii, curve: placement.curve, flatness: flatness)
        }
        ring = projected.appending(ProjectedShape.project(inner, through: map).reversed())
      }
      let mask = CoverageMask.rasterize(ring, canvasWidth: pixmap.width, canvasHeight: pixmap.height)
      pixmap.fill(border.color.premultiplied, clips: [.mask(mask)] + clips, opacity: opacity)
    }
  }

  /// A group's sublayers, each at its `rect` in the group's own points (stretched, as the group
  /// is, from its `rect` to its current bounds), at opacity 1: the group's opacity is applied
  /// to them together by whoever drew them into the group's picture.
  static func drawSublayers(
    of layer: Layer, _ placement: Placement, clips: [Clip], images: [String: Pixmap],
    pictures: GradientPictures.Context?,
    into pixmap: inout Pixmap
  ) {
    for sublayer in drawnSublayers(of: layer, placement) {
      draw(
        sublayer.layer, sublayer.placement, opacity: sublayer.opacity, clips: clips, images: images,
        pictures: pictures, into: &pixmap)
    }
  }

  /// A layer's sublayers in the order they are drawn, each placed, with the opacity of the 3D
  /// groups it is drawn through. A flat layer's, by `zPosition` (ties in their order), as Core
  /// Animation orders siblings. A 3D group's back to front by the depth of each one's centre in
  /// the group's space, ties in their order; the sublayers of a 3D group inside it share that
  /// space, so they are sorted with its own, each faded by the groups it is in.
  static func drawnSublayers(of layer: Layer, _ placement: Placement) -> [(
    layer: Layer, placement: Placement, opacity: Double
  )] {
    guard layer.preserves3D else {
      return drawingOrder(layer.layers).compactMap { index in
        let sublayer = layer.layers[index]
        guard !sublayer.rect.isEmpty else { return nil }
        return (sublayer, self.placement(of: sublayer, in: layer, placement), 1)
      }
    }
    var leaves: [(layer: Layer, placement: Placement, opacity: Double, depth: Double)] = []
    /// `relative` maps the group's points into the outer group's space, where depth is read.
    func collect(_ group: Layer, _ placed: Placement, opacity: Double, relative: Transform3D) {
      for sublayer in group.layers where !sublayer.rect.isEmpty {
        let local = inParent(sublayer, of: group, stretch: stretch(placed))
        let child = self.placement(of: sublayer, in: group, placed)
        if sublayer.preserves3D {
          collect(sublayer, child, opacity: opacity * sublayer.opacity, relative: relative * local)
        } else {
          let centre = (relative * local).apply(sublayer.rect.width / 2, sublayer.rect.height / 2)
          // To a millionth of a point, as the compositor sorts: faces in one plane are ties.
          leaves.append((sublayer, child, opacity, (centre.z * 1e6).rounded() / 1e6))
        }
      }
    }
    collect(layer, placement, opacity: 1, relative: .identity)
    return leaves.indices.sorted { (leaves[$0].depth, $0) < (leaves[$1].depth, $1) }.map {
      (leaves[$0].layer, leaves[$0].placement, leaves[$0].opacity)
    }
  }

  /// Where `sublayer` of `parent` is drawn. Core Animation's rule: a sublayer at (x, y) of its
  /// parent's points and `zPosition` z is seen through the parent's perspective S (its
  /// `sublayerTransform`) and, unless the parent is a 3D group, flattened into the parent's
  /// plane:
  ///
  ///     space(sublayer) = space(parent) · stretch · S · translate(x, y, z)
  ///     space(parent)   = flattening(map(parent)) unless the parent is a 3D group
  ///     map(sublayer)   = planar(space(sublayer))
  static func placement(of sublayer: Layer, in parent: Layer, _ placement: Placement) -> Placement {
    let base = (parent.preserves3D ? placement.space : nil) ?? Transform3D(flattening: placement.map)
    return self.placement(of: sublayer, under: base * inParent(sublayer, of: parent, stretch: stretch(placement)))
  }

  /// A layer placed by `space`, its points to frame pixels in 3D.
  static func placement(of layer: Layer, under space: Transform3D) -> Placement {
    Placement(
      bounds: layer.rect.size, radii: layer.cornerRadius, curve: layer.cornerCurve, cropSize: layer.rect.size,
      map: space.planar, space: space)
  }

  /// The sublayer's points to its parent's current points: stretch · S · translate(x, y, z).
  static func inParent(_ sublayer: Layer, of parent: Layer, stretch: Homography) -> Transform3D {
    Transform3D.scale(stretch.a, stretch.e) * perspective(parent.perspective, size: parent.rect.size)
      * .translation(sublayer.rect.x, sublayer.rect.y, sublayer.zPosition)
  }

  /// A `sublayerTransform` with m34 = −1/d about the centre of a layer of `size`; the identity
  /// without one.
  static func perspective(_ distance: Double?, size: Size) -> Transform3D {
    guard let distance else { return .identity }
    return .perspective(distance: distance, center: Point(x: size.width / 2, y: size.height / 2))
  }

  /// The indices of `layers` in the order a flat parent draws them: by `zPosition`, ties in
  /// their order, as Core Animation orders siblings.
  static func drawingOrder(_ layers: [Layer]) -> [Int] {
    guard zip(layers, layers.dropFirst()).contains(where: { $0.zPosition > $1.zPosition }) else {
      return Array(layers.indices)
    }
    return layers.indices.sorted { (layers[$0].zPosition, $0) < (layers[$1].zPosition, $1) }
  }

  /// The layer's own points (those of its `rect`) to its current bounds' points.
  static func stretch(_ placement: Placement) -> Homography {
    let crop = placement.cropSize
    return Homography.scaleTranslate(
      sx: crop.width > 0 ? placement.bounds.width / crop.width : 1,
      sy: crop.height > 0 ? placement.bounds.height / crop.height : 1)
  }

  /// The whole pixels the layer and what it draws of its sublayers can touch: its own box, and
  /// unless it clips, its sublayers' at any depth. A 3D group draws nothing of its own and never
  /// clips: its sublayers' boxes alone.
  static func subtreeBox(_ layer: Layer, _ placement: Placement, width: Int, height: Int) -> (
    x: Int, y: Int, width: Int, height: Int
  )? {
    var box = layer.preserves3D ? nil : pixelBox(placement, width: width, height: height)
    guard layer.preserves3D || !layer.clips else { return box }
    for sublayer in drawnSublayers(of: layer, placement) {
      guard let other = subtreeBox(sublayer.layer, sublayer.placement, width: width, height: height) else { continue }
      guard let current = box else {
        box = other
        continue
      }
      let x0 = min(current.x, other.x)
      let y0 = min(current.y, other.y)
      let x1 = max(current.x + current.width, other.x + other.width)
      let y1 = max(current.y + current.height, other.y + other.height)
      box = (x0, y0, x1 - x0, y1 - y0)
    }
    return box
  }

  /// A scene gradient, laid out in the layer's unit square (its points as the scene gives them)
  /// and stretched over `bounds`, as `CAGradientLayer` does:
  ///
  ///     axial:  from start to end
  ///     radial: centred at start, radii |end − start| on each axis
  ///     conic:  about start, from the direction toward end
  static func shader(_ gradient: Gradient, bounds: Size) -> GradientShader {
    let start = gradient.startPoint
    let end = gradient.endPoint
    let geometry: GradientShader.Geometry
    switch gradient.kind {
    case .axial: geometry = .axial(start: start, end: end)
    case .radial:
      geometry = .radial(center: start, radii: Size(width: abs(end.x - start.x), height: abs(end.y - start.y)))
    case .conic: geometry = .conic(center: start, toward: end)
    }
    let stops = zip(gradient.resolvedLocations, gradient.colors).map { GradientShader.Stop(location: $0, color: $1) }
    return GradientShader(geometry: geometry, stops: stops, unit: bounds)
  }

  /// The part of `image` that aspect-fill shows in a box of `size`: the centred rectangle of
  /// the box's aspect ratio, scaled by s = max(w / iw, h / ih).
  static func aspectFillSource(_ image: Pixmap, into size: Size) -> Rect {
    let imageWidth = Double(image.width)
    let imageHeight = Double(image.height)
    let s = max(size.width / imageWidth, size.height / imageHeight)
    guard s > 0, s.isFinite else { return Rect(x: 0, y: 0, width: imageWidth, height: imageHeight) }
    let width = size.width / s
    let height = size.height / s
    return Rect(x: (imageWidth - width) / 2, y: (imageHeight - height) / 2, width: width, height: height)
  }

  /// The whole pixels the layer can touch on a frame of `width` × `height`.
  static func pixelBox(_ placement: Placement, width: Int, height: Int) -> (x: Int, y: Int, width: Int, height: Int)? {
    let outline = Path.rect(Rect(size: placement.bounds))
    let bounds = ProjectedShape.project(outline, through: placement.map).bounds
    guard !bounds.isEmpty else { return nil }
    let x0 = max(0, pixelIndex(bounds.minX, .down))
    let y0 = max(0, pixelIndex(bounds.minY, .down))
    let x1 = min(width, pixelIndex(bounds.maxX, .up))
    let y1 = min(height, pixelIndex(bounds.maxY, .up))
    guard x1 > x0, y1 > y0 else { return nil }
    return (x0, y0, x1 - x0, y1 - y0)
  }
}
