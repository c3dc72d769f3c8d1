import SegueTestSupport
import Testing

@testable import SegueSwiftExport

/// The printer of generated Swift: comments no character can end, and lines broken only between
/// tokens of a call it understands.
struct SwiftSourceTests {
  /// Every line of a comment holding `text` starts with the marker and holds no scalar a lexer
  /// could take for a line's end, whatever category of character `text` holds.
  @Test(arguments: UnicodeSamples.everyCategory + UnicodeSamples.lineEnds)
  func noCharacterEndsAComment(_ scalar: Unicode.Scalar) {
    var text = "before "
    text.unicodeScalars.append(scalar)
    text += "print(\"injected\") */ after"
    for doc in [false, true] {
      var source = SwiftSource()
      source.indented { $0.comment("The scene \"" + text + "\".", doc: doc) }
      let marker = doc ? "  /// " : "  // "
      #expect(source.lines.count == (scalar == "\n" ? 2 : 1), "\(source.lines)")
      for line in source.lines {
        #expect(line.hasPrefix(marker), "\(line)")
        #expect(!line.unicodeScalars.contains { UnicodeSamples.lineEnds.contains($0) }, "U+\(scalar.value)")
        #expect(!line.unicodeScalars.contains { $0.properties.generalCategory == .control }, "U+\(scalar.value)")
      }
    }
  }

  /// A comment longer than the width is wrapped as prose, never as a call: every line is a
  /// comment line within the width, a word longer than a line cut.
  @Test func longCommentsStayComments() {
    let payload = "x(a, nonisolated(unsafe)let(CACurrentMediaTime)={print(\"owned\");return(0.0)})"
    var source = SwiftSource()
    source.indented { source in
      source.comment("Generated from the scene \"" + String(repeating: "y", count: 60) + " " + payload + "\".")
      source.comment(String(repeating: "z", count: 300), doc: true)
    }
    #expect(source.lines.count >= 4)
    for line in source.lines {
      #expect(line.hasPrefix("  // ") || line.hasPrefix("  /// "), "\(line)")
      #expect(line.count <= SwiftSource.width, "\(line)")
    }
  }

  /// A too-long call with no arguments is left whole (its `()` kept), and so is any line the
  /// lexer does not understand: a comment, an interpolation, a multi-line or raw string.
  @Test func linesItDoesNotUnderstandAreKeptWhole() {
    let long = String(repeating: "a", count: 110)
    for text in [
      "let \(long) = UIView()",
      "// \(long)(a, b, c)",
      "let x = f(\"\\(\(long))\", b)",
      "let x = f(#\"\(long)\"#, b)",
      "let x = f(\"\"\"\(long), b)",
      "let x = f(a /* \(long), */, b)",
      "let x = f(\(long), b)) + g(c",
    ] {
      #expect(SwiftSource.wrapped(text, indent: "    ") == ["    " + text], "\(text)")
    }
  }

  /// A long call is broken after its opening parenthesis and at its own top-level commas only:
  /// never inside a string literal (escaped quotes included) or inside brackets.
  @Test func callsBreakAtTheirOwnCommas() {
    let string = "\"a, b) \\\" (c, d\""
    let text =
      "Self.animate(" + String(repeating: "layerName", count: 6) + ", " + string + ", from: [1, 2, 3], to: f(4, 5), "
      + "timing0, start: start, first: true)"
    let lines = SwiftSource.wrapped(text, indent: "")
    #expect(lines.count == 3)
    #expect(lines[0] == "Self.animate(")
    // Packed greedily up to the width (the second line is 114 columns; `start: start,` would pass 120).
    #expect(
      lines[1] == "  " + String(repeating: "layerName", count: 6) + ", " + string + ", from: [1, 2, 3], to: f(4, 5), "
        + "timing0,")
    #expect(lines[2] == "  start: start, first: true)")
    #expect(lines.allSatisfy { $0.count <= SwiftSource.width })
    #expect(lines.joined().filter { $0 != " " } == text.filter { $0 != " " })
  }

  /// A string literal carries any text as the same value, with nothing a reader could take for
  /// the end of a line or a change of direction written raw.
  @Test func stringLiteralsEscapeControlsAndSeparators() {
    #expect(SwiftLiteral.string("a\"b\\c") == #""a\"b\\c""#)
    #expect(SwiftLiteral.string("a\rb\nc") == #""a\rb\nc""#)
    #expect(
      SwiftLiteral.string("a\u{2028}b\u{2029}c\u{85}d\u{202E}e\u{1B}")
        == #""a\u{2028}b\u{2029}c\u{85}d\u{202E}e\u{1B}""#)
    #expect(SwiftLiteral.string("日本 é") == "\"日本 é\"")
  }
  /// `names(from:)`: the identifiers of the code outside comment lines, and the names written
  /// right after `Self.` (the class's calls of its helpers), from the line asked for.
  @Test func namesAreTheCodesIdentifiersAndItsCallsOfItsHelpers() {
    var source = SwiftSource()
    source.line("let skipped = Self.before(1)")
    source.comment("Self.commented(fromFrame)")
    source.line("let a = Self.place(layer, frame: toCardViewFrame, anchor: .zero)")
    source.line("let é = mySelf.notThis(x) + Self.radians(1) + Self .spaced(2) + Self..twoDots(é_b)")
    let names = source.names(from: 1)
    #expect(names.afterSelf == ["place", "radians"])
    #expect(
      ["a", "place", "toCardViewFrame", "mySelf", "notThis", "spaced", "twoDots", "_b"].allSatisfy(
        names.identifiers.contains))
    #expect(!names.identifiers.contains("commented") && !names.identifiers.contains("fromFrame"))
    #expect(!names.identifiers.contains("skipped") && !names.identifiers.contains("before"))
    #expect(source.names().afterSelf == ["before", "place", "radians"])
  }
}
