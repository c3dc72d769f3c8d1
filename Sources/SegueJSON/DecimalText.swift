/// Fixed-point text for numbers in messages, without Foundation's `String(format:)`.
public enum DecimalText {
  /// `value` with exactly `decimals` digits after the point, rounded once, half away from
  /// zero, from the shortest decimal that reads back as `value` (what a scene writes as 0.345 is
  /// 0.35, though the nearest double is a little below): fixed(0.1049, 2) = "0.10",
  /// fixed(46.4, 2) = "46.40". Scaling by 10^decimals in binary first would round twice.
  public static func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return String(value) }
    let (negative, digits, exponent) = decimalDigits(value)
    // The number is 0.d1d2d3… × 10^exponent; keep the digits before position exponent + decimals.
    let keep = exponent + decimals
    var kept: [UInt8] = keep > 0 ? Array(digits.prefix(keep)) : []
    if kept.count < max(0, keep) { kept += [UInt8](repeating: 0, count: keep - kept.count) }
    let next = keep >= 0 && keep < digits.count ? digits[keep] : 0
    var roundedUp = false
    if next >= 5 {
      var index = kept.count - 1
      while index >= 0 {
        if kept[index] == 9 {
          kept[index] = 0
          index -= 1
        } else {
          kept[index] += 1
          break
        }
      }
      if index < 0 {
        kept.insert(1, at: 0)
        roundedUp = true
      }
    }
    let integerCount = max(0, exponent) + (roundedUp ? 1 : 0)
    let padded = [UInt8](repeating: 0, count: max(0, decimals + integerCount - kept.count)) + kept
    let integerDigits = padded.prefix(padded.count - decimals)
    let fractionDigits = padded.suffix(decimals)
    var integerText = String(integerDigits.map { Character(String($0)) }).drop { $0 == "0" }
    if integerText.isEmpty { integerText = "0" }
    let isZero = padded.allSatisfy { $0 == 0 }
    var text = (negative && !isZero ? "-" : "") + integerText
    if decimals > 0 { text += "." + String(fractionDigits.map { Character(String($0)) }) }
    return text
  }

  /// The shortest decimal digits d1d2… and exponent e with value = 0.d1d2… × 10^e, from
  /// Swift's shortest round-tripping description.
  static func decimalDigits(_ value: Double) -> (negative: Bool, digits: [UInt8], exponent: Int) {
    var text = value.description
    let negative = text.hasPrefix("-")
    if negative { text.removeFirst() }
    var exponent = 0
    if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
      exponent = Int(text[text.index(after: e)...]) ?? 0
      text = String(text[..<e])
    }
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    let integerPart = parts[0]
    let fractionPart = parts.count > 1 ? parts[1] : ""
    var digits = (integerPart + fractionPart).compactMap { $0.wholeNumberValue.map(UInt8.init) }
    exponent += integerPart.count
    while let first = digits.first, first == 0, digits.count > 1 {
      digits.removeFirst()
      exponent -= 1
    }
    return (negative, digits, exponent)
  }

  /// The number a person wrote in decimal (`12`, `-0.5`, `.5`, `2e-3`), or nil for anything
  /// else. `Double(text)` also reads hexadecimal (`0x10` is 16), `inf` and `nan`, which a
  /// number option must refuse, so every one is read through this.
  public static func number(_ text: some StringProtocol) -> Double? {
    var bytes = Array(text.utf8)[...]
    if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
    func digits() -> Int {
      let count = bytes.prefix { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }.count
      bytes = bytes.dropFirst(count)
      return count
    }
    var mantissa = digits()
    if bytes.first == UInt8(ascii: ".") {
      bytes = bytes.dropFirst()
      mantissa += digits()
    }
    guard mantissa > 0 else { return nil }
    if bytes.first == UInt8(ascii: "e") || bytes.first == UInt8(ascii: "E") {
      bytes = bytes.dropFirst()
      if bytes.first == UInt8(ascii: "-") || bytes.first == UInt8(ascii: "+") { bytes = bytes.dropFirst() }
      guard digits() > 0 else { return nil }
    }
    guard bytes.isEmpty, let value = Double(String(text)), value.isFinite else { return nil }
    return value
  }

  /// `value` rounded once to `decimals` digits, without trailing zeros: short(2.85498, 2) =
  /// "2.85", short(0.3, 2) = "0.3", short(1.0, 2) = "1".
  public static func short(_ value: Double, _ decimals: Int) -> String {
    var text = fixed(value, decimals)
    guard text.contains(".") else { return text }
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text == "-0" ? "0" : text
  }
}
