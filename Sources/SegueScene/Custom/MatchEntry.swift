import SegueTiming

/// A layer id both screens have, drawn as one layer that morphs from the `from` layer to the
/// `to` layer (Hero's heroID, iOS 18's zoom transition).
public struct MatchEntry: Sendable, Equatable {
  public var id: String
  /// Nil: the transition's.
  public var curve: TimingCurve?
  public var duration: Double?
  public var delay: Double

  public init(id: String, curve: TimingCurve? = nil, duration: Double? = nil, delay: Double = 0) {
    self.id = id
    self.curve = curve
    self.duration = duration
    self.delay = delay
  }

  /// True when only the id is given (written as a bare string).
  public var isPlain: Bool { curve == nil && duration == nil && delay == 0 }
}
