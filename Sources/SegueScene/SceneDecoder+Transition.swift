import SegueGeometry
import SegueJSON
import SegueTiming

extension SceneDecoder {
  /// Keys every transition takes.
  static let commonTransitionKeys = ["type", "operation", "duration", "curve", "presentation"]
  /// Keys only a custom transition takes.
  static let customTransitionKeys = ["perspective", "stack", "overlays", "snapshots", "animations", "end", "match"]

  /// Every type name a scene may give: the presets and `custom`.
  public static var typeNames: [String] { PresetCatalog.all.map(\.name) + ["custom"] }

  /// `container` is the scene's size in points (nil when it is missing or wrong).
  static func decodeTransition(
    _ field: SceneField, from: Screen, to: Screen, container: Size?, safeArea: SafeArea = .zero,
    _ diagnostics: Diagnostics
  ) -> Transition? {
    guard let members = diagnostics.attempt({ () throws(SceneError) in try field.allMembers() }) else { return nil }
    let fields = Dictionary(members.map { ($0.key, $0.field) }, uniquingKeysWith: { first, _ in first })
    guard let typeField = fields["type"] else {
      diagnostics.record(field.error("missing key 'type' (run 'segue list' for the types)"))
      return nil
    }
    guard let type = diagnostics.attempt({ () throws(SceneError) in try typeField.string("a transition type name") })
    else { return nil }
    let preset = PresetCatalog.named(type)
    guard type == "custom" || preset != nil else {
      var message = "unknown transition type '\(type)'"
      if let guess = SceneField.closest(to: type, in: typeNames) { message += " (did you mean '\(guess)'?)" }
      diagnostics.record(typeField.error(message + "; valid types: " + typeNames.joined(separator: ", ")))
      return nil
    }
    let operations = preset?.operations ?? TransitionOperation.allCases
    var operation = operations.contains(.present) ? TransitionOperation.present : operations[0]
    if let operationField = fields["operation"],
      let chosen = diagnostics.attempt({ () throws(SceneError) in
        try operationField.choice(TransitionOperation.allCases)
      })
    {
      if operations.contains(chosen) {
        operation = chosen
      } else {
        diagnostics.record(
          operationField.error(
            "type '\(type)' has no operation '\(chosen.rawValue)'; valid operations: "
              + operations.map(\.rawValue).joined(separator: ", ")))
      }
    }
    let duration = fields["duration"].flatMap { field in
      diagnostics.attempt { () throws(SceneError) in try decodeDuration(field) }
    }
    let curve = fields["curve"].flatMap { field in
      diagnostics.attempt { () throws(SceneError) in try decodeCurve(field) }
    }
    let presentation = fields["presentation"].flatMap { field in
      diagnostics.attempt { () throws(SceneError) in
        let style = try field.choice(Presentation.allCases)
        guard operation == .present || operation == .dismiss else {
          throw field.error(
            "'presentation' is how a controller is presented (modalPresentationStyle): a \(operation.rawValue) has none"
          )
        }
        return style
      }
    }

    guard let preset else {
      for (key, member) in members where !commonTransitionKeys.contains(key) && !customTransitionKeys.contains(key) {
        diagnostics.record(member.unknownKey(key, valid: commonTransitionKeys + customTransitionKeys))
      }
      let custom = decodeCustom(
        fields, from: from, to: to, container: container, safeArea: safeArea, operation: operation, diagnostics)
      return Transition(
        type: type, operation: operation, duration: duration, curve: curve, kind: .custom(custom),
        presentation: presentation)
    }
    var parameters: [String: SceneField] = [:]
    let names = preset.parameters.map(\.name)
    for (key, member) in members where !commonTransitionKeys.contains(key) {
      guard names.contains(key) else {
        var message = "unknown parameter '\(key)' for type '\(type)'"
        if let guess = SceneField.closest(to: key, in: names + commonTransitionKeys) {
          message += " (did you mean '\(guess)'?)"
        }
        let valid = names.isEmpty ? "none" : names.joined(separator: ", ")
        diagnostics.record(
          member.error(message + "; its parameters: \(valid) (and type, operation, duration, curve, presentation)"))
        continue
      }
      parameters[key] = member
    }
    guard
      let decoded = diagnostics.attempt({ () throws(SceneError) in try preset.decode(PresetParameters(parameters)) })
    else {
      return nil
    }
    // A circle centred on a layer: the layer must be there.
    if case .circle(.view(let role, let id)?, _, _) = decoded, let origin = parameters["origin"],
      (role == .from ? from : to).layerPath(id: id) == nil
    {
      let ids = (role == .from ? from : to).allLayers.compactMap(\.layer.id)
      diagnostics.record(
        origin.child("of", .string("\(role.rawValue).\(id)")).error(
          "no layer of '\(role.rawValue)' has the id '\(id)'"
            + (ids.isEmpty ? "; its layers have no ids" : "; its ids: " + ids.joined(separator: ", "))))
      return nil
    }
    // UIKit's sheet is a page sheet unless the scene says otherwise: the presenting view stays
    // where UIKit keeps it.
    var style = presentation
    if case .sheet = decoded, style == nil { style = .pageSheet }
    return Transition(
      type: type, operation: operation, duration: duration, curve: curve, kind: .preset(decoded),
      presentation: style)
  }

