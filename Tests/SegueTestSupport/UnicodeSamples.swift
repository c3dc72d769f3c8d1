/// One scalar of every Unicode general category (the first in code point order), for tests that
/// put every kind of character where a scene's text goes.
public enum UnicodeSamples {
  public static let everyCategory: [Unicode.Scalar] = {
    var seen: [Unicode.GeneralCategory] = []
    var samples: [Unicode.Scalar] = []
    var value: UInt32 = 0
    while value <= 0x10FFFF {
      if let scalar = Unicode.Scalar(value) {
        let category = scalar.properties.generalCategory
        if !seen.contains(category) {
          seen.append(category)
          samples.append(scalar)
        }
      }
      value += 1
    }
    return samples
  }()

  /// Scalars that end a line, or could be taken for it, in some reader.
  public static let lineEnds: [Unicode.Scalar] = ["\n", "\r", "\u{0B}", "\u{0C}", "\u{85}", "\u{2028}", "\u{2029}"]
}
