/// One recorded shape of a stand-in `CGPath`. Shapes keep their parameters (not flattened
/// points) so a test can read a mask back: "a rounded rect of 100×200 with radius 12".
/// A transform given when adding a shape is kept in `transform` (identity when none).
public enum CGPathShape: Equatable, Sendable, CustomStringConvertible {
  case rect(CGRect, transform: CGAffineTransform)
  case roundedRect(CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat, transform: CGAffineTransform)
  /// A rounded rect whose corners differ (UIBezierPath byRoundingCorners): radii per corner in
  /// the order topLeft, topRight, bottomLeft, bottomRight (zero = square corner).
  case partlyRoundedRect(CGRect, radii: [CGSize], transform: CGAffineTransform)
  case ellipse(CGRect, transform: CGAffineTransform)
  case arc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat, clockwise: Bool,
    transform: CGAffineTransform)
  case move(CGPoint)
  case line(CGPoint)
  case quadCurve(to: CGPoint, control: CGPoint)
  case curve(to: CGPoint, control1: CGPoint, control2: CGPoint)
  case close

  public var description: String {
    func tf(_ t: CGAffineTransform) -> String { t.isIdentity ? "" : " transform \(t)" }
    func r(_ x: CGRect) -> String { "(\(fmt(x.minX)), \(fmt(x.minY)), \(fmt(x.width)) × \(fmt(x.height)))" }
    func p(_ x: CGPoint) -> String { "(\(fmt(x.x)), \(fmt(x.y)))" }
    switch self {
    case .rect(let x, let t): return "rect \(r(x))\(tf(t))"
    case .roundedRect(let x, let w, let h, let t): return "roundedRect \(r(x)) corner \(fmt(w))×\(fmt(h))\(tf(t))"
    case .partlyRoundedRect(let x, let radii, let t):
      return "roundedRect \(r(x)) radii [" + radii.map { "\(fmt($0.width))×\(fmt($0.height))" }.joined(separator: ", ")
        + "]\(tf(t))"
    case .ellipse(let x, let t): return "ellipse \(r(x))\(tf(t))"
    case .arc(let c, let rad, let a0, let a1, let cw, let t):
      return "arc center \(p(c)) r \(fmt(rad)) \(fmt(a0))→\(fmt(a1)) clockwise \(cw)\(tf(t))"
    case .move(let x): return "move \(p(x))"
    case .line(let x): return "line \(p(x))"
    case .quadCurve(let x, let c): return "quad \(p(x)) control \(p(c))"
    case .curve(let x, let c1, let c2): return "curve \(p(x)) controls \(p(c1)) \(p(c2))"
    case .close: return "close"
    }
  }

  /// Bounding box of the shape (control-point hull for curves).
  var bounds: CGRect {
    switch self {
    case .rect(let r, let t), .ellipse(let r, let t): return r.applying(t)
    case .roundedRect(let r, _, _, let t), .partlyRoundedRect(let r, _, let t): return r.applying(t)
    case .arc(let c, let r, _, _, _, let t):
      return CGRect(x: c.x - r, y: c.y - r, width: 2 * r, height: 2 * r).applying(t)
    case .move(let p), .line(let p): return CGRect(origin: p, size: .zero)
    case .quadCurve(let p, let c): return CGRect(origin: p, size: .zero).union(CGRect(origin: c, size: .zero))
    case .curve(let p, let c1, let c2):
      return CGRect(origin: p, size: .zero).union(CGRect(origin: c1, size: .zero)).union(
        CGRect(origin: c2, size: .zero))
    case .close: return .null
    }
  }
}

/// A stand-in for an immutable CoreGraphics path: a list of shapes.
public class CGPath: Equatable, @unchecked Sendable, CustomStringConvertible {
  public internal(set) var shapes: [CGPathShape]

  init(shapes: [CGPathShape]) { self.shapes = shapes }

  public convenience init(rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(shapes: [.rect(rect, transform: transform?.pointee ?? .identity)])
  }
  public convenience init(
    roundedRect rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: UnsafePointer<CGAffineTransform>?
  ) {
    self.init(shapes: [
      .roundedRect(
        rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight,
        transform: transform?.pointee ?? .identity)
    ])
  }
  public convenience init(ellipseIn rect: CGRect, transform: UnsafePointer<CGAffineTransform>?) {
    self.init(shapes: [.ellipse(rect, transform: transform?.pointee ?? .identity)])
  }

