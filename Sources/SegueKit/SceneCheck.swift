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
    /// The `--frames` the scene's goldens were last recorded with (their manifest's), so a
    /// command that re-records them picks the same frames.
    public var goldenSelection: String?

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
    let name = loaded.folder
    let folder = golden + "/" + name
    var outcome = Outcome(scene: CheckReport.Scene(name: name, file: loaded.file), warnings: loaded.warnings)
    outcome.scene.device = loaded.run.device?.name
    outcome.scene.variant = loaded.run.variant
    // The golden folder is locked for the whole check when this run may record into it (one
    // writer at a time, a render's included), and a recording a kill cut short is put right
    // before any golden is read, even by a run that records nothing.
    if policy.mayWrite && policy.record != .never,
      let conflict = ExtraFiles.inputConflict(frameFolder: folder, inputs: loaded.inputFiles, writer: "the recording")
    {
      outcome.scene.error = conflict
      outcome.errors = [conflict]
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
        outcome.errors = [error.description]
        outcome.writeFailure = error.description
        return outcome
      }
    } else {
      recorder = nil
    }
    let existing = GoldenStore.frameFiles(in: folder)
    let manifest = GoldenManifest.read(folder)
    outcome.goldenSelection = manifest?.selection
    let last = loaded.timeline.frameCount - 1
    // The first and the last frame are always compared (and so recorded), whatever `--frames`
    // says: a transition that got longer or shorter shows at its end.
    var chosen: [Int]
    if let frames {
      do {
        chosen = try FrameSelection.parse(frames, lastFrame: last)
      } catch {
        let message = "\(loaded.file): \(error.message)"
        outcome.scene.error = message
        outcome.errors = [message]
        outcome.invalidInput = true
        return outcome
      }
    } else {
      let have = existing.frames.keys.filter { $0 <= last }
      chosen = have.isEmpty ? Array(0...last) : Array(have)
    }
    let selection = Array(Set(chosen + [0, last])).sorted()
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
    var change = policy.frameCountChange(
      existing, lastFrame: last, recordedFrames: manifest?.frameCount, folder: folder, recorder: recorder)
    let frameClock = loaded.timeline.clock
    change.goldenDuration = manifest?.duration
    change.sceneDuration = frameClock.duration
    change.goldenFPS = manifest?.fps
    change.sceneFPS = frameClock.fps
    for (index, file) in existing.frames.sorted(by: { $0.key < $1.key }) where index <= last {
      let now = loaded.timeline.frame(index).time
      if let recorded = manifest?.time(ofFrame: index), abs(recorded - now) > 1e-9 {
        change.retimed.append(.init(file: file, recorded: recorded, now: now))
      }
    }
    // `--record all --frames LIST` leaves exactly LIST's goldens: those of other frames go (a
    // `25%` of a shorter transition is another frame now, and its old golden would fail forever).
    // A Git LFS pointer (a golden not fetched) stays, as it does when goldens past the end go.
    let deselected =
      policy.record == .all && policy.mayWrite && frames != nil
      ? existing.frames.filter { $0.key <= last && !selection.contains($0.key) }.map(\.value).sorted().filter {
        file in
        let bytes = try? FileReader.read(folder + "/" + file, limit: 1024, what: "a golden")
        return !(bytes.map(GoldenStore.isLFSPointer) ?? false)
      } : []
    // `--record missing` fills in the goldens of a scene that has none, or whose goldens all
    // agree with it: a scene that fails keeps its folder as it was. (A transition made longer
    // would otherwise gain its new last frame beside the old goldens, and going back to the old
    // scene would then fail on a golden past its last frame.)
    let disagrees =
      !change.isEmpty || outcome.scene.frames.contains { [.fail, .size, .invalid].contains($0.status) }
    if policy.record == .missing && !existing.frames.isEmpty && disagrees {
      recorder?.abandon()
      for index in outcome.scene.frames.indices where outcome.scene.frames[index].recorded {
        outcome.scene.frames[index].recorded = false
        outcome.scene.frames[index].message =
          outcome.scene.frames[index].message.replacing("; recorded the new golden", with: "")
          + "; not recorded, as the scene's other goldens fail"
      }
    }
    // The new goldens, their manifest and the removal of those no frame has, all at once.
    let recorded = Set(outcome.scene.frames.filter(\.recorded).map(\.index))
    let removingFiles = change.toRemove + deselected
    if let recorder, !recorded.isEmpty || !removingFiles.isEmpty {
      let removing = Set(removingFiles.compactMap(FrameFolderNames.index(of:)))
      let goldens = Set(existing.frames.keys).subtracting(removing).union(recorded).sorted()
      do {
        try recorder.commit(
          manifest: GoldenManifest.text(
            renderer: renderer, goldens: goldens, recorded: recorded, previous: manifest,
            keepsTiming: policy.record == .missing, selection: frames),
          removing: removingFiles)
        if !change.toRemove.isEmpty {
          change.removed = change.toRemove.count == change.staleFiles.count + change.foreignFiles.count
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
    outcome.scene.frameCountChange = change.isEmpty ? nil : change
    // A failing scene's report plots its timing, beside the goldens' when that changed.
    if outcome.scene.failed {
      outcome.scene.timing = TimingPlot.tracks(loaded)
      if let recorded = manifest?.timing, recorded != TimingPlot.compact(loaded) {
        outcome.scene.goldenTiming = recorded
      }
    }
    outcome.scene.seconds = seconds(started.duration(to: clock.now))
    return outcome
  }

  /// A duration in seconds.
  public static func seconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) + Double(duration.components.attoseconds) * 1e-18
  }
}
