import SegueGeometry
import SegueJSON

extension SceneDecoder {
  /// A pinned `rect`: two of `left`, `right`, `width`, `centerX` and two of `top`, `bottom`,
  /// `height`, `centerY`, in points (docs/scene-format.md, "Pinned layers").
  ///
  /// With `targets` (a snapshot's or an overlay's rect, which the animator computes at run time)
  /// a value may also be `{"of": ID, "times": k}`: k times that view's width for a horizontal
  /// value, its height for a vertical one. A layer's pins are laid out before the app runs, in
  /// points only.
  static func decodePins(_ field: SceneField, targets: TargetResolver? = nil) throws(SceneError) -> Pins {
    let keys = Pins.horizontalKeys + Pins.verticalKeys + ["in"]
    let members = try field.members(
      allowed: keys, what: "a rect: [x, y, width, height] or pins such as {\"left\": 20, \"right\": 20, ...}")
    var inSafeArea = false
    if let parent = members["in"] {
      guard case .string("safeArea") = parent.value else {
        throw parent.expected(
          "\"safeArea\", to pin to the screen's safe area (without 'in' pins are to the parent's bounds)")
      }
      inSafeArea = true
    }
    func axis(_ names: [String], horizontal: Bool) throws(SceneError) -> Pins.Axis {
      let given = names.filter { members[$0] != nil }
      let list = names.map { "'\($0)'" }.joined(separator: ", ")
      guard given.count == 2 else {
        throw field.error(
          "pins take exactly two of \(list) (the \(horizontal ? "horizontal" : "vertical") axis); "
            + (given.isEmpty ? "none is given" : "got \(given.map { "'\($0)'" }.joined(separator: ", "))"))
      }
      var values: [Measure] = []
      for name in given {
        guard let member = members[name] else { continue }
        if case .object = member.value {
          values.append(try decodeShare(member, horizontal: horizontal, targets: targets, where: "a pin"))
          continue
        }
        let isLength = name == "width" || name == "height"
        let limit = SceneLimits.maxCoordinate
        values.append(
          .constant(
            try member.number(
              in: isLength ? 0...limit : -limit...limit,
              isLength
                ? "a \(name) in points, not negative" : "a distance in points within ±\(JSONValue.format(limit))")))
      }
      let (a, b) = (values[0], values[1])
      // `given` follows `names`' order: start, end, length, center.
      switch (names.firstIndex(of: given[0])!, names.firstIndex(of: given[1])!) {
      case (0, 1): return .startEnd(a, b)
      case (0, 2): return .startLength(a, b)
      case (0, 3): return .startCenter(a, b)
      case (1, 2): return .endLength(a, b)
      case (1, 3): return .endCenter(a, b)
      default: return .lengthCenter(a, b)
      }
    }
    return Pins(
      horizontal: try axis(Pins.horizontalKeys, horizontal: true),
      vertical: try axis(Pins.verticalKeys, horizontal: false), inSafeArea: inSafeArea)
  }

  /// `{"of": ID, "times": k}`: k times the width (`horizontal`) or height of the frame `ID`
  /// names (`container`, `safeArea`, a screen, a handed layer), read at run time. Only where the
  /// animator computes a rect (`targets` given): a layer's pins are in points.
  static func decodeShare(_ field: SceneField, horizontal: Bool, targets: TargetResolver?, where place: String)
    throws(SceneError) -> Measure
  {
    guard let targets else {
      throw field.error(
        "a layer's pins are in points; {\"of\": …, \"times\": k} is for the rects the animator computes (a "
          + "snapshot's, an overlay's, a mask layer's frame)")
    }
    let share = try decodeShare(field, targets: targets, where: place)
    guard let geometry = targets.geometry else { return .constant(0) }
    return geometry.share(share, horizontal: horizontal)
  }

  /// The view and factor of `{"of": ID, "times": k}`, in a pin's value or a shift's.
  static func decodeShare(_ field: SceneField, targets: TargetResolver, where place: String)
    throws(SceneError) -> ViewReference.Share
  {
    let what = "{\"of\": \"container\", \"safeArea\", \"from\", \"to\" or \"to.ID\", \"times\": k, \"plus\": c}"
    let members = try field.members(allowed: ["of", "times", "plus"], what: what)
    guard let of = members["of"] else { throw field.error("missing key 'of': \(what)") }
    guard let times = members["times"] else {
      throw field.error("missing key 'times': \(place) of a view's size is k times its width or height, \(what)")
    }
    let k = try times.number(in: -100...100, "a factor k within ±100")
    let limit = SceneLimits.maxCoordinate
    let c = try members["plus"]?.number(in: -limit...limit, "points added, within ±\(JSONValue.format(limit))") ?? 0
    // The frame the share is of, as an animation's `{"of": …}` names it (no shift or inset).
    let reference = try decodeReference(
      field.retitled(.object([("of", of.value)])), property: .frame, targets: targets)
    return ViewReference.Share(of: reference.subject, times: k, plus: c)
  }

  /// Lays out every pinned layer of `screen` in its parent: the screen's `size` for its own
  /// layers, a group's laid-out size for its sublayers. Pins that leave a layer a negative width
  /// or height in this size are an error at the layer's `rect`.
  static func layOut(
    _ screen: inout Screen, in size: Size, safeArea: SafeArea = .zero, role: ScreenRole, file: String,
    _ diagnostics: Diagnostics
  ) {
    func visit(_ layers: inout [Layer], in parent: Size, path: String) {
      for index in layers.indices {
        let here = "\(path).layers.\(index)"
        if let pins = layers[index].pins {
          // The safe area is the screen's: only its own layers are pinned in it.
          if pins.inSafeArea && path != role.rawValue {
            diagnostics.record(
              SceneError(
                file: file, path: "\(here).rect.in",
                message:
                  "only a screen's own layers are pinned in its safe area; a sublayer's pins are to its group"))
            continue
          }
          let rect = pins.rect(in: parent, safeArea: safeArea)
          let limit = SceneLimits.maxCoordinate
          let problem =
            rect.width < 0
            ? "a negative width"
            : rect.height < 0
              ? "a negative height"
              : [rect.x, rect.y].contains(where: { abs($0) > limit })
                ? "a place past ±\(JSONValue.format(limit)) points" : nil
          if let problem {
            let given = [rect.x, rect.y, rect.width, rect.height].map { JSONValue.format($0) }
            diagnostics.record(
              SceneError(
                file: file, path: "\(here).rect",
                message:
                  "in a parent of \(JSONValue.format(parent.width)) x \(JSONValue.format(parent.height)) points these "
                  + "pins give [\(given.joined(separator: ", "))]: \(problem)"))
            continue
          }
          layers[index].rect = rect
        }
        visit(&layers[index].layers, in: layers[index].rect.size, path: here)
      }
    }
    visit(&screen.layers, in: size, path: role.rawValue)
  }
}
