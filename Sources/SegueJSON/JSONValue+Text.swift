extension JSONValue {
  /// The value as JSON text: two-space indented, keys in their stored order, so the same
  /// value always gives the same bytes.
  public func text(indent: String = "") -> String {
    let inner = indent + "  "
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return JSONValue.format(value)
    case .string(let value): return JSONValue.quote(value)
    case .array(let items):
      if items.isEmpty { return "[]" }
      if items.allSatisfy({ if case .number = $0 { return true } else { return false } }) {
        return "[" + items.map { $0.text() }.joined(separator: ", ") + "]"
      }
      return "[\n" + items.map { inner + $0.text(indent: inner) }.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let members):
      if members.isEmpty { return "{}" }
      return "{\n"
        + members.map { inner + JSONValue.quote($0.key) + ": " + $0.value.text(indent: inner) }
        .joined(separator: ",\n") + "\n\(indent)}"
    }
  }

  /// A JSON string literal.
  public static func quote(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      case "\n": result += "\\n"
      case "\r": result += "\\r"
      case "\t": result += "\\t"
      // Controls, and the bidirectional overrides that would reorder a terminal's line.
      case _
      where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar.value == 0x061C
        || (0x200E...0x200F).contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value):
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
