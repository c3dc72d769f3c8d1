import SegueGeometry

/// A geometric property value (a frame, a translation, a corner radius, a mask's shape) as the
/// expressions that compute it from the running app's geometry. A scene's `{"of": "to.hero"}`
/// and a preset's "one container to the right" are formulas; evaluated for one device and
/// variant they give the `PropertyValue` Segue draws, printed as Swift the value the animator
/// computes.
public enum PropertyFormula: Hashable, Sendable {
  case rect(MeasuredRect)
  case point(Measure, Measure)
  case number(Measure)
  /// topLeft, topRight, bottomRight, bottomLeft.
  case radii(Measure, Measure, Measure, Measure)
  case circleMask(x: Measure, y: Measure, radius: Measure)
  case rectMask(MeasuredRect, cornerRadius: Measure)

  /// The formula of a value the scene states as numbers (constants); nil for what has no
  /// geometry (colours, opacity's companions such as shadows, corner curves, no mask).
  public init?(constant value: PropertyValue) {
    switch value {
    case .rect(let rect): self = .rect(MeasuredRect(rect))
    case .point(let point): self = .point(.constant(point.x), .constant(point.y))
    case .number(let number): self = .number(.constant(number))
    case .radii(let r):
      self = .radii(.constant(r.topLeft), .constant(r.topRight), .constant(r.bottomRight), .constant(r.bottomLeft))
    case .mask(.circle(let center, let radius)?):
      self = .circleMask(x: .constant(center.x), y: .constant(center.y), radius: .constant(radius))
    case .mask(.rect(let rect, let radius)?): self = .rectMask(MeasuredRect(rect), cornerRadius: .constant(radius))
    case .mask(nil), .mask(.path?), .cornerCurve, .shadow, .color, .transform: return nil
    }
  }

  /// The value for one device and variant.
  public func value(_ inputs: (GeometryInput) -> Double) -> PropertyValue {
    switch self {
    case .rect(let rect): return .rect(rect.value(inputs))
    case .point(let x, let y): return .point(Point(x: x.value(inputs), y: y.value(inputs)))
    case .number(let number): return .number(number.value(inputs))
    case .radii(let a, let b, let c, let d):
      return .radii(
        CornerRadii(
          topLeft: a.value(inputs), topRight: b.value(inputs), bottomRight: c.value(inputs),
          bottomLeft: d.value(inputs)))
    case .circleMask(let x, let y, let radius):
      return .mask(.circle(center: Point(x: x.value(inputs), y: y.value(inputs)), radius: radius.value(inputs)))
    case .rectMask(let rect, let radius):
      return .mask(.rect(rect.value(inputs), cornerRadius: radius.value(inputs)))
    }
  }

  /// Every measure it holds, in the order of the value's numbers.
  public var measures: [Measure] {
    switch self {
    case .rect(let rect): return rect.measures
    case .point(let x, let y): return [x, y]
    case .number(let number): return [number]
    case .radii(let a, let b, let c, let d): return [a, b, c, d]
    case .circleMask(let x, let y, let radius): return [x, y, radius]
    case .rectMask(let rect, let radius): return rect.measures + [radius]
    }
  }

  /// Whether it reads nothing from the running app.
  public var isConstant: Bool { measures.allSatisfy { $0.constant != nil } }
}

extension PropertyFormula {
  /// a + (b − a)·t, measure by measure, for two formulas of one kind; nil for two kinds.
  public static func lerp(_ a: PropertyFormula, _ b: PropertyFormula, _ t: Double) -> PropertyFormula? {
    func mix(_ x: Measure, _ y: Measure) -> Measure { x == y ? x : x + (y - x) * t }
    func mix(_ x: MeasuredRect, _ y: MeasuredRect) -> MeasuredRect {
      MeasuredRect(x: mix(x.x, y.x), y: mix(x.y, y.y), width: mix(x.width, y.width), height: mix(x.height, y.height))
    }
    switch (a, b) {
    case (.rect(let x), .rect(let y)): return .rect(mix(x, y))
    case (.point(let x0, let y0), .point(let x1, let y1)): return .point(mix(x0, x1), mix(y0, y1))
    case (.number(let x), .number(let y)): return .number(mix(x, y))
    case (.radii(let a0, let b0, let c0, let d0), .radii(let a1, let b1, let c1, let d1)):
      return .radii(mix(a0, a1), mix(b0, b1), mix(c0, c1), mix(d0, d1))
    case (.circleMask(let x0, let y0, let r0), .circleMask(let x1, let y1, let r1)):
      return .circleMask(x: mix(x0, x1), y: mix(y0, y1), radius: mix(r0, r1))
    case (.rectMask(let x, let r0), .rectMask(let y, let r1)): return .rectMask(mix(x, y), cornerRadius: mix(r0, r1))
    default: return nil
    }
  }
}
