import SegueJSON
import SegueSpelling

/// A JSON value of a scene file together with its coding path, for checked reading.
///
/// Every accessor throws a `SceneError` that names the file, the path, what was expected
/// and what was found.
public struct SceneField: Sendable {
  public let value: JSONValue
  /// Dotted coding path; array elements are numbered from 0 (`from.layers.2`).
  public let path: String
  public let file: String

  public init(value: JSONValue, path: String, file: String) {
    self.value = value
    self.path = path
    self.file = file
  }

  /// An error at this field.
  public func error(_ message: String) -> SceneError {
    SceneError(file: file, path: path, message: message)
  }

  /// An error saying what was expected and what the file has.
  public func expected(_ what: String) -> SceneError {
    error("expected \(what), got \(value.summary)")
  }

  /// The same path holding `value` (a key read as a value, for messages).
  public func retitled(_ value: JSONValue) -> SceneField {
    SceneField(value: value, path: path, file: file)
  }

  public func child(_ key: String, _ value: JSONValue) -> SceneField {
    SceneField(value: value, path: path.isEmpty ? key : "\(path).\(key)", file: file)
  }

  /// The members of an object, refusing keys not in `allowed` (a typo is an error, not ignored).
  public func members(allowed: [String], what: String = "an object") throws(SceneError) -> [String: SceneField] {
    guard case .object(let pairs) = value else { throw expected(what) }
    var result: [String: SceneField] = [:]
    for (key, member) in pairs {
      let field = child(key, member)
      guard allowed.contains(key) else { throw field.unknownKey(key, valid: allowed) }
      result[key] = field
    }
    return result
  }

  /// The members of an object whose keys are in `allowed`; each other key is recorded as an
  /// error (with a "did you mean") and skipped, so the rest of the object is still read.
  func members(allowed: [String], what: String, diagnostics: Diagnostics) throws(SceneError) -> [String: SceneField] {
    guard case .object(let pairs) = value else { throw expected(what) }
    var result: [String: SceneField] = [:]
    for (key, member) in pairs {
      let field = child(key, member)
      guard allowed.contains(key) else {
        diagnostics.record(field.unknownKey(key, valid: allowed))
        continue
      }
      result[key] = field
    }
    return result
  }

  /// "unknown key 'durration' (did you mean 'duration'?); valid keys: …".
  func unknownKey(_ key: String, valid: [String], noun: String = "key") -> SceneError {
    var message = "unknown \(noun) '\(key)'"
    if let guess = SceneField.closest(to: key, in: valid) { message += " (did you mean '\(guess)'?)" }
    let plural = noun == "property" ? "properties" : noun + "s"
    return error(message + "; valid \(plural): " + valid.joined(separator: ", "))
  }

  /// The members of an object, all of them.
  public func allMembers() throws(SceneError) -> [(key: String, field: SceneField)] {
    guard case .object(let pairs) = value else { throw expected("an object") }
    return pairs.map { ($0.key, child($0.key, $0.value)) }
  }

  /// The elements of an array, at most `limit` of them.
  public func elements(what: String = "an array", limit: Int = 10_000) throws(SceneError) -> [SceneField] {
    guard case .array(let items) = value else { throw expected(what) }
    guard items.count <= limit else { throw error("expected at most \(limit) elements, got \(items.count)") }
    return items.enumerated().map { child(String($0.offset), $0.element) }
  }

  /// A finite number.
  public func number(_ what: String = "a number") throws(SceneError) -> Double {
    guard case .number(let number) = value, number.isFinite else { throw expected(what) }
    return number
  }

  /// A number in `range`.
  public func number(in range: ClosedRange<Double>, _ what: String) throws(SceneError) -> Double {
    let number = try number(what)
    guard range.contains(number) else { throw expected(what) }
    return number
  }

  /// A number greater than zero and at most `limit`.
  public func positiveNumber(_ what: String, limit: Double = .greatestFiniteMagnitude) throws(SceneError) -> Double {
    let number = try number(what)
    guard number > 0, number <= limit else { throw expected(what) }
    return number
  }

  /// A whole number in `range`.
  public func integer(in range: ClosedRange<Int>, _ what: String) throws(SceneError) -> Int {
    let number = try number(what)
    guard number == number.rounded(), number >= Double(range.lowerBound), number <= Double(range.upperBound)
    else { throw expected(what) }
    return Int(number)
  }

  /// `true` or `false`.
  public func bool(_ what: String = "true or false") throws(SceneError) -> Bool {
    guard case .bool(let flag) = value else { throw expected(what) }
    return flag
  }

  /// A string.
  public func string(_ what: String = "a string") throws(SceneError) -> String {
    guard case .string(let text) = value else { throw expected(what) }
    return text
  }

  /// One of `choices`.
  public func choice(_ choices: [String]) throws(SceneError) -> String {
    let list = choices.map { "'\($0)'" }.joined(separator: ", ")
    guard case .string(let text) = value else { throw expected("one of \(list)") }
    guard choices.contains(text) else {
      var message = "expected one of \(list), got \(value.summary)"
      if let guess = SceneField.closest(to: text, in: choices) { message += " (did you mean '\(guess)'?)" }
      throw error(message)
    }
    return text
  }

  /// One of an enumeration's cases, by raw value.
  public func choice<Choice: RawRepresentable>(_ cases: [Choice]) throws(SceneError) -> Choice
  where Choice.RawValue == String {
    let names = cases.map(\.rawValue)
    let name = try choice(names)
    return cases[names.firstIndex(of: name) ?? 0]
  }

  /// `count` numbers in an array.
  public func numbers(count: Int, _ what: String) throws(SceneError) -> [Double] {
    guard case .array(let items) = value, items.count == count else { throw expected(what) }
    var result: [Double] = []
    for item in items {
      guard case .number(let number) = item, number.isFinite else { throw expected(what) }
      result.append(number)
    }
    return result
  }

  /// The candidate nearest to `word` by edit distance, when it is near enough to be a typo.
  public static func closest(to word: String, in candidates: [String]) -> String? {
    Spelling.closest(to: word, in: candidates)
  }
}
