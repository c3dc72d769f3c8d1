import SegueFiles
import SegueGolden
import SegueRaster
import SegueScene
import SegueSync

/// `check` for one scene: load it, render the frames that have goldens (or those asked for),
/// and apply the golden policy to each: the same frames `render` writes, compared.
public enum SceneCheck {
  /// One scene's check.
  public struct Outcome: Sendable {
    public var scene: CheckReport.Scene
    /// The scene or a golden could not be read.
    public var invalidInput = false
    public var writeFailure: String?
    /// Warnings about the scene (a spring cut short).
    public var warnings: [String] = []
    /// Why the scene could not be checked, one message each (`scene.error` joins them for the
    /// report); printed one by one, never split at newlines a path may hold.
    public var errors: [String] = []

    public init(
      scene: CheckReport.Scene, invalidInput: Bool = false, writeFailure: String? = nil, warnings: [String] = [],
      errors: [String]? = nil
    ) {
      self.scene = scene
      self.invalidInput = invalidInput
      self.writeFailure = writeFailure
      self.warnings = warnings
      self.errors = errors ?? scene.error.map { [$0] } ?? []
    }

    /// A scene that could not be loaded: each of its errors, and all of them in the report.
    public init(name: String, file: String, errors: [String]) {
      self.init(
        scene: CheckReport.Scene(name: name, file: file, error: errors.joined(separator: "\n")), invalidInput: true,
        errors: errors)
    }
  }

  /// Checks the scene in `file` against `golden/<scene name>/frame_NNNN.png`.
  /// - Parameters:
  ///   - frames: a `--frames` selection, or nil for the frames that have goldens (every frame
  ///     when there are none).
  ///   - jobs: threads for this scene's frames.
  public static func run(
    _ file: String, golden: String, frames: String?, overrides: LoadedScene.Overrides, policy: GoldenPolicy, jobs: Int
  ) -> Outcome {
    let loaded: LoadedScene
    var baseName = Folder.name(of: file)
    if baseName.hasSuffix(".json") { baseName.removeLast(5) }
    do {
      loaded = try LoadedScene.load(file, overrides: overrides)
    } catch {
      return Outcome(name: baseName, file: file, errors: error.errors.map(\.description))
    }
    return run(loaded, golden: golden, frames: frames, policy: policy, jobs: jobs)
  }

  /// Checks a loaded scene.
  public static func run(_ loaded: LoadedScene, golden: String, frames: String?, policy: GoldenPolicy, jobs: Int)
    -> Outcome
  {
    let clock = ContinuousClock()
    let started = clock.now
    let name = loaded.scene.name
    let folder = golden + "/" + name
    let existing = GoldenStore.frameFiles(in: folder)
    let last = loaded.timeline.frameCount - 1
    var outcome = Outcome(scene: CheckReport.Scene(name: name, file: loaded.file), warnings: loaded.warnings)
    let selection: [Int]
    if let frames {
      do {
        selection = try FrameSelection.parse(frames, lastFrame: last)
      } catch {
        let message = "\(loaded.file): \(error.message)"
        outcome.scene.error = message
        outcome.errors = [message]
        outcome.invalidInput = true
        return outcome
      }
    } else {
      let have = existing.keys.filter { $0 <= last }.sorted()
      selection = have.isEmpty ? Array(0...last) : have
    }
    let renderer = FrameRenderer(loaded)
    // Threads the frames leave idle (fewer frames than jobs) go to each frame's comparison.
    let compareJobs = max(1, jobs / max(1, min(jobs, selection.count)))
    let results = Parallel.map(
      selection.count, jobs: jobs, workerState: Pixmap(width: renderer.width, height: renderer.height)
    ) { (scratch: inout Pixmap?, slot: Int) -> GoldenPolicy.FrameOutcome in
      let index = selection[slot]
      let frameStarted = clock.now
      let fileName = FrameFolderNames.frame(index)
      guard var pixmap = scratch.take() else {
        return GoldenPolicy.FrameOutcome(
          frame: CheckReport.Frame(
            index: index, file: fileName, status: .invalid, message: "the frame size is out of range"),
          invalid: true)
      }
      let actual = GoldenStore.image(of: renderer.image(frame: index, scratch: &pixmap))
      scratch = pixmap
      var checked = policy.check(
        frame: index, actual: actual, folder: folder, scene: name, hasGolden: existing[index] != nil,
        fileName: fileName, jobs: compareJobs)
      checked.frame.seconds = seconds(frameStarted.duration(to: clock.now))
      return checked
    }
    for result in results {
      outcome.scene.frames.append(result.frame)
      outcome.invalidInput = outcome.invalidInput || result.invalid
      if let failure = result.writeFailure { outcome.writeFailure = failure }
    }
    outcome.scene.frameCountChange = policy.frameCountChange(existing, lastFrame: last, folder: folder)
    outcome.scene.seconds = seconds(started.duration(to: clock.now))
    return outcome
  }

  /// A duration in seconds.
  public static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
}
