import SegueArguments
import SegueFiles
import SegueKit
import SeguePNG
import SegueRaster
import SegueScene
import SegueSync

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `segue batch PATH...`: many scenes, in parallel across scenes and frames, each into
/// `DIR/<scene name>`. A broken scene does not stop the others; all errors come at the end.
struct BatchCommand: Command {
  let spec = CommandSpec(
    name: "batch", abstract: "Render many scenes (files or folders of *.json) in parallel.",
    usage:
      "batch PATH... [-o DIR] [--device NAME] [--variant NAME] [--jobs N] [--shard I/N] [--apng] [--sheet] [--video] [--gif] [--compression MODE] [--force] [--quiet]",
    options: [
      OptionSpec(
        "output", short: "o", value: "DIR",
        help: "Folder for the scenes' folders (default: out); a scene's devices and variants each have a folder in "
          + "its own."),
      jobsOption,
      OptionSpec("shard", value: "I/N", help: "Render only the I-th of N deterministic slices of the scenes."),
      OptionSpec("apng", help: "Also write DIR/<scene name>.png, an animated PNG of each scene."),
      OptionSpec("sheet", help: "Also write DIR/<scene name>.sheet.png, a contact sheet of each scene."),
      OptionSpec("video", help: "Also write DIR/<scene name>.mp4, an H.264 video of each scene (needs ffmpeg)."),
      OptionSpec("gif", help: "Also write DIR/<scene name>.gif, a looping GIF of each scene (needs ffmpeg)."),
      compressionOption,
      forceOption,
      OptionSpec("quiet", short: "q", help: "Print nothing but errors."),
    ] + runOptions,
    arguments: [("PATH", "Scene files, or folders of *.json scenes.")], positionals: 1...Int.max)

  /// What happened to one scene.
  enum Outcome: Sendable {
    case rendered([String])
    case invalid([String])
    case unwritable([String])
  }

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let jobs: Int
    let shard: Shard?
    let compression: PNGEncoder.Compression
    do throws(UsageError) {
      jobs = try self.jobs(arguments)
      shard = try arguments.value("shard").map { text throws(UsageError) in try Shard.parse(text) }
      compression = try self.compression(arguments)
    } catch {
      return Segue.usageFailure(error, command: spec, console: console)
    }
    let wanted = (
      apng: arguments.has("apng"), sheet: arguments.has("sheet"), video: arguments.has("video"),
      gif: arguments.has("gif")
    )
    // Checked before anything is rendered, so a missing ffmpeg leaves no file behind.
    let ffmpegOptions = (wanted.video ? ["--video"] : []) + (wanted.gif ? ["--gif"] : [])
    let ffmpeg = ffmpegOptions.isEmpty ? nil : FFmpeg.locate()
    if !ffmpegOptions.isEmpty && ffmpeg == nil {
      console.error(FFmpeg.missingMessage(for: ffmpegOptions))
      return .cannotWrite
    }
    let (allFiles, missing) = ScenePaths.expand(arguments.positionals)
    for path in missing { console.error("\(path): no such file or folder") }
    if allFiles.isEmpty && missing.isEmpty {
      console.error("no scene files (*.json) in \(arguments.positionals.joined(separator: ", "))")
      return .invalidInput
    }
    let files = shard.map { $0.slice(allFiles) } ?? allFiles
    let output = arguments.value("output") ?? "out"
    let quiet = arguments.has("quiet")

    @Sendable func extras(_ name: String) -> ExtraFiles {
      ExtraFiles.beside(
        name: name, in: output, apng: wanted.apng, sheet: wanted.sheet, video: wanted.video, gif: wanted.gif)
    }

    // Check every scene first, each run in turn and let go (a scene may have thousands): names
    // decide folders and files, and two scenes may not share one.
    var outcomes = [Outcome?](repeating: nil, count: files.count)
    var sceneRuns = [(runs: SceneRuns, images: [String: Pixmap])?](repeating: nil, count: files.count)
    var loaded: [(slot: Int, outline: RunOutline)] = []
    var folders: [String: (file: String, name: String)] = [:]
    var claimed: [String: String] = [:]
    let choice = runChoice(arguments)
    for (slot, file) in files.enumerated() {
      do {
        // Each device and variant of a scene renders into a folder of its own in the scene's.
        let runs = try SceneRuns(file, choice: choice)
        var outlines: [RunOutline] = []
        var seen = Set<String>()
        var images: [String: Pixmap] = [:]
        try runs.forEach(cache: &images) { scene in
          for warning in scene.warnings where seen.insert(warning).inserted { console.warning(warning) }
          outlines.append(RunOutline(scene))
        }
        // Names that differ only in case are one folder on macOS's and Windows's file systems.
        let name = outlines[0].sceneName
        if let other = folders[SceneText.folderKey(name)] {
          outcomes[slot] = .invalid([
            "\(file): scene name '\(SceneText.shown(name))' is also the name of \(other.file)"
              + (other.name == name ? "" : " (as '\(SceneText.shown(other.name))', in another case)")
              + "; each scene needs its own output folder"
          ])
          continue
        }
        var problem: String?
        for scene in outlines {
          let outputs = [output + "/" + scene.folder] + extras(scene.folder).paths
          if let clash = outputs.first(where: { claimed[SceneText.folderKey($0)] != nil }) {
            problem =
              "\(file): its output \(clash) is also an output of \(claimed[SceneText.folderKey(clash)]!); each scene "
              + "needs outputs of its own"
          } else if let conflict = extras(scene.folder).conflict(
            frameFolder: output + "/" + scene.folder, inputs: scene.inputFiles)
          {
            problem = "\(file): \(conflict)"
          }
          if problem != nil { break }
        }
        if let problem {
          outcomes[slot] = .invalid([problem])
          continue
        }
        folders[SceneText.folderKey(name)] = (file, name)
        sceneRuns[slot] = (runs, images)
        for scene in outlines {
          for path in [output + "/" + scene.folder] + extras(scene.folder).paths {
            claimed[SceneText.folderKey(path)] = file
          }
          loaded.append((slot, scene))
        }
      } catch {
        outcomes[slot] = .invalid(error.errors.map(\.description))
      }
    }

