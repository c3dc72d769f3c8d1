import SegueGeometry
import SegueJSON
import SegueScene
import SegueTiming

/// A custom transition resolved against its scene: every animation with its real duration,
/// its easing and the values it goes between, the stacking, the screens' sizes and the
/// timeline's length. Presets are expanded into custom transitions first, so every scene goes
/// through this one plan.
public final class MotionPlan: Sendable {
  /// One animation, ready to evaluate.
  public struct Track: Sendable {
    public let target: Target
    public let delay: Double
    /// Seconds it runs (the system spring's 0.5 s, a settling spring's settling time).
    public let duration: Double
    public let easing: Easing
    /// The curve as the scene names it (its own, or the transition's), which `easing` resolves.
    public let curve: TimingCurve
    /// For each property it sets, the resolved from and to (docs/custom-transitions.md: a missing `from` is the
    /// previous animation's `to` of the same target and property, or the initial value).
    public let values: [AnimatableProperty: (from: PropertyValue, to: PropertyValue)]
    /// The same from and to of each geometric property as formulas over the running app's
    /// geometry (constants where the scene states numbers): what the animator computes.
    public let formulas: [AnimatableProperty: (from: PropertyFormula, to: PropertyFormula)]
    /// Its place in the list: among animations that start together, the later governs.
    public let order: Int
    /// With Hero's arc, K: the position at progress q is the quadratic Bézier from P0 to P1
    /// with control point C = M + intensity·(corner − M) (M the midpoint, corner the one of the
    /// path's bounding box Hero bows toward), which is the line plus 2q(1 − q)·K, K = C − M.
    public let arc: Point?
    /// The same K as formulas over the app's geometry (the corner Hero bows toward chosen on
    /// this device), for `segue swift`.
    public let arcFormula: (x: Measure, y: Measure)?
    /// With keyframes, each property's values and key times; `values` then holds the first and
    /// the last of them.
    public let keyframes: [AnimatableProperty: KeyframeValues]
  }

  /// A matched layer, ready to evaluate.
  public struct Morph: Sendable {
    public let id: String
    public let delay: Double
    public let duration: Double
    public let easing: Easing
    /// The curve as the scene names it.
    public let curve: TimingCurve
  }

  /// What a stack entry draws.
  public enum Item: Sendable, Equatable {
    case screen(ScreenRole)
    case overlay(String)
  }

  /// The scene, its transition written out as `custom` (presets expanded).
  public let scene: Scene
  public let custom: CustomTransition
  public var operation: TransitionOperation { scene.transition.operation }
  /// Each screen's size in points.
  public let screenSizes: [ScreenRole: Size]
  /// Bottom to top.
  public let stack: [Item]
  public let tracks: [Track]
  public let morphs: [Morph]
  /// Indices of each screen's top-level layers lifted out of its snapshot: those animated, ended
  /// or matched, and the groups that hold one at any depth.
  public let lifted: [ScreenRole: Set<Int>]
  /// The same, in layer order: the order they are drawn in.
  let liftedInOrder: [ScreenRole: [Int]]
  /// The paths of layers animated in place (`"lift": false`).
  public let inPlacePaths: [ScreenRole: Set<[Int]>]
  /// The paths of layers drawn on their own only to stay above a layer animated in place (its
  /// later siblings, and its groups' later siblings), which nothing animates.
  public let orderOnlyPaths: [ScreenRole: Set<[Int]>]
  /// The paths of every lifted layer and of every group that holds one: a lifted group's
  /// sublayers on these paths are drawn on their own, the rest with the group.
  public let liftedPaths: [ScreenRole: Set<[Int]>]
  /// Layers by id and overlays by name.
  let index: TargetIndex
  /// Where the scene's geometric inputs come from, for this device and variant.
  public let geometry: SceneGeometry

