import SegueArguments
import SegueFiles
import SegueKit
import SegueSwiftExport

/// `segue swift SCENE... [-o FILE]`: writes each scene's transition as the app's UIKit animator,
/// a `UIViewControllerAnimatedTransitioning` class, and one transitioning delegate that hands
/// UIKit the animator for each operation, for iOS 15 and later, so the app and its goldens run
/// the same scenes.
struct SwiftCommand: Command {
  let spec = CommandSpec(
    name: "swift", abstract: "Write scenes' transitions as the app's UIKit animators, in Swift.",
    usage: "swift SCENE... [--output FILE] [--device NAME] [--variant NAME]",
    options: [
      OptionSpec(
        "output", short: "o", value: "FILE",
        help: "Write the Swift file to FILE (its folder must exist) instead of standard output.")
    ] + runOptions,
    arguments: [
      (
        "SCENE",
        "Scene files, custom or preset. The file holds an animator class named after each scene "
          + "(custom-today-card: CustomTodayCardAnimator) and one transitioning delegate that runs each scene for "
          + "its operation (present and dismiss; push and pop), named after the first."
      )
    ], positionals: 1...Int.max)

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let files = arguments.positionals
    if let output = arguments.value("output"), let file = files.first(where: { PathIdentity.same(output, $0) }) {
      let message = "--output \(output) would write over \(file), a scene it reads; give another file"
      return Segue.usageFailure(UsageError(message), command: spec, console: console)
    }
    var scenes: [SwiftExport.Scene] = []
    var failed = false
    for file in files {
      do {
        // The first device and variant picked: the numbers the scene gives there. Every run is
        // checked, one at a time, and only the first kept.
        var first: LoadedScene?
        try SceneRuns(file, choice: runChoice(arguments)).forEach(loadImages: false) { loaded in
          if first == nil { first = loaded }
        }
        guard let loaded = first else { continue }
        for warning in loaded.warnings { console.warning(warning) }
        scenes.append(SwiftExport.Scene(plan: loaded.plan, type: loaded.scene.transition.type, file: file))
      } catch {
        for problem in error.errors { console.error(problem.description) }
        failed = true
      }
    }
    // Nothing loaded: every error is said.
    if scenes.isEmpty { return .invalidInput }
    let text: String
    do {
      // Each scene's own errors first; the export's only for scenes that loaded.
      text = try SwiftExport.source(for: scenes, version: Segue.version)
    } catch {
      for problem in error.errors { console.error(problem.description) }
      return .invalidInput
    }
    if failed { return .invalidInput }
    return TextOutput.deliver(text, to: arguments.value("output"), console: console)
  }
}
