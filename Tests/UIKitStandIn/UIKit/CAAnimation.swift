/// Receives start and stop notifications of an animation. Both methods are optional in the SDK;
/// here they have empty defaults.
public protocol CAAnimationDelegate: NSObjectProtocol {
  func animationDidStart(_ anim: CAAnimation)
  func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}
extension CAAnimationDelegate {
  public func animationDidStart(_ anim: CAAnimation) {}
  public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

/// The abstract animation class.
open class CAAnimation: NSObject, NSCopying, CAMediaTiming, @unchecked Sendable {
  open var timingFunction: CAMediaTimingFunction?
  /// Strong, as in Core Animation.
  open var delegate: (any CAAnimationDelegate)?
  open var isRemovedOnCompletion: Bool = true
  open var beginTime: CFTimeInterval = 0
  open var duration: CFTimeInterval = 0
  open var speed: Float = 1
  open var timeOffset: CFTimeInterval = 0
  open var repeatCount: Float = 0
  open var repeatDuration: CFTimeInterval = 0
  open var autoreverses: Bool = false
  open var fillMode: CAMediaTimingFillMode = .removed

  // Stand-in internals.
  /// Called once when the animation stops (finished or removed); the engine adds its own.
  var standInStopHandlers: [(CAAnimation, Bool) -> Void] = []
  var standInKVC: [String: Any] = [:]
  var standInSequence = 0
  /// Begin time still to be fixed at the next commit: the layer's time then plus this offset
  /// (Core Animation assigns beginTime 0 at commit; UIKit's delays are relative the same way).
  var standInPendingBegin: Double?
  /// When set, the animation's progress (0...1 along from→to) comes from here instead of its
  /// own timing: used by UIViewPropertyAnimator, which drives its animations.
  var standInDriver: (() -> Double)?
  var standInStopSent = false
  var standInStartSent = false

  public required override init() { super.init() }
  public class func animation() -> Self { self.init() }
  public required init(standInCopyOf o: CAAnimation) {
    timingFunction = o.timingFunction
    delegate = o.delegate
    isRemovedOnCompletion = o.isRemovedOnCompletion
    beginTime = o.beginTime
    duration = o.duration
    speed = o.speed
    timeOffset = o.timeOffset
    repeatCount = o.repeatCount
    repeatDuration = o.repeatDuration
    autoreverses = o.autoreverses
    fillMode = o.fillMode
    standInStopHandlers = o.standInStopHandlers
    standInDriver = o.standInDriver
    standInKVC = o.standInKVC
    standInPendingBegin = o.standInPendingBegin
    super.init()
  }
  /// A copy, as `add(_:forKey:)` stores.
  open func copy(with zone: NSZone? = nil) -> Any { type(of: self).init(standInCopyOf: self) }

  open class func defaultValue(forKey key: String) -> Any? { nil }
  /// Arbitrary tagging values (key-value coding on CAAnimation), copied with the animation.
  open func setValue(_ value: Any?, forKey key: String) { standInKVC[key] = value }
  open func value(forKey key: String) -> Any? { standInKVC[key] }
  open func shouldArchiveValue(forKey key: String) -> Bool { true }

  /// Duration used for timing: Core Animation treats 0 as 0.25 s.
  var effectiveDuration: Double { duration > 0 ? duration : 0.25 }
  var kindName: String { "CAAnimation" }
}

/// An animation of one layer property named by a key path.
open class CAPropertyAnimation: CAAnimation, @unchecked Sendable {
  open var keyPath: String?
  open var isAdditive: Bool = false
  open var isCumulative: Bool = false
  open var valueFunction: CAValueFunction?

