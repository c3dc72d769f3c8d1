/// Which corners `cornerRadius` rounds.
public struct CACornerMask: OptionSet, Hashable, Sendable {
  public let rawValue: UInt
  public init(rawValue: UInt) { self.rawValue = rawValue }
  public static let layerMinXMinYCorner = CACornerMask(rawValue: 1)
  public static let layerMaxXMinYCorner = CACornerMask(rawValue: 2)
  public static let layerMinXMaxYCorner = CACornerMask(rawValue: 4)
  public static let layerMaxXMaxYCorner = CACornerMask(rawValue: 8)
}

/// The curve used for rounded corners.
public struct CALayerCornerCurve: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let circular = CALayerCornerCurve(rawValue: "circular")
  public static let continuous = CALayerCornerCurve(rawValue: "continuous")
}

/// A layer: model values, an ordered list of attached animations, and a presentation computed
/// from both at the virtual clock's time (see README for the composition rules).
open class CALayer: NSObject, CAMediaTiming, @unchecked Sendable {
  var values: [String: AnimValue]
  var animationList: [(key: String, anim: CAAnimation, anonymous: Bool)] = []
  var _sublayers: [CALayer] = []
  weak var _superlayer: CALayer?
  var _mask: CALayer?
  /// Set on presentation copies: the model layer they were made from.
  weak var modelLayerRef: CALayer?
  var isPresentationCopy = false
  /// The view this layer backs (UIKit sets it); view-backed layers never animate implicitly.
  weak var standInOwningView: AnyObject?
  /// Set once the layer took part in a commit (clock advance / CATransaction.flush): only
  /// such layers run implicit animations, as in Core Animation.
  var standInCommitted = false
  var anonymousCounter = 0

  open var name: String?
  open var maskedCorners: CACornerMask = [
    .layerMinXMinYCorner, .layerMaxXMinYCorner, .layerMinXMaxYCorner, .layerMaxXMaxYCorner,
  ]
  open var cornerCurve: CALayerCornerCurve = .circular
  open var contents: Any?
  open var contentsGravity: CALayerContentsGravity = .resize
  open var contentsScale: CGFloat = 1
  open var isOpaque: Bool = false
  open var allowsGroupOpacity: Bool = true
  open var shouldRasterize: Bool = false
  open var rasterizationScale: CGFloat = 1

  // CAMediaTiming of the layer itself (speed = 0 with timeOffset pauses a subtree).
  open var beginTime: CFTimeInterval = 0
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1
  open var timeOffset: CFTimeInterval = 0
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses: Bool = false
  open var fillMode: CAMediaTimingFillMode = .removed

  class var standInDefaults: [String: AnimValue] {
    [
      "bounds": .rect(.zero), "position": .point(.zero), "anchorPoint": .point(CGPoint(x: 0.5, y: 0.5)),
      "anchorPointZ": .scalar(0), "transform": .transform(CATransform3DIdentity),
      "sublayerTransform": .transform(CATransform3DIdentity), "zPosition": .scalar(0), "opacity": .scalar(1),
      "hidden": .bool(false), "doubleSided": .bool(true), "masksToBounds": .bool(false),
      "cornerRadius": .scalar(0), "backgroundColor": .color(nil), "borderWidth": .scalar(0),
      "borderColor": .color(CGColor.black), "shadowColor": .color(CGColor.black), "shadowOpacity": .scalar(0),
      "shadowRadius": .scalar(3), "shadowOffset": .size(CGSize(width: 0, height: -3)), "shadowPath": .path(nil),
      "contentsRect": .rect(CGRect(x: 0, y: 0, width: 1, height: 1)),
    ]
  }

  public required override init() {
    values = type(of: self).standInDefaults
    super.init()
    CATransaction.noteCreated(self)
  }
  /// Copies the model values of `layer` (what Core Animation uses to make presentation copies).
  public required init(layer: Any) {
    let other = layer as! CALayer
    values = other.values
    name = other.name
    maskedCorners = other.maskedCorners
    cornerCurve = other.cornerCurve
    contents = other.contents
    contentsScale = other.contentsScale
    isOpaque = other.isOpaque
    beginTime = other.beginTime
    duration = other.duration
    speed = other.speed
    timeOffset = other.timeOffset
    repeatCount = other.repeatCount
    repeatDuration = other.repeatDuration
    autoreverses = other.autoreverses
    fillMode = other.fillMode
    super.init()
  }

  // MARK: Raw value access

