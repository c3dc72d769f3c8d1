import SegueGeometry

/// Where every geometric input of a scene comes from, in one place: the container, the screens'
/// frames, the frames and corners of the views the app hands in, and each target's parent. It
/// answers two ways: as numbers of the scene drawn for one device and variant (`value(of:)`),
/// and as formulas over `GeometryInput`s that the animator evaluates on the running app. The
/// renderer and the export ask it; neither keeps its own copy of these rules.
///
/// A layer's frame in the container is its screen's origin plus the origins of the groups it is
/// in plus its own (groups have no transform of their own); a target's coordinates are its
/// parent's: the container for screens and overlays, the screen for its top-level layers and
/// `over` overlays, the group for a layer inside one.
public struct SceneGeometry: Sendable {
  public let container: Size
  /// The container's safe-area insets on this device and variant.
  public let safeArea: SafeArea
  let screens: [ScreenRole: Screen]
  /// The screen each `over` overlay is drawn in.
  let overlayScreens: [String: ScreenRole]
  /// The screen pieces of `snapshots`, by name.
  let snapshots: [String: Overlay.Snapshot]
  /// The rects overlays state, by name: where a mask of one starts its coordinates.
  let overlayRects: [String: Rect]
  /// The rects overlays give as pins or frames of views, as formulas, by name.
  let overlayFrames: [String: MeasuredRect]
  /// Each screen's layer paths by id (the first layer with the id, at any depth).
  let paths: [ScreenRole: [String: [Int]]]
  /// The sizes a preset gives its screens, as formulas (`CustomTransition.screenSizes`).
  let screenSizes: [ScreenRole: (width: Measure, height: Measure)]

  public init(
    container: Size, safeArea: SafeArea = .zero, from: Screen, to: Screen, overlays: [Overlay] = [],
    screenSizes: [ScreenRole: (width: Measure, height: Measure)] = [:]
  ) {
    self.container = container
    self.safeArea = safeArea
    self.screenSizes = screenSizes
    screens = [.from: from, .to: to]
    var over: [String: ScreenRole] = [:]
    for overlay in overlays where over[overlay.name] == nil {
      if let role = overlay.over { over[overlay.name] = role }
    }
    overlayScreens = over
    var snapshots: [String: Overlay.Snapshot] = [:]
    for overlay in overlays where snapshots[overlay.name] == nil {
      if let snapshot = overlay.snapshot { snapshots[overlay.name] = snapshot }
    }
    self.snapshots = snapshots
    var rects: [String: Rect] = [:]
    for overlay in overlays where rects[overlay.name] == nil {
      if let rect = overlay.rect { rects[overlay.name] = rect }
    }
    overlayRects = rects
    var frames: [String: MeasuredRect] = [:]
    for overlay in overlays where frames[overlay.name] == nil {
      if let frame = overlay.frame { frames[overlay.name] = frame }
    }
    overlayFrames = frames
    var paths: [ScreenRole: [String: [Int]]] = [:]
    for role in ScreenRole.allCases {
      var ids: [String: [Int]] = [:]
      for (path, layer) in (role == .from ? from : to).allLayers {
        if let id = layer.id, ids[id] == nil { ids[id] = path }
      }
      paths[role] = ids
    }
    self.paths = paths
  }

  /// The key the app hands a layer's view under: `from.card`.
  public static func key(_ role: ScreenRole, _ id: String) -> String { "\(role.rawValue).\(id)" }

  /// A screen's frame in the container for this device: at the origin, its own size or the container's.
  public func screenFrame(_ role: ScreenRole) -> Rect {
    Rect(size: screens[role]?.size ?? container)
  }

  /// The path of the layer a key names, when one has that id.
  func path(of key: String) -> (ScreenRole, [Int])? {
    guard let dot = key.firstIndex(of: "."), let role = ScreenRole(rawValue: String(key[..<dot])) else { return nil }
    return paths[role]?[String(key[key.index(after: dot)...])].map { (role, $0) }
  }

  /// A layer's frame in the container for this device: its screen's origin and every origin on its path.
  func frameInContainer(_ role: ScreenRole, path: [Int]) -> Rect? {
    guard let screen = screens[role], let layer = screen.layer(at: path) else { return nil }
    let screenFrame = screenFrame(role)
    var origin = Point(x: screenFrame.x, y: screenFrame.y)
    for depth in 1..<max(1, path.count) {
      guard let group = screen.layer(at: Array(path.prefix(depth))) else { return nil }
      origin = Point(x: origin.x + group.rect.x, y: origin.y + group.rect.y)
    }
    return Rect(
      x: origin.x + layer.rect.x, y: origin.y + layer.rect.y, width: layer.rect.width, height: layer.rect.height)
  }

