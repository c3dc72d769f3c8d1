import SegueGeometry
import SegueJSON

extension SceneDecoder {
  /// Whether a `translate`, an array `frame` or a circle or rect `mask` gives one of its numbers
  /// as `{"of": ID, "times": k, "plus": c}`: then it is read with the scene's geometry
  /// (`decodeSharedValue`), as what `segue expand` writes for a preset's offsets of one
  /// container. (A circle whose radius is `{"cover": …}` is `decodeCoverMask`'s.)
  static func hasShares(_ property: AnimatableProperty, _ field: SceneField) -> Bool {
    func sharesIn(_ value: JSONValue?) -> Bool {
      guard case .array(let items)? = value else { return false }
      return items.contains { item in
        guard case .object(let pairs) = item else { return false }
        return pairs.contains { $0.key == "of" || $0.key == "formula" }
      }
    }
    switch property {
    case .translate, .frame, .scale, .anchor: return sharesIn(field.value)
    case .mask:
      guard case .object(let pairs) = field.value, !isCoverMask(field) else { return false }
      return pairs.contains { ($0.key == "circle" || $0.key == "rect") && sharesIn($0.value) }
    default: return false
    }
  }

  /// A `translate` `[tx, ty]`, a `frame` `[x, y, width, height]`, a mask's `circle` `[cx, cy, r]`
  /// or `rect` whose numbers along x may be `{"of": ID, "times": k, "plus": c}` (k of that
  /// frame's width, plus c points) and along y the same of its height, read at run time:
  ///
  ///     value = size · k + c    (SceneGeometry.share)
  ///
  /// A circle's radius and a rect mask's corner radius stay numbers. What comes out on this
  /// device is checked as the numbers would be: a width, height or radius not negative.
  static func decodeSharedValue(_ property: AnimatableProperty, _ field: SceneField, targets: TargetResolver)
    throws(SceneError) -> PropertyFormula?
  {
    let limit = SceneLimits.maxCoordinate
    /// Each element a number within ±limit or a share, along x (`true`) or y.
    func lengths(_ field: SceneField, axes: [Bool], what: String) throws(SceneError) -> [Measure] {
      let items = try field.elements(what: what, limit: axes.count)
      guard items.count == axes.count else { throw field.expected(what) }
      var measures: [Measure] = []
      for (item, horizontal) in zip(items, axes) {
        if case .object(let pairs) = item.value, pairs.contains(where: { $0.key == "formula" }) {
          measures.append(try decodeFormula(item, targets: targets))
        } else if case .object = item.value {
          measures.append(try decodeShare(item, horizontal: horizontal, targets: targets, where: "a value"))
        } else {
          measures.append(.constant(try item.number(in: -limit...limit, what)))
        }
      }
      return measures
    }
    /// The measures' values here, each a finite number within the limit (`lengths` from 2 on not
    /// negative, as a rect's width and height).
    func check(_ measures: [Measure], lengthsFrom: Int?, _ field: SceneField) throws(SceneError) {
      guard let geometry = targets.geometry else { return }
      let values = measures.map { $0.value(geometry.inputs) }
      let container = geometry.container
      let here =
        "on a container of \(JSONValue.format(container.width)) x \(JSONValue.format(container.height)) this is "
        + "[\(values.map { JSONValue.format($0) }.joined(separator: ", "))]"
      if values.contains(where: { !$0.isFinite || abs($0) > limit }) {
        throw field.error("\(here): a value past ±\(JSONValue.format(limit)) points")
      }
      if let first = lengthsFrom, values[first...].contains(where: { $0 < 0 }) {
        throw field.error("\(here): a negative width or height")
      }
    }
    let rectWhat = "[x, y, width, height], each in points or {\"of\": ID, \"times\": k, \"plus\": c}"
    switch property {
    case .translate:
      let point = try lengths(
        field, axes: [true, false], what: "[tx, ty], each in points or {\"of\": ID, \"times\": k}")
      try check(point, lengthsFrom: nil, field)
      return .point(point[0], point[1])
    case .scale, .anchor:
      let what =
        property == .scale
        ? "[sx, sy], each a number or {\"formula\": …}"
        : "[ax, ay] in units of the size, each a number or {\"formula\": …}"
      let point = try lengths(field, axes: [true, false], what: what)
      try check(point, lengthsFrom: nil, field)
      return .point(point[0], point[1])
    case .frame:
      let rect = try lengths(field, axes: [true, false, true, false], what: rectWhat)
      try check(rect, lengthsFrom: 2, field)
      return .rect(MeasuredRect(x: rect[0], y: rect[1], width: rect[2], height: rect[3]))
    case .mask:
      let members = try field.members(allowed: ["circle", "rect", "cornerRadius", "path"], what: property.summary)
      if let circle = members["circle"] {
        if let extra = members["rect"] ?? members["cornerRadius"] ?? members["path"] {
          throw extra.error("a circle mask is {\"circle\": [cx, cy, r]} alone")
        }
        let what = "[cx, cy, r]: the centre in points or {\"of\": ID, \"times\": k}, r in points, not negative"
        let items = try circle.elements(what: what, limit: 3)
        guard items.count == 3 else { throw circle.expected(what) }
        let radius = try items[2].number(in: 0...SceneLimits.maxMaskRadius, what)
        let center = try lengths(
          circle.retitled(.array([items[0].value, items[1].value])), axes: [true, false], what: what)
        try check(center, lengthsFrom: nil, circle)
        return .circleMask(x: center[0], y: center[1], radius: .constant(radius))
      }
      guard let rect = members["rect"] else { throw field.expected(property.summary) }
      if let extra = members["path"] { throw extra.error("a path mask is {\"path\": \"<SVG path data>\"} alone") }
      let radius = try members["cornerRadius"]?.number(in: 0...limit, "a radius in points, not negative") ?? 0
      let frame = try lengths(rect, axes: [true, false, true, false], what: rectWhat)
      try check(frame, lengthsFrom: 2, rect)
      return .rectMask(
        MeasuredRect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]), cornerRadius: .constant(radius))
    default:
      return nil
    }
  }

  /// `{"formula": "container.width - 32"}`: a number the running app computes from its
  /// container and safe area (`MeasureParser`'s grammar), what `segue expand` writes where no
  /// share of a frame says it.
  static func decodeFormula(_ field: SceneField, targets: TargetResolver? = nil) throws(SceneError) -> Measure {
    let what = "{\"formula\": \"…\"}: an expression of container.width, safeArea.top and the like"
    let members = try field.members(allowed: ["formula"], what: what)
    guard let text = members["formula"] else { throw field.error("missing key 'formula': \(what)") }
    let source = try text.string(what)
    do {
      // A screen's frame and a layer with an id are read where the scene has screens (not in a
      // screen's own size, which is known before them).
      return try MeasureParser.parse(source) { input in
        switch input {
        case .containerWidth, .containerHeight, .safeArea: return true
        case .screen: return targets != nil
        case .view(let key, _):
          guard let targets, let dot = key.firstIndex(of: "."), let role = ScreenRole(rawValue: String(key[..<dot]))
          else { return false }
          return targets.ids[role]?.contains(String(key[key.index(after: dot)...])) ?? false
        case .viewCornerRadius: return false
        }
      }
    } catch {
      throw text.error("\(error.message) at character \(error.offset + 1) of the formula")
    }
  }
}
