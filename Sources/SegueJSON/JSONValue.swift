/// A parsed JSON value. Objects keep their keys in file order, so messages can follow the file.
public indirect enum JSONValue: Sendable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSONValue])
  case object([(key: String, value: JSONValue)])

  public static func == (lhs: JSONValue, rhs: JSONValue) -> Bool {
    switch (lhs, rhs) {
    case (.null, .null): return true
    case (.bool(let a), .bool(let b)): return a == b
    case (.number(let a), .number(let b)): return a == b
    case (.string(let a), .string(let b)): return a == b
    case (.array(let a), .array(let b)): return a == b
    case (.object(let a), .object(let b)):
      return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
    default: return false
    }
  }

  /// A short description of the value for messages: `-1`, `"fast"`, `an object`, ...
  public var summary: String {
    switch self {
    case .null: return "null"
    case .bool(let value): return value ? "true" : "false"
    case .number(let value): return JSONValue.format(value)
    case .string(let value):
      let shown = value.count > 40 ? String(value.prefix(40)) + "…" : value
      return "\"\(shown)\""
    case .array(let items):
      // Short scalars are shown as they are, so `[1, 2, "3", 4]` shows which one is wrong.
      let simple = items.allSatisfy { item in
        switch item {
        case .number, .bool, .null: return true
        case .string(let text): return text.count <= 12
        default: return false
        }
      }
      if simple && items.count <= 8 { return "[" + items.map(\.summary).joined(separator: ", ") + "]" }
      return "an array of \(items.count)"
    case .object: return "an object"
    }
  }

  /// A number as a person writes it: 2, not 2.0.
  public static func format(_ value: Double) -> String {
    if value.isFinite, value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    return String(value)
  }
}
