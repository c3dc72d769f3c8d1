import SegueGeometry
import SegueScene

extension MotionPlan {
  /// Every property of one target at one moment.
  public struct TargetState: Sendable, Equatable {
    public var frame: Rect
    public var anchor: Point
    public var translate: Point
    public var scale: Point
    public var rotation: Double
    public var rotationX: Double
    public var rotationY: Double
    public var opacity: Double
    public var cornerRadii: CornerRadii
    public var cornerCurve: CornerCurve
    public var mask: Mask?
    public var shadow: Shadow?
    public var color: RGBA8
    /// Points toward the eye, applied with `translate`.
    public var translateZ: Double = 0
    /// The `transform` steps' product, when the target's transform is written as steps: it
    /// stands for translate, scale and the rotations, which are then at their initial values.
    public var steps: Transform3D?

    /// A layer no animation touches: its own frame, corners, curve, opacity and colour.
    public init(unanimated layer: Layer) {
      self.init(
        frame: layer.rect, anchor: Point(x: 0.5, y: 0.5), translate: Point(x: 0, y: 0), scale: Point(x: 1, y: 1),
        rotation: 0, rotationX: 0, rotationY: 0, opacity: layer.opacity, cornerRadii: layer.cornerRadius,
        cornerCurve: layer.cornerCurve, mask: nil, shadow: nil, color: layer.color ?? .clear)
    }

    public init(
      frame: Rect, anchor: Point, translate: Point, scale: Point, rotation: Double, rotationX: Double,
      rotationY: Double, opacity: Double, cornerRadii: CornerRadii, cornerCurve: CornerCurve, mask: Mask?,
      shadow: Shadow?, color: RGBA8
    ) {
      self.frame = frame
      self.anchor = anchor
      self.translate = translate
      self.scale = scale
      self.rotation = rotation
      self.rotationX = rotationX
      self.rotationY = rotationY
      self.opacity = opacity
      self.cornerRadii = cornerRadii
      self.cornerCurve = cornerCurve
      self.mask = mask
      self.shadow = shadow
      self.color = color
    }

    /// Point by point (docs/custom-transitions.md): relative to the anchor, scale, then rotate
    /// about z, x and y, then translate, then place at the anchor's position in the frame.
    ///
    ///     T = translate(frame.origin + anchor·size + translate, translateZ) · Ry · Rx · Rz · scale
    ///         · translate(−anchor·size)
    ///
    /// With steps M instead, as CALayer applies its `transform` about the anchor:
    ///
    ///     T = translate(frame.origin + anchor·size) · M · translate(−anchor·size)
    public var transform: Transform3D {
      let ax = anchor.x * frame.width
      let ay = anchor.y * frame.height
      if let steps {
        return .translation(frame.x + ax + translate.x, frame.y + ay + translate.y) * steps * .translation(-ax, -ay)
      }
      return .translation(frame.x + ax + translate.x, frame.y + ay + translate.y, translateZ)
        * .rotationY(degrees: rotationY) * .rotationX(degrees: rotationX) * .rotationZ(degrees: rotation)
        * .scale(scale.x, scale.y) * .translation(-ax, -ay)
    }
  }

  /// Where a track is at `moment`: whether it has started, its eased progress q, and whether it
  /// has ended.
  public func progress(of track: Track, at moment: Moment) -> (started: Bool, q: Double, ended: Bool) {
    switch moment {
    case .time(let t):
      let local = t - track.delay
      return (local >= 0, track.easing.progress(at: local), local >= track.duration)
    case .start:
      return progress(of: track, at: .time(0))
    case .scrub(let p):
      let elapsed = p * duration - track.delay
      // Clamped to 0…1, except where a seed preset's p overshoots past an end the animation
      // shares with the timeline (its formulas are in p: q = p).
      let overshoots = custom.presetRules.progressOvershoots
      let lower = overshoots && p < 0 && track.delay <= 0 ? -Double.infinity : 0
      let upper = overshoots && p > 1 && track.delay + track.duration >= duration ? Double.infinity : 1
      let q = track.duration > 0 ? min(upper, max(lower, elapsed / track.duration)) : 1
      return (elapsed >= 0 || lower < 0, q, q >= 1)
    case .end:
      return (true, 1, true)
    }
  }

