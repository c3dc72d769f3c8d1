import SegueJSON

extension SceneDecoder {
  static let keyframeKeys = ["start", "duration", "to"]

  /// `"keyframes": [{"start", "duration", "to"}, …]` and `"calculation"`, as
  /// `UIView.animateKeyframes` with its `addKeyframe` blocks: an animation with keyframes has no
  /// `to` of its own, no spring and no arc.
  static func decodeKeyframes(
    _ keys: [String: SceneField], into animation: inout Animation, targets: TargetResolver, _ diagnostics: Diagnostics
  ) {
    guard let field = keys["keyframes"] else {
      if let calculation = keys["calculation"] {
        diagnostics.record(calculation.error("'calculation' joins keyframes: this animation has no 'keyframes'"))
      }
      return
    }
    if let calculation = keys["calculation"] {
      animation.calculation =
        diagnostics.attempt { () throws(SceneError) in try calculation.choice(KeyframeCalculation.allCases) }
        ?? .linear
    }
    if let to = keys["to"] {
      diagnostics.record(
        to.error("an animation with 'keyframes' takes its values from them: move 'to' into the last keyframe"))
    }
    if let arc = keys["arc"] {
      diagnostics.record(arc.error("an arc bends a plain animation's path; keyframes give the path themselves"))
    }
    guard
      let elements = diagnostics.attempt({ () throws(SceneError) in
        try field.elements(what: "an array of keyframes {\"start\", \"duration\", \"to\"}", limit: 1_000)
      })
    else { return }
    if elements.isEmpty { diagnostics.record(field.error("an animation's 'keyframes' needs at least one keyframe")) }
    var keyframes: [Keyframe] = []
    for element in elements {
      guard
        let members = diagnostics.attempt({ () throws(SceneError) in
          try element.members(
            allowed: keyframeKeys, what: "a keyframe {\"start\", \"duration\", \"to\"}", diagnostics: diagnostics)
        })
      else { continue }
      let what = "a fraction of the animation's duration, 0 to 1"
      let start =
        members["start"].flatMap { field in
          diagnostics.attempt { () throws(SceneError) in try field.number(in: 0...1, what) }
        } ?? 0
      let duration =
        members["duration"].flatMap { field in
          diagnostics.attempt { () throws(SceneError) in try field.number(in: 0...1, what) }
        } ?? (1 - start)
      if start + duration > 1 + 1e-9, let field = members["duration"] {
        diagnostics.record(
          field.error(
            "a keyframe ends by the end of its animation: start \(JSONValue.format(start)) + duration "
              + "\(JSONValue.format(duration)) is past 1"))
      }
      guard let to = members["to"] else {
        diagnostics.record(element.error("missing key 'to': the properties this keyframe reaches"))
        continue
      }
      let state = decodeState(to, target: animation.target, targets: targets, allowReset: false, diagnostics)
      keyframes.append(Keyframe(start: start, duration: min(duration, 1 - start), to: state, path: element.path))
    }
    checkOverlaps(keyframes, field, diagnostics)
    animation.keyframes = keyframes
  }

  /// The keyframes that set one property follow one another: UIKit gives a key path's
  /// `CAKeyframeAnimation` one key time list, which must not go back, and two keyframes of one
  /// property at once have no order Core Animation keeps.
  static func checkOverlaps(_ keyframes: [Keyframe], _ field: SceneField, _ diagnostics: Diagnostics) {
    for property in AnimatableProperty.allCases {
      let setting = keyframes.enumerated().filter { $0.element.to[property] != nil }
        .sorted { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }
      for (earlier, later) in zip(setting, setting.dropFirst()) {
        let end = earlier.element.start + earlier.element.duration
        guard later.element.start < end - 1e-9 else { continue }
        diagnostics.record(
          SceneError(
            file: field.file, path: "\(later.element.path).start",
            message: "keyframes \(earlier.offset) and \(later.offset) both set '\(property.rawValue)' from "
              + "\(JSONValue.format(later.element.start)) to \(JSONValue.format(min(end, later.element.start + later.element.duration))): "
              + "the keyframes of one property follow one another"))
        break
      }
    }
  }
}
