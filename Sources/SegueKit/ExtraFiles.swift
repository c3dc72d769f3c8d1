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

  /// Each file with the option that asks for it.
  public var named: [(option: String, path: String)] {
    [("--apng", apng), ("--sheet", sheet), ("--video", video), ("--gif", gif)].compactMap { option, path in
      path.map { (option, $0) }
    }
  }

  /// Why these files cannot be written beside a render into `frameFolder` from `inputs` (the
  /// scene and its images), before anything is rendered: an input the render would replace
  /// (`ExtraFiles.inputConflict`), two options naming one file, a file that is an input, or
  /// one the render itself writes in its folder (`manifest.json`, a frame). Nil when they can.
  public func conflict(frameFolder: String, inputs: [String]) -> String? {
    if let conflict = ExtraFiles.inputConflict(frameFolder: frameFolder, inputs: inputs, writer: "the render") {
      return conflict
    }
    let named = self.named
    for (index, first) in named.enumerated() {
      for second in named[(index + 1)...] where PathIdentity.same(first.path, second.path) {
        return "\(first.option) and \(second.option) both name \(second.path); give each its own file"
      }
      if let input = inputs.first(where: { PathIdentity.same($0, first.path) }) {
        return "\(first.option) \(first.path) would write over \(input), which the render reads; give another file"
      }
      let name = Folder.name(of: first.path)
      let parent = Folder.parent(of: first.path)
      let managed = name == "manifest.json" || FrameFolder.isFrameName(name) || name.hasPrefix(".segue")
      if managed && PathIdentity.same(parent.isEmpty ? "." : parent, frameFolder) {
        return "\(first.option) \(first.path) is a file the render writes in \(frameFolder); give another name"
      }
    }
    return nil
  }

  /// Why frames written into `frameFolder` (by a render, or goldens by a recording) would
  /// replace one of `inputs`: an input that is, or through a link leads to, a file of that
  /// folder with a name the writer writes or removes there (a frame, `manifest.json`, Segue's
  /// own `.segue-` files). Nil when none would.
  public static func inputConflict(frameFolder: String, inputs: [String], writer: String) -> String? {
    for input in inputs {
      for path in [input, PathIdentity.real(input)].compactMap({ $0 }) {
        let name = Folder.name(of: path)
        let parent = Folder.parent(of: path)
        let managed = name == "manifest.json" || FrameFolder.isFrameName(name) || name.hasPrefix(".segue")
        if managed && PathIdentity.same(parent.isEmpty ? "." : parent, frameFolder) {
          return
            "\(input) is read by \(writer), which writes \(name) in \(frameFolder); "
            + "give another folder, or move the file"
        }
      }
    }
    return nil
  }

  /// Refuses, before anything is rendered, a file asked for where something that is not a
  /// regular file stands, or whose folder does not exist (exit 3), so nothing is written.
  public func checkTargets() throws(WriteError) {
    for path in paths { try AtomicFile.checkFileTarget(path) }
  }

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
  /// First the temporary files a stopped run left beside each target are removed, as a frame
  /// folder's are, and `notes` is told of them.
  public func write(
    frames: [Int], directory: String, scene: LoadedScene, ffmpeg: String?, notes: ([String]) -> Void = { _ in }
  ) throws(WriteError) {
    let removed = paths.compactMap { path -> String? in
      let count = AtomicFile.removeLeftovers(of: path)
      guard count > 0 else { return nil }
      return "\(path): removed \(count) temporary file\(count == 1 ? "" : "s") a stopped run left beside it"
    }
    if !removed.isEmpty { notes(removed) }
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
