import SegueGeometry
import SegueMotion
import SegueScene

/// Writes one scene's animator: checks that Core Animation can state every animation exactly,
/// names a view for every target, then writes the class and its delegate.
struct AnimatorWriter {
  let plan: MotionPlan
  let file: String
  let version: String
  /// The transition's type as the scene names it (`sheet`, `custom`): the plan holds it expanded.
  let type: String
  var errors: [SceneError] = []
  /// Every view the animator moves, parents before children.
  private(set) var nodes: [ExportNode] = []
  /// Each target's node, by its place in `nodes`: every animation asks for its target's node.
  private var nodeIndex: [Target: Int] = [:]
  /// Each target's tracks in the order they start (delay, then list order), gathered once: a
  /// scene of thousands of targets asks for each target's tracks many times.
  let tracksByTarget: [Target: [MotionPlan.Track]]
  /// The views' Swift names.
  var namer = SwiftNamer()
  /// The app's geometry as the animator reads it, and what it read.
  let app = AppGeometry()
  /// Keys of the app's views whose geometry the scene reads without animating them
  /// (`{"of": "to.hero"}`, a lifted layer's keyed group).
  private(set) var readKeys: [String] = []
  /// The nodes whose frame animates while views sit inside them (lifted layers, overlays `over`
  /// a screen): those views go in a content view of the node's that stretches with its frame.
  private(set) var stretching = Set<String>()

  init(plan: MotionPlan, type: String, file: String, version: String) {
    self.plan = plan
    self.type = type
    self.file = file
    self.version = version
    tracksByTarget = Dictionary(grouping: plan.tracks, by: \.target).mapValues { tracks in
      tracks.sorted { ($0.delay, $0.order) < ($1.delay, $1.order) }
    }
    app.sheet = Self.pageSheet(of: plan, type: type)
  }

  /// The page sheet of a `sheet` preset whose top the safe area decides: its screen, top and
  /// height as the preset's formulas say them (the height is `max(0, container.height - top)`).
  /// Nil when the scene states a top (a number the animator keeps) or is not a sheet.
  static func pageSheet(of plan: MotionPlan, type: String) -> (role: ScreenRole, top: Measure, height: Measure)? {
    let transition = plan.scene.transition
    guard type == "sheet", transition.presentationStyle == .pageSheet else { return nil }
    let role: ScreenRole = transition.operation.isForward ? .to : .from
    guard let height = plan.geometry.screenRect(role)?.height,
      case .maximum(.constant(0), .difference(.input(.containerHeight), let top)) = height, top.constant == nil
    else { return nil }
    return (role, top, height)
  }

  var scene: Scene { plan.scene }
  var typeName: String { SwiftExport.animatorName(forScene: scene.name) }

  /// Names every view and checks that Core Animation can state every animation; the errors name
  /// the scene's fields.
  mutating func prepare() throws(SceneErrors) {
    // The nodes first: checks that depend on how a target is drawn (a shadow on a view that
    // clips) read its node.
    buildNodes()
    checkExpressible()
    if !errors.isEmpty { throw SceneErrors(Self.oncePerCause(errors)) }
  }

  /// The animator class and, for an interactive scene, its interaction driver, at `source`'s
  /// depth (after `prepare()`).
  func writeClasses(_ source: inout SwiftSource) {
    var classes = SwiftSource(depth: source.depth)
    writeAnimator(&classes)
    if scene.interaction != nil {
      classes.line()
      writeInteraction(&classes)
    }
    // What the animator reads of the app's geometry is known once it is written.
    app.keepOnlyInputsRead(by: classes)
    classes.fill("screens", app.declareScreens)
    classes.fill("views", app.declareViews)
    source.append(classes)
  }

  /// What the delegate needs of this animator.
  var delegateEntry: DelegateWriter.Entry {
    DelegateWriter.Entry(
      scene: scene, animator: typeName, interaction: scene.interaction != nil ? interactionName : nil,
      takesViews: takesViews, viewKeys: viewKeys)
  }

  /// Whether a transform is written as steps anywhere (an animation or `end`): the animator then
  /// carries the `steps(_:)` helper.
  var usesSteps: Bool {
    plan.tracks.contains { $0.values[.transform] != nil }
      || plan.custom.end.contains { entry in
        if case .state(let state) = entry.action { return state[.transform] != nil }
        return false
      }
  }

  /// Whether a node is the app's own view laid out while its frame animates (`"resize":
  /// "layout"`): a real screen, or a group animated in place.
  func laysOut(_ node: ExportNode) -> Bool {
    guard let target = node.target, tracks(of: target).contains(where: { $0.values[.frame] != nil }) else {
      return false
    }
    switch node.kind {
    case .screen(let role, _): return node.isRealScreen && scene.screen(role).resize == .layout
    case .lifted(_, _, let layer, _): return node.inPlace && layer.resize == .layout
    default: return false
    }
  }