  /// An input's number for this device and variant; 0 for a view no layer stands for.
  public func value(of input: GeometryInput) -> Double {
    func component(_ rect: Rect, _ part: GeometryInput.RectComponent) -> Double {
      switch part {
      case .x: return rect.x
      case .y: return rect.y
      case .width: return rect.width
      case .height: return rect.height
      }
    }
    switch input {
    case .containerWidth: return container.width
    case .containerHeight: return container.height
    case .safeArea(let edge): return safeArea.inset(edge)
    case .screen(let role, let part): return component(screenFrame(role), part)
    case .view(let key, let part):
      guard let (role, path) = path(of: key), let frame = frameInContainer(role, path: path) else { return 0 }
      return component(frame, part)
    case .viewCornerRadius(let key):
      guard let (role, path) = path(of: key), let layer = screens[role]?.layer(at: path) else { return 0 }
      return layer.cornerRadius.values.first { $0 > 0 } ?? 0
    }
  }

  /// The evaluator `Measure.value(_:)` takes.
  public var inputs: (GeometryInput) -> Double { { value(of: $0) } }

  // MARK: - Formulas

  /// The origin of `target`'s parent in the container: where its coordinates start.
  public func parentOrigin(of target: Target) -> (x: Measure, y: Measure) {
    let zero = (x: Measure.constant(0), y: Measure.constant(0))
    func screenOrigin(_ role: ScreenRole) -> (x: Measure, y: Measure) {
      screenRect(role).map { ($0.x, $0.y) } ?? (.input(.screen(role, .x)), .input(.screen(role, .y)))
    }
    switch target {
    case .screen: return zero
    case .mask(let host): return origin(of: host)
    case .overlay(let name): return overlayScreens[name].map(screenOrigin) ?? zero
    case .layer(let role, let id):
      guard let path = layerPath(role, id: id), path.count > 1, let screen = screens[role] else {
        return screenOrigin(role)
      }
      // The nearest group with an id is a view the app has; above it, groups without one add
      // their stated origins.
      var origin = screenOrigin(role)
      var start = 1
      for depth in stride(from: path.count - 1, through: 1, by: -1) {
        if let groupID = screen.layer(at: Array(path.prefix(depth)))?.id {
          let key = Self.key(role, groupID)
          origin = (.input(.view(key, .x)), .input(.view(key, .y)))
          start = depth + 1
          break
        }
      }
      for depth in start..<path.count {
        let group = layoutFrame(role, path: Array(path.prefix(depth)))
        origin = (origin.x + group.x, origin.y + group.y)
      }
      return origin
    }
  }

  /// Where `target`'s own frame starts in the container, before anything animates it: a mask
  /// layer's coordinates are its host's bounds, so a frame of a view is taken into them by
  /// subtracting this. The host's parent's origin plus the host's own origin in it:
  ///   a screen:        its frame's origin
  ///   a handed layer:  its view's frame's origin, read at run time
  ///   a pinned layer:  its parent's origin + its laid-out origin
  ///   an overlay:      its parent's origin + its rect's origin (0 when it covers its parent)
  ///   a snapshot:      its screen's origin + its rect's origin
  public func origin(of target: Target) -> (x: Measure, y: Measure) {
    func plus(_ a: (x: Measure, y: Measure), _ b: (x: Measure, y: Measure)) -> (x: Measure, y: Measure) {
      (a.x + b.x, a.y + b.y)
    }
    switch target {
    case .screen, .mask:
      guard case .rect(let frame)? = initial(.frame, of: target, overlayRect: nil) else {
        return (.constant(0), .constant(0))
      }
      return (frame.x, frame.y)
    case .layer(let role, let id) where isHanded(target):
      let key = Self.key(role, id)
      return (.input(.view(key, .x)), .input(.view(key, .y)))
    case .layer(let role, let id):
      guard let path = layerPath(role, id: id) else { return parentOrigin(of: target) }
      let frame = layoutFrame(role, path: path)
      return plus(parentOrigin(of: target), (frame.x, frame.y))
    case .overlay(let name):
      if snapshots[name] != nil, case .rect(let frame)? = initial(.frame, of: target, overlayRect: nil) {
        return (frame.x, frame.y)
      }
      if let frame = overlayFrames[name] { return plus(parentOrigin(of: target), (frame.x, frame.y)) }
      let rect = overlayRects[name] ?? .zero
      return plus(parentOrigin(of: target), (.constant(rect.x), .constant(rect.y)))
    }
  }

