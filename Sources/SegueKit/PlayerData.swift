import SegueJSON
import SegueScene

/// The data a player page plays (docs/preview.md): for each scene its frames' files and times,
/// its size, where a finger lifts, and its timing tracks (`TimingPlot`); for the page, a version
/// that a live page watches, and the errors to show above the players.
public enum PlayerData {
  /// One scene whose frames are `folder/frame_NNNN.png` (a URL relative to the page), captioned.
  /// (A live page adds its version to each frame's URL itself, so it never shows a cached one.)
  public static func scene(_ loaded: LoadedScene, folder: String, caption: String) -> JSONValue {
    let timeline = loaded.timeline
    let frames = (0..<timeline.frameCount).map { timeline.frame($0) }
    let scene = loaded.scene
    let width = (scene.size.width * scene.scale).rounded()
    let height = (scene.size.height * scene.scale).rounded()
    var interaction = JSONValue.null
    if let finger = scene.interaction, let release = finger.scrub.last {
      // The first frame at or after the release shows the completion.
      let lift = frames.first { $0.time >= release.time }?.index ?? max(0, frames.count - 1)
      interaction = .object([
        ("liftFrame", .number(Double(lift))), ("liftTime", .number(TimingPlot.rounded(release.time))),
        ("release", .string(finger.release.rawValue)),
      ])
    }
    return .object([
      // A run of a scene with devices or variants is named with its run (`cards/iphone-se`).
      ("name", .string(loaded.folder)),
      ("caption", .string(caption)),
      ("width", .number(width)),
      ("height", .number(height)),
      ("scale", .number(scene.scale)),
      ("fps", .number(Double(scene.fps))),
      ("frames", .array(frames.map { .string(folder + "/" + FrameWriter.fileName(ofFrame: $0.index)) })),
      ("times", .array(frames.map { .number(TimingPlot.rounded($0.time)) })),
      ("duration", .number(TimingPlot.rounded(timeline.clock.duration))),
      ("interaction", interaction),
      ("tracks", TimingPlot.tracks(loaded)),
    ])
  }

  /// The page's data: `scenes`, `errors` to show, `version`, and for a live page the script it
  /// polls every half second.
  public static func page(scenes: [JSONValue], errors: [String], version: Int, liveScript: String? = nil) -> String {
    let live: JSONValue =
      liveScript.map { .object([("script", .string($0)), ("interval", .number(500))]) } ?? .null
    return JSONValue.object([
      ("version", .number(Double(version))),
      ("live", live),
      ("errors", .array(errors.map(JSONValue.string))),
      ("scenes", .array(scenes)),
    ]).compactText
  }
}
