/// Swift names made from a scene's names: a type name in UpperCamelCase from the scene's name
/// (`custom-today-card` → `CustomTodayCard`), a variable name in lowerCamelCase from a target
/// (`from.card` → `fromCard`), each a valid identifier whatever the scene wrote.
enum SwiftIdentifier {
  /// Words of letters and digits: every other character separates words.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    for character in text {
      if character.isASCII && (character.isLetter || character.isNumber) {
        current.append(character)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// UpperCamelCase of `text`'s words; `fallback` when it has none; `Scene` before a leading digit.
  static func type(_ text: String, fallback: String = "Scene") -> String {
    let joined = words(text).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    guard let first = joined.first else { return fallback }
    return first.isNumber ? "Scene" + joined : joined
  }

  /// lowerCamelCase of `text`'s words, never a Swift keyword; `fallback` when it has none.
  static func variable(_ text: String, fallback: String = "target") -> String {
    let parts = words(text)
    guard let head = parts.first else { return fallback }
    var name = head.prefix(1).lowercased() + head.dropFirst() + parts.dropFirst().map { type($0) }.joined()
    if name.first?.isNumber == true { name = "_" + name }
    return keywords.contains(name) ? name + "View" : name
  }

  /// Swift's keywords and the names the generated code uses for itself.
  static let keywords: Set<String> = [
    "as", "break", "case", "catch", "class", "continue", "default", "defer", "do", "else", "enum", "extension",
    "fallthrough", "false", "for", "func", "guard", "if", "import", "in", "init", "inout", "internal", "is", "let",
    "nil", "operator", "private", "protocol", "public", "repeat", "return", "self", "static", "struct", "subscript",
    "super", "switch", "throw", "throws", "true", "try", "var", "where", "while", "container", "start", "views",
    "transitionContext", "fromView", "toView", "timing", "finish", "snapshot", "any", "some", "await", "async",
  ]
}
