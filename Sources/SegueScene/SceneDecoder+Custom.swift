import SegueGeometry
import SegueJSON
import SegueTiming

extension SceneDecoder {
  static let overlayKeys = [
    "color", "opacity", "rect", "over", "gradient", "shape", "cornerRadius", "cornerCurve", "border", "image", "layers",
    "clips", "contentMode",
  ]
  /// What an overlay draws besides its colour: a layer's fields.
  static let overlayLayerKeys = [
    "gradient", "shape", "cornerRadius", "cornerCurve", "border", "image", "layers", "clips", "contentMode",
  ]
  static let snapshotKeys = ["of", "rect"]
  static let animationKeys = [
    "target", "from", "to", "delay", "duration", "curve", "arc", "cascade", "keyframes", "calculation",
  ]
  static let matchKeys = ["id", "curve", "duration", "delay"]

  /// A custom transition's own keys (docs/custom-transitions.md), checked against the screens it animates.
  static func decodeCustom(
    _ fields: [String: SceneField], from: Screen, to: Screen, container: Size?, safeArea: SafeArea = .zero,
    operation: TransitionOperation,
    _ diagnostics: Diagnostics
  ) -> CustomTransition {
    var custom = CustomTransition()
    for (role, screen) in [(ScreenRole.from, from), (.to, to)] {
      if let size = screen.sizeFormula { custom.screenSizes[role] = (size.width, size.height) }
    }
    if let field = fields["perspective"], field.value == .string("none") {
      // No perspective of the container's: the eye at infinity, m34 = −1/∞ = 0.
      custom.perspective = .infinity
    } else if let field = fields["perspective"] {
      custom.perspective =
        diagnostics.attempt { () throws(SceneError) in
          try field.positiveNumber(
            "a positive distance in points, at most 1000000, or 'none'", limit: SceneLimits.maxCoordinate)
        } ?? CustomTransition.defaultPerspective
    }
    // The overlays' and snapshots' names, known before their rects are read: a rect that names
    // one as a frame of a view is told it is not one of the app's.
    let names = ["overlays", "snapshots"].flatMap { key in
      fields[key].flatMap { try? $0.allMembers() }?.map { Overlay(name: $0.key) } ?? []
    }
    let made = TargetResolver(from: from, to: to, overlays: names, container: container, safeArea: safeArea)
    if let field = fields["overlays"] {
      custom.overlays = decodeOverlays(field, targets: made, diagnostics)
    }
    if let field = fields["snapshots"] {
      custom.overlays += decodeSnapshots(field, taken: Set(custom.overlays.map(\.name)), targets: made, diagnostics)
    }
    let targets = TargetResolver(
      from: from, to: to, overlays: custom.overlays, container: container, safeArea: safeArea,
      unreadableLayers: diagnostics.unreadableLayers)
    if let field = fields["match"] {
      custom.match = decodeMatch(field, from: from, to: to, diagnostics)
    }
    if let field = fields["animations"],
      let elements = diagnostics.attempt({ () throws(SceneError) in
        try field.elements(what: "an array of animations", limit: 10_000)
      })
    {
      let matched = Set(custom.match.map(\.id))
      for element in elements {
        if let animation = decodeAnimation(element, targets: targets, diagnostics) {
          if case .layer(_, let id) = animation.target.host, matched.contains(id) {
            diagnostics.record(
              element.child("target", .string(animation.target.description)).error(
                "layer '\(id)' is matched: it morphs as one layer, timed by its entry in 'match'"))
            continue
          }
          custom.animations.append(animation)
        }
      }
    }
    checkMaskKinds(custom.animations, fields["animations"], diagnostics)
    if let field = fields["end"] {
      custom.end = decodeEnd(field, targets: targets, diagnostics)
    }
    checkTransformKinds(custom, fields["animations"] ?? fields["end"], diagnostics)
    checkMaskHosts(custom, fields["animations"], diagnostics)
    checkLaidOut(custom, from: from, to: to, fields["animations"], diagnostics)
    if let field = fields["stack"] {
      custom.stack = decodeStack(field, custom: custom, diagnostics)
    }
    return custom
  }

  /// Names each target of a custom transition and checks that it exists.
  struct TargetResolver {
    let from: Screen
    let to: Screen
    let overlays: [Overlay]
    /// The scene's size in points; nil when the scene gives none that could be read.
    let container: Size?
    /// Each screen's layer ids and the overlays' names, gathered once: every animation and `end`
    /// entry is resolved, and a scan of the layers or overlays for each would cost (targets)².
    let ids: [ScreenRole: Set<String>]
    let overlayNames: Set<String>
    /// The names of `snapshots`, pieces of a screen, whose colour is the screen's.
    let snapshotNames: Set<String>
    /// Layers skipped for an error of their own (`Diagnostics.unreadableLayers`).
    let unreadableLayers: Set<String>
    /// Where frames of views are, on this device and variant; nil without a container.
    let geometry: SceneGeometry?

