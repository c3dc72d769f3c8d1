import SegueGeometry

/// Values written as Swift source: the shortest decimal that reads back as the same Double, so
/// the generated code carries the scene's values exactly.
enum SwiftLiteral {
  /// `0.5`, `844`, `-0.0833`: a Double's shortest round-tripping text, without a trailing `.0`.
  static func number(_ value: Double) -> String {
    guard value.isFinite else { return "0" }
    if value == value.rounded(), abs(value) < 1e15 {
      let integer = Int(value)
      return integer == 0 ? "0" : "\(integer)"
    }
    return "\(value)"
  }

  static func point(_ point: Point) -> String {
    "CGPoint(x: \(number(point.x)), y: \(number(point.y)))"
  }

  static func size(_ size: Size) -> String {
    "CGSize(width: \(number(size.width)), height: \(number(size.height)))"
  }

  static func rect(_ rect: Rect) -> String {
    "CGRect(x: \(number(rect.x)), y: \(number(rect.y)), width: \(number(rect.width)), height: \(number(rect.height)))"
  }

  /// A colour as UIKit's sRGB `UIColor`, its components in 0…1 (a byte over 255).
  static func color(_ color: RGBA8) -> String {
    func component(_ byte: UInt8) -> String { byte == 0 ? "0" : byte == 255 ? "1" : "\(number(Double(byte))) / 255" }
    return "UIColor(red: \(component(color.r)), green: \(component(color.g)), blue: \(component(color.b)), "
      + "alpha: \(component(color.a)))"
  }

  /// A string literal of `text`: `"` and `\` escaped, and every control, line or paragraph
  /// separator and format character as `\u{…}` (the value is the same; the source shows it and
  /// no lexer can take it for the end of a line or a direction change).
  static func string(_ text: String) -> String {
    var escaped = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": escaped += "\\\""
      case "\\": escaped += "\\\\"
      case "\n": escaped += "\\n"
      case "\r": escaped += "\\r"
      case "\t": escaped += "\\t"
      default:
        switch scalar.properties.generalCategory {
        case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate:
          escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
        default:
          escaped.unicodeScalars.append(scalar)
        }
      }
    }
    return "\"" + escaped + "\""
  }
}
