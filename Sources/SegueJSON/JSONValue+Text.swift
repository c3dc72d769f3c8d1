extension JSONValue {
  /// The value as JSON text for people: two-space indented, keys in their stored order, and
  /// an array or object that fits in `width` columns on one line (a layer, a point, an
  /// animation's state), so the same value always gives the same bytes.
  public func text(indent: String = "", width: Int = 120) -> String {
    text(indent: indent, available: width - indent.count, width: width)
  }

  /// The value on one line: `[1, 2]`, `{"a": 1, "b": [2, 3]}`.
  public var compactText: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return JSONValue.format(value)
    case .string(let value): return JSONValue.quote(value)
    case .array(let items): return "[" + items.map(\.compactText).joined(separator: ", ") + "]"
    case .object(let members):
      return "{" + members.map { JSONValue.quote($0.key) + ": " + $0.value.compactText }.joined(separator: ", ") + "}"
    }
  }

  /// `available`: the columns left on the line where the value starts.
  private func text(indent: String, available: Int, width: Int) -> String {
    let inner = indent + "  "
    switch self {
    case .array(let items) where !items.isEmpty:
      let numbers = items.allSatisfy { if case .number = $0 { return true } else { return false } }
      let compact = compactText
      if numbers || compact.count <= available { return compact }
      let lines = items.map { inner + $0.text(indent: inner, available: width - inner.count, width: width) }
      return "[\n" + lines.joined(separator: ",\n") + "\n\(indent)]"
    case .object(let members) where !members.isEmpty:
      let compact = compactText
      if compact.count <= available { return compact }
      let lines = members.map { member -> String in
        let prefix = inner + JSONValue.quote(member.key) + ": "
        return prefix + member.value.text(indent: inner, available: width - prefix.count, width: width)
      }
      return "{\n" + lines.joined(separator: ",\n") + "\n\(indent)}"
    default:
      return compactText
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
      // Controls, separators and the bidirectional overrides that would reorder a line.
      case _ where UnsafeText.isUnsafe(scalar):
        let hex = String(scalar.value, radix: 16)
        result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
