/// The Core Animation simulation: adding/removing animations, evaluating presentation values,
/// and the end-of-animation events.
enum StandInEngine {
  /// Label for the recorder; UIKit sets it while it adds animations.
  nonisolated(unsafe) static var currentOrigin: String? = nil
  struct WeakLayerRef { weak var layer: CALayer? }
  nonisolated(unsafe) static var pendingBegins: [(WeakLayerRef, CAAnimation)] = []

  /// Fixes the begin times of animations added since the last commit.
  static func resolvePendingBegins() {
    let list = pendingBegins
    pendingBegins = []
    for (w, a) in list {
      guard let off = a.standInPendingBegin else { continue }
      a.standInPendingBegin = nil
      if let l = w.layer { a.beginTime = l.standInLocalTime(at: StandInClock.now) + off }
    }
  }

  static func add(_ anim: CAAnimation, to layer: CALayer, forKey key: String?) {
    if layer.isPresentationCopy { return }
    let copy = anim.copy() as! CAAnimation
    if copy.beginTime == 0 && copy.standInPendingBegin == nil { copy.standInPendingBegin = 0 }
    if copy.standInPendingBegin != nil { pendingBegins.append((WeakLayerRef(layer: layer), copy)) }
    copy.standInSequence = StandInClock.nextSequence()
    var k: String
    var anonymous = false
    if let key {
      k = key
      remove(from: layer, where: { $0.key == key && !$0.anonymous }, finished: false)
    } else {
      layer.anonymousCounter += 1
      k = "standIn-anonymous-\(layer.anonymousCounter)"
      anonymous = true
    }
    CATransaction.attach(copy)
    layer.animationList.append((k, copy, anonymous))
    StandInClock.register(layer)
    record(copy, layer: layer, key: key)
    if copy.delegate != nil {
      let beginGlobal = layer.standInGlobalTime(
        fromLocal: copy.standInPendingBegin.map { layer.standInLocalTime(at: StandInClock.now) + $0 } ?? copy.beginTime)
      StandInClock.schedule(at: max(StandInClock.now, beginGlobal.isFinite ? beginGlobal : StandInClock.now)) {
        if !copy.standInStartSent && !copy.standInStopSent {
          copy.standInStartSent = true
          copy.delegate?.animationDidStart(copy)
        }
      }
    }
  }

  static func remove(
    from layer: CALayer, where pred: ((key: String, anim: CAAnimation, anonymous: Bool)) -> Bool, finished: Bool
  ) {
    let removed = layer.animationList.filter(pred)
    if removed.isEmpty { return }
    layer.animationList.removeAll(where: pred)
    for r in removed where !r.anim.standInStopSent {
      r.anim.standInStopSent = true
      let a = r.anim
      // Core Animation reports removals asynchronously: on the next run-loop turn.
      StandInClock.schedule(at: StandInClock.now) { notifyStop(a, finished: finished) }
    }
  }

  static func notifyStop(_ a: CAAnimation, finished: Bool) {
    let handlers = a.standInStopHandlers
    a.standInStopHandlers = []
    if !a.standInStartSent, let d = a.delegate {
      a.standInStartSent = true
      d.animationDidStart(a)
    }
    a.delegate?.animationDidStop(a, finished: finished)
    for h in handlers { h(a, finished) }
  }

  // MARK: Timing

  /// Position of `anim` at `parentTime` (its parent's time: the layer's, or the group's):
  /// seconds into the current cycle, fraction of the simple duration, iteration index.
  /// Nil when the animation has no effect (before/after its active time without fill).
  static func timing(_ anim: CAAnimation, parentTime: Double) -> (tin: Double, fraction: Double, iteration: Int)? {
    let d = anim.effectiveDuration
    let begin = anim.standInPendingBegin.map { parentTime + $0 } ?? anim.beginTime
    let t0 = (parentTime - begin) * Double(anim.speed) + anim.timeOffset
    let cycle = anim.autoreverses ? 2 * d : d
    let active = activeDuration(anim)
    var t = t0
    if t < 0 {
      if !anim.fillMode.fillsBackwards { return nil }
      t = 0
    }
    var atEnd = false
    if t >= active - 1e-12 {
      if !anim.fillMode.fillsForwards && !(t0 < active) { return nil }
      t = active
      atEnd = true
    }
    if !active.isFinite && atEnd { return nil }
    var iteration = Int(floor(t / cycle))
    if atEnd { iteration = max(0, Int(ceil(active / cycle)) - 1) }
    var tin = t - Double(iteration) * cycle
    if anim.autoreverses && tin > d { tin = 2 * d - tin }
    tin = min(max(tin, 0), d)
    return (tin, d > 0 ? tin / d : 1, iteration)
  }

