import SegueGeometry
import SegueScene

/// The Core Animation key paths a scene property animates, with each value written as Swift.
///
/// Core Animation places a layer by `position` (where its anchor lands in its parent), `bounds`
/// and `anchorPoint`, then applies `transform` about the anchor: the scene's
///
///     translate(frame.origin + anchor·size + translate, translateZ) · Ry · Rx · Rz · scale · translate(−anchor·size)
///
/// is `position` = frame.origin + anchor·size, `bounds.size` = frame.size, and the transform's
/// components by key path (`transform.translation.x`, `transform.rotation.y`, `transform.scale.x`),
/// which Core Animation composes as translation · rotation · scale.
enum LayerKeyPath {
  /// The key paths and values of one property's value, or nil when the property is not one
  /// key path of its own (`frame` and `anchor` make `position` together; masks and corner curves
  /// are written apart).
  static func values(_ property: AnimatableProperty, _ value: PropertyValue) -> [(keyPath: String, swift: String)]? {
    let number = SwiftLiteral.number
    switch (property, value) {
    case (.translate, .point(let point)):
      return [("transform.translation.x", number(point.x)), ("transform.translation.y", number(point.y))]
    case (.translateZ, .number(let z)):
      return [("transform.translation.z", number(z))]
    case (.scale, .point(let scale)):
      return [("transform.scale.x", number(scale.x)), ("transform.scale.y", number(scale.y))]
    case (.rotation, .number(let degrees)):
      return [("transform.rotation.z", radians(degrees))]
    case (.rotationX, .number(let degrees)):
      return [("transform.rotation.x", radians(degrees))]
    case (.rotationY, .number(let degrees)):
      return [("transform.rotation.y", radians(degrees))]
    case (.opacity, .number(let opacity)):
      return [("opacity", number(opacity))]
    case (.frame, .rect(let rect)):
      return [("bounds.size", SwiftLiteral.size(rect.size))]
    case (.anchor, .point(let anchor)):
      return [("anchorPoint", SwiftLiteral.point(anchor))]
    case (.cornerRadius, .radii(let radii)):
      return [("cornerRadius", number(uniformRadius(radii)))]
    case (.color, .color(let color)):
      return [("backgroundColor", SwiftLiteral.color(color) + ".cgColor")]
    case (.transform, .transform(let steps)):
      return [("transform", self.steps(steps))]
    case (.shadow, .shadow(let shadow)):
      // No shadow is the same shadow at opacity 0, so one fades in or out (as the scene's does).
      guard let shadow else { return [("shadowOpacity", "0")] }
      return [
        ("shadowColor", SwiftLiteral.color(shadow.color) + ".cgColor"), ("shadowOpacity", number(shadow.opacity)),
        ("shadowRadius", number(shadow.radius)),
        ("shadowOffset", "CGSize(width: \(number(shadow.offset.x)), height: \(number(shadow.offset.y)))"),
      ]
    default:
      return nil
    }
  }

  /// A transform's steps with the animator's helper, `Self.steps(.perspective(900), .rotateX(15))`
  /// (`AnimatorHelpers`), the identity for none.
  static func steps(_ steps: [TransformStep]) -> String {
    guard !steps.isEmpty else { return "CATransform3DIdentity" }
    let number = SwiftLiteral.number
    let written = steps.map { step -> String in
      switch step {
      case .perspective(let distance): return ".perspective(\(number(distance)))"
      case .rotateX(let degrees): return ".rotateX(\(number(degrees)))"
      case .rotateY(let degrees): return ".rotateY(\(number(degrees)))"
      case .rotateZ(let degrees): return ".rotateZ(\(number(degrees)))"
      case .scale(let x, let y, let z): return ".scale(\(number(x)), \(number(y)), \(number(z)))"
      case .translate(let x, let y, let z): return ".translate(\(number(x)), \(number(y)), \(number(z)))"
      case .matrix(let m):
        // Core Animation's m11 … m44 are the rows of its layout, the columns of ours.
        let fields = (0..<4).flatMap { i in (0..<4).map { j in "m\(i + 1)\(j + 1): \(number(m.m[j][i]))" } }
        return ".matrix(CATransform3D(\(fields.joined(separator: ", "))))"
      }
    }
    return "Self.steps(\(written.joined(separator: ", ")))"
  }

  /// `Self.radians(90)`: the scene's degrees, converted where a reader sees them.
  static func radians(_ degrees: Double) -> String {
    degrees == 0 ? "0" : "Self.radians(\(SwiftLiteral.number(degrees)))"
  }

  /// The one radius of the corners that are rounded (Core Animation rounds the corners in
  /// `maskedCorners` by one `cornerRadius`).
  static func uniformRadius(_ radii: CornerRadii) -> Double {
    radii.values.first { $0 > 0 } ?? 0
  }

  /// Whether Core Animation can draw these corners: every rounded corner has one radius.
  static func isExpressible(_ radii: CornerRadii) -> Bool {
    Set(radii.values.filter { $0 > 0 }).count <= 1
  }

  /// Which corners are rounded, as `CACornerMask`; nil when all four are (the default).
  static func maskedCorners(_ radii: CornerRadii) -> String? {
    let names = [
      (radii.topLeft, "layerMinXMinYCorner"), (radii.topRight, "layerMaxXMinYCorner"),
      (radii.bottomRight, "layerMaxXMaxYCorner"), (radii.bottomLeft, "layerMinXMaxYCorner"),
    ]
    let rounded = names.filter { $0.0 > 0 }.map { "." + $0.1 }
    guard !rounded.isEmpty, rounded.count < 4 else { return nil }
    return "[" + rounded.joined(separator: ", ") + "]"
  }

  /// A mask as a path in the target's points, written with the animator's helpers (a circle and
  /// a rounded rectangle whose elements never change, so Core Animation morphs one into another).
  static func path(_ mask: Mask) -> String {
    let number = SwiftLiteral.number
    switch mask {
    case .circle(let center, let radius):
      return "circle(center: \(SwiftLiteral.point(center)), radius: \(number(abs(radius))))"
    case .rect(let rect, let radius):
      return "roundedRect(\(SwiftLiteral.rect(rect.standardized)), cornerRadius: \(number(abs(radius))))"
    case .path(let path):
      // Only the segments' kinds (M L Q C Z, never the scene's text) and numbers reach the code.
      let numbers = path.segments.flatMap(\.points).flatMap { [$0.x, $0.y] }.map(number)
      return "path(\(SwiftLiteral.string(path.commands)), [\(numbers.joined(separator: ", "))])"
    }
  }
}
