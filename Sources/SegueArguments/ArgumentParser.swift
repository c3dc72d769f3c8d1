import SegueSpelling

/// Splits a command's arguments into options, flags and positionals by its `CommandSpec`.
///
/// Accepts `--name VALUE`, `--name=VALUE`, `-n VALUE`, `-nVALUE`, flags, and `--` to end
/// options. A lone `-` is a positional (standard input, by convention).
public enum ArgumentParser {
  public static func parse(_ arguments: [String], spec: CommandSpec) throws(UsageError) -> ParsedArguments {
    var result = ParsedArguments()
    var index = 0
    var optionsEnded = false
    while index < arguments.count {
      let argument = arguments[index]
      index += 1
      if optionsEnded || argument == "-" || !argument.hasPrefix("-") {
        result.positionals.append(argument)
        continue
      }
      if argument == "--" {
        optionsEnded = true
        continue
      }
      var inlineValue: String?
      let option: OptionSpec
      if argument.hasPrefix("--") {
        var name = String(argument.dropFirst(2))
        if let equals = name.firstIndex(of: "=") {
          inlineValue = String(name[name.index(after: equals)...])
          name = String(name[..<equals])
        }
        guard let found = spec.options.first(where: { $0.name == name }) else {
          throw unknown("--" + name, spec: spec)
        }
        option = found
      } else {
        let letter = argument.dropFirst().first!
        guard let found = spec.options.first(where: { $0.short == letter }) else {
          throw unknown("-" + String(letter), spec: spec)
        }
        option = found
        let rest = argument.dropFirst(2)
        if !rest.isEmpty { inlineValue = String(rest) }
      }
      if option.isFlag {
        guard inlineValue == nil else { throw UsageError("option '--\(option.name)' takes no value") }
        result.flags.insert(option.name)
        continue
      }
      if let inlineValue {
        result.values[option.name, default: []].append(inlineValue)
        continue
      }
      guard index < arguments.count else {
        throw UsageError("option '--\(option.name)' needs a value (\(option.valueName ?? "VALUE"))")
      }
      result.values[option.name, default: []].append(arguments[index])
      index += 1
    }
    if result.has("help") { return result }
    if result.positionals.count < spec.minimumPositionals {
      let names = spec.arguments.map(\.name).joined(separator: " ")
      throw UsageError("missing argument: expected \(names.isEmpty ? "an argument" : names)")
    }
    if result.positionals.count > spec.maximumPositionals {
      let extra = result.positionals[spec.maximumPositionals]
      throw UsageError("unexpected argument '\(extra)'")
    }
    return result
  }

  static func unknown(_ option: String, spec: CommandSpec) -> UsageError {
    let names = spec.options.map { "--" + $0.name }
    if let guess = Spelling.closest(to: option, in: names) {
      return UsageError("unknown option '\(option)' (did you mean '\(guess)'?)")
    }
    return UsageError("unknown option '\(option)'")
  }
}
