/// The exit codes of docs/commands.md.
public enum ExitCode: Int32, Sendable {
  case success = 0
  /// `check`, `compare`: differences found.
  case differences = 1
  /// Usage, scene, unreadable or corrupt PNG.
  case invalidInput = 2
  /// Output could not be written.
  case cannotWrite = 3
}