  /// A duration in seconds: positive, at most the limit.
  static func decodeDuration(_ field: SceneField) throws(SceneError) -> Double {
    try field.positiveNumber(
      "a positive number of seconds, at most \(JSONValue.format(SceneLimits.maxDuration))",
      limit: SceneLimits.maxDuration)
  }

  /// A timing curve: a name, [x1, y1, x2, y2], or {"spring": {...}} (docs/timing.md).
  public static func decodeCurve(_ field: SceneField) throws(SceneError) -> TimingCurve {
    let names = TimingCurve.named.map(\.0)
    switch field.value {
    case .string:
      let name = try field.choice(names)
      return TimingCurve.named.first { $0.0 == name }?.1 ?? .bezier(.linear)
    case .array:
      let what = "[x1, y1, x2, y2] with x1 and x2 from 0 to 1, y1 and y2 within ±1000"
      let values = try field.numbers(count: 4, what)
      guard (0...1).contains(values[0]), (0...1).contains(values[2]), abs(values[1]) <= 1000, abs(values[3]) <= 1000
      else { throw field.expected(what) }
      return .bezier(UnitBezier(values[0], values[1], values[2], values[3]))
    case .object:
      let outer = try field.members(allowed: ["spring"], what: "a curve")
      guard let spring = outer["spring"] else {
        throw field.error("expected {\"spring\": {...}}, got an empty object")
      }
      return try decodeSpring(spring)
    default:
      throw field.expected(
        "a curve: one of \(names.map { "'\($0)'" }.joined(separator: ", ")), [x1, y1, x2, y2] or {\"spring\": {...}}")
    }
  }

