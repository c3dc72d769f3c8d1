/// Keys for `UIViewControllerContextTransitioning.view(forKey:)`.
public struct UITransitionContextViewKey: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewKey(rawValue: "UITransitionContextFromView")
  public static let to = UITransitionContextViewKey(rawValue: "UITransitionContextToView")
}

/// Keys for `UIViewControllerContextTransitioning.viewController(forKey:)`.
public struct UITransitionContextViewControllerKey: RawRepresentable, Hashable, Sendable {
  public var rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }
  public static let from = UITransitionContextViewControllerKey(rawValue: "UITransitionContextFromViewController")
  public static let to = UITransitionContextViewControllerKey(rawValue: "UITransitionContextToViewController")
}

/// The context UIKit hands to transition animators.
@MainActor
public protocol UIViewControllerContextTransitioning: NSObjectProtocol {
  var containerView: UIView { get }
  var isAnimated: Bool { get }
  var isInteractive: Bool { get }
  var transitionWasCancelled: Bool { get }
  var presentationStyle: UIModalPresentationStyle { get }
  func updateInteractiveTransition(_ percentComplete: CGFloat)
  func finishInteractiveTransition()
  func cancelInteractiveTransition()
  func pauseInteractiveTransition()
  func completeTransition(_ didComplete: Bool)
  func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController?
  func view(forKey key: UITransitionContextViewKey) -> UIView?
  var targetTransform: CGAffineTransform { get }
  func initialFrame(for vc: UIViewController) -> CGRect
  func finalFrame(for vc: UIViewController) -> CGRect
}

/// A custom transition animator. The SDK's optional requirements have defaults here:
/// `interruptibleAnimator(using:)` returns a placeholder that tells
/// UIPercentDrivenInteractiveTransition to drive the container layer's time instead, and
/// `animationEnded(_:)` does nothing.
@MainActor
public protocol UIViewControllerAnimatedTransitioning: NSObjectProtocol {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval
  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning)
  func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning)
    -> any UIViewImplicitlyAnimating
  func animationEnded(_ transitionCompleted: Bool)
}
extension UIViewControllerAnimatedTransitioning {
  public func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning)
    -> any UIViewImplicitlyAnimating
  {
    StandInNoInterruptibleAnimator()
  }
  public func animationEnded(_ transitionCompleted: Bool) {}
}

/// Returned by the default `interruptibleAnimator(using:)` (not SDK API).
@MainActor
final class StandInNoInterruptibleAnimator: NSObject, UIViewImplicitlyAnimating {
  var state: UIViewAnimatingState { .inactive }
  var isRunning: Bool { false }
  var isReversed = false
  var fractionComplete: CGFloat = 0
  func startAnimation() {}
  func startAnimation(afterDelay delay: TimeInterval) {}
  func pauseAnimation() {}
  func stopAnimation(_ withoutFinishing: Bool) {}
  func finishAnimation(at finalPosition: UIViewAnimatingPosition) {}
}

/// An interaction controller.
@MainActor
public protocol UIViewControllerInteractiveTransitioning: NSObjectProtocol {
  func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning)
  var completionSpeed: CGFloat { get }
  var completionCurve: UIView.AnimationCurve { get }
  var wantsInteractiveStart: Bool { get }
}
extension UIViewControllerInteractiveTransitioning {
  public var completionSpeed: CGFloat { 1 }
  public var completionCurve: UIView.AnimationCurve { .easeInOut }
  public var wantsInteractiveStart: Bool { true }
}

/// Vends animators for presentations and dismissals (all optional, nil by default).
@MainActor
public protocol UIViewControllerTransitioningDelegate: NSObjectProtocol {
  func animationController(
    forPresented presented: UIViewController, presenting: UIViewController,
    source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)?
  func animationController(forDismissed dismissed: UIViewController) -> (any UIViewControllerAnimatedTransitioning)?
  func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
    -> (any UIViewControllerInteractiveTransitioning)?
  func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
    -> (any UIViewControllerInteractiveTransitioning)?
}
extension UIViewControllerTransitioningDelegate {
  public func animationController(
    forPresented presented: UIViewController, presenting: UIViewController,
    source: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
  public func animationController(forDismissed dismissed: UIViewController) -> (
    any UIViewControllerAnimatedTransitioning
  )? { nil }
  public func interactionControllerForPresentation(using animator: any UIViewControllerAnimatedTransitioning)
    -> (any UIViewControllerInteractiveTransitioning)?
  { nil }
  public func interactionControllerForDismissal(using animator: any UIViewControllerAnimatedTransitioning)
    -> (any UIViewControllerInteractiveTransitioning)?
  { nil }
}

/// Navigation delegate (transition-related methods; all optional, nil by default).
@MainActor
public protocol UINavigationControllerDelegate: NSObjectProtocol {
  func navigationController(
    _ navigationController: UINavigationController,
    animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)?
  func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  )
    -> (any UIViewControllerInteractiveTransitioning)?
}
extension UINavigationControllerDelegate {
  public func navigationController(
    _ navigationController: UINavigationController,
    animationControllerFor operation: UINavigationController.Operation,
    from fromVC: UIViewController, to toVC: UIViewController
  ) -> (any UIViewControllerAnimatedTransitioning)? { nil }
  public func navigationController(
    _ navigationController: UINavigationController,
    interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning
  )
    -> (any UIViewControllerInteractiveTransitioning)?
  { nil }
}