    init(
      from: Screen, to: Screen, overlays: [Overlay], container: Size? = nil, safeArea: SafeArea = .zero,
      unreadableLayers: Set<String> = []
    ) {
      self.from = from
      self.to = to
      self.overlays = overlays
      self.container = container
      self.unreadableLayers = unreadableLayers
      ids = [.from: Set(from.allLayers.compactMap(\.layer.id)), .to: Set(to.allLayers.compactMap(\.layer.id))]
      overlayNames = Set(overlays.map(\.name))
      snapshotNames = Set(overlays.filter { $0.snapshot != nil }.map(\.name))
      // A screen sized by shares of the container is computed on the running one.
      var sizes: [ScreenRole: (width: Measure, height: Measure)] = [:]
      for (role, screen) in [(ScreenRole.from, from), (.to, to)] {
        if let size = screen.sizeFormula { sizes[role] = (size.width, size.height) }
      }
      geometry = container.map {
        SceneGeometry(container: $0, safeArea: safeArea, from: from, to: to, overlays: overlays, screenSizes: sizes)
      }
    }

    /// Every target a scene may name, for messages.
    var names: [String] {
      var names = ["from", "to"]
      for role in ScreenRole.allCases {
        let screen = role == .from ? from : to
        names += screen.allLayers.compactMap(\.layer.id).map { "\(role.rawValue).\($0)" }
      }
      return names + overlays.map(\.name)
    }

    func resolve(_ field: SceneField) throws(SceneError) -> Target {
      let name = try field.string(
        "a target: 'from', 'to', 'from.ID', 'to.ID', an overlay's name, or one of these and '.mask'")
      // `X.mask` is X's mask layer (so no layer is named by the id `mask`).
      if name.hasSuffix(".mask"), name.count > 5 {
        let host = try resolve(field.retitled(.string(String(name.dropLast(5)))))
        if case .mask = host { throw field.error("'\(host)' is a mask, which has no mask of its own") }
        return .mask(of: host)
      }
      if let role = ScreenRole(rawValue: name) { return .screen(role) }
      if let dot = name.firstIndex(of: "."), let role = ScreenRole(rawValue: String(name[..<dot])) {
        let id = String(name[name.index(after: dot)...])
        guard ids[role]?.contains(id) == true || unreadableLayers.contains(name) else {
          let screen = role == .from ? from : to
          let ids = screen.allLayers.compactMap(\.layer.id)
          var message = "no layer of '\(role.rawValue)' has the id '\(id)'"
          if let guess = SceneField.closest(to: id, in: ids) {
            message += " (did you mean '\(role.rawValue).\(guess)'?)"
          }
          throw field.error(
            message + (ids.isEmpty ? "; its layers have no ids" : "; its ids: " + ids.joined(separator: ", ")))
        }
        return .layer(role, id: id)
      }
      guard overlayNames.contains(name) else {
        throw field.unknownKey(name, valid: names, noun: "target")
      }
      return .overlay(name)
    }
  }

  /// Whether `name` can name a target of its own, an overlay or a snapshot: not empty, not
  /// 'from' or 'to', no '.' (a target's path takes it), at most 128 bytes, no control characters.
  static func isTargetName(_ name: String) -> Bool {
    !name.isEmpty && !name.contains(".") && ScreenRole(rawValue: name) == nil && name.utf8.count <= 128
      && !SceneText.hasControls(name)
  }

