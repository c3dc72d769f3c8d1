/// What a command accepts: its options and how many positional arguments.
public struct CommandSpec: Sendable {
  public let name: String
  /// One line for the command list.
  public let abstract: String
  /// The usage line after the program name: `render SCENE [-o DIR] ...`.
  public let usage: String
  public let options: [OptionSpec]
  /// How the help names the positional arguments and what they are.
  public let arguments: [(name: String, help: String)]
  public let minimumPositionals: Int
  public let maximumPositionals: Int

  public init(
    name: String, abstract: String, usage: String, options: [OptionSpec],
    arguments: [(name: String, help: String)] = [], positionals: ClosedRange<Int> = 0...0
  ) {
    self.name = name
    self.abstract = abstract
    self.usage = usage
    self.options = options + [OptionSpec("help", short: "h", help: "Show this help.")]
    self.arguments = arguments
    self.minimumPositionals = positionals.lowerBound
    self.maximumPositionals = positionals.upperBound
  }

  /// The help text: usage, arguments and options.
  public func help(program: String) -> String {
    var text = "OVERVIEW: \(abstract)\n\nUSAGE: \(program) \(usage)\n"
    if !arguments.isEmpty {
      text += "\nARGUMENTS:\n"
      let width = arguments.map(\.name.count).max() ?? 0
      for argument in arguments {
        text += "  " + pad(argument.name, width + 2) + argument.help + "\n"
      }
    }
    text += "\nOPTIONS:\n"
    let width = options.map(\.synopsis.count).max() ?? 0
    for option in options {
      text += "  " + pad(option.synopsis, width + 2) + option.help + "\n"
    }
    return text
  }

  private func pad(_ text: String, _ width: Int) -> String {
    text + String(repeating: " ", count: max(0, width - text.count))
  }
}