  /// The value of `property` of `target` at `moment`, before `end`: of the animations that set
  /// it, the one that started last governs (equal delays: the later in the list); before the
  /// first starts, it shows that first one's `from`; untouched, its initial value.
  public func value(_ property: AnimatableProperty, of target: Target, at moment: Moment) -> PropertyValue {
    let setting = (tracksByTarget[target] ?? []).map { tracks[$0] }.filter { $0.values[property] != nil }
    guard !setting.isEmpty else { return initial(property, of: target) }
    var governing: (track: Track, q: Double, ended: Bool)?
    for track in setting {
      let (started, q, ended) = progress(of: track, at: moment)
      guard started else { continue }
      if let current = governing, (current.track.delay, current.track.order) > (track.delay, track.order) { continue }
      governing = (track, q, ended)
    }
    guard let governing, let values = governing.track.values[property] else {
      let first = setting.min { ($0.delay, $0.order) < ($1.delay, $1.order) }
      return first?.values[property]?.from ?? initial(property, of: target)
    }
    if let keyframes = governing.track.keyframes[property] { return keyframes.value(at: governing.q) }
    return PropertyValue.lerp(values.from, values.to, governing.q, ended: governing.ended)
  }

  /// Every property of `target` at `moment`, with `end` applied when the moment is the end.
  public func state(of target: Target, at moment: Moment) -> TargetState {
    var values: [AnimatableProperty: PropertyValue] = [:]
    for property in AnimatableProperty.allCases {
      values[property] = value(property, of: target, at: moment)
    }
    if moment == .end, case .state(let state)? = endAction(for: target) {
      for (property, value) in state.values { values[property] = value }
      for property in state.resets { values[property] = initial(property, of: target) }
    }
    if moment == .start {
      for property in custom.presetRules.cancelResets[target] ?? [] {
        values[property] = initial(property, of: target)
      }
    }
    func point(_ property: AnimatableProperty) -> Point {
      if case .point(let point)? = values[property] { return point }
      return Point(x: 0, y: 0)
    }
    func number(_ property: AnimatableProperty) -> Double {
      if case .number(let number)? = values[property] { return number }
      return 0
    }
    var state = TargetState(
      frame: .zero, anchor: point(.anchor), translate: point(.translate), scale: point(.scale),
      rotation: number(.rotation), rotationX: number(.rotationX), rotationY: number(.rotationY),
      opacity: min(1, max(0, number(.opacity))), cornerRadii: .zero, cornerCurve: .circular, mask: nil, shadow: nil,
      color: .clear)
    state.translateZ = number(.translateZ)
    if case .transform(let steps)? = values[.transform], !steps.isEmpty {
      state.steps = TransformStep.product(steps)
    }
    // An arc bows the path of each animation that has one: 2q(1 − q)·K on top of the line
    // (`Track.arc`), nothing at q = 0 and q = 1.
    for position in tracksByTarget[target] ?? [] {
      let track = tracks[position]
      guard let bow = track.arc else { continue }
      let (started, q, _) = progress(of: track, at: moment)
      guard started, moment != .end else { continue }
      let weight = 2 * q * (1 - q)
      state.translate = Point(x: state.translate.x + weight * bow.x, y: state.translate.y + weight * bow.y)
    }
    if case .rect(let frame)? = values[.frame] { state.frame = frame }
    if case .radii(let radii)? = values[.cornerRadius] { state.cornerRadii = radii }
    if case .cornerCurve(let curve)? = values[.cornerCurve] { state.cornerCurve = curve }
    if case .mask(let mask)? = values[.mask] { state.mask = mask }
    if case .shadow(let shadow)? = values[.shadow] { state.shadow = shadow }
    if case .color(let color)? = values[.color] { state.color = color }
    // An overlay's opacity never passes the largest the scene gives it: a dim never gets darker
    // than its own maximum, however far a curve overshoots (docs/transitions.md).
    if case .overlay(let name) = target {
      var largest = index.overlay(name)?.opacity ?? 1
      for position in tracksByTarget[target] ?? [] {
        let track = tracks[position]
        // Every value it goes through: from, to, and each keyframe's (a dim that rises and
        // falls again through keyframes reaches its largest in between).
        let values =
          [track.values[.opacity]?.from, track.values[.opacity]?.to] + (track.keyframes[.opacity]?.values ?? [])
        for case .number(let value) in values {
          largest = max(largest, value)
        }
      }
      if moment == .end, case .state(let end)? = endAction(for: target), case .number(let value)? = end.values[.opacity]
      {
        largest = max(largest, value)
      }
      state.opacity = min(state.opacity, largest)
    }
    if let shadow = state.shadow {
      state.shadow?.opacity = min(1, max(0, shadow.opacity))
      state.shadow?.radius = max(0, shadow.radius)
    }
    return state
  }