  static func decodeOverlays(_ field: SceneField, targets: TargetResolver, _ diagnostics: Diagnostics) -> [Overlay] {
    guard let members = diagnostics.attempt({ () throws(SceneError) in try field.allMembers() }) else { return [] }
    // Past the limit the overlays are still read (the file's size bounds them), so the
    // animations that name them resolve, and the limit is the one error.
    if members.count > SceneLimits.maxOverlays {
      diagnostics.record(field.error("expected at most \(SceneLimits.maxOverlays) overlays, got \(members.count)"))
    }
    var overlays: [Overlay] = []
    for (name, member) in members {
      guard isTargetName(name) else {
        diagnostics.record(
          member.error(
            "an overlay needs a name of its own: not 'from' or 'to', at most 128 bytes, no '.' or control characters"))
        // Kept under its name, so the animations that name it report no second error.
        if ScreenRole(rawValue: name) == nil { overlays.append(Overlay(name: name)) }
        continue
      }
      let overlay = diagnostics.attempt { () throws(SceneError) -> Overlay in
        let keys = try member.members(
          allowed: overlayKeys, what: "an overlay {\"color\", \"opacity\", \"rect\", \"over\"}")
        var overlay = Overlay(name: name)
        if let color = keys["color"] { overlay.color = try decodeColor(color) }
        if let opacity = keys["opacity"] { overlay.opacity = try opacity.number(in: 0...1, "an opacity from 0 to 1") }
        if let over = keys["over"] { overlay.over = try over.choice(ScreenRole.allCases) }
        if let rect = keys["rect"] {
          (overlay.rect, overlay.frame) = try decodeRectForm(
            rect, in: overlay.over.map(RectParent.screen) ?? .container, targets: targets)
          if case .object = rect.value { overlay.writtenRect = rect.value }
        }
        // A rect that is a circle's square draws the circle (a view whose corner radius is half
        // its side), unless the overlay says its shape.
        let isCircle = keys["rect"].map(isCircleRect) ?? false
        if overlayLayerKeys.contains(where: { keys[$0] != nil }) {
          overlay.layer = try decodeOverlayLayer(member, keys, overlay, diagnostics)
          // A layer with no colour of its own has no fill under its gradient or sublayers.
          if keys["color"] == nil { overlay.color = .clear }
          if isCircle, keys["shape"] == nil { overlay.layer?.shape = .ellipse }
        } else if isCircle {
          var layer = try decodeOverlayLayer(member, keys, overlay, diagnostics)
          layer.color = overlay.color
          layer.shape = .ellipse
          overlay.layer = layer
        }
        return overlay
      }
      // One that could not be read is kept as a default overlay of its name: its own error is the
      // one cause reported, not every animation and stack entry that names it.
      overlays.append(overlay ?? Overlay(name: name))
    }
    return overlays
  }

  /// An overlay drawn as a layer: its colour and a layer's fields (gradient, shape, corners,
  /// border, sublayers with rects), at its rect (or, without one, the rect its frame starts at).
  static func decodeOverlayLayer(
    _ field: SceneField, _ keys: [String: SceneField], _ overlay: Overlay, _ diagnostics: Diagnostics
  ) throws(SceneError) -> Layer {
    var members: [(key: String, value: JSONValue)] = [("rect", .array([0, 0, 0, 0].map { .number($0) }))]
    for key in overlayLayerKeys + ["color"] {
      if let value = keys[key]?.value { members.append((key, value)) }
    }
    guard var layer = decodeLayer(field.retitled(.object(members)), diagnostics) else {
      throw field.error("an overlay drawn as a layer: its fields could not be read")
    }
    layer.opacity = 1
    layer.rect = overlay.rect ?? Rect(x: 0, y: 0, width: 0, height: 0)
    if let sublayers = keys["layers"] {
      var tree = LayerTree(screen: field.path)
      layer.layers = decodeLayers(sublayers, depth: 1, tree: &tree, diagnostics)
      if Screen(layers: layer.layers).allLayers.contains(where: { $0.layer.pins != nil }) {
        throw sublayers.error("an overlay's sublayers take [x, y, width, height], not pins")
      }
    }
    return layer
  }

  /// `snapshots`: pieces of the screens, `{"name": {"of": "from", "rect": [x, y, w, h]}}`, each a
  /// target as an overlay is, whose names are the overlays' too.
  static func decodeSnapshots(
    _ field: SceneField, taken: Set<String>, targets: TargetResolver, _ diagnostics: Diagnostics
  ) -> [Overlay] {
    guard let members = diagnostics.attempt({ () throws(SceneError) in try field.allMembers() }) else { return [] }
    // Past the limit the snapshots are still read, as overlays are, so the limit is the one error.
    if members.count > SceneLimits.maxSnapshots {
      diagnostics.record(field.error("expected at most \(SceneLimits.maxSnapshots) snapshots, got \(members.count)"))
    }
    var snapshots: [Overlay] = []
    for (name, member) in members {
      guard isTargetName(name), !taken.contains(name) else {
        diagnostics.record(
          member.error(
            "a snapshot needs a name of its own: not 'from', 'to' or an overlay's, at most 128 bytes, no '.' or "
              + "control characters"))
        if ScreenRole(rawValue: name) == nil, !taken.contains(name) { snapshots.append(Overlay(name: name)) }
        continue
      }
      let snapshot = diagnostics.attempt { () throws(SceneError) -> Overlay in
        let keys = try member.members(
          allowed: snapshotKeys, what: "a snapshot {\"of\": \"from\" or \"to\", \"rect\": [x, y, width, height]}")
        guard let of = keys["of"] else { throw member.error("missing key 'of': the screen, 'from' or 'to'") }
        guard let rect = keys["rect"] else {
          throw member.error("missing key 'rect': [x, y, width, height] of the screen, in its points")
        }
        let role = try of.choice(ScreenRole.allCases)
        let (piece, frame) = try decodeRectForm(rect, in: .screen(role), targets: targets)
        guard piece.width > 0, piece.height > 0 else {
          throw rect.error("a snapshot of a rectangle with a width and a height above 0")
        }
        var snapshot = Overlay(
          name: name, color: .clear, opacity: 1, snapshot: Overlay.Snapshot(of: role, rect: piece, frame: frame))
        if case .object = rect.value { snapshot.writtenRect = rect.value }
        return snapshot
      }
      snapshots.append(snapshot ?? Overlay(name: name))
    }
    return snapshots
  }

