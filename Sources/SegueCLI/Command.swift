import SegueArguments
import SegueJSON
import SegueKit
import SeguePNG
import SegueScene

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif

/// A subcommand of `segue`: its spec and what it does with parsed arguments.
protocol Command: Sendable {
  var spec: CommandSpec { get }
  func run(_ arguments: ParsedArguments, console: Console) -> ExitCode
}

extension Command {
  /// Parses an `--jobs`-style whole-number option in `range`.
  func integer(_ arguments: ParsedArguments, _ name: String, in range: ClosedRange<Int>) throws(UsageError) -> Int? {
    guard let text = arguments.value(name) else { return nil }
    guard let value = Int(text), range.contains(value) else {
      throw UsageError(
        "--\(name): expected a whole number from \(range.lowerBound) to \(range.upperBound), got '\(text)'")
    }
    return value
  }

  /// `--compression MODE`, default `fast`.
  func compression(_ arguments: ParsedArguments) throws(UsageError) -> PNGEncoder.Compression {
    let mode = arguments.value("compression") ?? PNGEncoder.Compression.fast.rawValue
    guard let chosen = PNGEncoder.Compression(rawValue: mode) else {
      let modes = PNGEncoder.Compression.allCases.map(\.rawValue).joined(separator: ", ")
      throw UsageError("--compression: expected one of \(modes), got '\(mode)'")
    }
    return chosen
  }

  /// The runs `--device` and `--variant` pick.
  func runChoice(_ arguments: ParsedArguments) -> LoadedScene.RunChoice {
    LoadedScene.RunChoice(device: arguments.value("device"), variant: arguments.value("variant"))
  }

  /// `--jobs`, `--scale` and `--fps` of a command that renders scenes into a page.
  func renderSettings(_ arguments: ParsedArguments) throws(UsageError) -> (jobs: Int, scale: Double?, fps: Int?) {
    (
      try jobs(arguments), try positive(arguments, "scale", limit: SceneLimits.maxScale),
      try integer(arguments, "fps", in: SceneLimits.fps)
    )
  }

  func jobs(_ arguments: ParsedArguments) throws(UsageError) -> Int {
    try integer(arguments, "jobs", in: 1...256) ?? ProcessInfo.processInfo.activeProcessorCount
  }

  /// Parses a number option that must be positive and at most `limit`.
  func positive(_ arguments: ParsedArguments, _ name: String, limit: Double) throws(UsageError) -> Double? {
    guard let text = arguments.value(name) else { return nil }
    guard let value = DecimalText.number(text), value > 0, value <= limit else {
      throw UsageError("--\(name): expected a positive number up to \(limit), got '\(text)'")
    }
    return value
  }
}

extension Command {
  /// `--compression MODE`.
  static var compressionOption: OptionSpec {
    OptionSpec(
      "compression", value: "MODE",
      help: "PNG compression: fast (default), balanced (libpng's defaults) or smallest (zlib level 9).")
  }

  /// `--force`: a render may replace a `manifest.json` that Segue did not write.
  static var forceOption: OptionSpec {
    OptionSpec("force", help: "Replace a manifest.json in the frame folder that segue did not write.")
  }

  /// `--device NAME` and `--variant NAME`: which runs of a scene with devices and variants.
  static var runOptions: [OptionSpec] {
    [
      OptionSpec("device", value: "NAME", help: "Only this device of the scene's 'devices'."),
      OptionSpec(
        "variant", value: "NAME", help: "Only this variant of the scene's 'variants' ('default': the scene as written)."
      ),
    ]
  }

  /// `-j, --jobs N`.
  static var jobsOption: OptionSpec {
    OptionSpec("jobs", short: "j", value: "N", help: "Threads working at once (default: all cores).")
  }
}