  /// What `end` says of `target`.
  public func endAction(for target: Target) -> EndAction? {
    endActions[target]
  }

  /// Whether `target` is drawn at `moment`: not removed by `end`; at the end of a dismiss or pop
  /// `from` is removed unless `end` names it; a cancelled present or push shows no `to`.
  public func isShown(_ target: Target, at moment: Moment) -> Bool {
    switch moment {
    case .end:
      if endAction(for: target) == .removed { return false }
      if target == .screen(.from), !operation.isForward, endAction(for: target) == nil { return false }
      return true
    case .start:
      return !custom.presetRules.cancelHides.contains(target) && isShownBeforeTheTransition(target)
    case .time, .scrub:
      return true
    }
  }

  /// Before the transition every target is there but `to` of a present or push.
  func isShownBeforeTheTransition(_ target: Target) -> Bool {
    !(target == .screen(.to) && operation.isForward)
  }

  /// Whether the seed preset's cancel rules change its start state: a cancel the written-out
  /// form (which cannot state those rules) would end differently.
  public var presetRulesChangeTheStart: Bool {
    let rules = custom.presetRules
    let hides = rules.cancelHides.contains { isShownBeforeTheTransition($0) }
    let resets = rules.cancelResets.contains { target, properties in
      properties.contains { value($0, of: target, at: .start) != initial($0, of: target) }
    }
    return hides || resets
  }

  /// What the frame at `moment` draws.
  public func displayList(at moment: Moment) -> DisplayList {
    var layers: [RenderLayer] = []
    for item in stack {
      switch item {
      case .overlay(let name):
        if let layer = overlayLayer(name, at: moment) { layers.append(layer) }
      case .screen(let role):
        let target = Target.screen(role)
        guard isShown(target, at: moment) else { continue }
        let screenState = state(of: target, at: moment)
        // The screen's own order first: layers animated in place and the layers after them,
        // which stay among the screen's views; then the overlays over the screen (views the
        // animator adds to it, above its views); then the lifted layers, snapshots above all of
        // the screen.
        var sublayers: [RenderLayer] = []
        let lifted = liftedInOrder[role] ?? []
        for position in lifted where keepsScreenOrder(role, position) {
          if let layer = liftedLayer(role, path: [position], at: moment) { sublayers.append(layer) }
        }
        for name in overlaysOver[role] ?? [] {
          if let layer = overlayLayer(name, at: moment) { sublayers.append(layer) }
        }
        for position in lifted where !keepsScreenOrder(role, position) {
          if let layer = liftedLayer(role, path: [position], at: moment) { sublayers.append(layer) }
        }
        let screen = scene.screen(role)
        var size = screenSizes[role] ?? scene.size
        var content = RenderLayer.Content.snapshot(role)
        var bounds = screenState.frame.size
        var transform = screenState.transform
        if scalesToFrame(target, resize: screen.resize) {
          // Kept at its bounds, scaled onto its frame: its snapshot when those bounds are its own
          // size, otherwise drawn at them, its layers laid out there by their pins.
          let kept = transformBounds(of: target)
          if kept != size {
            content = .layer(
              Layer(
                rect: Rect(size: kept), color: screen.background, image: screen.image,
                layers: Layer.laidOut(snapshotScreen(role).layers, in: kept), clips: true,
                perspective: screen.perspective))
            size = kept
          }
          bounds = kept
          transform = Self.scaledTransform(screenState, keeping: kept)
        } else if screen.resize == .layout {
          // Drawn again at its frame's size, its layers laid out there by their pins.
          size = screenState.frame.size
          content = .layer(
            Layer(
              rect: Rect(size: size), color: screen.background, image: screen.image,
              layers: Layer.laidOut(screen.layers, in: size), clips: true, perspective: screen.perspective))
        }
        layers.append(
          RenderLayer(
            content: content, contentSize: size, bounds: bounds,
            transform: transform, opacity: screenState.opacity, cornerRadii: screenState.cornerRadii,
            cornerCurve: screenState.cornerCurve, mask: screenState.mask, shadow: screenState.shadow,
            sublayers: sublayers, doubleSided: screen.doubleSided,
            sublayerTransform: Self.sublayerTransform(perspective: screen.perspective, size: size)
          ).masked(by: maskLayer(of: target, at: moment)))
      }
    }
    for morph in morphs {
      if let layer = morphLayer(morph, at: moment) { layers.append(layer) }
    }
    return DisplayList(
      size: scene.size, pixelWidth: scene.pixelWidth, pixelHeight: scene.pixelHeight, background: scene.background,
      perspective: custom.perspective, layers: layers)
  }

