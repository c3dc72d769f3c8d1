/// When goldens are (re)written (docs/golden-testing.md).
public enum RecordMode: String, Sendable, CaseIterable {
  /// Never write (the default under CI): a missing golden fails.
  case never
  /// Write goldens that do not exist (the default otherwise); the run still fails.
  case missing
  /// Rewrite goldens that differ (and write missing ones).
  case failed
  /// Rewrite every golden, and remove those past the scene's last frame.
  case all
}