  /// A layer's frame in its parent as the app lays it out: its pins over its parent's size (its
  /// screen's, its group's: a group with an id is a view of the app's, whose size is read), or
  /// the rect the scene states. Evaluated, it is the layer's laid-out `rect`.
  public func layoutFrame(_ role: ScreenRole, path: [Int]) -> MeasuredRect {
    guard let screen = screens[role], let layer = screen.layer(at: path) else { return MeasuredRect(Rect.zero) }
    guard let pins = layer.pins else { return MeasuredRect(layer.rect) }
    let parent: (width: Measure, height: Measure)
    if path.count == 1 {
      let frame = screenRect(role) ?? .screen(role)
      parent = (frame.width, frame.height)
    } else if let id = screen.layer(at: Array(path.dropLast()))?.id {
      let key = Self.key(role, id)
      parent = (.input(.view(key, .width)), .input(.view(key, .height)))
    } else {
      let frame = layoutFrame(role, path: Array(path.dropLast()))
      parent = (frame.width, frame.height)
    }
    return pinned(pins, in: parent)
  }

  /// Pins laid out in a parent of `parent`'s size, as a layer's, a snapshot's and an overlay's
  /// rect are: in its bounds, or with `"in": "safeArea"` in its bounds inset by the container's
  /// safe area, the pins' origin then moved by the top-left insets:
  ///   inner = (width − left − right, height − top − bottom)
  ///   frame = (left + x.origin, top + y.origin, x.length, y.length) over `inner`.
  public func pinned(_ pins: Pins, in parent: (width: Measure, height: Measure)) -> MeasuredRect {
    guard pins.inSafeArea else {
      let x = pins.horizontal.span(in: parent.width)
      let y = pins.vertical.span(in: parent.height)
      return MeasuredRect(x: x.origin, y: y.origin, width: x.length, height: y.length)
    }
    let inset = MeasuredRect.safeAreaInsets
    let inner = (width: parent.width - inset.left - inset.right, height: parent.height - inset.top - inset.bottom)
    let x = pins.horizontal.span(in: inner.width)
    let y = pins.vertical.span(in: inner.height)
    return MeasuredRect(x: inset.left + x.origin, y: inset.top + y.origin, width: x.length, height: y.length)
  }

  /// A screen's frame in the container: its stated or preset size at the origin, else the app's.
  public func screenFrameFormula(_ role: ScreenRole) -> MeasuredRect { screenRect(role) ?? .screen(role) }

  /// A screen's frame when the scene or its preset sizes it (at the container's origin, as
  /// Segue draws it); nil when the app's context gives it.
  public func screenRect(_ role: ScreenRole) -> MeasuredRect? {
    if let (width, height) = screenSizes[role] {
      return MeasuredRect(x: .constant(0), y: .constant(0), width: width, height: height)
    }
    return screens[role]?.size.map { MeasuredRect(Rect(size: $0)) }
  }

  /// The path of a target's layer: an id of the scene, or a path id (`.2.0`) of a sublayer without one.
  func layerPath(_ role: ScreenRole, id: String) -> [Int]? {
    if id.hasPrefix(".") {
      let path = id.split(separator: ".").compactMap { Int($0) }
      return screens[role]?.layer(at: path) != nil ? path : nil
    }
    return paths[role]?[id]
  }

  /// Whether a target is a view the app hands in: a layer with an id of its own.
  public func isHanded(_ target: Target) -> Bool {
    guard case .layer(let role, let id) = target, !id.hasPrefix(".") else { return false }
    return paths[role]?[id] != nil
  }

  /// A reference's frame in the coordinates of `target`'s parent.
  public func frame(of reference: ViewReference, for target: Target) -> MeasuredRect {
    frameInContainer(of: reference).relative(to: parentOrigin(of: target))
  }

  /// A reference's frame in the container: its subject's frame, shifted first (by widths and
  /// heights of the subject's own size), then inset (by points from each edge).
  public func frameInContainer(of reference: ViewReference) -> MeasuredRect {
    var frame: MeasuredRect
    switch reference.subject {
    case .container: frame = .container
    case .safeArea: frame = .safeArea
    case .screen(let role): frame = screenRect(role) ?? .screen(role)
    case .layer(let role, let id): frame = .view(Self.key(role, id))
    }
    if reference.isShifted {
      // A number moves by that many of the frame's own widths (heights); a share by k of
      // another view's, in points.
      if reference.shiftShares.x == nil && reference.shiftShares.y == nil {
        frame = frame.shifted(reference.shift.x, reference.shift.y)
      } else {
        let dx = reference.shiftShares.x.map { share($0, horizontal: true) } ?? frame.width * reference.shift.x
        let dy = reference.shiftShares.y.map { share($0, horizontal: false) } ?? frame.height * reference.shift.y
        frame = MeasuredRect(x: frame.x + dx, y: frame.y + dy, width: frame.width, height: frame.height)
      }
    }
    if reference.isInset {
      let inset = reference.inset
      frame = frame.inset(top: inset.top, left: inset.left, bottom: inset.bottom, right: inset.right)
    }
    return frame
  }

