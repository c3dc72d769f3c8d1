import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  /// Every animation Core Animation cannot state exactly, as an error at the scene's field.
  mutating func checkExpressible() {
    if let interaction = scene.interaction { check(interaction) }
    var targets: [Target] = []
    var seen = Set<Target>()
    for track in plan.tracks where seen.insert(track.target).inserted { targets.append(track.target) }
    for target in targets { check(target) }
    for entry in plan.custom.match.indices { checkMatch(entry) }
  }

  mutating func check(_ target: Target) {
    let tracks = tracks(of: target)
    if scene.interaction != nil,
      let track = tracks.first(where: { $0.keyframes.values.contains { $0.calculation.isCubic } })
    {
      fail(
        path(of: track) + ".calculation",
        "cubic keyframes in an interactive scene: the animator's scrubbed timeline joins values in straight lines, "
          + "so segue swift cannot write the spline yet; use 'linear', 'paced' or 'discrete'")
    }
    if let node = node(for: target), node.inPlace, case .lifted(let role, let layerPath, _, _) = node.kind,
      let track = tracks.first
    {
      checkInPlace(target, role: role, path: layerPath, at: path(of: track))
    }
    checkLayout(target, tracks)
    checkKeptBounds(target, tracks)
    if case .layer(_, let id) = target, id.hasPrefix("."), node(for: target)?.subview == nil {
      if let track = tracks.first {
        fail(
          path(of: track) + ".cascade",
          "a cascade over sublayers without ids in a group without one: give the group an id, so the app can "
            + "hand its view (whose subviews are the sublayers, in order), or give each sublayer an id")
      }
      return
    }
    func values(_ property: AnimatableProperty) -> [(track: MotionPlan.Track, value: PropertyValue)] {
      tracks.flatMap { track in
        track.values[property].map { [(track, $0.from), (track, $0.to)] } ?? []
      }
    }
    // Core Animation composes the turns of one layer in its own order: one axis at a time only.
    let turning: [AnimatableProperty] = [.rotation, .rotationX, .rotationY].filter { property in
      values(property).contains {
        if case .number(let degrees) = $0.value { return degrees != 0 } else { return false }
      }
    }
    if turning.count > 1, let track = tracks.first(where: { $0.values[turning[1]] != nil }) {
      fail(
        path(of: track) + ".to.\(turning[1].rawValue)",
        "'\(target)' turns about more than one axis (\(turning.map(\.rawValue).joined(separator: ", "))); Core "
          + "Animation composes a layer's turns in its own order, so segue swift writes one axis per target: turn "
          + "a group and a layer inside it instead")
    }
    for track in tracks {
      if let frames = track.keyframes[.scale] {
        if let field = negativeScale(of: track, frames) {
          fail(
            field,
            "the scale of '\(target)' goes below 0: Core Animation's transform.scale key paths lose the sign; mirror "
              + "with rotationY 180, or give it values and a curve that stay above 0")
          break
        }
        continue
      }
      guard case .point(let from)? = track.values[.scale]?.from, case .point(let to)? = track.values[.scale]?.to
      else { continue }
      // Where the curve carries it (a spring overshoots), x and y alike.
      let lowest =
        reach(of: track).map { (q: Double) -> Double in
          let x: Double = from.x + (to.x - from.x) * q
          let y: Double = from.y + (to.y - from.y) * q
          return min(x, y)
        }.min() ?? 0
      if lowest < -1e-6 {
        fail(
          path(of: track) + ".to.scale",
          "the scale of '\(target)' goes below 0\(min(from.x, from.y, to.x, to.y) < 0 ? "" : " on its curve"): Core "
            + "Animation's transform.scale key paths lose the sign; mirror with rotationY 180, or give it a curve that "
            + "does not overshoot")
        break
      }
    }
    checkCorners(target, values(.cornerRadius))
    let curves = Set(values(.cornerCurve).compactMap { if case .cornerCurve(let c) = $0.value { c } else { nil } })
    if curves.count > 1, let track = tracks.first(where: { $0.values[.cornerCurve] != nil }) {
      fail(
        path(of: track) + ".to.cornerCurve",
        "'\(target)' switches its corner curve during the transition, which Core Animation cannot animate; keep "
          + "one corner curve")
    }
    if case .layer = target, let track = tracks.first(where: { $0.values[.color] != nil }) {
      fail(
        path(of: track) + ".to.color",
        "the colour of a lifted layer: the animator moves a snapshot of the app's view, whose colour is its own; "
          + "animate an overlay's colour instead")
    }
    for track in tracks {
      guard let mask = track.values[.mask], case .mask(let from) = mask.from, case .mask(let to) = mask.to else {
        continue
      }
      if from == nil || to == nil {
        fail(
          path(of: track) + ".\(from == nil ? "from" : "to").mask",
          "a mask that appears or goes during an animation: give the animation masks at both ends (remove it in "
            + "'end')")
      }
    }
    if case .overlay = target { checkOverlayOpacity(target, tracks) }
    // Its node holds the overlay (a search of the overlays for each would cost (overlays)²).
    if let node = node(for: target), case .overlay(let overlay) = node.kind, overlay.layer?.shape == .ellipse,
      !isRoundedCircle(target)
    {
      fail(
        "transition.overlays.\(overlay.name).shape",
        "an overlay drawn as an ellipse whose frame is not one square throughout: a view the animator makes keeps "
          + "a rectangle; give it a square that does not animate ({\"circle\": [cx, cy, r]}, moved and scaled by "
          + "transforms), round it with 'cornerRadius' or give it a mask")
    }
    // position = frame.origin + anchor·size is one key path: frame and anchor cannot both move.
    if anchorValue(of: target) == nil, tracks.contains(where: { $0.values[.frame] != nil }),
      let track = tracks.first(where: { $0.values[.anchor] != nil })
    {
      fail(
        path(of: track) + ".to.anchor",
        "'\(target)' animates both its anchor and its frame; Core Animation's position is where the anchor lands "
          + "in the frame, so only one of them can move: keep the anchor the same throughout")
    }
    if let node = node(for: target), needsClipping(node), values(.shadow).contains(where: { $0.value != .shadow(nil) }),
      let track = tracks.first(where: { $0.values[.shadow] != nil })
    {
      fail(
        path(of: track) + ".to.shadow",
        "'\(target)' casts a shadow and clips (its corners or its lifted layers): Core Animation's masksToBounds "
          + "would cut the shadow off; put the shadow on a group around it")
    }
  }

  /// Where a keyframe animation's scale goes below 0, as the scene's field: the keyframe that
  /// reaches such a value, or else the keyframe the spline or the curve dips in (`…keyframes.1
  /// .to.scale`), or the animation's `from`. Nil when it stays at or above 0.
  ///
  /// The value at fraction f of the animation is `frames.value(at: f)`, f the curve's progress: it
  /// is taken at every key time and wherever the curve passes (`reach`), the smaller of x and y.
  func negativeScale(of track: MotionPlan.Track, _ frames: KeyframeValues) -> String? {
    func lowest(_ value: PropertyValue) -> Double {
      if case .point(let scale) = value { return min(scale.x, scale.y) }
      return 0
    }
    let animation = plan.custom.animations.indices.contains(track.order) ? plan.custom.animations[track.order] : nil
    let keyframes = Array((animation?.keyframes ?? []).enumerated())
    // A keyframe whose own value is below 0, first in the scene's order.
    if let (index, _) = keyframes.first(where: { ($0.element.to[.scale].map(lowest) ?? 0) < -1e-6 }) {
      return path(of: track) + ".keyframes.\(index).to.scale"
    }
    if lowest(frames.values[0]) < -1e-6 {
      return path(of: track) + ".from.scale"
    }
    // Between the values: the first time it dips, in the keyframe that sets the scale then.
    let fractions = (frames.times + reach(of: track)).sorted()
    guard let dip = fractions.first(where: { lowest(frames.value(at: $0)) < -1e-6 }) else { return nil }
    let setting = keyframes.filter { $0.element.to[.scale] != nil }
      .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
    let index = setting.first { $0.element.start + $0.element.duration >= dip }?.offset ?? setting.last?.offset
    return path(of: track) + (index.map { ".keyframes.\($0).to.scale" } ?? ".keyframes")
  }

  /// A layer animated in place is the app's view where it is: its screen must be the app's view
  /// (not a snapshot, which a screen whose size changes is), no group around it a snapshot, and no
  /// layer drawn before it lifted (a snapshot goes above the screen's views; Segue draws it under).
  mutating func checkInPlace(_ target: Target, role: ScreenRole, path: [Int], at field: String) {
    if let screen = screenNode(role), !screen.isRealScreen {
      fail(
        field + ".target",
        "'\(target)' is animated in place in a screen whose size changes, which the animator draws from a snapshot: "
          + "keep the screen's size (a frame that follows the container is {\"of\": \"container\"}, shifted or not; "
          + "a frame of numbers is a size of its own on every device), or lift the layer")
      return
    }
    for other in nodes where !other.inPlace {
      guard case .lifted(role, let otherPath, _, let key) = other.kind, key != nil || other.subview != nil else {
        continue
      }
      if path.starts(with: otherPath) {
        fail(
          field + ".target",
          "'\(target)' is animated in place inside '\(key ?? "a group")', which is lifted as a snapshot: give the group "
            + "\"lift\": false too, or lift the layer")
        return
      }
      if otherPath.lexicographicallyPrecedes(path), !otherPath.starts(with: path) {
        fail(
          field + ".target",
          "'\(target)' is animated in place after '\(key ?? "a layer")', which is lifted as a snapshot: the app would "
            + "draw the snapshot above it; give that layer \"lift\": false too")
        return
      }
    }
  }

  /// Core Animation rounds the corners in `maskedCorners` by one radius: the rounded corners must
  /// share one radius, and be the same corners throughout.
  mutating func checkCorners(_ target: Target, _ values: [(track: MotionPlan.Track, value: PropertyValue)]) {
    var pattern: String?
    for (track, value) in values {
      guard case .radii(let radii) = value else { continue }
      let corners = LayerKeyPath.maskedCorners(radii) ?? (radii.isZero ? nil : "all")
      if !LayerKeyPath.isExpressible(radii) || (corners != nil && pattern != nil && corners != pattern) {
        fail(
          path(of: track) + ".to.cornerRadius",
          "'\(target)' rounds its corners by different radii; Core Animation rounds the corners it rounds by one "
            + "radius (cornerRadius and maskedCorners)")
        return
      }
      if corners != nil { pattern = corners }
    }
  }

  mutating func checkMatch(_ index: Int) {
    guard plan.morphs.indices.contains(index) else { return }
    let morph = plan.morphs[index]
    guard let from = plan.morphLayer(morph, at: .start), let to = plan.morphLayer(morph, at: .end) else { return }
    for layer in [from, to] {
      if case .morph(_, _, _, let radiiY?) = layer.content, radiiY != layer.cornerRadii {
        fail(
          "transition.match.\(index)",
          "'\(morph.id)' morphs an ellipse that is not a circle; Core Animation's cornerRadius rounds corners "
            + "by circles: make the ellipse a circle, or both rectangles")
        return
      }
    }
    if from.cornerCurve != to.cornerCurve {
      fail(
        "transition.match.\(index)",
        "'\(morph.id)' has a different corner curve in each screen, which Core Animation cannot animate")
    }
  }

  /// The anchor a target keeps throughout, when it keeps one: what it shows from the start (the
  /// first animation's `from`, filled backwards, or its initial value) and every animation leaves.
  func anchorValue(of target: Target) -> Point? {
    let tracks = tracks(of: target).filter { $0.values[.anchor] != nil }
    var values: [PropertyValue] = tracks.flatMap { [$0.values[.anchor]!.from, $0.values[.anchor]!.to] }
    if values.isEmpty { values = [plan.initial(.anchor, of: target)] }
    guard case .point(let anchor) = values[0], values.allSatisfy({ $0 == values[0] }) else { return nil }
    return anchor
  }

  /// The same anchor as the animator computes it (a preset's anchor may be a fraction of the
  /// running container), when it holds; nil when it moves.
  func anchorFormula(of target: Target) -> (x: Measure, y: Measure)? {
    guard let anchor = anchorValue(of: target) else { return nil }
    let formulas = tracks(of: target).compactMap { $0.formulas[.anchor] }.flatMap { [$0.from, $0.to] }
    if case .point(let x, let y)? = formulas.first, formulas.allSatisfy({ $0 == formulas[0] }) { return (x, y) }
    return (.constant(anchor.x), .constant(anchor.y))
  }

  /// A view laid out while it resizes is the app's own (its layout moves its subviews), moved by
  /// one plain animation of its frame, which `layOut` follows.
  mutating func checkLayout(_ target: Target, _ tracks: [MotionPlan.Track]) {
    let moving = tracks.filter { $0.values[.frame] != nil || $0.keyframes[.frame] != nil }
    guard let node = node(for: target), let first = moving.first else { return }
    if case .lifted(_, _, let layer, _) = node.kind, layer.resize == .layout, !node.inPlace {
      fail(
        path(of: first) + ".to.frame",
        "'\(target)' is laid out while it resizes, but the animator moves a snapshot of the app's view, whose "
          + "content stretches: give the layer \"lift\": false, so the animator animates the view itself")
      return
    }
    guard laysOut(node) else { return }
    if scene.interaction != nil {
      fail(
        path(of: first) + ".to.frame",
        "'\(target)' is laid out while it resizes in an interactive scene: the animator's scrubbed timeline has no "
          + "layout pass to follow; let the frame stretch (no \"resize\") or play the transition without a finger")
    } else if let keyframed = moving.first(where: { $0.keyframes[.frame] != nil }) {
      fail(
        path(of: keyframed) + ".keyframes",
        "'\(target)' is laid out while it resizes: its frame moves in one plain animation, not keyframes")
    } else if moving.count > 1 {
      fail(
        path(of: moving[1]) + ".to.frame",
        "'\(target)' is laid out while it resizes: one animation moves its frame, which its subviews follow")
    }
  }

  /// Whether a node's layer must clip (`masksToBounds`): rounded corners, or lifted layers and
  /// overlays inside it that could reach past it.
  func needsClipping(_ node: ExportNode) -> Bool {
    if let target = node.target {
      let rounded = tracks(of: target).contains { track in
        guard let radii = track.values[.cornerRadius] else { return false }
        return radii.from != .radii(.zero) || radii.to != .radii(.zero)
      }
      if rounded || plan.initial(.cornerRadius, of: target) != .radii(.zero) { return true }
    }
    switch node.kind {
    case .screen:
      return nodes.contains { child in
        guard child.parent == node.name else { return false }
        if case .overlay(let overlay) = child.kind { return overlay.rect != nil }
        return true
      }
    case .lifted(_, _, let layer, _):
      return layer.clips && !layer.preserves3D
    case .morph:
      return true
    case .overlay(let overlay):
      return overlay.layer?.clips ?? false
    case .mask:
      return false
    }
  }

  /// Segue never draws a dimming overlay darker than the largest opacity the scene gives it, however
  /// far a curve overshoots; Core Animation would. A curve that carries it past that is an error.
  mutating func checkOverlayOpacity(_ target: Target, _ tracks: [MotionPlan.Track]) {
    var largest = 0.0
    if case .number(let initial) = plan.initial(.opacity, of: target) { largest = initial }
    for track in tracks {
      for case .number(let value)? in [track.values[.opacity]?.from, track.values[.opacity]?.to] {
        largest = max(largest, value)
      }
    }
    for track in tracks {
      guard case .number(let from)? = track.values[.opacity]?.from, case .number(let to)? = track.values[.opacity]?.to
      else { continue }
      let reach = self.reach(of: track).map { from + (to - from) * $0 }.max() ?? 0
      // Past a millionth, which no frame shows.
      if reach > largest + 1e-6 {
        fail(
          path(of: track) + ".curve",
          "the curve carries the overlay '\(target)' to an opacity of \(SwiftLiteral.number((reach * 1000).rounded() / 1000)), "
            + "past its largest \(SwiftLiteral.number(largest)); Segue draws a dim no darker than that, Core Animation "
            + "would: give its opacity a curve that does not overshoot (a damping ratio of 1)")
        return
      }
    }
  }

  /// After the finger lifts, the rest runs through a Core Animation group's timing function, which
  /// is a cubic Bézier; a seed preset's formulas would also carry its screens past their ends where
  /// the curve overshoots, which keyframes, holding their ends, cannot.
  mutating func check(_ interaction: Interaction) {
    guard case .bezier(let curve) = interaction.completionCurve else {
      fail(
        "interaction.completionCurve",
        "the curve after the finger lifts is a spring; Core Animation bends an animation group's time only by a "
          + "cubic Bézier: give a named curve or control points")
      return
    }
    let overshoots = [curve.p1y, curve.p2y].contains { $0 < 0 || $0 > 1 }
    if overshoots && plan.custom.presetRules.progressOvershoots {
      fail(
        "interaction.completionCurve",
        "the curve after the finger lifts leaves 0…1, which carries this preset's screens past their ends; the "
          + "animator holds them there: give control points with y from 0 to 1")
    }
  }

  /// The progress a track's curve passes through: 400 samples over its duration, its ends included;
  /// an interaction scrubs every animation linearly, from 0 to 1.
  func reach(of track: MotionPlan.Track) -> [Double] {
    if scene.interaction != nil { return [0, 1] }
    let steps = 400
    return (0...steps).map { track.easing.progress(at: track.duration * Double($0) / Double(steps)) }
  }
}
