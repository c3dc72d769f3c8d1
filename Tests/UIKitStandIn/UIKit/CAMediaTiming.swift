/// How an animation's value applies outside its active time.
public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public init(_ rawValue: String) { self.rawValue = rawValue }
  public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
  public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
  public static let both = CAMediaTimingFillMode(rawValue: "both")
  public static let removed = CAMediaTimingFillMode(rawValue: "removed")
  var fillsBackwards: Bool { self == .backwards || self == .both }
  var fillsForwards: Bool { self == .forwards || self == .both }
}

/// The hierarchical timing protocol adopted by layers and animations.
public protocol CAMediaTiming {
  var beginTime: CFTimeInterval { get set }
  var duration: CFTimeInterval { get set }
  var speed: Float { get set }
  var timeOffset: CFTimeInterval { get set }
  var repeatCount: Float { get set }
  var repeatDuration: CFTimeInterval { get set }
  var autoreverses: Bool { get set }
  var fillMode: CAMediaTimingFillMode { get set }
}

/// The current media time: the stand-in's virtual clock (`StandInClock.now`).
// swift-format-ignore: AlwaysUseLowerCamelCase
public func CACurrentMediaTime() -> CFTimeInterval { StandInClock.now }