  static func activeDuration(_ anim: CAAnimation) -> Double {
    let d = anim.effectiveDuration
    let cycle = anim.autoreverses ? 2 * d : d
    if anim.repeatDuration > 0 { return anim.repeatDuration }
    let rc = Double(anim.repeatCount)
    if rc.isInfinite || rc >= Double(Float.greatestFiniteMagnitude) { return .infinity }
    return cycle * max(1, rc)
  }

  // MARK: Presentation

  static func presentationValues(of layer: CALayer, at time: Double) -> [String: AnimValue] {
    var vals = layer.values
    let tl = layer.standInLocalTime(at: time)
    for entry in layer.animationList { apply(entry.anim, to: &vals, parentTime: tl, layer: layer) }
    return vals
  }

  static func apply(_ anim: CAAnimation, to vals: inout [String: AnimValue], parentTime: Double, layer: CALayer) {
    if let g = anim as? CAAnimationGroup {
      guard let tm = timing(anim, parentTime: parentTime) else { return }
      let local = g.timingFunction.map { $0.standInSolve(tm.fraction) * g.effectiveDuration } ?? tm.tin
      for child in g.animations ?? [] { apply(child, to: &vals, parentTime: local, layer: layer) }
      return
    }
    guard let pa = anim as? CAPropertyAnimation, let keyPath = pa.keyPath else { return }
    let progress: Double
    let fraction: Double
    let iteration: Int
    if let driver = anim.standInDriver {
      progress = driver()
      fraction = progress
      iteration = 0
    } else {
      guard let tm = timing(anim, parentTime: parentTime) else { return }
      fraction = anim.timingFunction.map { $0.standInSolve(tm.fraction) } ?? tm.fraction
      iteration = tm.iteration
      if let s = anim as? CASpringAnimation { progress = s.spring.value(tm.tin) } else { progress = fraction }
    }
    let (base, sub) = KeyPathSupport.split(keyPath)
    guard let full = vals[base] ?? layer.standInValue(forKey: base) else { return }
    guard let underlying = sub.map({ KeyPathSupport.get(full, $0) }) ?? full else { return }
    guard
      var value = animatedValue(
        pa, underlying: underlying, progress: progress, fraction: fraction,
        iteration: iteration)
    else { return }
    if let vf = pa.valueFunction { value = vf.apply(value) }
    let result = pa.isAdditive ? AnimValue.add(value, underlying) : value
    vals[base] = sub.map { KeyPathSupport.set(full, $0, result) } ?? result
  }

