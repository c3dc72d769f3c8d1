/// The animator's timeline in "fraction" space (not SDK API; nonisolated so that layer
/// evaluation can ask it for progress). See README "UIViewPropertyAnimator".
final class AnimatorTimeline: StandInEventSource {
  struct Block {
    var id: Int
    var fStart: Double
    var p0: Double
  }
  struct Segment {
    var start: Double
    var f0: Double
    var target: Double
    var length: Double
    var curve: CurveSpec
    var first: Bool
  }
  enum Phase {
    case idle
    case waiting(Double)
    case running(Segment)
    case paused(Double)
  }
  struct Created {
    weak var layer: CALayer?
    var key: String
    var base: String
    var old: AnimValue
    var new: AnimValue
  }

  var duration: Double
  var curve: CurveSpec
  var scrubsLinearly = true
  var blocks: [Block] = []
  var phase: Phase = .idle
  var created: [Created] = []
  var onSegmentEnd: ((Double) -> Void)?
  var onWaitEnd: (() -> Void)?
  /// The animator this timeline drives, and the same held strongly while it runs or waits: UIKit
  /// keeps a running property animator alive, so an animator nobody keeps still completes (the
  /// usual `let animator = UIViewPropertyAnimator(...); animator.startAnimation()` in a function).
  weak var animator: AnyObject?
  var running: AnyObject?
  var seq = 0

  init(duration: Double, curve: CurveSpec) {
    self.duration = duration
    self.curve = curve
  }

  func tau(_ s: Segment, _ now: Double) -> Double { s.length > 0 ? min(max((now - s.start) / s.length, 0), 1) : 1 }

  func fraction(_ now: Double) -> Double {
    switch phase {
    case .idle, .waiting: return 0
    case .paused(let f): return f
    case .running(let s): return s.f0 + (s.target - s.f0) * tau(s, now)
    }
  }

  func norm(_ b: Block, _ f: Double) -> Double {
    if b.fStart >= 1 { return f >= 1 ? 1 : 0 }
    return min(max((f - b.fStart) / (1 - b.fStart), 0), 1)
  }

  func blockProgress(_ id: Int, _ now: Double) -> Double {
    guard let b = blocks.first(where: { $0.id == id }) else { return 1 }
    switch phase {
    case .idle, .waiting: return b.p0
    case .paused(let f):
      let x = norm(b, f)
      if x <= 0 { return 0 }
      if x >= 1 { return 1 }
      return scrubsLinearly ? x : curve.progress(x, length: duration * (1 - b.fStart))
    case .running(let s):
      if s.first { return s.curve.progress(norm(b, fraction(now)), length: duration * (1 - b.fStart)) }
      return b.p0 + (s.target - b.p0) * s.curve.progress(tau(s, now), length: s.length)
    }
  }

  func startSegment(target: Double, length: Double, curve c: CurveSpec, first: Bool) {
    let now = StandInClock.now
    let f = fraction(now)
    for i in blocks.indices { blocks[i].p0 = blockProgress(blocks[i].id, now) }
    seq = StandInClock.nextSequence()
    phase = .running(Segment(start: now, f0: first ? 0 : f, target: target, length: length, curve: c, first: first))
    running = animator
    StandInClock.register(self)
  }

  func standInNextEvent() -> (CFTimeInterval, Int)? {
    switch phase {
    case .running(let s): return (s.start + s.length, seq)
    case .waiting(let t): return (t, seq)
    default: return nil
    }
  }
  func standInFireEvent() {
    switch phase {
    case .running(let s):
      phase = .paused(s.target)
      onSegmentEnd?(s.target)
    case .waiting:
      phase = .idle
      onWaitEnd?()
    default: break
    }
    switch phase {
    case .running, .waiting: break
    default: running = nil
    }
  }
}