  func get(_ key: String) -> AnimValue { values[key] ?? type(of: self).standInDefaults[key] ?? .other(nil) }
  func set(_ key: String, _ v: AnimValue) {
    if isPresentationCopy {
      values[key] = v
      return
    }
    let old = get(key)
    let presented = StandInActions.layerWillChange(self, key: key)
    values[key] = v
    StandInActions.layerDidChange(self, key: key, old: old, new: v, presented: presented)
  }
  func scalarValue(_ key: String) -> CGFloat { CGFloat(get(key).scalar ?? 0) }
  func pointValue(_ key: String) -> CGPoint {
    if case .point(let p) = get(key) { return p }
    return .zero
  }
  func sizeValue(_ key: String) -> CGSize {
    if case .size(let s) = get(key) { return s }
    return .zero
  }
  func rectValue(_ key: String) -> CGRect {
    if case .rect(let r) = get(key) { return r }
    return .zero
  }
  func transformValue(_ key: String) -> CATransform3D {
    if case .transform(let t) = get(key) { return t }
    return CATransform3DIdentity
  }
  func colorValue(_ key: String) -> CGColor? {
    if case .color(let c) = get(key) { return c }
    return nil
  }
  func pathValue(_ key: String) -> CGPath? {
    if case .path(let p) = get(key) { return p }
    return nil
  }
  func boolValue(_ key: String) -> Bool {
    if case .bool(let b) = get(key) { return b }
    return false
  }

  // MARK: Geometry

  open var bounds: CGRect {
    get { rectValue("bounds") }
    set { set("bounds", .rect(newValue)) }
  }
  open var position: CGPoint {
    get { pointValue("position") }
    set { set("position", .point(newValue)) }
  }
  open var anchorPoint: CGPoint {
    get { pointValue("anchorPoint") }
    set { set("anchorPoint", .point(newValue)) }
  }
  open var anchorPointZ: CGFloat {
    get { scalarValue("anchorPointZ") }
    set { set("anchorPointZ", .scalar(Double(newValue))) }
  }
  open var zPosition: CGFloat {
    get { scalarValue("zPosition") }
    set { set("zPosition", .scalar(Double(newValue))) }
  }
  open var transform: CATransform3D {
    get { transformValue("transform") }
    set { set("transform", .transform(newValue)) }
  }
  open var sublayerTransform: CATransform3D {
    get { transformValue("sublayerTransform") }
    set { set("sublayerTransform", .transform(newValue)) }
  }
  /// Draws the layer into a context (Core Animation): the stand-in has no pixels to draw, so
  /// an image of a layer's own drawing has no data.
  open func render(in context: CGContext) { _ = context }
  open func affineTransform() -> CGAffineTransform { CATransform3DGetAffineTransform(transform) }
  open func setAffineTransform(_ m: CGAffineTransform) { transform = CATransform3DMakeAffineTransform(m) }

  /// The bounding box, in the superlayer's coordinates, of the bounds transformed about the
  /// anchor point (the affine part of `transform`). Setting it sets position and bounds.size.
  open var frame: CGRect {
    get {
      let b = bounds
      let a = anchorPoint
      let p = position
      let local = CGRect(x: -a.x * b.width, y: -a.y * b.height, width: b.width, height: b.height)
      let t = transform
      let r = CATransform3DIsIdentity(t) ? local : local.applying(CATransform3DGetAffineTransform(t))
      return r.offsetBy(dx: p.x, dy: p.y)
    }
    set {
      let a = anchorPoint
      var b = bounds
      b.size = newValue.size
      bounds = b
      position = CGPoint(x: newValue.minX + a.x * newValue.width, y: newValue.minY + a.y * newValue.height)
    }
  }

  // MARK: Appearance

