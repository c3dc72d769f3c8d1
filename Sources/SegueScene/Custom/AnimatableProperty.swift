/// A property a custom transition animates (docs/custom-transitions.md), with what it applies to.
public enum AnimatableProperty: String, Sendable, Hashable, CaseIterable, Comparable {
  case frame
  case anchor
  case translate
  /// Points toward the eye, after rotations, as translate is (CATransform3DTranslate's tz).
  case translateZ
  case scale
  case rotation
  case rotationX
  case rotationY
  case opacity
  case cornerRadius
  case cornerCurve
  case mask
  case shadow
  case color
  /// The layer's whole transform as steps (`TransformStep`), about its anchor; a target that
  /// has it sets no translate, scale or rotation of its own.
  case transform

  /// Screens have no fill colour of their own; layers and overlays do. A mask layer has a
  /// frame, anchor, transform and opacity; its shape is its host's `mask`.
  public func applies(to target: Target) -> Bool {
    if self == .color, case .screen = target { return false }
    if case .mask = target { return Self.maskLayerProperties.contains(self) }
    return true
  }

  /// What a mask layer (`to.mask`) animates.
  public static let maskLayerProperties: Set<AnimatableProperty> = [
    .frame, .anchor, .translate, .translateZ, .scale, .rotation, .rotationX, .rotationY, .opacity, .transform,
  ]

  /// What a value of the property is, for messages and the schema.
  public var summary: String {
    switch self {
    case .frame: return "[x, y, width, height] in points, width and height not negative"
    case .anchor: return "[ax, ay] in units of the frame, or {\"points\": [x, y]}"
    case .translate: return "[tx, ty] in points"
    case .translateZ: return "a distance toward the eye in points"
    case .scale: return "a number or [sx, sy]"
    case .rotation, .rotationX, .rotationY: return "an angle in degrees"
    case .opacity: return "an opacity from 0 to 1"
    case .cornerRadius: return "a radius in points (not negative) or [topLeft, topRight, bottomRight, bottomLeft]"
    case .cornerCurve: return "'circular' or 'continuous'"
    case .mask:
      return
        "{\"circle\": [cx, cy, r]}, {\"rect\": [x, y, w, h], \"cornerRadius\": r}, {\"path\": \"<SVG path data>\"} or null"
    case .shadow: return "{\"color\", \"opacity\", \"radius\", \"offset\": [dx, dy]} or null"
    case .color: return "a colour as '#RGB', '#RRGGBB' or '#RRGGBBAA'"
    case .transform:
      return "an array of steps: {\"perspective\": d}, {\"rotateX\" | \"rotateY\" | \"rotateZ\": degrees}, "
        + "{\"scale\": s | [sx, sy] | [sx, sy, sz]}, {\"translate\": [tx, ty] | [tx, ty, tz]}"
    }
  }

  /// The parts of the transform the scene names one by one, which `transform` sets as a whole.
  public static let transformParts: [AnimatableProperty] = [
    .translate, .translateZ, .scale, .rotation, .rotationX, .rotationY,
  ]

  public static func < (lhs: AnimatableProperty, rhs: AnimatableProperty) -> Bool {
    allCases.firstIndex(of: lhs)! < allCases.firstIndex(of: rhs)!
  }
}
