import SegueGeometry
import SegueJSON

extension SceneDecoder {
  /// Whether a rect is written as a circle's square, `{"circle": [cx, cy, r]}`.
  static func isCircleRect(_ field: SceneField) -> Bool {
    guard case .object(let pairs) = field.value else { return false }
    return pairs.contains { $0.key == "circle" }
  }

  /// `{"circle": [cx, cy, r]}`: the square a circle of radius r about (cx, cy) fills, in the
  /// parent's points (cx and cy numbers, shares or formulas, as a circle mask's centre), as BubbleTransition sizes its bubble view (`frame` a square of side 2r about
  /// the tap, `cornerRadius` half of it). r is a number or `{"cover": "container"}` (any frame a
  /// cover names), the distance from the centre to that frame's farthest corner, read at run time:
  ///
  ///     rect = (cx - r, cy - r, 2r, 2r)
  ///
  /// `origin` is where the parent's points start in the container, to take the covered frame
  /// into them.
  static func decodeCircleRect(
    _ field: SceneField, origin: (x: Measure, y: Measure), geometry: SceneGeometry, targets: TargetResolver
  ) throws(SceneError) -> MeasuredRect {
    let members = try field.members(allowed: ["circle"], what: "a circle {\"circle\": [cx, cy, r]} alone")
    guard let circle = members["circle"] else { throw field.error("missing key 'circle': [cx, cy, r]") }
    let items = try circle.elements(what: "[cx, cy, r] in points, r a number or {\"cover\": …}", limit: 3)
    let limit = SceneLimits.maxCoordinate
    let cx = try decodeCentreCoordinate(items[0], horizontal: true, targets: targets)
    let cy = try decodeCentreCoordinate(items[1], horizontal: false, targets: targets)
    let radius: Measure
    if case .object = items[2].value {
      let subject = try decodeCover(items[2], targets: targets)
      radius = geometry.frameInContainer(of: ViewReference(subject)).relative(to: origin).coverRadius(from: (cx, cy))
    } else {
      radius = .constant(try items[2].number(in: 0...limit, "a radius in points, 0 to \(JSONValue.format(limit))"))
    }
    return MeasuredRect(x: cx - radius, y: cy - radius, width: radius * 2, height: radius * 2)
  }
}
