import SegueArguments
import SegueFiles
import SegueKit
import SeguePNG
import SegueRaster
import SegueScene

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// `segue render SCENE`: one scene to a folder of PNG frames and a manifest.
struct RenderCommand: Command {
  let spec = CommandSpec(
    name: "render", abstract: "Render a scene's transition to PNG frames and manifest.json.",
    usage:
      "render SCENE [-o DIR] [--device NAME] [--variant NAME] [--scale S] [--fps N] [--frames LIST] [--apng FILE] [--sheet FILE] [--video FILE] [--gif FILE] [--compression MODE] [--jobs N] [--force] [--quiet]",
    options: [
      OptionSpec(
        "output", short: "o", value: "DIR",
        help: "Folder for the frames (default: out/<scene name>); a scene with devices or variants has a folder "
          + "for each run in it."),
      OptionSpec("scale", value: "S", help: "Pixels per point, overriding the scene's scale."),
      OptionSpec("fps", value: "N", help: "Frames per second (1-240), overriding the scene's fps."),
      OptionSpec("frames", value: "LIST", help: "Frames to render: 0,10,20 or 0-5 or 50% or last (default: all)."),
      OptionSpec(
        "apng", value: "FILE",
        help: "Also write an animated PNG of the frames that browsers play, looping after holding the last frame 1 s."),
      OptionSpec(
        "sheet", value: "FILE",
        help: "Also write a contact sheet: a grid of small frames, each labelled with its number and time."),
      OptionSpec(
        "video", value: "FILE",
        help: "Also write an H.264 MP4 of the frames at the scene's fps (needs ffmpeg on PATH)."),
      OptionSpec(
        "gif", value: "FILE",
        help: "Also write a looping GIF of the frames, at most 50 fps, holding the last 1 s (needs ffmpeg on PATH)."),
      compressionOption,
      jobsOption,
      forceOption,
      OptionSpec("quiet", short: "q", help: "Print nothing but errors."),
    ] + runOptions,
    arguments: [("SCENE", "The scene file (JSON).")], positionals: 1...1)

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let file = arguments.positionals[0]
    let overrides: LoadedScene.Overrides
    let compression: PNGEncoder.Compression
    let jobs: Int
    do throws(UsageError) {
      overrides = LoadedScene.Overrides(
        scale: try positive(arguments, "scale", limit: SceneLimits.maxScale),
        fps: try integer(arguments, "fps", in: SceneLimits.fps))
      compression = try self.compression(arguments)
      jobs = try self.jobs(arguments)
    } catch {
      return Segue.usageFailure(error, command: spec, console: console)
    }
    if FileKind.following(file) == .directory {
      console.error("\(file): is a folder, not a scene file; to render every scene in it: segue batch \(file)")
      return .invalidInput
    }
    let extras = ExtraFiles(
      apng: arguments.value("apng"), sheet: arguments.value("sheet"), video: arguments.value("video"),
      gif: arguments.value("gif"))
    // Every run is checked first, one at a time, keeping only where it goes and what it reads:
    // then no run's frames can replace another run's input (a variant's image in the folder of
    // `default`), and a bad run stops the render before anything is written.
    let runs: SceneRuns
    // Each image decoded once, in the check, and drawn from there.
    var images: [String: Pixmap] = [:]
    var outlines: [(outline: RunOutline, directory: String)] = []
    do {
      runs = try SceneRuns(file, overrides: overrides, choice: runChoice(arguments))
      var base: String?
      var seen = Set<String>()
      try runs.forEach(cache: &images) { loaded in
        for warning in loaded.warnings where seen.insert(warning).inserted { console.warning(warning) }
        let folder = arguments.value("output") ?? base ?? "out/\(loaded.scene.name)"
        base = folder
        outlines.append((RunOutline(loaded), loaded.runFolder.map { folder + "/" + $0 } ?? folder))
      }
    } catch {
      for problem in error.errors { console.error(problem.description) }
      return .invalidInput
    }
    if outlines.count > 1, let option = extras.named.first?.option {
      let names = outlines.compactMap(\.outline.runFolder).joined(separator: ", ")
      return Segue.usageFailure(
        UsageError(
          "\(option) writes one run's frames; the scene has \(outlines.count) (\(names)): pick one with --device "
            + "and --variant"), command: spec, console: console)
    }
    var plan = OutputPlan()
    for (outline, directory) in outlines {
      plan.add(
        .frames(directory), for: outline.runFolder.map { "the frame folder of run '\($0)'" } ?? "the frame folder")
    }
    for (outline, directory) in outlines {
      let reader = outline.runFolder.map { "run '\($0)'" } ?? "the scene"
      if let conflict = extras.conflict(frameFolder: directory, inputs: outline.inputFiles)
        ?? plan.conflict(inputs: outline.inputFiles.map { (path: $0, reader: reader) })
      {
        return Segue.usageFailure(UsageError(conflict), command: spec, console: console)
      }
    }
    for (outline, directory) in outlines {
      let loaded: LoadedScene
      do {
        loaded = try runs.load(outline.run, cache: &images)
      } catch {
        // Checked above, its images decoded: only a scene file changed since can fail here.
        for problem in error.errors { console.error(problem.description) }
        return .invalidInput
      }
      let code = render(
        loaded, into: directory, extras: extras, encoder: PNGEncoder(compression: compression), jobs: jobs,
        arguments, console)
      if code != .success { return code }
    }
    return .success
  }

  /// Renders one run of the scene into `directory`, with the extra files asked for.
  func render(
    _ loaded: LoadedScene, into directory: String, extras: ExtraFiles, encoder: PNGEncoder, jobs: Int,
    _ arguments: ParsedArguments, _ console: Console
  ) -> ExitCode {
    do {
      try extras.checkTargets()
    } catch {
      console.error(error.description)
      return .cannotWrite
    }
    // Checked before anything is rendered, so a missing ffmpeg leaves no file behind.
    let ffmpeg = extras.ffmpegOptions.isEmpty ? nil : FFmpeg.locate()
    if !extras.ffmpegOptions.isEmpty && ffmpeg == nil {
      console.error(FFmpeg.missingMessage(for: extras.ffmpegOptions))
      return .cannotWrite
    }
    let lastFrame = loaded.timeline.frameCount - 1
    let frames: [Int]
    do throws(FrameSelection.Failure) {
      frames =
        try arguments.value("frames").map { text throws(FrameSelection.Failure) in
          try FrameSelection.parse(text, lastFrame: lastFrame)
        } ?? Array(0...lastFrame)
    } catch {
      return Segue.usageFailure(UsageError(error.message), command: spec, console: console)
    }
    let quiet = arguments.has("quiet")
    let renderer = FrameRenderer(loaded)
    let writer = FrameWriter(renderer: renderer, encoder: encoder, jobs: jobs)
    let meter = quiet ? nil : ProgressMeter(console: console, label: loaded.folder)
    do {
      try writer.write(
        frames: frames, to: directory, replaceForeignManifest: arguments.has("force"),
        notes: { notes in for note in notes { console.warning(note) } },
        progress: { done, total in meter?.update(done: done, total: total) })
    } catch {
      meter?.finish()
      console.error(error.description)
      return .cannotWrite
    }
    meter?.finish()
    do {
      try extras.write(
        frames: frames, directory: directory, scene: loaded, ffmpeg: ffmpeg,
        notes: { notes in for note in notes { console.warning(note) } })
    } catch {
      console.error(error.description)
      return .cannotWrite
    }
    if !quiet {
      let also = extras.paths.isEmpty ? "" : "; " + extras.paths.joined(separator: ", ")
      console.print(
        "\(loaded.folder): \(frames.count) frame\(frames.count == 1 ? "" : "s") "
          + "(\(renderer.width)x\(renderer.height), \(loaded.scene.fps) fps) in \(directory)\(also)")
    }
    return .success
  }
}
