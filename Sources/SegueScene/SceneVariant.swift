import SegueJSON

/// A named change of a scene's inputs, drawn and checked like a device: `{"name": "card-low",
/// "set": {"from.card.rect": [20, 560, 350, 220]}}`. Each key of `set` is a dotted path: `size`,
/// a screen's field (`to.background`), or a field of a layer with an id (`from.card.rect`,
/// `from.card.border.width`).
public struct SceneVariant: Sendable {
  /// One key of `set`: where it points in the file and the value put there.
  struct Change: Sendable {
    let key: String
    let location: JSONLocation
    let value: JSONValue
  }

  public let name: String
  let changes: [Change]

  /// The most variants a scene has.
  public static let maxVariants = 64

  static func decodeAll(_ field: SceneField, scene: JSONValue, hasDevices: Bool) throws(SceneErrors)
    -> [SceneVariant]
  {
    var errors: [SceneError] = []
    var variants: [SceneVariant] = []
    let elements: [SceneField]
    do {
      elements = try field.elements(what: "an array of variants {\"name\", \"set\"}", limit: maxVariants)
    } catch {
      throw SceneErrors(error)
    }
    for element in elements {
      do throws(SceneError) {
        let variant = try decode(element, scene: scene)
        let key = SceneText.folderKey(variant.name)
        if let other = variants.first(where: { SceneText.folderKey($0.name) == key }) {
          throw element.child("name", .string(variant.name)).error(
            other.name == variant.name
              ? "'\(SceneText.shown(variant.name))' names another variant too"
              : "'\(SceneText.shown(variant.name))' and '\(SceneText.shown(other.name))' differ only in case, and "
                + "would be one folder on a case-insensitive file system (macOS, Windows); choose another name")
        }
        if !hasDevices, key == SceneRun.defaultName {
          throw element.child("name", .string(variant.name)).error(
            "'\(SceneText.shown(variant.name))' names the scene as written, beside its variants ('"
              + "\(SceneRun.defaultName)', in any case); choose another name")
        }
        variants.append(variant)
      } catch {
        errors.append(error)
      }
    }
    if !errors.isEmpty { throw SceneErrors(errors) }
    return variants
  }

  static func decode(_ field: SceneField, scene: JSONValue) throws(SceneError) -> SceneVariant {
    let members = try field.members(allowed: ["name", "set"], what: "a variant {\"name\", \"set\"}")
    guard let nameField = members["name"] else { throw field.error("missing key 'name' (it names the run's folder)") }
    let name = try nameField.string("a variant's name")
    if let problem = SceneText.folderNameProblem(name) ?? (name.utf8.count > 100 ? "it is over 100 bytes" : nil) {
      throw nameField.error("expected a name usable as a folder name, got \(nameField.value.summary): \(problem)")
    }
    guard let setField = members["set"] else {
      throw field.error("missing key 'set': the fields it changes by dotted path, e.g. {\"from.card.rect\": [...]}")
    }
    let pairs = try setField.allMembers()
    guard !pairs.isEmpty else { throw setField.expected("at least one change") }
    var changes: [Change] = []
    for (key, value) in pairs {
      let location = try JSONLocation.resolve(key, in: scene, field: value)
      // Every key is found in the scene as written. A key inside another key's value would be
      // found in what that key replaces (a layer by its index in a list set anew, a field of a
      // rect set whole) and land on the wrong thing or nowhere: refused at the inner key.
      if let outer = changes.first(where: { $0.location.contains(location) || location.contains($0.location) }) {
        let (inner, wider) = outer.location.contains(location) ? (key, outer.key) : (outer.key, key)
        throw setField.child(inner, .string(inner)).error(
          "'\(SceneText.shown(inner))' is inside '\(SceneText.shown(wider))', which this variant sets whole; "
            + "give the change in the value of '\(SceneText.shown(wider))'")
      }
      changes.append(Change(key: key, location: location, value: value.value))
    }
    return SceneVariant(name: name, changes: changes)
  }
}
