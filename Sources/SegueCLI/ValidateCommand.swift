import SegueArguments
import SegueKit
import SegueScene

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
        // Every device and variant, one at a time (pins may fit one container and not another);
        // of each only its warnings are kept, of the first what the line below says.
        let runs = try SceneRuns(file)
        var first: (folder: String, scene: Scene, frames: Int)?
        var warnings: [String] = []
        var seen = Set<String>()
        try runs.forEach(loadImages: false) { loaded in
          if first == nil { first = (loaded.folder, loaded.scene, loaded.timeline.frameCount) }
          warnings += loaded.warnings.filter { seen.insert($0).inserted }
        }
        for warning in warnings { console.warning(warning) }
        if let (folder, scene, frames) = first, !arguments.has("quiet") {
          let count = runs.runs.count
          let more = count > 1 ? " (and \(count - 1) more run\(count == 2 ? "" : "s"))" : ""
          console.print(
            "ok: \(file): \(folder)\(more), \(scene.transition.type) \(scene.transition.operation.rawValue), "
              + "\(frames) frame\(frames == 1 ? "" : "s") at \(scene.fps) fps, \(scene.pixelWidth)x\(scene.pixelHeight)"
          )
        }
      } catch {
        for problem in error.errors { console.error(problem.description) }
        failed = true
      }
    }
    return failed ? .invalidInput : .success
  }
}
