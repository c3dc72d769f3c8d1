/// Drives a transition from a percentage. With an animator whose `interruptibleAnimator(using:)`
/// returns a real animator, that animator is paused, scrubbed and continued. Otherwise the
/// classic technique is used: `animateTransition(using:)` runs, the container layer's speed is
/// set to 0 and its timeOffset follows the percentage; finishing resumes its clock at
/// `completionSpeed`; cancelling runs its time backwards to 0, then removes the container
/// subtree's animations (their completions report finished = false). See README.
@MainActor
open class UIPercentDrivenInteractiveTransition: NSObject, UIViewControllerInteractiveTransitioning {
  open var completionSpeed: CGFloat = 1
  open var completionCurve: UIView.AnimationCurve = .easeInOut
  open var timingCurve: (any UITimingCurveProvider)?
  open var wantsInteractiveStart: Bool = true
  open private(set) var percentComplete: CGFloat = 0
  open var duration: CGFloat { CGFloat(animatorDuration) }

  private weak var context: (any UIViewControllerContextTransitioning)?
  private var animator: (any UIViewImplicitlyAnimating)?
  private var animatorDuration: Double = 0
  private var containerLayer: CALayer?

  public override init() { super.init() }

  open func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {
    context = transitionContext
    StandInRecorder.shared.note("startInteractiveTransition")
    guard let controller = (transitionContext as? StandInTransitionContext)?.animationController else { return }
    animatorDuration = controller.transitionDuration(using: transitionContext)
    let a = controller.interruptibleAnimator(using: transitionContext)
    if a is StandInNoInterruptibleAnimator {
      controller.animateTransition(using: transitionContext)
      let layer = transitionContext.containerView.layer
      layer.speed = 0
      layer.timeOffset = 0
      layer.beginTime = 0
      // The animations just added commit with the container paused at time 0.
      StandInEngine.resolvePendingBegins()
      containerLayer = layer
    } else {
      animator = a
      if a.state == .inactive || a.isRunning { a.pauseAnimation() }
    }
    if !wantsInteractiveStart { finish() }
  }

  open func update(_ percentComplete: CGFloat) {
    self.percentComplete = min(max(percentComplete, 0), 1)
    context?.updateInteractiveTransition(self.percentComplete)
    if let a = animator {
      a.fractionComplete = self.percentComplete
    } else if let l = containerLayer {
      l.timeOffset = Double(self.percentComplete) * animatorDuration
    }
  }

  open func pause() {
    context?.pauseInteractiveTransition()
    if let a = animator {
      a.pauseAnimation()
      percentComplete = a.fractionComplete
    } else if let l = containerLayer, l.speed != 0 {
      let t = l.convertTime(CACurrentMediaTime(), from: nil)
      l.speed = 0
      l.timeOffset = t
      l.beginTime = 0
      percentComplete = CGFloat(t / max(animatorDuration, 1e-9))
    }
  }

  open func finish() {
    context?.finishInteractiveTransition()
    if let a = animator {
      a.isReversed = false
      a.continueAnimation(
        withTimingParameters: timingCurve ?? UICubicTimingParameters(animationCurve: completionCurve),
        durationFactor: 1 / max(completionSpeed, 1e-6))
    } else if let l = containerLayer {
      resume(l, speed: Float(completionSpeed))
    }
  }

  open func cancel() {
    context?.cancelInteractiveTransition()
    if let a = animator {
      a.isReversed = true
      a.continueAnimation(
        withTimingParameters: timingCurve ?? UICubicTimingParameters(animationCurve: completionCurve),
        durationFactor: 1 / max(completionSpeed, 1e-6))
    } else if let l = containerLayer {
      let paused = l.timeOffset
      resume(l, speed: -Float(completionSpeed))
      let end = StandInClock.now + paused / Double(max(completionSpeed, 1e-6))
      StandInClock.schedule(at: end) { [weak l] in
        MainActor.assumeIsolated {
          guard let l else { return }
          l.speed = 1
          l.timeOffset = 0
          l.beginTime = 0
          func strip(_ x: CALayer) {
            x.removeAllAnimations()
            for s in x._sublayers { strip(s) }
            if let m = x._mask { strip(m) }
          }
          strip(l)
        }
      }
    }
  }

  /// Apple's QA1673 resume: time continues from the paused offset at `speed`.
  private func resume(_ l: CALayer, speed: Float) {
    let paused = l.timeOffset
    l.speed = speed
    l.timeOffset = 0
    l.beginTime = 0
    // local = (parent − beginTime)·speed must equal `paused` now.
    let parentNow = l._superlayer?.standInLocalTime(at: StandInClock.now) ?? StandInClock.now
    l.beginTime = parentNow - paused / Double(speed)
    containerLayer = nil
  }
}
