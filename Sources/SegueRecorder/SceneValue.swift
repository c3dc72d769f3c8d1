#if canImport(UIKit)
  import Foundation

  /// A JSON value of the scene the recorder writes, with its object keys in the order they were
  /// given, so a recorded scene reads as a hand-written one does (name, device, screens, then the
  /// transition) and two recordings of one animator are the same text.
  public indirect enum SceneValue: Equatable, Sendable {
    case number(Double)
    case string(String)
    case bool(Bool)
    case null
    case array([SceneValue])
    case object([(key: String, value: SceneValue)])

    public static func == (lhs: SceneValue, rhs: SceneValue) -> Bool {
      switch (lhs, rhs) {
      case (.number(let a), .number(let b)): return a == b
      case (.string(let a), .string(let b)): return a == b
      case (.bool(let a), .bool(let b)): return a == b
      case (.null, .null): return true
      case (.array(let a), .array(let b)): return a == b
      case (.object(let a), .object(let b)):
        return a.count == b.count && zip(a, b).allSatisfy { $0.key == $1.key && $0.value == $1.value }
      default: return false
      }
    }

    /// An array of numbers.
    static func numbers(_ values: [Double]) -> SceneValue { .array(values.map(SceneValue.number)) }

    /// An array of numbers as numbers (nil for anything else).
    var numbers: [Double]? {
      guard case .array(let values) = self else { return nil }
      let numbers = values.compactMap { value -> Double? in
        if case .number(let number) = value { return number }
        return nil
      }
      return numbers.count == values.count ? numbers : nil
    }

    /// The value of `key` in an object; nil for anything else.
    public subscript(key: String) -> SceneValue? {
      guard case .object(let pairs) = self else { return nil }
      return pairs.first { $0.key == key }?.value
    }

    /// The JSON text, two spaces an indent, arrays of numbers on one line.
    public var text: String {
      var out = ""
      write(into: &out, indent: "")
      return out + "\n"
    }

    private func write(into out: inout String, indent: String) {
      switch self {
      case .number(let value): out += SceneValue.format(value)
      case .string(let value): out += SceneValue.quoted(value)
      case .bool(let value): out += value ? "true" : "false"
      case .null: out += "null"
      case .array(let items):
        if items.isEmpty {
          out += "[]"
        } else if items.allSatisfy({ if case .number = $0 { true } else { false } }) {
          out += "[" + items.map { $0.text.dropLast() }.joined(separator: ", ") + "]"
        } else {
          let inner = indent + "  "
          out += "[\n"
          for (index, item) in items.enumerated() {
            out += inner
            item.write(into: &out, indent: inner)
            out += index == items.count - 1 ? "\n" : ",\n"
          }
          out += indent + "]"
        }
      case .object(let pairs):
        if pairs.isEmpty {
          out += "{}"
          return
        }
        let inner = indent + "  "
        out += "{\n"
        for (index, pair) in pairs.enumerated() {
          out += inner + SceneValue.quoted(pair.key) + ": "
          pair.value.write(into: &out, indent: inner)
          out += index == pairs.count - 1 ? "\n" : ",\n"
        }
        out += indent + "}"
      }
    }

    /// A number as the scene reads it: whole numbers without a point, others with up to nine
    /// decimals when that is the number (within 1e-12), else twelve, so a time like 25/60 s is
    /// written 0.416666666667, a hair past it by less than a frame rule's 1e-9 notices (nine
    /// decimals would make one frame more); never an exponent or a non-finite value (which JSON
    /// has no spelling for: the recorder refuses those before it writes).
    static func format(_ value: Double) -> String {
      guard value.isFinite else { return "0" }
      let nine = (value * 1e9).rounded() / 1e9
      let places = abs(nine - value) <= 1e-12 * max(1, abs(value)) ? 9 : 12
      let rounded = places == 9 ? nine : (value * 1e12).rounded() / 1e12
      if rounded == rounded.rounded(), abs(rounded) < 1e15 { return String(Int64(rounded)) }
      var text = String(format: "%.\(places)f", rounded)
      while text.hasSuffix("0") { text.removeLast() }
      if text.hasSuffix(".") { text.removeLast() }
      return text == "-0" ? "0" : text
    }

    static func quoted(_ text: String) -> String {
      var out = "\""
      for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": out += "\\\""
        case "\\": out += "\\\\"
        case "\n": out += "\\n"
        case "\r": out += "\\r"
        case "\t": out += "\\t"
        default:
          if scalar.value < 0x20 {
            out += String(format: "\\u%04x", scalar.value)
          } else {
            out.unicodeScalars.append(scalar)
          }
        }
      }
      return out + "\""
    }
  }
#endif
