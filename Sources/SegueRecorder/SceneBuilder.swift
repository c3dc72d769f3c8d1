#if canImport(UIKit)
  import UIKit

  /// Writes a session's samples as a custom scene: the two screens as layer trees (their views'
  /// fills, corners, borders, gradients and pictures), the views the animator made as overlays,
  /// and every target's values at every sample as keyframes on a linear curve, so the scene
  /// shows at each of its frames what Core Animation showed at that instant.
  @MainActor
  struct SceneBuilder {
    let session: RecordingSession
    let operation: TransitionRecorder.Operation
    let presentation: String?
    let name: String
    let size: CGSize
    /// Seconds from the start to `completeTransition`.
    let completion: Double
    let scale: CGFloat

    struct Output {
      var scene: SceneValue
      var pictures: [(path: String, png: Data)]
      var leftOut: [RecordingRefusal]
      var notes: [String]
    }

    /// What a target is, for the properties it has and where its frame is measured.
    private enum Kind {
      case screen(ScreenRole)
      case layer(ScreenRole)
      case overlay(over: ScreenRole?)
    }

    private var names: [ObjectIdentifier: String] = [:]
    private var kinds: [ObjectIdentifier: Kind] = [:]
    private var pictures: [(path: String, png: Data)] = []
    private var notes: [String] = []
    /// Properties left out of a target's animation, by track.
    private var excluded: [ObjectIdentifier: Set<String>] = [:]

    init(
      session: RecordingSession, operation: TransitionRecorder.Operation, presentation: String?, name: String,
      size: CGSize, completion: Double, scale: CGFloat
    ) {
      self.session = session
      self.operation = operation
      self.presentation = presentation
      self.name = name
      self.size = size
      self.completion = completion
      self.scale = scale
    }

    mutating func build(strict: Bool) throws -> Output {
      splitMovedViews()
      nameTracks()
      session.checkFrameLoops()
      checkPlacement()
      checkMasks()
      let perspective = containerPerspective()
      let background = background()
      let stack = stackOrder()
      let refusals = session.refusals.map { refusal in
        RecordingRefusal(
          layer: refusal.track.map { names[ObjectIdentifier($0)] ?? "a view" } ?? "container", keyPath: refusal.keyPath,
          reason: refusal.reason)
      }
      if strict, !refusals.isEmpty { throw RecordingError.refused(refusals) }
      let left = Set(session.refusals.compactMap { $0.dropsMotion ? $0.track.map(ObjectIdentifier.init) : nil })

      var scene: [(key: String, value: SceneValue)] = [
        ("name", .string(name)), ("size", .numbers([Double(size.width), Double(size.height)])),
        ("scale", .number(Double(scale))),
        ("fps", .number(Double(TransitionRecorder.framesPerSecond))), ("background", .string(background)),
      ]
      for role in ScreenRole.allCases {
        scene.append((role.rawValue, screenValue(role)))
      }
      scene.append(("transition", transitionValue(leaving: left, perspective: perspective, stack: stack)))
      return Output(scene: .object(scene), pictures: pictures, leftOut: strict ? [] : refusals, notes: notes)
    }

    // MARK: Views the animator moves

    /// A screen's view the animator moves into the container (or into a view of its own, or
    /// another screen) is, while away, an overlay of its own (drawn with its content), and the
    /// layer in its screen shows nothing then: the scene's two targets for the one view.
    private func splitMovedViews() {
      for track in session.tracks {
        guard case .content = track.origin else { continue }
        let away = Set(
          track.parents.indices.filter { track.parents[$0] != nil && track.parents[$0] != track.originalParent })
        guard !away.isEmpty else { continue }
        session.append(ViewTrack(splitting: track, origin: .added, keep: away.contains))
        for index in away {
          track.shown[index] = nil
          track.model[index] = nil
          track.parents[index] = nil
          track.composed[index] = nil
        }
      }
    }

    // MARK: Names

    /// Screens are `from` and `to`; a view of a screen is named by its accessibility
    /// identifier (a `.` becomes `-`) or its place (`view-0-2`); a view the animator made by its
    /// identifier or `overlay-N`.
    private mutating func nameTracks() {
      var used: [ScreenRole: Set<String>] = [:]
      var overlays: Set<String> = ["from", "to"]
      for track in session.tracks {
        let key = ObjectIdentifier(track)
        switch track.origin {
        case .screen(let role):
          names[key] = role.rawValue
          kinds[key] = .screen(role)
        case .content(let role, let path):
          let base =
            track.view.accessibilityIdentifier.flatMap(SceneBuilder.sanitized) ?? "view-"
            + path.map(String.init).joined(separator: "-")
          var id = base
          var suffix = 2
          while used[role, default: []].contains(id) {
            id = "\(base)-\(suffix)"
            suffix += 1
          }
          used[role, default: []].insert(id)
          names[key] = role.rawValue + "." + id
          kinds[key] = .layer(role)
        case .added:
          let base = track.view.accessibilityIdentifier.flatMap(SceneBuilder.sanitized) ?? "overlay"
          var id = base == "overlay" ? "overlay-1" : base
          var suffix = 2
          while overlays.contains(id) {
            id = base == "overlay" ? "overlay-\(suffix)" : "\(base)-\(suffix)"
            suffix += 1
          }
          overlays.insert(id)
          names[key] = id
          kinds[key] = .overlay(over: nil)
        }
      }
    }

    /// An identifier or a name as a scene id or name: no control or format characters (C0 and
    /// C1 controls, line and paragraph separators, direction marks and overrides, U+0600 and its
    /// kin), `.`, `/` and `\` made `-` (a `.` separates a screen from its layer's id; a name is a
    /// file's), at most 128 bytes; nil when nothing is left.
    nonisolated static func sanitized(_ identifier: String) -> String? {
      let kept = identifier.unicodeScalars.filter { scalar in
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate, .unassigned: return false
        default: return true
        }
      }
      var text = String(String.UnicodeScalarView(kept))
      for separator in [".", "/", "\\"] { text = text.replacingOccurrences(of: separator, with: "-") }
      while text.utf8.count > 128 { text.removeLast() }
      return text.isEmpty ? nil : text
    }

    // MARK: Where views are

    /// Screens and overlays sit in the container or the window, or in views the animator made
    /// there (wrappers, which must not clip: their map is composed into what is inside them); an
    /// overlay may also sit right in a screen; a screen's views stay in their places (a view
    /// moved away is an overlay of its own, `splitMovedViews`). What moves elsewhere is refused.
    private mutating func checkPlacement() {
      let top: Set<ObjectIdentifier> = [ObjectIdentifier(session.window), ObjectIdentifier(session.container)]
      var screenViews: [ObjectIdentifier: ScreenRole] = [:]
      for (role, view) in session.screens { screenViews[ObjectIdentifier(view)] = role }
      var made: [ObjectIdentifier: ViewTrack] = [:]
      for track in session.tracks where track.origin == .added { made[ObjectIdentifier(track.view)] = track }
      /// Whether `parents` are the container, the window, or views the animator made that do
      /// not clip; a clipping one is refused.
      func placeable(_ track: ViewTrack, _ parents: Set<ObjectIdentifier>) -> Bool {
        for parent in parents.subtracting(top) {
          guard let wrapper = made[parent] else { return false }
          if wrapper.view.clipsToBounds || wrapper.view.layer.mask != nil {
            session.refuse(
              track, "superlayer",
              "it is inside a view the animator made that clips it, which the recorder does not record yet",
              dropsMotion: true)
          }
        }
        return true
      }
      for track in session.tracks {
        let parents = Set(track.parents.compactMap { $0 })
        switch track.origin {
        case .screen:
          if !placeable(track, parents) {
            session.refuse(
              track, "superlayer",
              "the screen is put inside a view of a screen, which the recorder does not record yet",
              dropsMotion: true)
          }
        case .content:
          if parents.count > 1 {
            session.refuse(
              track, "superlayer",
              "the view moves out of its place in its screen, which the recorder does not record yet",
              dropsMotion: true)
          }
        case .added:
          guard let first = track.parents[track.firstSample] else { continue }
          if let role = screenViews[first] {
            kinds[ObjectIdentifier(track)] = .overlay(over: role)
            if parents.count > 1 {
              session.refuse(track, "superlayer", "the view moves between superviews, which a scene's overlay cannot")
            }
          } else if top.contains(first) || (made[first] != nil && movesInItsParent(track)) {
            if !placeable(track, parents) {
              session.refuse(track, "superlayer", "the view moves between superviews, which a scene's overlay cannot")
            }
          } else if made[first] != nil {
            // Part of the view the animator made around it, drawn with it.
            kinds[ObjectIdentifier(track)] = nil
          } else {
            kinds[ObjectIdentifier(track)] = nil
            session.refuse(
              track, "superlayer",
              "the animator adds a view inside a screen's view, which the recorder does not record yet")
          }
        }
      }
    }

    /// Whether a track is a screen or an overlay of the container's (not one inside a screen).
    private func isTopLevel(_ track: ViewTrack) -> Bool {
      switch kinds[ObjectIdentifier(track)] {
      case .screen?, .overlay(over: nil)?: return true
      default: return false
      }
    }

    /// Whether a view changes where it is in its superview, or how it shows there.
    private func movesInItsParent(_ track: ViewTrack) -> Bool {
      let drawn = track.shown.compactMap { $0 }
      guard let first = drawn.first else { return false }
      return drawn.contains {
        $0.frame != first.frame || $0.anchor != first.anchor || $0.transform != first.transform
          || $0.opacity != first.opacity || $0.hidden != first.hidden || $0.color != first.color
      }
    }

    /// A scene's mask animates between masks of one kind, and paths of the same commands: a mask
    /// that changes its kind or commands is refused, and left out of the target's motion.
    private mutating func checkMasks() {
      for track in session.tracks {
        let kinds = Set(
          track.shown.compactMap { state -> String? in
            guard let mask = state?.mask else { return nil }
            guard case .string(let path)? = mask["path"] else { return "rect" }
            return String(path.filter(\.isLetter))
          })
        guard kinds.count > 1 else { continue }
        session.refuse(
          track, "mask.path",
          "its mask changes from one kind or list of path commands to another, between which a scene's mask cannot animate"
        )
        excluded[ObjectIdentifier(track), default: []].insert("mask")
      }
    }

    // MARK: Screens

    private mutating func screenValue(_ role: ScreenRole) -> SceneValue {
      guard let track = session.screens[role].flatMap(session.track) else { return .object([]) }
      let node = track.content
      var pairs: [(key: String, value: SceneValue)] = []
      let screenSize = [node.values.frame[2], node.values.frame[3]]
      if screenSize != [Double(size.width), Double(size.height)] { pairs.append(("size", .numbers(screenSize))) }
      if let color = node.values.color, color[3] > 0 { pairs.append(("background", .string(LayerValues.hex(color)))) }
      if let picture = picture(of: node, named: role.rawValue) { pairs.append(("image", .string(picture.file))) }
      let perspective = SceneBuilder.perspective(node.layer.sublayerTransform)
      if let perspective { pairs.append(("perspective", .number(perspective))) }
      // As the animator leaves it when it starts (it may hide the screen's back for a turn).
      if !((track.model.first ?? nil)?.doubleSided ?? node.doubleSided) { pairs.append(("doubleSided", .bool(false))) }
      pairs.append(("layers", .array(node.children.enumerated().map { layerValue($1, path: [$0], role: role) })))
      return .object(pairs)
    }

    /// A view inside a screen (or a layer of its own) as a scene layer: its frame in its parent's
    /// points, fill, gradient, corners, border, opacity, clip and sublayers; named when it is a
    /// target, and animated where it is (`lift: false`), as the app's view is.
    private mutating func layerValue(_ node: ContentNode, path: [Int], role: ScreenRole) -> SceneValue {
      var pairs: [(key: String, value: SceneValue)] = []
      let track = node.view.flatMap(session.track)
      let target = track.flatMap { targetName($0) }
      if let target { pairs.append(("id", .string(String(target.dropFirst(role.rawValue.count + 1))))) }
      pairs.append(("rect", .numbers(node.values.frame)))
      let label = target ?? role.rawValue + " view " + path.map(String.init).joined(separator: ".")
      pairs += contentPairs(node, label: label, size: Array(node.values.frame[2...]))
      if node.values.hidden {
        pairs.append(("opacity", .number(0)))
      } else if node.values.opacity < 1 {
        pairs.append(("opacity", .number(node.values.opacity)))
      }
      if node.layer.zPosition != 0 { pairs.append(("zPosition", .number(Double(node.layer.zPosition)))) }
      let doubleSided = track.flatMap { $0.model.first ?? nil }?.doubleSided ?? node.doubleSided
      if !doubleSided { pairs.append(("doubleSided", .bool(false))) }
      if let perspective = SceneBuilder.perspective(node.layer.sublayerTransform) {
        pairs.append(("perspective", .number(perspective)))
      }
      if target != nil { pairs.append(("lift", .bool(false))) }
      if !node.children.isEmpty {
        pairs.append(
          ("layers", .array(node.children.enumerated().map { layerValue($1, path: path + [$0], role: role) })))
      }
      return .object(pairs)
    }

    /// What a layer draws, as a scene layer or overlay says it: its fill (or its picture, which
    /// holds its fill and border), gradient, corners, border and clip.
    /// `size`: the size of the rect the layer is written at, which a picture drawn at another
    /// size is stretched to.
    private mutating func contentPairs(
      _ node: ContentNode, label: String, size: [Double]
    ) -> [(key: String, value: SceneValue)] {
      var pairs: [(key: String, value: SceneValue)] = []
      let picture = node.drawsContent ? picture(of: node, named: label) : nil
      if picture == nil, let color = node.values.color, color[3] > 0 {
        pairs.append(("color", .string(LayerValues.hex(color))))
      }
      if let gradient = node.gradient { pairs.append(("gradient", gradient)) }
      if node.values.isCircle(continuous: node.continuousCorners) {
        // A square rounded by half its side is a circle, as a scene's ellipse draws it.
        pairs.append(("shape", .string("ellipse")))
      } else if node.values.cornerRadius > 0 {
        pairs.append(("cornerRadius", node.values.cornerRadiusValue))
        if node.continuousCorners { pairs.append(("cornerCurve", .string("continuous"))) }
      }
      if picture == nil, let border = node.border {
        pairs.append(
          ("border", .object([("width", .number(border.width)), ("color", .string(LayerValues.hex(border.color)))])))
      }
      if let picture {
        pairs.append(("image", .string(picture.file)))
        // Drawn at another size than its rect (a snapshot at the largest it is shown): stretched
        // to the rect, as Core Animation stretches a snapshot's picture to its frame.
        if picture.size != size {
          pairs.append(("contentMode", .string("scaleToFill")))
        }
      }
      if node.clips { pairs.append(("clips", .bool(true))) }
      return pairs
    }

    /// The picture of `node`'s own drawing, written beside the scene, and its size in points; nil
    /// (with a note) where no picture can be drawn. A snapshot is drawn at the largest width and
    /// height its view is shown at, so that it keeps its detail wherever the scene stretches it;
    /// anything else at its layer's bounds, where it draws.
    private mutating func picture(of node: ContentNode, named label: String) -> (file: String, size: [Double])? {
      guard node.drawsContent else { return nil }
      var size = node.layer.bounds.size
      if ContentNode.isSnapshot(node.view), let track = node.view.flatMap(session.track) {
        // What it is shown at and what the app set (an animation's end, which the last sample
        // before the view goes may not reach).
        let frames = (track.shown + track.model).compactMap { $0?.frame }
        if let width = frames.map({ $0[2] }).max(), let height = frames.map({ $0[3] }).max(), width > 0, height > 0 {
          size = CGSize(width: width, height: height)
        }
      }
      guard let png = LayerPicture.png(of: node.layer, view: node.view, size: size, scale: scale) else {
        notes.append(
          ContentNode.isSnapshot(node.view)
            ? "\(label): a snapshot (snapshotView), whose picture only UIKit on a device draws"
            : "\(label): draws content of its own (text, an image or a shape) that no picture holds here")
        return nil
      }
      let file = "\(name)-pictures/\(pictures.count + 1).png"
      pictures.append((file, png))
      return (file, [Double(size.width), Double(size.height)])
    }

    /// The perspective distance of a sublayer transform that is only a perspective; nil for the
    /// identity (or anything else).
    static func perspective(_ transform: CATransform3D) -> Double? {
      var fields = LayerValues.fields(transform)
      let m34 = fields[11]
      fields[11] = 0
      guard m34 < 0, fields == LayerValues.identity else { return nil }
      return -1 / m34
    }

    // MARK: Targets

    /// A track's name when the scene animates it: screens and overlays always, a screen's view
    /// when it changes or starts away from what its layer says.
    private func targetName(_ track: ViewTrack) -> String? {
      guard let name = names[ObjectIdentifier(track)] else { return nil }
      if case .content = track.origin, !animates(track) { return nil }
      return name
    }

    /// Whether anything a scene's state holds differs, at some sample, from what its layer (or
    /// overlay, or screen) starts as.
    private func animates(_ track: ViewTrack) -> Bool {
      let start = defaults(track)
      return session.times.indices.contains { index in
        values(track, at: index).contains { pair in start.first { $0.key == pair.key }?.value != pair.value }
      }
    }

    /// The properties a target's states set, in the order a scene writes them.
    private func properties(_ track: ViewTrack) -> [String] {
      switch kinds[ObjectIdentifier(track)] {
      case .screen: return ["frame", "anchor", "transform", "opacity", "cornerRadius", "shadow", "mask"]
      default: return ["frame", "anchor", "transform", "opacity", "cornerRadius", "color", "shadow", "mask"]
      }
    }

    /// What each property is before any animation: a screen's frame is its size at the origin,
    /// a layer's and an overlay's what they were described with.
    private func defaults(_ track: ViewTrack) -> [(key: String, value: SceneValue)] {
      let start = track.content.values
      var values: [(key: String, value: SceneValue)] = []
      let isScreen: Bool
      if case .screen = track.origin { isScreen = true } else { isScreen = false }
      for property in properties(track) {
        switch property {
        case "frame":
          values.append((property, .numbers(isScreen ? [0, 0, start.frame[2], start.frame[3]] : start.frame)))
        case "anchor": values.append((property, .numbers([0.5, 0.5])))
        case "transform": values.append((property, .array([])))
        case "opacity": values.append((property, .number(isScreen ? 1 : start.hidden ? 0 : start.opacity)))
        case "cornerRadius": values.append((property, isScreen ? .number(0) : start.cornerRadiusValue))
        case "color": values.append((property, .string(LayerValues.hex(start.color ?? [0, 0, 0, 0]))))
        default: values.append((property, .null))
        }
      }
      return values
    }

    /// A target's state at a sample: what Core Animation drew. Where it was not drawn, its
    /// opacity is 0 and the rest holds what it last showed (or first shows).
    private func values(_ track: ViewTrack, at index: Int) -> [(key: String, value: SceneValue)] {
      var shown = track.shown[index]
      var opacityScale = 1.0
      if case .content = track.origin, track.parents[index] == track.originalParent {
        // In its place: drawn whenever its screen is, as the app set it when the screen is not.
        shown = shown ?? track.model[index]
      }
      if shown == nil, index == track.shown.count - 1, SceneBuilder.removedAtCompletion(track) {
        // Taken out by the completion block (the last sample is taken at completeTransition):
        // this sample says nothing of its animations, so it holds the one before (structured
        // animations, read without it in `animations(of:)`, give their own value), and the
        // removal is the scene's `end`, which the last frame applies.
        return values(track, at: index - 1)
      }
      if shown == nil {
        opacityScale = 0
        shown =
          track.shown[..<index].last { $0 != nil } ?? track.shown[index...].first { $0 != nil } ?? track.content.values
      }
      guard let state = shown else { return [] }
      return pairs(state, track: track, at: index, opacityScale: opacityScale)
    }

    /// `state` as the scene's properties of the target (`properties(track)`), placed as at
    /// sample `index`.
    private func pairs(
      _ shown: LayerValues, track: ViewTrack, at index: Int, opacityScale: Double
    ) -> [(key: String, value: SceneValue)] {
      var state = shown
      if let map = track.composed[index] ?? nil, isTopLevel(track) {
        // Inside a view the animator made: where it is in the container, as one transform.
        state.frame = [0, 0, state.frame[2], state.frame[3]]
        state.anchor = [0, 0]
        state.transform = map
      }
      return properties(track).map { property -> (key: String, value: SceneValue) in
        switch property {
        case "frame": return (property, .numbers(state.frame))
        case "anchor": return (property, .numbers(state.anchor))
        case "transform":
          return (
            property,
            state.transform == LayerValues.identity
              ? .array([]) : .array([.object([("matrix", .numbers(state.transform))])])
          )
        // Drawn clamped to 0…1, as Core Animation draws an overshooting spring's opacity.
        case "opacity": return (property, .number(state.hidden ? 0 : min(1, max(0, state.opacity)) * opacityScale))
        case "cornerRadius": return (property, state.cornerRadiusValue)
        case "color": return (property, .string(LayerValues.hex(state.color ?? [0, 0, 0, 0])))
        case "mask": return (property, state.mask ?? .null)
        default:
          guard let shadow = state.shadow else { return (property, .null) }
          return (
            property,
            .object([
              ("color", .string(LayerValues.hex(shadow.color))), ("opacity", .number(shadow.opacity)),
              ("radius", .number(shadow.radius)), ("offset", .numbers(shadow.offset)),
            ])
          )
        }
      }
    }

    // MARK: The transition

    private mutating func transitionValue(
      leaving left: Set<ObjectIdentifier>, perspective: Double?, stack: [ObjectIdentifier]
    ) -> SceneValue {
      let times = timeline()
      let duration = times.last ?? 0
      var pairs: [(key: String, value: SceneValue)] = [
        ("type", .string("custom")), ("operation", .string(operation.rawValue)),
      ]
      if let presentation, operation == .present || operation == .dismiss {
        pairs.append(("presentation", .string(presentation)))
      }
      pairs.append(("duration", .number(duration)))
      pairs.append(("curve", .string("linear")))
      pairs.append(("perspective", perspective.map(SceneValue.number) ?? .string("none")))
      pairs.append(("stack", .array(stack.map { .string(names[$0] ?? "") })))

      var overlays: [(key: String, value: SceneValue)] = []
      let sceneLevel = Set(
        session.tracks.compactMap { track -> ObjectIdentifier? in
          switch kinds[ObjectIdentifier(track)] {
          case .screen?, .overlay?: return ObjectIdentifier(track.view)
          default: return nil
          }
        })
      for track in session.tracks {
        guard case .overlay(let over)? = kinds[ObjectIdentifier(track)], let name = names[ObjectIdentifier(track)]
        else {
          continue
        }
        // Its frame where it is first drawn: a moved view's in the container, not in its screen.
        let first = track.shown.firstIndex { $0 != nil }
        let rect = first.flatMap { index in values(track, at: index).first { $0.key == "frame" }?.value }
        let frame = rect?.numbers ?? track.content.values.frame
        var overlay: [(key: String, value: SceneValue)] = [("rect", .numbers(frame))]
        overlay += contentPairs(track.content, label: name, size: Array(frame[2...]))
        if overlay.first(where: { $0.key == "color" }) == nil { overlay.insert(("color", .string("#00000000")), at: 1) }
        overlay.append(("opacity", .number(track.content.values.hidden ? 0 : track.content.values.opacity)))
        if let over { overlay.append(("over", .string(over.rawValue))) }
        // What is inside it, but for the screens and overlays drawn on their own.
        let children = track.content.children.filter { child in
          child.view.map { !sceneLevel.contains(ObjectIdentifier($0)) } ?? true
        }
        if !children.isEmpty {
          overlay.append(
            ("layers", .array(children.enumerated().map { overlayLayer($1, label: "\(name) view \($0)") })))
        }
        overlays.append((name, .object(overlay)))
      }
      if !overlays.isEmpty { pairs.append(("overlays", .object(overlays))) }

      var animations: [SceneValue] = []
      for track in session.tracks where !left.contains(ObjectIdentifier(track)) {
        guard let target = targetName(track), kinds[ObjectIdentifier(track)] != nil else { continue }
        if case .screen = track.origin, !stack.contains(ObjectIdentifier(track)) { continue }
        animations += self.animations(of: track, target: target, times: times)
        if let mask = maskAnimation(of: track, target: target, times: times) { animations.append(mask) }
      }
      pairs.append(("animations", .array(animations)))
      let end = endState(stack: stack)
      if !end.isEmpty { pairs.append(("end", .object(end))) }
      return .object(pairs)
    }

    /// The colour behind everything: the window's black, under the container's background colour
    /// (which an animator sets for what shows behind turning screens) while the views animate; a
    /// colour that changes is refused.
    private func background() -> String {
      let running = session.backgrounds.dropLast(session.backgrounds.count > 1 ? 1 : 0)
      guard let first = running.first else { return "#000000" }
      guard running.allSatisfy({ $0 == first }) else {
        session.refuse(nil, "backgroundColor", "the container's background colour changes while the views animate")
        return "#000000"
      }
      guard let color = first, color[3] > 0 else { return "#000000" }
      // Over the window's black, as one opaque colour.
      return LayerValues.hex(color.prefix(3).map { $0 * color[3] } + [1])
    }

    /// The container's perspective while the animations run (a completion block that resets the
    /// container's `sublayerTransform` acts after the last frame's transforms are flat): nil for
    /// none; anything but one perspective throughout is refused.
    private func containerPerspective() -> Double? {
      let running = session.perspectives.dropLast(session.perspectives.count > 1 ? 1 : 0)
      guard let first = running.first, running.allSatisfy({ $0 == first }) else {
        session.refuse(nil, "sublayerTransform", "the container's sublayerTransform changes while the views animate")
        return nil
      }
      if first == LayerValues.identity { return nil }
      var transform = CATransform3DIdentity
      transform.m34 = CGFloat(first[11])
      guard let distance = SceneBuilder.perspective(transform), LayerValues.fields(transform) == first else {
        session.refuse(nil, "sublayerTransform", "the container's sublayerTransform is more than a perspective")
        return nil
      }
      return distance
    }

    /// A static view inside an overlay, in its points.
    private mutating func overlayLayer(_ node: ContentNode, label: String) -> SceneValue {
      var pairs: [(key: String, value: SceneValue)] = [("rect", .numbers(node.values.frame))]
      pairs += contentPairs(node, label: label, size: Array(node.values.frame[2...]))
      if node.values.hidden {
        pairs.append(("opacity", .number(0)))
      } else if node.values.opacity < 1 {
        pairs.append(("opacity", .number(node.values.opacity)))
      }
      if !node.children.isEmpty {
        pairs.append(("layers", .array(node.children.enumerated().map { overlayLayer($1, label: "\(label).\($0)") })))
      }
      return .object(pairs)
    }

    /// Seconds of each sample from the start, the last at `completeTransition` (where that
    /// came between the last two samples): the timeline's frames are the samples'.
    ///
    /// The last is cut down to a whole nanosecond: the scene's number is then that time exactly,
    /// never a hair past a frame's time (1/60 written 0.016666667 would make one frame more).
    private func timeline() -> [Double] {
      var times = session.times
      guard times.count > 1 else {
        return [((max(times.first ?? 0, 1.0 / Double(TransitionRecorder.framesPerSecond))) * 1e9).rounded(.down) / 1e9]
      }
      if completion > times[times.count - 2], completion < times[times.count - 1] {
        times[times.count - 1] = completion
      }
      times[times.count - 1] = (times[times.count - 1] * 1e9).rounded(.down) / 1e9
      return times
    }

    /// The screens and top-level overlays (their tracks) bottom to top, as the window and the
    /// container held them at every sample; a change of their order while they animate is
    /// refused.
    private mutating func stackOrder() -> [ObjectIdentifier] {
      var stack: [ObjectIdentifier] = []
      for (index, order) in session.topLevelOrders.enumerated() {
        let items = order.compactMap { view -> ObjectIdentifier? in
          // The view's track that is a screen or a top-level overlay at this sample (a moved view
          // has two, each there at its own samples).
          session.tracks.first { track in
            ObjectIdentifier(track.view) == view && isTopLevel(track) && track.parents[index] != nil
          }.map(ObjectIdentifier.init)
        }
        let known = items.filter(stack.contains)
        // A completion block that puts the views in their final order (the last sample) draws
        // nothing more of the transition: only a change while they animate is refused.
        if known != stack.filter(items.contains), index < session.topLevelOrders.count - 1 {
          session.refuse(nil, "sublayers", "the order of the container's views changes, which a scene's stack cannot")
        }
        for (position, item) in items.enumerated() where !stack.contains(item) {
          let below = items[..<position].last(where: stack.contains)
          stack.insert(item, at: below.flatMap { stack.firstIndex(of: $0) }.map { $0 + 1 } ?? 0)
        }
      }
      return stack
    }

    /// Whether the view was drawn until the sample before the last and not at the last (taken at
    /// `completeTransition`): the animator's completion block took it out.
    static func removedAtCompletion(_ track: ViewTrack) -> Bool {
      let last = track.shown.count - 1
      return last > 0 && track.shown[last] == nil && track.shown[last - 1] != nil
    }

    /// The target's state as the app set it at a sample (its model layer), as `values` says a
    /// state; [] where there is none.
    private func modelValues(_ track: ViewTrack, at index: Int) -> [(key: String, value: SceneValue)] {
      guard index >= 0, index < track.model.count, let model = track.model[index] else { return [] }
      return pairs(model, track: track, at: index, opacityScale: 1)
    }

    /// A target's animations: each property Core Animation's objects drive as those animations
    /// (`AnimationReading`), where they reproduce every sample, and the rest as samples.
    private func animations(of track: ViewTrack, target: String, times: [Double]) -> [SceneValue] {
      let side = Double(max(size.width, size.height))
      // A view the completion block took out is read without the last sample, and its
      // animations give its last frame; once they end, it shows what the app set (its model at
      // the sample before).
      let removed = SceneBuilder.removedAtCompletion(track)
      let read = removed ? Array(times.dropLast()) : times
      let settled = removed ? modelValues(track, at: times.count - 2) : []
      let settledNumbers: ((String) -> [Double]?)? =
        removed
        ? { property in settled.first { $0.key == property }.flatMap { SceneBuilder.numbers($0.value) } } : nil
      let channels = AnimationReading.channels(
        track, times: read,
        samples: { property, index in
          values(track, at: index).first { $0.key == property }.flatMap { SceneBuilder.numbers($0.value) }
        },
        // A millionth of the container in points, of an opacity, and a level of a colour (whose
        // samples are rounded to 8 bits).
        tolerance: { property in property == "opacity" ? 1e-6 : property == "color" ? 1.01 / 255 : 1e-6 * side },
        afterLast: settledNumbers)
      var result: [SceneValue] = []
      var skipping = Set(channels.keys)
      func matrix(_ state: [(key: String, value: SceneValue)]) -> [Double]? {
        guard case .array(let steps)? = state.first(where: { $0.key == "transform" })?.value else { return nil }
        guard let step = steps.first else { return LayerValues.identity }
        return step["matrix"].flatMap(SceneBuilder.numbers)
      }
      let settledMatrix: (() -> [Double]?)? = removed ? { matrix(settled) } : nil
      let parts = AnimationReading.transformChannels(
        track, times: read, samples: { index in matrix(values(track, at: index)) }, tolerance: 1e-6 * side,
        afterLast: settledMatrix)
      if let parts {
        // The transform as parts, each animated as the app animated it.
        skipping.insert("transform")
        for property in TransformParts.properties {
          guard let channel = parts[property] else { continue }
          result += channel.sceneAnimations(target: target, property: property) { numbers in
            numbers.count == 1 ? .number(numbers[0]) : .numbers(numbers)
          }
        }
      }
      for property in properties(track) {
        guard let channel = channels[property] else { continue }
        result += channel.sceneAnimations(target: target, property: property) { numbers in
          switch property {
          case "frame": return .numbers(numbers)
          case "color": return .string(LayerValues.hex(numbers.map { min(1, max(0, $0)) }))
          default: return .number(numbers[0])
          }
        }
      }
      if let sampled = animation(of: track, target: target, times: times, skipping: skipping) {
        result.insert(sampled, at: 0)
      }
      return result
    }

    /// The animation of a target's mask layer (`NAME.mask`) where the mask layer's own transform
    /// or opacity moves it: its frame (the host's bounds), anchor, transform and opacity at every
    /// sample, as keyframes; nil where it never moves.
    private func maskAnimation(of track: ViewTrack, target: String, times: [Double]) -> SceneValue? {
      let drawn = track.shown.compactMap { $0?.maskLayer }
      guard drawn.contains(where: { $0.transform != LayerValues.identity || $0.opacity != 1 }) else { return nil }
      func state(_ index: Int) -> [(key: String, value: SceneValue)] {
        let values: LayerValues =
          track.shown[index] ?? track.shown[..<index].compactMap { $0 }.last ?? track.content.values
        let layer =
          values.maskLayer ?? drawn.first
          ?? LayerValues.MaskLayer(anchor: [0.5, 0.5], transform: LayerValues.identity, opacity: 1)
        return [
          ("frame", .numbers([0, 0, values.frame[2], values.frame[3]])), ("anchor", .numbers(layer.anchor)),
          (
            "transform",
            layer.transform == LayerValues.identity
              ? .array([]) : .array([.object([("matrix", .numbers(layer.transform))])])
          ),
          ("opacity", .number(min(1, max(0, layer.opacity)))),
        ]
      }
      return SceneBuilder.sampledAnimation(target: target + ".mask", samples: times.indices.map(state), times: times)
    }

    /// A property's value as numbers: a frame's four, a colour's components from 0 to 1, one
    /// for a number; nil for anything else.
    nonisolated static func numbers(_ value: SceneValue) -> [Double]? {
      switch value {
      case .number(let x): return [x]
      case .array(let items):
        let numbers = items.compactMap { item -> Double? in
          if case .number(let x) = item { return x }
          return nil
        }
        return numbers.count == items.count ? numbers : nil
      case .string(let hex) where hex.hasPrefix("#"):
        let digits = Array(hex.dropFirst())
        guard digits.count == 6 || digits.count == 8 else { return nil }
        var components: [Double] = []
        for index in stride(from: 0, to: digits.count, by: 2) {
          guard let byte = UInt8(String(digits[index..<index + 2]), radix: 16) else { return nil }
          components.append(Double(byte) / 255)
        }
        return components.count == 3 ? components + [1] : components
      default: return nil
      }
    }

    /// One animation of a target: its values at the first sample as `from`, then a keyframe a
    /// sample wherever one of them changes, on a linear curve over the whole timeline; the
    /// properties `skipping` names are left to animations of their own.
    private func animation(of track: ViewTrack, target: String, times: [Double], skipping: Set<String>) -> SceneValue? {
      let start = defaults(track)
      let samples = times.indices.map { values(track, at: $0) }
      let changes = properties(track).filter {
        !excluded[ObjectIdentifier(track), default: []].contains($0) && !skipping.contains($0)
      }.filter {
        property in
        samples.contains { sample in
          sample.first { $0.key == property }?.value != start.first { $0.key == property }?.value
        }
      }
      var changing = changes
      if changing.isEmpty {
        // A screen whose samples do not change (or whose changes are animations of their own)
        // still holds the timeline to the recorded length, by a property no animation sets.
        guard case .screen = track.origin else { return nil }
        changing = ["anchor"]
      }
      let picked = samples.map { sample in sample.filter { changing.contains($0.key) } }
      return SceneBuilder.sampledAnimation(target: target, samples: picked, times: times)
    }

    /// One animation on a linear curve over the whole timeline: the values of the first sample
    /// as `from`, then a keyframe a sample wherever some of them change, its start and length
    /// in fractions of the timeline (to a nanosecond's billionth, so one keyframe starts where
    /// the one before ends), the last ending at 1.
    static func sampledAnimation(
      target: String, samples: [[(key: String, value: SceneValue)]], times: [Double]
    ) -> SceneValue? {
      guard let duration = times.last, duration > 0, let first = samples.first else { return nil }
      var keyframes: [SceneValue] = []
      for index in 1..<times.count {
        let changed = samples[index].filter { pair in
          samples[index - 1].first { $0.key == pair.key }?.value != pair.value
        }
        let end = index == times.count - 1 ? 1 : (times[index] / duration * 1e9).rounded() / 1e9
        let begin = (times[index - 1] / duration * 1e9).rounded() / 1e9
        guard !changed.isEmpty, end > begin else { continue }
        keyframes.append(
          .object([
            ("start", .number(begin)), ("duration", .number(((end - begin) * 1e9).rounded() / 1e9)),
            ("to", .object(changed)),
          ]))
      }
      var pairs: [(key: String, value: SceneValue)] = [
        ("target", .string(target)), ("duration", .number(duration)), ("curve", .string("linear")),
        ("from", .object(first)),
      ]
      if !keyframes.isEmpty { pairs.append(("keyframes", .array(keyframes))) }
      return .object(pairs)
    }

    /// What the completion left: a screen or overlay no longer in the window is removed (on a
    /// dismiss or pop UIKit removes `from` itself, so one still there is kept with `{}`).
    private func endState(stack: [ObjectIdentifier]) -> [(key: String, value: SceneValue)] {
      var end: [(key: String, value: SceneValue)] = []
      let last = session.times.count - 1
      guard last >= 0 else { return [] }
      for key in stack {
        guard let track = session.tracks.first(where: { ObjectIdentifier($0) == key }), let name = names[key] else {
          continue
        }
        let drawn = track.shown[last] != nil
        let removesByDefault = name == "from" && (operation == .dismiss || operation == .pop)
        if drawn, removesByDefault {
          end.append((name, .object([])))
        } else if !drawn, !removesByDefault, track.shown.contains(where: { $0 != nil }) {
          end.append((name, .string("removed")))
        }
      }
      // A view the animator made inside a screen (an overlay `over` it) that the completion
      // block took out; not one inside an overlay, which goes with it (a card's faces).
      for track in session.tracks
      where track.origin == .added && !stack.contains(ObjectIdentifier(track))
        && SceneBuilder.removedAtCompletion(track)
      {
        guard case .overlay? = kinds[ObjectIdentifier(track)] else { continue }
        if let name = names[ObjectIdentifier(track)] { end.append((name, .string("removed"))) }
      }
      return end
    }
  }
#endif