  static func decodeMatch(_ field: SceneField, from: Screen, to: Screen, _ diagnostics: Diagnostics) -> [MatchEntry] {
    guard
      let elements = diagnostics.attempt({ () throws(SceneError) in try field.elements(what: "an array of layer ids") })
    else { return [] }
    var entries: [MatchEntry] = []
    // Ids gathered once, not looked for in every layer for every entry.
    let ids: [(role: String, ids: Set<String>)] = [
      ("from", Set(from.allLayers.compactMap(\.layer.id))), ("to", Set(to.allLayers.compactMap(\.layer.id))),
    ]
    var matched = Set<String>()
    for element in elements {
      // A match of an id refused where its layer gives it has that one error, reported there.
      let raw: JSONValue? = {
        if case .object(let members) = element.value { return members.first(where: { $0.key == "id" })?.value }
        return element.value
      }()
      if case .string(let id)? = raw, (try? decodeID(element.child("id", .string(id)))) == nil,
        ScreenRole.allCases.contains(where: { diagnostics.unreadableLayers.contains($0.rawValue + "." + id) })
      {
        continue
      }
      let entry = diagnostics.attempt { () throws(SceneError) -> MatchEntry in
        var entry: MatchEntry
        var idField = element
        if case .string = element.value {
          entry = MatchEntry(id: try decodeID(element))
        } else {
          let keys = try element.members(
            allowed: matchKeys, what: "a layer id, or {\"id\", \"curve\", \"duration\", \"delay\"}")
          guard let id = keys["id"] else { throw element.error("missing key 'id' (a layer id both screens have)") }
          idField = id
          entry = MatchEntry(id: try decodeID(id))
          if let curve = keys["curve"] { entry.curve = try decodeCurve(curve) }
          if let duration = keys["duration"] { entry.duration = try decodeDuration(duration) }
          if let delay = keys["delay"] { entry.delay = try decodeDelay(delay) }
        }
        for (role, ids) in ids
        where !ids.contains(entry.id) && !diagnostics.unreadableLayers.contains(role + "." + entry.id) {
          throw idField.error(
            "no layer of '\(role)' has the id '\(entry.id)'; a matched id names a layer in both screens")
        }
        if matched.contains(entry.id) { throw idField.error("'\(entry.id)' is matched twice") }
        return entry
      }
      if let entry {
        entries.append(entry)
        matched.insert(entry.id)
      }
    }
    return entries
  }

  static func decodeDelay(_ field: SceneField) throws(SceneError) -> Double {
    try field.number(
      in: 0...SceneLimits.maxDuration,
      "a delay in seconds, not negative, at most \(JSONValue.format(SceneLimits.maxDuration))")
  }

  static func decodeAnimation(_ field: SceneField, targets: TargetResolver, _ diagnostics: Diagnostics) -> Animation? {
    guard
      let keys = diagnostics.attempt({ () throws(SceneError) in
        try field.members(allowed: animationKeys, what: "an animation object", diagnostics: diagnostics)
      })
    else { return nil }
    guard let targetField = keys["target"] else {
      diagnostics.record(field.error("missing key 'target': 'from', 'to', 'from.ID', 'to.ID' or an overlay's name"))
      return nil
    }
    guard let target = diagnostics.attempt({ () throws(SceneError) in try targets.resolve(targetField) }) else {
      return nil
    }
    var animation = Animation(target: target, path: field.path)
    if keys["from"] == nil && keys["to"] == nil && keys["keyframes"] == nil {
      diagnostics.record(field.error("an animation needs 'from', 'to' or both, or 'keyframes'"))
    }
    if let from = keys["from"] {
      animation.from = decodeState(from, target: target, targets: targets, allowReset: false, diagnostics)
    }
    if let to = keys["to"] {
      animation.to = decodeState(to, target: target, targets: targets, allowReset: false, diagnostics)
    }
    if let delay = keys["delay"] {
      animation.delay = diagnostics.attempt { () throws(SceneError) in try decodeDelay(delay) } ?? 0
    }
    if let duration = keys["duration"] {
      animation.duration = diagnostics.attempt { () throws(SceneError) in try decodeDuration(duration) }
    }
    if let curve = keys["curve"] {
      animation.curve = diagnostics.attempt { () throws(SceneError) in try decodeCurve(curve) }
    }
    if let cascade = keys["cascade"] {
      animation.cascade = diagnostics.attempt { () throws(SceneError) in
        try decodeCascade(cascade, target: target, targets: targets)
      }
    }
    if let arc = keys["arc"] {
      animation.arc = diagnostics.attempt { () throws(SceneError) in
        try arc.number(in: -10...10, "an arc intensity from -10 to 10 (Hero's default is 1)")
      }
    }
    decodeKeyframes(keys, into: &animation, targets: targets, diagnostics)
    return animation
  }

