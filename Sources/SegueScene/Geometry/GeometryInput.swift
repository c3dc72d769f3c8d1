/// A number the running app knows and a scene only describes: the container's size, a screen's
/// frame in the container, a view the app hands in (its frame converted into the container, its
/// corner radius). Segue reads each from the scene drawn for one device and variant; the
/// generated animator reads it from UIKit.
public enum GeometryInput: Hashable, Sendable, CustomStringConvertible {
  /// `container.bounds.width` and `.height`.
  case containerWidth
  case containerHeight
  /// An inset of the container's safe area: `container.safeAreaInsets.top` and the others.
  case safeArea(Edge)
  /// A component of a screen's frame in the container: `from`'s initial frame, `to`'s final one.
  case screen(ScreenRole, RectComponent)
  /// A component of a handed view's frame converted into the container, by its key (`to.hero`).
  case view(String, RectComponent)
  /// A handed view's corner radius (`layer.cornerRadius`).
  case viewCornerRadius(String)

  /// One number of a rectangle.
  public enum RectComponent: String, Hashable, Sendable, CaseIterable {
    case x
    case y
    case width
    case height
  }

  /// As messages and tests name it: `container.width`, `to.hero.x`, `from.frame.height`.
  public var description: String {
    switch self {
    case .containerWidth: return "container.width"
    case .containerHeight: return "container.height"
    case .safeArea(let edge): return "safeArea.\(edge.rawValue)"
    case .screen(let role, let component): return "\(role.rawValue).frame.\(component.rawValue)"
    case .view(let key, let component): return "\(key).\(component.rawValue)"
    case .viewCornerRadius(let key): return "\(key).cornerRadius"
    }
  }
}
