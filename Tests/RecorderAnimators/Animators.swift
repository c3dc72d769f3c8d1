import UIKit

// Animators written by hand, in the styles public code uses, for the recorder's tests: each runs
// on the UIKit stand-in exactly as it would in an app. None of them knows about Segue.

/// Nested `UIView.animate` blocks chained through completion blocks: a dim fades in, then the
/// card-like detail screen slides up from the bottom with UIKit's spring, then the dim goes.
final class ChainedSheetAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  /// Seconds of the slide.
  let slide: TimeInterval

  init(slide: TimeInterval = 0.35) {
    self.slide = slide
    super.init()
  }

  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.6 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let toView = transitionContext.view(forKey: .to) else { return }
    let dim = UIView(frame: container.bounds)
    dim.backgroundColor = UIColor(white: 0, alpha: 0.4)
    dim.alpha = 0
    dim.accessibilityIdentifier = "dim"
    container.addSubview(dim)
    container.addSubview(toView)
    let final = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
    toView.frame = final.offsetBy(dx: 0, dy: container.bounds.height)
    UIView.animate(
      withDuration: 0.15, animations: { dim.alpha = 1 },
      completion: { _ in
        UIView.animate(
          withDuration: self.slide, delay: 0, usingSpringWithDamping: 0.8, initialSpringVelocity: 0, options: [],
          animations: { toView.frame = final },
          completion: { _ in
            UIView.animate(
              withDuration: 0.1, animations: { dim.alpha = 0 },
              completion: { _ in
                dim.removeFromSuperview()
                transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
              })
          })
      })
  }
}

/// `UIView.animateKeyframes`: the outgoing screen shrinks and fades in two keyframes while the
/// incoming one, under it, grows back from 0.9.
final class KeyframeZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.5 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to)
    else { return }
    container.insertSubview(toView, belowSubview: fromView)
    toView.transform = CGAffineTransform(scaleX: 0.9, y: 0.9)
    UIView.animateKeyframes(withDuration: 0.5, delay: 0, options: [.calculationModeLinear]) {
      UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.4) {
        fromView.transform = CGAffineTransform(scaleX: 0.8, y: 0.8)
      }
      UIView.addKeyframe(withRelativeStartTime: 0.3, relativeDuration: 0.7) {
        fromView.alpha = 0
        toView.transform = .identity
      }
    } completion: { finished in
      fromView.transform = .identity
      fromView.alpha = 1
      transitionContext.completeTransition(finished)
    }
  }
}

/// `UIViewPropertyAnimator` with a damping-ratio spring: the incoming screen slides in from the
/// right over the outgoing one, which moves a third of the way left, as a navigation push does.
final class PropertyAnimatorPush: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.45 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to)
    else { return }
    let width = container.bounds.width
    container.addSubview(toView)
    toView.transform = CGAffineTransform(translationX: width, y: 0)
    let animator = UIViewPropertyAnimator(duration: 0.45, dampingRatio: 0.9) {
      toView.transform = .identity
      fromView.transform = CGAffineTransform(translationX: -width / 3, y: 0)
    }
    animator.addCompletion { position in
      fromView.transform = .identity
      transitionContext.completeTransition(position == .end)
    }
    animator.startAnimation()
  }
}

/// Explicit Core Animation on the layers, keyed: a `CASpringAnimation` of the incoming screen's
/// position, a `CABasicAnimation` of the outgoing one's opacity, and a `CAKeyframeAnimation`
/// that bounces a badge view of the incoming screen, completed from a `CATransaction` block.
final class LayerAnimationsAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.6 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to)
    else { return }
    container.addSubview(toView)
    let badge = toView.subviews.first { $0.accessibilityIdentifier == "badge" }
    CATransaction.begin()
    CATransaction.setCompletionBlock {
      transitionContext.completeTransition(true)
    }
    let slide = CASpringAnimation(keyPath: "position")
    slide.fromValue = CGPoint(x: toView.layer.position.x, y: toView.layer.position.y + container.bounds.height)
    slide.toValue = toView.layer.position
    slide.mass = 1
    slide.stiffness = 200
    slide.damping = 22
    slide.duration = 0.6
    toView.layer.add(slide, forKey: "slide")

    let fade = CABasicAnimation(keyPath: "opacity")
    fade.fromValue = 1
    fade.toValue = 0.3
    fade.duration = 0.4
    fade.timingFunction = CAMediaTimingFunction(name: .easeIn)
    fade.fillMode = .forwards
    fade.isRemovedOnCompletion = false
    fromView.layer.add(fade, forKey: "fade")

    if let badge {
      let bounce = CAKeyframeAnimation(keyPath: "transform.scale")
      bounce.values = [0.2, 1.3, 0.9, 1]
      bounce.keyTimes = [0, 0.5, 0.8, 1]
      bounce.timingFunctions = [
        CAMediaTimingFunction(name: .easeOut), CAMediaTimingFunction(name: .easeInEaseOut),
        CAMediaTimingFunction(name: .easeInEaseOut),
      ]
      bounce.beginTime = CACurrentMediaTime() + 0.2
      bounce.duration = 0.4
      bounce.fillMode = .backwards
      badge.layer.add(bounce, forKey: "bounce")
    }
    CATransaction.commit()
  }
}

