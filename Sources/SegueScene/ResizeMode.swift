/// What a screen's or group's content does when its frame changes size during a transition.
public enum ResizeMode: String, Sendable, CaseIterable {
  /// Stretched with the frame, as a snapshot view's content is (the default).
  case stretch
  /// Laid out at each size: its fill, corners and border follow the frame and its pinned layers
  /// are laid out again, as a view whose frame animates with `layoutIfNeeded()` in the block.
  case layout
  /// Scaled to each frame, as the zoom animators (Kodeco's, Hero's, the Photos-style ones) do: the
  /// view keeps the bounds of the frame it lives at (`MotionPlan.transformBounds(of:)`) and a
  /// transform maps them onto each frame, so its content, corners and border scale with it (a
  /// corner radius is in the view's own points, elliptical where the two scales differ).
  case transform
}