  /// Whether the app hands the animator views: the scene lifts or matches a layer, or reads
  /// where one is.
  var takesViews: Bool {
    !readKeys.isEmpty
      || nodes.contains {
        switch $0.kind {
        case .lifted(_, _, _, let key): return key != nil || $0.subview != nil
        case .morph: return true
        default: return false
        }
      }
  }

  /// Each error once: a cascade refused for each of its sublayers is one cause at one field.
  static func oncePerCause(_ errors: [SceneError]) -> [SceneError] {
    var seen = Set<String>()
    return errors.filter { seen.insert($0.path + "\u{0}" + $0.message).inserted }
  }

  mutating func fail(_ path: String, _ message: String) {
    errors.append(SceneError(file: file, path: path, message: message))
  }

  // MARK: - Names

  /// Adds a node (the first for its target is the one `node(for:)` finds).
  mutating func add(_ node: ExportNode) {
    if let target = node.target, nodeIndex[target] == nil { nodeIndex[target] = nodes.count }
    nodes.append(node)
  }

  func node(for target: Target) -> ExportNode? {
    if case .mask(let host) = target {
      // The host's mask layer, as the host's node writes it (`writeStart`).
      guard let hostNode = node(for: host) else { return nil }
      return ExportNode(kind: .mask, target: target, name: hostNode.name + "Mask", parent: hostNode.name)
    }
    return nodeIndex[target].map { nodes[$0] }
  }

  /// The node of the screen `role`.
  func screenNode(_ role: ScreenRole) -> ExportNode? { node(for: .screen(role)) }

  // MARK: - Nodes

