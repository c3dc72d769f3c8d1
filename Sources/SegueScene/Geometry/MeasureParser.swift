/// Reads a `Measure` back from the text a scene writes in `{"formula": "…"}`: the expression a
/// preset computes from the container that no share writes (the push's parallax
/// `container.width - round(container.width * 7 / 10)`, the sheet's `safeArea.top + 10`).
///
/// The grammar is what `Measure.description` prints, with the usual precedence so a person may
/// leave out parentheses:
///
///     sum     = product (("+" | "-") product)*
///     product = unary (("*" | "/") unary)*
///     unary   = "-" unary | primary
///     primary = number | name | ("max" | "length") "(" sum "," sum ")" | "round" "(" sum ")"
///               | "(" sum ")"
///     name    = container.width | container.height | safeArea.top | .left | .bottom | .right
///               | from.frame.x | to.frame.width | …   a screen's frame in the container
///               | from.logo.x | to.hero.height | …    a handed layer's frame in the container
///
/// Each step is built with `Measure`'s own operators, in the order written, so the text of a
/// measure those operators built parses back to that same measure (the same numbers on every
/// device, the same Swift in the export).
public struct MeasureParser {
  /// What went wrong, and the 0-based character where.
  public struct Failure: Error, Sendable {
    public var message: String
    public var offset: Int
  }

  /// The names a formula may read, and the input each is.
  public static let names: [(name: String, input: GeometryInput)] = [
    ("container.width", .containerWidth), ("container.height", .containerHeight),
    ("safeArea.top", .safeArea(.top)), ("safeArea.left", .safeArea(.left)),
    ("safeArea.bottom", .safeArea(.bottom)), ("safeArea.right", .safeArea(.right)),
  ]

  /// The longest formula, in characters: a preset's longest is under 100. With it, a chain of
  /// operators builds a measure a few hundred levels deep at most, which evaluating and printing
  /// it (both recursive) take in their stride.
  public static let maxLength = 1_000
  /// How deep parentheses, function calls and signs may nest: the parser recurses once a level,
  /// and a scene must not overflow its stack.
  public static let maxDepth = 32

  let characters: [Character]
  var index = 0
  /// The nesting the parser is in now.
  var depth = 0
  /// Whether a screen's or a layer's frame may be read (a layer the scene has).
  let accepts: (GeometryInput) -> Bool

  init(_ text: String, accepts: @escaping (GeometryInput) -> Bool) {
    characters = Array(text)
    self.accepts = accepts
  }

  /// The input a name reads: the container's, the safe area's, or a component of a screen's
  /// frame (`to.frame.x`) or of a layer's (`from.logo.width`).
  public static func input(named name: String) -> GeometryInput? {
    if let input = names.first(where: { $0.name == name })?.input { return input }
    let parts = name.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count >= 3, let role = ScreenRole(rawValue: parts[0]),
      let component = GeometryInput.RectComponent(rawValue: parts[parts.count - 1])
    else { return nil }
    let middle = parts[1..<(parts.count - 1)].joined(separator: ".")
    guard !middle.isEmpty else { return nil }
    return middle == "frame" ? .screen(role, component) : .view(SceneGeometry.key(role, middle), component)
  }

  /// The measure `text` writes; `accepts` says which screens' and layers' frames it may read.
  public static func parse(_ text: String, accepts: @escaping (GeometryInput) -> Bool = { _ in true })
    throws(Failure) -> Measure
  {
    var parser = MeasureParser(text, accepts: accepts)
    guard parser.characters.count <= maxLength else {
      throw Failure(message: "too long: a formula has at most \(maxLength) characters", offset: maxLength)
    }
    let measure = try parser.sum()
    parser.skipSpaces()
    if parser.index < parser.characters.count {
      throw parser.failure("expected an operator (+, -, *, /) or the end")
    }
    return measure
  }

  func failure(_ message: String) -> Failure { Failure(message: message, offset: index) }

  mutating func skipSpaces() {
    while index < characters.count, characters[index] == " " { index += 1 }
  }

  /// Consumes `character` (after spaces) when it is next.
  mutating func take(_ character: Character) -> Bool {
    skipSpaces()
    guard index < characters.count, characters[index] == character else { return false }
    index += 1
    return true
  }

  /// Enters one level of nesting, or fails past `maxDepth`.
  mutating func enter() throws(Failure) {
    depth += 1
    if depth > Self.maxDepth { throw failure("nested more than \(Self.maxDepth) deep") }
  }

  mutating func sum() throws(Failure) -> Measure {
    try enter()
    defer { depth -= 1 }
    var value = try product()
    while true {
      if take("+") {
        value = value + (try product())
      } else if take("-") {
        value = value - (try product())
      } else {
        return value
      }
    }
  }

  mutating func product() throws(Failure) -> Measure {
    var value = try unary()
    while true {
      if take("*") {
        value = value * (try unary())
      } else if take("/") {
        value = value / (try unary())
      } else {
        return value
      }
    }
  }

  mutating func unary() throws(Failure) -> Measure {
    guard take("-") else { return try primary() }
    try enter()
    defer { depth -= 1 }
    return -(try unary())
  }

  mutating func primary() throws(Failure) -> Measure {
    skipSpaces()
    if take("(") {
      let value = try sum()
      guard take(")") else { throw failure("expected ')'") }
      return value
    }
    let start = index
    while index < characters.count,
      characters[index].isLetter || characters[index].isNumber
        || "._+-".contains(
          characters[index])
    {
      // A sign belongs to a number only right after its exponent's "e" (1e-05).
      if "+-".contains(characters[index]), !(index > start && characters[index - 1] == "e" && isNumber(start)) {
        break
      }
      index += 1
    }
    let word = String(characters[start..<index])
    guard !word.isEmpty else { throw failure("expected a number, a name such as container.width, or '('") }
    if isNumber(start) {
      guard let number = Double(word), number.isFinite else {
        index = start
        throw failure("'\(word)' is not a number")
      }
      return .constant(number)
    }
    if let input = Self.input(named: word) {
      guard accepts(input) else {
        index = start
        throw failure("'\(word)' names no layer of the scene")
      }
      return .input(input)
    }
    switch word {
    case "max", "length":
      guard take("(") else { throw failure("expected '(' after \(word)") }
      let a = try sum()
      guard take(",") else { throw failure("expected ',': \(word) takes two values") }
      let b = try sum()
      guard take(")") else { throw failure("expected ')'") }
      return word == "max" ? .max(a, b) : .length(a, b)
    case "round":
      guard take("(") else { throw failure("expected '(' after round") }
      let a = try sum()
      guard take(")") else { throw failure("expected ')'") }
      return .round(a)
    default:
      index = start
      throw failure(
        "unknown name '\(word)': a formula reads \(Self.names.map(\.name).joined(separator: ", ")), a screen's "
          + "frame (to.frame.x) or a layer's (from.ID.width), and max, length, round")
    }
  }

  /// Whether the word at `start` is a number (it starts with a digit or a point).
  func isNumber(_ start: Int) -> Bool {
    guard start < characters.count else { return false }
    return characters[start].isNumber || characters[start] == "."
  }
}
