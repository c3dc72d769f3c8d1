/// A strict JSON parser (RFC 8259) that reports the line and column of the first error.
///
/// Written here rather than taken from Foundation so that messages can name positions,
/// numbers stay distinct from booleans, duplicate keys are caught, and nesting is bounded.
public struct JSONParser {
  /// Deepest nesting accepted; deeper input is an error, not a stack overflow.
  public static let maxDepth = 64

  /// A syntax error at a 1-based line and column.
  public struct SyntaxError: Error, Equatable, CustomStringConvertible {
    public let line: Int
    public let column: Int
    public let message: String
    public var description: String { "line \(line), column \(column): \(message)" }
  }

  private let bytes: [UInt8]
  private var index = 0

  private init(_ bytes: [UInt8]) {
    self.bytes = bytes
  }

  /// Parses one JSON document (surrounding white space allowed, a UTF-8 BOM skipped). The
  /// text must be valid UTF-8: a bad byte is an error at its offset, never replaced.
  public static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> JSONValue {
    var parser = JSONParser(bytes)
    if let offset = firstInvalidUTF8(bytes) {
      parser.index = offset
      throw parser.error("invalid UTF-8 at byte \(offset) (0x\(String(bytes[offset], radix: 16, uppercase: true)))")
    }
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
    parser.skipWhitespace()
    let value = try parser.parseValue(depth: 0)
    parser.skipWhitespace()
    guard parser.index == bytes.count else { throw parser.error("unexpected text after the end of the document") }
    return value
  }

  /// Where the first invalid UTF-8 sequence starts (RFC 3629: no overlong forms, no
  /// surrogates, nothing above U+10FFFF, nothing cut short), or nil: the offset of its first
  /// byte, so a message names the character that is wrong, not a byte inside or after it.
  public static func firstInvalidUTF8(_ bytes: [UInt8]) -> Int? {
    var index = 0
    let count = bytes.count
    while index < count {
      let lead = bytes[index]
      if lead < 0x80 {
        index += 1
        continue
      }
      // The length of the sequence and the range its second byte must fall in.
      let length: Int
      var low: UInt8 = 0x80
      var high: UInt8 = 0xBF
      switch lead {
      case 0xC2...0xDF: length = 2
      case 0xE0:
        length = 3
        low = 0xA0
      case 0xE1...0xEC, 0xEE...0xEF: length = 3
      case 0xED:
        length = 3
        high = 0x9F
      case 0xF0:
        length = 4
        low = 0x90
      case 0xF1...0xF3: length = 4
      case 0xF4:
        length = 4
        high = 0x8F
      default: return index
      }
      guard index + length <= count else { return index }
      if bytes[index + 1] < low || bytes[index + 1] > high { return index }
      for next in (index + 2)..<(index + length) where bytes[next] & 0xC0 != 0x80 { return index }
      index += length
    }
    return nil
  }

  private func error(_ message: String) -> SyntaxError {
    var line = 1
    var column = 1
    for byte in bytes[0..<min(index, bytes.count)] {
      if byte == UInt8(ascii: "\n") {
        line += 1
        column = 1
      } else if byte & 0xC0 != 0x80 {
        column += 1
      }
    }
    return SyntaxError(line: line, column: column, message: message)
  }

  private var current: UInt8? { index < bytes.count ? bytes[index] : nil }

  private mutating func skipWhitespace() {
    while let byte = current, byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 {
      index += 1
    }
  }

  private func describeCurrent() -> String {
    guard let byte = current else { return "the end of the file" }
    if byte >= 0x20 && byte < 0x7F { return "'\(Character(Unicode.Scalar(byte)))'" }
    return "byte 0x\(String(byte, radix: 16))"
  }

  private mutating func parseValue(depth: Int) throws(SyntaxError) -> JSONValue {
    guard depth < JSONParser.maxDepth else { throw error("nested deeper than \(JSONParser.maxDepth) levels") }
    guard let byte = current else { throw error("expected a value, found the end of the file") }
    switch byte {
    case UInt8(ascii: "{"): return try parseObject(depth: depth)
    case UInt8(ascii: "["): return try parseArray(depth: depth)
    case UInt8(ascii: "\""): return .string(try parseString())
    case UInt8(ascii: "t"):
      try expectWord("true")
      return .bool(true)
    case UInt8(ascii: "f"):
      try expectWord("false")
      return .bool(false)
    case UInt8(ascii: "n"):
      try expectWord("null")
      return .null
    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
    default: throw error("expected a value, found \(describeCurrent())")
    }
  }

  private mutating func expectWord(_ word: String) throws(SyntaxError) {
    for expected in word.utf8 {
      guard current == expected else { throw error("expected '\(word)'") }
      index += 1
    }
  }

