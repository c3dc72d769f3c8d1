/// Corners for `UIBezierPath(roundedRect:byRoundingCorners:cornerRadii:)`.
public struct UIRectCorner: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let topLeft = UIRectCorner(rawValue: 1)
  public static let topRight = UIRectCorner(rawValue: 2)
  public static let bottomLeft = UIRectCorner(rawValue: 4)
  public static let bottomRight = UIRectCorner(rawValue: 8)
  public static let allCorners = UIRectCorner(rawValue: 15)
}

/// A path object whose `cgPath` keeps the recorded shapes (see CGPathShape).
open class UIBezierPath: NSObject, @unchecked Sendable {
  let mutable: CGMutablePath
  public override init() {
    mutable = CGMutablePath()
    super.init()
  }
  public convenience init(rect: CGRect) {
    self.init()
    mutable.addRect(rect)
  }
  public convenience init(ovalIn rect: CGRect) {
    self.init()
    mutable.addEllipse(in: rect)
  }
  /// UIKit clamps the radius to half the shorter side.
  public convenience init(roundedRect rect: CGRect, cornerRadius: CGFloat) {
    self.init()
    let r = min(cornerRadius, min(abs(rect.width), abs(rect.height)) / 2)
    mutable.addRoundedRect(in: rect, cornerWidth: r, cornerHeight: r)
  }
  public convenience init(roundedRect rect: CGRect, byRoundingCorners corners: UIRectCorner, cornerRadii: CGSize) {
    self.init()
    let w = min(cornerRadii.width, abs(rect.width) / 2)
    let h = min(cornerRadii.height, abs(rect.height) / 2)
    let r = CGSize(width: w, height: h)
    let radii = [UIRectCorner.topLeft, .topRight, .bottomLeft, .bottomRight].map { corners.contains($0) ? r : .zero }
    mutable.shapes.append(.partlyRoundedRect(rect, radii: radii, transform: .identity))
  }
  public convenience init(
    arcCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool
  ) {
    self.init()
    mutable.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
  }
  public convenience init(cgPath: CGPath) {
    self.init()
    mutable.addPath(cgPath)
  }

  open var cgPath: CGPath {
    get { CGPath(shapes: mutable.shapes) }
    set { mutable.shapes = newValue.shapes }
  }
  open var bounds: CGRect { mutable.boundingBox }
  open var isEmpty: Bool { mutable.isEmpty }
  open var lineWidth: CGFloat = 1
  open var usesEvenOddFillRule = false

  open func move(to point: CGPoint) { mutable.move(to: point) }
  open func addLine(to point: CGPoint) { mutable.addLine(to: point) }
  open func addQuadCurve(to end: CGPoint, controlPoint: CGPoint) {
    mutable.addQuadCurve(to: end, control: controlPoint)
  }
  open func addCurve(to end: CGPoint, controlPoint1: CGPoint, controlPoint2: CGPoint) {
    mutable.addCurve(to: end, control1: controlPoint1, control2: controlPoint2)
  }
  open func addArc(withCenter center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool)
  {
    mutable.addArc(center: center, radius: radius, startAngle: startAngle, endAngle: endAngle, clockwise: clockwise)
  }
  open func close() { mutable.closeSubpath() }
  open func append(_ path: UIBezierPath) { mutable.addPath(path.cgPath) }
  open func apply(_ transform: CGAffineTransform) {
    let p = CGMutablePath()
    p.addPath(CGPath(shapes: mutable.shapes), transform: transform)
    mutable.shapes = p.shapes
  }
  open func removeAllPoints() { mutable.shapes.removeAll() }
  open func reversing() -> UIBezierPath { UIBezierPath(cgPath: cgPath) }
  open override var description: String { "UIBezierPath \(cgPath)" }
}
