/// The outcome of `segue check` (or `compare`) for every scene and frame, for the reports.
public struct CheckReport: Sendable {
  /// One compared (or missing, or stale) frame.
  public struct Frame: Sendable {
    public enum Status: String, Sendable {
      case pass
      /// Pixels differ beyond the limits.
      case fail
      /// The sizes differ.
      case size
      /// No golden for a frame that was asked for.
      case missing
      /// A golden frame the scene no longer produces.
      case stale
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

    public init(name: String, file: String, frames: [Frame] = [], error: String? = nil) {
      self.name = name
      self.file = file
      self.frames = frames
      self.error = error
    }

    public var failed: Bool { error != nil || frames.contains { $0.status.failed } }
  }

  public var scenes: [Scene]
  /// The comparison options, in words, for the page header.
  public var settings: String

  public init(scenes: [Scene], settings: String) {
    self.scenes = scenes
    self.settings = settings
  }

  public var frameCount: Int { scenes.reduce(0) { $0 + $1.frames.count } }
  public var failedFrames: Int { scenes.reduce(0) { $0 + $1.frames.filter { $0.status.failed }.count } }
  public var failed: Bool { scenes.contains { $0.failed } }
}