  public required init() { super.init() }
  public convenience init(keyPath path: String?) {
    self.init()
    keyPath = path
  }
  public required init(standInCopyOf o: CAAnimation) {
    if let p = o as? CAPropertyAnimation {
      keyPath = p.keyPath
      isAdditive = p.isAdditive
      isCumulative = p.isCumulative
      valueFunction = p.valueFunction
    }
    super.init(standInCopyOf: o)
  }
}

/// Interpolates a property between from/to/by values.
open class CABasicAnimation: CAPropertyAnimation, @unchecked Sendable {
  open var fromValue: Any?
  open var toValue: Any?
  open var byValue: Any?
  public required init() { super.init() }
  public required init(standInCopyOf o: CAAnimation) {
    if let b = o as? CABasicAnimation {
      fromValue = b.fromValue
      toValue = b.toValue
      byValue = b.byValue
    }
    super.init(standInCopyOf: o)
  }
  override var kindName: String { "CABasicAnimation" }
}

/// Keyframe interpolation modes.
public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public static let linear = CAAnimationCalculationMode(rawValue: "linear")
  public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
  public static let paced = CAAnimationCalculationMode(rawValue: "paced")
  public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
  public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
  public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// Animates a property through a list of values.
open class CAKeyframeAnimation: CAPropertyAnimation, @unchecked Sendable {
  open var values: [Any]?
  open var path: CGPath?
  open var keyTimes: [NSNumber]?
  open var timingFunctions: [CAMediaTimingFunction]?
  open var calculationMode: CAAnimationCalculationMode = .linear
  open var rotationMode: CAAnimationRotationMode?
  open var tensionValues: [NSNumber]?
  open var continuityValues: [NSNumber]?
  open var biasValues: [NSNumber]?
  public required init() { super.init() }
  public required init(standInCopyOf o: CAAnimation) {
    if let k = o as? CAKeyframeAnimation {
      values = k.values
      path = k.path
      keyTimes = k.keyTimes
      timingFunctions = k.timingFunctions
      calculationMode = k.calculationMode
      rotationMode = k.rotationMode
      tensionValues = k.tensionValues
      continuityValues = k.continuityValues
      biasValues = k.biasValues
    }
    super.init(standInCopyOf: o)
  }
  override var kindName: String { "CAKeyframeAnimation" }
}

/// Runs several animations together; their times are relative to the group.
open class CAAnimationGroup: CAAnimation, @unchecked Sendable {
  open var animations: [CAAnimation]?
  public required init() { super.init() }
  public required init(standInCopyOf o: CAAnimation) {
    if let g = o as? CAAnimationGroup { animations = g.animations?.map { $0.copy() as! CAAnimation } }
    super.init(standInCopyOf: o)
  }
  override var kindName: String { "CAAnimationGroup" }
}

public struct CATransitionType: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let fade = CATransitionType(rawValue: "fade")
  public static let moveIn = CATransitionType(rawValue: "moveIn")
  public static let push = CATransitionType(rawValue: "push")
  public static let reveal = CATransitionType(rawValue: "reveal")
}
public struct CATransitionSubtype: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let fromRight = CATransitionSubtype(rawValue: "fromRight")
  public static let fromLeft = CATransitionSubtype(rawValue: "fromLeft")
  public static let fromTop = CATransitionSubtype(rawValue: "fromTop")
  public static let fromBottom = CATransitionSubtype(rawValue: "fromBottom")
}

/// A transition of a whole layer's content. The stand-in records it and times it, but does not
/// simulate its pixels: presentation values are not affected.
open class CATransition: CAAnimation, @unchecked Sendable {
  open var type: CATransitionType = .fade
  open var subtype: CATransitionSubtype?
  open var startProgress: Float = 0
  open var endProgress: Float = 1
  public required init() { super.init() }
  public required init(standInCopyOf o: CAAnimation) {
    if let t = o as? CATransition {
      type = t.type
      subtype = t.subtype
      startProgress = t.startProgress
      endProgress = t.endProgress
    }
    super.init(standInCopyOf: o)
  }
  override var kindName: String { "CATransition" }
}

public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
  public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
  public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
  public static let scale = CAValueFunctionName(rawValue: "scale")
  public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
  public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
  public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
  public static let translate = CAValueFunctionName(rawValue: "translate")
  public static let translateX = CAValueFunctionName(rawValue: "translateX")
  public static let translateY = CAValueFunctionName(rawValue: "translateY")
  public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns interpolated scalars (or [x, y, z] arrays) into transform matrices.
open class CAValueFunction: NSObject, @unchecked Sendable {
  open private(set) var name: CAValueFunctionName
  public init?(name: CAValueFunctionName) {
    self.name = name
    super.init()
  }

  func apply(_ v: AnimValue) -> AnimValue {
    let xs: [Double]
    switch v {
    case .scalar(let d): xs = [d, d, d]
    case .array(let a): xs = a.compactMap(\.scalar) + [0, 0, 0]
    default: return v
    }
    let x = CGFloat(xs[0])
    let y = CGFloat(xs[1])
    let z = CGFloat(xs[2])
    switch name {
    case .rotateX: return .transform(CATransform3DMakeRotation(x, 1, 0, 0))
    case .rotateY: return .transform(CATransform3DMakeRotation(x, 0, 1, 0))
    case .rotateZ: return .transform(CATransform3DMakeRotation(x, 0, 0, 1))
    case .scale: return .transform(CATransform3DMakeScale(x, y, z))
    case .scaleX: return .transform(CATransform3DMakeScale(x, 1, 1))
    case .scaleY: return .transform(CATransform3DMakeScale(1, x, 1))
    case .scaleZ: return .transform(CATransform3DMakeScale(1, 1, x))
    case .translate: return .transform(CATransform3DMakeTranslation(x, y, z))
    case .translateX: return .transform(CATransform3DMakeTranslation(x, 0, 0))
    case .translateY: return .transform(CATransform3DMakeTranslation(0, x, 0))
    case .translateZ: return .transform(CATransform3DMakeTranslation(0, 0, x))
    default: return v
    }
  }
}
