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

  /// `{"of": ID, "times": k, "plus": c}`: k times the width (along x) or height (along y) of
  /// the frame `of` names, plus c points, read at run time: Auto Layout's multiplier and
  /// constant, so a centred tile (`width · 0.5 − 100`) is written for every container.
  public struct Share: Sendable, Equatable {
    public var of: Subject
    public var times: Double
    /// Points added to the share (0: none).
    public var plus: Double

    public init(of: Subject, times: Double, plus: Double = 0) {
      self.of = of
      self.times = times
      self.plus = plus
    }
  }

  public var subject: Subject
  /// Moves the frame by sx of its widths and sy of its heights.
  public var shift: Point
  /// A shift given as a share of a view's size instead, along x and along y: it moves the
  /// frame by those points (the numbers of `shift` then stand for nothing on that axis).
  public var shiftShares: (x: Share?, y: Share?) = (nil, nil)
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

  public var isShifted: Bool { shift.x != 0 || shift.y != 0 || shiftShares.x != nil || shiftShares.y != nil }
  public var isInset: Bool { inset != (0, 0, 0, 0) }

  public static func == (lhs: ViewReference, rhs: ViewReference) -> Bool {
    lhs.subject == rhs.subject && lhs.shift == rhs.shift && lhs.inset == rhs.inset
      && lhs.shiftShares.x == rhs.shiftShares.x && lhs.shiftShares.y == rhs.shiftShares.y
  }
}
