import SegueGeometry
import SegueMotion
import SegueRaster
import SegueScene

extension Compositor {
  /// A layer with everything drawing it needs, worked out once a frame.
  struct Placed {
    let layer: RenderLayer
    /// The layer's points to frame pixels.
    let map: Homography
    /// Content points to the projected frame (what its sublayers are put under).
    let contentProjection: Transform3D
    /// The map is an upright scale and translation: analytic clips, separable sampling.
    let upright: Bool
    /// For an upright map: the layer's bounds in pixels.
    let destination: Rect
    /// The layer's shape (outline ∩ mask) in pixels, rasterized when a draw needs it.
    let shapes: LayerShape
    /// The layer's shape as clips that together cover it.
    var shape: [Clip] { shapes.clips }
    /// For an upright map: the outline alone (nil otherwise).
    var outline: Clip? { upright ? shapes.outline : nil }
    /// For an upright map: the mask alone.
    let maskClip: Clip?
    /// Rows it may touch (its shadow included).
    let rows: Range<Int>
    /// Set when the layer is an opaque snapshot drawn 1:1 over the whole frame at full opacity
    /// (masked or not): its rows can be its snapshot's rows.
    let pureRole: ScreenRole?
    let sublayers: [Placed]
    /// The frame's pixels a point, across and down (what backing stores are drawn at).
    let density: Point
    /// For a masked layer with sublayers: the layer placed without its mask, opacity and shadow
    /// (empty otherwise, or one). Core Animation masks a layer's whole tree at once: its content
    /// and sublayers are drawn as a group, then the group goes through the mask. Clipping each
    /// one on its own would let what is below show through twice along the mask's edge.
    var maskedGroup: [Placed] = []
    /// Whether its content is opaque and drawn at full opacity through its shape alone: there it
    /// replaces whatever is below (its shadow included).
    var isOpaqueShape = false

    /// The layer's shape when `isOpaqueShape`.
    var opaqueShape: Clip? { isOpaqueShape ? shapes.clips.first : nil }

    /// Opaque and unmasked over the whole frame.
    var coversFrame: Bool { pureRole != nil && maskClip == nil }

    /// Whether `opaqueClip` is something (known without rasterizing it).
    var hidesBelow: Bool { pureRole != nil || isOpaqueShape }

    /// Where the layer is surely opaque, as a clip (for the layers below's `hole`).
    var opaqueClip: Clip? {
      guard pureRole != nil else { return opaqueShape }
      return maskClip ?? .rect(Rect(x: -1e9, y: -1e9, width: 2e9, height: 2e9))
    }

    /// Drops every rasterized shape of the layer and its sublayers, once it is drawn.
    func release() {
      shapes.release()
      for sublayer in sublayers { sublayer.release() }
      for inner in maskedGroup { inner.shapes.release() }
    }

    enum Status { case none, partial, full }

    func status(row y: Int, width: Int) -> Status {
      if !rows.contains(y) { return .none }
      guard pureRole != nil else { return .partial }
      guard let maskClip else { return .full }
      let span = maskClip.span(row: y)
      if span.outer.clamped(to: 0..<width).isEmpty { return .none }
      return span.inner.lowerBound <= 0 && span.inner.upperBound >= width ? .full : .partial
    }
  }

  /// Works out how `layer` lands on the frame of `list`: a top-level layer is flattened into the
  /// container, whose plane is the frame seen through the container's perspective.
  func place(_ layer: RenderLayer, _ list: DisplayList) -> Placed {
    place(
      layer, projection: list.projection, plane: list.projection, width: list.pixelWidth, height: list.pixelHeight,
      density: Point(x: Double(list.pixelWidth) / list.size.width, y: Double(list.pixelHeight) / list.size.height))
  }

