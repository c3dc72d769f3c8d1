/// The virtual clock of the stand-in (not SDK API). Nothing runs in real time: a test sets the
/// clock and advances it; `CACurrentMediaTime()` returns `now`. While advancing, every due event
/// (an animation reaching its end and being removed, a UIView completion, a property animator
/// finishing, a delayed start, a CATransaction completion block) fires in time order, with the
/// clock set to the event's time. Events due at the same time fire in the order they were
/// scheduled.
public enum StandInClock {
  nonisolated(unsafe) public private(set) static var now: CFTimeInterval = 0
  nonisolated(unsafe) static var timers: [Timer] = []
  nonisolated(unsafe) static var sequence = 0
  nonisolated(unsafe) static var sources: [ObjectIdentifier: WeakSource] = [:]

  final class Timer {
    let time: CFTimeInterval, seq: Int, action: () -> Void
    var cancelled = false
    init(time: CFTimeInterval, seq: Int, action: @escaping () -> Void) {
      self.time = time
      self.seq = seq
      self.action = action
    }
    func cancel() { cancelled = true }
  }
  /// Sources are held strongly while they have a pending event (Core Animation keeps layers with
  /// running animations alive in the render tree, and UIKit's animation state retains itself),
  /// weakly otherwise.
  struct WeakSource {
    weak var object: (any StandInEventSource)?
    var strong: (any StandInEventSource)?
  }

  /// Resets the clock to `time` and forgets every pending timer (start of a test).
  public static func reset(to time: CFTimeInterval = 0) {
    now = time
    timers.removeAll()
    sources.removeAll()
    CATransaction.resetStandIn()
  }

  /// Advances the clock to `time`, firing every event due at or before it in time order.
  public static func advance(to time: CFTimeInterval) {
    CATransaction.commitImplicit()
    var guardCount = 0
    while true {
      guardCount += 1
      if guardCount > 1_000_000 { fatalError("StandInClock: too many events") }
      timers.removeAll { $0.cancelled }
      var best: (time: CFTimeInterval, seq: Int, fire: () -> Void)? = nil
      for t in timers where t.time <= time {
        if best == nil || t.time < best!.time || (t.time == best!.time && t.seq < best!.seq) {
          best = (
            t.time, t.seq,
            {
              t.cancelled = true
              t.action()
            }
          )
        }
      }
      for (key, s) in sources {
        guard let src = s.object else {
          sources[key] = nil
          continue
        }
        let next = src.standInNextEvent()
        if next == nil && s.strong != nil { sources[key]?.strong = nil }
        if let (et, es) = next, et <= time {
          if best == nil || et < best!.time || (et == best!.time && es < best!.seq) {
            best = (et, es, { src.standInFireEvent() })
          }
        }
      }
      guard let b = best else { break }
      if b.time > now { now = b.time }
      b.fire()
      CATransaction.commitImplicit()
    }
    if time > now { now = time }
    CATransaction.commitImplicit()
  }

  /// Advances by `dt` seconds.
  public static func advance(by dt: CFTimeInterval) { advance(to: now + dt) }

  /// Fires everything due now (what the next run-loop turn would do) without moving the clock.
  public static func runLoopOnce() { advance(to: now) }

  @discardableResult
  static func schedule(at time: CFTimeInterval, _ action: @escaping () -> Void) -> Timer {
    sequence += 1
    let t = Timer(time: time, seq: sequence, action: action)
    timers.append(t)
    return t
  }
  static func nextSequence() -> Int {
    sequence += 1
    return sequence
  }
  static func register(_ s: any StandInEventSource) { sources[ObjectIdentifier(s)] = WeakSource(object: s, strong: s) }
}

/// Something with its own next-event time (layers with animations, property animators).
protocol StandInEventSource: AnyObject {
  /// (time, order) of the next event, or nil.
  func standInNextEvent() -> (CFTimeInterval, Int)?
  func standInFireEvent()
}