  static func animatedValue(
    _ pa: CAPropertyAnimation, underlying: AnimValue, progress: Double, fraction: Double,
    iteration: Int
  ) -> AnimValue? {
    if let b = pa as? CABasicAnimation {
      let from = AnimValue.from(b.fromValue)
      let to = AnimValue.from(b.toValue)
      let by = AnimValue.from(b.byValue)
      let start: AnimValue
      let end: AnimValue
      switch (from, to, by) {
      case (let f?, let t?, _):
        start = f
        end = t
      case (let f?, nil, let y?):
        start = f
        end = AnimValue.add(y, f)
      case (nil, let t?, let y?):
        start = AnimValue.subtract(t, y)
        end = t
      case (let f?, nil, nil):
        start = f
        end = underlying
      case (nil, let t?, nil):
        start = underlying
        end = t
      case (nil, nil, let y?):
        start = underlying
        end = AnimValue.add(y, underlying)
      default: return nil
      }
      var v = AnimValue.interpolate(start, end, progress)
      if pa.isCumulative && iteration > 0 {
        let delta = AnimValue.subtract(end, start)
        for _ in 0..<iteration { v = AnimValue.add(delta, v) }
      }
      return v
    }
    if let k = pa as? CAKeyframeAnimation {
      var vs = (k.values ?? []).compactMap { AnimValue.from($0) }
      if vs.isEmpty, let path = k.path {
        vs = path.shapes.compactMap { s -> AnimValue? in
          switch s {
          case .move(let p), .line(let p): return .point(p)
          case .quadCurve(let p, _), .curve(let p, _, _): return .point(p)
          default: return nil
          }
        }
      }
      guard !vs.isEmpty else { return nil }
      var v = keyframeValue(k, vs, fraction)
      if pa.isCumulative && iteration > 0, let first = vs.first, let last = vs.last {
        let delta = AnimValue.subtract(last, first)
        for _ in 0..<iteration { v = AnimValue.add(delta, v) }
      }
      return v
    }
    return nil
  }

  static func keyframeValue(_ k: CAKeyframeAnimation, _ vs: [AnimValue], _ f: Double) -> AnimValue {
    let n = vs.count
    if n == 1 { return vs[0] }
    let mode = k.calculationMode
    var times = (k.keyTimes ?? []).map { $0.doubleValue }
    if mode == .discrete {
      if times.count != n + 1 && times.count != n { times = (0...n).map { Double($0) / Double(n) } }
      var idx = 0
      for i in 0..<n where f >= times[i] { idx = i }
      if f >= 1 { idx = n - 1 }
      return vs[idx]
    }
    if mode == .paced || mode == .cubicPaced || times.count != n {
      if mode == .paced || mode == .cubicPaced {
        var acc = [0.0]
        for i in 1..<n { acc.append(acc[i - 1] + AnimValue.distance(vs[i - 1], vs[i])) }
        let total = acc.last!
        times = total > 0 ? acc.map { $0 / total } : (0..<n).map { Double($0) / Double(n - 1) }
      } else {
        times = (0..<n).map { Double($0) / Double(n - 1) }
      }
    }
    var seg = 0
    for i in 0..<(n - 1) where f >= times[i] { seg = i }
    let t0 = times[seg]
    let t1 = times[seg + 1]
    var u = t1 > t0 ? (f - t0) / (t1 - t0) : 1
    u = min(max(u, 0), 1)
    if mode == .linear || mode == .discrete, let tfs = k.timingFunctions, seg < tfs.count {
      u = tfs[seg].standInSolve(u)
    }
    if mode == .cubic || mode == .cubicPaced {
      // Catmull-Rom through the neighbouring values, component-wise for numeric types.
      let p0 = vs[max(seg - 1, 0)]
      let p1 = vs[seg]
      let p2 = vs[seg + 1]
      let p3 = vs[min(seg + 2, n - 1)]
      let u2 = u * u
      let u3 = u2 * u
      let w0 = -0.5 * u3 + u2 - 0.5 * u
      let w1 = 1.5 * u3 - 2.5 * u2 + 1
      let w2 = -1.5 * u3 + 2 * u2 + 0.5 * u
      let w3 = 0.5 * u3 - 0.5 * u2
      switch (p0, p1, p2, p3) {
      case (.scalar, .scalar, .scalar, .scalar), (.point, .point, .point, .point), (.size, .size, .size, .size):
        return AnimValue.add(
          AnimValue.add(AnimValue.scale(p0, w0), AnimValue.scale(p1, w1)),
          AnimValue.add(AnimValue.scale(p2, w2), AnimValue.scale(p3, w3)))
      default: break
      }
    }
    return AnimValue.interpolate(vs[seg], vs[seg + 1], u)
  }

  // MARK: Events

