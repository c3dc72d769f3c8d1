import SegueGeometry

/// `{"of": "to.hero", "shift": [sx, sy], "inset": [top, left, bottom, right]}`: a frame (or a
/// corner radius) that is wherever a view of the app is laid out, in the animated target's
/// coordinates, instead of numbers of one device.
public struct ViewReference: Sendable, Equatable {
  /// What the frame is of.
  public enum Subject: Sendable, Equatable, CustomStringConvertible {
    /// The container's bounds.
    case container
    /// The container's bounds inset by its safe area.
    case safeArea
    /// A screen's frame in the container: `from`'s initial, `to`'s final.
    case screen(ScreenRole)
    /// A layer the app hands in, by its id.
    case layer(ScreenRole, id: String)

    /// As the scene writes it: `container`, `to`, `to.hero`.
    public var description: String {
      switch self {
      case .container: return "container"
      case .safeArea: return "safeArea"
      case .screen(let role): return role.rawValue
      case .layer(let role, let id): return "\(role.rawValue).\(id)"
      }
    }
  }

  public var subject: Subject
  /// Moves the frame by sx of its widths and sy of its heights.
  public var shift: Point
  /// Points in from each edge: top, left, bottom, right.
  public var inset: (top: Double, left: Double, bottom: Double, right: Double)

  public init(
    _ subject: Subject, shift: Point = Point(x: 0, y: 0),
    inset: (top: Double, left: Double, bottom: Double, right: Double) = (0, 0, 0, 0)
  ) {
    self.subject = subject
    self.shift = shift
    self.inset = inset
  }

  public var isShifted: Bool { shift.x != 0 || shift.y != 0 }
  public var isInset: Bool { inset != (0, 0, 0, 0) }

  public static func == (lhs: ViewReference, rhs: ViewReference) -> Bool {
    lhs.subject == rhs.subject && lhs.shift == rhs.shift && lhs.inset == rhs.inset
  }
}