  /// A state: properties of the target with their values. With `allowReset` (in `end`), `null`
  /// returns a property to its initial value; otherwise only `mask` and `shadow` take `null`
  /// (none).
  ///
  /// An `anchor` given in points of the layer (`{"points": [x, y]}`) is turned into units of the
  /// frame the same state gives, or else of the target's own frame (`SceneGeometry.ownSize`):
  /// (x ÷ width, y ÷ height), as `CALayer.anchorPoint` wants it.
  static func decodeState(
    _ field: SceneField, target: Target, targets: TargetResolver, allowReset: Bool, _ diagnostics: Diagnostics
  ) -> PropertyState {
    guard let members = diagnostics.attempt({ () throws(SceneError) in try field.allMembers() }) else {
      return PropertyState()
    }
    var state = PropertyState()
    var anchorInPoints: (field: SceneField, point: Point)?
    let valid = AnimatableProperty.allCases.filter { $0.applies(to: target) }.map(\.rawValue)
    for (key, member) in members {
      guard let property = AnimatableProperty(rawValue: key), property.applies(to: target) else {
        var error = member.unknownKey(key, valid: valid, noun: "property")
        if key == "color", case .screen = target {
          error = member.error("a screen has no 'color' to animate (its layers and overlays do)")
        }
        if case .mask(let host) = target, AnimatableProperty(rawValue: key) != nil {
          error = member.error(
            "a mask layer animates its frame, anchor, transform and opacity; its shape is the 'mask' of '\(host)'")
        }
        diagnostics.record(error)
        continue
      }
      if property == .color, case .overlay(let name) = target, targets.snapshotNames.contains(name) {
        diagnostics.record(
          member.error("'\(name)' is a piece of a screen, whose colours are the screen's: it has no 'color'"))
        continue
      }
      if member.value == .null && allowReset {
        state.resets.insert(property)
        continue
      }
      if property == .anchor, case .object = member.value {
        if let point = diagnostics.attempt({ () throws(SceneError) in try decodeAnchorPoints(member) }) {
          anchorInPoints = (member, point)
          state.written[.anchor] = member.value
        }
        continue
      }
      if property == .frame || property == .cornerRadius, case .object = member.value {
        diagnostics.attempt { () throws(SceneError) in
          if property == .frame, case .mask(let host) = target, case .object(let pairs) = member.value,
            !pairs.contains(where: { $0.key == "of" })
          {
            // Pins over the masked layer's own size, as the app has it.
            let overlayRect = targets.overlays.first { $0.name == host.overlayName }?.rect
            guard let geometry = targets.geometry, let size = geometry.ownSize(of: host, overlayRect: overlayRect)
            else { return }
            let frame = geometry.pinned(try decodePins(member, targets: targets), in: size)
            state.set(.frame, .rect(frame), geometry.inputs)
            state.written[.frame] = member.value
            return
          }
          let reference = try decodeReference(member, property: property, targets: targets)
          guard let geometry = targets.geometry else { return }
          let formula = try resolveReference(
            reference, property: property, target: target, geometry: geometry, field: member)
          state.set(property, formula, geometry.inputs)
          state.references[property] = reference
        }
        continue
      }
      if property == .mask, isCoverMask(member) {
        diagnostics.attempt { () throws(SceneError) in
          let (subject, formula) = try decodeCoverMask(member, target: target, targets: targets)
          state.covers[.mask] = subject
          state.written[.mask] = member.value
          if let formula, let geometry = targets.geometry { state.set(.mask, formula, geometry.inputs) }
        }
        continue
      }
      if hasShares(property, member) {
        diagnostics.attempt { () throws(SceneError) in
          guard let formula = try decodeSharedValue(property, member, targets: targets),
            let geometry = targets.geometry
          else { return }
          state.set(property, formula, geometry.inputs)
          state.written[property] = member.value
        }
        continue
      }
      if let value = diagnostics.attempt({ () throws(SceneError) in try decodeValue(property, member) }) {
        state[property] = value
      }
    }
    if let (member, point) = anchorInPoints {
      // (x ÷ width, y ÷ height) of the frame the state gives, else of the target's own, as the
      // app has it: the animator divides by the running view's size.
      var size = targets.geometry.flatMap { geometry in
        geometry.ownSize(of: target, overlayRect: targets.overlays.first { $0.name == target.overlayName }?.rect)
      }
      if case .rect(let frame)? = state.formulas[.frame] {
        size = (frame.width, frame.height)
      } else if case .rect(let frame)? = state[.frame] {
        size = (.constant(frame.width), .constant(frame.height))
      }
      if let size, let geometry = targets.geometry {
        let (width, height) = (size.width.value(geometry.inputs), size.height.value(geometry.inputs))
        if width > 0 && height > 0 {
          state.set(.anchor, .point(.constant(point.x) / size.width, .constant(point.y) / size.height), geometry.inputs)
        } else {
          diagnostics.record(
            member.error(
              "an anchor in points needs a frame of some width and height; this one is "
                + "\(JSONValue.format(width)) x \(JSONValue.format(height)): give the anchor as [ax, ay]"))
        }
      }
    }
    return state
  }

