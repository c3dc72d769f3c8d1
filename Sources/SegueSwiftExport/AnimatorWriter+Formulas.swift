import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  /// The key paths and Swift values of one property: from its formula when it reads the app's
  /// geometry, else from its constant value (`LayerKeyPath.values`).
  func keyPathValues(_ property: AnimatableProperty, _ value: PropertyValue, _ formula: PropertyFormula?)
    -> [(keyPath: String, swift: String)]?
  {
    guard let formula, !formula.isConstant else { return LayerKeyPath.values(property, value) }
    switch (property, formula) {
    case (.translate, .point(let x, let y)):
      return [("transform.translation.x", app.swift(x)), ("transform.translation.y", app.swift(y))]
    case (.translateZ, .number(let z)):
      return [("transform.translation.z", app.swift(z))]
    case (.scale, .point(let x, let y)):
      return [("transform.scale.x", app.swift(x)), ("transform.scale.y", app.swift(y))]
    case (.frame, .rect(let rect)):
      return [("bounds.size", app.size(rect.width, rect.height))]
    case (.anchor, .point(let x, let y)):
      return [("anchorPoint", app.point(x, y))]
    case (.cornerRadius, .radii):
      return [("cornerRadius", app.swift(Self.uniformRadius(formula)))]
    default:
      return LayerKeyPath.values(property, value)
    }
  }

  /// The one radius of the rounded corners (`LayerKeyPath.uniformRadius`) of a radii formula.
  static func uniformRadius(_ formula: PropertyFormula) -> Measure {
    formula.measures.first { $0 != .constant(0) } ?? .constant(0)
  }

  /// A mask's path with the animator's helpers, from its formula when it reads the app's geometry.
  func maskPath(_ mask: Mask, _ formula: PropertyFormula?) -> String {
    switch formula {
    case .circleMask(let x, let y, let radius)? where !(formula?.isConstant ?? true):
      return "Self.circle(center: \(app.point(x, y)), radius: \(app.swift(radius)))"
    case .rectMask(let rect, let radius)? where !(formula?.isConstant ?? true):
      return "Self.roundedRect(\(app.rect(rect)), cornerRadius: \(app.swift(radius)))"
    default:
      return "Self." + LayerKeyPath.path(mask)
    }
  }

  /// position = frame.origin + anchor·size, as formulas.
  static func position(_ frame: MeasuredRect, _ anchor: (x: Measure, y: Measure)) -> (x: Measure, y: Measure) {
    (frame.x + frame.width * anchor.x, frame.y + frame.height * anchor.y)
  }

  /// A formula's frame, or the constant's.
  static func measuredRect(_ formula: PropertyFormula?, _ value: PropertyValue) -> MeasuredRect? {
    if case .rect(let rect)? = formula { return rect }
    if case .rect(let rect) = value { return MeasuredRect(rect) }
    return nil
  }

  /// A formula's point, or the constant's.
  static func measuredPoint(_ formula: PropertyFormula?, _ value: PropertyValue) -> (x: Measure, y: Measure)? {
    if case .point(let x, let y)? = formula { return (x, y) }
    if case .point(let point) = value { return (.constant(point.x), .constant(point.y)) }
    return nil
  }

  /// A matched layer's outline at its start and end: the app's two views where they are laid out
  /// (their frames in the container, their corner radii) when the scene draws it there; the
  /// scene's numbers where it draws it elsewhere (a screen moved at the start).
  func morphGeometry(_ node: ExportNode) -> (
    from: MeasuredRect, to: MeasuredRect, fromRadius: Measure, toRadius: Measure
  )? {
    guard case .morph(let morph, let from, let to) = node.kind else { return nil }
    func side(_ role: ScreenRole, _ layer: RenderLayer) -> (MeasuredRect, Measure) {
      let frame = Self.frame(of: layer)
      let radius = LayerKeyPath.uniformRadius(layer.cornerRadii)
      let key = SceneGeometry.key(role, morph.id)
      let read = MeasuredRect.view(key)
      let readRadius = Measure.input(.viewCornerRadius(key))
      let inputs = plan.geometry.inputs
      let same = { (a: Double, b: Double) in abs(a - b) <= 1e-9 * max(1, abs(a), abs(b)) }
      let there = read.value(inputs)
      // Drawn where the app has the view on this device, and its screen's frame then is the one
      // it starts with on every device: a screen sent to a stated size that the container only
      // has on this device reads the scene's numbers here too, as it does on every other.
      let atRest = screenKeepsItsFrame(role, at: role == .from ? .start : .end)
      let frameAgrees =
        atRest && same(there.x, frame.x) && same(there.y, frame.y) && same(there.width, frame.width)
        && same(there.height, frame.height)
      return (
        frameAgrees ? read : MeasuredRect(frame),
        atRest && same(readRadius.value(inputs), radius) ? readRadius : .constant(radius)
      )
    }
    let (a, ra) = side(.from, from)
    let (b, rb) = side(.to, to)
    return (a, b, ra, rb)
  }
}