  /// Whether the screen's layer at `position` is drawn apart only to keep the screen's order:
  /// it is animated in place (`"lift": false`) or holds one that is, or it comes after one
  /// (`orderOnlyPaths`), rather than lifted above the screen.
  func keepsScreenOrder(_ role: ScreenRole, _ position: Int) -> Bool {
    (inPlacePaths[role] ?? []).contains { $0.first == position }
      || (orderOnlyPaths[role] ?? []).contains { $0.first == position }
  }

  /// Whether the layer at `path` is lifted only to carry lifted layers inside it: a group with no
  /// id and no animation that holds a lifted layer, neither a 3D group nor a face of one (a 3D
  /// group keeps its faces in 3D, so all of them go with it). As in the app (where nothing hands
  /// the animator its view), its own content stays in its place in the screen, and only an empty
  /// carrier with its frame, clip and opacity goes above, holding the lifted layers.
  public func isCarrier(_ role: ScreenRole, path: [Int]) -> Bool {
    let lifted = liftedPaths[role] ?? []
    let screen = scene.screen(role)
    guard lifted.contains(path), let layer = screen.layer(at: path), !layer.preserves3D,
      target(of: layer, at: path, in: role) == nil,
      layer.layers.indices.contains(where: { lifted.contains(path + [$0]) })
    else { return false }
    if let id = layer.id, matchedIDs.contains(id) { return false }
    return path.count < 2 || screen.layer(at: Array(path.dropLast()))?.preserves3D != true
  }

  /// The screen `role` as its snapshot draws it: without its lifted layers, but with each
  /// carrier group in its place, less what is lifted out of it (at any depth).
  public func snapshotScreen(_ role: ScreenRole) -> Screen {
    var screen = scene.screen(role)
    let lifted = liftedPaths[role] ?? []
    func kept(_ layers: [Layer], under path: [Int]) -> [Layer] {
      layers.indices.compactMap { index -> Layer? in
        let child = path + [index]
        guard lifted.contains(child) else { return layers[index] }
        guard isCarrier(role, path: child) else { return nil }
        var layer = layers[index]
        layer.layers = kept(layer.layers, under: child)
        return layer
      }
    }
    screen.layers = kept(screen.layers, under: [])
    return screen
  }

