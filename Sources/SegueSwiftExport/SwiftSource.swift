/// Swift text built line by line at an indentation of two spaces a level, as swift-format
/// writes it.
struct SwiftSource {
  private(set) var lines: [String] = []
  private var depth = 0

  /// The longest line, as the repository's swift-format configuration has it.
  static let width = 120

  /// One line at the current depth (an empty line stays empty); a call too long for the width is
  /// broken after its opening parenthesis, its arguments packed on the lines below, as
  /// swift-format breaks it.
  mutating func line(_ text: String = "") {
    guard !text.isEmpty else {
      lines.append("")
      return
    }
    // Spaces the text starts with are indentation too.
    let own = text.prefix { $0 == " " }
    lines += Self.wrapped(String(text.dropFirst(own.count)), indent: String(repeating: "  ", count: depth) + own)
  }

  /// `text` at `indent`, broken as swift-format breaks a call that is too long: after its opening
  /// parenthesis, the arguments packed on the lines below (one too long for a line broken again).
  static func wrapped(_ text: String, indent: String) -> [String] {
    guard indent.count + text.count > width, let call = splitCall(text) else { return [indent + text] }
    var result = [indent + call.head + "("]
    let inner = indent + "  "
    var current = ""
    for (index, argument) in call.arguments.enumerated() {
      let piece = argument + (index == call.arguments.count - 1 ? ")" + call.tail : ",")
      if current.isEmpty {
        current = piece
      } else if inner.count + current.count + 1 + piece.count <= width {
        current += " " + piece
      } else {
        result += wrapped(current, indent: inner)
        current = piece
      }
    }
    result += wrapped(current, indent: inner)
    return result
  }

  /// `head(arguments)tail` for a line whose first parenthesis at the top level closes near its
  /// end, its arguments split at top-level commas; nil for anything else.
  static func splitCall(_ text: String) -> (head: String, arguments: [String], tail: String)? {
    let characters = Array(text)
    var depth = 0
    var inString = false
    var open: Int?
    var arguments: [String] = []
    var start = 0
    var index = 0
    while index < characters.count {
      let character = characters[index]
      if inString {
        if character == "\\" { index += 1 } else if character == "\"" { inString = false }
      } else if character == "\"" {
        inString = true
      } else if "([".contains(character) {
        if depth == 0, open == nil, character == "(" {
          open = index
          start = index + 1
        }
        depth += 1
      } else if ")]".contains(character) {
        depth -= 1
        if depth == 0, let open {
          arguments.append(String(characters[start..<index]).trimmingCharacters())
          let tail = String(characters[(index + 1)...])
          guard tail.count <= 12, arguments.count > 0, open > 0 else { return nil }
          return (String(characters[..<open]), arguments.filter { !$0.isEmpty }, tail)
        }
      } else if character == ",", depth == 1, open != nil {
        arguments.append(String(characters[start..<index]).trimmingCharacters())
        start = index + 1
      }
      index += 1
    }
    return nil
  }

  /// `opening`, the body one level deeper, then `closing`.
  mutating func block(_ opening: String, closing: String = "}", _ body: (inout SwiftSource) -> Void) {
    line(opening)
    depth += 1
    body(&self)
    depth -= 1
    line(closing)
  }

  /// The body one level deeper, between lines the caller writes (a long signature's arguments).
  mutating func indented(_ body: (inout SwiftSource) -> Void) {
    depth += 1
    body(&self)
    depth -= 1
  }

  /// A `///` or `//` comment, each line of `text` prefixed.
  mutating func comment(_ text: String, doc: Bool = false) {
    let marker = doc ? "///" : "//"
    let room = Self.width - depth * 2 - marker.count - 1
    for part in text.split(separator: "\n", omittingEmptySubsequences: false) {
      // Code in a doc comment (four spaces in) is kept as written; prose is wrapped at the width.
      if part.isEmpty || part.hasPrefix("    ") {
        line(marker + (part.isEmpty ? "" : " " + part))
        continue
      }
      var current = ""
      for word in part.split(separator: " ") {
        if !current.isEmpty, current.count + 1 + word.count > room {
          line(marker + " " + current)
          current = ""
        }
        current += (current.isEmpty ? "" : " ") + word
      }
      if !current.isEmpty { line(marker + " " + current) }
    }
  }

  var text: String { lines.joined(separator: "\n") + "\n" }
}

extension String {
  /// Without the spaces at either end.
  func trimmingCharacters() -> String {
    var text = Substring(self)
    while text.first == " " { text.removeFirst() }
    while text.last == " " { text.removeLast() }
    return String(text)
  }
}
