import Transitions
import UIKit

/// What the generated card-push animator did on the UIKit stand-in, in plain values. (Kept apart
/// from the tests: a file that imports both Testing and a module named UIKit makes Swift look for
/// Testing's UIKit overlay, which only Apple's platforms have.)
struct CardPushRun {
  var duration: Double = 0
  /// The incoming screen's left edge in the container halfway through (0.2 s of 0.4 s).
  var halfwayLeftEdge: Double = 0
  var cardHiddenMeanwhile = false
  var cardShownAfter = false
  var completions: [Bool] = []
  var finalTranslation: Double = -1

  @MainActor static func play() -> CardPushRun {
    var run = CardPushRun()
    StandInClock.reset(to: 0)
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let from = UIViewController()
    from.view = UIView(frame: container.bounds)
    let to = UIViewController()
    to.view = UIView(frame: container.bounds)
    let card = UIView(frame: CGRect(x: 16, y: 120, width: 358, height: 200))
    from.view.addSubview(card)
    container.addSubview(from.view)
    let context = StandInTransitionContext(containerView: container, from: from, to: to)
    // The two lines an app writes, and UIKit's call for a push.
    let delegate = CardPushNavigationDelegate(views: ["from.card": card])
    let animator = delegate.navigationController(
      UINavigationController(), animationControllerFor: .push, from: from, to: to)
    run.duration = animator?.transitionDuration(using: context) ?? 0
    animator?.animateTransition(using: context)
    StandInClock.advance(to: 0.2)
    if let layer = to.view.layer.presentation() {
      run.halfwayLeftEdge = Double(layer.position.x + layer.transform.m41 - layer.bounds.width / 2)
    }
    run.cardHiddenMeanwhile = card.isHidden
    StandInClock.advance(to: 1)
    run.completions = context.completeTransitionCalls
    run.cardShownAfter = !card.isHidden
    run.finalTranslation = Double(to.view.layer.transform.m41)
    return run
  }
}