  /// The lifted layer at `path` of `role`'s screen, with the lifted layers inside it as its
  /// sublayers; its other sublayers are drawn with it. Nil when it is not drawn (removed by `end`,
  /// or matched: a match is drawn as its morph).
  func liftedLayer(_ role: ScreenRole, path: [Int], at moment: Moment) -> RenderLayer? {
    guard let layer = scene.screen(role).layer(at: path) else { return nil }
    if let id = layer.id, matchedIDs.contains(id) { return nil }
    let target = self.target(of: layer, at: path, in: role)
    if let target, !isShown(target, at: moment) { return nil }
    // A group lifted only as the container of a lifted layer has no id, and no animation.
    let own = target.map { state(of: $0, at: moment) } ?? TargetState(unanimated: layer)
    var drawn = layer
    drawn.color = own.color.a > 0 || layer.color != nil ? own.color : nil
    if isCarrier(role, path: path) {
      // Its content is in the screen's snapshot: the carrier only places, clips and fades.
      drawn = Layer(
        rect: layer.rect, shape: layer.shape, cornerRadius: layer.cornerRadius, cornerCurve: layer.cornerCurve,
        clips: layer.clips, doubleSided: layer.doubleSided, zPosition: layer.zPosition, perspective: layer.perspective)
    }
    // The render layer carries the opacity (the layer's own is its initial value), so
    // the content is drawn opaque: once, not twice.
    drawn.opacity = 1
    var sublayers: [RenderLayer] = []
    var kept: [Layer] = []
    let inside = liftedPaths[role] ?? []
    let carrier = isCarrier(role, path: path)
    for (index, child) in layer.layers.enumerated() {
      guard inside.contains(path + [index]) else {
        if !carrier { kept.append(child) }
        continue
      }
      if let lifted = liftedLayer(role, path: path + [index], at: moment) { sublayers.append(lifted) }
    }
    drawn.layers = kept
    var contentSize = layer.rect.size
    if layer.resize == .layout, !carrier {
      // Drawn at its frame's size, its sublayers laid out there by their pins.
      contentSize = own.frame.size
      drawn.rect = Rect(x: layer.rect.x, y: layer.rect.y, width: contentSize.width, height: contentSize.height)
      drawn.layers = Layer.laidOut(kept, in: contentSize)
    }
    var bounds = own.frame.size
    var transform = own.transform
    if scalesToFrame(target, resize: layer.resize), !carrier, let target {
      // Kept at its bounds, scaled onto its frame. The app's own view (in place) is laid out at
      // those bounds, its pinned sublayers with it; a snapshot of it stretches its picture there.
      let size = transformBounds(of: target)
      if inPlacePaths[role]?.contains(path) == true {
        contentSize = size
        drawn.rect = Rect(x: layer.rect.x, y: layer.rect.y, width: size.width, height: size.height)
        drawn.layers = Layer.laidOut(kept, in: size)
      }
      bounds = size
      transform = Self.scaledTransform(own, keeping: size)
    }
    var opacity = own.opacity
    if layer.preserves3D {
      // A 3D group is a `CATransformLayer`: only its sublayers are drawn (no fill, border, mask,
      // shadow or clip of its own), and its opacity fades each of them on its own.
      sublayers = sublayers.map { sublayer in
        var faded = sublayer
        faded.opacity *= own.opacity
        return faded
      }
      opacity = 1
    }
    return RenderLayer(
      content: .layer(drawn), contentSize: contentSize, bounds: bounds,
      transform: .translation(0, 0, layer.zPosition) * transform, opacity: opacity,
      cornerRadii: own.cornerRadii, cornerCurve: own.cornerCurve, mask: layer.preserves3D ? nil : own.mask,
      shadow: layer.preserves3D ? nil : own.shadow, sublayers: sublayers,
      clipsSublayers: layer.clips && !layer.preserves3D, doubleSided: layer.doubleSided,
      preserves3D: layer.preserves3D,
      sublayerTransform: Self.sublayerTransform(perspective: layer.perspective, size: layer.rect.size),
      zPosition: layer.zPosition
    ).masked(by: target.flatMap { maskLayer(of: $0, at: moment) })
  }

  /// Where the mask layer of `target` is and how opaque, when an animation or `end` moves it
  /// (`to.mask`): its state's transform (its frame, anchor and transform) and opacity. Nil when
  /// nothing does: the mask lies on its host's bounds.
  public func maskLayer(of target: Target, at moment: Moment) -> (transform: Transform3D, opacity: Double)? {
    let mask = Target.mask(of: target)
    guard tracksByTarget[mask] != nil || endAction(for: mask) != nil else { return nil }
    let state = state(of: mask, at: moment)
    return (state.transform, state.opacity)
  }

  /// What names the layer at `path` as a target: its id, or for a layer without one that a
  /// cascade animates, its path (`TargetIndex.pathID`); nil for a layer nothing can animate.
  public func target(of layer: Layer, at path: [Int], in role: ScreenRole) -> Target? {
    if let id = layer.id { return .layer(role, id: id) }
    let named = Target.layer(role, id: TargetIndex.pathID(path))
    return tracksByTarget[named] != nil ? named : nil
  }

  /// A `sublayerTransform` with m34 = −1/d about the centre of a layer of `size` (its content's
  /// points), as the transition's `perspective` is the container's; the identity without one.
  static func sublayerTransform(perspective: Double?, size: Size) -> Transform3D {
    guard let perspective else { return .identity }
    return .perspective(distance: perspective, center: Point(x: size.width / 2, y: size.height / 2))
  }

