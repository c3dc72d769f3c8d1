import SegueJSON

/// What comparing two images found.
public struct FrameComparison: Sendable, Equatable {
  /// Each pixel's verdict, for the diff image.
  public enum PixelState: UInt8, Sendable {
    case same = 0
    case different = 1
    /// Different, but anti-aliasing in one of the images, and ignored.
    case antialiasing = 2
  }

  public let width: Int
  public let height: Int
  /// Pixels that differ beyond the per-pixel tolerance (anti-aliasing ignored excluded).
  public let differingPixels: Int
  /// Differing pixels skipped as anti-aliasing.
  public let ignoredPixels: Int
  /// Largest channel difference over all pixels, and where (first found).
  public let maxChannelDifference: Int
  public let maxDifferenceAt: (x: Int, y: Int)?
  /// Largest ΔE00 among differing pixels (with the deltaE metric).
  public let maxDeltaE: Double?
  /// Bits a sample of the comparison: 8, or 16 when either image has 16-bit samples (then
  /// `maxChannelDifference` is in 0…65535 and the channel tolerance was scaled by 257).
  public var sampleDepth = 8
  /// Per pixel, row-major; empty when the images are identical.
  public let states: [PixelState]

  public init(
    width: Int, height: Int, differingPixels: Int, ignoredPixels: Int, maxChannelDifference: Int,
    maxDifferenceAt: (x: Int, y: Int)?, maxDeltaE: Double?, states: [PixelState]
  ) {
    self.width = width
    self.height = height
    self.differingPixels = differingPixels
    self.ignoredPixels = ignoredPixels
    self.maxChannelDifference = maxChannelDifference
    self.maxDifferenceAt = maxDifferenceAt
    self.maxDeltaE = maxDeltaE
    self.states = states
  }

  public static func == (lhs: FrameComparison, rhs: FrameComparison) -> Bool {
    lhs.width == rhs.width && lhs.height == rhs.height && lhs.differingPixels == rhs.differingPixels
      && lhs.ignoredPixels == rhs.ignoredPixels && lhs.maxChannelDifference == rhs.maxChannelDifference
      && lhs.maxDifferenceAt?.x == rhs.maxDifferenceAt?.x && lhs.maxDifferenceAt?.y == rhs.maxDifferenceAt?.y
      && lhs.maxDeltaE == rhs.maxDeltaE && lhs.states == rhs.states && lhs.sampleDepth == rhs.sampleDepth
  }

  public var isIdentical: Bool { maxChannelDifference == 0 }

  /// The same findings without the per-pixel states, once the diff image is drawn: a check
  /// keeps every frame's comparison until the end, and the states are a byte a pixel.
  public func droppingStates() -> FrameComparison {
    var copy = FrameComparison(
      width: width, height: height, differingPixels: differingPixels, ignoredPixels: ignoredPixels,
      maxChannelDifference: maxChannelDifference, maxDifferenceAt: maxDifferenceAt, maxDeltaE: maxDeltaE, states: [])
    copy.sampleDepth = sampleDepth
    return copy
  }

  /// Differing pixels as a share of all pixels.
  public var ratio: Double {
    let pixels = Double(width) * Double(height)
    return pixels == 0 ? 0 : Double(differingPixels) / pixels
  }

  /// "341 pixels differ (0.10 %), max channel difference 87 at (120, 544)".
  public var summary: String {
    var text =
      "\(differingPixels) pixel\(differingPixels == 1 ? "" : "s") differ\(differingPixels == 1 ? "s" : "") (\(FrameComparison.percent(ratio)))"
    text += ", max channel difference \(maxChannelDifference)"
    if sampleDepth == 16 { text += " of 65535 (16-bit samples)" }
    if let at = maxDifferenceAt { text += " at (\(at.x), \(at.y))" }
    if let deltaE = maxDeltaE { text += ", max ΔE00 " + DecimalText.fixed(deltaE, 2) }
    if ignoredPixels > 0 { text += ", \(ignoredPixels) anti-aliased pixel\(ignoredPixels == 1 ? "" : "s") ignored" }
    return text
  }

  /// A share as a percentage with two decimals, three for small shares: "0.10 %", "0.004 %".
  static func percent(_ ratio: Double) -> String {
    let value = ratio * 100
    if value > 0 && value < 0.01 { return DecimalText.fixed(value, 4) + " %" }
    return DecimalText.fixed(value, 2) + " %"
  }
}