  open var opacity: Float {
    get { Float(scalarValue("opacity")) }
    set { set("opacity", .scalar(Double(newValue))) }
  }
  open var isHidden: Bool {
    get { boolValue("hidden") }
    set { set("hidden", .bool(newValue)) }
  }
  open var isDoubleSided: Bool {
    get { boolValue("doubleSided") }
    set { set("doubleSided", .bool(newValue)) }
  }
  open var masksToBounds: Bool {
    get { boolValue("masksToBounds") }
    set { set("masksToBounds", .bool(newValue)) }
  }
  open var cornerRadius: CGFloat {
    get { scalarValue("cornerRadius") }
    set { set("cornerRadius", .scalar(Double(newValue))) }
  }
  open var backgroundColor: CGColor? {
    get { colorValue("backgroundColor") }
    set { set("backgroundColor", .color(newValue)) }
  }
  open var borderWidth: CGFloat {
    get { scalarValue("borderWidth") }
    set { set("borderWidth", .scalar(Double(newValue))) }
  }
  open var borderColor: CGColor? {
    get { colorValue("borderColor") }
    set { set("borderColor", .color(newValue)) }
  }
  open var shadowColor: CGColor? {
    get { colorValue("shadowColor") }
    set { set("shadowColor", .color(newValue)) }
  }
  open var shadowOpacity: Float {
    get { Float(scalarValue("shadowOpacity")) }
    set { set("shadowOpacity", .scalar(Double(newValue))) }
  }
  open var shadowRadius: CGFloat {
    get { scalarValue("shadowRadius") }
    set { set("shadowRadius", .scalar(Double(newValue))) }
  }
  open var shadowOffset: CGSize {
    get { sizeValue("shadowOffset") }
    set { set("shadowOffset", .size(newValue)) }
  }
  open var shadowPath: CGPath? {
    get { pathValue("shadowPath") }
    set { set("shadowPath", .path(newValue)) }
  }
  open var contentsRect: CGRect {
    get { rectValue("contentsRect") }
    set { set("contentsRect", .rect(newValue)) }
  }

  // MARK: Hierarchy

  open var sublayers: [CALayer]? {
    get {
      if isPresentationCopy, let m = modelLayerRef { return m.sublayers?.map { $0.presentation() ?? $0 } }
      return _sublayers.isEmpty ? nil : _sublayers
    }
    set {
      for l in _sublayers { l._superlayer = nil }
      _sublayers = []
      for l in newValue ?? [] { addSublayer(l) }
    }
  }
  open var superlayer: CALayer? {
    if isPresentationCopy { return modelLayerRef?._superlayer?.presentation() }
    return _superlayer
  }
  open var mask: CALayer? {
    get {
      if isPresentationCopy { return modelLayerRef?._mask?.presentation() }
      return _mask
    }
    set {
      _mask?._superlayer = nil
      _mask = newValue
      newValue?.removeFromSuperlayer()
    }
  }

  open func addSublayer(_ layer: CALayer) { insertSublayer(layer, at: UInt32(_sublayers.count)) }
  open func insertSublayer(_ layer: CALayer, at idx: UInt32) {
    if layer === self { return }
    layer.removeFromSuperlayer()
    let i = min(Int(idx), _sublayers.count)
    _sublayers.insert(layer, at: i)
    layer._superlayer = self
  }
  open func insertSublayer(_ layer: CALayer, above sibling: CALayer?) {
    layer.removeFromSuperlayer()
    if let s = sibling, let i = _sublayers.firstIndex(where: { $0 === s }) {
      insertSublayer(layer, at: UInt32(i + 1))
    } else {
      addSublayer(layer)
    }
  }
  open func insertSublayer(_ layer: CALayer, below sibling: CALayer?) {
    layer.removeFromSuperlayer()
    if let s = sibling, let i = _sublayers.firstIndex(where: { $0 === s }) {
      insertSublayer(layer, at: UInt32(i))
    } else {
      insertSublayer(layer, at: 0)
    }
  }
  open func replaceSublayer(_ old: CALayer, with new: CALayer) {
    guard let i = _sublayers.firstIndex(where: { $0 === old }) else { return }
    old.removeFromSuperlayer()
    insertSublayer(new, at: UInt32(i))
  }
  open func removeFromSuperlayer() {
    if let s = _superlayer {
      s._sublayers.removeAll { $0 === self }
      if s._mask === self { s._mask = nil }
    }
    _superlayer = nil
  }

  // MARK: Presentation

  /// A copy whose properties are the presentation values at the current clock time.
  open func presentation() -> Self? {
    if isPresentationCopy { return self }
    let copy = type(of: self).init(layer: self)
    copy.isPresentationCopy = true
    copy.modelLayerRef = self
    copy.values = StandInEngine.presentationValues(of: self, at: StandInClock.now)
    return copy
  }
  /// The model layer (self for model layers).
  open func model() -> Self {
    if isPresentationCopy, let m = modelLayerRef as? Self { return m }
    return self
  }

  // MARK: Animations