  private mutating func parseObject(depth: Int) throws(SyntaxError) -> JSONValue {
    index += 1
    var members: [(key: String, value: JSONValue)] = []
    var seen = Set<String>()
    skipWhitespace()
    if current == UInt8(ascii: "}") {
      index += 1
      return .object(members)
    }
    while true {
      skipWhitespace()
      guard current == UInt8(ascii: "\"") else { throw error("expected a key in quotes, found \(describeCurrent())") }
      let keyStart = index
      let key = try parseString()
      guard seen.insert(key).inserted else {
        index = keyStart
        throw error("duplicate key '\(key)'")
      }
      skipWhitespace()
      guard current == UInt8(ascii: ":") else {
        throw error("expected ':' after key '\(key)', found \(describeCurrent())")
      }
      index += 1
      skipWhitespace()
      members.append((key, try parseValue(depth: depth + 1)))
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if current == UInt8(ascii: "}") {
        index += 1
        return .object(members)
      }
      throw error("expected ',' or '}' in an object, found \(describeCurrent())")
    }
  }

  private mutating func parseArray(depth: Int) throws(SyntaxError) -> JSONValue {
    index += 1
    var items: [JSONValue] = []
    skipWhitespace()
    if current == UInt8(ascii: "]") {
      index += 1
      return .array(items)
    }
    while true {
      skipWhitespace()
      items.append(try parseValue(depth: depth + 1))
      skipWhitespace()
      if current == UInt8(ascii: ",") {
        index += 1
        continue
      }
      if current == UInt8(ascii: "]") {
        index += 1
        return .array(items)
      }
      throw error("expected ',' or ']' in an array, found \(describeCurrent())")
    }
  }

  private mutating func parseString() throws(SyntaxError) -> String {
    index += 1
    var scalars = String.UnicodeScalarView()
    var run: [UInt8] = []
    func flush() {
      if !run.isEmpty {
        scalars.append(contentsOf: String(decoding: run, as: UTF8.self).unicodeScalars)
        run.removeAll(keepingCapacity: true)
      }
    }
    while true {
      guard let byte = current else { throw error("unterminated string") }
      switch byte {
      case UInt8(ascii: "\""):
        index += 1
        flush()
        return String(scalars)
      case UInt8(ascii: "\\"):
        flush()
        index += 1
        guard let escape = current else { throw error("unterminated string") }
        index += 1
        switch escape {
        case UInt8(ascii: "\""): scalars.append("\"")
        case UInt8(ascii: "\\"): scalars.append("\\")
        case UInt8(ascii: "/"): scalars.append("/")
        case UInt8(ascii: "b"): scalars.append("\u{08}")
        case UInt8(ascii: "f"): scalars.append("\u{0C}")
        case UInt8(ascii: "n"): scalars.append("\n")
        case UInt8(ascii: "r"): scalars.append("\r")
        case UInt8(ascii: "t"): scalars.append("\t")
        case UInt8(ascii: "u"):
          var code = try parseHex4()
          if (0xD800..<0xDC00).contains(code), current == UInt8(ascii: "\\"),
            index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "u")
          {
            index += 2
            let low = try parseHex4()
            guard (0xDC00..<0xE000).contains(low) else { throw error("invalid surrogate pair") }
            code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00)
          }
          guard let scalar = Unicode.Scalar(code) else { throw error("invalid \\u escape") }
          scalars.append(scalar)
        default:
          index -= 1
          throw error("invalid escape in a string")
        }
      case 0x00..<0x20:
        throw error("control character in a string")
      default:
        run.append(byte)
        index += 1
      }
    }
  }

  private mutating func parseHex4() throws(SyntaxError) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard let byte = current else { throw error("invalid \\u escape") }
      let digit: UInt32
      switch byte {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
      default: throw error("invalid \\u escape")
      }
      value = value << 4 | digit
      index += 1
    }
    return value
  }

  private mutating func parseNumber() throws(SyntaxError) -> Double {
    let start = index
    func digits() -> Int {
      var count = 0
      while let byte = current, byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
        index += 1
        count += 1
      }
      return count
    }
    if current == UInt8(ascii: "-") { index += 1 }
    let integerStart = index
    let integerDigits = digits()
    guard integerDigits > 0 else { throw error("invalid number") }
    if integerDigits > 1, bytes[integerStart] == UInt8(ascii: "0") {
      index = integerStart
      throw error("invalid number: leading zero")
    }
    if current == UInt8(ascii: ".") {
      index += 1
      guard digits() > 0 else { throw error("invalid number: no digits after '.'") }
    }
    if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
      index += 1
      if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
      guard digits() > 0 else { throw error("invalid number: no digits in the exponent") }
    }
    let text = String(decoding: bytes[start..<index], as: UTF8.self)
    guard let value = Double(text), value.isFinite else {
      index = start
      throw error("number out of range")
    }
    return value
  }
}
