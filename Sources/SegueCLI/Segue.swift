import SegueArguments
import SegueFiles
import SegueSpelling

/// The `segue` program: dispatches to a subcommand and turns every failure into an exit code.
public enum Segue {
  public static let version = "0.1.0"
  static let program = "segue"

  static let commands: [any Command] = [
    RenderCommand(), BatchCommand(), PreviewCommand(), GalleryCommand(), CheckCommand(), ReportCommand(),
    CompareCommand(),
    ValidateCommand(), ExpandCommand(), SwiftCommand(), SchemaCommand(), ListCommand(),
  ]

  /// Runs `segue` with `arguments` (without the program name) and returns the exit code.
  public static func main(_ arguments: [String], console: Console = .standard()) -> Int32 {
    // SIGINT and SIGTERM remove this run's temporary files before the process ends.
    TemporaryFiles.installSignalHandlers()
    guard let first = arguments.first else {
      console.printText(overview())
      return ExitCode.invalidInput.rawValue
    }
    switch first {
    case "--help", "-h", "help":
      // `segue help COMMAND` names a command as `segue COMMAND` does: a wrong one is an error.
      guard arguments.count > 1, !["--help", "-h"].contains(arguments[1]) else {
        console.printText(overview())
        return ExitCode.success.rawValue
      }
      guard let command = commands.first(where: { $0.spec.name == arguments[1] }) else {
        return unknownCommand(arguments[1], console: console)
      }
      console.printText(command.spec.help(program: program))
      return ExitCode.success.rawValue
    case "--version":
      console.print("segue \(version)")
      return ExitCode.success.rawValue
    default: break
    }
    guard let command = commands.first(where: { $0.spec.name == first }) else {
      return unknownCommand(first, console: console)
    }
    do {
      let parsed = try ArgumentParser.parse(Array(arguments.dropFirst()), spec: command.spec)
      if parsed.has("help") {
        console.printText(command.spec.help(program: program))
        return ExitCode.success.rawValue
      }
      return command.run(parsed, console: console).rawValue
    } catch {
      return usageFailure(error, command: command.spec, console: console).rawValue
    }
  }

  /// Reports a command name Segue does not have, with the closest one it has; exit code 2.
  static func unknownCommand(_ name: String, console: Console) -> Int32 {
    var message = "unknown command '\(name)'"
    if let guess = Spelling.closest(to: name, in: commands.map(\.spec.name)) {
      message += " (did you mean '\(guess)'?)"
    }
    console.error(message)
    return usageHint(console: console, command: nil)
  }

  /// Reports a usage error with the command's usage line; exit code 2.
  static func usageFailure(_ error: UsageError, command: CommandSpec, console: Console) -> ExitCode {
    console.error(error.message)
    usageHint(console: console, command: command)
    return .invalidInput
  }

  @discardableResult
  static func usageHint(console: Console, command: CommandSpec?) -> Int32 {
    if let command {
      console.note("Usage: \(program) \(command.usage)")
      console.note("  See '\(program) \(command.name) --help' for more information.")
    } else {
      console.note("Usage: \(program) COMMAND [OPTIONS]")
      console.note("  See '\(program) --help' for the commands.")
    }
    return ExitCode.invalidInput.rawValue
  }

  static func overview() -> String {
    var text = """
      OVERVIEW: Render iOS view-controller transitions to PNG frames.

      USAGE: \(program) COMMAND [OPTIONS]

      COMMANDS:

      """
    let width = commands.map(\.spec.name.count).max() ?? 0
    for command in commands {
      let name = command.spec.name
      text += "  " + name + String(repeating: " ", count: width + 2 - name.count) + command.spec.abstract + "\n"
    }
    text += """

      EXIT CODES: 0 success, 1 differences found, 2 invalid input, 3 cannot write output.
      See '\(program) COMMAND --help' for a command's options.
      """
    return text
  }
}
