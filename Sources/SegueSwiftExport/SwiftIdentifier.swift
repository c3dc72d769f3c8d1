/// Swift names made from a scene's text: a type name in UpperCamelCase from the scene's name
/// (`custom-today-card` → `CustomTodayCard`), words for a variable from a target
/// (`from.card` → `fromCard`). Only ASCII letters and digits of the text survive, so a name is an
/// identifier whatever the scene wrote; `SwiftNamer` makes the variables unique.
enum SwiftIdentifier {
  /// Words of ASCII letters and digits: every other character separates words.
  static func words(_ text: String) -> [String] {
    var words: [String] = []
    var current = ""
    for scalar in text.unicodeScalars {
      if scalar.isASCII
        && (("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar))
      {
        current.unicodeScalars.append(scalar)
      } else if !current.isEmpty {
        words.append(current)
        current = ""
      }
    }
    if !current.isEmpty { words.append(current) }
    return words
  }

  /// The prefixes of Apple's frameworks' type names (`UIView`, `CALayer`, `CGRect`, `NSObject`): a
  /// type of the generated file never starts with one, so none can be the name of a type it uses
  /// (a scene named `UIViewController` would otherwise declare `UIViewControllerTransitioningDelegate`).
  static let frameworkPrefixes = ["UI", "CA", "CG", "NS", "CF"]

  /// UpperCamelCase of `text`'s words; `Scene` when it has none, before a leading digit, and
  /// before a framework's prefix.
  static func type(_ text: String) -> String {
    let joined = words(text).map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
    guard let first = joined.unicodeScalars.first else { return "Scene" }
    let framework = frameworkPrefixes.contains { prefix in
      joined.hasPrefix(prefix) && joined.unicodeScalars.dropFirst(2).first.map { ("A"..."Z").contains($0) } != false
    }
    return ("0"..."9").contains(first) || framework ? "Scene" + joined : joined
  }

  /// lowerCamelCase of `text`'s words (`from card` → `fromCard`); empty when it has none.
  static func lowerCamel(_ text: String) -> String {
    let parts = words(text)
    guard let head = parts.first else { return "" }
    return head.prefix(1).lowercased() + head.dropFirst()
      + parts.dropFirst().map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined()
  }
}
