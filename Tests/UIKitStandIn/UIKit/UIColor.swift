/// An RGBA color (sRGB), backed by a stand-in CGColor.
public final class UIColor: NSObject, @unchecked Sendable {
  public let cgColor: CGColor
  public init(red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    cgColor = CGColor(red: red, green: green, blue: blue, alpha: alpha)
    super.init()
  }
  public init(white: CGFloat, alpha: CGFloat) {
    cgColor = CGColor(gray: white, alpha: alpha)
    super.init()
  }
  public init(cgColor: CGColor) {
    self.cgColor = cgColor
    super.init()
  }
  public convenience init(displayP3Red red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {
    self.init(red: red, green: green, blue: blue, alpha: alpha)
  }
  public convenience init(hue: CGFloat, saturation s: CGFloat, brightness v: CGFloat, alpha: CGFloat) {
    let h = (hue - floor(hue)) * 6
    let i = Int(h) % 6
    let f = h - floor(h)
    let p = v * (1 - s)
    let q = v * (1 - s * f)
    let t = v * (1 - s * (1 - f))
    let (r, g, b): (CGFloat, CGFloat, CGFloat) = [(v, t, p), (q, v, p), (p, v, t), (p, q, v), (t, p, v), (v, p, q)][i]
    self.init(red: r, green: g, blue: b, alpha: alpha)
  }
  public func withAlphaComponent(_ alpha: CGFloat) -> UIColor { UIColor(cgColor: cgColor.copy(alpha: alpha)!) }
  public func getRed(
    _ r: UnsafeMutablePointer<CGFloat>?, green g: UnsafeMutablePointer<CGFloat>?,
    blue b: UnsafeMutablePointer<CGFloat>?, alpha a: UnsafeMutablePointer<CGFloat>?
  ) -> Bool {
    let c = cgColor.rgba
    r?.pointee = c[0]
    g?.pointee = c[1]
    b?.pointee = c[2]
    a?.pointee = c[3]
    return true
  }
  public static var clear: UIColor { UIColor(white: 0, alpha: 0) }
  public static var black: UIColor { UIColor(white: 0, alpha: 1) }
  public static var white: UIColor { UIColor(white: 1, alpha: 1) }
  public static var gray: UIColor { UIColor(white: 0.5, alpha: 1) }
  public static var darkGray: UIColor { UIColor(white: 1.0 / 3.0, alpha: 1) }
  public static var lightGray: UIColor { UIColor(white: 2.0 / 3.0, alpha: 1) }
  public static var red: UIColor { UIColor(red: 1, green: 0, blue: 0, alpha: 1) }
  public static var green: UIColor { UIColor(red: 0, green: 1, blue: 0, alpha: 1) }
  public static var blue: UIColor { UIColor(red: 0, green: 0, blue: 1, alpha: 1) }
  /// Light-mode value of the dynamic system color.
  public static var systemBackground: UIColor { .white }
  public override func isEqual(_ object: Any?) -> Bool { (object as? UIColor)?.cgColor == cgColor }
  public override var description: String { "UIColor \(cgColor)" }
}
