import SegueGeometry
import SegueJSON

extension SceneDecoder {
  /// `{"of": "to.hero", "shift": [sx, sy], "inset": [top, left, bottom, right]}` as a `frame`,
  /// or `{"of": "to.hero"}` as a `cornerRadius`: where the app lays a view out, read at run time.
  static func decodeReference(_ field: SceneField, property: AnimatableProperty, targets: TargetResolver)
    throws(SceneError) -> ViewReference
  {
    let isFrame = property == .frame
    let what =
      isFrame
      ? "a frame of a view {\"of\": \"container\", \"safeArea\", \"from\", \"to\" or \"to.ID\", \"shift\": [sx, sy], "
        + "\"inset\": [top, left, bottom, right]}"
      : "a corner radius of a view {\"of\": \"from.ID\" or \"to.ID\"}"
    if case .object(let pairs) = field.value, let times = pairs.first(where: { $0.key == "times" }) {
      // A share of a view's size is a number of points, not a frame: it goes where one is.
      throw field.child("times", times.value).error(
        "'times' makes a share of a view's size, in a pin's value or a shift's, as "
          + "{\"width\": {\"of\": \"from\", \"times\": 0.5}}; a frame of a view takes 'shift' and 'inset'")
    }
    let members = try field.members(allowed: isFrame ? ["of", "shift", "inset"] : ["of"], what: what)
    guard let of = members["of"] else { throw field.error("missing key 'of': \(what)") }
    let subject: ViewReference.Subject
    if case .string("container") = of.value {
      subject = .container
    } else if case .string("safeArea") = of.value {
      subject = .safeArea
    } else {
      switch try targets.resolve(of) {
      case .screen(let role): subject = .screen(role)
      case .layer(let role, let id): subject = .layer(role, id: id)
      case .overlay(let name):
        throw of.error(
          "'\(name)' is an overlay the animator makes, not a view of the app: name a layer, a screen or 'container'")
      case .mask(let host):
        throw of.error(
          "'\(host).mask' is a mask layer the animator makes, not a view of the app: name a layer, a screen or "
            + "'container'")
      }
    }
    if !isFrame, case .layer = subject {
    } else if !isFrame {
      throw of.error("a corner radius is a layer's: name one as 'from.ID' or 'to.ID'")
    }
    var reference = ViewReference(subject)
    if let shift = members["shift"] {
      let text =
        "[sx, sy]: widths and heights to move by, each within ±100, or {\"of\": ID, \"times\": k} for k of a "
        + "view's width (height)"
      if case .array(let elements) = shift.value, elements.count == 2,
        elements.contains(where: { if case .object = $0 { return true } else { return false } })
      {
        // Each a number (of the frame's own size) or a share of a view's size, in points.
        var numbers = [0.0, 0.0]
        for (index, element) in elements.enumerated() {
          let item = shift.child(String(index), element)
          if case .object = element {
            let share = try decodeShare(item, targets: targets, where: "a shift")
            if index == 0 { reference.shiftShares.x = share } else { reference.shiftShares.y = share }
          } else {
            numbers[index] = try item.number(in: -100...100, text)
          }
        }
        reference.shift = Point(x: numbers[0], y: numbers[1])
      } else {
        let values = try shift.numbers(count: 2, text)
        guard values.allSatisfy({ abs($0) <= 100 }) else { throw shift.expected(text) }
        reference.shift = Point(x: values[0], y: values[1])
      }
    }
    if let inset = members["inset"] {
      let limit = SceneLimits.maxCoordinate
      let text = "[top, left, bottom, right] in points, each within ±\(JSONValue.format(limit))"
      let values = try inset.numbers(count: 4, text)
      guard values.allSatisfy({ abs($0) <= limit }) else { throw inset.expected(text) }
      reference.inset = (values[0], values[1], values[2], values[3])
    }
    return reference
  }

  /// A reference's formula for `target` and its value on this scene's device and variant, which
  /// must be a frame of no negative size.
  static func resolveReference(
    _ reference: ViewReference, property: AnimatableProperty, target: Target, geometry: SceneGeometry,
    field: SceneField
  ) throws(SceneError) -> PropertyFormula {
    guard property == .frame else {
      guard case .layer(let role, let id) = reference.subject else { return .number(.constant(0)) }
      return geometry.cornerRadius(of: role, id: id)
    }
    let formula = PropertyFormula.rect(geometry.frame(of: reference, for: target))
    if case .rect(let frame) = formula.value(geometry.inputs), frame.width < 0 || frame.height < 0 {
      let size = "\(JSONValue.format(geometry.container.width)) x \(JSONValue.format(geometry.container.height))"
      throw field.error(
        "on a container of \(size) this frame is \(SceneEncoder.rect(frame).compactText): its inset leaves "
          + "a negative width or height")
    }
    return formula
  }
}
