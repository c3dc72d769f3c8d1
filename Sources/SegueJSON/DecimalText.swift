/// Fixed-point text for numbers in messages, without Foundation's `String(format:)`.
public enum DecimalText {
  /// `value` with exactly `decimals` digits after the point, rounded half away from zero:
  /// fixed(0.1049, 2) = "0.10", fixed(46.4, 2) = "46.40".
  public static func fixed(_ value: Double, _ decimals: Int) -> String {
    guard value.isFinite else { return String(value) }
    var scale = 1
    for _ in 0..<decimals { scale *= 10 }
    let scaled = Int((abs(value) * Double(scale)).rounded())
    let sign = value < 0 && scaled != 0 ? "-" : ""
    guard decimals > 0 else { return sign + String(scaled) }
    let fraction = String(scaled % scale)
    return sign + String(scaled / scale) + "." + String(repeating: "0", count: decimals - fraction.count) + fraction
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