/// A 3D flip: the container's `sublayerTransform` gives perspective, the outgoing screen turns
/// away about its vertical axis, then the incoming one turns in, as the flip examples of many
/// tutorials do.
final class FlipAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.6 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to)
    else { return }
    var perspective = CATransform3DIdentity
    perspective.m34 = -1.0 / 600
    container.layer.sublayerTransform = perspective
    // What shows behind the turning screens.
    container.backgroundColor = UIColor(white: 0.12, alpha: 1)
    container.addSubview(toView)
    toView.layer.transform = CATransform3DMakeRotation(-.pi / 2, 0, 1, 0)
    UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseIn]) {
      fromView.layer.transform = CATransform3DMakeRotation(.pi / 2, 0, 1, 0)
    } completion: { _ in
      UIView.animate(withDuration: 0.3, delay: 0, options: [.curveEaseOut]) {
        toView.layer.transform = CATransform3DIdentity
      } completion: { _ in
        fromView.layer.transform = CATransform3DIdentity
        container.layer.sublayerTransform = CATransform3DIdentity
        transitionContext.completeTransition(true)
      }
    }
  }
}

/// A circle growing from where the user tapped reveals the incoming screen: a `CAShapeLayer`
/// mask whose `path` animates from a 44-point circle to one that covers the container, as the
/// circular-reveal animators of many apps and tutorials do.
final class CircleRevealAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let tap: CGPoint

  init(tap: CGPoint) {
    self.tap = tap
    super.init()
  }

  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.5 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let toView = transitionContext.view(forKey: .to) else { return }
    container.addSubview(toView)
    let bounds = container.bounds
    let radius = hypot(max(tap.x, bounds.width - tap.x), max(tap.y, bounds.height - tap.y))
    let start = UIBezierPath(ovalIn: CGRect(x: tap.x - 22, y: tap.y - 22, width: 44, height: 44))
    let end = UIBezierPath(ovalIn: CGRect(x: tap.x - radius, y: tap.y - radius, width: 2 * radius, height: 2 * radius))
    let mask = CAShapeLayer()
    mask.path = end.cgPath
    toView.layer.mask = mask
    CATransaction.begin()
    CATransaction.setCompletionBlock {
      toView.layer.mask = nil
      transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
    }
    let grow = CABasicAnimation(keyPath: "path")
    grow.fromValue = start.cgPath
    grow.toValue = end.cgPath
    grow.duration = transitionDuration(using: transitionContext)
    grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    mask.add(grow, forKey: "path")
    CATransaction.commit()
  }
}

/// Reveals the incoming screen through a circle that grows by its mask layer's own scale
/// (`transform.scale` from 0.01 to 1 about the screen's centre), as reveal animators that scale
/// the mask layer rather than animate its path do.
final class ScaledMaskAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.5 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let toView = transitionContext.view(forKey: .to) else { return }
    container.addSubview(toView)
    let bounds = toView.bounds
    let radius = hypot(bounds.width, bounds.height) / 2
    let mask = CAShapeLayer()
    mask.frame = bounds
    mask.path =
      UIBezierPath(
        ovalIn: CGRect(x: bounds.midX - radius, y: bounds.midY - radius, width: 2 * radius, height: 2 * radius)
      ).cgPath
    toView.layer.mask = mask
    CATransaction.begin()
    CATransaction.setCompletionBlock {
      toView.layer.mask = nil
      transitionContext.completeTransition(true)
    }
    let grow = CABasicAnimation(keyPath: "transform.scale")
    grow.fromValue = 0.01
    grow.toValue = 1
    grow.duration = transitionDuration(using: transitionContext)
    grow.timingFunction = CAMediaTimingFunction(name: .easeInEaseOut)
    mask.add(grow, forKey: "grow")
    CATransaction.commit()
  }
}