  /// `projection` maps the parent's content points to the frame; `plane` maps them into the
  /// plane the layer is flattened into (the nearest enclosing layer that is not a 3D group), where
  /// whether it faces away is decided.
  ///
  /// Core Animation's rule: a layer's sublayers get its `sublayerTransform` S, and unless it is
  /// a 3D group they are flattened into its plane: a sublayer's map is the layer's content map
  /// H times planar(S · T_sub) (its z dropped before the layer's own transform applies). In a 3D
  /// group they share its 3D space: projection · content · S · T_sub.
  func place(
    _ layer: RenderLayer, projection: Transform3D, plane: Transform3D, width: Int, height: Int, density: Point
  ) -> Placed {
    let full = projection * layer.transform
    let map = full.planar
    let bounds = Rect(size: layer.bounds)
    let frameRows = 0..<height
    // Facing away: its plane's image turns the other way round (mirrored) in the plane it is
    // flattened into.
    let facesAway = !layer.doubleSided && (plane * layer.transform).planar.determinant < 0
    // A 3D group draws nothing of its own: turned edge-on, its sublayers are still in 3D and
    // may face the eye.
    let visible =
      layer.opacity > 0
      && (layer.preserves3D
        || (layer.bounds.width > 0 && layer.bounds.height > 0 && abs(map.determinant) > 1e-12
          && map.determinant.isFinite && !facesAway))
    guard visible else {
      return Placed(
        layer: layer, map: map, contentProjection: full, upright: false, destination: .zero, shapes: .none,
        maskClip: nil, rows: 0..<0, pureRole: nil, sublayers: [], density: density)
    }
    let contentProjection = projection * layer.contentTransform
    let childProjection: Transform3D
    let childPlane: Transform3D
    if layer.preserves3D {
      childProjection = contentProjection * layer.sublayerTransform
      childPlane = plane * layer.contentTransform * layer.sublayerTransform
    } else {
      childProjection = Transform3D(flattening: contentProjection.planar) * layer.sublayerTransform
      childPlane = layer.sublayerTransform
    }
    let sublayers: [Placed]
    if layer.preserves3D {
      sublayers = Compositor.depthOrder(layer.sublayers, projection: childProjection, plane: childPlane).map {
        place($0.layer, projection: $0.projection, plane: $0.plane, width: width, height: height, density: density)
      }
    } else {
      sublayers = Compositor.drawingOrder(layer.sublayers).map {
        place($0, projection: childProjection, plane: childPlane, width: width, height: height, density: density)
      }
    }
    let upright = map.isUprightScaleTranslate
    var destination = Rect.zero
    let shapes: LayerShape
    var outline: LayerShape.Part?
    var maskClip: Clip?
    var rows: Range<Int>
    if upright {
      destination = map.apply(bounds)
      let sx = map.a / map.i
      let sy = map.e / map.i
      if layer.isEllipse {
        outline = .clip(
          .ellipse(
            center: Point(x: destination.midX, y: destination.midY), radiusX: destination.width / 2,
            radiusY: destination.height / 2))
      } else if layer.cornerRadii.isZero {
        outline = .clip(.rect(destination))
      } else if layer.cornerCurve == .circular {
        outline = .clip(
          .roundedRect(
            RoundedRect(
              rect: destination, radiiX: layer.cornerRadii.scaled(by: sx), radiiY: layer.cornerRadii.scaled(by: sy))))
      } else {
        outline = .coverage(
          LayerShape.Coverage(
            bounds: layer.bounds, radii: layer.cornerRadii, curve: .continuous, ellipse: false, mask: nil,
            maskTransform: .identity, maskOpacity: 1, map: map, width: width, height: height))
      }
      // A path, or a mask layer of its own (moved, faded): its coverage. Otherwise analytic.
      let needsCoverage = layer.maskTransform != .identity || layer.maskOpacity < 1 || layer.mask?.kind == "path"
      switch layer.mask {
      case let mask? where needsCoverage:
        maskClip = .mask(
          ProjectedShape.maskCoverage(
            mask, transform: layer.maskTransform, opacity: layer.maskOpacity, map: map, width: width, height: height))
      case .circle(let center, let radius)?:
        let c = map.apply(center.x, center.y)
        maskClip = .ellipse(center: c, radiusX: abs(radius) * sx, radiusY: abs(radius) * sy)
      case .rect(let rect, let radius)? where radius == 0:
        maskClip = .rect(map.apply(rect.standardized))
      case .rect(let rect, let radius)?:
        maskClip = .roundedRect(
          RoundedRect(
            rect: map.apply(rect.standardized), radiiX: CornerRadii(abs(radius) * sx),
            radiiY: CornerRadii(abs(radius) * sy)))
      case .path?, nil:
        maskClip = nil
      }
      shapes = LayerShape(outline: outline, mask: maskClip)
      rows = Clip.rect(destination).rows.clamped(to: frameRows)
      if let maskClip { rows = rows.clamped(to: maskClip.rows) }
    } else {
      shapes = LayerShape(
        outline: .coverage(
          LayerShape.Coverage(
            bounds: layer.bounds, radii: layer.cornerRadii, curve: layer.cornerCurve, ellipse: layer.isEllipse,
            mask: layer.mask, maskTransform: layer.maskTransform, maskOpacity: layer.maskOpacity, map: map,
            width: width, height: height)),
        mask: nil)
      // The rows the projected outline's box reaches, as its coverage would find them: its mask
      // only narrows what the coverage then holds.
      rows = ProjectedShape.rows(bounds: layer.bounds, map: map, height: height)
    }
    if let shadow = layer.shadow, shadow.opacity > 0, shadow.color.a > 0 {
      // The shadow reaches past the outline by its offset and 3.5σ, carried by the same map.
      let reach = 3.5 * shadow.radius + 2
      let spread = Rect(
        x: min(0, shadow.offset.x) - reach, y: min(0, shadow.offset.y) - reach,
        width: layer.bounds.width + abs(shadow.offset.x) + 2 * reach,
        height: layer.bounds.height + abs(shadow.offset.y) + 2 * reach)
      let extent = ProjectedShape.project(.rect(spread), through: map).bounds
      if !extent.isEmpty {
        // Both ends held within the frame (and a row past it), so a shadow entirely above or
        // below it gives an empty range rather than an inverted one.
        let top = min(height + 1, max(-1, pixelIndex(extent.minY, .down)))
        let bottom = min(height + 1, max(-1, pixelIndex(extent.maxY, .up)))
        let shadowRows = top..<max(top, bottom)
        rows = min(rows.lowerBound, shadowRows.lowerBound)..<max(rows.upperBound, shadowRows.upperBound)
        rows = rows.clamped(to: frameRows)
      }
    }
    if !layer.clipsSublayers {
      // Sublayers it does not clip reach past its outline, at any depth.
      for sublayer in sublayers where !sublayer.rows.isEmpty {
        rows = min(rows.lowerBound, sublayer.rows.lowerBound)..<max(rows.upperBound, sublayer.rows.upperBound)
      }
    }
    rows = reach(of: layer, map: map, width: width, height: height, beyond: rows)
    rows = rows.clamped(to: frameRows)
    var pureRole: ScreenRole?
    if upright, case .snapshot(let role) = layer.content, let snapshot = snapshots[role], snapshot.isOpaque,
      layer.contentsRect == Rect(x: 0, y: 0, width: 1, height: 1),
      layer.opacity >= 1, layer.cornerRadii.isZero, layer.shadow == nil, layer.sublayers.isEmpty,
      destination == Rect(x: 0, y: 0, width: Double(width), height: Double(height)),
      snapshot.pixmap.width == width, snapshot.pixmap.height == height
    {
      pureRole = role
    }
    var placed = Placed(
      layer: layer, map: map, contentProjection: contentProjection, upright: upright, destination: destination,
      shapes: shapes, maskClip: maskClip, rows: rows, pureRole: pureRole, sublayers: sublayers, density: density)
    placed.isOpaqueShape = isOpaqueShape(placed)
    if layer.mask != nil, sublayers.contains(where: { !$0.rows.isEmpty }) {
      placed.maskedGroup = [
        unmasked(
          layer, map: map, contentProjection: contentProjection, upright: upright, destination: destination,
          outline: outline, sublayers: sublayers, width: width, height: height, density: density)
      ]
    }
    return placed
  }

