import SegueArguments
import SegueKit

/// `segue validate PATH...`: checks scenes without rendering; every error is reported.
struct ValidateCommand: Command {
  let spec = CommandSpec(
    name: "validate", abstract: "Check scene files without rendering them.",
    usage: "validate PATH... [--quiet]",
    options: [OptionSpec("quiet", short: "q", help: "Print only errors.")],
    arguments: [("PATH", "Scene files, or folders of *.json scenes.")], positionals: 1...Int.max)

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let (files, missing) = ScenePaths.expand(arguments.positionals)
    var failed = !missing.isEmpty
    for path in missing { console.error("\(path): no such file or folder") }
    if files.isEmpty && missing.isEmpty {
      console.error("no scene files (*.json) in \(arguments.positionals.joined(separator: ", "))")
      return .invalidInput
    }
    for file in files {
      do {
        // Every device and variant: pins may fit one container and not another.
        let runs = try LoadedScene.loadRuns(file, loadImages: false)
        for warning in LoadedScene.warnings(of: runs) { console.warning(warning) }
        let loaded = runs[0]
        if !arguments.has("quiet") {
          let scene = loaded.scene
          let more = runs.count > 1 ? " (and \(runs.count - 1) more run\(runs.count == 2 ? "" : "s"))" : ""
          console.print(
            "ok: \(file): \(loaded.folder)\(more), \(scene.transition.type) \(scene.transition.operation.rawValue), "
              + "\(loaded.timeline.frameCount) frame\(loaded.timeline.frameCount == 1 ? "" : "s") at \(scene.fps) fps, "
              + "\(scene.pixelWidth)x\(scene.pixelHeight)")
        }
      } catch {
        for problem in error.errors { console.error(problem.description) }
        failed = true
      }
    }
    return failed ? .invalidInput : .success
  }
}
