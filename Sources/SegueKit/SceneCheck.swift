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

    public init(
      scene: CheckReport.Scene, invalidInput: Bool = false, writeFailure: String? = nil, warnings: [String] = []
    ) {
      self.scene = scene
      self.invalidInput = invalidInput
      self.writeFailure = writeFailure
      self.warnings = warnings
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
      return Outcome(
        scene: CheckReport.Scene(
          name: baseName, file: file, error: error.errors.map(\.description).joined(separator: "\n")),
        invalidInput: true)
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
    var outcome = Outcome(scene: CheckReport.Scene(name: name, file: loaded.file), warnings: loaded.warnings)
    // The golden folder is locked for the whole check when this run may record into it (one
    // writer at a time, a render's included), and a recording a kill cut short is put right
    // before any golden is read, even by a run that records nothing.
    if policy.mayWrite && policy.record != .never,
      let conflict = ExtraFiles.inputConflict(frameFolder: folder, inputs: loaded.inputFiles, writer: "the recording")
    {
      outcome.scene.error = conflict
      outcome.invalidInput = true
      return outcome
    }
    let recorder: FrameFolder?
    if policy.mayWrite && (policy.record != .never || FrameFolder.needsRepair(folder)) {
      do {
        let opened = try FrameFolder(folder, contents: .goldens)
        outcome.warnings += opened.notes
        recorder = opened
      } catch {
        outcome.scene.error = error.description
        outcome.writeFailure = error.description
        return outcome
      }
    } else {
      recorder = nil
    }
    let existing = GoldenStore.frameFiles(in: folder)
    let last = loaded.timeline.frameCount - 1
    let selection: [Int]
    if let frames {
      do {
        selection = try FrameSelection.parse(frames, lastFrame: last)
      } catch {
        outcome.scene.error = "\(loaded.file): \(error.message)"
        outcome.invalidInput = true
        return outcome
      }
    } else {
      let have = existing.frames.keys.filter { $0 <= last }.sorted()
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
        frame: index, actual: actual, folder: folder, scene: name, hasGolden: existing.frames[index] != nil,
        fileName: fileName, recorder: recorder, jobs: compareJobs)
      checked.frame.seconds = seconds(frameStarted.duration(to: clock.now))
      return checked
    }
    for result in results {
      outcome.scene.frames.append(result.frame)
      outcome.invalidInput = outcome.invalidInput || result.invalid
      if let failure = result.writeFailure { outcome.writeFailure = failure }
    }
    var change = policy.frameCountChange(existing, lastFrame: last, folder: folder, recorder: recorder)
    // The new goldens and the removal of those no frame has, all at once.
    let recorded = outcome.scene.frames.contains(where: \.recorded)
    if let recorder, recorded || !(change?.toRemove.isEmpty ?? true) {
      do {
        try recorder.commit(removing: change?.toRemove ?? [])
        if let found = change, !found.toRemove.isEmpty {
          change?.removed = found.toRemove.count == found.staleFiles.count + found.foreignFiles.count
        }
      } catch {
        recorder.abandon()
        outcome.writeFailure = error.description
        for index in outcome.scene.frames.indices where outcome.scene.frames[index].recorded {
          outcome.scene.frames[index].recorded = false
          outcome.scene.frames[index].message = outcome.scene.frames[index].message.replacing(
            "; recorded the new golden", with: "")
        }
      }
    }
    outcome.scene.frameCountChange = change
    outcome.scene.seconds = seconds(started.duration(to: clock.now))
    return outcome
  }

  /// A duration in seconds.
  public static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
}