  /// `rows` grown by the rows a layer's drawn content reaches past its outline: the sublayers of
  /// a scene layer that does not clip them.
  private func reach(of layer: RenderLayer, map: Homography, width: Int, height: Int, beyond rows: Range<Int>)
    -> Range<Int>
  {
    guard case .layer(let scene) = layer.content, !scene.clips, !scene.layers.isEmpty else { return rows }
    let placement = LayerPainter.Placement(
      bounds: layer.bounds, radii: layer.cornerRadii, curve: layer.cornerCurve, cropSize: layer.contentSize, map: map)
    guard let box = LayerPainter.subtreeBox(scene, placement, width: width, height: height) else { return rows }
    return min(rows.lowerBound, box.y)..<max(rows.upperBound, box.y + box.height)
  }

  /// A masked layer's group (see `Placed.maskedGroup`): the layer without its mask, opacity and
  /// shadow, over the sublayers already placed, its rows the outline's and its sublayers'.
  private func unmasked(
    _ layer: RenderLayer, map: Homography, contentProjection: Transform3D, upright: Bool, destination: Rect,
    outline: LayerShape.Part?, sublayers: [Placed], width: Int, height: Int, density: Point
  ) -> Placed {
    var inner = layer
    inner.mask = nil
    inner.maskTransform = .identity
    inner.maskOpacity = 1
    inner.opacity = 1
    inner.shadow = nil
    let shapes: LayerShape
    var rows: Range<Int>
    if upright {
      shapes = LayerShape(outline: outline, mask: nil)
      rows = Clip.rect(destination).rows
    } else {
      shapes = LayerShape(
        outline: .coverage(
          LayerShape.Coverage(
            bounds: layer.bounds, radii: layer.cornerRadii, curve: layer.cornerCurve, ellipse: layer.isEllipse,
            mask: nil, maskTransform: .identity, maskOpacity: 1, map: map, width: width, height: height)),
        mask: nil)
      rows = ProjectedShape.rows(bounds: layer.bounds, map: map, height: height)
    }
    for sublayer in sublayers where !sublayer.rows.isEmpty && !layer.clipsSublayers {
      rows = min(rows.lowerBound, sublayer.rows.lowerBound)..<max(rows.upperBound, sublayer.rows.upperBound)
    }
    rows = reach(of: layer, map: map, width: width, height: height, beyond: rows)
    var placed = Placed(
      layer: inner, map: map, contentProjection: contentProjection, upright: upright, destination: destination,
      shapes: shapes, maskClip: nil, rows: rows.clamped(to: 0..<height), pureRole: nil, sublayers: sublayers,
      density: density)
    placed.isOpaqueShape = isOpaqueShape(placed)
    return placed
  }