  /// `{"delta", "direction"}` (Hero's defaults 0.02 s, topToBottom), on an animation of a group.
  static func decodeCascade(_ field: SceneField, target: Target, targets: TargetResolver) throws(SceneError)
    -> Cascade
  {
    let members = try field.members(allowed: ["delta", "direction"], what: "a cascade {\"delta\", \"direction\"}")
    var cascade = Cascade()
    if let delta = members["delta"] {
      cascade.delta = try delta.number(in: 0...10, "a delay between sublayers in seconds, 0 to 10")
    }
    if let direction = members["direction"] { cascade.direction = try direction.choice(Cascade.Direction.allCases) }
    guard case .layer(let role, let id) = target else {
      throw field.error("a cascade staggers a group's sublayers: '\(target)' is not a layer")
    }
    let screen = role == .from ? targets.from : targets.to
    if let layer = screen.layerPath(id: id).flatMap(screen.layer(at:)), layer.layers.isEmpty {
      throw field.error("a cascade staggers a group's sublayers: '\(target)' has none")
    }
    return cascade
  }

  /// `{"points": [x, y]}`: an anchor in points of the layer, from its frame's top-left.
  static func decodeAnchorPoints(_ field: SceneField) throws(SceneError) -> Point {
    let members = try field.members(allowed: ["points"], what: "an anchor in points {\"points\": [x, y]}")
    guard let points = members["points"] else {
      throw field.error("missing key 'points': an anchor in points is {\"points\": [x, y]}")
    }
    return try decodePoint(points, "[x, y] in points of the layer")
  }

  /// The value of `property` in `field`.
  static func decodeValue(_ property: AnimatableProperty, _ field: SceneField) throws(SceneError) -> PropertyValue {
    let limit = SceneLimits.maxCoordinate
    switch property {
    case .frame: return .rect(try decodeRect(field))
    case .anchor: return .point(try decodePoint(field, property.summary))
    case .translate: return .point(try decodePoint(field, "[tx, ty] in points"))
    case .translateZ:
      return .number(
        try field.number(
          in: -limit...limit, "a distance toward the eye in points, within ±\(JSONValue.format(limit))"))
    case .scale:
      let what = "a scale: a number or [sx, sy], each within ±10000"
      if case .number(let value) = field.value {
        guard abs(value) <= 10_000 else { throw field.expected(what) }
        return .point(Point(x: value, y: value))
      }
      let values = try field.numbers(count: 2, what)
      guard values.allSatisfy({ abs($0) <= 10_000 }) else { throw field.expected(what) }
      return .point(Point(x: values[0], y: values[1]))
    case .rotation, .rotationX, .rotationY:
      return .number(try field.number(in: -36_000...36_000, "an angle in degrees, within ±36000"))
    case .opacity: return .number(try field.number(in: 0...1, "an opacity from 0 to 1"))
    case .cornerRadius: return .radii(try decodeRadii(field))
    case .cornerCurve: return .cornerCurve(try field.choice(CornerCurve.allCases))
    case .color: return .color(try decodeColor(field))
    case .transform: return .transform(try decodeSteps(field))
    case .mask:
      if field.value == .null { return .mask(nil) }
      let members = try field.members(allowed: ["circle", "rect", "cornerRadius", "path"], what: property.summary)
      if let path = members["path"] {
        if let extra = members["circle"] ?? members["rect"] ?? members["cornerRadius"] {
          throw extra.error("a path mask is {\"path\": \"<SVG path data>\"} alone")
        }
        return .mask(.path(try decodePath(path, limit: limit)))
      }
      if let circle = members["circle"] {
        if let extra = members["rect"] ?? members["cornerRadius"] {
          throw extra.error("a circle mask is {\"circle\": [cx, cy, r]} alone")
        }
        let what = "[cx, cy, r] in points, r not negative"
        let values = try circle.numbers(count: 3, what)
        guard abs(values[0]) <= limit, abs(values[1]) <= limit, (0...SceneLimits.maxMaskRadius).contains(values[2])
        else { throw circle.expected(what) }
        return .mask(.circle(center: Point(x: values[0], y: values[1]), radius: values[2]))
      }
      guard let rect = members["rect"] else { throw field.expected(property.summary) }
      let radius = try members["cornerRadius"]?.number(in: 0...limit, "a radius in points, not negative") ?? 0
      return .mask(.rect(try decodeRect(rect), cornerRadius: radius))
    case .shadow:
      if field.value == .null { return .shadow(nil) }
      let members = try field.members(allowed: ["color", "opacity", "radius", "offset"], what: property.summary)
      guard let opacity = members["opacity"] else {
        throw field.error("missing key 'opacity' (0 to 1): a shadow needs one")
      }
      var shadow = Shadow(opacity: try opacity.number(in: 0...1, "an opacity from 0 to 1"))
      if let color = members["color"] { shadow.color = try decodeColor(color) }
      if let radius = members["radius"] {
        shadow.radius = try radius.number(in: 0...1000, "a blur radius in points, 0 to 1000")
      }
      if let offset = members["offset"] { shadow.offset = try decodePoint(offset, "[dx, dy] in points") }
      return .shadow(shadow)
    }
  }