/// Animates view changes with its timing parameters and lets them be paused, scrubbed,
/// reversed and continued. See README for how progress is computed in each phase.
@MainActor
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating, NSCopying {
  open private(set) var timingParameters: (any UITimingCurveProvider)?
  open private(set) var duration: TimeInterval
  open private(set) var delay: TimeInterval = 0
  open var isUserInteractionEnabled = true
  open var isManualHitTestingEnabled = false
  open var isInterruptible = true
  open var pausesOnCompletion = false
  open private(set) var state: UIViewAnimatingState = .inactive
  open var scrubsLinearly: Bool {
    get { timeline.scrubsLinearly }
    set { timeline.scrubsLinearly = newValue }
  }
  let timeline: AnimatorTimeline
  private var pendingBlocks: [(id: Int, delayFactor: Double, block: () -> Void)] = []
  private var completions: [(UIViewAnimatingPosition) -> Void] = []
  private var nextID = 0
  private var reversedFlag = false

  public required init(duration: TimeInterval, timingParameters parameters: any UITimingCurveProvider) {
    timingParameters = parameters
    let spec = standInCurveSpec(parameters) ?? .cubic(CAMediaTimingFunction(name: .easeInEaseOut))
    var d = duration
    if case .physicalSpring(let s) = spec { d = s.settlingDuration }
    self.duration = d
    timeline = AnimatorTimeline(duration: d, curve: spec)
    super.init()
    timeline.animator = self
    timeline.onSegmentEnd = { [weak self] target in MainActor.assumeIsolated { self?.segmentEnded(target) } }
    timeline.onWaitEnd = { [weak self] in MainActor.assumeIsolated { self?.beginFirstSegment() } }
  }
  public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
    self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
    if let animations { addAnimations(animations) }
  }
  public convenience init(
    duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
    animations: (() -> Void)? = nil
  ) {
    self.init(
      duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
    if let animations { addAnimations(animations) }
  }
  public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
    self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
    if let animations { addAnimations(animations) }
  }

  /// A started animator with a curve from `options` (UIKit's "running" animator).
  public class func runningPropertyAnimator(
    withDuration duration: TimeInterval, delay: TimeInterval,
    options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
    completion: ((UIViewAnimatingPosition) -> Void)? = nil
  ) -> Self {
    let curve = UIView.AnimationCurve(rawValue: Int((options.rawValue >> 16) & 0xF)) ?? .easeInOut
    let a = self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
    a.addAnimations(animations)
    if let completion { a.addCompletion(completion) }
    if delay > 0 { a.startAnimation(afterDelay: delay) } else { a.startAnimation() }
    return a
  }

  public nonisolated func copy(with zone: NSZone? = nil) -> Any {
    MainActor.assumeIsolated {
      UIViewPropertyAnimator(duration: duration, timingParameters: timingParameters ?? UICubicTimingParameters())
    }
  }

  // MARK: State

  open var isRunning: Bool {
    switch timeline.phase {
    case .running, .waiting: return state == .active
    default: return false
    }
  }
  open var isReversed: Bool {
    get { reversedFlag }
    set {
      guard newValue != reversedFlag else { return }
      reversedFlag = newValue
      if case .running(let s) = timeline.phase {
        let f = timeline.fraction(StandInClock.now)
        let target = newValue ? 0.0 : 1.0
        timeline.startSegment(target: target, length: abs(target - f) * duration, curve: s.curve, first: false)
      }
    }
  }
  open var fractionComplete: CGFloat {
    get { CGFloat(timeline.fraction(StandInClock.now)) }
    set {
      if state == .inactive { pauseAnimation() }
      if case .paused = timeline.phase { timeline.phase = .paused(min(max(Double(newValue), 0), 1)) }
    }
  }

  // MARK: Blocks

  open func addAnimations(_ animation: @escaping () -> Void) { addAnimations(animation, delayFactor: 0) }
  /// The delay is `delayFactor` × the remaining duration.
  open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
    nextID += 1
    if state == .inactive {
      pendingBlocks.append((nextID, Double(delayFactor), animation))
    } else {
      let f = timeline.fraction(StandInClock.now)
      run(id: nextID, fStart: f + Double(delayFactor) * (1 - f), animation)
    }
  }
  open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) { completions.append(completion) }

  private func run(id: Int, fStart: Double, _ block: () -> Void) {
    let tl = timeline
    tl.blocks.append(AnimatorTimeline.Block(id: id, fStart: fStart, p0: 0))
    let length = duration * (1 - fStart)
    let st = ViewAnimationState(
      timing: tl.curve.caTiming(length: length), duration: length, delay: 0, options: 0,
      origin: "UIViewPropertyAnimator")
    if fStart > 0 { st.delay = 0 }
    st.driver = { [weak tl] in tl?.blockProgress(id, StandInClock.now) ?? 1 }
    st.onCreate = { [weak tl] layer, anim, base, old, new in
      guard let tl, let key = layer.animationList.first(where: { $0.anim === anim })?.key else { return }
      tl.created.append(AnimatorTimeline.Created(layer: layer, key: key, base: base, old: old, new: new))
    }
    UIView.standInRun(st, block)
    st.popped = true
    st.completed = true
  }

  private func activate() {
    guard state == .inactive else { return }
    state = .active
    let blocks = pendingBlocks
    pendingBlocks = []
    for b in blocks { run(id: b.id, fStart: b.delayFactor, b.block) }
  }

  // MARK: Control

  open func startAnimation() {
    switch state {
    case .inactive:
      activate()
      beginFirstSegment()
    case .active:
      if case .paused = timeline.phase { continueAnimation(withTimingParameters: nil, durationFactor: 1) }
    case .stopped: break
    }
  }
  private func beginFirstSegment() {
    timeline.startSegment(target: 1, length: duration, curve: timeline.curve, first: true)
  }
  open func startAnimation(afterDelay delay: TimeInterval) {
    guard state == .inactive else {
      startAnimation()
      return
    }
    self.delay = delay
    activate()
    timeline.seq = StandInClock.nextSequence()
    timeline.phase = .waiting(StandInClock.now + delay)
    timeline.running = self
    StandInClock.register(timeline)
  }
  open func pauseAnimation() {
    switch state {
    case .inactive:
      activate()
      timeline.phase = .paused(0)
    case .active:
      timeline.phase = .paused(timeline.fraction(StandInClock.now))
    case .stopped: break
    }
  }
  /// Resumes a paused animator toward the end (start when reversed) over
  /// |target − fractionComplete| × duration × durationFactor, with `parameters` (or the
  /// original timing) applied to the remaining distance of every animation.
  open func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
    if state == .inactive {
      activate()
      timeline.phase = .paused(0)
    }
    guard state == .active else { return }
    let f = timeline.fraction(StandInClock.now)
    let target = reversedFlag ? 0.0 : 1.0
    let spec = standInCurveSpec(parameters) ?? timeline.curve
    var length = abs(target - f) * duration * Double(durationFactor)
    if case .physicalSpring(let s) = spec, parameters != nil { length = s.settlingDuration * Double(durationFactor) }
    timeline.startSegment(target: target, length: length, curve: spec, first: false)
  }
  open func stopAnimation(_ withoutFinishing: Bool) {
    guard state == .active else { return }
    for c in timeline.created {
      guard let layer = c.layer else { continue }
      let current = layer.presentation()?.standInValue(forKey: c.base)
      layer.removeAnimation(forKey: c.key)
      if let current { layer.values[c.base] = current }
    }
    timeline.phase = .idle
    state = withoutFinishing ? .inactive : .stopped
    if withoutFinishing { timeline.created = [] }
  }
  open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
    guard state == .stopped else { return }
    for c in timeline.created {
      guard let layer = c.layer else { continue }
      if finalPosition == .end { layer.values[c.base] = c.new }
      if finalPosition == .start { layer.values[c.base] = c.old }
    }
    complete(finalPosition)
  }

  private func segmentEnded(_ target: Double) {
    if pausesOnCompletion { return }
    for c in timeline.created {
      guard let layer = c.layer else { continue }
      if target < 0.5 { layer.values[c.base] = c.old }
      layer.removeAnimation(forKey: c.key)
    }
    complete(target < 0.5 ? .start : .end)
  }

  private func complete(_ position: UIViewAnimatingPosition) {
    state = .inactive
    timeline.phase = .idle
    timeline.created = []
    timeline.blocks = []
    let cs = completions
    completions = []
    for c in cs { c(position) }
  }
}