  /// Whether the layer's content covers its shape opaquely: an opaque snapshot or colour at full
  /// opacity, whose shape is one clip (an upright layer's outline with no mask, or a projected
  /// layer's outline).
  func isOpaqueShape(_ info: Placed) -> Bool {
    guard info.layer.opacity >= 1, info.shapes.count == 1 else { return false }
    if info.upright && info.maskClip != nil { return false }
    switch info.layer.content {
    case .snapshot(let role): return snapshots[role]?.isOpaque == true
    case .solid(let color): return color.a == 255
    default: return false
    }
  }

  /// A flat layer's sublayers in the order they are drawn: by `zPosition`, ties in their order,
  /// as Core Animation draws siblings.
  static func drawingOrder(_ sublayers: [RenderLayer]) -> [RenderLayer] {
    guard zip(sublayers, sublayers.dropFirst()).contains(where: { $0.zPosition > $1.zPosition }) else {
      return sublayers
    }
    return sublayers.indices.sorted { (sublayers[$0].zPosition, $0) < (sublayers[$1].zPosition, $1) }.map {
      sublayers[$0]
    }
  }

  /// A 3D group's sublayers back to front by the depth of each one's centre in the space of the
  /// plane the group is flattened into (z toward the eye; ties keep their order; nothing is
  /// split), each with what it is placed under. The sublayers of a 3D group inside it share that
  /// space, as in a `CATransformLayer` or CSS's `preserve-3d`: they are sorted with the others
  /// (the inner group draws nothing of its own).
  static func depthOrder(_ sublayers: [RenderLayer], projection: Transform3D, plane: Transform3D) -> [(
    layer: RenderLayer, projection: Transform3D, plane: Transform3D
  )] {
    var leaves: [(layer: RenderLayer, projection: Transform3D, plane: Transform3D, depth: Double)] = []
    func collect(_ sublayers: [RenderLayer], projection: Transform3D, plane: Transform3D) {
      for sublayer in sublayers {
        if sublayer.preserves3D {
          // Its opacity fades each of its sublayers on its own, as a `CATransformLayer`'s does.
          let inner = sublayer.contentTransform * sublayer.sublayerTransform
          let faded = sublayer.sublayers.map { face in
            var face = face
            face.opacity *= sublayer.opacity
            return face
          }
          collect(faded, projection: projection * inner, plane: plane * inner)
          continue
        }
        let centre = (plane * sublayer.transform).apply(sublayer.bounds.width / 2, sublayer.bounds.height / 2)
        // To a millionth of a point: faces in one plane are ties, whatever the rounding of the
        // products that place them.
        leaves.append((sublayer, projection, plane, (centre.z * 1e6).rounded() / 1e6))
      }
    }
    collect(sublayers, projection: projection, plane: plane)
    return leaves.indices.sorted { (leaves[$0].depth, $0) < (leaves[$1].depth, $1) }.map {
      (leaves[$0].layer, leaves[$0].projection, leaves[$0].plane)
    }
  }

