/// Groups layer changes. The stand-in keeps a stack of transactions on top of the implicit one
/// of the current run-loop turn; the implicit transaction commits when the clock advances (or
/// on `flush()`), which is when newly created layers become "committed" and start running
/// implicit animations, as in Core Animation.
open class CATransaction: NSObject {
  final class Frame {
    var duration: CFTimeInterval?
    var timingFunction: CAMediaTimingFunction?
    var disableActions: Bool?
    var completion: (() -> Void)?
    var pending = 0
    var committed = false
    var fired = false
    func maybeFire() {
      guard committed, pending == 0, !fired, let c = completion else { return }
      fired = true
      StandInClock.schedule(at: StandInClock.now) { c() }
    }
  }
  nonisolated(unsafe) static var stack: [Frame] = [Frame()]
  nonisolated(unsafe) static var uncommitted: [WeakLayer] = []
  struct WeakLayer { weak var layer: CALayer? }

  static func resetStandIn() {
    stack = [Frame()]
    uncommitted.removeAll()
  }
  static func noteCreated(_ l: CALayer) { uncommitted.append(WeakLayer(layer: l)) }

  /// Commits the implicit transaction of the current run-loop turn.
  static func commitImplicit() {
    StandInEngine.resolvePendingBegins()
    for w in uncommitted { w.layer?.standInCommitted = true }
    uncommitted.removeAll()
    let implicit = stack[0]
    implicit.committed = true
    implicit.maybeFire()
    if implicit.completion != nil || implicit.pending > 0 || implicit.duration != nil || implicit.timingFunction != nil
      || implicit.disableActions != nil
    {
      // A fresh implicit transaction for the next turn; the old one still waits for its animations.
      stack[0] = Frame()
    }
  }

  /// Attaches a newly added animation to every open transaction with a completion block.
  static func attach(_ anim: CAAnimation) {
    for f in stack where f.completion != nil && !f.fired {
      f.pending += 1
      anim.standInStopHandlers.append { _, _ in
        f.pending -= 1
        f.maybeFire()
      }
    }
  }

  public class func begin() { stack.append(Frame()) }
  public class func commit() {
    guard stack.count > 1 else { return }
    let f = stack.removeLast()
    f.committed = true
    f.maybeFire()
    if stack.count == 1 {
      StandInEngine.resolvePendingBegins()
      for w in uncommitted { w.layer?.standInCommitted = true }
      uncommitted.removeAll()
    }
  }
  public class func flush() { commitImplicit() }
  public class func lock() {}
  public class func unlock() {}

  public class func animationDuration() -> CFTimeInterval {
    for f in stack.reversed() { if let d = f.duration { return d } }
    return 0.25
  }
  public class func setAnimationDuration(_ dur: CFTimeInterval) { stack[stack.count - 1].duration = dur }
  public class func animationTimingFunction() -> CAMediaTimingFunction? {
    for f in stack.reversed() { if let t = f.timingFunction { return t } }
    return nil
  }
  public class func setAnimationTimingFunction(_ function: CAMediaTimingFunction?) {
    stack[stack.count - 1].timingFunction = function
  }
  public class func disableActions() -> Bool {
    for f in stack.reversed() { if let d = f.disableActions { return d } }
    return false
  }
  public class func setDisableActions(_ flag: Bool) { stack[stack.count - 1].disableActions = flag }
  public class func completionBlock() -> (() -> Void)? { stack[stack.count - 1].completion }
  /// Runs once every animation added during this transaction has stopped (at the next event
  /// when there are none).
  public class func setCompletionBlock(_ block: (() -> Void)?) { stack[stack.count - 1].completion = block }
  public class func value(forKey key: String) -> Any? { nil }
  public class func setValue(_ anObject: Any?, forKey key: String) {}
}