  public var boundingBox: CGRect {
    shapes.map(\.bounds).filter { !$0.isNull }.reduce(CGRect.null) { $0.union($1) }
  }
  public var isEmpty: Bool { shapes.isEmpty }
  public func copy() -> CGPath? { CGPath(shapes: shapes) }
  public func mutableCopy() -> CGMutablePath? { CGMutablePath(shapes: shapes) }

  // Inspection helpers (not SDK API) for tests reading a mask back.
  /// The single rect / rounded rect / ellipse this path consists of, if that is what it is.
  public var standInSingleShape: CGPathShape? { shapes.count == 1 ? shapes[0] : nil }

  public static func == (l: CGPath, r: CGPath) -> Bool { l.shapes == r.shapes }
  public var description: String { "CGPath[" + shapes.map(\.description).joined(separator: "; ") + "]" }
}

/// A stand-in for `CGMutablePath`.
public final class CGMutablePath: CGPath, @unchecked Sendable {
  public init() { super.init(shapes: []) }
  override init(shapes: [CGPathShape]) { super.init(shapes: shapes) }

  public func addRect(_ rect: CGRect, transform: CGAffineTransform = .identity) {
    shapes.append(.rect(rect, transform: transform))
  }
  public func addRects(_ rects: [CGRect], transform: CGAffineTransform = .identity) {
    for r in rects { addRect(r, transform: transform) }
  }
  public func addRoundedRect(
    in rect: CGRect, cornerWidth: CGFloat, cornerHeight: CGFloat,
    transform: CGAffineTransform = .identity
  ) {
    shapes.append(.roundedRect(rect, cornerWidth: cornerWidth, cornerHeight: cornerHeight, transform: transform))
  }
  public func addEllipse(in rect: CGRect, transform: CGAffineTransform = .identity) {
    shapes.append(.ellipse(rect, transform: transform))
  }
  public func addArc(
    center: CGPoint, radius: CGFloat, startAngle: CGFloat, endAngle: CGFloat,
    clockwise: Bool, transform: CGAffineTransform = .identity
  ) {
    shapes.append(
      .arc(
        center: center, radius: radius, startAngle: startAngle, endAngle: endAngle,
        clockwise: clockwise, transform: transform))
  }
  public func move(to point: CGPoint, transform: CGAffineTransform = .identity) {
    shapes.append(.move(point.applying(transform)))
  }
  public func addLine(to point: CGPoint, transform: CGAffineTransform = .identity) {
    shapes.append(.line(point.applying(transform)))
  }
  public func addLines(between points: [CGPoint], transform: CGAffineTransform = .identity) {
    guard let first = points.first else { return }
    move(to: first, transform: transform)
    for p in points.dropFirst() { addLine(to: p, transform: transform) }
  }
  public func addQuadCurve(to end: CGPoint, control: CGPoint, transform: CGAffineTransform = .identity) {
    shapes.append(.quadCurve(to: end.applying(transform), control: control.applying(transform)))
  }
  public func addCurve(to end: CGPoint, control1: CGPoint, control2: CGPoint, transform: CGAffineTransform = .identity)
  {
    shapes.append(
      .curve(
        to: end.applying(transform), control1: control1.applying(transform),
        control2: control2.applying(transform)))
  }
  public func addPath(_ path: CGPath, transform: CGAffineTransform = .identity) {
    if transform.isIdentity {
      shapes += path.shapes
      return
    }
    for s in path.shapes {
      switch s {
      case .rect(let r, let t): shapes.append(.rect(r, transform: t.concatenating(transform)))
      case .roundedRect(let r, let w, let h, let t):
        shapes.append(.roundedRect(r, cornerWidth: w, cornerHeight: h, transform: t.concatenating(transform)))
      case .partlyRoundedRect(let r, let radii, let t):
        shapes.append(.partlyRoundedRect(r, radii: radii, transform: t.concatenating(transform)))
      case .ellipse(let r, let t): shapes.append(.ellipse(r, transform: t.concatenating(transform)))
      case .arc(let c, let r, let a0, let a1, let cw, let t):
        shapes.append(
          .arc(center: c, radius: r, startAngle: a0, endAngle: a1, clockwise: cw, transform: t.concatenating(transform))
        )
      case .move(let p): shapes.append(.move(p.applying(transform)))
      case .line(let p): shapes.append(.line(p.applying(transform)))
      case .quadCurve(let p, let c):
        shapes.append(.quadCurve(to: p.applying(transform), control: c.applying(transform)))
      case .curve(let p, let c1, let c2):
        shapes.append(
          .curve(to: p.applying(transform), control1: c1.applying(transform), control2: c2.applying(transform)))
      case .close: shapes.append(.close)
      }
    }
  }
  public func closeSubpath() { shapes.append(.close) }
}
