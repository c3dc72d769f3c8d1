import SegueJSON

/// A place in a scene file's JSON, found from a variant's dotted key: `size`, `to.background`,
/// `from.card.rect` (the layer whose id is `card`, at any depth).
struct JSONLocation: Sendable, Equatable {
  enum Step: Sendable, Equatable {
    case key(String)
    case index(Int)
  }

  let steps: [Step]

  /// The coding path the decoder reports errors at (`from.layers.1.layers.0.rect`).
  var codingPath: String {
    steps.map { step in
      switch step {
      case .key(let key): return key
      case .index(let index): return String(index)
      }
    }.joined(separator: ".")
  }

  /// Where `key` points in `scene`, or an error at `field` (the key's value) that says why not.
  static func resolve(_ key: String, in scene: JSONValue, field: SceneField) throws(SceneError) -> JSONLocation {
    let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    let expected =
      "a dotted path: 'size', 'safeArea', a screen's field ('to.background') or a field of a layer with an id "
      + "('from.card.rect')"
    guard let first = parts.first, !parts.contains(where: \.isEmpty) else {
      throw field.error("'\(SceneText.shown(key))' is not \(expected)")
    }
    if first == "size" {
      guard parts.count == 1 else { throw field.error("'size' has no fields; set it as [width, height]") }
      return JSONLocation(steps: [.key("size")])
    }
    if first == "safeArea" {
      guard parts.count == 1 else {
        throw field.error("'safeArea' has no fields; set it as [top, left, bottom, right]")
      }
      return JSONLocation(steps: [.key("safeArea")])
    }
    guard first == "from" || first == "to", parts.count >= 2 else {
      throw field.error("'\(SceneText.shown(key))' is not \(expected)")
    }
    guard case .object(let top) = scene, let screen = top.first(where: { $0.key == first })?.value,
      case .object(let screenMembers) = screen
    else { throw field.error("the scene has no '\(first)' screen to change") }
    if parts.count == 2, SceneDecoder.screenKeys.contains(parts[1]) {
      return JSONLocation(steps: [.key(first), .key(parts[1])])
    }
    let id = parts[1]
    guard let found = layer(id: id, in: screenMembers, steps: [.key(first)]) else {
      throw field.error("'\(first)' has no layer with id '\(SceneText.shown(id))'")
    }
    guard parts.count >= 3 else {
      throw field.error("'\(SceneText.shown(key))' names a layer; name one of its fields ('\(first).\(id).rect')")
    }
    let layerKey = parts[2]
    if layerKey == "id" {
      throw field.error("a variant finds layers by their ids and cannot change one ('\(first).\(id).id')")
    }
    if layerKey == "layers" {
      throw field.error(
        "a variant sets a layer's own fields; set a sublayer's by its id ('\(first).<sublayer id>.rect'), or all "
          + "of '\(first).layers'")
    }
    guard SceneDecoder.layerKeys.contains(layerKey) else {
      let suggestion = SceneField.closest(to: layerKey, in: SceneDecoder.layerKeys).map { "; did you mean '\($0)'?" }
      throw field.error("'\(SceneText.shown(layerKey))' is not a field a variant can set on a layer\(suggestion ?? "")")
    }
    var steps = found.steps + [.key(layerKey)]
    // Deeper keys go into the layer's own objects (`border.width`, `gradient.colors`).
    var value = found.members.first(where: { $0.key == layerKey })?.value
    for part in parts.dropFirst(3) {
      guard case .object(let members)? = value else {
        throw field.error(
          "'\(first).\(id).\(parts[2...].dropLast().joined(separator: "."))' is not an object in the scene")
      }
      steps.append(.key(part))
      value = members.first(where: { $0.key == part })?.value
    }
    return JSONLocation(steps: steps)
  }

  /// Whether `other` is this place or lies inside it.
  func contains(_ other: JSONLocation) -> Bool {
    other.steps.count >= steps.count && Array(other.steps.prefix(steps.count)) == steps
  }

  /// The layer whose `id` is `id` at any depth of `members`' `layers`: its steps and members.
  static func layer(id: String, in members: [(key: String, value: JSONValue)], steps: [Step])
    -> (steps: [Step], members: [(key: String, value: JSONValue)])?
  {
    guard case .array(let layers)? = members.first(where: { $0.key == "layers" })?.value else { return nil }
    for (index, layer) in layers.enumerated() {
      guard case .object(let layerMembers) = layer else { continue }
      let here = steps + [.key("layers"), .index(index)]
      if case .string(id)? = layerMembers.first(where: { $0.key == "id" })?.value { return (here, layerMembers) }
      if let found = self.layer(id: id, in: layerMembers, steps: here) { return found }
    }
    return nil
  }

  /// `json` with the value here replaced by `value` (a missing last key is added).
  func replacing(in json: JSONValue, with value: JSONValue) -> JSONValue {
    func replace(_ json: JSONValue, _ steps: ArraySlice<Step>) -> JSONValue {
      guard let step = steps.first else { return value }
      switch (step, json) {
      case (.key(let key), .object(var members)):
        if let index = members.firstIndex(where: { $0.key == key }) {
          members[index].value = replace(members[index].value, steps.dropFirst())
        } else {
          members.append((key, replace(.null, steps.dropFirst())))
        }
        return .object(members)
      case (.index(let index), .array(var elements)) where elements.indices.contains(index):
        elements[index] = replace(elements[index], steps.dropFirst())
        return .array(elements)
      default:
        return json
      }
    }
    return replace(json, steps[...])
  }
}