  /// The path of the layer of `role` whose id is `id` (an id the plan makes for a cascaded
  /// sublayer without one is its path).
  public func layerPath(_ role: ScreenRole, id: String) -> [Int]? { index.layerPath(role, id: id) }
  /// Each target's tracks (indices into `tracks`), in list order: a frame asks for every
  /// property of every target, and filtering all tracks for each would cost (targets × tracks).
  let tracksByTarget: [Target: [Int]]
  /// What `end` says of each target: its first entry, as a scan of `end` finds it.
  let endActions: [Target: EndAction]
  /// The `over` overlays of each screen, in declaration order.
  public let overlaysOver: [ScreenRole: [String]]
  /// The ids of matched layers.
  let matchedIDs: Set<String>
  /// Seconds from the start to the latest end of an animation or matched layer.
  public let duration: Double
  /// The transition-level curve resolved over its duration: what `progress` in a manifest is.
  public let mainEasing: Easing
  /// Worth saying, but renders as asked (a spring cut short).
  public let warnings: [SceneError]

  /// The default length of a custom transition's animations when nothing gives one.
  public static let defaultDuration = 0.5

  /// Resolves `scene` (expanding a preset), or reports why it cannot run.
  public init(_ scene: Scene, file: String) throws(SceneErrors) {
    let expanded = PresetTransitions.expand(scene)
    guard case .custom(let custom) = expanded.transition.kind else {
      throw SceneErrors(SceneError(file: file, path: "transition", message: "the transition could not be resolved"))
    }
    self.scene = expanded
    self.custom = custom
    let index = TargetIndex(expanded, custom)
    self.index = index
    let geometry = SceneGeometry(
      container: expanded.size, safeArea: expanded.safeArea, from: expanded.from, to: expanded.to,
      overlays: custom.overlays,
      screenSizes: custom.screenSizes)
    self.geometry = geometry
    func initialFormula(_ property: AnimatableProperty, of target: Target) -> PropertyFormula? {
      MotionPlan.initialFormula(property, of: target, geometry, index)
    }
    var sizes: [ScreenRole: Size] = [:]
    for role in ScreenRole.allCases { sizes[role] = expanded.screen(role).size ?? expanded.size }
    screenSizes = sizes
    stack = MotionPlan.stack(custom, operation: expanded.transition.operation)

    var errors: [SceneError] = []
    var warnings: [SceneError] = []
    let transition = expanded.transition
    /// The duration and easing of an animation with its own (optional) duration and curve.
    func timing(duration requested: Double?, curve own: TimingCurve?, path: String, warns: Bool)
      -> (Double, Easing, TimingCurve)?
    {
      let curve = own ?? transition.curve ?? .bezier(.easeInEaseOut)
      let asked = requested ?? transition.duration
      let duration = curve.duration(requested: asked, fallback: MotionPlan.defaultDuration)
      let curvePath = own != nil ? "\(path).curve" : "transition.curve"
      let durationPath = requested != nil ? "\(path).duration" : "transition.duration"
      if asked == nil, duration > SceneLimits.maxDuration {
        let when =
          duration.isFinite
          ? "settles only after \(DecimalText.short(duration, 2)) s; the limit is "
            + "\(JSONValue.format(SceneLimits.maxDuration)) s"
          : "never settles (it is undamped)"
        errors.append(
          SceneError(file: file, path: curvePath, message: "the spring \(when): give '\(durationPath)' to cut it"))
        return nil
      }
      if let problem = curve.problem(duration: duration) {
        errors.append(SceneError(file: file, path: curvePath, message: problem))
        return nil
      }
      if warns, let asked, let cut = curve.cut(at: asked) {
        // A preset may give an animation a share of the transition (a flip's halves): that
        // duration is the preset's, not a field of the scene.
        let own = requested != nil && path == "transition" && requested != transition.duration
        let seconds = DecimalText.short(asked, 2)
        let cutting =
          own
          ? "the preset runs it \(seconds) s at a time, which cuts it" : "at '\(durationPath)' \(seconds) s it is cut"
        warnings.append(
          SceneError(
            file: file, path: "",
            message: "the spring settles at \(DecimalText.short(cut.settles, 2)) s; \(cutting) at progress "
              + DecimalText.short(cut.progress, 2)))
      }
      return (duration, curve.resolved(duration: duration), curve)
    }

    // Each target's properties through its animations, in list order.
    var model: [Target: [AnimatableProperty: PropertyValue]] = [:]
    var formulaModel: [Target: [AnimatableProperty: PropertyFormula]] = [:]
    var tracks: [Track] = []
    for (order, written) in custom.animations.enumerated() {
      guard
        let (duration, easing, curve) = timing(
          duration: written.duration, curve: written.curve, path: written.path, warns: true)
      else { continue }
      if written.keyframes != nil, !curve.isBezier {
        errors.append(
          SceneError(
            file: file, path: written.curve != nil ? "\(written.path).curve" : "transition.curve",
            message: "keyframes run on a Bézier curve over the whole (UIView.animateKeyframes has no spring): give "
              + "'\(written.path).curve' a Bézier curve"))
        continue
      }
      for animation in MotionPlan.cascaded(written, index: index) {
        var values: [AnimatableProperty: (from: PropertyValue, to: PropertyValue)] = [:]
        var formulas: [AnimatableProperty: (from: PropertyFormula, to: PropertyFormula)] = [:]
        var keyframes: [AnimatableProperty: KeyframeValues] = [:]
        for property in animation.properties {
          let target = animation.target
          let current = model[target]?[property] ?? index.initial(property, of: target)
          let from = animation.from[property] ?? current
          var to = animation.to[property] ?? from
          if let frames = animation.keyframes {
            let start =
              animation.from.formulas[property]
              ?? (animation.from[property] != nil
                ? PropertyFormula(constant: from)
                : formulaModel[target]?[property] ?? initialFormula(property, of: target))
            let built = KeyframeValues(
              property, initial: (from, start), keyframes: frames, calculation: animation.calculation)
            keyframes[property] = built
            to = built.values[built.values.count - 1]
          }
          values[property] = (from, to)
          model[target, default: [:]][property] = to
          // The same chain in formulas: a value the state writes is its formula (or its
          // constant); a missing one is the previous `to`'s, or the app's initial value.
          func formula(_ state: PropertyState, _ value: PropertyValue, else fallback: PropertyFormula?)
            -> PropertyFormula?
          {
            state.formulas[property] ?? (state[property] != nil ? PropertyFormula(constant: value) : fallback)
          }
          let currentFormula = formulaModel[target]?[property] ?? initialFormula(property, of: target)
          if let built = keyframes[property], let first = built.formulas[0],
            let last = built.formulas[built.formulas.count - 1]
          {
            formulas[property] = (first, last)
            formulaModel[target, default: [:]][property] = last
          } else if let fromFormula = formula(animation.from, from, else: currentFormula),
            let toFormula = formula(animation.to, to, else: fromFormula)
          {
            formulas[property] = (fromFormula, toFormula)
            formulaModel[target, default: [:]][property] = toFormula
          }
        }
        let bow = animation.arc.flatMap { intensity in
          MotionPlan.bow(values, intensity: intensity) { property in
            model[animation.target]?[property] ?? index.initial(property, of: animation.target)
          }
        }
        tracks.append(
          Track(
            target: animation.target, delay: animation.delay, duration: duration, easing: easing, curve: curve,
            values: values, formulas: formulas, order: order,
            arc: bow,
            arcFormula: bow.flatMap { _ in
              animation.arc.flatMap { intensity in
                MotionPlan.bowFormula(formulas, intensity: intensity, inputs: geometry.inputs) { property in
                  formulaModel[animation.target]?[property] ?? initialFormula(property, of: animation.target)
                }
              }
            }, keyframes: keyframes))
      }
    }
    var morphs: [Morph] = []
    for (index, entry) in custom.match.enumerated() {
      guard
        let (duration, easing, curve) = timing(
          duration: entry.duration, curve: entry.curve, path: "transition.match.\(index)", warns: true)
      else { continue }
      morphs.append(Morph(id: entry.id, delay: entry.delay, duration: duration, easing: easing, curve: curve))
    }
    // The main curve only measures `progress` for the manifest: a spring it cuts warns only
    // through the animations that inherit it.
    let main = timing(duration: nil, curve: nil, path: "transition", warns: false)?.1
    // Animations that inherit the transition's curve share one error.
    var reported = Set<String>()
    errors = errors.filter { reported.insert($0.description).inserted }
    if !errors.isEmpty { throw SceneErrors(errors) }
    self.tracks = tracks
    self.morphs = morphs
    // A failed main timing has recorded its error and thrown above.
    self.mainEasing = main ?? Easing(duration: MotionPlan.defaultDuration, kind: .bezier(.linear))
    // A 3D group draws only its sublayers: what it would draw of its own is ignored, as a
    // `CATransformLayer` ignores it.
    for role in ScreenRole.allCases {
      for (path, layer) in expanded.screen(role).allLayers where layer.preserves3D {
        let ignored = [
          ("color", layer.color != nil), ("gradient", layer.gradient != nil), ("image", layer.image != nil),
          ("border", layer.border != nil), ("clips", layer.clips),
        ].filter(\.1).map { "'\($0.0)'" }
        guard !ignored.isEmpty else { continue }
        let field = ([role.rawValue] + path.map { "layers.\($0)" }).joined(separator: ".")
        warnings.append(
          SceneError(
            file: file, path: field,
            message: "a 3D group draws only its sublayers, as CATransformLayer does: its "
              + (ignored.count == 1
                ? "\(ignored[0]) is" : ignored.dropLast().joined(separator: ", ") + " and \(ignored.last ?? "") are")
              + " ignored"))
      }
    }
    // Animations that inherit one duration share one warning.
    var seen = Set<String>()
    self.warnings = warnings.filter { seen.insert($0.message).inserted }
    duration = max(0, (tracks.map { $0.delay + $0.duration } + morphs.map { $0.delay + $0.duration }).max() ?? 0)

    var byTarget: [Target: [Int]] = [:]
    for (position, track) in tracks.enumerated() { byTarget[track.target, default: []].append(position) }
    tracksByTarget = byTarget
    var endActions: [Target: EndAction] = [:]
    for entry in custom.end where endActions[entry.target] == nil { endActions[entry.target] = entry.action }
    self.endActions = endActions
    var over: [ScreenRole: [String]] = [:]
    for overlay in custom.overlays {
      if let role = overlay.over { over[role, default: []].append(overlay.name) }
    }
    overlaysOver = over
    matchedIDs = Set(custom.match.map(\.id))

    // A lifted layer lifts the groups it is in, as plain containers: what it is drawn with
    // (moved, clipped, faded) is theirs.
    var paths: [ScreenRole: Set<[Int]>] = [.from: [], .to: []]
    func lift(_ role: ScreenRole, path: [Int]) {
      for depth in 1...max(1, path.count) where !path.isEmpty {
        paths[role, default: []].insert(Array(path.prefix(depth)))
      }
    }
    func lift(_ role: ScreenRole, _ id: String) {
      if let path = index.layerPath(role, id: id) { lift(role, path: path) }
    }
    let targets = tracks.map(\.target) + custom.end.map(\.target)
    for case .layer(let role, let id) in targets { lift(role, id) }
    for entry in custom.match {
      for role in ScreenRole.allCases { lift(role, entry.id) }
    }
    // A layer animated in place (`"lift": false`) keeps its place among its siblings: every layer
    // after it, at its depth and at each of its groups' depths, is drawn on its own above it, as
    // the app's later views stay over a view animated where it is; its groups carry and clip it.
    var inPlace: [ScreenRole: Set<[Int]>] = [:]
    var orderOnly: [ScreenRole: Set<[Int]>] = [:]
    let animatedPaths = paths
    for case .layer(let role, let id) in targets {
      let screen = expanded.screen(role)
      guard let path = index.layerPath(role, id: id), screen.layer(at: path)?.lift == false, !matchedIDs.contains(id)
      else { continue }
      inPlace[role, default: []].insert(path)
      for depth in 0..<path.count {
        let group = Array(path.prefix(depth))
        let count = group.isEmpty ? screen.layers.count : screen.layer(at: group)?.layers.count ?? 0
        for later in (path[depth] + 1)..<max(path[depth] + 1, count) {
          let sibling = group + [later]
          if animatedPaths[role]?.contains(sibling) != true { orderOnly[role, default: []].insert(sibling) }
          lift(role, path: sibling)
        }
      }
    }
    inPlacePaths = inPlace
    orderOnlyPaths = orderOnly
    // A lifted 3D group keeps its sublayers in 3D as it moves: each is lifted with it, at any
    // depth of 3D groups. A 3D group nothing lifts stays in its screen's snapshot, drawn there in
    // 3D and in its place among its siblings.
    for role in ScreenRole.allCases {
      let screen = expanded.screen(role)
      var pending = Array(paths[role] ?? [])
      while let path = pending.popLast() {
        guard let group = screen.layer(at: path), group.preserves3D else { continue }
        for index in group.layers.indices where paths[role, default: []].insert(path + [index]).inserted {
          pending.append(path + [index])
        }
      }
    }
    liftedPaths = paths
    let lifted = paths.mapValues { Set($0.filter { $0.count == 1 }.map { $0[0] }) }
    self.lifted = lifted
    liftedInOrder = lifted.mapValues { $0.sorted() }
  }

