/// What an animation of a custom transition moves (docs/custom-transitions.md): a screen's snapshot, a layer
/// lifted out of a screen, or an overlay.
public enum Target: Hashable, Sendable, CustomStringConvertible {
  case screen(ScreenRole)
  /// The layer of that screen whose `id` is the string.
  case layer(ScreenRole, id: String)
  /// An overlay declared in `overlays`, by name.
  case overlay(String)
  /// The mask layer of a screen, layer or overlay (`to.mask`, `from.card.mask`): its frame,
  /// anchor, transform and opacity, as a `CAShapeLayer` set as the view's mask. Its shape is the
  /// host's `mask` property.
  indirect case mask(of: Target)

  /// As a scene writes it: `from`, `to.avatar`, `dim`.
  public var description: String {
    switch self {
    case .screen(let role): return role.rawValue
    case .layer(let role, let id): return "\(role.rawValue).\(id)"
    case .overlay(let name): return name
    case .mask(let host): return "\(host).mask"
    }
  }

  /// The screen the target belongs to (an overlay's only when it is `over` one; see the scene).
  public var screen: ScreenRole? {
    switch self {
    case .screen(let role), .layer(let role, _): return role
    case .overlay: return nil
    case .mask(let host): return host.screen
    }
  }

  /// The overlay's name, for an overlay; nil for any other target (no overlay can be found
  /// for it by name, whatever the overlays are called).
  public var overlayName: String? {
    if case .overlay(let name) = self { return name }
    return nil
  }

  /// The screen, layer or overlay whose mask this is, for a mask; else itself.
  public var host: Target {
    if case .mask(let host) = self { return host }
    return self
  }
}