  /// SVG path data of a mask: every command of SVG 1.1, every point within ±`limit`.
  static func decodePath(_ field: SceneField, limit: Double) throws(SceneError) -> SVGPath {
    let what = "SVG path data, such as \"M0 0 H100 V100 Z\""
    let text = try field.string(what)
    guard text.unicodeScalars.count <= SceneLimits.maxPathLength else {
      throw field.error("a path of at most \(SceneLimits.maxPathLength) characters, not \(text.unicodeScalars.count)")
    }
    let path: SVGPath
    do {
      path = try SVGPath(parsing: text)
    } catch {
      throw field.error("\(error.message) at character \(error.offset + 1) of the path")
    }
    guard path.segments.allSatisfy({ $0.points.allSatisfy { abs($0.x) <= limit && abs($0.y) <= limit } }) else {
      throw field.error("every point of a path within ±\(JSONValue.format(limit)) points")
    }
    return path
  }

  /// A screen or group laid out while it resizes (`"resize": "layout"`) places its layers by their
  /// pins at each size: none of them inside it is a target of its own.
  static func checkLaidOut(
    _ custom: CustomTransition, from: Screen, to: Screen, _ field: SceneField?, _ diagnostics: Diagnostics
  ) {
    // Most scenes lay nothing out: then there is nothing to look up (a scene of thousands of
    // animated layers would otherwise scan its layers for each).
    let screens: [ScreenRole: Screen] = [.from: from, .to: to]
    var paths: [ScreenRole: [String: [Int]]] = [:]
    for (role, screen) in screens {
      let layers = screen.allLayers
      guard screen.resize == .layout || layers.contains(where: { $0.layer.resize == .layout }) else { continue }
      var ids: [String: [Int]] = [:]
      for (path, layer) in layers {
        if let id = layer.id, ids[id] == nil { ids[id] = path }
      }
      paths[role] = ids
    }
    guard !paths.isEmpty else { return }
    for animation in custom.animations {
      guard case .layer(let role, let id) = animation.target.host, let screen = screens[role],
        let path = paths[role]?[id]
      else { continue }
      let holder =
        screen.resize == .layout
        ? "'\(role.rawValue)'"
        : (1..<max(1, path.count)).compactMap { depth -> String? in
          guard let group = screen.layer(at: Array(path.prefix(depth))), group.resize == .layout else { return nil }
          return group.id.map { "'\(role.rawValue).\($0)'" } ?? "a group of '\(role.rawValue)'"
        }.first
      guard let holder else { continue }
      diagnostics.record(
        SceneError(
          file: field?.file ?? "", path: "\(animation.path).target",
          message: "'\(animation.target)' is inside \(holder), which is laid out while it resizes (\"resize\": "
            + "\"layout\"): its layers follow their pins, and none moves on its own"))
    }
  }

  /// A mask layer (`to.mask`) moves the mask its host is given: some animation, keyframe or `end`
  /// of the host must give it one.
  static func checkMaskHosts(_ custom: CustomTransition, _ field: SceneField?, _ diagnostics: Diagnostics) {
    var masked = Set<Target>()
    func note(_ state: PropertyState, _ target: Target) {
      if case .mask(_?)? = state[.mask] { masked.insert(target) }
    }
    for animation in custom.animations {
      note(animation.from, animation.target)
      note(animation.to, animation.target)
      for keyframe in animation.keyframes ?? [] { note(keyframe.to, animation.target) }
    }
    for (target, action) in custom.end {
      if case .state(let state) = action { note(state, target) }
    }
    for animation in custom.animations {
      guard case .mask(let host) = animation.target, !masked.contains(host) else { continue }
      diagnostics.record(
        SceneError(
          file: field?.file ?? "", path: "\(animation.path).target",
          message: "'\(animation.target)' moves the mask of '\(host)', which has none: give '\(host)' a mask "
            + "(\"mask\": {\"path\": \"…\"}) in an animation"))
    }
  }