  /// Draws a placed layer (its shadow, content and sublayers) within `clips`; pixels in
  /// `hole`'s fully covered span are left alone (the layer above covers them).
  func draw(_ info: Placed, clips: [Clip], hole: Clip? = nil, into pixmap: inout Pixmap) {
    let layer = info.layer
    guard !info.rows.isEmpty else { return }
    if let inner = info.maskedGroup.first {
      drawMaskedGroup(info, inner, clips: clips, into: &pixmap)
      return
    }
    if layer.opacity < 1 && (!info.sublayers.isEmpty || layer.shadow != nil) {
      // Its shadow, content and sublayers fade as one group: draw them at full opacity on their
      // own, then fade the group onto the frame.
      guard var group = Pixmap(width: pixmap.width, height: pixmap.height) else { return }
      let rows = Clip.rect(
        Rect(x: 0, y: Double(info.rows.lowerBound), width: Double(pixmap.width), height: Double(info.rows.count)))
      drawParts(info, opacity: 1, clips: [rows], hole: nil, into: &group)
      let frame = Rect(x: 0, y: 0, width: Double(pixmap.width), height: Double(pixmap.height))
      pixmap.draw(group, into: frame, opacity: layer.opacity, clips: clips + [rows], sourceIsOpaque: false)
      return
    }
    drawParts(info, opacity: layer.opacity, clips: clips, hole: hole, into: &pixmap)
  }

  /// A masked layer with sublayers: its shadow as any layer's, then its content and sublayers
  /// drawn as one group at full opacity, the group put through the mask at the layer's opacity.
  func drawMaskedGroup(_ info: Placed, _ inner: Placed, clips: [Clip], into pixmap: inout Pixmap) {
    let layer = info.layer
    if let shadow = layer.shadow {
      drawShadow(shadow, info, opacity: layer.opacity, clips: clips, hole: nil, into: &pixmap)
    }
    let reach = info.rows.clamped(to: inner.rows)
    guard !reach.isEmpty, var group = Pixmap(width: pixmap.width, height: pixmap.height) else { return }
    let rows = Clip.rect(
      Rect(x: 0, y: Double(reach.lowerBound), width: Double(pixmap.width), height: Double(reach.count)))
    draw(inner, clips: [rows], into: &group)
    let frame = Rect(x: 0, y: 0, width: Double(pixmap.width), height: Double(pixmap.height))
    pixmap.draw(
      group, into: frame, opacity: layer.opacity, clips: clips + [rows] + maskOnly(info, pixmap), sourceIsOpaque: false)
  }