  /// Global time at which `anim` on `layer` ends its active duration, if it ever does.
  static func endTime(_ anim: CAAnimation, on layer: CALayer) -> Double? {
    if anim.standInDriver != nil || anim.standInStopSent { return nil }
    let active = activeDuration(anim)
    guard active.isFinite else { return nil }
    let m = layer.standInTimeMap
    let rate = m.a * Double(anim.speed)
    guard rate > 0 else { return nil }
    let begin = anim.standInPendingBegin.map { layer.standInLocalTime(at: StandInClock.now) + $0 } ?? anim.beginTime
    let localEnd = (active - anim.timeOffset) / Double(anim.speed) + begin
    return (localEnd - m.b) / m.a
  }

  static func record(_ a: CAAnimation, layer: CALayer, key: String?) {
    func d(_ x: Any?) -> String? { AnimValue.from(x)?.description }
    var timing = a.timingFunction?.description ?? "linear"
    if let s = a as? CASpringAnimation {
      timing = String(
        format: "spring(mass: %.6g, stiffness: %.6g, damping: %.6g, initialVelocity: %.6g)",
        Double(s.mass), Double(s.stiffness), Double(s.damping), Double(s.initialVelocity))
    }
    let pa = a as? CAPropertyAnimation
    var rec = StandInAnimationRecord(
      kind: a.kindName, origin: currentOrigin ?? "CALayer.add", target: standInTargetName(layer), layer: layer,
      key: key, keyPath: pa?.keyPath, fromValue: nil, toValue: nil, byValue: nil, values: nil, keyTimes: nil,
      beginTime: a.standInPendingBegin.map { layer.standInLocalTime(at: StandInClock.now) + $0 } ?? a.beginTime,
      duration: a.effectiveDuration, timing: timing, isAdditive: pa?.isAdditive ?? false,
      fillMode: a.fillMode.rawValue, isRemovedOnCompletion: a.isRemovedOnCompletion, animation: a)
    if let b = a as? CABasicAnimation {
      rec.fromValue = d(b.fromValue)
      rec.toValue = d(b.toValue)
      rec.byValue = d(b.byValue)
      if b.toValue == nil, b.byValue == nil, let kp = b.keyPath {
        rec.toValue = (layer.value(forKeyPath: kp)).flatMap { d($0) }.map { "\($0) (model)" }
      }
    }
    if let k = a as? CAKeyframeAnimation {
      rec.values = (k.values ?? []).compactMap { d($0) }
      rec.keyTimes = k.keyTimes?.map(\.doubleValue)
    }
    if let t = a as? CATransition { rec.keyPath = "transition \(t.type.rawValue) \(t.subtype?.rawValue ?? "")" }
    StandInRecorder.shared.events.append(.animation(rec))
  }
}

func standInTargetName(_ layer: CALayer) -> String {
  if let v = layer.standInOwningView { return "layer of \(v)" }
  var s = "\(type(of: layer))"
  if let n = layer.name { s += " '\(n)'" }
  return s + String(format: " %p", unsafeBitCast(layer, to: Int.self))
}

extension CALayer: StandInEventSource {
  func standInNextEvent() -> (CFTimeInterval, Int)? {
    var best: (Double, Int)? = nil
    for e in animationList {
      guard let t = StandInEngine.endTime(e.anim, on: self) else { continue }
      if best == nil || t < best!.0 || (t == best!.0 && e.anim.standInSequence < best!.1) {
        best = (t, e.anim.standInSequence)
      }
    }
    return best
  }
  func standInFireEvent() {
    let now = StandInClock.now
    let due = animationList.filter { e in StandInEngine.endTime(e.anim, on: self).map { $0 <= now + 1e-9 } ?? false }
      .sorted {
        (StandInEngine.endTime($0.anim, on: self)!, $0.anim.standInSequence) < (
          StandInEngine.endTime($1.anim, on: self)!, $1.anim.standInSequence
        )
      }
    for e in due {
      e.anim.standInStopSent = true
      if e.anim.isRemovedOnCompletion { animationList.removeAll { $0.anim === e.anim } }
      StandInEngine.notifyStop(e.anim, finished: true)
    }
  }
}