  /// The animations `animation` stands for: itself, or with a cascade one for each sublayer of
  /// its group, the k-th to start (in the cascade's order) delayed by k·delta more. A sublayer
  /// without an id is named by its path (`TargetIndex.pathID`).
  static func cascaded(_ animation: Animation, index: TargetIndex) -> [Animation] {
    guard let cascade = animation.cascade, case .layer(let role, let id) = animation.target,
      let path = index.layerPath(role, id: id), let group = index.scene.screen(role).layer(at: path),
      !group.layers.isEmpty
    else { return [animation] }
    return cascade.order(group).enumerated().map { rank, child in
      var copy = animation
      copy.cascade = nil
      copy.target = .layer(role, id: group.layers[child].id ?? TargetIndex.pathID(path + [child]))
      copy.delay = animation.delay + Double(rank) * cascade.delta
      return copy
    }
  }

  /// Hero's arc for an animation with these from and to values: the position (the anchor's
  /// point, frame.origin + anchor·size + translate) goes from P0 to P1; Hero bows it toward
  /// corner = (P1.x, P0.y) when P0 is below P1, else (P0.x, P1.y), and only when it moves at
  /// least a point on both axes. K = intensity·(corner − (P0 + P1) ÷ 2).
  static func bow(
    _ values: [AnimatableProperty: (from: PropertyValue, to: PropertyValue)], intensity: Double,
    initial: (AnimatableProperty) -> PropertyValue
  ) -> Point? {
    func position(_ end: KeyPath<(from: PropertyValue, to: PropertyValue), PropertyValue>) -> Point {
      func value(_ property: AnimatableProperty) -> PropertyValue {
        values[property].map { $0[keyPath: end] } ?? initial(property)
      }
      guard case .rect(let frame) = value(.frame), case .point(let anchor) = value(.anchor),
        case .point(let translate) = value(.translate)
      else { return Point(x: 0, y: 0) }
      return Point(
        x: frame.x + anchor.x * frame.width + translate.x, y: frame.y + anchor.y * frame.height + translate.y)
    }
    let p0 = position(\.from)
    let p1 = position(\.to)
    guard abs(p1.x - p0.x) >= 1, abs(p1.y - p0.y) >= 1 else { return nil }
    let corner = p0.y > p1.y ? Point(x: p1.x, y: p0.y) : Point(x: p0.x, y: p1.y)
    let middle = Point(x: (p0.x + p1.x) / 2, y: (p0.y + p1.y) / 2)
    return Point(x: intensity * (corner.x - middle.x), y: intensity * (corner.y - middle.y))
  }

