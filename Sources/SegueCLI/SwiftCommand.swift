import SegueArguments
import SegueFiles
import SegueKit
import SegueSwiftExport

/// `segue swift SCENE [-o FILE]`: writes the scene's transition as the app's UIKit animator, a
/// `UIViewControllerAnimatedTransitioning` class and its transitioning delegate, for iOS 15 and
/// later, so the app and its goldens run one scene.
struct SwiftCommand: Command {
  let spec = CommandSpec(
    name: "swift", abstract: "Write a scene's transition as the app's UIKit animator, in Swift.",
    usage: "swift SCENE [--output FILE] [--device NAME] [--variant NAME]",
    options: [
      OptionSpec(
        "output", short: "o", value: "FILE",
        help: "Write the Swift file to FILE (its folder must exist) instead of standard output.")
    ] + runOptions,
    arguments: [
      (
        "SCENE",
        "A scene file, custom or preset. The file holds an animator class named after the scene "
          + "(custom-today-card: CustomTodayCardAnimator) and its transitioning delegate."
      )
    ], positionals: 1...1)

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let file = arguments.positionals[0]
    if let output = arguments.value("output"), PathIdentity.same(output, file) {
      let message = "--output \(output) would write over \(file), the scene it reads; give another file"
      return Segue.usageFailure(UsageError(message), command: spec, console: console)
    }
    let text: String
    do {
      // The first device and variant picked: the numbers the scene gives there.
      let loaded = try LoadedScene.loadRuns(file, choice: runChoice(arguments), loadImages: false)[0]
      for warning in loaded.warnings { console.warning(warning) }
      text = try SwiftExport.source(
        for: loaded.plan, type: loaded.scene.transition.type, file: file, version: Segue.version)
    } catch {
      for problem in error.errors { console.error(problem.description) }
      return .invalidInput
    }
    return TextOutput.deliver(text, to: arguments.value("output"), console: console)
  }
}
