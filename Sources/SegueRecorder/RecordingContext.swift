#if canImport(UIKit)
  import UIKit

  /// The transition context the recorder hands the animator: the container, the two controllers,
  /// the views UIKit would give for the operation and presentation style, and the frames UIKit
  /// gives them. It notes when (and how) `completeTransition` is called; the interactive calls
  /// do nothing, since a recording is not interactive.
  @MainActor
  final class RecordingContext: NSObject, UIViewControllerContextTransitioning {
    let containerView: UIView
    let presentationStyle: UIModalPresentationStyle
    private let fromController: UIViewController
    private let toController: UIViewController
    private let fromView: UIView?
    private let toView: UIView?
    private let fromFrame: CGRect
    private let toFrame: CGRect
    /// Media time of the first `completeTransition` call, and what it said.
    private(set) var completion: (time: CFTimeInterval, didComplete: Bool)?
    /// Every `completeTransition` call after the first (UIKit asserts on one).
    private(set) var extraCompletions = 0

    init(
      container: UIView, from: UIViewController, to: UIViewController, fromView: UIView?, toView: UIView?,
      fromFrame: CGRect, toFrame: CGRect, presentationStyle: UIModalPresentationStyle
    ) {
      containerView = container
      fromController = from
      toController = to
      self.fromView = fromView
      self.toView = toView
      self.fromFrame = fromFrame
      self.toFrame = toFrame
      self.presentationStyle = presentationStyle
      super.init()
    }

    var isAnimated: Bool { true }
    var isInteractive: Bool { false }
    var transitionWasCancelled: Bool { false }
    var targetTransform: CGAffineTransform { .identity }

    func updateInteractiveTransition(_ percentComplete: CGFloat) {}
    func finishInteractiveTransition() {}
    func cancelInteractiveTransition() {}
    func pauseInteractiveTransition() {}

    func completeTransition(_ didComplete: Bool) {
      guard completion == nil else {
        extraCompletions += 1
        return
      }
      completion = (CACurrentMediaTime(), didComplete)
    }

    func viewController(forKey key: UITransitionContextViewControllerKey) -> UIViewController? {
      switch key {
      case .from: return fromController
      case .to: return toController
      default: return nil
      }
    }

    func view(forKey key: UITransitionContextViewKey) -> UIView? {
      switch key {
      case .from: return fromView
      case .to: return toView
      default: return nil
      }
    }

    /// The from controller's frame where it starts; UIKit gives .zero for the to controller.
    func initialFrame(for vc: UIViewController) -> CGRect { vc === fromController ? fromFrame : .zero }

    /// The to controller's frame where it ends; .zero for the from controller, whose end UIKit
    /// leaves to the animator.
    func finalFrame(for vc: UIViewController) -> CGRect { vc === toController ? toFrame : .zero }
  }
#endif