  mutating func buildNodes() {
    for role in ScreenRole.allCases {
      // A screen whose frame changes size, as the scene says it on every device, is drawn from a
      // snapshot, whose content stretches; laid out (`"resize": "layout"`) or scaled to its frame
      // (`"resize": "transform"`), it is the app's view.
      let snapshot = scene.screen(role).resize == .stretch && screenChangesSize(role)
      add(
        ExportNode(
          kind: .screen(role, snapshot: snapshot), target: .screen(role),
          name: namer.own("\(role.rawValue)Screen"),
          parent: "container"))
    }
    for overlay in plan.custom.overlays where node(for: .overlay(overlay.name)) == nil {
      let parent = overlay.over.flatMap { screenNode($0)?.name } ?? "container"
      add(
        ExportNode(
          kind: .overlay(overlay), target: .overlay(overlay.name),
          name: namer.view(for: overlay.name, fallback: "overlay"), parent: parent))
    }
    let matched = Set(plan.custom.match.map(\.id))
    for role in ScreenRole.allCases {
      let screen = scene.screen(role)
      var names: [[Int]: String] = [:]
      let lifted = plan.liftedPaths[role] ?? []
      let inPlace = plan.inPlacePaths[role] ?? []
      // What an animation or `end` names, or a match: a view of its own.
      var named = Set<[Int]>()
      for path in lifted {
        guard let layer = screen.layer(at: path) else { continue }
        if let id = layer.id, matched.contains(id) { named.insert(path) }
        if let target = plan.target(of: layer, at: path, in: role),
          tracksByTarget[target] != nil || plan.endAction(for: target) != nil
        {
          named.insert(path)
        }
      }
      let needed = Self.neededPaths(lifted, inPlace: inPlace, orderOnly: plan.orderOnlyPaths[role] ?? []) {
        named.contains($0)
      }
      for path in inPlace.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
        guard let layer = screen.layer(at: path), let id = layer.id else { continue }
        var node = ExportNode(
          kind: .lifted(role, path: path, layer: layer, key: "\(role.rawValue).\(id)"), target: .layer(role, id: id),
          name: namer.view(for: "\(role.rawValue) \(id)", fallback: "layer"), parent: "")
        node.inPlace = true
        add(node)
      }
      for path in lifted.sorted(by: { $0.lexicographicallyPrecedes($1) }) where needed.contains(path) {
        guard let layer = screen.layer(at: path) else { continue }
        if let id = layer.id, matched.contains(id) { continue }
        let parent = path.count == 1 ? screenNode(role)?.name : names[Array(path.dropLast())]
        guard let parent else { continue }
        let target = plan.target(of: layer, at: path, in: role)
        let key = layer.id.map { "\(role.rawValue).\($0)" }
        let name =
          layer.id.map { namer.view(for: "\(role.rawValue) \($0)", fallback: "layer") }
          ?? namer.own("\(role.rawValue)Group" + path.map(String.init).joined(separator: "_"))
        names[path] = name
        var node = ExportNode(
          kind: .lifted(role, path: path, layer: layer, key: key), target: target, name: name, parent: parent)
        node.keeps3D = layer.preserves3D
        // A cascaded sublayer without an id: its group's subview, when the app hands the group.
        if layer.id == nil, target != nil, path.count > 1, let index = path.last,
          let groupID = screen.layer(at: Array(path.dropLast()))?.id
        {
          node.subview = ("\(role.rawValue).\(groupID)", index)
        }
        add(node)
      }
    }
    for morph in plan.morphs {
      guard let from = plan.morphLayer(morph, at: .start), let to = plan.morphLayer(morph, at: .end) else { continue }
      add(
        ExportNode(
          kind: .morph(morph, from: from, to: to), target: nil,
          name: namer.view(for: "match \(morph.id)", fallback: "match"), parent: "container"))
    }
    let parents = Set(nodes.filter { !$0.inPlace }.map(\.parent))
    stretching = Set(nodes.filter { parents.contains($0.name) && stretches($0) }.map(\.name))
    nameGeometry()
  }

  /// Whether a node's frame may change size under the views inside it: a screen drawn from a
  /// snapshot, or a lifted layer, that an animation gives a frame. Segue draws what is inside it
  /// in its own points at its first size, stretched to its frame (a layer at y in a screen of
  /// height H whose frame is h tall is at y·h ÷ H); a view's bounds do not stretch its subviews,
  /// so they go in a content view whose scale animates with the frame.
  func stretches(_ node: ExportNode) -> Bool {
    guard !node.inPlace, let target = node.target else { return false }
    switch node.kind {
    case .screen(_, snapshot: true), .lifted: break
    default: return false
    }
    return tracks(of: target).contains { $0.values[.frame] != nil || $0.keyframes[.frame] != nil }
  }

  /// The view a node's children are added to: its content view when it stretches them.
  func content(of name: String) -> String {
    stretching.contains(name) ? name + "Content" : name
  }

  /// The lifted paths the animator makes views for: those a target or a 3D group needs, and
  /// the groups that carry them. A layer animated in place is the app's own view (no carriers
  /// around it), and the layers drawn apart only to stay above it need nothing.
  static func neededPaths(
    _ lifted: Set<[Int]>, inPlace: Set<[Int]>, orderOnly: Set<[Int]>, isTarget: ([Int]) -> Bool
  ) -> Set<[Int]> {
    var children: [[Int]: [[Int]]] = [:]
    for path in lifted where !path.isEmpty { children[Array(path.dropLast()), default: []].append(path) }
    var needed = Set<[Int]>()
    // Deepest first, so a group's children are decided before it.
    for path in lifted.sorted(by: { $0.count > $1.count }) {
      if inPlace.contains(path) || orderOnly.contains(path) { continue }
      let inside = children[path] ?? []
      if isTarget(path) || inside.isEmpty || inside.contains(where: needed.contains) { needed.insert(path) }
    }
    return needed
  }

  /// The stems of the locals that hold each handed view's frame and corners: its node's name,
  /// or, for a view the scene only reads, a name of its own.
  mutating func nameGeometry() {
    app.inPlace = Set(ScreenRole.allCases.filter { !scene.transition.animatorOwns($0) })
    for node in nodes {
      switch node.kind {
      case .lifted(_, _, _, let key?): app.stems[key] = node.name
      case .morph(let morph, _, _):
        app.stems[SceneGeometry.key(.from, morph.id)] = node.name + "From"
        app.stems[SceneGeometry.key(.to, morph.id)] = node.name + "To"
      default: break
      }
    }
    var read: [GeometryInput] = []
    for track in plan.tracks where node(for: track.target) != nil {
      for (from, to) in track.formulas.values { read += AppGeometry.inputs(of: from) + AppGeometry.inputs(of: to) }
    }
    for entry in plan.custom.end {
      if case .state(let state) = entry.action { read += state.formulas.values.flatMap { AppGeometry.inputs(of: $0) } }
    }
    for node in nodes {
      guard let target = node.target else { continue }
      read += AppGeometry.inputs(of: plan.initialFormula(.frame, of: target))
    }
    for input in read {
      let key: String
      switch input {
      case .view(let name, _), .viewCornerRadius(let name): key = name
      default: continue
      }
      guard app.stems[key] == nil else { continue }
      app.stems[key] = namer.view(for: key, fallback: "view")
      readKeys.append(key)
    }
  }

  /// The tracks that animate `target`, in the order they start (delay, then list order).
  func tracks(of target: Target) -> [MotionPlan.Track] {
    tracksByTarget[target] ?? []
  }

  /// Where an animation of the scene is written (presets: in their expanded form).
  func path(of track: MotionPlan.Track) -> String {
    let animations = plan.custom.animations
    return animations.indices.contains(track.order) ? animations[track.order].path : "transition"
  }
}
