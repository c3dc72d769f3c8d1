import SegueGeometry
import SegueJSON

extension SceneDecoder {
  /// Whose points a snapshot's or an overlay's rect is in: the container's, or a screen's (a
  /// snapshot's screen, an `over` overlay's).
  enum RectParent {
    case container
    case screen(ScreenRole)
  }

  /// A rect the app decides: `[x, y, width, height]`, pins over `parent`'s size (`{"left": 0,
  /// "width": 100, ...}`, docs/scene-format.md "Pinned layers"), a frame of a view (`{"of":
  /// "container", "shift", "inset"}`) taken into `parent`'s points, or the square a circle
  /// fills (`{"circle": [cx, cy, r]}`, r a number or `{"cover": …}`). Gives the rect for this
  /// scene's device and variant, and the formula the animator computes it by (nil for numbers).
  static func decodeRectForm(_ field: SceneField, in parent: RectParent, targets: TargetResolver)
    throws(SceneError) -> (rect: Rect, frame: MeasuredRect?)
  {
    guard case .object(let pairs) = field.value else { return (try decodeRect(field), nil) }
    let formula: MeasuredRect
    let origin: (x: Measure, y: Measure)
    let size: (width: Measure, height: Measure)
    guard let geometry = targets.geometry else { return (.zero, nil) }
    switch parent {
    case .container:
      origin = (.constant(0), .constant(0))
      size = (.input(.containerWidth), .input(.containerHeight))
    case .screen(let role):
      let frame = geometry.screenFrameFormula(role)
      origin = (frame.x, frame.y)
      size = (frame.width, frame.height)
    }
    if pairs.contains(where: { $0.key == "circle" }) {
      formula = try decodeCircleRect(field, origin: origin, geometry: geometry, targets: targets)
    } else if pairs.contains(where: { $0.key == "of" }) {
      let reference = try decodeReference(field, property: .frame, targets: targets)
      formula = geometry.frameInContainer(of: reference).relative(to: origin)
    } else {
      formula = geometry.pinned(try decodePins(field, targets: targets), in: size)
    }
    let rect = formula.value(geometry.inputs)
    let limit = SceneLimits.maxCoordinate
    let problem =
      rect.width < 0
      ? "a negative width"
      : rect.height < 0
        ? "a negative height"
        : [rect.x, rect.y, rect.width, rect.height].contains(where: { abs($0) > limit })
          ? "a value past ±\(JSONValue.format(limit)) points" : nil
    if let problem {
      let container = geometry.container
      throw field.error(
        "on a container of \(JSONValue.format(container.width)) x \(JSONValue.format(container.height)) this rect "
          + "is \(SceneEncoder.rect(rect).compactText): \(problem)")
    }
    return (rect, formula)
  }
}