  func overlayLayer(_ name: String, at moment: Moment) -> RenderLayer? {
    let target = Target.overlay(name)
    guard isShown(target, at: moment) else { return nil }
    let state = state(of: target, at: moment)
    var layer = RenderLayer(
      content: .solid(state.color), contentSize: state.frame.size, bounds: state.frame.size,
      transform: state.transform, opacity: state.opacity, cornerRadii: state.cornerRadii,
      cornerCurve: state.cornerCurve, mask: state.mask, shadow: state.shadow)
    let overlay = index.overlay(name)
    if let snapshot = overlay?.snapshot {
      let size = screenSizes[snapshot.of] ?? scene.size
      let piece = snapshot.rect
      if size.width > 0, size.height > 0, piece.width > 0, piece.height > 0, piece.minX >= 0, piece.minY >= 0,
        piece.maxX <= size.width, piece.maxY <= size.height
      {
        // The piece of the screen's picture in its rect, stretched to the frame.
        layer.content = .snapshot(snapshot.of)
        layer.contentSize = snapshot.rect.size
        layer.contentsRect = Rect(
          x: snapshot.rect.x / size.width, y: snapshot.rect.y / size.height, width: snapshot.rect.width / size.width,
          height: snapshot.rect.height / size.height)
        return layer.masked(by: maskLayer(of: target, at: moment))
      }
      // A rect reaching past the screen: the whole snapshot, moved so the piece's rect is at the
      // origin of the content (the rect's size, stretched to the frame) and clipped to it, clear
      // beyond the screen.
      layer.content = .solid(.clear)
      layer.contentSize = snapshot.rect.size
      layer.sublayers = [
        RenderLayer(
          content: .snapshot(snapshot.of), contentSize: size, bounds: size,
          transform: .translation(-snapshot.rect.x, -snapshot.rect.y))
      ]
      layer.clipsSublayers = true
    } else if var drawn = overlay?.layer {
      // Drawn as a layer at its starting size, redrawn at each (as a lifted layer is).
      if case .rect(let start) = initial(.frame, of: target) { drawn.rect = start }
      drawn.color = state.color.a > 0 || drawn.color != nil ? state.color : nil
      drawn.opacity = 1
      layer.content = .layer(drawn)
      layer.contentSize = drawn.rect.size
      layer.clipsSublayers = drawn.clips
    }
    return layer.masked(by: maskLayer(of: target, at: moment))
  }

  /// Where a matched layer sits on screen: its rectangle through its screen's transform (the
  /// bounding box of its projected outline, cut at the eye plane as it is drawn), its corners
  /// scaled with it, its opacity times its screen's. Nil when all of it is behind the eye: it is
  /// nowhere on screen, and its match is not drawn.
  ///
  /// Its corners come as radii across and down, fitted to the placed frame: an ellipse's are half
  /// its sides (the rounded rectangle with those radii is the ellipse), a rectangle's its own
  /// radii scaled with it, so a morph between the two blends one outline into the other.
  func placement(of id: String, in role: ScreenRole, at moment: Moment) -> (
    frame: Rect, radii: CornerRadii, radiiY: CornerRadii, opacity: Double, layer: Layer
  )? {
    guard let path = index.layerPath(role, id: id), let layer = scene.screen(role).layer(at: path) else { return nil }
    let state = state(of: .screen(role), at: moment)
    // Scaled to its frame, the screen's points are those of the bounds it keeps.
    let size =
      scalesToFrame(.screen(role), resize: scene.screen(role).resize)
      ? transformBounds(of: .screen(role)) : screenSizes[role] ?? scene.size
    let stretch = Transform3D.scale(
      size.width > 0 ? state.frame.width / size.width : 1, size.height > 0 ? state.frame.height / size.height : 1)
    let map =
      Transform3D.perspective(
        distance: custom.perspective, center: Point(x: scene.size.width / 2, y: scene.size.height / 2))
      * state.transform * stretch * groupTransform(holding: path, in: role, at: moment)
    let rect = layer.rect
    let outline = [
      Point(x: rect.minX, y: rect.minY), Point(x: rect.maxX, y: rect.minY), Point(x: rect.maxX, y: rect.maxY),
      Point(x: rect.minX, y: rect.maxY),
    ]
    let corners = Self.inFront(outline, of: map).map { corner -> Point in
      let p = map.apply(corner.x, corner.y)
      return Point(x: p.x / p.w, y: p.y / p.w)
    }
    guard !corners.isEmpty else { return nil }
    let minX = corners.map(\.x).min() ?? 0
    let minY = corners.map(\.y).min() ?? 0
    let frame = Rect(
      x: minX, y: minY, width: (corners.map(\.x).max() ?? 0) - minX, height: (corners.map(\.y).max() ?? 0) - minY)
    let opacity = layer.opacity * state.opacity
    if layer.shape == .ellipse {
      return (frame, CornerRadii(frame.width / 2), CornerRadii(frame.height / 2), opacity, layer)
    }
    let factor = rect.width > 0 && rect.height > 0 ? ((frame.width / rect.width) + (frame.height / rect.height)) / 2 : 1
    var radii = layer.cornerRadius.scaled(by: factor)
    if layer.cornerCurve == .circular { radii = radii.fitted(to: Rect(size: frame.size), curve: .circular) }
    return (frame, radii, radii, opacity, layer)
  }

