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

/// The kind of one element of a path, as CoreGraphics names them.
public enum CGPathElementType: Int32, Sendable {
  case moveToPoint = 0
  case addLineToPoint = 1
  case addQuadCurveToPoint = 2
  case addCurveToPoint = 3
  case closeSubpath = 4
}

/// One element of a path: its kind and its points (1 for a move or line, 2 for a quadratic
/// curve, control then end, 3 for a cubic, none for a close).
public struct CGPathElement {
  public var type: CGPathElementType
  public var points: UnsafeMutablePointer<CGPoint>
}

extension CGPath {
  /// Calls `block` with each element of the path in order, as CoreGraphics does (iOS 11): shapes
  /// are given as the elements CoreGraphics makes of them. A rect is a move to its min corner
  /// and lines clockwise on screen, then a close; an ellipse four cubic quarters from (maxX,
  /// midY); a rounded rect lines and cubic quarter circles; an arc cubic pieces of at most a
  /// quarter turn, after a line from the current point (a move when there is none). Quarter
  /// circles use the usual control distance 4/3·tan(θ/4) of the radius.
  public func applyWithBlock(_ block: (UnsafePointer<CGPathElement>) -> Void) {
    let storage = UnsafeMutablePointer<CGPoint>.allocate(capacity: 3)
    defer { storage.deallocate() }
    var current: CGPoint?
    func emit(_ type: CGPathElementType, _ points: [CGPoint]) {
      for (index, point) in points.enumerated() { storage[index] = point }
      var element = CGPathElement(type: type, points: storage)
      withUnsafePointer(to: &element) { block($0) }
      if let last = points.last { current = last }
    }
    /// A circular arc about `c` from angle a0 to a1 (radians, y down: positive angles turn
    /// clockwise on screen), radii rx and ry, as cubic pieces.
    func arc(_ c: CGPoint, _ rx: CGFloat, _ ry: CGFloat, _ a0: CGFloat, _ a1: CGFloat, _ t: CGAffineTransform) {
      let pieces = max(1, Int((abs(a1 - a0) / (.pi / 2) - 1e-9).rounded(.up)))
      let step = (a1 - a0) / CGFloat(pieces)
      let k = 4.0 / 3.0 * tan(step / 4)
      for index in 0..<pieces {
        let s = a0 + CGFloat(index) * step
        let e = s + step
        let p0 = CGPoint(x: c.x + rx * cos(s), y: c.y + ry * sin(s))
        let p3 = CGPoint(x: c.x + rx * cos(e), y: c.y + ry * sin(e))
        let p1 = CGPoint(x: p0.x - k * rx * sin(s), y: p0.y + k * ry * cos(s))
        let p2 = CGPoint(x: p3.x + k * rx * sin(e), y: p3.y - k * ry * cos(e))
        emit(.addCurveToPoint, [p1.applying(t), p2.applying(t), p3.applying(t)])
      }
    }
    func roundedRect(_ r: CGRect, _ radii: [CGSize], _ t: CGAffineTransform) {
      // radii: topLeft, topRight, bottomLeft, bottomRight.
      let (tl, tr, bl, br) = (radii[0], radii[1], radii[2], radii[3])
      emit(.moveToPoint, [CGPoint(x: r.minX + tl.width, y: r.minY).applying(t)])
      emit(.addLineToPoint, [CGPoint(x: r.maxX - tr.width, y: r.minY).applying(t)])
      if tr != .zero { arc(CGPoint(x: r.maxX - tr.width, y: r.minY + tr.height), tr.width, tr.height, -.pi / 2, 0, t) }
      emit(.addLineToPoint, [CGPoint(x: r.maxX, y: r.maxY - br.height).applying(t)])
      if br != .zero { arc(CGPoint(x: r.maxX - br.width, y: r.maxY - br.height), br.width, br.height, 0, .pi / 2, t) }
      emit(.addLineToPoint, [CGPoint(x: r.minX + bl.width, y: r.maxY).applying(t)])
      if bl != .zero { arc(CGPoint(x: r.minX + bl.width, y: r.maxY - bl.height), bl.width, bl.height, .pi / 2, .pi, t) }
      emit(.addLineToPoint, [CGPoint(x: r.minX, y: r.minY + tl.height).applying(t)])
      if tl != .zero {
        arc(CGPoint(x: r.minX + tl.width, y: r.minY + tl.height), tl.width, tl.height, .pi, 1.5 * .pi, t)
      }
      emit(.closeSubpath, [])
    }
    for shape in shapes {
      switch shape {
      case .rect(let r, let t):
        emit(.moveToPoint, [CGPoint(x: r.minX, y: r.minY).applying(t)])
        emit(.addLineToPoint, [CGPoint(x: r.maxX, y: r.minY).applying(t)])
        emit(.addLineToPoint, [CGPoint(x: r.maxX, y: r.maxY).applying(t)])
        emit(.addLineToPoint, [CGPoint(x: r.minX, y: r.maxY).applying(t)])
        emit(.closeSubpath, [])
      case .ellipse(let r, let t):
        emit(.moveToPoint, [CGPoint(x: r.maxX, y: r.midY).applying(t)])
        arc(CGPoint(x: r.midX, y: r.midY), r.width / 2, r.height / 2, 0, 2 * .pi, t)
        emit(.closeSubpath, [])
      case .roundedRect(let r, let w, let h, let t):
        let corner = CGSize(width: min(w, r.width / 2), height: min(h, r.height / 2))
        roundedRect(r, [corner, corner, corner, corner], t)
      case .partlyRoundedRect(let r, let radii, let t):
        roundedRect(r, radii, t)
      case .arc(let c, let radius, let a0, let a1, let clockwise, let t):
        let start = CGPoint(x: c.x + radius * cos(a0), y: c.y + radius * sin(a0)).applying(t)
        emit(current == nil ? .moveToPoint : .addLineToPoint, [start])
        // Clockwise on screen (y down) is increasing angle.
        var end = a1
        if clockwise { while end < a0 { end += 2 * .pi } } else { while end > a0 { end -= 2 * .pi } }
        arc(c, radius, radius, a0, end, t)
      case .move(let p): emit(.moveToPoint, [p])
      case .line(let p): emit(.addLineToPoint, [p])
      case .quadCurve(let p, let c): emit(.addQuadCurveToPoint, [c, p])
      case .curve(let p, let c1, let c2): emit(.addCurveToPoint, [c1, c2, p])
      case .close: emit(.closeSubpath, [])
      }
    }
  }
}