  /// `bow` as formulas: P0 and P1 from the animation's frame, anchor and translate formulas (or
  /// the target's where it sets none), the corner Hero bows toward picked as `bow` picks it, on
  /// this device's values, K = intensity·(corner − (P0 + P1) ÷ 2).
  static func bowFormula(
    _ formulas: [AnimatableProperty: (from: PropertyFormula, to: PropertyFormula)], intensity: Double,
    inputs: (GeometryInput) -> Double, current: (AnimatableProperty) -> PropertyFormula?
  ) -> (x: Measure, y: Measure)? {
    func position(_ end: KeyPath<(from: PropertyFormula, to: PropertyFormula), PropertyFormula>) -> (
      x: Measure, y: Measure
    )? {
      func formula(_ property: AnimatableProperty) -> PropertyFormula? {
        formulas[property].map { $0[keyPath: end] } ?? current(property)
      }
      guard case .rect(let frame)? = formula(.frame), case .point(let ax, let ay)? = formula(.anchor),
        case .point(let tx, let ty)? = formula(.translate)
      else { return nil }
      return (frame.x + ax * frame.width + tx, frame.y + ay * frame.height + ty)
    }
    guard let p0 = position(\.from), let p1 = position(\.to) else { return nil }
    // The branch the values take on this device.
    // corner − (P0 + P1) ÷ 2 is ((P1.x − P0.x) ÷ 2, (P0.y − P1.y) ÷ 2) toward (P1.x, P0.y), and its
    // negative toward (P0.x, P1.y).
    let below = p0.y.value(inputs) > p1.y.value(inputs)
    let half = intensity * (below ? 0.5 : -0.5)
    return ((p1.x - p0.x) * half, (p0.y - p1.y) * half)
  }