  /// Maps the points of the group that holds the layer at `path` to its screen's points: each
  /// enclosing group's transform and the stretch of its frame over its `rect`, outermost first
  /// (the identity for a top-level layer).
  func groupTransform(holding path: [Int], in role: ScreenRole, at moment: Moment) -> Transform3D {
    var transform = Transform3D.identity
    let screen = scene.screen(role)
    for depth in 1..<max(1, path.count) {
      let prefix = Array(path.prefix(depth))
      guard let group = screen.layer(at: prefix) else { break }
      let named = target(of: group, at: prefix, in: role)
      let own = named.map { state(of: $0, at: moment) } ?? TargetState(unanimated: group)
      // Its content's points: its rect's, stretched to its frame; those of the bounds it keeps
      // when it is the app's view scaled to its frame (a snapshot of it stretches as any).
      var content = group.rect.size
      if scalesToFrame(named, resize: group.resize), let named, inPlacePaths[role]?.contains(prefix) == true {
        content = transformBounds(of: named)
      }
      let stretch = Transform3D.scale(
        content.width > 0 ? own.frame.width / content.width : 1,
        content.height > 0 ? own.frame.height / content.height : 1)
      transform = transform * own.transform * stretch
    }
    return transform
  }

  /// The part of a polygon of the plane z = 0 that `map` keeps in front of the eye plane
  /// (w ≥ `Transform3D.nearestW`; w is affine along the plane, so each edge is cut where it
  /// crosses), as the compositor cuts what it draws. Empty when none of it is.
  static func inFront(_ polygon: [Point], of map: Transform3D) -> [Point] {
    func w(_ point: Point) -> Double { map.apply(point.x, point.y).w - Transform3D.nearestW }
    var kept: [Point] = []
    var previous = polygon[polygon.count - 1]
    for point in polygon {
      let (a, b) = (w(previous), w(point))
      if (a >= 0) != (b >= 0) {
        let t = a / (a - b)
        kept.append(Point(x: previous.x + (point.x - previous.x) * t, y: previous.y + (point.y - previous.y) * t))
      }
      if b >= 0 { kept.append(point) }
      previous = point
    }
    return kept.count > 2 ? kept : []
  }

  /// The morphing layer of a match: from the `from` layer as placed at the start to the `to`
  /// layer as placed at the end, frame, corners, opacity and colour by the match's curve; its
  /// content the two layers' pixels mixed.
  public func morphLayer(_ morph: Morph, at moment: Moment) -> RenderLayer? {
    guard let a = placement(of: morph.id, in: .from, at: .start),
      let b = placement(of: morph.id, in: .to, at: .end)
    else { return nil }
    let q: Double
    switch moment {
    case .time(let t): q = morph.easing.progress(at: t - morph.delay)
    case .scrub(let p): q = morph.duration > 0 ? min(1, max(0, (p * duration - morph.delay) / morph.duration)) : 1
    case .end: q = 1
    case .start: q = 0
    }
    let frame = Rect.lerp(a.frame, b.frame, q)
    let color = RGBA8.lerp(a.layer.color ?? .clear, b.layer.color ?? .clear, q)
    var from = a.layer
    var to = b.layer
    from.color = a.layer.color == nil && b.layer.color == nil ? nil : color
    to.color = from.color
    // An ellipse on either side: one outline of elliptical corners, across and down lerped.
    let elliptical = a.layer.shape == .ellipse || b.layer.shape == .ellipse
    let curve = q > 0 ? b.layer.cornerCurve : a.layer.cornerCurve
    return RenderLayer(
      content: .morph(from: from, to: to, mix: q, radiiY: elliptical ? .lerp(a.radiiY, b.radiiY, q) : nil),
      contentSize: frame.size, bounds: frame.size, transform: .translation(frame.x, frame.y),
      opacity: min(1, max(0, a.opacity + (b.opacity - a.opacity) * q)), cornerRadii: .lerp(a.radii, b.radii, q),
      cornerCurve: elliptical ? .circular : curve)
  }
}
