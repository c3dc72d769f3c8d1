import SegueFiles

/// The files `render` and `batch` can make from a folder of rendered frames besides the frames
/// themselves: an APNG, a contact sheet, an H.264 video and a GIF. Nil: not asked for.
public struct ExtraFiles: Sendable, Equatable {
  public var apng: String?
  public var sheet: String?
  public var video: String?
  public var gif: String?

  public init(apng: String? = nil, sheet: String? = nil, video: String? = nil, gif: String? = nil) {
    self.apng = apng
    self.sheet = sheet
    self.video = video
    self.gif = gif
  }

  /// Every file asked for.
  public var paths: [String] { [apng, sheet, video, gif].compactMap { $0 } }

  /// The options asked for that need ffmpeg, as the command line spells them.
  public var ffmpegOptions: [String] {
    (video == nil ? [] : ["--video"]) + (gif == nil ? [] : ["--gif"])
  }

  /// The files a batch writes for the scene `name` into `folder` (beside its frame folder):
  /// `<name>.png` (APNG), `<name>.sheet.png`, `<name>.mp4`, `<name>.gif`.
  public static func beside(
    name: String, in folder: String, apng: Bool, sheet: Bool, video: Bool, gif: Bool
  ) -> ExtraFiles {
    let base = folder + "/" + name
    return ExtraFiles(
      apng: apng ? base + ".png" : nil, sheet: sheet ? base + ".sheet.png" : nil, video: video ? base + ".mp4" : nil,
      gif: gif ? base + ".gif" : nil)
  }

  /// Writes each file asked for from `frames` (sorted, already rendered into `directory`),
  /// stopping at the first that fails. `ffmpeg` must be given when a video or a GIF is asked for.
  public func write(frames: [Int], directory: String, scene: LoadedScene, ffmpeg: String?) throws(WriteError) {
    let fps = scene.scene.fps
    if let apng {
      try FrameExtras.writeAPNG(frames: frames, directory: directory, fps: fps, to: apng)
    }
    if let sheet {
      try FrameExtras.writeSheet(
        frames: frames, times: frames.map { scene.timeline.frame($0).time }, directory: directory, to: sheet)
    }
    guard video != nil || gif != nil else { return }
    guard let ffmpeg else {
      throw WriteError(path: video ?? gif ?? "", reason: FFmpeg.missingMessage(for: ffmpegOptions))
    }
    let writer = VideoWriter(ffmpeg: ffmpeg)
    if let video {
      try writer.writeVideo(frames: frames, directory: directory, fps: fps, to: video)
    }
    if let gif {
      try writer.writeGIF(
        frames: frames, directory: directory, fps: fps, hold: Double(FrameExtras.holdSeconds), to: gif)
    }
  }
}
