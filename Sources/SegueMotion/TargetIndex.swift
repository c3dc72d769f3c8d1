import SegueGeometry
import SegueScene

/// A scene's layers by id and a custom transition's overlays by name, indexed once: the motion
/// stage looks a target up for every property of every frame, and a scan of the screen's layers or
/// the overlays there would make a frame cost (targets)².
struct TargetIndex: Sendable {
  let scene: Scene
  let custom: CustomTransition
  /// Each screen's layer paths by id, at any depth: the first layer with the id, as
  /// `Screen.layerPath(id:)`.
  private let layers: [ScreenRole: [String: [Int]]]
  /// The first overlay of each name, as `CustomTransition.overlay(_:)`.
  private let overlays: [String: Overlay]

  init(_ scene: Scene, _ custom: CustomTransition) {
    self.scene = scene
    self.custom = custom
    var layers: [ScreenRole: [String: [Int]]] = [:]
    for role in ScreenRole.allCases {
      var ids: [String: [Int]] = [:]
      for (path, layer) in scene.screen(role).allLayers {
        if let id = layer.id, ids[id] == nil { ids[id] = path }
      }
      layers[role] = ids
    }
    self.layers = layers
    var overlays: [String: Overlay] = [:]
    for overlay in custom.overlays where overlays[overlay.name] == nil { overlays[overlay.name] = overlay }
    self.overlays = overlays
  }

  /// The path of the layer of `role` whose id is `id`, from the screen's layers down; an id the
  /// plan makes for a layer that has none (`pathID`) is its path.
  func layerPath(_ role: ScreenRole, id: String) -> [Int]? {
    if id.hasPrefix(".") {
      let path = id.split(separator: ".").compactMap { Int($0) }
      return scene.screen(role).layer(at: path) != nil ? path : nil
    }
    return layers[role]?[id]
  }

  /// The id that names the layer at `path` in the plan when the scene gives it none (a cascaded
  /// sublayer): `.` and its indices, `.2.0`, which no id of a scene can be (ids have no `.`).
  static func pathID(_ path: [Int]) -> String {
    path.map { ".\($0)" }.joined()
  }

  /// The layer a target names, when it names one that exists.
  func layer(_ target: Target) -> Layer? {
    guard case .layer(let role, let id) = target, let path = layerPath(role, id: id) else { return nil }
    return scene.screen(role).layer(at: path)
  }

  /// The overlay named `name`.
  func overlay(_ name: String) -> Overlay? { overlays[name] }

  /// A property's value before any animation (the initial values of docs/custom-transitions.md): a
  /// screen's frame is [0, 0, its size]; a layer's frame, corners, curve, colour and opacity are its
  /// own; an overlay's frame is its rect (or the container) and its colour and opacity its own; a
  /// mask layer's frame is its host's bounds.
  func initial(_ property: AnimatableProperty, of target: Target) -> PropertyValue {
    let layer = layer(target)
    let overlay: Overlay? = {
      guard case .overlay(let name) = target else { return nil }
      return overlays[name]
    }()
    switch property {
    case .frame:
      switch target {
      case .screen(let role): return .rect(Rect(size: scene.screen(role).size ?? scene.size))
      case .layer: return .rect(layer?.rect ?? Rect(x: 0, y: 0, width: 0, height: 0))
      case .overlay:
        // Default: the container, in container points or (with `over`) in its screen's points,
        // where its screen's frame clips it.
        // A screen's piece: its rect, where the screen starts ([0, 0, size]).
        return .rect(overlay?.snapshot?.rect ?? overlay?.rect ?? Rect(size: scene.size))
      case .mask(let host):
        // Over its host's bounds.
        guard case .rect(let frame) = initial(.frame, of: host) else { return .rect(.zero) }
        return .rect(Rect(size: Size(width: frame.width, height: frame.height)))
      }
    case .anchor: return .point(Point(x: 0.5, y: 0.5))
    case .translate: return .point(Point(x: 0, y: 0))
    case .scale: return .point(Point(x: 1, y: 1))
    case .rotation, .rotationX, .rotationY, .translateZ: return .number(0)
    case .opacity: return .number(layer?.opacity ?? overlay?.opacity ?? 1)
    case .cornerRadius: return .radii(layer?.cornerRadius ?? overlay?.layer?.cornerRadius ?? .zero)
    case .cornerCurve: return .cornerCurve(layer?.cornerCurve ?? overlay?.layer?.cornerCurve ?? .circular)
    case .mask: return .mask(nil)
    case .shadow: return .shadow(nil)
    case .color: return .color(layer?.color ?? overlay?.color ?? .clear)
    case .transform: return .transform([])
    }
  }
}
