/// A stand-in for CoreGraphics' `CGColor`: an immutable RGBA color in the sRGB space.
/// `components` is [red, green, blue, alpha], each 0...1.
public final class CGColor: Equatable, Hashable, @unchecked Sendable, CustomStringConvertible {
  public let components: [CGFloat]?
  public var numberOfComponents: Int { 4 }
  public var alpha: CGFloat { components?[3] ?? 1 }

  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    components = [red, green, blue, alpha]
  }
  public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    components = [red, green, blue, alpha]
  }
  public init(gray: CGFloat, alpha: CGFloat) { components = [gray, gray, gray, alpha] }

  public func copy(alpha: CGFloat) -> CGColor? {
    let c = rgba
    return CGColor(red: c[0], green: c[1], blue: c[2], alpha: alpha)
  }
  public static let black = CGColor(gray: 0, alpha: 1)
  public static let white = CGColor(gray: 1, alpha: 1)
  public static let clear = CGColor(gray: 0, alpha: 0)

  var rgba: [CGFloat] { components ?? [0, 0, 0, 0] }
  public static func == (l: CGColor, r: CGColor) -> Bool { l.rgba == r.rgba }
  public func hash(into h: inout Hasher) { h.combine(rgba) }
  public var description: String {
    let c = rgba.map { String(format: "%.4g", Double($0)) }
    return "rgba(\(c.joined(separator: ", ")))"
  }
}
