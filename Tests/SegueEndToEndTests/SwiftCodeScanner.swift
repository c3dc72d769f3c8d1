/// The code of a Swift file without its comments and string literals: what a reader of generated
/// code must find free of the scene's text. Written apart from the exporter's printer (which only
/// writes), from the Swift book's lexical rules: `//` to the end of the line, nested `/* */`,
/// string literals with backslash escapes (an interpolation's text is taken as the literal's).
enum SwiftCodeScanner {
  static func code(_ source: String) -> String {
    let scalars = Array(source.unicodeScalars)
    var code = String.UnicodeScalarView()
    var index = 0
    var blockDepth = 0
    var inString = false
    while index < scalars.count {
      let scalar = scalars[index]
      let next = index + 1 < scalars.count ? scalars[index + 1] : nil
      if blockDepth > 0 {
        if scalar == "/" && next == "*" {
          blockDepth += 1
          index += 1
        } else if scalar == "*" && next == "/" {
          blockDepth -= 1
          index += 1
        }
      } else if inString {
        if scalar == "\\" {
          index += 1
        } else if scalar == "\"" || scalar == "\n" || scalar == "\r" {
          inString = false
          code.append(" ")
        }
      } else if scalar == "/" && next == "/" {
        while index < scalars.count && scalars[index] != "\n" && scalars[index] != "\r" { index += 1 }
        code.append("\n")
      } else if scalar == "/" && next == "*" {
        blockDepth = 1
        index += 1
      } else if scalar == "\"" {
        inString = true
        code.append(" ")
      } else {
        code.append(scalar)
      }
      index += 1
    }
    return String(code)
  }

  /// Whether `word` stands in `code` as a whole identifier (not part of a longer one).
  static func contains(identifier word: String, in code: String) -> Bool {
    var rest = code[...]
    while let range = rest.range(of: word) {
      let before = rest[..<range.lowerBound].unicodeScalars.last
      let after = rest[range.upperBound...].unicodeScalars.first
      func isPart(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        return scalar == "_" || scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
      }
      if !isPart(before) && !isPart(after) { return true }
      rest = rest[range.upperBound...]
    }
    return false
  }
}
