import SegueJSON

/// What the scene's names may hold. Names reach file names, generated Swift and HTML pages; each
/// of those escapes what it writes, and on top of that a name is refused at its field when it
/// holds a character no reader would want there: a control (CR, ESC, U+0085), a line or
/// paragraph separator, or a mark that reverses the direction of the text around it.
public enum SceneText {
  /// Whether `text` holds a control, a line or paragraph separator, or a direction mark,
  /// embedding, override or isolate (`UnsafeText`).
  public static func hasControls(_ text: String) -> Bool { UnsafeText.contains(in: text) }

  /// Why `name` cannot name a folder, or nil when it can: 1 to 128 bytes of UTF-8 (file systems
  /// count bytes), no separator, no control, not `.` or `..`.
  public static func folderNameProblem(_ name: String) -> String? {
    if name.isEmpty { return "it is empty" }
    if name == "." || name == ".." { return "'\(name)' is a folder's own or its parent's name" }
    if name.utf8.count > 128 { return "it is \(name.utf8.count) bytes long" }
    if name.contains("/") || name.contains("\\") { return "it holds a path separator" }
    if hasControls(name) { return "it holds a control character" }
    return nil
  }

  /// The name as a case-insensitive file system sees it (APFS and HFS+ on macOS, NTFS on
  /// Windows): case-folded, by mapping to upper case then to lower (`ß` → `SS` → `ss`, `Σ` and
  /// `ς` → `σ`). Swift compares and hashes strings by canonical equivalence, so `é` written
  /// precomposed or as `e` and a combining accent is one key too. Two names of one key are one
  /// folder there, and are refused as duplicates.
  public static func folderKey(_ name: String) -> String { name.uppercased().lowercased() }

  /// `text` with its controls as `\u{…}`, to show a name in a message without them acting.
  public static func shown(_ text: String) -> String { UnsafeText.shown(text) }
}
