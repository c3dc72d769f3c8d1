/// A fake transition context for tests (not SDK API). Configure the container, the from/to
/// views and view controllers, and the final frames; `completeTransition(_:)` calls are
/// recorded here and in `StandInRecorder.shared`.
@MainActor
public final class StandInTransitionContext: NSObject, UIViewControllerContextTransitioning {
  public var containerView: UIView
  public var isAnimated = true
  public var isInteractive = false
  public private(set) var transitionWasCancelled = false
  public var presentationStyle: UIModalPresentationStyle = .custom
  public var targetTransform: CGAffineTransform = .identity
  public var fromViewController: UIViewController?
  public var toViewController: UIViewController?
  /// Views returned by `view(forKey:)`; default to the view controllers' views.
  public var fromView: UIView?
  public var toView: UIView?
  /// The key `view(forKey:)` answers nil for: the presenting side of a presentation whose
  /// presenting view stays where it is (`.custom`, `.overFullScreen`, `.pageSheet`), as UIKit does.
  public var withheldViewKey: UITransitionContextViewKey?
  public var initialFrames: [ObjectIdentifier: CGRect] = [:]
  public var finalFrames: [ObjectIdentifier: CGRect] = [:]
  /// The animation controller, needed by UIPercentDrivenInteractiveTransition.
  public var animationController: (any UIViewControllerAnimatedTransitioning)?
  /// Every `completeTransition(_:)` argument, in order.
  public private(set) var completeTransitionCalls: [Bool] = []
  public private(set) var completeTransitionTimes: [CFTimeInterval] = []
  public private(set) var percentUpdates: [CGFloat] = []

  public init(containerView: UIView, from: UIViewController?, to: UIViewController?) {
    self.containerView = containerView
    fromViewController = from
    toViewController = to
    super.init()
  }

  /// The presented view's frame that UIKit's page-sheet presentation controller gives on an
  /// iPhone in portrait (`finalFrame(for:)` presenting, `initialFrame(for:)` dismissing): the
  /// container's width, from 10 pt below its safe area's top to its bottom.
  public static func pageSheetFrame(in container: UIView) -> CGRect {
    let top = container.safeAreaInsets.top + 10
    return CGRect(x: 0, y: top, width: container.bounds.width, height: max(0, container.bounds.height - top))
  }

  public func setInitialFrame(_ frame: CGRect, for vc: UIViewController) { initialFrames[ObjectIdentifier(vc)] = frame }
  public func setFinalFrame(_ frame: CGRect, for vc: UIViewController) { finalFrames[ObjectIdentifier(vc)] = frame }

  public func updateInteractiveTransition(_ percentComplete: CGFloat) { percentUpdates.append(percentComplete) }
  public func finishInteractiveTransition() {
    transitionWasCancelled = false
    StandInRecorder.shared.note("finishInteractiveTransition")
  }
  public func cancelInteractiveTransition() {
    transitionWasCancelled = true
    StandInRecorder.shared.note("cancelInteractiveTransition")
  }
  public func pauseInteractiveTransition() { StandInRecorder.shared.note("pauseInteractiveTransition") }
  public func completeTransition(_ didComplete: Bool) {
    completeTransitionCalls.append(didComplete)
    completeTransitionTimes.append(StandInClock.now)
    StandInRecorder.shared.events.append(.completeTransition(didComplete: didComplete, time: StandInClock.now))
  }
  public func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
    key == .from ? fromViewController : key == .to ? toViewController : nil
  }
  public func view(forKey key: UITransitionContextViewKey) -> UIView? {
    if key == withheldViewKey { return nil }
    if key == .from { return fromView ?? fromViewController?.view }
    if key == .to { return toView ?? toViewController?.view }
    return nil
  }
  /// UIKit returns .zero for unknown controllers.
  public func initialFrame(for vc: UIViewController) -> CGRect { initialFrames[ObjectIdentifier(vc)] ?? .zero }
  public func finalFrame(for vc: UIViewController) -> CGRect { finalFrames[ObjectIdentifier(vc)] ?? .zero }
}
