import SegueFiles
import SegueJSON
import SegueMotion
import SegueScene

/// `segue expand`: a scene file with its preset written out as the custom transition it is.
///
/// Everything but the transition is kept as the file gives it, key for key, except that a
/// screen the preset sizes (a panel, a sheet) gains the `size` it implies. Decoding the result
/// gives the same custom transition the renderer builds from the preset, so rendering it gives
/// the same frames, byte for byte.
public enum SceneExpansion {
  /// The expanded scene as JSON text (two-space indented, short values on one line).
  public static func text(ofFile file: String) throws(SceneErrors) -> String {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(file, limit: SceneLimits.maxFileSize, what: "a scene")
    } catch {
      throw SceneErrors(SceneError(file: file, path: "", message: error.reason))
    }
    var baseName = Folder.name(of: file)
    if baseName.hasSuffix(".json") { baseName.removeLast(5) }
    return try text(of: bytes, file: file, defaultName: baseName)
  }

  /// The expanded scene of a scene file's bytes; `file` names it in messages.
  public static func text(of bytes: [UInt8], file: String, defaultName: String) throws(SceneErrors) -> String {
    let scene = try SceneDecoder.decode(bytes, file: file, defaultName: defaultName)
    // What only planning finds (a timeline past the limit, a spring that cannot be fitted) makes
    // the scene as invalid for `expand` as for `validate` and `render`.
    _ = try LoadedScene(scene: scene, file: file)
    // The decoder has parsed these bytes already, so this cannot fail.
    guard case .object(let members)? = try? JSONParser.parse(bytes) else {
      throw SceneErrors(SceneError(file: file, path: "", message: "expected a scene object"))
    }
    return expanded(members, scene: scene).text() + "\n"
  }

  /// `members` (a scene file's top level) with the transition of `scene` written out.
  static func expanded(_ members: [(key: String, value: JSONValue)], scene: Scene) -> JSONValue {
    let expanded = PresetTransitions.expand(scene)
    return .object(
      members.map { member in
        switch member.key {
        case "transition":
          return (member.key, SceneEncoder.transition(expanded.transition))
        case "from", "to":
          guard let role = ScreenRole(rawValue: member.key), case .object(var screen) = member.value,
            let size = expanded.screen(role).size, scene.screen(role).size == nil
          else { return member }
          screen.insert(("size", .array([.number(size.width), .number(size.height)])), at: 0)
          return (member.key, .object(screen))
        default:
          return member
        }
      })
  }
}
