import SegueFiles
import SegueJSON

/// What a scene's golden folder says that its frames no longer match, beyond the frames
/// themselves: a frame count that changed (the transition got longer or shorter, the fps
/// changed), goldens past the last frame, goldens whose frame index now shows another time,
/// and files named like goldens that are no frame's (foreign goldens).
///
/// One finding for the scene, not one per golden: "frame count 37 -> 40: the transition is
/// 0.05 s longer" says what happened, where a line per golden would not.
public struct FrameCountChange: Sendable, Equatable {
  /// The frame count the goldens were recorded at: their manifest's, or, for a folder without
  /// one, the last golden's index + 1 (a recording always keeps the last frame).
  public var goldenFrames: Int
  /// The frame count the scene renders now.
  public var sceneFrames: Int
  /// The goldens past the scene's last frame, in order.
  public var staleFiles: [String]
  /// Files named like goldens that no frame is named (see `GoldenStore.FrameFiles.foreign`).
  public var foreignFiles: [String]
  /// The timeline's length in seconds when the goldens were recorded (nil: not known), and now.
  public var goldenDuration: Double?
  public var sceneDuration: Double?
  /// The fps the goldens were recorded at (nil: not known), and now.
  public var goldenFPS: Int?
  public var sceneFPS: Int?
  /// Goldens whose frame index now shows another time than when they were recorded.
  public var retimed: [Retimed] = []
  /// Those this run is to remove (`--record all`), once its recording commits.
  public var toRemove: [String] = []
  /// Whether this run removed them (`--record all`).
  public var removed: Bool
  /// Those `--record all` kept because they are Git LFS pointers (goldens not fetched).
  public var keptPointers: [String]

  /// A golden recorded at one time whose frame now shows another.
  public struct Retimed: Sendable, Equatable {
    public var file: String
    public var recorded: Double
    public var now: Double

    public init(file: String, recorded: Double, now: Double) {
      self.file = file
      self.recorded = recorded
      self.now = now
    }
  }

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

  /// Whether there is anything to report.
  public var isEmpty: Bool {
    goldenFrames == sceneFrames && staleFiles.isEmpty && foreignFiles.isEmpty && retimed.isEmpty
  }

  /// Whether the frame count itself changed.
  public var countChanged: Bool { goldenFrames != sceneFrames }

  /// "frame count 37 -> 40: the transition is 0.05 s longer", then, each when it happens,
  /// "3 goldens past the last frame (frame_0037.png ... frame_0039.png)", "1 golden shows
  /// another time (frame_0036.png: 0.595 s -> 0.6 s)" and "2 files named like goldens are no
  /// frame's golden (frame_00007.png, frame_9223372036854775807.png); this scene's are
  /// frame_0000.png to frame_0012.png".
  public var message: String {
    func list(_ names: [String]) -> String {
      names.count <= 2 ? names.joined(separator: ", ") : "\(names[0]) ... \(names[names.count - 1])"
    }
    func seconds(_ value: Double) -> String { JSONValue.format((value * 1e6).rounded() / 1e6) + " s" }
    var parts: [String] = []
    var head = ""
    if countChanged {
      head = "frame count \(goldenFrames) -> \(sceneFrames)"
      var why: [String] = []
      if let before = goldenDuration, let now = sceneDuration, abs(before - now) > 1e-9 {
        why.append("the transition is \(seconds(abs(now - before))) \(now > before ? "longer" : "shorter")")
      }
      if let before = goldenFPS, let now = sceneFPS, before != now {
        why.append("it renders at \(now) fps, the goldens were recorded at \(before) fps")
      }
      if !why.isEmpty { head += ": " + why.joined(separator: "; ") }
    }
    let count = staleFiles.count
    if count > 0 {
      let stale = "\(count) golden\(count == 1 ? "" : "s") past the last frame (\(list(staleFiles)))"
      head += head.isEmpty ? stale : (head.contains(":") ? "; " : ": ") + stale
    }
    if !head.isEmpty { parts.append(head) }
    if !retimed.isEmpty {
      let shown = retimed.prefix(2).map { "\($0.file): \(seconds($0.recorded)) -> \(seconds($0.now))" }
      parts.append(
        "\(retimed.count) golden\(retimed.count == 1 ? " shows" : "s show") another time than when recorded ("
          + shown.joined(separator: ", ") + (retimed.count > 2 ? ", ..." : "") + ")")
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
