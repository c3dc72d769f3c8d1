/// Swift text built line by line at an indentation of two spaces a level, as swift-format
/// writes it.
struct SwiftSource {
  private(set) var lines: [String] = []
  private(set) var depth = 0
  /// Places kept for lines written later (`mark`, `fill`), by name: the line's index and depth.
  private var marks: [String: (line: Int, depth: Int)] = [:]

  /// The longest line, as the repository's swift-format configuration has it.
  static let width = 120

  /// One line of code at the current depth (an empty line stays empty); a call too long for the
  /// width is broken after its opening parenthesis, its arguments packed on the lines below, as
  /// swift-format breaks it. Comments go through `comment`, never here.
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
  /// A line the lexer of `splitCall` does not fully understand is kept whole: a long line
  /// compiles, a line broken in the wrong place may not.
  static func wrapped(_ text: String, indent: String) -> [String] {
    guard indent.count + text.count > width else { return [indent + text] }
    // An array literal (an argument `values: [a, b]`): one element a line, each with its comma.
    if let array = splitCall(text, opener: "["), array.head.allSatisfy({ $0.isLetter || $0 == ":" || $0 == " " }) {
      var result = [indent + array.head + "["]
      for element in array.arguments { result += wrapped(element + ",", indent: indent + "  ") }
      return result + [indent + "]" + array.tail]
    }
    guard let call = splitCall(text) else { return [indent + text] }
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

  /// `head(arguments)tail` (or, with `opener` `[`, `head[elements]tail`) for a line whose first
  /// bracket of that kind at the top level closes near its
  /// end, with at least one argument, split at that call's top-level commas; nil for anything
  /// else. The lexer knows identifiers, numbers, operators, brackets of three kinds, and string
  /// literals with simple escapes; a comment, an interpolation, a raw or multi-line string, or
  /// brackets that do not pair make it give up (nil), so it can only break between tokens.
  static func splitCall(_ text: String, opener: Unicode.Scalar = "(") -> (
    head: String, arguments: [String], tail: String
  )? {
    let closing: Unicode.Scalar = opener == "[" ? "]" : ")"
    let scalars = Array(text.unicodeScalars)
    var closers: [Unicode.Scalar] = []
    var inString = false
    var open: Int?
    var arguments: [String] = []
    var start = 0
    var index = 0
    func piece(_ range: Range<Int>) -> String {
      var text = ""
      text.unicodeScalars.append(contentsOf: scalars[range])
      return text
    }
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      if inString {
        if scalar == "\\" {
          // `\(` opens an interpolation, which may hold anything: not understood.
          guard let next, next != "(" else { return nil }
          index += 1
        } else if scalar == "\"" {
          inString = false
        } else if scalar == "\n" || scalar == "\r" {
          return nil
        }
      } else if scalar == "\"" {
        // `"""` opens a multi-line string.
        if next == "\"" { return nil }
        inString = true
      } else if scalar == "#" || (scalar == "/" && (next == "/" || next == "*")) {
        return nil
      } else if let closer = ["(": ")", "[": "]", "{": "}"][scalar] as Unicode.Scalar? {
        if closers.isEmpty, open == nil, scalar == opener {
          guard index > 0 || opener == "[" else { return nil }
          open = index
          start = index + 1
        }
        closers.append(closer)
      } else if scalar == ")" || scalar == "]" || scalar == "}" {
        guard closers.popLast() == scalar else { return nil }
        if closers.isEmpty, let open, scalar == closing {
          arguments.append(piece(start..<index).trimmingCharacters())
          let tail = piece((index + 1)..<scalars.count)
          arguments.removeAll { $0.isEmpty }
          guard tail.unicodeScalars.count <= 12, !arguments.isEmpty, !tail.contains("(") else { return nil }
          return (piece(0..<open), arguments, tail)
        }
      } else if scalar == ",", closers.count == 1, open != nil {
        arguments.append(piece(start..<index).trimmingCharacters())
        start = index + 1
      }
      index += 1
    }
    return nil
  }

  init(depth: Int = 0) {
    self.depth = depth
  }

  /// Another source's lines, written at this one's depth.
  mutating func append(_ other: SwiftSource) {
    lines += other.lines
  }

