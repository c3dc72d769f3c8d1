/// Every keyword of Swift 6 (The Swift Programming Language, Lexical Structure: keywords used in
/// declarations, statements, expressions and types, and in particular contexts).
public enum SwiftKeywords {
  public static let all = [
    "associatedtype", "borrowing", "class", "consuming", "deinit", "enum", "extension", "fileprivate", "func", "import",
    "init", "inout", "internal", "let", "nonisolated", "open", "operator", "private", "precedencegroup", "protocol",
    "public", "rethrows", "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue",
    "default", "defer", "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch",
    "where", "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try",
    "associativity", "convenience", "didSet", "dynamic", "final", "get", "indirect", "infix", "lazy", "left",
    "mutating", "none", "nonmutating", "optional", "override", "package", "postfix", "precedence", "prefix",
    "Protocol", "required", "right", "set", "some", "Type", "unowned", "weak", "willSet", "any", "async", "actor",
    "macro",
  ]
}
