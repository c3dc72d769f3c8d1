import SegueArguments
import SegueScene

/// `segue schema`: prints the JSON Schema of the scene format, for editors.
struct SchemaCommand: Command {
  let spec = CommandSpec(
    name: "schema", abstract: "Print the JSON Schema of the scene format (for editors).", usage: "schema",
    options: [], arguments: [], positionals: 0...0)

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    console.printText(SceneSchema.document.text())
    return .success
  }
}
