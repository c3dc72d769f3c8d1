#if canImport(UIKit)
  import UIKit

  /// The views of one transition, read sample by sample: the window (the presenting view under
  /// the container), the container and the two screens, with everything inside them.
  @MainActor
  final class RecordingSession {
    let window: UIView
    let container: UIView
    let screens: [ScreenRole: UIView]
    /// Seconds from the start of `animateTransition` of each sample.
    private(set) var times: [Double] = []
    private(set) var tracks: [ViewTrack] = []
    private var trackIndex: [ObjectIdentifier: Int] = [:]
    /// What the animator did that a scene cannot hold, by track (nil: the container), and
    /// whether leaving it out leaves out the track's motion (what the samples read is the refused
    /// thing's doing) or only the key path (which no sample reads).
    private(set) var refusals: [(track: ViewTrack?, keyPath: String, reason: String, dropsMotion: Bool)] = []
    private var refused: Set<String> = []
    /// The container's sublayer transform at each sample.
    private(set) var perspectives: [[Double]] = []
    /// The container's background colour at each sample (nil: none), which shows where no view
    /// covers it.
    private(set) var backgrounds: [[Double]?] = []
    /// The window's views bottom to top at each sample, the container's in its place.
    private(set) var topLevelOrders: [[ObjectIdentifier]] = []

    /// Key paths whose effect the samples hold: a layer's geometry, opacity, fill, corners and
    /// shadow, which is what a scene's states set.
    static let sampledKeyPaths: Set<String> = [
      "position", "position.x", "position.y", "bounds", "bounds.size", "bounds.size.width", "bounds.size.height",
      "bounds.origin", "bounds.origin.x", "bounds.origin.y", "anchorPoint", "anchorPoint.x", "anchorPoint.y",
      "transform", "opacity", "backgroundColor", "cornerRadius", "shadowOpacity", "shadowRadius",
      "shadowOffset", "shadowOffset.width", "shadowOffset.height", "shadowColor", "hidden",
    ]

    /// Key paths of a mask layer whose effect the samples hold: its path, frame, corners,
    /// transform (and its sub-key-paths) and opacity.
    static let maskKeyPaths: Set<String> = [
      "path", "position", "position.x", "position.y", "bounds", "bounds.size", "bounds.size.width",
      "bounds.size.height", "bounds.origin", "cornerRadius", "transform", "opacity",
    ]

    /// The media time the transition started at.
    let start: CFTimeInterval

    init(window: UIView, container: UIView, screens: [ScreenRole: UIView], start: CFTimeInterval) {
      self.start = start
      self.window = window
      self.container = container
      self.screens = screens
      // The screens' trees before the animator touches them.
      for role in ScreenRole.allCases {
        guard let screen = screens[role] else { continue }
        register(screen, origin: .screen(role), content: ContentNode.read(screen))
      }
    }

    private func register(_ view: UIView, origin: ViewTrack.Origin, content: ContentNode) {
      let track = ViewTrack(view: view, origin: origin, firstSample: times.count, content: content)
      trackIndex[ObjectIdentifier(view)] = tracks.count
      tracks.append(track)
      guard case .screen(let role) = origin else {
        if case .content(let role, let path) = origin { registerChildren(of: content, role: role, path: path) }
        return
      }
      registerChildren(of: content, role: role, path: [])
    }

    private func registerChildren(of node: ContentNode, role: ScreenRole, path: [Int]) {
      for (index, child) in node.children.enumerated() {
        guard let view = child.view else { continue }
        register(view, origin: .content(role, path: path + [index]), content: child)
      }
    }

    func track(of view: UIView) -> ViewTrack? { trackIndex[ObjectIdentifier(view)].map { tracks[$0] } }

    /// Reads every view at `time` seconds from the start.
    func sample(at time: Double) {
      let index = times.count
      times.append(time)
      perspectives.append(LayerValues.fields(container.layer.sublayerTransform))
      backgrounds.append(
        (container.layer.presentation() ?? container.layer).backgroundColor.flatMap(LayerValues.components))
      // Every view in paint order: the window's, the container's in its place, each before what
      // is inside it.
      var order: [ObjectIdentifier] = []
      func paint(_ view: UIView) {
        order.append(ObjectIdentifier(view))
        for subview in view.subviews { paint(subview) }
      }
      for view in window.subviews {
        if view === container { container.subviews.forEach(paint) } else { paint(view) }
      }
      topLevelOrders.append(order)
      var seen = Set<ObjectIdentifier>()
      /// `view` and what is inside it; `drawn`: it is in the window.
      func visit(_ view: UIView, drawn: Bool) {
        let key = ObjectIdentifier(view)
        guard seen.insert(key).inserted else { return }
        if trackIndex[key] == nil {
          register(view, origin: .added, content: ContentNode.read(view))
        }
        let track = tracks[trackIndex[key]!]
        while track.shown.count < index {
          track.shown.append(nil)
          track.model.append(nil)
          track.parents.append(nil)
          track.contents.append(nil)
          track.composed.append(nil)
        }
        var shown = LayerValues(view.layer.presentation() ?? view.layer)
        var model = LayerValues(view.layer)
        switch LayerMask.read(view.layer) {
        case .none: break
        case .mask(let mask, let layer):
          shown.mask = mask
          model.mask = mask
          shown.maskLayer = layer
          model.maskLayer = layer
        case .refused(let keyPath, let reason): refuse(track, keyPath, reason)
        }
        track.shown.append(drawn ? shown : nil)
        track.model.append(model)
        track.parents.append(view.superview.map(ObjectIdentifier.init))
        track.composed.append(
          drawn && view.superview !== container && view.superview !== window ? composedMap(view) : nil)
        track.contents.append((view.layer.contents as AnyObject?).map(ObjectIdentifier.init))
        checkAnimations(of: track)
        for subview in view.subviews { visit(subview, drawn: drawn) }
      }
      // The window and the container are the recorder's own: what is in them is the app's.
      for view in window.subviews {
        if view === container {
          for subview in container.subviews { visit(subview, drawn: true) }
        } else {
          visit(view, drawn: true)
        }
      }
      for role in ScreenRole.allCases {
        if let screen = screens[role] { visit(screen, drawn: false) }
      }
      // Views no longer anywhere the recorder looks (a snapshot removed on completion).
      for track in tracks where track.shown.count <= index {
        while track.shown.count <= index {
          track.shown.append(nil)
          track.model.append(nil)
          track.parents.append(nil)
          track.contents.append(track.contents.last ?? nil)
          track.composed.append(nil)
        }
      }
    }

    /// `view`'s bounds in the container's points, as Core Animation draws them: each layer's own
    /// map (its bounds about its anchor, its transform, at its position and zPosition), then its
    /// superlayer's sublayerTransform about the superlayer's centre, what is inside a layer
    /// flattened into its plane, up to the container (whose perspective the scene applies).
    func composedMap(_ view: UIView) -> [Double] {
      func shown(_ layer: CALayer) -> CALayer { layer.presentation() ?? layer }
      /// A layer's points to its superlayer's; `scrolled`: the points of what is inside it,
      /// offset by its bounds' origin (a scroll view's), not of its own content.
      func own(_ layer: CALayer, scrolled: Bool = true) -> [Double] {
        let size = layer.bounds.size
        let origin = scrolled ? layer.bounds.origin : .zero
        let anchor = TransformParts.product(
          [
            1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, Double(-layer.anchorPoint.x * size.width - origin.x),
            Double(-layer.anchorPoint.y * size.height - origin.y), 0, 1,
          ],
          LayerValues.fields(layer.transform))
        return TransformParts.product(
          anchor,
          [
            1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, Double(layer.position.x), Double(layer.position.y),
            Double(layer.zPosition), 1,
          ])
      }
      func flat(_ m: [Double]) -> [Double] {
        var m = m
        (m[2], m[6], m[10], m[14]) = (0, 0, 1, 0)
        return m
      }
      var map = own(shown(view.layer), scrolled: false)
      var current = view
      while let parent = current.superview, parent !== container, parent !== window {
        let layer = shown(parent.layer)
        let (w, h) = (Double(layer.bounds.width), Double(layer.bounds.height))
        let around = TransformParts.product(
          TransformParts.product(
            [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, -w / 2, -h / 2, 0, 1], LayerValues.fields(layer.sublayerTransform)),
          [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, w / 2, h / 2, 0, 1])
        map = TransformParts.product(flat(TransformParts.product(map, around)), own(layer))
        current = parent
      }
      return map
    }

    /// Adds a track (the overlay a view moved out of its screen is while away).
    func append(_ track: ViewTrack) { tracks.append(track) }

    /// Notes the animations on `track`'s layer (and its mask and own sublayers) whose effect is
    /// not in what the samples read.
    private func checkAnimations(of track: ViewTrack) {
      let layer = track.view.layer
      for key in layer.animationKeys() ?? [] {
        guard let animation = layer.animation(forKey: key) else { continue }
        if !track.observed.contains(where: { $0.animation === animation }) {
          // Its begin time, fixed at the commit that added it (0 until then: it begins now).
          let begin =
            animation.beginTime == 0
            ? CACurrentMediaTime() - start : layer.convertTime(animation.beginTime, to: nil) - start
          track.observed.append(
            ObservedAnimation(
              key: key, animation: animation, firstSample: times.count - 1, begin: begin, model: layer,
              modelAtStart: LayerValues(layer)))
        }
        for keyPath in RecordingSession.keyPaths(of: animation) where !RecordingSession.sampled(keyPath) {
          refuse(
            track, keyPath,
            keyPath == "contents"
              ? "its contents change while it animates (a picture swapped mid-animation), which a scene's one picture a layer cannot show"
              : keyPath.isEmpty
                ? "a \(String(describing: type(of: animation))) (a UIView.transition or CATransition), whose pixels are Core Animation's own"
                : "a scene has no property for this key path (a custom or unsupported layer property)")
        }
      }
      if let mask = layer.mask {
        for key in mask.animationKeys() ?? [] {
          guard let animation = mask.animation(forKey: key) else { continue }
          for keyPath in RecordingSession.keyPaths(of: animation)
          where !RecordingSession.maskKeyPaths.contains(keyPath) && !keyPath.hasPrefix("transform.") {
            refuse(track, "mask." + keyPath, "its mask layer animates a key path the recorder does not record yet")
          }
        }
      }
      for sublayer in layer.sublayers ?? [] where !track.view.subviews.contains(where: { $0.layer === sublayer }) {
        if let keys = sublayer.animationKeys(), let key = keys.first {
          let keyPath = sublayer.animation(forKey: key).map(RecordingSession.keyPaths)?.first ?? key
          refuse(
            track, "sublayers", "a sublayer no view owns animates \(keyPath), which the recorder does not record yet")
        }
      }
    }

    /// The key paths an animation changes: a property animation's, a group's children's; an
    /// empty path for a transition.
    static func keyPaths(of animation: CAAnimation) -> [String] {
      if let group = animation as? CAAnimationGroup { return (group.animations ?? []).flatMap(keyPaths) }
      if let property = animation as? CAPropertyAnimation { return [property.keyPath ?? ""] }
      return [""]
    }

    static func sampled(_ keyPath: String) -> Bool {
      sampledKeyPaths.contains(keyPath) || keyPath.hasPrefix("transform.")
    }

    func refuse(_ track: ViewTrack?, _ keyPath: String, _ reason: String, dropsMotion: Bool = false) {
      let key = "\(track.map { ObjectIdentifier($0).hashValue } ?? 0) \(keyPath)"
      guard refused.insert(key).inserted else { return }
      refusals.append((track, keyPath, reason, dropsMotion))
    }

    /// After the last sample: a model value that changes at three samples running with no
    /// animation of its own is set frame by frame (a CADisplayLink or a timer, UIKit Dynamics),
    /// which a scene cannot state as animations; a picture swapped while the view is drawn is
    /// a contents change.
    func checkFrameLoops() {
      for track in tracks {
        var run = 0
        for index in 1..<max(1, times.count) {
          if track.contents[index] != track.contents[index - 1], track.shown[index - 1] != nil,
            track.shown[index] != nil
          {
            refuse(
              track, "contents", "its contents change while it is drawn (a picture swapped mid-transition)",
              dropsMotion: true)
          }
          guard let before = track.model[index - 1], let after = track.model[index], track.shown[index] != nil else {
            run = 0
            continue
          }
          let changed =
            before.frame != after.frame || before.transform != after.transform
            || before.opacity != after.opacity || before.color != after.color
          run = changed ? run + 1 : 0
          if run == 3 {
            let keyPath =
              before.transform != after.transform
              ? "transform"
              : before.frame != after.frame
                ? "position" : before.opacity != after.opacity ? "opacity" : "backgroundColor"
            refuse(
              track, keyPath,
              "its model value changes on every frame without an animation (a CADisplayLink or timer loop, or UIKit "
                + "Dynamics), which a scene cannot state as animations", dropsMotion: true)
          }
        }
      }
    }
  }
#endif
