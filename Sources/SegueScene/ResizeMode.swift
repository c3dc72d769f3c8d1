/// What a screen's or group's content does when its frame changes size during a transition.
public enum ResizeMode: String, Sendable, CaseIterable {
  /// Stretched with the frame, as a snapshot view's content is (the default).
  case stretch
  /// Laid out at each size: its fill, corners and border follow the frame and its pinned layers
  /// are laid out again, as a view whose frame animates with `layoutIfNeeded()` in the block.
  case layout
}
