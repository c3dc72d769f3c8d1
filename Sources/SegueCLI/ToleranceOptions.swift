import SegueArguments
import SegueGolden
import SegueJSON

/// The comparison options `check` and `compare` share (docs/golden-testing.md).
enum ToleranceOptions {
  static let specs: [OptionSpec] = [
    OptionSpec(
      "channel-tolerance", value: "N", help: "A pixel differs when a channel differs by more than N (0-255, default 2)."
    ),
    OptionSpec("metric", value: "M", help: "Per-pixel test: channel (default) or deltaE (CIEDE2000)."),
    OptionSpec("threshold", value: "X", help: "With --metric deltaE, a pixel differs when ΔE00 > X (default 2.3)."),
    OptionSpec("ignore-antialiasing", help: "Skip pixels pixelmatch's neighbour test calls anti-aliasing."),
    OptionSpec("max-diff-pixels", value: "N", help: "A frame fails when more than N pixels differ (default 0)."),
    OptionSpec("max-diff-ratio", value: "R", help: "A frame fails when more than R (0-1) of its pixels differ."),
  ]

  static func parse(_ arguments: ParsedArguments) throws(UsageError) -> ComparisonOptions {
    var options = ComparisonOptions()
    if let text = arguments.value("channel-tolerance") {
      guard let value = Int(text), (0...255).contains(value) else {
        throw UsageError("--channel-tolerance: expected a whole number from 0 to 255, got '\(text)'")
      }
      options.channelTolerance = value
    }
    if let text = arguments.value("metric") {
      guard let metric = ComparisonOptions.Metric(rawValue: text) else {
        throw UsageError("--metric: expected channel or deltaE, got '\(text)'")
      }
      options.metric = metric
    }
    if let text = arguments.value("threshold") {
      guard let value = DecimalText.number(text), value >= 0 else {
        throw UsageError("--threshold: expected a ΔE00 distance of 0 or more, got '\(text)'")
      }
      options.threshold = value
    }
    options.ignoreAntialiasing = arguments.has("ignore-antialiasing")
    if let text = arguments.value("max-diff-pixels") {
      guard let value = Int(text), value >= 0 else {
        throw UsageError("--max-diff-pixels: expected a whole number of pixels, 0 or more, got '\(text)'")
      }
      options.maxDiffPixels = value
    }
    if let text = arguments.value("max-diff-ratio") {
      guard let value = DecimalText.number(text), (0...1).contains(value) else {
        throw UsageError("--max-diff-ratio: expected a share from 0 to 1 (0.001 is 0.1 %), got '\(text)'")
      }
      options.maxDiffRatio = value
    }
    return options
  }
}