    // One scene's outputs may not be another's input either (an image in another scene's frame
    // folder): then nothing is written, whichever scene would have written it.
    var plan = OutputPlan()
    for (_, scene) in loaded {
      let name = scene.folder
      plan.add(.frames(output + "/" + name), for: "the frames of scene '\(name)'")
      for path in extras(name).paths { plan.add(.file(path), for: "a file of scene '\(name)'") }
    }
    let conflicts = loaded.compactMap { slot, scene -> String? in
      let inputs = scene.inputFiles.map { (path: $0, reader: "scene '\(scene.sceneName)'") }
      return plan.conflict(inputs: inputs).map { "\(files[slot]): \($0)" }
    }
    if !conflicts.isEmpty {
      for case .invalid(let messages)? in outcomes { for message in messages { console.error(message) } }
      for conflict in conflicts { console.error(conflict) }
      return .invalidInput
    }

    // Scenes run side by side; each gets a share of the threads for its frames, and is read
    // again (with its images) only when its turn comes.
    let totalFrames = loaded.reduce(0) { $0 + $1.outline.frameCount }
    let meter = quiet ? nil : ProgressMeter(console: console, label: "batch")
    let counter = Guarded(0)
    let concurrent = max(1, min(jobs, loaded.count))
    let framesPerScene = max(1, jobs / concurrent)
    let encoder = PNGEncoder(compression: compression)
    let work = loaded.map { (scene: sceneRuns[$0.slot]!, outline: $0.outline) }
    let finished = Parallel.map(work.count, jobs: concurrent) { index -> Outcome in
      let (runs, outline) = work[index]
      let scene: LoadedScene
      do throws(SceneErrors) {
        var images = runs.images
        scene = try runs.runs.load(outline.run, cache: &images)
      } catch {
        // Checked above, its images decoded: only a scene file changed since can fail here.
        return .invalid(error.errors.map(\.description))
      }
      let directory = output + "/" + scene.folder
      let writer = FrameWriter(renderer: FrameRenderer(scene), encoder: encoder, jobs: framesPerScene)
      let files = extras(scene.folder)
      do throws(WriteError) {
        // The folders of the extra files are batch's to make (the output folder, a scene's
        // folder of runs); what stands where a file would go is refused before the scene renders.
        for path in files.paths { try Folder.create(Folder.parent(of: path)) }
        try files.checkTargets()
        try writer.write(
          frames: Array(0..<scene.timeline.frameCount), to: directory, replaceForeignManifest: arguments.has("force"),
          notes: { notes in for note in notes { console.warning(note) } },
          progress: { _, _ in
            meter?.update(
              done: counter.withLock {
                $0 += 1
                return $0
              }, total: totalFrames)
          })
        try files.write(
          frames: Array(0..<scene.timeline.frameCount), directory: directory, scene: scene, ffmpeg: ffmpeg,
          notes: { notes in for note in notes { console.warning(note) } })
        let also = files.paths.isEmpty ? "" : "; " + files.paths.joined(separator: ", ")
        return .rendered(["\(scene.folder): \(scene.timeline.frameCount) frames in \(directory)\(also)"])
      } catch {
        return .unwritable([error.description])
      }
    }
    meter?.finish()
    // A scene's runs make one outcome: every run's line, or the first failure.
    for (index, entry) in loaded.enumerated() {
      switch (outcomes[entry.slot], finished[index]) {
      case (.rendered(let earlier)?, .rendered(let lines)): outcomes[entry.slot] = .rendered(earlier + lines)
      case (.invalid?, _), (.unwritable?, _): break
      default: outcomes[entry.slot] = finished[index]
      }
    }

    var invalid = !missing.isEmpty
    var unwritable = false
    var rendered = 0
    for outcome in outcomes {
      switch outcome {
      case .rendered(let lines)?:
        rendered += 1
        if !quiet { for line in lines { console.print(line) } }
      case .invalid?: invalid = true
      case .unwritable?: unwritable = true
      case nil: break
      }
    }
    let failures = outcomes.flatMap { outcome -> [String] in
      switch outcome {
      case .invalid(let messages)?, .unwritable(let messages)?: return messages
      default: return []
      }
    }
    for message in failures { console.error(message) }
    if !quiet {
      let slice = shard.map { " (shard \($0.index)/\($0.count) of \(allFiles.count))" } ?? ""
      console.print("\(rendered) of \(files.count) scenes rendered\(slice)")
    }
    if invalid { return .invalidInput }
    if unwritable { return .cannotWrite }
    return .success
  }
}
