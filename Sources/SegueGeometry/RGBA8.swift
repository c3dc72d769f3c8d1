/// An sRGB colour with straight (not premultiplied) 8-bit alpha, as scene files write it.
public struct RGBA8: Sendable, Hashable, CustomStringConvertible {
  public var r: UInt8
  public var g: UInt8
  public var b: UInt8
  public var a: UInt8

  public init(r: UInt8, g: UInt8, b: UInt8, a: UInt8 = 255) {
    self.r = r
    self.g = g
    self.b = b
    self.a = a
  }

  public static let black = RGBA8(r: 0, g: 0, b: 0)
  public static let white = RGBA8(r: 255, g: 255, b: 255)
  public static let clear = RGBA8(r: 0, g: 0, b: 0, a: 0)

  /// Parses `#RGB`, `#RRGGBB` or `#RRGGBBAA`; nil for anything else.
  public init?(hex: String) {
    guard hex.hasPrefix("#") else { return nil }
    let digits = Array(hex.utf8.dropFirst())
    var values: [UInt8] = []
    for digit in digits {
      switch digit {
      case UInt8(ascii: "0")...UInt8(ascii: "9"): values.append(digit - UInt8(ascii: "0"))
      case UInt8(ascii: "a")...UInt8(ascii: "f"): values.append(digit - UInt8(ascii: "a") + 10)
      case UInt8(ascii: "A")...UInt8(ascii: "F"): values.append(digit - UInt8(ascii: "A") + 10)
      default: return nil
      }
    }
    switch values.count {
    case 3: self.init(r: values[0] * 17, g: values[1] * 17, b: values[2] * 17)
    case 6, 8:
      let bytes = stride(from: 0, to: values.count, by: 2).map { values[$0] << 4 | values[$0 + 1] }
      self.init(r: bytes[0], g: bytes[1], b: bytes[2], a: bytes.count == 4 ? bytes[3] : 255)
    default: return nil
    }
  }

  /// `#RRGGBBAA`.
  public var description: String {
    let hex = [r, g, b, a].map { value -> String in
      let text = String(value, radix: 16, uppercase: true)
      return text.count == 1 ? "0" + text : text
    }
    return "#" + hex.joined()
  }

  /// a + (b − a)·t per straight sRGB component and alpha, rounded and clamped to 0…255.
  public static func lerp(_ a: RGBA8, _ b: RGBA8, _ t: Double) -> RGBA8 {
    func mix(_ x: UInt8, _ y: UInt8) -> UInt8 {
      let value = Double(x) + (Double(y) - Double(x)) * t
      return UInt8(min(255, max(0, value.isFinite ? value.rounded() : 0)))
    }
    return RGBA8(r: mix(a.r, b.r), g: mix(a.g, b.g), b: mix(a.b, b.b), a: mix(a.a, b.a))
  }
}
