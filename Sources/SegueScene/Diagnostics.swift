/// Collects every error found in a scene file, so one run reports all of them (a file with
/// three mistakes gets three lines), not just the first.
///
/// Decoding goes on after an error wherever the rest of the file can still be read: a bad
/// layer is skipped and the next one read, a bad key is reported and its siblings checked.
final class Diagnostics {
  private(set) var errors: [SceneError] = []
  /// Targets (`from.ID`, `to.ID`) of layers skipped for an error of their own: an animation or
  /// match that names one is not a second error, since the layer is there, only misspelt.
  var unreadableLayers: Set<String> = []

  func record(_ error: SceneError) {
    errors.append(error)
  }

  /// The value `body` reads, or nil after recording its error.
  func attempt<Value>(_ body: () throws(SceneError) -> Value) -> Value? {
    do {
      return try body()
    } catch {
      record(error)
      return nil
    }
  }
}
