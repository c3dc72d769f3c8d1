import SegueArguments
import SegueJSON
import SegueMotion
import SegueScene
import SegueTiming

/// `segue list`: every transition type with its operations, parameters, defaults and the app
/// behaviour it is like.
struct ListCommand: Command {
  let spec = CommandSpec(
    name: "list",
    abstract: "List every transition type with its operations, parameters and defaults, and the device presets.",
    usage: "list [devices] [--json]", options: [OptionSpec("json", help: "Print the list as JSON.")],
    arguments: [("devices", "Only the devices a scene's 'device' and 'devices' name: sizes in points and scales.")],
    positionals: 0...1)

  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode {
    if let what = arguments.positionals.first {
      guard what == "devices" else {
        return Segue.usageFailure(
          UsageError("expected 'devices' or nothing, got '\(what)'"), command: spec, console: console)
      }
      if arguments.has("json") {
        console.printText(ListCommand.devices().text())
      } else {
        for line in ListCommand.deviceLines() { console.print(line) }
      }
      return .success
    }
    if arguments.has("json") {
      console.printText(ListCommand.json().text())
      return .success
    }
    var lines: [String] = []
    for type in PresetCatalog.all {
      lines.append("\(type.name): \(type.summary)")
      lines.append("  like: \(type.seed)")
      for operation in type.operations {
        let defaults = type.defaults(operation)
        lines.append(
          "  \(operation.rawValue): \(JSONValue.format(defaults.duration)) s, \(defaults.curve)")
      }
      for parameter in type.parameters {
        lines.append("  parameter \(parameter.name): \(parameter.summary) (default: \(parameter.defaultValue))")
      }
      lines.append("")
    }
    lines.append(
      "Every type also takes 'duration' (seconds) and 'curve'; 'custom' writes the animator out (docs/custom-transitions.md)."
    )
    lines.append("")
    lines += ListCommand.deviceLines()
    for line in lines { console.print(line) }
    return .success
  }

  /// The device presets a scene's `device` key takes, one a line:
  /// `  iphone-16          393 x 852 pt @3x = 1179 x 2556 px  safe area 59 0 34 0  iPhone 16`.
  static func deviceLines() -> [String] {
    let width = DevicePreset.all.map(\.name.count).max() ?? 0
    var lines = [
      "Devices (a scene's \"device\" sets its size, scale and safe area [top left bottom right], explicit ones win; "
        + "\"devices\" lists several):"
    ]
    for preset in DevicePreset.all {
      let name = preset.name + String(repeating: " ", count: width - preset.name.count)
      let points = "\(JSONValue.format(preset.size.width)) x \(JSONValue.format(preset.size.height)) pt"
      let pixels = "\(preset.pixelSize.width) x \(preset.pixelSize.height) px"
      let padded = points + String(repeating: " ", count: max(0, 15 - points.count))
      let paddedPixels = pixels + String(repeating: " ", count: max(0, 14 - pixels.count))
      let safe = "safe area " + preset.safeArea.values.map(JSONValue.format).joined(separator: " ")
      let paddedSafe = safe + String(repeating: " ", count: max(0, 19 - safe.count))
      lines.append(
        "  \(name)  \(padded) @\(JSONValue.format(preset.scale))x = \(paddedPixels)  \(paddedSafe)  \(preset.model)")
    }
    return lines
  }

  /// The catalog as JSON: `{"types": [...], "devices": [...]}`.
  static func json() -> JSONValue {
    .object([("types", types()), ("devices", devices())])
  }

  /// Each device preset: its name, size in points, scale, size in pixels and model.
  static func devices() -> JSONValue {
    .array(
      DevicePreset.all.map { preset in
        .object([
          ("name", .string(preset.name)), ("size", .array([.number(preset.size.width), .number(preset.size.height)])),
          ("scale", .number(preset.scale)),
          ("pixels", .array([.number(Double(preset.pixelSize.width)), .number(Double(preset.pixelSize.height))])),
          ("safeArea", .array(preset.safeArea.values.map(JSONValue.number))),
          ("model", .string(preset.model)),
        ])
      })
  }

  /// Each transition type: its summary, seed, operations with their defaults, and parameters.
  static func types() -> JSONValue {
    .array(
      PresetCatalog.all.map { type in
        .object([
          ("type", .string(type.name)), ("summary", .string(type.summary)), ("seed", .string(type.seed)),
          (
            "operations",
            .array(
              type.operations.map { operation in
                let defaults = type.defaults(operation)
                return .object([
                  ("operation", .string(operation.rawValue)), ("duration", .number(defaults.duration)),
                  ("curve", .string(defaults.curve.description)),
                ])
              })
          ),
          (
            "parameters",
            .array(
              type.parameters.map { parameter in
                .object([
                  ("name", .string(parameter.name)), ("summary", .string(parameter.summary)),
                  ("default", .string(parameter.defaultValue)),
                ])
              })
          ),
        ])
      })
  }
}
