/// A scene that now renders fewer frames than its goldens cover: goldens past its last frame.
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
  /// Whether this run removed them (`--record all`).
  public var removed: Bool
  /// Those `--record all` kept because they are Git LFS pointers (goldens not fetched).
  public var keptPointers: [String]

  public init(
    goldenFrames: Int, sceneFrames: Int, staleFiles: [String], removed: Bool = false, keptPointers: [String] = []
  ) {
    self.goldenFrames = goldenFrames
    self.sceneFrames = sceneFrames
    self.staleFiles = staleFiles
    self.removed = removed
    self.keptPointers = keptPointers
  }

  /// "frame count 19 -> 13: 6 goldens past the last frame (frame_0013.png ... frame_0018.png)".
  public var message: String {
    let count = staleFiles.count
    let files =
      count <= 2 ? staleFiles.joined(separator: ", ") : "\(staleFiles[0]) ... \(staleFiles[count - 1])"
    var text =
      "frame count \(goldenFrames) -> \(sceneFrames): \(count) golden\(count == 1 ? "" : "s") past the last frame (\(files))"
    if removed { text += "; removed \(count == 1 ? "it" : "them")" }
    if !keptPointers.isEmpty {
      let kept = keptPointers.count
      text +=
        "; kept \(keptPointers.joined(separator: ", ")), \(kept == 1 ? "a Git LFS pointer" : "Git LFS pointers") "
        + "(run 'git lfs pull', or delete \(kept == 1 ? "it" : "them") with git rm)"
    }
    return text
  }
}