  /// Masks animate between masks of one kind: follows each target's mask through its
  /// animations in list order (a missing `from` is the previous `to`) and reports a change.
  static func checkMaskKinds(_ animations: [Animation], _ field: SceneField?, _ diagnostics: Diagnostics) {
    var model: [Target: Mask?] = [:]
    for animation in animations where animation.properties.contains(.mask) {
      var from: Mask?
      if case .mask(let value)? = animation.from[.mask] {
        from = value
      } else {
        from = model[animation.target] ?? nil
      }
      var to = from
      if case .mask(let value)? = animation.to[.mask] { to = value }
      if case .path(let a)? = from, case .path(let b)? = to, a.commands != b.commands {
        let side = animation.to[.mask] != nil ? "to" : "from"
        diagnostics.record(
          SceneError(
            file: field?.file ?? "", path: "\(animation.path).\(side).mask.path",
            message: "a path animates between paths of the same commands: this one goes from \(a.commands) to "
              + "\(b.commands) (arcs count as the curves they make)"))
      }
      if let from, let to, from.kind != to.kind {
        let side = animation.to[.mask] != nil ? "to" : "from"
        diagnostics.record(
          SceneError(
            file: field?.file ?? "", path: "\(animation.path).\(side).mask",
            message: "a mask animates between masks of one kind: this one goes from a \(from.kind) to a \(to.kind)"))
      }
      model[animation.target] = to
    }
  }

  static func decodeEnd(_ field: SceneField, targets: TargetResolver, _ diagnostics: Diagnostics) -> [(
    target: Target, action: EndAction
  )] {
    guard let members = diagnostics.attempt({ () throws(SceneError) in try field.allMembers() }) else { return [] }
    var end: [(target: Target, action: EndAction)] = []
    for (key, member) in members {
      guard
        let target = diagnostics.attempt({ () throws(SceneError) in try targets.resolve(member.retitled(.string(key))) }
        )
      else { continue }
      if case .string(let text) = member.value {
        guard text == "removed" else {
          diagnostics.record(member.expected("a state object, or \"removed\""))
          continue
        }
        end.append((target, .removed))
        continue
      }
      end.append(
        (target, .state(decodeState(member, target: target, targets: targets, allowReset: true, diagnostics))))
    }
    return end
  }

  static func decodeStack(_ field: SceneField, custom: CustomTransition, _ diagnostics: Diagnostics) -> [String]? {
    guard
      let elements = diagnostics.attempt({ () throws(SceneError) in
        // Room for both screens and every overlay and snapshot, each once.
        try field.elements(
          what: "an array of 'from', 'to' and overlay names",
          limit: SceneLimits.maxOverlays + SceneLimits.maxSnapshots + 2)
      })
    else { return nil }
    var names: [String] = []
    let valid = ["from", "to"] + custom.overlays.filter { $0.over == nil }.map(\.name)
    // Looked up by name, once: a stack may name every overlay, and scans for each would cost
    // (names × overlays). The first overlay of a name wins, as `CustomTransition.overlay` finds it.
    let validNames = Set(valid)
    var overlays: [String: Overlay] = [:]
    for overlay in custom.overlays where overlays[overlay.name] == nil { overlays[overlay.name] = overlay }
    var listed = Set<String>()
    for element in elements {
      guard let name = diagnostics.attempt({ () throws(SceneError) in try element.string("a name in the stack") })
      else { continue }
      if let over = overlays[name]?.over {
        diagnostics.record(
          element.error("overlay '\(name)' is over '\(over.rawValue)': it is drawn with that screen, not in the stack"))
        continue
      }
      guard validNames.contains(name) else {
        diagnostics.record(element.unknownKey(name, valid: valid, noun: "name"))
        continue
      }
      guard listed.insert(name).inserted else {
        diagnostics.record(element.error("'\(name)' is in the stack twice"))
        continue
      }
      names.append(name)
    }
    // A screen an animation moves (or one of its layers does) must be drawn.
    var needed: [String] = []
    for animation in custom.animations {
      if let screen = animation.target.screen { needed.append(screen.rawValue) }
      if case .overlay(let name) = animation.target, let over = overlays[name]?.over {
        needed.append(over.rawValue)
      }
    }
    for name in ["from", "to"] where needed.contains(name) && !names.contains(name) {
      diagnostics.record(field.error("the stack leaves out '\(name)', which an animation moves"))
    }
    return names
  }
}