  func drawParts(_ info: Placed, opacity: Double, clips: [Clip], hole: Clip?, into pixmap: inout Pixmap) {
    let layer = info.layer
    if let shadow = layer.shadow {
      drawShadow(
        shadow, info, opacity: opacity, clips: clips, hole: contentHole(info, opacity: opacity, clips: clips),
        into: &pixmap)
    }
    var folded = 0
    switch layer.content {
    case .snapshot(let role):
      guard let snapshot = snapshots[role] else { break }
      // Overlays that cover the whole screen (a dim added to it) go into its pixels first, so
      // its anti-aliased edges carry them once, as the screen and its sublayers drawn as one group.
      var source = snapshot.pixmap
      for sublayer in info.sublayers {
        guard let (color, alpha) = Compositor.coveringTint(sublayer.layer, over: layer) else { break }
        source = source.tinted(color, opacity: alpha)
        folded += 1
      }
      drawPixmap(source, isOpaque: snapshot.isOpaque, info, opacity: opacity, clips: clips, hole: hole, into: &pixmap)
    case .solid(let color):
      pixmap.fill(color.premultiplied, clips: info.shape + clips, opacity: opacity, hole: hole)
    case .layer(let scene):
      let placement = LayerPainter.Placement(
        bounds: layer.bounds, radii: layer.cornerRadii, curve: layer.cornerCurve, cropSize: layer.contentSize,
        map: info.map)
      LayerPainter.draw(
        scene, placement, opacity: opacity, clips: maskOnly(info, pixmap) + clips, images: images,
        pictures: GradientPictures.Context(store: gradientPictures, density: info.density), into: &pixmap)
    case .morph(let from, let to, let mix, let radiiY):
      drawMorph(from, to, mix: mix, radiiY: radiiY, info, opacity: opacity, clips: clips, into: &pixmap)
    }
    for sublayer in info.sublayers.dropFirst(folded) {
      draw(sublayer, clips: layer.clipsSublayers ? clips + info.shape : clips, into: &pixmap)
      // Drawn: its coverage masks are not needed again in this band (a 3D group of hundreds of
      // faces holds one at a time).
      sublayer.release()
    }
  }

  /// A sublayer that is one colour over all of its parent's content, unturned and unclipped (a
  /// dimming overlay with no rect of its own): its colour and opacity. Nil for anything else.
  static func coveringTint(_ sublayer: RenderLayer, over parent: RenderLayer) -> (PremultipliedRGBA8, Double)? {
    guard case .solid(let color) = sublayer.content, sublayer.sublayers.isEmpty, sublayer.mask == nil,
      sublayer.shadow == nil, sublayer.cornerRadii.isZero
    else { return nil }
    let origin = sublayer.transform.apply(0, 0)
    guard origin.w == 1, sublayer.transform == .translation(origin.x, origin.y) else { return nil }
    let covers =
      origin.x <= 0 && origin.y <= 0 && origin.x + sublayer.bounds.width >= parent.contentSize.width
      && origin.y + sublayer.bounds.height >= parent.contentSize.height
    return covers ? (color.premultiplied, sublayer.opacity) : nil
  }

  /// The layer's mask alone, as clips (its outline is drawn by whoever draws its content).
  func maskOnly(_ info: Placed, _ pixmap: Pixmap) -> [Clip] {
    guard let mask = info.layer.mask else { return [] }
    if let maskClip = info.maskClip { return [maskClip] }
    return [
      .mask(
        ProjectedShape.maskCoverage(
          mask, transform: info.layer.maskTransform, opacity: info.layer.maskOpacity, map: info.map,
          width: pixmap.width, height: pixmap.height))
    ]
  }

