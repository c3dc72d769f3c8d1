import SegueGeometry
import SegueJSON

extension SceneDecoder {
  /// A screen's `size` whose width or height is `{"of": "container", "times": k, "plus": c}`:
  /// k times the container's width (height), plus c points, as a panel that fills half the
  /// container on every device. Only the container: a screen is sized before anything is laid
  /// out in it.
  ///
  ///     width = container.width · k + c    (SceneGeometry.share)
  static func decodeScreenSize(_ field: SceneField) throws(SceneError) -> MeasuredSize {
    let what = "[width, height], each in points or {\"of\": \"container\", \"times\": k, \"plus\": c}"
    let items = try field.elements(what: what, limit: 2)
    guard items.count == 2 else { throw field.expected(what) }
    var measures: [Measure] = []
    for (item, horizontal) in zip(items, [true, false]) {
      guard case .object = item.value else {
        measures.append(.constant(try item.number(in: 0...SceneLimits.maxCoordinate, what)))
        continue
      }
      if case .object(let pairs) = item.value, pairs.contains(where: { $0.key == "formula" }) {
        measures.append(try decodeFormula(item))
        continue
      }
      let members = try item.members(allowed: ["of", "times", "plus"], what: what)
      guard let of = members["of"] else { throw item.error("missing key 'of': \(what)") }
      guard case .string("container") = of.value else {
        throw of.error("a screen's size is a share of the container's: {\"of\": \"container\", \"times\": k}")
      }
      guard let times = members["times"] else { throw item.error("missing key 'times': \(what)") }
      let limit = SceneLimits.maxCoordinate
      let share = ViewReference.Share(
        of: .container, times: try times.number(in: -100...100, "a factor k within ±100"),
        plus: try members["plus"]?.number(in: -limit...limit, "points added, within ±\(JSONValue.format(limit))")
          ?? 0)
      // The container's share, as every other share is computed.
      let geometry = SceneGeometry(container: Size(width: 0, height: 0), from: Screen(), to: Screen())
      measures.append(geometry.share(share, horizontal: horizontal))
    }
    return MeasuredSize(width: measures[0], height: measures[1])
  }

  /// The size `formula` gives in `container`: not negative, within the limit.
  static func sharedSize(_ formula: MeasuredSize, container: Size, safeArea: SafeArea, _ field: SceneField)
    throws(SceneError) -> Size
  {
    let inputs = SceneGeometry(container: container, safeArea: safeArea, from: Screen(), to: Screen()).inputs
    let size = Size(width: formula.width.value(inputs), height: formula.height.value(inputs))
    let limit = SceneLimits.maxCoordinate
    guard [size.width, size.height].allSatisfy({ $0 >= 0 && $0 <= limit }) else {
      throw field.error(
        "on a container of \(JSONValue.format(container.width)) x \(JSONValue.format(container.height)) this size is "
          + "\(JSONValue.format(size.width)) x \(JSONValue.format(size.height)): not negative, at most "
          + JSONValue.format(limit))
    }
    return size
  }
}
