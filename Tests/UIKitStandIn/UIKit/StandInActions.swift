/// What happens when a layer's model value changes: UIKit animation blocks turn changes of a
/// view's layer into animations (UIKit's actionForLayer:forKey:), and standalone layers that
/// were already committed run Core Animation's implicit animation.
enum StandInActions {
  /// The innermost UIView animation block / property-animator scope being executed.
  nonisolated(unsafe) static var stateStack: [ViewAnimationState] = []
  static var current: ViewAnimationState? { stateStack.last }
  /// UIView.setAnimationsEnabled(false) / performWithoutAnimation depth.
  nonisolated(unsafe) static var animationsDisabled = 0
  nonisolated(unsafe) static var animationsEnabledFlag = true

  /// Keys UIKit animates when a view's layer changes inside an animation block. Shadow and
  /// border properties are deliberately absent: UIKit does not animate them in blocks.
  static let viewAnimatableKeys: Set<String> = [
    "position", "bounds", "transform", "opacity", "backgroundColor", "cornerRadius",
  ]
  /// Keys UIKit animates additively since iOS 8.
  static let additiveKeys: Set<String> = ["position", "bounds", "transform"]

  /// Called before the model value changes: UIKit reads the presentation value for
  /// beginFromCurrentState at this point (actionForLayer:forKey: runs before the change).
  static func layerWillChange(_ layer: CALayer, key: String) -> AnimValue? {
    guard layer.standInOwningView != nil, let state = current, state.beginFromCurrentState,
      viewAnimatableKeys.contains(key)
    else { return nil }
    return layer.presentation()?.standInValue(forKey: key)
  }

  static func layerDidChange(_ layer: CALayer, key: String, old: AnimValue, new: AnimValue, presented: AnimValue? = nil)
  {
    if layer.standInOwningView != nil {
      guard let state = current, viewAnimatableKeys.contains(key) else { return }
      state.layerPropertyChanged(layer, key: key, old: old, new: new, presented: presented)
      return
    }
    guard layer.standInCommitted, !CATransaction.disableActions(), !equal(old, new) else { return }
    switch new {
    case .bool, .other: return
    default: break
    }
    guard CALayer.standInDefaults[key] != nil || type(of: layer).standInDefaults[key] != nil else { return }
    let anim = CABasicAnimation(keyPath: key)
    anim.fromValue = old.anyValue
    anim.duration = CATransaction.animationDuration()
    anim.timingFunction = CATransaction.animationTimingFunction()
    let saved = StandInEngine.currentOrigin
    StandInEngine.currentOrigin = "implicit"
    layer.add(anim, forKey: key)
    StandInEngine.currentOrigin = saved
  }

  static func equal(_ a: AnimValue, _ b: AnimValue) -> Bool {
    switch (a, b) {
    case (.scalar(let x), .scalar(let y)): return x == y
    case (.point(let x), .point(let y)): return x == y
    case (.size(let x), .size(let y)): return x == y
    case (.rect(let x), .rect(let y)): return x == y
    case (.transform(let x), .transform(let y)): return x == y
    case (.color(let x), .color(let y)): return x == y
    case (.path(let x), .path(let y)): return x == y
    case (.bool(let x), .bool(let y)): return x == y
    default: return false
    }
  }
}

/// Timing of a UIKit animation scope.
enum ViewTiming {
  case none
  case curve(CAMediaTimingFunction)
  case spring(SpringMath)
}

/// One UIView animation block (or property-animator scope): turns layer changes into
/// CAAnimations with the block's timing and calls the completion once they all stopped.
final class ViewAnimationState {
  var timing: ViewTiming
  var duration: Double
  var delay: Double
  var options: UInt
  var origin: String
  var completion: ((Bool) -> Void)?
  var pending = 0
  var allFinished = true
  var popped = false
  var completed = false
  /// Set for property animators: progress provider per animation block.
  var driver: (() -> Double)?
  /// Called for every animation created (property animators track them).
  var onCreate: ((CALayer, CAAnimation, String, AnimValue, AnimValue) -> Void)?
  /// Keyframe recording (animateKeyframes).
  var keyframes: KeyframeRecorder?

  init(timing: ViewTiming, duration: Double, delay: Double, options: UInt, origin: String) {
    self.timing = timing
    self.duration = duration
    self.delay = delay
    self.options = options
    self.origin = origin
  }

  var beginFromCurrentState: Bool { options & (1 << 2) != 0 }
  var repeats: Bool { options & (1 << 3) != 0 }
  var autoreverse: Bool { options & (1 << 4) != 0 }

