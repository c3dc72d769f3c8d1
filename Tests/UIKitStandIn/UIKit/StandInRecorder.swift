/// One animation as it was added to a layer (not SDK API).
public struct StandInAnimationRecord: CustomStringConvertible {
  /// "CABasicAnimation", "CASpringAnimation", "CAKeyframeAnimation", "CAAnimationGroup", "CATransition".
  public var kind: String
  /// Who asked: "UIView.animate", "UIView.animate(spring)", "UIView.animateKeyframes",
  /// "UIViewPropertyAnimator", "UIView.transition", "implicit", "CALayer.add".
  public var origin: String
  /// Human description of the target (layer name, owning view's tag / accessibilityIdentifier).
  public var target: String
  public weak var layer: CALayer?
  public var key: String?
  public var keyPath: String?
  public var fromValue: String?
  public var toValue: String?
  public var byValue: String?
  public var values: [String]?
  public var keyTimes: [Double]?
  /// Absolute begin time in the layer's time space (clock time for an unpaused tree).
  public var beginTime: CFTimeInterval
  public var duration: CFTimeInterval
  /// "linear", "easeInEaseOut", "cubic(x1, y1, x2, y2)" or
  /// "spring(mass: m, stiffness: k, damping: c, initialVelocity: v)".
  public var timing: String
  public var isAdditive: Bool
  public var fillMode: String
  public var isRemovedOnCompletion: Bool
  /// The animation object stored on the layer (the copy made by `add(_:forKey:)`).
  public var animation: CAAnimation

  public var description: String {
    var s = "\(origin): \(kind) \(keyPath ?? "-") on \(target) key \(key ?? "nil")"
    if let v = values {
      s += " values \(v)" + (keyTimes.map { " keyTimes \($0)" } ?? "")
    } else {
      s += " from \(fromValue ?? "nil") to \(toValue ?? "nil")" + (byValue.map { " by \($0)" } ?? "")
    }
    s += String(format: " begin %.4f duration %.4f", beginTime, duration)
    s += " timing \(timing) additive \(isAdditive) fill \(fillMode)"
    if !isRemovedOnCompletion { s += " removedOnCompletion false" }
    return s
  }
}

/// An entry of the recorder.
public enum StandInEvent: CustomStringConvertible {
  case animation(StandInAnimationRecord)
  /// `completeTransition(_:)` on a `StandInTransitionContext`, at clock time `time`.
  case completeTransition(didComplete: Bool, time: CFTimeInterval)
  /// Interactive-transition calls and other notable calls.
  case note(String, time: CFTimeInterval)

  public var description: String {
    switch self {
    case .animation(let r): return r.description
    case .completeTransition(let ok, let t):
      return String(format: "completeTransition(%@) at %.4f", ok ? "true" : "false", t)
    case .note(let s, let t): return String(format: "%@ at %.4f", s, t)
    }
  }
}

/// Records every animation added to any layer and every completeTransition call (not SDK API).
public final class StandInRecorder {
  nonisolated(unsafe) public static let shared = StandInRecorder()
  public var events: [StandInEvent] = []
  public var animations: [StandInAnimationRecord] {
    events.compactMap { if case .animation(let r) = $0 { return r } else { return nil } }
  }
  public var completeTransitionCalls: [Bool] {
    events.compactMap { if case .completeTransition(let ok, _) = $0 { return ok } else { return nil } }
  }
  public func reset() { events.removeAll() }
  /// One line per event.
  public var transcript: String { events.map(\.description).joined(separator: "\n") }
  func note(_ s: String) { events.append(.note(s, time: StandInClock.now)) }
}