  /// The names the code of lines `start`… uses, comment lines left out: every identifier (a run
  /// of ASCII letters, digits and `_`; the names Segue writes are ASCII), and those of them written
  /// right after `Self.`, the class's calls of its static helpers. One pass over the bytes: the
  /// writer asks it of every animator, and an animator of 10,000 layers has 200,000 lines.
  func names(from start: Int = 0) -> (identifiers: Set<Substring>, afterSelf: Set<Substring>) {
    var identifiers: Set<Substring> = []
    var afterSelf: Set<Substring> = []
    func isNamePart(_ byte: UInt8) -> Bool {
      (byte >= 0x61 && byte <= 0x7A) || (byte >= 0x41 && byte <= 0x5A) || (byte >= 0x30 && byte <= 0x39) || byte == 0x5F
    }
    for line in lines[start...] where !line.drop(while: { $0 == " " }).hasPrefix("//") {
      let bytes = line.utf8
      var index = bytes.startIndex
      // The name before the current one, and whether only a dot stood between them.
      var previous: Substring = ""
      var dotAfterPrevious = false
      while index < bytes.endIndex {
        guard isNamePart(bytes[index]) else {
          dotAfterPrevious = bytes[index] == 0x2E && !previous.isEmpty && index == previous.endIndex
          if !dotAfterPrevious { previous = "" }
          index = bytes.index(after: index)
          continue
        }
        let first = index
        while index < bytes.endIndex && isNamePart(bytes[index]) { index = bytes.index(after: index) }
        let name = line[first..<index]
        identifiers.insert(name)
        if dotAfterPrevious && previous == "Self" { afterSelf.insert(name) }
        previous = name
        dotAfterPrevious = false
      }
    }
    return (identifiers, afterSelf)
  }

  /// Keeps a place here for lines that can only be written once later ones are: what the code
  /// below reads (`fill`).
  mutating func mark(_ name: String) {
    marks[name] = (lines.count, depth)
  }

  /// Writes lines at the place `mark` kept, at its depth.
  mutating func fill(_ name: String, _ body: (inout SwiftSource) -> Void) {
    guard let (index, depth) = marks.removeValue(forKey: name) else { return }
    var inserted = SwiftSource()
    inserted.depth = depth
    body(&inserted)
    lines.insert(contentsOf: inserted.lines, at: index)
    for (other, mark) in marks where mark.line >= index {
      marks[other] = (mark.line + inserted.lines.count, mark.depth)
    }
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

  /// A `///` or `//` comment: each line of `text` (split at `\n`) after the marker, prose
  /// wrapped at the width (a word longer than a line is cut), code (four spaces in) kept as
  /// written. The comment's lines are never wrapped as code, and no character of `text` can end
  /// one: every control, line or paragraph separator and format character (CR, U+2028, a
  /// direction override) is written as its `\u{…}` escape, so the comment shows it and stays one.
  mutating func comment(_ text: String, doc: Bool = false) {
    let marker = doc ? "///" : "//"
    let indent = String(repeating: "  ", count: depth)
    let room = max(Self.width - indent.count - marker.count - 1, 20)
    for part in text.split(separator: "\n", omittingEmptySubsequences: false).map(Self.commentText) {
      if part.isEmpty || part.hasPrefix("    ") {
        lines.append(indent + marker + (part.isEmpty ? "" : " " + part))
        continue
      }
      var current = ""
      for word in part.split(separator: " ") {
        var word = Substring(word)
        if !current.isEmpty, current.count + 1 + word.count > room {
          lines.append(indent + marker + " " + current)
          current = ""
        }
        while word.count > room {
          lines.append(indent + marker + " " + word.prefix(room))
          word = word.dropFirst(room)
        }
        current += (current.isEmpty ? "" : " ") + word
      }
      if !current.isEmpty { lines.append(indent + marker + " " + current) }
    }
  }

  /// `text` safe inside a `//` comment: the scalars a lexer could take for the end of a line
  /// (controls, U+0085, U+2028, U+2029) and format characters (direction overrides, zero-width
  /// joiners, which could make the comment read as something else) as `\u{…}`.
  static func commentText<S: StringProtocol>(_ text: S) -> String {
    var safe = ""
    for scalar in text.unicodeScalars {
      switch scalar.properties.generalCategory {
      case .control, .format, .lineSeparator, .paragraphSeparator, .surrogate:
        safe += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
      default:
        safe.unicodeScalars.append(scalar)
      }
    }
    return safe
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