  /// The stacking: the scene's, or the operation's default (present and push: from, to;
  /// dismiss and pop: to, from; top-level overlays just above the lower screen).
  static func stack(_ custom: CustomTransition, operation: TransitionOperation) -> [Item] {
    if let names = custom.stack {
      return names.map { name in ScreenRole(rawValue: name).map(Item.screen) ?? .overlay(name) }
    }
    let (lower, upper): (ScreenRole, ScreenRole) = operation.isForward ? (.from, .to) : (.to, .from)
    let overlays = custom.overlays.filter { $0.over == nil && $0.snapshot == nil }.map { Item.overlay($0.name) }
    // Pieces of the screens go on top, in their order, as an animator adds its snapshots last.
    let snapshots = custom.overlays.filter { $0.snapshot != nil }.map { Item.overlay($0.name) }
    return [.screen(lower)] + overlays + [.screen(upper)] + snapshots
  }

  /// A property's value before any animation (`TargetIndex.initial`).
  public func initial(_ property: AnimatableProperty, of target: Target) -> PropertyValue {
    index.initial(property, of: target)
  }

  /// The same as a formula: what the app has (a screen's frame, a handed view's frame and
  /// corners, an overlay that covers its parent), or the scene's constant.
  public func initialFormula(_ property: AnimatableProperty, of target: Target) -> PropertyFormula? {
    Self.initialFormula(property, of: target, geometry, index)
  }

  static func initialFormula(
    _ property: AnimatableProperty, of target: Target, _ geometry: SceneGeometry, _ index: TargetIndex
  ) -> PropertyFormula? {
    geometry.initial(property, of: target, overlayRect: target.overlayName.flatMap(index.overlay)?.rect)
      ?? PropertyFormula(constant: index.initial(property, of: target))
  }
}