  /// A picture stretched over the layer's bounds: upright, the separable path with the outline
  /// as the edge and the mask as a clip; otherwise the projective path inside the shape.
  func drawPixmap(
    _ source: Pixmap, isOpaque: Bool, _ info: Placed, opacity: Double, clips: [Clip], hole: Clip?,
    into pixmap: inout Pixmap
  ) {
    // The part of the picture the layer shows (`contentsRect`), in its pixels.
    let unit = info.layer.contentsRect
    let (width, height) = (Double(source.width), Double(source.height))
    let part = Rect(x: unit.x * width, y: unit.y * height, width: unit.width * width, height: unit.height * height)
    let whole = unit == Rect(x: 0, y: 0, width: 1, height: 1)
    if info.upright {
      pixmap.draw(
        source, sourceRect: whole ? nil : part, into: info.destination, opacity: opacity, outline: info.outline,
        clips: clips + [info.maskClip].compactMap { $0 }, sourceIsOpaque: isOpaque, hole: hole)
      return
    }
    // Picture pixels to the layer's points: the part stretched over the bounds.
    let bounds = info.layer.bounds
    let (sx, sy) = (bounds.width / part.width, bounds.height / part.height)
    let toBounds = Homography.scaleTranslate(sx: sx, sy: sy, tx: -part.x * sx, ty: -part.y * sy)
    guard let inverse = (info.map * toBounds).inverse else { return }
    pixmap.drawProjective(
      source, inverse: inverse, clips: info.shape + clips, opacity: opacity, hole: hole, sourceIsOpaque: isOpaque)
  }

  /// Where the layer's own content will cover the frame completely (opaque, at full opacity and
  /// full coverage): its shadow there is hidden, so it need not be drawn. Nil unless the layer's
  /// shape is one clip and `clips` cut no pixel partly (whole-pixel rectangles: the band).
  func contentHole(_ info: Placed, opacity: Double, clips: [Clip]) -> Clip? {
    guard opacity >= 1, let shape = info.opaqueShape else { return nil }
    for clip in clips {
      guard case .rect(let rect) = clip,
        [rect.x, rect.y, rect.width, rect.height].allSatisfy({ $0 == $0.rounded() })
      else { return nil }
    }
    return shape
  }

  /// The shadow under the layer: its blurred outline, moved by its offset, carried by the
  /// layer's map, not clipped by the layer; none is drawn in `hole`'s fully covered spans.
  func drawShadow(
    _ shadow: Shadow, _ info: Placed, opacity: Double, clips: [Clip], hole: Clip?, into pixmap: inout Pixmap
  ) {
    let alpha = opacity * shadow.opacity * Double(shadow.color.a) / 255
    guard alpha > 0 else { return }
    let layer = info.layer
    let resolution = ProjectedShape.stretch(of: info.map, over: layer.bounds)
    guard let visible = visibleShadow(shadow, info, resolution: resolution, width: pixmap.width, height: pixmap.height),
      let texture = shadows.texture(
        bounds: layer.bounds, radii: layer.cornerRadii, curve: layer.cornerCurve, ellipse: layer.isEllipse,
        shadow: shadow, resolution: resolution, visible: visible)
    else { return }
    // Texture pixel t is the layer point (t + origin − margin) / resolution + offset.
    let k = texture.resolution
    let toLocal = Homography.scaleTranslate(
      sx: 1 / k, sy: 1 / k, tx: shadow.offset.x + (Double(texture.originX) - texture.margin) / k,
      ty: shadow.offset.y + (Double(texture.originY) - texture.margin) / k)
    let map = info.map * toLocal
    let extent = Rect(x: 0, y: 0, width: Double(texture.pixmap.width), height: Double(texture.pixmap.height))
    if map.isUprightScaleTranslate {
      pixmap.draw(
        texture.pixmap, into: map.apply(extent), opacity: alpha, clips: clips, sourceIsOpaque: false, hole: hole)
      return
    }
    guard let inverse = map.inverse else { return }
    let area = CoverageMask.rasterize(
      ProjectedShape.project(.rect(extent), through: map), canvasWidth: pixmap.width, canvasHeight: pixmap.height)
    pixmap.drawProjective(texture.pixmap, inverse: inverse, clips: [.mask(area)] + clips, opacity: alpha, hole: hole)
  }

