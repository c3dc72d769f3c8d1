import SegueMotion
import SegueScene

@testable import SegueSwiftExport

/// Scenes written as JSON, exported as `segue swift` exports them (decoded, planned, written),
/// without a process: the generated source, or the errors it gives.
enum ExportedScene {
  /// The Swift file for the scenes (`file`, `json`) in order, or the errors' descriptions as
  /// `segue swift` prints them (`file: at 'path': message`).
  static func source(_ scenes: [(file: String, json: String)]) -> Result<String, Failure> {
    do throws(SceneErrors) {
      var exported: [SwiftExport.Scene] = []
      for (file, json) in scenes {
        let scene = try SceneDecoder.decode(Array(json.utf8), file: file, defaultName: "scene")
        let plan = try MotionPlan(scene, file: file)
        exported.append(SwiftExport.Scene(plan: plan, type: scene.transition.type, file: file))
      }
      return .success(try SwiftExport.source(for: exported, version: "test"))
    } catch {
      return .failure(Failure(messages: error.errors.map(\.description)))
    }
  }

  /// One scene's Swift file, or its errors.
  static func source(_ json: String, file: String = "s.json") -> Result<String, Failure> {
    source([(file, json)])
  }

  /// The messages of a scene that does not export (none for one that does).
  static func errors(_ scenes: [(file: String, json: String)]) -> [String] {
    if case .failure(let failure) = source(scenes) { return failure.messages }
    return []
  }

  struct Failure: Error {
    let messages: [String]
  }
}
