/// The characters that must never reach a reader raw: every C0 and C1 control (newline, carriage
/// return, tab and ESC among them), DEL, the line and paragraph separators (U+2028, U+2029) that
/// JavaScript before ES2019 and many viewers take for a line's end, and the bidirectional marks,
/// overrides and isolates that reorder the text after them. Messages write them as `\u{…}`, JSON
/// as `\uXXXX`, and a scene's names may not hold them at all.
public enum UnsafeText {
  public static func isUnsafe(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F: return true
    case 0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Whether `text` holds an unsafe character.
  public static func contains(in text: String) -> Bool {
    text.unicodeScalars.contains(where: isUnsafe)
  }

  /// `text` with each unsafe character as `\u{XXXX}`.
  public static func shown(_ text: String) -> String {
    guard contains(in: text) else { return text }
    var result = ""
    for scalar in text.unicodeScalars {
      if isUnsafe(scalar) {
        result += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
      } else {
        result.unicodeScalars.append(scalar)
      }
    }
    return result
  }
}
