import SegueTiming

/// A gesture-driven transition (docs/timing.md): scrubbed by a finger, then finished or cancelled.
public struct Interaction: Sendable, Equatable {
  public enum Release: String, Sendable, CaseIterable {
    case finish
    case cancel
  }

  /// (time in seconds, fraction complete) keyframes, linear between them; times never decrease.
  public var scrub: [(time: Double, fraction: Double)]
  public var release: Release
  public var completionSpeed: Double
  public var completionCurve: TimingCurve

  public init(
    scrub: [(time: Double, fraction: Double)], release: Release, completionSpeed: Double = 1,
    completionCurve: TimingCurve = .bezier(.easeInEaseOut)
  ) {
    self.scrub = scrub
    self.release = release
    self.completionSpeed = completionSpeed
    self.completionCurve = completionCurve
  }

  public static func == (lhs: Interaction, rhs: Interaction) -> Bool {
    lhs.scrub.count == rhs.scrub.count
      && zip(lhs.scrub, rhs.scrub).allSatisfy { $0.time == $1.time && $0.fraction == $1.fraction }
      && lhs.release == rhs.release && lhs.completionSpeed == rhs.completionSpeed
      && lhs.completionCurve == rhs.completionCurve
  }
}
