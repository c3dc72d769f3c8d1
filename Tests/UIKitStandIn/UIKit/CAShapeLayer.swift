public struct CAShapeLayerFillRule: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let nonZero = CAShapeLayerFillRule(rawValue: "non-zero")
  public static let evenOdd = CAShapeLayerFillRule(rawValue: "even-odd")
}

/// A layer that draws a path; `path` animates shape by shape (see CGPath).
open class CAShapeLayer: CALayer, @unchecked Sendable {
  override class var standInDefaults: [String: AnimValue] {
    var d = super.standInDefaults
    d["path"] = .path(nil)
    d["fillColor"] = .color(CGColor.black)
    d["strokeColor"] = .color(nil)
    d["lineWidth"] = .scalar(1)
    d["strokeStart"] = .scalar(0)
    d["strokeEnd"] = .scalar(1)
    d["miterLimit"] = .scalar(10)
    d["lineDashPhase"] = .scalar(0)
    return d
  }
  public required init() { super.init() }
  public required init(layer: Any) {
    if let o = layer as? CAShapeLayer {
      fillRule = o.fillRule
      lineCap = o.lineCap
      lineJoin = o.lineJoin
      lineDashPattern = o.lineDashPattern
    }
    super.init(layer: layer)
  }
  open var path: CGPath? {
    get { pathValue("path") }
    set { set("path", .path(newValue)) }
  }
  open var fillColor: CGColor? {
    get { colorValue("fillColor") }
    set { set("fillColor", .color(newValue)) }
  }
  open var strokeColor: CGColor? {
    get { colorValue("strokeColor") }
    set { set("strokeColor", .color(newValue)) }
  }
  open var lineWidth: CGFloat {
    get { scalarValue("lineWidth") }
    set { set("lineWidth", .scalar(Double(newValue))) }
  }
  open var strokeStart: CGFloat {
    get { scalarValue("strokeStart") }
    set { set("strokeStart", .scalar(Double(newValue))) }
  }
  open var strokeEnd: CGFloat {
    get { scalarValue("strokeEnd") }
    set { set("strokeEnd", .scalar(Double(newValue))) }
  }
  open var miterLimit: CGFloat {
    get { scalarValue("miterLimit") }
    set { set("miterLimit", .scalar(Double(newValue))) }
  }
  open var lineDashPhase: CGFloat {
    get { scalarValue("lineDashPhase") }
    set { set("lineDashPhase", .scalar(Double(newValue))) }
  }
  open var fillRule: CAShapeLayerFillRule = .nonZero
  open var lineCap: String = "butt"
  open var lineJoin: String = "miter"
  open var lineDashPattern: [NSNumber]?
}

/// A layer whose sublayers keep their 3D placement (no flattening). Recorded like any layer.
open class CATransformLayer: CALayer, @unchecked Sendable {
  public required init() { super.init() }
  public required init(layer: Any) { super.init(layer: layer) }
}

public struct CAGradientLayerType: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let axial = CAGradientLayerType(rawValue: "axial")
  public static let radial = CAGradientLayerType(rawValue: "radial")
  public static let conic = CAGradientLayerType(rawValue: "conic")
}

/// A gradient layer; colors, locations and end points animate like any property.
open class CAGradientLayer: CALayer, @unchecked Sendable {
  override class var standInDefaults: [String: AnimValue] {
    var d = super.standInDefaults
    d["colors"] = .array([])
    d["locations"] = .array([])
    d["startPoint"] = .point(CGPoint(x: 0.5, y: 0))
    d["endPoint"] = .point(CGPoint(x: 0.5, y: 1))
    return d
  }
  public required init() { super.init() }
  public required init(layer: Any) {
    if let o = layer as? CAGradientLayer { type = o.type }
    super.init(layer: layer)
  }
  open var colors: [Any]? {
    get {
      if case .array(let a) = get("colors"), !a.isEmpty { return a.compactMap { $0.anyValue } }
      return nil
    }
    set { set("colors", .array((newValue ?? []).compactMap { AnimValue.from($0) })) }
  }
  open var locations: [NSNumber]? {
    get {
      if case .array(let a) = get("locations"), !a.isEmpty {
        return a.compactMap { $0.scalar.map { NSNumber(value: $0) } }
      }
      return nil
    }
    set { set("locations", .array((newValue ?? []).map { .scalar($0.doubleValue) })) }
  }
  open var startPoint: CGPoint {
    get { pointValue("startPoint") }
    set { set("startPoint", .point(newValue)) }
  }
  open var endPoint: CGPoint {
    get { pointValue("endPoint") }
    set { set("endPoint", .point(newValue)) }
  }
  open var type: CAGradientLayerType = .axial
}
