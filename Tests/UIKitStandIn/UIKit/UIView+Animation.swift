extension UIView {
  static func standInRun(_ state: ViewAnimationState, _ block: () -> Void) {
    StandInActions.stateStack.append(state)
    block()
    StandInActions.stateStack.removeLast()
  }

  static func standInWrap(_ completion: ((Bool) -> Void)?) -> ((Bool) -> Void)? {
    guard let completion else { return nil }
    return { finished in MainActor.assumeIsolated { completion(finished) } }
  }

  static func standInBasic(
    duration: TimeInterval, delay: TimeInterval, options: AnimationOptions,
    animations: () -> Void, completion: ((Bool) -> Void)?
  ) {
    let curve = Int((options.rawValue >> 16) & 0xF)
    let state = ViewAnimationState(
      timing: .curve(standInCurveFunction(curve)), duration: duration, delay: delay,
      options: options.rawValue, origin: "UIView.animate")
    state.completion = standInWrap(completion)
    standInRun(state, animations)
    state.pop()
  }

  /// Animates changes with a curve (UIKit: additive CABasicAnimations for position, bounds and
  /// transform; absolute ones for opacity, backgroundColor, cornerRadius; fill mode both).
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    standInBasic(duration: duration, delay: delay, options: options, animations: animations, completion: completion)
  }
  public class func animate(
    withDuration duration: TimeInterval, animations: @escaping () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    standInBasic(duration: duration, delay: 0, options: [], animations: animations, completion: completion)
  }
  public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
    standInBasic(duration: duration, delay: 0, options: [], animations: animations, completion: nil)
  }

  /// Spring animation (iOS 7 API): CASpringAnimations with mass 1 and stiffness/damping from
  /// UIKit's duration mapping (SpringMath.uiKitSpring), linear timing, `duration` as duration.
  public class func animate(
    withDuration duration: TimeInterval, delay: TimeInterval, usingSpringWithDamping dampingRatio: CGFloat,
    initialSpringVelocity velocity: CGFloat, options: UIView.AnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    let p = SpringMath.uiKitSpring(duration: duration, dampingRatio: Double(dampingRatio), velocity: Double(velocity))
    let spring = SpringMath(
      mass: 1, stiffness: p.stiffness, damping: p.damping, initialVelocity: Double(velocity),
      allowsOverdamping: false)
    let state = ViewAnimationState(
      timing: .spring(spring), duration: duration, delay: delay,
      options: options.rawValue, origin: "UIView.animate(spring)")
    state.completion = standInWrap(completion)
    standInRun(state, animations)
    state.pop()
  }

  /// iOS 17 spring: mass 1, stiffness (2π/duration)², damping from bounce; the CA animations
  /// run for the spring's settling duration (see README).
  public class func animate(
    springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0.0,
    initialSpringVelocity: CGFloat = 0.0, delay: TimeInterval = 0.0,
    options: UIView.AnimationOptions = [], animations: () -> Void,
    completion: ((Bool) -> Void)? = nil
  ) {
    let p = SpringMath.perceptual(duration: duration, bounce: Double(bounce))
    let spring = SpringMath(
      mass: p.mass, stiffness: p.stiffness, damping: p.damping,
      initialVelocity: Double(initialSpringVelocity), allowsOverdamping: true)
    let state = ViewAnimationState(
      timing: .spring(spring), duration: spring.settlingDuration, delay: delay,
      options: options.rawValue, origin: "UIView.animate(springDuration)")
    state.completion = standInWrap(completion)
    standInRun(state, animations)
    state.pop()
  }

  /// Keyframes: one CAKeyframeAnimation per changed layer key path (absolute values, linear
  /// segments, overall timing from the curve bits, ease-in-ease-out by default, fill both).
  public class func animateKeyframes(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: UIView.KeyframeAnimationOptions = [],
    animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil
  ) {
    let curve = Int((options.rawValue >> 16) & 0xF)
    let state = ViewAnimationState(
      timing: .curve(standInCurveFunction(curve)), duration: duration, delay: delay,
      options: options.rawValue & 0x1F, origin: "UIView.animateKeyframes")
    state.completion = standInWrap(completion)
    let rec = KeyframeRecorder()
    state.keyframes = rec
    standInRun(state, animations)
    state.keyframes = nil
    let mode: CAAnimationCalculationMode
    switch (options.rawValue >> 10) & 0x7 {
    case 1: mode = .discrete
    case 2: mode = .paced
    case 3: mode = .cubic
    case 4: mode = .cubicPaced
    default: mode = .linear
    }
    for track in rec.tracks {
      let built = KeyframeRecorder.build(track)
      let a = CAKeyframeAnimation(keyPath: track.key)
      a.values = built.values.map { $0.anyValue as Any }
      a.keyTimes = built.times.map { NSNumber(value: $0) }
      a.calculationMode = mode
      if case .curve(let f) = state.timing { a.timingFunction = f }
      state.configure(a, layer: track.layer)
      state.track(a)
      let saved = StandInEngine.currentOrigin
      StandInEngine.currentOrigin = state.origin
      track.layer.add(a, forKey: track.key)
      StandInEngine.currentOrigin = saved
    }
    state.pop()
  }

  /// Inside `animateKeyframes`: changes made in `animations` reach their values over
  /// [frameStartTime, frameStartTime + frameDuration] (fractions of the whole duration).
  public class func addKeyframe(
    withRelativeStartTime frameStartTime: Double, relativeDuration frameDuration: Double,
    animations: @escaping () -> Void
  ) {
    guard let rec = StandInActions.current?.keyframes else {
      animations()
      return
    }
    let saved = rec.frame
    rec.frame = (frameStartTime, frameDuration)
    animations()
    rec.frame = saved
  }

  public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
    let state = ViewAnimationState(timing: .none, duration: 0, delay: 0, options: 0, origin: "performWithoutAnimation")
    StandInActions.animationsDisabled += 1
    standInRun(state, actionsWithoutAnimation)
    StandInActions.animationsDisabled -= 1
    state.popped = true
    state.completed = true
  }

  public class var areAnimationsEnabled: Bool {
    StandInActions.animationsEnabledFlag && StandInActions.animationsDisabled == 0
  }
  public class func setAnimationsEnabled(_ enabled: Bool) { StandInActions.animationsEnabledFlag = enabled }
  public class var inheritedAnimationDuration: TimeInterval { StandInActions.current?.duration ?? 0 }

  /// A transition of `view`'s content: a CATransition is recorded on its layer for `duration`;
  /// the changes in `animations` apply at once (their pixels are not simulated).
  public class func transition(
    with view: UIView, duration: TimeInterval, options: UIView.AnimationOptions = [],
    animations: (() -> Void)?, completion: ((Bool) -> Void)? = nil
  ) {
    let state = ViewAnimationState(
      timing: .none, duration: duration, delay: 0, options: options.rawValue,
      origin: "UIView.transition")
    state.completion = standInWrap(completion)
    standInRun(state, { animations?() })
    let t = CATransition()
    let kind = (options.rawValue >> 20) & 0x7
    switch kind {
    case 1:
      t.type = CATransitionType(rawValue: "oglFlip")
      t.subtype = .fromLeft
    case 2:
      t.type = CATransitionType(rawValue: "oglFlip")
      t.subtype = .fromRight
    case 3: t.type = CATransitionType(rawValue: "pageCurl")
    case 4: t.type = CATransitionType(rawValue: "pageUnCurl")
    case 6:
      t.type = CATransitionType(rawValue: "oglFlip")
      t.subtype = .fromTop
    case 7:
      t.type = CATransitionType(rawValue: "oglFlip")
      t.subtype = .fromBottom
    default: t.type = .fade
    }
    t.duration = duration > 0 ? duration : 0.001
    t.timingFunction = standInCurveFunction(Int((options.rawValue >> 16) & 0xF))
    t.fillMode = .both
    state.track(t)
    let saved = StandInEngine.currentOrigin
    StandInEngine.currentOrigin = "UIView.transition"
    view.layer.add(t, forKey: "transition")
    StandInEngine.currentOrigin = saved
    state.pop()
  }

  public class func transition(
    from fromView: UIView, to toView: UIView, duration: TimeInterval,
    options: UIView.AnimationOptions = [], completion: ((Bool) -> Void)? = nil
  ) {
    guard let container = fromView.superview else {
      completion?(true)
      return
    }
    transition(
      with: container, duration: duration, options: options,
      animations: {
        if options.contains(.showHideTransitionViews) {
          fromView.isHidden = true
          toView.isHidden = false
        } else {
          container.insertSubview(toView, aboveSubview: fromView)
          fromView.removeFromSuperview()
        }
      }, completion: completion)
  }
}