/// Moves the tapped row's thumbnail, the app's own view and not a snapshot, into the container
/// and flies it to the detail screen's header while that screen fades in; then puts it back in
/// its row, as zoom animators that borrow the real view do.
final class MovedThumbnailAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.4 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
      let row = fromView.subviews.first(where: { $0.accessibilityIdentifier == "row1" }), let thumb = row.subviews.first
    else { return }
    let home = thumb.frame
    let start = thumb.convert(thumb.bounds, to: container)
    container.addSubview(toView)
    toView.alpha = 0
    container.addSubview(thumb)
    thumb.frame = start
    UIView.animate(
      withDuration: 0.4, delay: 0, options: [.curveEaseInOut],
      animations: {
        thumb.frame = CGRect(x: 0, y: 0, width: container.bounds.width, height: 300)
        toView.alpha = 1
      },
      completion: { _ in
        row.addSubview(thumb)
        thumb.frame = home
        transitionContext.completeTransition(true)
      })
  }
}

/// Puts the presented screen in a view of its own that rises from below while it grows from
/// 0.9, as card presentations that wrap the screen do; the screen goes back into the container
/// at the end.
final class WrappedCardAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  /// 25 frames at 60 fps: a length whose decimals never end (0.41666…), as many are.
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
    25.0 / 60
  }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let toView = transitionContext.view(forKey: .to) else { return }
    let wrapper = UIView(frame: container.bounds)
    wrapper.accessibilityIdentifier = "card-wrapper"
    container.addSubview(wrapper)
    wrapper.addSubview(toView)
    toView.frame = wrapper.bounds
    wrapper.transform = CGAffineTransform(translationX: 0, y: container.bounds.height).scaledBy(x: 0.9, y: 0.9)
    UIView.animate(
      withDuration: transitionDuration(using: transitionContext), delay: 0, options: [.curveEaseOut],
      animations: { wrapper.transform = .identity },
      completion: { _ in
        container.addSubview(toView)
        toView.frame = container.bounds
        wrapper.removeFromSuperview()
        transitionContext.completeTransition(true)
      })
  }
}

/// Fades the outgoing screen through a layer property of its own that no scene has: the
/// recorder must refuse it by name.
final class CustomPropertyAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.3 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let toView = transitionContext.view(forKey: .to) else { return }
    container.addSubview(toView)
    let glow = CABasicAnimation(keyPath: "glowRadius")
    glow.fromValue = 0
    glow.toValue = 20
    glow.duration = 0.3
    toView.layer.add(glow, forKey: "glow")
    UIView.animate(
      withDuration: 0.3, animations: { toView.alpha = 1 },
      completion: { _ in transitionContext.completeTransition(true) })
  }
}

/// In the style of the bubble transitions libraries ship: a circle of the button's colour grows
/// from the tapped point to cover the screen while the presented screen grows with it from that
/// point and fades in, all in one `UIView.animate`; the dismiss shrinks both back to the point
/// and removes them in its completion block. The circle is a view rounded by half its side,
/// scaled from 0.001; the screen moves by its `center`.
final class BubbleStyleAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  let presenting: Bool
  let start: CGPoint

  init(presenting: Bool, start: CGPoint) {
    self.presenting = presenting
    self.start = start
    super.init()
  }

  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.5 }

  /// A square centred on `start` whose circle covers a screen of `size`: twice the distance to
  /// the farthest corner.
  func bubbleFrame(covering size: CGSize) -> CGRect {
    let dx = max(start.x, size.width - start.x)
    let dy = max(start.y, size.height - start.y)
    let side = 2 * (dx * dx + dy * dy).squareRoot()
    return CGRect(x: start.x - side / 2, y: start.y - side / 2, width: side, height: side)
  }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    let key: UITransitionContextViewKey = presenting ? .to : .from
    guard let screen = transitionContext.view(forKey: key) else { return }
    let center = screen.center
    let bubble = UIView(frame: bubbleFrame(covering: screen.frame.size))
    bubble.layer.cornerRadius = bubble.frame.height / 2
    bubble.backgroundColor = UIColor(red: 1, green: 0.18, blue: 0.33, alpha: 1)
    bubble.accessibilityIdentifier = "bubble"
    let small = CGAffineTransform(scaleX: 0.001, y: 0.001)
    if presenting {
      bubble.transform = small
      container.addSubview(bubble)
      screen.center = start
      screen.transform = small
      screen.alpha = 0
      container.addSubview(screen)
      UIView.animate(
        withDuration: 0.5, delay: 0, options: [.curveEaseInOut],
        animations: {
          bubble.transform = .identity
          screen.transform = .identity
          screen.alpha = 1
          screen.center = center
        },
        completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
    } else {
      container.insertSubview(bubble, belowSubview: screen)
      UIView.animate(
        withDuration: 0.5, delay: 0, options: [.curveEaseInOut],
        animations: {
          bubble.transform = small
          screen.transform = small
          screen.center = self.start
          screen.alpha = 0
        },
        completion: { _ in
          screen.removeFromSuperview()
          bubble.removeFromSuperview()
          transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
        })
    }
  }
}