  /// `{"of": ID, "times": k, "plus": c}` in points: k times the width (`horizontal`) or height
  /// of the frame `ID` names, as the app has it, plus c.
  ///
  ///     share = size · k + c    (written size · k − |c| for a negative c: the same double)
  public func share(_ share: ViewReference.Share, horizontal: Bool) -> Measure {
    let frame = frameInContainer(of: ViewReference(share.of))
    let scaled = (horizontal ? frame.width : frame.height) * share.times
    return share.plus < 0 ? scaled - .constant(-share.plus) : scaled + .constant(share.plus)
  }

  /// The size of `target`'s own frame before anything animates it, as the app has it: a
  /// screen's, a handed view's, an overlay's (its rect's, or its parent's); nil for a layer
  /// the scene does not have.
  public func ownSize(of target: Target, overlayRect: Rect?) -> (width: Measure, height: Measure)? {
    if case .overlay(let name) = target, let frame = overlayFrames[name] { return (frame.width, frame.height) }
    if let rect = overlayRect, case .overlay = target { return (.constant(rect.width), .constant(rect.height)) }
    if case .layer(let role, let id) = target, !isHanded(target) {
      return layerPath(role, id: id).flatMap { screens[role]?.layer(at: $0) }.map {
        (.constant($0.rect.width), .constant($0.rect.height))
      }
    }
    guard case .rect(let frame)? = initial(.frame, of: target, overlayRect: nil) else { return nil }
    return (frame.width, frame.height)
  }

  /// A handed layer's corner radius on the corners it rounds (the others stay square); on all
  /// four when the scene rounds none, so a radius the app gives its view is read all the same.
  public func cornerRadius(of role: ScreenRole, id: String) -> PropertyFormula {
    let radius = Measure.input(.viewCornerRadius(Self.key(role, id)))
    let corners = paths[role]?[id].flatMap { screens[role]?.layer(at: $0) }?.cornerRadius ?? .zero
    func corner(_ value: Double) -> Measure { value == 0 && !corners.isZero ? .constant(0) : radius }
    return .radii(
      corner(corners.topLeft), corner(corners.topRight), corner(corners.bottomRight), corner(corners.bottomLeft))
  }

  /// A property's value before any animation as the app has it: a screen's frame, a handed
  /// view's frame in its parent and its corner radius, an overlay's frame when it covers its
  /// parent; nil where the scene's own number stands (`TargetIndex.initial`).
  public func initial(_ property: AnimatableProperty, of target: Target, overlayRect: Rect?) -> PropertyFormula? {
    switch (property, target) {
    case (.frame, .screen(let role)):
      return .rect(frame(of: ViewReference(.screen(role)), for: target))
    case (.frame, .layer(let role, let id)) where isHanded(target):
      return .rect(frame(of: ViewReference(.layer(role, id: id)), for: target))
    case (.frame, .layer(let role, let id)):
      return layerPath(role, id: id).map { .rect(layoutFrame(role, path: $0)) }
    case (.frame, .overlay(let name)) where snapshots[name] != nil:
      // A piece of a screen starts over the place it shows: its rect from the screen's origin.
      guard let snapshot = snapshots[name] else { return nil }
      let screen = frame(of: ViewReference(.screen(snapshot.of)), for: .screen(snapshot.of))
      let rect = snapshot.frame
      return .rect(MeasuredRect(x: screen.x + rect.x, y: screen.y + rect.y, width: rect.width, height: rect.height))
    case (.frame, .overlay(let name)) where overlayFrames[name] != nil:
      // An overlay's rect as pins or a frame of a view: as the app computes it.
      return overlayFrames[name].map { .rect($0) }
    case (.frame, .overlay(let name)) where overlayRect == nil:
      let subject = overlayScreens[name].map(ViewReference.Subject.screen) ?? .container
      return .rect(frame(of: ViewReference(subject), for: target))
    case (.cornerRadius, .layer(let role, let id)) where isHanded(target):
      return cornerRadius(of: role, id: id)
    case (.frame, .mask(let host)):
      // A mask layer starts over its host's bounds: [0, 0, the host's size].
      guard let size = ownSize(of: host, overlayRect: overlayRect),
        !(size.width.constant != nil && size.height.constant != nil)
      else { return nil }
      return .rect(MeasuredRect(x: .constant(0), y: .constant(0), width: size.width, height: size.height))
    default:
      return nil
    }
  }
}
