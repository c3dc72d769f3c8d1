import SegueScene

/// What a command keeps of a run it has checked and let go (`SceneRuns`): where its frames go,
/// the files it reads and how many frames it has, enough to plan every output before anything
/// is written, and to read the run again to draw it.
public struct RunOutline: Sendable {
  public let run: SceneRun
  /// The scene's name (the same in every run).
  public let sceneName: String
  /// The run's folder inside the scene's, or nil for a scene of one run.
  public let runFolder: String?
  /// The scene file and the images the run reads.
  public let inputFiles: [String]
  public let frameCount: Int

  public init(_ loaded: LoadedScene) {
    run = loaded.run
    sceneName = loaded.scene.name
    runFolder = loaded.runFolder
    inputFiles = loaded.inputFiles
    frameCount = loaded.timeline.frameCount
  }

  /// Where its frames go below an output folder: `card-list/iphone-se+card-low`.
  public var folder: String { runFolder.map { sceneName + "/" + $0 } ?? sceneName }
}
