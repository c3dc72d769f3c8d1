import SegueJSON

/// Parses `--frames`: a comma-separated list of `7`, `0-5`, `50%`, `first`, `last`.
///
/// A percentage p picks frame round(p / 100 · N) of frames 0…N. The result is sorted and
/// has no duplicates.
public enum FrameSelection {
  /// Why a selection cannot be read, as `--frames: …`.
  public struct Failure: Error, Equatable, CustomStringConvertible {
    public let message: String
    init(_ message: String) { self.message = message }
    public var description: String { message }
  }

  public static func parse(_ text: String, lastFrame: Int) throws(Failure) -> [Int] {
    var selected = Set<Int>()
    for rawItem in text.split(separator: ",", omittingEmptySubsequences: false) {
      let item = rawItem.trimmingCharacters(in: " ")
      func index(_ token: Substring) throws(Failure) -> Int {
        let token = token.trimmingCharacters(in: " ")
        if token == "last" { return lastFrame }
        if token == "first" { return 0 }
        if token.hasSuffix("%") {
          guard let percent = DecimalText.number(token.dropLast()), percent >= 0, percent <= 100 else {
            throw Failure("--frames: '\(token)' is not a percentage from 0% to 100%")
          }
          return Int((percent / 100 * Double(lastFrame)).rounded())
        }
        guard let value = Int(token), value >= 0 else {
          throw Failure("--frames: '\(item)' is not a frame number, a range like 0-5, a percentage like 50%, or 'last'")
        }
        guard value <= lastFrame else {
          throw Failure("--frames: frame \(value) is past the last frame (\(lastFrame))")
        }
        return value
      }
      guard !item.isEmpty else { throw Failure("--frames: empty item in '\(text)'") }
      let parts = item.split(separator: "-", omittingEmptySubsequences: false)
      if parts.count == 2 {
        let lower = try index(parts[0])
        let upper = try index(parts[1])
        guard lower <= upper else { throw Failure("--frames: range '\(item)' runs backwards") }
        selected.formUnion(lower...upper)
      } else if parts.count == 1 {
        selected.insert(try index(parts[0]))
      } else {
        throw Failure("--frames: '\(item)' is not a frame number or a range")
      }
    }
    return selected.sorted()
  }
}

extension StringProtocol {
  func trimmingCharacters(in character: Character) -> String {
    var text = Substring(self)
    while text.first == character { text = text.dropFirst() }
    while text.last == character { text = text.dropLast() }
    return String(text)
  }
}