  open func add(_ anim: CAAnimation, forKey key: String?) {
    StandInEngine.add(anim, to: self, forKey: key)
  }
  open func removeAnimation(forKey key: String) {
    StandInEngine.remove(from: self, where: { $0.key == key && !$0.anonymous }, finished: false)
  }
  open func removeAllAnimations() { StandInEngine.remove(from: self, where: { _ in true }, finished: false) }
  open func animation(forKey key: String) -> CAAnimation? {
    animationList.first { $0.key == key && !$0.anonymous }?.anim
  }
  open func animationKeys() -> [String]? {
    let keys = animationList.filter { !$0.anonymous }.map(\.key)
    return keys.isEmpty ? nil : keys
  }

  // MARK: Time

  /// Converts a time from `l`'s time space (nil: the global media time) to this layer's.
  open func convertTime(_ t: CFTimeInterval, from l: CALayer?) -> CFTimeInterval {
    let global = l.map { $0.standInGlobalTime(fromLocal: t) } ?? t
    return standInLocalTime(at: global)
  }
  /// Converts a time from this layer's time space to `l`'s (nil: the global media time).
  open func convertTime(_ t: CFTimeInterval, to l: CALayer?) -> CFTimeInterval {
    let global = standInGlobalTime(fromLocal: t)
    return l.map { $0.standInLocalTime(at: global) } ?? global
  }

  /// Chain from the root layer down to self.
  var standInChain: [CALayer] {
    var chain: [CALayer] = []
    var l: CALayer? = isPresentationCopy ? modelLayerRef : self
    while let c = l {
      chain.append(c)
      l = c._superlayer
    }
    return chain.reversed()
  }
  /// Linear map global → local time: local = a·global + b.
  var standInTimeMap: (a: Double, b: Double) {
    var a = 1.0
    var b = 0.0
    for l in standInChain {
      let s = Double(l.speed)
      // local = (parent − beginTime)·speed + timeOffset
      a *= s
      b = (b - l.beginTime) * s + l.timeOffset
    }
    return (a, b)
  }
  func standInLocalTime(at global: CFTimeInterval) -> CFTimeInterval {
    let m = standInTimeMap
    return m.a * global + m.b
  }
  func standInGlobalTime(fromLocal t: CFTimeInterval) -> CFTimeInterval {
    let m = standInTimeMap
    return m.a == 0 ? StandInClock.now : (t - m.b) / m.a
  }

  // MARK: Key-value coding

  /// Reads a property or a struct field ("position.x", "transform.rotation.z", "bounds.size").
  open func value(forKeyPath keyPath: String) -> Any? {
    let (base, sub) = KeyPathSupport.split(keyPath)
    guard let v = standInValue(forKey: base) else { return nil }
    guard let sub else { return standInPublicValue(base, v) }
    return KeyPathSupport.get(v, sub)?.anyValue
  }
  open func value(forKey key: String) -> Any? { value(forKeyPath: key) }
  /// Writes a property or a struct field, as Core Animation's KVC extensions do.
  open func setValue(_ value: Any?, forKeyPath keyPath: String) {
    let (base, sub) = KeyPathSupport.split(keyPath)
    guard let current = standInValue(forKey: base) else { return }
    guard let new = AnimValue.from(value) ?? (value == nil ? .other(nil) : nil) else { return }
    if let sub {
      set(base, KeyPathSupport.set(current, sub, new))
    } else {
      set(base, standInCoerce(new, like: current))
    }
  }
  open func setValue(_ value: Any?, forKey key: String) { setValue(value, forKeyPath: key) }

  func standInValue(forKey key: String) -> AnimValue? {
    if let v = values[key] { return v }
    return type(of: self).standInDefaults[key]
  }
  func standInPublicValue(_ key: String, _ v: AnimValue) -> Any? {
    if key == "opacity" || key == "shadowOpacity", let d = v.scalar { return Float(d) }
    return v.anyValue
  }
  func standInCoerce(_ v: AnimValue, like current: AnimValue) -> AnimValue {
    switch (v, current) {
    case (.other(nil), .color): return .color(nil)
    case (.other(nil), .path): return .path(nil)
    case (.scalar(let d), .bool): return .bool(d != 0)
    default: return v
    }
  }

  open override var description: String {
    var s = "<\(type(of: self))"
    if let n = name { s += " '\(n)'" }
    if let v = standInOwningView { s += " of \(v)" }
    return s + " frame \(frame)>"
  }

  /// Layers Core Animation treats as animatable through implicit actions.
  open class func needsDisplay(forKey key: String) -> Bool { false }
  open func setNeedsDisplay() {}
  open func setNeedsLayout() {}
  open func layoutIfNeeded() {}
  open func display() {}
}