  static func decodeSpring(_ field: SceneField) throws(SceneError) -> TimingCurve {
    let keys = ["damping", "velocity", "response", "dampingRatio", "mass", "stiffness", "duration", "bounce"]
    let members = try field.members(allowed: keys, what: "a spring object")
    func value(_ key: String, _ what: String, _ range: ClosedRange<Double>) throws(SceneError) -> Double? {
      guard let member = members[key] else { return nil }
      return try member.number(in: range, what)
    }
    let velocity =
      try value("velocity", "an initial velocity (fractions of the distance per second)", -1000...1000) ?? 0
    if members["duration"] != nil || members["bounce"] != nil {
      for key in ["damping", "mass", "stiffness", "response", "dampingRatio"] {
        if let member = members[key] { throw member.error("'\(key)' does not go with 'duration' and 'bounce'") }
      }
      // SwiftUI's defaults: Spring(duration: 0.5, bounce: 0).
      let duration = try value("duration", "a positive perceptual duration in seconds", 0.001...60) ?? 0.5
      let what = "a bounce greater than -1, at most 1 (0: no overshoot, negative: overdamped)"
      let bounce = try value("bounce", what, -1...1) ?? 0
      if bounce <= -1, let member = members["bounce"] { throw member.expected(what) }
      return .bounceSpring(duration: duration, bounce: bounce, velocity: velocity)
    }
    if members["response"] != nil || members["dampingRatio"] != nil {
      for key in ["damping", "mass", "stiffness", "velocity"] {
        if let member = members[key] { throw member.error("'\(key)' does not go with 'response' and 'dampingRatio'") }
      }
      guard let response = try value("response", "a positive response in seconds", 0.001...60) else {
        throw field.error("missing key 'response' (seconds)")
      }
      let ratio = try value("dampingRatio", "a damping ratio from 0 to 100", 0...100) ?? 1
      return .responseSpring(response: response, dampingRatio: ratio)
    }
    if members["stiffness"] != nil || members["mass"] != nil {
      guard let stiffness = try value("stiffness", "a positive stiffness", 1e-6...1e9) else {
        throw field.error("missing key 'stiffness'")
      }
      let mass = try value("mass", "a positive mass", 1e-6...1e9) ?? 1
      let what = "a positive damping coefficient"
      let damping = try value("damping", what, 0...1e9) ?? 10
      if damping <= 0, let member = members["damping"] { throw member.expected(what) }
      return .physicalSpring(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity)
    }
    let what = "a damping ratio greater than 0, at most 1"
    guard let damping = try value("damping", what, 0...1) else {
      throw field.error(
        "missing key 'damping': a spring is {\"damping\", \"velocity\"}, {\"duration\", \"bounce\"}, {\"response\", \"dampingRatio\"} or {\"mass\", \"stiffness\", \"damping\", \"velocity\"}"
      )
    }
    if damping <= 0, let member = members["damping"] { throw member.expected(what) }
    return .uiKitSpring(damping: damping, velocity: velocity)
  }

  static func decodeInteraction(_ field: SceneField) throws(SceneError) -> Interaction {
    let members = try field.members(
      allowed: ["scrub", "release", "completionSpeed", "completionCurve"], what: "an interaction object")
    guard let scrubField = members["scrub"] else {
      throw field.error("missing key 'scrub' ([[time, fraction], ...] keyframes of the finger)")
    }
    var scrub: [(time: Double, fraction: Double)] = []
    for keyframe in try scrubField.elements(what: "an array of [time, fraction] keyframes") {
      let what = "[time in seconds, fraction from 0 to 1]"
      let values = try keyframe.numbers(count: 2, what)
      guard values[0] >= 0, values[0] <= SceneLimits.maxDuration, (0...1).contains(values[1]) else {
        throw keyframe.expected(what)
      }
      if let last = scrub.last, values[0] < last.time {
        throw keyframe.error(
          "keyframe times must not decrease: \(JSONValue.format(values[0])) s comes after \(JSONValue.format(last.time)) s"
        )
      }
      scrub.append((values[0], values[1]))
    }
    guard !scrub.isEmpty else { throw scrubField.error("expected at least one [time, fraction] keyframe") }
    let release =
      try members["release"].map { field throws(SceneError) in try field.choice(Interaction.Release.allCases) }
      ?? .finish
    let speed =
      try members["completionSpeed"]?.positiveNumber("a positive completion speed, at most 1000", limit: 1000) ?? 1
    let curve =
      try members["completionCurve"].map { field throws(SceneError) in try decodeCurve(field) }
      ?? .bezier(.easeInEaseOut)
    return Interaction(scrub: scrub, release: release, completionSpeed: speed, completionCurve: curve)
  }
}
