/// How two frames are compared (docs/golden-testing.md).
public struct ComparisonOptions: Sendable, Equatable {
  /// The per-pixel test.
  public enum Metric: String, Sendable, CaseIterable {
    /// Largest difference of the straight R, G, B or A values, against `channelTolerance`.
    case channel
    /// CIEDE2000 distance of the colours (over white where translucent), against `threshold`.
    case deltaE
  }

  public var metric: Metric
  /// A pixel differs when a channel differs by more than this (0…255).
  public var channelTolerance: Int
  /// With `.deltaE`, a pixel differs when ΔE00 exceeds this.
  public var threshold: Double
  /// Skip differing pixels that pixelmatch's neighbour test calls anti-aliasing in either image.
  public var ignoreAntialiasing: Bool
  /// A frame fails when more pixels than this differ (nil: not set).
  public var maxDiffPixels: Int?
  /// A frame fails when a larger share than this (0…1) differs (nil: not set).
  public var maxDiffRatio: Double?

  public init(
    metric: Metric = .channel, channelTolerance: Int = 2, threshold: Double = 2.3,
    ignoreAntialiasing: Bool = false, maxDiffPixels: Int? = nil, maxDiffRatio: Double? = nil
  ) {
    self.metric = metric
    self.channelTolerance = channelTolerance
    self.threshold = threshold
    self.ignoreAntialiasing = ignoreAntialiasing
    self.maxDiffPixels = maxDiffPixels
    self.maxDiffRatio = maxDiffRatio
  }

  /// Whether `count` differing pixels of `total` fail a frame: when neither limit is set, any
  /// difference fails; otherwise exceeding either limit that is set fails.
  public func fails(differing count: Int, of total: Int) -> Bool {
    if maxDiffPixels == nil && maxDiffRatio == nil { return count > 0 }
    if let limit = maxDiffPixels, count > limit { return true }
    if let limit = maxDiffRatio, total > 0, Double(count) / Double(total) > limit { return true }
    return false
  }

  /// The limits in words, for failure lines: "allowed 0 pixels", "allowed 10 pixels and 0.1 %".
  public var allowance: String {
    var parts: [String] = []
    if let pixels = maxDiffPixels { parts.append("\(pixels) pixel\(pixels == 1 ? "" : "s")") }
    if let ratio = maxDiffRatio { parts.append(FrameComparison.percent(ratio)) }
    if parts.isEmpty { parts.append("0 pixels") }
    var text = "allowed " + parts.joined(separator: " and ")
    switch metric {
    case .channel: text += " beyond a channel difference of \(channelTolerance)"
    case .deltaE: text += " beyond ΔE00 \(threshold)"
    }
    return text
  }
}
