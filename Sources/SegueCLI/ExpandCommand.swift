import SegueArguments
import SegueFiles
import SegueKit

/// `segue expand SCENE`: prints the scene with its preset written out as `"type": "custom"`,
/// to start a custom transition from the preset nearest to it.
struct ExpandCommand: Command {
  let spec = CommandSpec(
    name: "expand", abstract: "Print a scene with its preset written out as a custom transition.",
    usage: "expand SCENE [--output FILE] [--device NAME]",
    options: [
      OptionSpec(
        "output", short: "o", value: "FILE", help: "Write the expanded scene to FILE instead of standard output."),
      OptionSpec(
        "device", value: "NAME",
        help: "For a scene with devices: the device whose container the preset is written out for (default: the first)."
      ),
    ],
    arguments: [
      (
        "SCENE",
        "A scene file. Rendering what this prints gives the preset's frames, byte for byte (a warning says "
          + "where an interaction makes them differ)."
      )
    ], positionals: 1...1)

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    let file = arguments.positionals[0]
    if let output = arguments.value("output"), PathIdentity.same(output, file) {
      let message = "--output \(output) would write over \(file), the scene it expands; give another file"
      return Segue.usageFailure(UsageError(message), command: spec, console: console)
    }
    let text: String
    var caveats: [String] = []
    do {
      // Written elsewhere, its image paths are rewritten to still find the images.
      text = try SceneExpansion.text(
        ofFile: file, destination: arguments.value("output"), device: arguments.value("device"), caveats: &caveats)
    } catch {
      for problem in error.errors { console.error(problem.description) }
      return .invalidInput
    }
    for caveat in caveats { console.warning(caveat) }
    return TextOutput.deliver(text, to: arguments.value("output"), console: console)
  }
}