  /// The part of the shadow's picture (in the target's points, its offset taken off) that can
  /// land on a frame of `width` × `height` pixels: its extent cut to where the layer's map puts
  /// it in front of the eye and within the frame (and two pixels around it). Each bound is
  /// linear in the point's homogeneous image (X, Y, W), so it is a half-plane of the target's
  /// plane. Nil when none of it can.
  func visibleShadow(_ shadow: Shadow, _ info: Placed, resolution: Double, width: Int, height: Int) -> Rect? {
    let map = info.map * Homography.scaleTranslate(sx: 1, sy: 1, tx: shadow.offset.x, ty: shadow.offset.y)
    let scale = ShadowCache.scale(of: shadow, resolution: resolution)
    let reach = ShadowCache.margin(of: shadow, scale: scale) / scale
    let extent = Rect(
      x: -reach, y: -reach, width: info.layer.bounds.width + 2 * reach, height: info.layer.bounds.height + 2 * reach)
    let pad = 2.0
    let (right, bottom) = (Double(width) + pad, Double(height) + pad)
    let bounds: [(Point) -> Double] = [
      { map.w($0.x, $0.y) - ProjectedShape.nearestW },
      { (map.a * $0.x + map.b * $0.y + map.c) + pad * map.w($0.x, $0.y) },
      { right * map.w($0.x, $0.y) - (map.a * $0.x + map.b * $0.y + map.c) },
      { (map.d * $0.x + map.e * $0.y + map.f) + pad * map.w($0.x, $0.y) },
      { bottom * map.w($0.x, $0.y) - (map.d * $0.x + map.e * $0.y + map.f) },
    ]
    var polygon = Path.rect(extent).contours.first ?? []
    for bound in bounds { polygon = ConvexPolygon.clip(polygon, where: bound, atLeast: 0) }
    let xs = polygon.map(\.x)
    let ys = polygon.map(\.y)
    guard polygon.count > 2, let minX = xs.min(), let maxX = xs.max(), let minY = ys.min(), let maxY = ys.max() else {
      return nil
    }
    return Rect(x: minX, y: minY, width: maxX - minX, height: maxY - minY)
  }

  /// A matched layer: both layers painted over its bounds, mixed (1 − q)·A + q·B, drawn at its
  /// opacity.
  func drawMorph(
    _ from: Layer, _ to: Layer, mix: Double, radiiY: CornerRadii?, _ info: Placed, opacity: Double, clips: [Clip],
    into pixmap: inout Pixmap
  ) {
    let layer = info.layer
    let placement = LayerPainter.Placement(
      bounds: layer.bounds, radii: layer.cornerRadii, curve: layer.cornerCurve, cropSize: layer.bounds, map: info.map,
      radiiY: radiiY)
    guard let box = LayerPainter.pixelBox(placement, width: pixmap.width, height: pixmap.height),
      var a = Pixmap(width: box.width, height: box.height)
    else { return }
    var shifted = placement
    shifted.map = Homography.scaleTranslate(sx: 1, sy: 1, tx: -Double(box.x), ty: -Double(box.y)) * info.map
    var first = from
    var second = to
    first.opacity = 1
    second.opacity = 1
    first.cornerRadius = layer.cornerRadii
    second.cornerRadius = layer.cornerRadii
    // Both are drawn inside the one morphing outline, whatever shape each had.
    if radiiY != nil {
      first.shape = .rect
      second.shape = .rect
    }
    LayerPainter.draw(first, shifted, images: images, into: &a)
    // Two layers that differ only in their rectangle (a matched image or gradient, the usual
    // case) paint the same picture over the same bounds, and a mix of a pixel with itself is
    // that pixel: one picture does. (A layer's rectangle reaches its drawing only through its
    // sublayers' perspective, so a layer with a perspective is painted twice.)
    var same = second
    same.rect = first.rect
    if same != first || first.perspective != nil {
      guard var b = Pixmap(width: box.width, height: box.height) else { return }
      LayerPainter.draw(second, shifted, images: images, into: &b)
      let q = UInt32((min(1, max(0, mix)) * 256).rounded())
      a.pixels.withUnsafeMutableBufferPointer { first in
        b.pixels.withUnsafeBufferPointer { second in
          for index in 0..<first.count { first[index] = Pixmap.lerp(first[index], second[index], q) }
        }
      }
    }
    let destination = Rect(x: Double(box.x), y: Double(box.y), width: Double(box.width), height: Double(box.height))
    pixmap.draw(a, into: destination, opacity: opacity, clips: clips, sourceIsOpaque: false)
  }
}
