import SegueGeometry
import SegueJSON
import SegueTiming

/// Writes a transition back as the JSON a scene gives it: the inverse of `SceneDecoder` for
/// everything a custom transition holds, so `segue expand` can print a preset written out and
/// decoding what it prints gives the same transition.
///
/// Keys come in one fixed order (the catalog's), values in their shortest exact form (a
/// number prints as the shortest decimal that reads back to the same double), and what equals
/// its default is left out, except the keys a person editing the scene wants to see.
public enum SceneEncoder {
  /// A transition as `"transition": {...}` writes it. A preset's parameters are not kept: expand
  /// it first (a preset is written as its type and timing only).
  public static func transition(_ transition: Transition) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("type", .string(transition.type)), ("operation", .string(transition.operation.rawValue)),
    ]
    if let duration = transition.duration { members.append(("duration", .number(duration))) }
    if let curve = transition.curve { members.append(("curve", Self.curve(curve))) }
    if let presentation = transition.presentation { members.append(("presentation", .string(presentation.rawValue))) }
    guard case .custom(let custom) = transition.kind else { return .object(members) }
    members.append(("perspective", custom.perspective.isFinite ? .number(custom.perspective) : .string("none")))
    if let stack = custom.stack { members.append(("stack", .array(stack.map { .string($0) }))) }
    let overlays = custom.overlays.filter { $0.snapshot == nil }
    if !overlays.isEmpty {
      members.append(("overlays", .object(overlays.map { ($0.name, overlay($0)) })))
    }
    let snapshots = custom.overlays.compactMap { overlay in
      overlay.snapshot.map { snapshot -> (key: String, value: JSONValue) in
        (
          overlay.name,
          .object([("of", .string(snapshot.of.rawValue)), ("rect", overlay.writtenRect ?? rect(snapshot.rect))])
        )
      }
    }
    if !snapshots.isEmpty { members.append(("snapshots", .object(snapshots))) }
    members.append(("animations", .array(custom.animations.map(animation))))
    if !custom.end.isEmpty {
      members.append(("end", .object(custom.end.map { ($0.target.description, endAction($0.action)) })))
    }
    if !custom.match.isEmpty { members.append(("match", .array(custom.match.map(match)))) }
    return .object(members)
  }

  /// A curve by name when it has one, else `[x1, y1, x2, y2]` or `{"spring": {...}}`.
  public static func curve(_ curve: TimingCurve) -> JSONValue {
    // The first name of a curve is its canonical one (easeInOut, not easeInEaseOut).
    if let name = curve.name { return .string(name) }
    switch curve {
    case .systemSpring: return .string("systemSpring")
    case .bezier(let bezier):
      return .array([bezier.p1x, bezier.p1y, bezier.p2x, bezier.p2y].map { .number($0) })
    case .uiKitSpring(let damping, let velocity):
      return spring([("damping", damping), ("velocity", velocity)])
    case .responseSpring(let response, let ratio):
      return spring([("response", response), ("dampingRatio", ratio)])
    case .bounceSpring(let duration, let bounce, let velocity):
      return spring([("duration", duration), ("bounce", bounce)] + (velocity != 0 ? [("velocity", velocity)] : []))
    case .physicalSpring(let mass, let stiffness, let damping, let velocity):
      return spring([("mass", mass), ("stiffness", stiffness), ("damping", damping), ("velocity", velocity)])
    }
  }

  static func spring(_ values: [(String, Double)]) -> JSONValue {
    .object([("spring", .object(values.map { ($0.0, .number($0.1)) }))])
  }

  static func animation(_ animation: Animation) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("target", .string(animation.target.description))]
    if !animation.from.isEmpty { members.append(("from", state(animation.from))) }
    if !animation.to.isEmpty || (animation.from.isEmpty && animation.keyframes == nil) {
      members.append(("to", state(animation.to)))
    }
    if let keyframes = animation.keyframes {
      if animation.calculation != .linear { members.append(("calculation", .string(animation.calculation.rawValue))) }
      members.append(
        (
          "keyframes",
          .array(
            keyframes.map { keyframe in
              .object([
                ("start", .number(keyframe.start)), ("duration", .number(keyframe.duration)),
                ("to", state(keyframe.to)),
              ])
            })
        ))
    }
    if animation.delay != 0 { members.append(("delay", .number(animation.delay))) }
    if let duration = animation.duration { members.append(("duration", .number(duration))) }
    if let curve = animation.curve { members.append(("curve", Self.curve(curve))) }
    if let arc = animation.arc { members.append(("arc", .number(arc))) }
    if let cascade = animation.cascade {
      members.append(
        (
          "cascade",
          .object([("delta", .number(cascade.delta)), ("direction", .string(cascade.direction.rawValue))])
        ))
    }
    return .object(members)
  }

  /// A state's properties in the catalog's order; a reset (in `end`) is `null`.
  static func state(_ state: PropertyState) -> JSONValue {
    .object(
      state.properties.map { property in
        (
          property.rawValue,
          state.references[property].map(reference) ?? state.written[property] ?? cover(state, property)
            ?? written(state, property) ?? state.values[property].map(value)
            ?? .null
        )
      })
  }

  /// A circle mask whose radius covers a frame, as the scene writes it:
  /// `{"circle": [cx, cy, {"cover": "container"}]}`, its centre a share of the container's size
  /// where its formula is one.
  static func cover(_ state: PropertyState, _ property: AnimatableProperty) -> JSONValue? {
    guard let subject = state.covers[property], case .mask(.circle(let center, _)?) = state.values[property] else {
      return nil
    }
    var cx = JSONValue.number(center.x)
    var cy = JSONValue.number(center.y)
    if case .circleMask(let x, let y, _)? = state.formulas[property], let a = length(x, horizontal: true),
      let b = length(y, horizontal: false)
    {
      (cx, cy) = (a, b)
    }
    return .object([("circle", .array([cx, cy, .object([("cover", .string(subject.description))])]))])
  }

  /// `{"of": ID, "times": k}`, with `"plus": c` when c is not 0.
  static func share(_ share: ViewReference.Share) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("of", .string(share.of.description)), ("times", .number(share.times)),
    ]
    if share.plus != 0 { members.append(("plus", .number(share.plus))) }
    return .object(members)
  }

  /// A formula the way a scene writes it, its numbers that read the container as shares of
  /// the container's size (`[{"of": "container", "times": 1}, 0]`); nil when one of them is no
  /// share (`Measure.share`), or the property has no such form (an anchor, a corner radius).
  public static func formula(_ formula: PropertyFormula, of property: AnimatableProperty) -> JSONValue? {
    func lengths(_ measures: [Measure], axes: [Bool]) -> [JSONValue]? {
      var written: [JSONValue] = []
      for (measure, horizontal) in zip(measures, axes) {
        guard let value = length(measure, horizontal: horizontal) else { return nil }
        written.append(value)
      }
      return written
    }
    let rect = [true, false, true, false]
    switch (property, formula) {
    case (.translate, .point(let x, let y)), (.scale, .point(let x, let y)), (.anchor, .point(let x, let y)):
      return lengths([x, y], axes: [true, false]).map { .array($0) }
    case (.frame, .rect(let frame)):
      return lengths(frame.measures, axes: rect).map { .array($0) }
    case (.mask, .circleMask(let x, let y, let radius)):
      guard let radius = radius.constant, let center = lengths([x, y], axes: [true, false]) else { return nil }
      return .object([("circle", .array(center + [.number(radius)]))])
    case (.mask, .rectMask(let frame, let radius)):
      guard let radius = radius.constant, let numbers = lengths(frame.measures, axes: rect) else { return nil }
      return .object([("rect", .array(numbers)), ("cornerRadius", .number(radius))])
    default:
      return nil
    }
  }

  /// One number of a formula as a scene writes it: a constant as itself, k · width + c of the
  /// container (height for a vertical one) as `{"of": "container", "times": k, "plus": c}`, any
  /// other expression of the container and its safe area as `{"formula": "…"}` (which
  /// `MeasureParser` reads back to the same measure); nil for one that reads a view.
  public static func length(_ measure: Measure, horizontal: Bool) -> JSONValue? {
    if let value = measure.constant { return .number(value) }
    if let (input, times, plus) = measure.share, input == (horizontal ? .containerWidth : .containerHeight) {
      return share(ViewReference.Share(of: .container, times: times, plus: plus))
    }
    // Written only when it reads back as itself (a layer id with a character the grammar
    // takes for an operator would not).
    let text = formulaText(measure)
    guard (try? MeasureParser.parse(text)) == measure else { return nil }
    return .object([("formula", .string(text))])
  }

  /// A measure's text without the parentheses around the whole: `safeArea.top + 10`.
  static func formulaText(_ measure: Measure) -> String {
    let text = measure.description
    guard text.hasPrefix("("), text.hasSuffix(")") else { return text }
    // The first parenthesis closes at the end only when it encloses the whole.
    var depth = 0
    for (offset, character) in text.enumerated() {
      if character == "(" { depth += 1 }
      if character == ")" { depth -= 1 }
      if depth == 0 { return offset == text.count - 1 ? String(text.dropFirst().dropLast()) : text }
    }
    return text
  }

  /// A value that reads the container, as shares of its size (`formula(_:of:)`); nil for a
  /// value of numbers only, or one no share writes (then its numbers are written).
  static func written(_ state: PropertyState, _ property: AnimatableProperty) -> JSONValue? {
    guard let formula = state.formulas[property], !formula.isConstant else { return nil }
    return self.formula(formula, of: property)
  }

  /// `{"of": "to.hero"}`, with its shift and inset when it has them.
  static func reference(_ reference: ViewReference) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("of", .string(reference.subject.description))]
    if reference.isShifted {
      // Each axis a number of the frame's own size, or a share of a view's as the scene wrote it.
      func axis(_ share: ViewReference.Share?, _ number: Double) -> JSONValue {
        guard let share else { return .number(number) }
        return self.share(share)
      }
      members.append(
        (
          "shift",
          .array([axis(reference.shiftShares.x, reference.shift.x), axis(reference.shiftShares.y, reference.shift.y)])
        ))
    }
    if reference.isInset {
      let inset = reference.inset
      members.append(("inset", numbers(inset.top, inset.left, inset.bottom, inset.right)))
    }
    return .object(members)
  }

  /// A property's value as a scene writes it: four equal radii as one, an opaque colour as
  /// `#RRGGBB`.
  public static func value(_ value: PropertyValue) -> JSONValue {
    switch value {
    case .rect(let rect): return self.rect(rect)
    case .point(let point): return numbers(point.x, point.y)
    case .number(let number): return .number(number)
    case .radii(let radii): return self.radii(radii)
    case .cornerCurve(let curve): return .string(curve.rawValue)
    case .color(let color): return self.color(color)
    case .mask(nil), .shadow(nil): return .null
    case .transform(let steps): return .array(steps.map(step))
    case .mask(.circle(let center, let radius)?):
      return .object([("circle", numbers(center.x, center.y, radius))])
    case .mask(.rect(let rect, let radius)?):
      return .object([("rect", self.rect(rect)), ("cornerRadius", .number(radius))])
    case .mask(.path(let path)?):
      return .object([("path", .string(path.text))])
    case .shadow(let shadow?):
      return .object([
        ("color", self.color(shadow.color)), ("opacity", .number(shadow.opacity)),
        ("radius", .number(shadow.radius)), ("offset", numbers(shadow.offset.x, shadow.offset.y)),
      ])
    }
  }

  /// One step of a transform: a uniform 2D scale as one number, a translation without depth as
  /// [tx, ty]; a matrix as Core Animation's m11 … m44.
  static func step(_ step: TransformStep) -> JSONValue {
    switch step {
    case .perspective(let distance): return .object([("perspective", .number(distance))])
    case .rotateX(let degrees): return .object([("rotateX", .number(degrees))])
    case .rotateY(let degrees): return .object([("rotateY", .number(degrees))])
    case .rotateZ(let degrees): return .object([("rotateZ", .number(degrees))])
    case .scale(let x, let y, let z):
      let value = z != 1 ? numbers(x, y, z) : x == y ? .number(x) : numbers(x, y)
      return .object([("scale", value)])
    case .translate(let x, let y, let z):
      return .object([("translate", z != 0 ? numbers(x, y, z) : numbers(x, y))])
    case .matrix(let matrix):
      return .object([("matrix", .array((0..<4).flatMap { j in (0..<4).map { i in .number(matrix.m[i][j]) } }))])
    }
  }

  static func overlay(_ overlay: Overlay) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [
      ("color", color(overlay.color)), ("opacity", .number(overlay.opacity)),
    ]
    if let rect = overlay.rect { members.append(("rect", overlay.writtenRect ?? self.rect(rect))) }
    if let over = overlay.over { members.append(("over", .string(over.rawValue))) }
    if let layer = overlay.layer {
      // Its layer's fields, but its colour, opacity and rect, which are the overlay's.
      guard case .object(let fields) = self.layer(layer) else { return .object(members) }
      members += fields.filter { !["rect", "color", "opacity"].contains($0.key) }
    }
    return .object(members)
  }

  /// A layer as a screen's `layers` gives it, with its sublayers; what equals its default is
  /// left out.
  static func layer(_ layer: Layer) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = []
    if let id = layer.id { members.append(("id", .string(id))) }
    members.append(("rect", rect(layer.rect)))
    if let color = layer.color { members.append(("color", self.color(color))) }
    if let gradient = layer.gradient {
      var fields: [(key: String, value: JSONValue)] = [
        ("type", .string(gradient.kind.rawValue)), ("colors", .array(gradient.colors.map(self.color))),
      ]
      if let locations = gradient.locations { fields.append(("locations", .array(locations.map { .number($0) }))) }
      fields.append(("startPoint", .array([gradient.startPoint.x, gradient.startPoint.y].map { .number($0) })))
      fields.append(("endPoint", .array([gradient.endPoint.x, gradient.endPoint.y].map { .number($0) })))
      members.append(("gradient", .object(fields)))
    }
    if layer.shape != .rect { members.append(("shape", .string(layer.shape.rawValue))) }
    if !layer.cornerRadius.isZero { members.append(("cornerRadius", radii(layer.cornerRadius))) }
    if layer.cornerCurve != .circular { members.append(("cornerCurve", .string(layer.cornerCurve.rawValue))) }
    if let border = layer.border {
      members.append(("border", .object([("width", .number(border.width)), ("color", color(border.color))])))
    }
    if layer.opacity != 1 { members.append(("opacity", .number(layer.opacity))) }
    if let image = layer.image { members.append(("image", .string(image))) }
    if layer.contentMode != .scaleAspectFill { members.append(("contentMode", .string(layer.contentMode.rawValue))) }
    if layer.clips { members.append(("clips", .bool(true))) }
    if !layer.doubleSided { members.append(("doubleSided", .bool(false))) }
    if layer.zPosition != 0 { members.append(("zPosition", .number(layer.zPosition))) }
    if layer.preserves3D { members.append(("preserves3D", .bool(true))) }
    if let perspective = layer.perspective { members.append(("perspective", .number(perspective))) }
    if !layer.lift { members.append(("lift", .bool(false))) }
    if layer.resize != .stretch { members.append(("resize", .string(layer.resize.rawValue))) }
    if !layer.layers.isEmpty { members.append(("layers", .array(layer.layers.map(self.layer)))) }
    return .object(members)
  }

  static func endAction(_ action: EndAction) -> JSONValue {
    switch action {
    case .removed: return .string("removed")
    case .state(let state): return self.state(state)
    }
  }

  static func match(_ entry: MatchEntry) -> JSONValue {
    guard !entry.isPlain else { return .string(entry.id) }
    var members: [(key: String, value: JSONValue)] = [("id", .string(entry.id))]
    if let curve = entry.curve { members.append(("curve", self.curve(curve))) }
    if let duration = entry.duration { members.append(("duration", .number(duration))) }
    if entry.delay != 0 { members.append(("delay", .number(entry.delay))) }
    return .object(members)
  }

  /// `[x, y, width, height]`.
  public static func rect(_ rect: Rect) -> JSONValue { numbers(rect.x, rect.y, rect.width, rect.height) }

  /// One radius, or four clockwise from the top-left when they differ.
  static func radii(_ radii: CornerRadii) -> JSONValue {
    let values = [radii.topLeft, radii.topRight, radii.bottomRight, radii.bottomLeft]
    return values.allSatisfy { $0 == values[0] } ? .number(values[0]) : .array(values.map { .number($0) })
  }

  /// `#RRGGBB` when opaque, else `#RRGGBBAA`.
  public static func color(_ color: RGBA8) -> JSONValue {
    let text = color.description
    return .string(color.a == 255 ? String(text.prefix(7)) : text)
  }

  static func numbers(_ values: Double...) -> JSONValue { .array(values.map { .number($0) }) }
}
