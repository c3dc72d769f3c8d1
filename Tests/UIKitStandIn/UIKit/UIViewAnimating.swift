/// State of an animator.
public enum UIViewAnimatingState: Int, Sendable {
  case inactive = 0
  case active = 1
  case stopped = 2
}

/// Where an animation ended.
public enum UIViewAnimatingPosition: Int, Sendable {
  case end = 0
  case start = 1
  case current = 2
}

@MainActor
public protocol UIViewAnimating: NSObjectProtocol {
  var state: UIViewAnimatingState { get }
  var isRunning: Bool { get }
  var isReversed: Bool { get set }
  var fractionComplete: CGFloat { get set }
  func startAnimation()
  func startAnimation(afterDelay delay: TimeInterval)
  func pauseAnimation()
  func stopAnimation(_ withoutFinishing: Bool)
  func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// The SDK marks these requirements optional; here they have empty defaults.
@MainActor
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
  func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
  func addAnimations(_ animation: @escaping () -> Void)
  func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
  func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
}
extension UIViewImplicitlyAnimating {
  public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
  public func addAnimations(_ animation: @escaping () -> Void) {}
  public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
  public func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat)
  {}
}
