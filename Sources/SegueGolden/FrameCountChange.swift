import SegueFiles

/// A scene that now renders fewer frames than its goldens cover: goldens past its last frame;
/// and files in its golden folder named like goldens that are no frame's (foreign goldens).
///
/// One finding for the scene, not one per golden left over: "frame count 19 -> 13" says what
/// happened (a shorter duration, a lower fps), where six "stale golden" lines would not.
public struct FrameCountChange: Sendable, Equatable {
  /// The frame count the goldens imply: the last golden's index + 1 (goldens are recorded
  /// with the last frame, so that is the count they were recorded at).
  public var goldenFrames: Int
  /// The frame count the scene renders now.
  public var sceneFrames: Int
  /// The goldens past the scene's last frame, in order.
  public var staleFiles: [String]
  /// Files named like goldens that no frame is named (see `GoldenStore.FrameFiles.foreign`).
  public var foreignFiles: [String]
  /// Those this run is to remove (`--record all`), once its recording commits.
  public var toRemove: [String] = []
  /// Whether this run removed them (`--record all`).
  public var removed: Bool
  /// Those `--record all` kept because they are Git LFS pointers (goldens not fetched).
  public var keptPointers: [String]

  public init(
    goldenFrames: Int, sceneFrames: Int, staleFiles: [String], foreignFiles: [String] = [], removed: Bool = false,
    keptPointers: [String] = []
  ) {
    self.goldenFrames = goldenFrames
    self.sceneFrames = sceneFrames
    self.staleFiles = staleFiles
    self.foreignFiles = foreignFiles
    self.removed = removed
    self.keptPointers = keptPointers
  }

  /// "frame count 19 -> 13: 6 goldens past the last frame (frame_0013.png ... frame_0018.png)".
  /// With foreign files: "2 files named like goldens are no frame's golden (frame_00007.png,
  /// frame_9223372036854775807.png); this scene's are frame_0000.png to frame_0012.png".
  public var message: String {
    func list(_ names: [String]) -> String {
      names.count <= 2 ? names.joined(separator: ", ") : "\(names[0]) ... \(names[names.count - 1])"
    }
    var parts: [String] = []
    let count = staleFiles.count
    if count > 0 {
      parts.append(
        "frame count \(goldenFrames) -> \(sceneFrames): \(count) golden\(count == 1 ? "" : "s") past the last frame "
          + "(\(list(staleFiles)))")
    }
    let foreign = foreignFiles.count
    if foreign > 0 {
      parts.append(
        "\(foreign) file\(foreign == 1 ? " named like a golden is" : "s named like goldens are") no frame's golden "
          + "(\(list(foreignFiles))); this scene's are \(FrameFolderNames.frame(0)) to "
          + FrameFolderNames.frame(sceneFrames - 1))
    }
    var text = parts.joined(separator: "; ")
    if removed { text += "; removed \(count + foreign == 1 ? "it" : "them")" }
    if !keptPointers.isEmpty {
      let kept = keptPointers.count
      text +=
        "; kept \(keptPointers.joined(separator: ", ")), \(kept == 1 ? "a Git LFS pointer" : "Git LFS pointers") "
        + "(run 'git lfs pull', or delete \(kept == 1 ? "it" : "them") with git rm)"
    }
    return text
  }
}
