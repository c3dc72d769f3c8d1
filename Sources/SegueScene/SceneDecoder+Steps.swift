import SegueGeometry
import SegueJSON

extension SceneDecoder {
  /// The step names, in the order messages list them.
  static let stepNames = ["perspective", "rotateX", "rotateY", "rotateZ", "scale", "translate", "matrix"]

  /// `"transform": [{"perspective": 900}, {"rotateX": 15}, …]`: each element one step, one key.
  static func decodeSteps(_ field: SceneField) throws(SceneError) -> [TransformStep] {
    let elements = try field.elements(what: AnimatableProperty.transform.summary, limit: 64)
    var steps: [TransformStep] = []
    for element in elements {
      let members = try element.members(
        allowed: stepNames, what: "a step with one key: " + stepNames.map { "'\($0)'" }.joined(separator: ", "))
      guard members.count == 1, let (name, value) = members.first else {
        throw element.error(
          "a step has exactly one key (\(stepNames.joined(separator: ", "))); write each step as its own element")
      }
      steps.append(try decodeStep(name, value))
    }
    return steps
  }

  static func decodeStep(_ name: String, _ field: SceneField) throws(SceneError) -> TransformStep {
    let limit = SceneLimits.maxCoordinate
    switch name {
    case "perspective":
      return .perspective(try decodePerspective(field))
    case "rotateX", "rotateY", "rotateZ":
      let degrees = try field.number(in: -36_000...36_000, "an angle in degrees, within ±36000")
      return name == "rotateX" ? .rotateX(degrees) : name == "rotateY" ? .rotateY(degrees) : .rotateZ(degrees)
    case "scale":
      let what = "a scale: a number, [sx, sy] or [sx, sy, sz], each within ±10000"
      let values: [Double]
      if case .number(let value) = field.value {
        values = [value, value, 1]
      } else {
        values = try planarOrSpatial(field, what, depth: 1)
      }
      guard values.allSatisfy({ abs($0) <= 10_000 }) else { throw field.expected(what) }
      return .scale(x: values[0], y: values[1], z: values[2])
    case "matrix":
      // Core Animation's order, m11 … m44 (row by row of its layout): the transpose of ours.
      let what = "16 numbers m11 … m44 in Core Animation's order, each within ±\(JSONValue.format(limit))"
      let values = try field.numbers(count: 16, what)
      guard values.allSatisfy({ abs($0) <= limit }) else { throw field.expected(what) }
      return .matrix(Transform3D((0..<4).map { i in (0..<4).map { j in values[j * 4 + i] } }))
    default:
      let what = "[tx, ty] or [tx, ty, tz] in points, each within ±\(JSONValue.format(limit))"
      let values = try planarOrSpatial(field, what, depth: 0)
      guard values.allSatisfy({ abs($0) <= limit }) else { throw field.expected(what) }
      return .translate(x: values[0], y: values[1], z: values[2])
    }
  }

  /// [x, y] (z is `depth`) or [x, y, z].
  static func planarOrSpatial(_ field: SceneField, _ what: String, depth: Double) throws(SceneError) -> [Double] {
    if case .array(let items) = field.value, items.count == 3 { return try field.numbers(count: 3, what) }
    return try field.numbers(count: 2, what) + [depth]
  }

  /// A target's transform is either the steps or the parts (translate, scale, rotations): one
  /// `CALayer.transform`. Reports the first animation or `end` entry that mixes them for a target.
  static func checkTransformKinds(
    _ custom: CustomTransition, _ field: SceneField?, _ diagnostics: Diagnostics
  ) {
    var first: [Target: (steps: Bool, path: String)] = [:]
    var entries: [(Target, Set<AnimatableProperty>, String)] = custom.animations.map {
      ($0.target, $0.properties, $0.path)
    }
    for (target, action) in custom.end {
      if case .state(let state) = action {
        entries.append((target, Set(state.values.keys).union(state.resets), "transition.end.\(target)"))
      }
    }
    for (target, properties, path) in entries {
      let steps = properties.contains(.transform)
      let parts = properties.intersection(AnimatableProperty.transformParts).sorted()
      if steps, let part = parts.first {
        diagnostics.record(
          SceneError(
            file: field?.file ?? "", path: path,
            message: "'transform' and '\(part.rawValue)' both set the layer's transform: write '\(part.rawValue)' "
              + "as a step of 'transform'"))
        continue
      }
      guard steps || !parts.isEmpty else { continue }
      if let seen = first[target], seen.steps != steps {
        let mine = steps ? "'transform'" : "'\(parts[0].rawValue)'"
        diagnostics.record(
          SceneError(
            file: field?.file ?? "", path: path,
            message: "\(mine) sets the transform of '\(target)', which \(seen.path) sets "
              + (seen.steps ? "as steps ('transform')" : "by its parts (translate, scale, rotations)")
              + ": a target's transform is one or the other"))
        continue
      }
      if first[target] == nil { first[target] = (steps, path) }
    }
  }
}
