import SegueJSON

/// The outcome of `segue check` (or `compare`) for every scene and frame, for the reports.
public struct CheckReport: Sendable {
  /// One compared (or missing) frame.
  public struct Frame: Sendable {
    public enum Status: String, Sendable {
      case pass
      /// Pixels differ beyond the limits.
      case fail
      /// The sizes differ.
      case size
      /// No golden for a frame that was asked for.
      case missing
      /// The golden could not be read (corrupt, not a PNG, a Git LFS pointer).
      case invalid

      public var failed: Bool { self != .pass }
    }

    /// Frame index, e.g. 12.
    public var index: Int
    /// `frame_0012.png`.
    public var file: String
    public var status: Status
    /// The failure line without the file name ("341 pixels differ ..."), or "" when it passed.
    public var message: String
    public var comparison: FrameComparison?
    /// Whether a golden was written for this frame in this run.
    public var recorded: Bool
    /// Images in the report folder, relative to it (nil when not written).
    public var expectedImage: String?
    public var actualImage: String?
    public var diffImage: String?
    /// The rendered frame scaled down for the report's timeline strip (see `Thumbnail`).
    public var thumbnail: RGBAImage?
    /// The thumbnail's file in the report folder, once written (a failing scene's frames).
    public var thumbnailImage: String?
    /// Time spent on this frame: rendering, comparing, recording, report images.
    public var seconds = 0.0

    /// The report images of this frame, relative to the report folder.
    public var images: [String] { [expectedImage, actualImage, diffImage, thumbnailImage].compactMap { $0 } }

    public init(
      index: Int, file: String, status: Status, message: String = "", comparison: FrameComparison? = nil,
      recorded: Bool = false, expectedImage: String? = nil, actualImage: String? = nil, diffImage: String? = nil
    ) {
      self.index = index
      self.file = file
      self.status = status
      self.message = message
      self.comparison = comparison
      self.recorded = recorded
      self.expectedImage = expectedImage
      self.actualImage = actualImage
      self.diffImage = diffImage
    }
  }

  /// One scene (a test case in JUnit terms).
  public struct Scene: Sendable {
    public var name: String
    /// The scene file.
    public var file: String
    public var frames: [Frame]
    /// Why the scene could not be checked at all (an invalid scene), if so.
    public var error: String?
    /// Goldens past the scene's last frame, if any: a failure of the scene.
    public var frameCountChange: FrameCountChange?
    /// Time the scene's check took: rendering and comparing its frames.
    public var seconds = 0.0
    /// The shell command that re-records this scene's goldens, for a failing scene.
    public var recordCommand: String?
    /// Every animation's timing now (the tracks of a player's plot), for a failing scene.
    public var timing: JSONValue?
    /// The timing the goldens were recorded with, when it differs from `timing`.
    public var goldenTiming: JSONValue?
    /// The device of the scene's `devices` these frames are drawn on, if it lists any.
    public var device: String?
    /// The variant of the scene's `variants` these frames are drawn with, if any.
    public var variant: String?

    public init(
      name: String, file: String, frames: [Frame] = [], error: String? = nil, frameCountChange: FrameCountChange? = nil
    ) {
      self.name = name
      self.file = file
      self.frames = frames
      self.error = error
      self.frameCountChange = frameCountChange
    }

    public var failed: Bool { error != nil || frameCountChange != nil || frames.contains { $0.status.failed } }
  }

  public var scenes: [Scene]
  /// The comparison options, in words, for the page header.
  public var settings: String
  /// The Segue version that wrote the report (reports of shards merge only within one).
  public var version: String?
  /// Time the whole check took.
  public var seconds = 0.0

  public init(scenes: [Scene], settings: String) {
    self.scenes = scenes
    self.settings = settings
  }

  public var frameCount: Int { scenes.reduce(0) { $0 + $1.frames.count } }
  public var failedFrames: Int { scenes.reduce(0) { $0 + $1.frames.filter { $0.status.failed }.count } }
  public var failed: Bool { scenes.contains { $0.failed } }

  /// One line that counts frames and scenes apart, so no count reads as the other:
  /// "check: 1 of 19 frames match in 1 scene; 18 differ in 1 scene; frame count changed in
  /// 1 scene". A golden recorded in this run is neither a match nor a difference.
  public var summary: String {
    func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
    // "; 18 differ in 1 scene" for the frames `include` picks (`one`: the verb for one), or nothing.
    func part(_ one: String, _ many: String, _ include: (Frame) -> Bool) -> String {
      let counts = scenes.map { $0.frames.filter(include).count }.filter { $0 > 0 }
      let frames = counts.reduce(0, +)
      return frames == 0 ? "" : "; \(frames) \(frames == 1 ? one : many) in \(plural(counts.count, "scene"))"
    }
    let frames = scenes.flatMap(\.frames)
    let matched = frames.filter { $0.status == .pass }.count
    let verb = frameCount == 1 ? "matches" : "match"
    var line = "check: \(matched) of \(plural(frameCount, "frame")) \(verb) in \(plural(scenes.count, "scene"))"
    line += part("differs", "differ") { $0.status == .fail || $0.status == .size }
    line += part("has no golden", "have no golden") { $0.status == .missing && !$0.recorded }
    line += part("golden is unreadable", "goldens are unreadable") { $0.status == .invalid }
    let changed = scenes.filter { $0.frameCountChange.map { $0.countChanged || !$0.staleFiles.isEmpty } ?? false }
      .count
    if changed > 0 { line += "; frame count changed in \(plural(changed, "scene"))" }
    let retimed = scenes.filter { !($0.frameCountChange?.retimed.isEmpty ?? true) }.count
    if retimed > 0 { line += "; goldens show another time in \(plural(retimed, "scene"))" }
    let foreign = scenes.filter { !($0.frameCountChange?.foreignFiles.isEmpty ?? true) }.count
    if foreign > 0 { line += "; files named like goldens that no frame has in \(plural(foreign, "scene"))" }
    let broken = scenes.filter { $0.error != nil }.count
    if broken > 0 { line += "; \(plural(broken, "scene")) could not be checked" }
    let recorded = frames.filter(\.recorded).count
    if recorded > 0 { line += "; \(plural(recorded, "golden")) recorded" }
    return line
  }
}
