/// The instant a frame shows.
public enum Moment: Sendable, Equatable {
  /// Seconds from the start: every animation at its eased progress.
  case time(Double)
  /// An interactive transition's progress p (0…1) along the whole timeline, scrubbed linearly:
  /// an animation is at q = (p · duration − delay) / its duration, without its own curve.
  case scrub(Double)
  /// After `completeTransition`: every animation at q = 1, then `end`.
  case end
  /// Before the transition (a cancelled interaction's last frame): every target at q = 0,
  /// without `to` on present and push.
  case start
}
