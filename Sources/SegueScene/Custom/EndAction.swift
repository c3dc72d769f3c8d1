/// What the completion block does to a target before `completeTransition`.
public enum EndAction: Sendable, Equatable {
  /// Sets these properties at once (resets return to the initial value).
  case state(PropertyState)
  /// Removes the target from the container.
  case removed
}