  func layerPropertyChanged(_ layer: CALayer, key: String, old: AnimValue, new: AnimValue, presented: AnimValue? = nil)
  {
    if case .none = timing { return }
    if StandInActions.animationsDisabled > 0 || !StandInActions.animationsEnabledFlag { return }
    if let kf = keyframes {
      kf.record(layer, key: key, old: old, new: new)
      return
    }
    if StandInActions.equal(old, new) { return }
    let additive =
      StandInActions.additiveKeys.contains(key)
      && !layer.animationList.contains { e in
        guard let p = e.anim as? CAPropertyAnimation, let kp = p.keyPath else { return false }
        return KeyPathSupport.split(kp).base == key && (!p.isAdditive || e.anim.repeatCount > 0)
      }
    if additive {
      if key == "bounds", case .rect(let o) = old, case .rect(let n) = new {
        add(
          layer, keyPath: "bounds.origin", from: AnimValue.subtract(.point(o.origin), .point(n.origin)),
          to: .point(.zero), additive: true, model: (.rect(o), .rect(n)))
        add(
          layer, keyPath: "bounds.size", from: AnimValue.subtract(.size(o.size), .size(n.size)),
          to: .size(.zero), additive: true, model: (.rect(o), .rect(n)))
      } else {
        add(
          layer, keyPath: key, from: AnimValue.subtract(old, new), to: AnimValue.zero(like: new), additive: true,
          model: (old, new))
      }
    } else {
      var from = old
      if beginFromCurrentState, let v = presented { from = v }
      add(layer, keyPath: key, from: from, to: nil, additive: false, model: (old, new))
    }
  }

  func makeAnimation(keyPath: String) -> CABasicAnimation {
    switch timing {
    case .spring(let s):
      let a = CASpringAnimation(keyPath: keyPath)
      a.mass = CGFloat(s.mass)
      a.stiffness = CGFloat(s.stiffness)
      a.damping = CGFloat(s.damping)
      a.initialVelocity = CGFloat(s.initialVelocity)
      a.allowsOverdamping = s.allowsOverdamping
      a.timingFunction = CAMediaTimingFunction(name: .linear)
      return a
    case .curve(let f):
      let a = CABasicAnimation(keyPath: keyPath)
      a.timingFunction = f
      return a
    case .none:
      return CABasicAnimation(keyPath: keyPath)
    }
  }

  func configure(_ a: CAAnimation, layer: CALayer) {
    a.duration = duration > 0 ? duration : 0.001
    if delay > 0 { a.standInPendingBegin = delay }
    a.fillMode = .both
    if repeats { a.repeatCount = Float.greatestFiniteMagnitude }
    if autoreverse { a.autoreverses = true }
    if let driver {
      a.standInDriver = driver
      a.isRemovedOnCompletion = false
    }
  }

  func add(
    _ layer: CALayer, keyPath: String, from: AnimValue, to: AnimValue?, additive: Bool, model: (AnimValue, AnimValue)
  ) {
    let a = makeAnimation(keyPath: keyPath)
    a.fromValue = from.anyValue
    a.toValue = to?.anyValue
    a.isAdditive = additive
    configure(a, layer: layer)
    track(a)
    var key = keyPath
    if additive {
      var n = 1
      while layer.animation(forKey: key) != nil {
        n += 1
        key = "\(keyPath)-\(n)"
      }
    }
    let saved = StandInEngine.currentOrigin
    StandInEngine.currentOrigin = origin
    layer.add(a, forKey: key)
    StandInEngine.currentOrigin = saved
    if let stored = layer.animation(forKey: key) {
      onCreate?(layer, stored, KeyPathSupport.split(keyPath).base, model.0, model.1)
    }
  }

  func track(_ a: CAAnimation) {
    pending += 1
    a.standInStopHandlers.append { [self] _, finished in
      pending -= 1
      if !finished { allFinished = false }
      maybeComplete()
    }
  }

  /// Called when the block returns.
  func pop() {
    popped = true
    if pending == 0 && !completed {
      // No animation was created: UIKit still calls the completion, on the next turn.
      completed = true
      if let c = completion { StandInClock.schedule(at: StandInClock.now) { c(true) } }
    }
  }

  func maybeComplete() {
    guard popped, pending == 0, !completed else { return }
    completed = true
    completion?(allFinished)
  }
}

/// Records the property changes of an animateKeyframes block, then builds one
/// CAKeyframeAnimation per layer key path.
final class KeyframeRecorder {
  struct Change {
    var start: Double
    var duration: Double
    var value: AnimValue
  }
  struct Track {
    var layer: CALayer
    var key: String
    var initial: AnimValue
    var changes: [Change]
  }
  var tracks: [Track] = []
  var frame: (start: Double, duration: Double) = (0, 1)

  func record(_ layer: CALayer, key: String, old: AnimValue, new: AnimValue) {
    if let i = tracks.firstIndex(where: { $0.layer === layer && $0.key == key }) {
      tracks[i].changes.append(Change(start: frame.start, duration: frame.duration, value: new))
    } else {
      tracks.append(
        Track(
          layer: layer, key: key, initial: old,
          changes: [Change(start: frame.start, duration: frame.duration, value: new)]))
    }
  }

  /// Values and key times: the value holds until a keyframe starts, reaches the keyframe's
  /// value at its end, and holds to the end of the whole animation.
  static func build(_ t: Track) -> (values: [AnimValue], times: [Double]) {
    var values = [t.initial]
    var times = [0.0]
    var current = t.initial
    var last = 0.0
    for c in t.changes.enumerated().sorted(by: { ($0.element.start, $0.offset) < ($1.element.start, $1.offset) }).map(
      \.element)
    {
      let s = min(max(c.start, 0), 1)
      let e = min(max(c.start + c.duration, 0), 1)
      if s > last {
        values.append(current)
        times.append(s)
      }
      values.append(c.value)
      times.append(max(e, s))
      current = c.value
      last = max(e, s)
    }
    if last < 1 {
      values.append(current)
      times.append(1)
    }
    return (values, times)
  }
}
