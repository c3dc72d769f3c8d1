import Testing

@testable import SegueJSON

/// The scene parser on the corners of RFC 8259: escapes, surrogate pairs, UTF-8, numbers, and
/// errors that give line and column.
struct JSONParserTests {
  func parse(_ text: String) throws(JSONParser.SyntaxError) -> JSONValue { try JSONParser.parse(Array(text.utf8)) }

  func failure(_ bytes: [UInt8]) -> String {
    do {
      _ = try JSONParser.parse(bytes)
      return "parsed"
    } catch {
      return error.description
    }
  }

  func failure(_ text: String) -> String { failure(Array(text.utf8)) }

  @Test func everyEscapeReadsAsItsCharacter() throws {
    let value = try parse(#"["\"", "\\", "\/", "\b", "\f", "\n", "\r", "\t", "\u0041", "\u00e9", "\u20AC"]"#)
    #expect(
      value == .array(["\"", "\\", "/", "\u{08}", "\u{0C}", "\n", "\r", "\t", "A", "é", "€"].map { .string($0) }))
  }

  @Test func surrogatePairsMakeOneScalarAndLoneHalvesAreErrors() throws {
    // U+1F600 is D83D DE00 in UTF-16: 0x10000 + ((0xD83D − 0xD800) << 10) + (0xDE00 − 0xDC00).
    #expect(try parse(#""\uD83D\uDE00""#) == .string("\u{1F600}"))
    #expect(try parse(#""a\ud83d\ude00b""#) == .string("a\u{1F600}b"))
    #expect(failure(#""\uD83D""#) == #"line 1, column 8: invalid \u escape"#)
    #expect(failure(#""\uDE00""#) == #"line 1, column 8: invalid \u escape"#)
    #expect(failure(#""\uD83D\u0041""#) == "line 1, column 14: invalid surrogate pair")
    #expect(failure(#""\u12G4""#) == #"line 1, column 6: invalid \u escape"#)
  }

  @Test func textIsUTF8AsWrittenAndInvalidBytesAreNamed() throws {
    #expect(try parse("\"Привет, 世界 🎬\"") == .string("Привет, 世界 🎬"))
    // A stray continuation byte, an overlong '/', a UTF-16 surrogate encoded in UTF-8, a
    // truncated sequence, and a byte UTF-8 never uses.
    #expect(failure([0x22, 0x80, 0x22]) == "line 1, column 2: invalid UTF-8 at byte 1 (0x80)")
    #expect(failure([0x22, 0xC0, 0xAF, 0x22]) == "line 1, column 2: invalid UTF-8 at byte 1 (0xC0)")
    #expect(failure([0x22, 0xED, 0xA0, 0x80, 0x22]) == "line 1, column 2: invalid UTF-8 at byte 1 (0xED)")
    #expect(failure([0x22, 0x61, 0xE2, 0x82, 0x22]) == "line 1, column 3: invalid UTF-8 at byte 2 (0xE2)")
    #expect(failure([0x0A, 0x22, 0xFF, 0x22]) == "line 2, column 2: invalid UTF-8 at byte 2 (0xFF)")
    #expect(JSONParser.firstInvalidUTF8(Array("ok é € 🎬".utf8)) == nil)
  }

  @Test func controlCharactersMustBeEscaped() {
    #expect(failure("\"a\tb\"") == "line 1, column 3: control character in a string")
    #expect(failure("[\"x\",\n \"a\nb\"]") == "line 2, column 4: control character in a string")
    #expect(failure(#""\x""#) == "line 1, column 3: invalid escape in a string")  // at the 'x'

  }

  @Test func numbersFollowTheGrammar() throws {
    #expect(try parse("[0, -0, 12.5e-1, 1E2, 2e+0]") == .array([0, -0, 1.25, 100, 2].map { .number($0) }))
    #expect(failure("01") == "line 1, column 1: invalid number: leading zero")
    #expect(failure("1.") == "line 1, column 3: invalid number: no digits after '.'")
    #expect(failure("1e") == "line 1, column 3: invalid number: no digits in the exponent")
    #expect(failure("-") == "line 1, column 2: invalid number")
    #expect(failure("1e400") == "line 1, column 1: number out of range")
    #expect(failure("+1") == "line 1, column 1: expected a value, found '+'")
  }

  @Test func structureErrorsSayWhatWasExpected() {
    #expect(failure(#"{"a": 1, "a": 2}"#) == "line 1, column 10: duplicate key 'a'")
    #expect(failure(#"{"a" 1}"#) == "line 1, column 6: expected ':' after key 'a', found '1'")
    #expect(failure("[1 2]") == "line 1, column 4: expected ',' or ']' in an array, found '2'")
    #expect(failure("[1] x") == "line 1, column 5: unexpected text after the end of the document")
    #expect(failure(String(repeating: "[", count: 65)) == "line 1, column 65: nested deeper than 64 levels")
    #expect(failure(#""abc"#) == "line 1, column 5: unterminated string")
  }
}