/// In the style of deck presentations: the presented screen, its top corners rounded, slides up
/// from below the container to 40 points from its top with a critically damped spring, while
/// the presenting screen behind it (the from controller's view, in the window under the
/// container for a custom presentation) shrinks to 0.92 and rounds its corners to 10, which
/// UIKit animates inside the block since iOS 11.
final class DeckStyleAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.45 }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let card = transitionContext.view(forKey: .to),
      let presenting = transitionContext.viewController(forKey: .from)?.view
    else { return }
    let final = CGRect(x: 0, y: 40, width: container.bounds.width, height: container.bounds.height - 40)
    card.frame = final.offsetBy(dx: 0, dy: container.bounds.height)
    card.layer.cornerRadius = 12
    card.layer.maskedCorners = [.layerMinXMinYCorner, .layerMaxXMinYCorner]
    card.clipsToBounds = true
    container.addSubview(card)
    presenting.clipsToBounds = true
    UIView.animate(
      withDuration: 0.45, delay: 0, usingSpringWithDamping: 1, initialSpringVelocity: 0, options: [.curveEaseOut],
      animations: {
        card.frame = final
        presenting.transform = CGAffineTransform(scaleX: 0.92, y: 0.92)
        presenting.layer.cornerRadius = 10
      },
      completion: { _ in transitionContext.completeTransition(!transitionContext.transitionWasCancelled) })
  }
}

/// In the style of the zoom transitions tutorials and libraries teach: a snapshot of the tapped
/// cell's thumbnail, taken without a screen update, flies from the cell to the detail screen's
/// badge on a spring with an initial velocity while the detail screen fades in; the thumbnail is
/// hidden while its snapshot flies, and shown again when the snapshot is removed.
final class SnapshotZoomAnimator: NSObject, UIViewControllerAnimatedTransitioning {
  func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 0.5 }

  /// The view of `root`'s tree with this accessibility identifier.
  func find(_ identifier: String, in root: UIView) -> UIView? {
    if root.accessibilityIdentifier == identifier { return root }
    for subview in root.subviews {
      if let found = find(identifier, in: subview) { return found }
    }
    return nil
  }

  func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {
    let container = transitionContext.containerView
    guard let fromView = transitionContext.view(forKey: .from), let toView = transitionContext.view(forKey: .to),
      let thumb = find("thumb1", in: fromView), let badge = find("badge", in: toView),
      let snapshot = thumb.snapshotView(afterScreenUpdates: false)
    else { return }
    snapshot.accessibilityIdentifier = "zoom"
    snapshot.frame = container.convert(thumb.bounds, from: thumb)
    toView.frame = transitionContext.finalFrame(for: transitionContext.viewController(forKey: .to)!)
    toView.alpha = 0
    container.addSubview(toView)
    container.addSubview(snapshot)
    thumb.isHidden = true
    let target = container.convert(badge.bounds, from: badge)
    UIView.animate(
      withDuration: 0.5, delay: 0, usingSpringWithDamping: 0.85, initialSpringVelocity: 0.3, options: [],
      animations: {
        snapshot.frame = target
        toView.alpha = 1
      },
      completion: { _ in
        thumb.isHidden = false
        snapshot.removeFromSuperview()
        transitionContext.completeTransition(!transitionContext.transitionWasCancelled)
      })
  }
}
