import UIKit

@main
struct SelfTest {
  @MainActor static func main() {
    timingFunctions()
    transforms()
    springs()
    uikitSprings()
    additiveViewAnimations()
    fillModeAndBeginTime()
    layerTimeScrubbing()
    propertyAnimator()
    propertyAnimatorReverse()
    propertyAnimatorNobodyKeeps()
    modelUpdates()
    keyframes()
    subKeyPaths()
    transitionContext()
    percentDriven()
    pathsAndGeometry()
    transactions()
    print("selftest: \(Check.passed) passed, \(Check.failed) failed")
    if Check.failed > 0 { exit(1) }
  }

  /// Reads a scalar presentation value.
  @MainActor static func pres(_ v: UIView, _ kp: String) -> Double {
    let x = v.layer.presentation()?.value(forKeyPath: kp)
    if let f = x as? Float { return Double(f) }
    return (x as? CGFloat).map(Double.init) ?? .nan
  }

  @MainActor static func timingFunctions() {
    Check.begin("timing functions")
    let eio = CAMediaTimingFunction(name: .easeInEaseOut)
    Check.near(eio.standInSolve(0.5), 0.5, "easeInEaseOut(0.5)", tol: 1e-12)
    Check.near(
      eio.standInSolve(0.25), Reference.bezier(0.25, 0.42, 0, 0.58, 1), "easeInEaseOut(0.25) vs bisection", tol: 1e-10)
    // 40-digit reference (mpmath root of x(t) = 0.25): 0.12916193104731981164699828...
    // (the brief's "≈ 0.129164" is this value rounded loosely).
    Check.near(eio.standInSolve(0.25), 0.12916193104731981, "easeInEaseOut(0.25) vs 40-digit reference", tol: 1e-12)
    let curves: [(CAMediaTimingFunctionName, (Double, Double, Double, Double))] = [
      (.default, (0.25, 0.1, 0.25, 1)), (.easeIn, (0.42, 0, 1, 1)), (.easeOut, (0, 0, 0.58, 1)),
      (.easeInEaseOut, (0.42, 0, 0.58, 1)), (.linear, (0, 0, 1, 1)),
    ]
    for (name, cp) in curves {
      let f = CAMediaTimingFunction(name: name)
      var p = [Float](repeating: 0, count: 2)
      f.getControlPoint(at: 1, values: &p)
      Check.near(Double(p[0]), cp.0, "\(name.rawValue) c1x", tol: 1e-6)
      Check.near(Double(p[1]), cp.1, "\(name.rawValue) c1y", tol: 1e-6)
      for x in stride(from: 0.05, through: 0.95, by: 0.15) {
        Check.near(f.standInSolve(x), Reference.bezier(x, cp.0, cp.1, cp.2, cp.3), "\(name.rawValue)(\(x))", tol: 1e-10)
      }
    }
    let custom = CAMediaTimingFunction(controlPoints: 0.2, 0.9, 0.1, 1.0)
    Check.near(
      custom.standInSolve(0.3), Reference.bezier(0.3, Double(Float(0.2)), Double(Float(0.9)), Double(Float(0.1)), 1),
      "custom(0.3)", tol: 1e-10)
  }

  @MainActor static func transforms() {
    Check.begin("CATransform3D")
    let r = CATransform3DMakeRotation(.pi / 2, 0, 0, 1)
    Check.near(r.m11, 0, "rotZ m11", tol: 1e-12)
    Check.near(r.m12, 1, "rotZ m12 = sin")
    Check.near(r.m21, -1, "rotZ m21 = -sin")
    // Translate-then-rotate: CATransform3DRotate(translation) applies the rotation first.
    let tr = CATransform3DRotate(CATransform3DMakeTranslation(10, 0, 0), .pi / 2, 0, 0, 1)
    Check.near(tr.m41, 10, "rotate keeps translation row")
    Check.near(tr.m12, 1, "rotate m12")
    let t = CATransform3DTranslate(CATransform3DMakeScale(2, 2, 1), 5, 0, 0)
    Check.near(t.m41, 10, "translate before scale → 10")
    let inv = CATransform3DConcat(t, CATransform3DInvert(t))
    Check.that(
      CATransform3DIsIdentity(
        CATransform3D(
          m11: round(inv.m11), m12: round(inv.m12), m13: 0, m14: 0, m21: round(inv.m21), m22: round(inv.m22), m23: 0,
          m24: 0, m31: 0, m32: 0, m33: 1, m34: 0, m41: round(inv.m41), m42: round(inv.m42), m43: 0, m44: 1)),
      "t · t⁻¹ = identity")
    let a = CGAffineTransform(scaleX: 2, y: 3).translatedBy(x: 1, y: 1).rotated(by: 0.3)
    Check.that(CATransform3DGetAffineTransform(CATransform3DMakeAffineTransform(a)) == a, "affine round trip")
    let p = CGPoint(x: 1, y: 0).applying(CGAffineTransform(translationX: 5, y: 0).scaledBy(x: 2, y: 2))
    Check.near(p.x, 7, "scaledBy applies scale before translation")
    Check.that(
      CGAffineTransform(scaleX: 2, y: 4).inverted().concatenating(CGAffineTransform(scaleX: 2, y: 4)).isIdentity,
      "affine inverse")
    // Whole-matrix interpolation rotates by slerp.
    let l = CALayer()
    l.transform = CATransform3DMakeRotation(1.0, 0, 0, 1)
    let anim = CABasicAnimation(keyPath: "transform")
    anim.fromValue = CATransform3DIdentity
    anim.toValue = CATransform3DMakeRotation(1.0, 0, 0, 1)
    anim.duration = 1
    l.add(anim, forKey: "t")
    StandInClock.advance(to: 0.5)
    let mid = l.presentation()!.transform
    Check.near(mid.m11, cos(0.5), "interpolated rotation cos", tol: 1e-9)
    Check.near(mid.m12, sin(0.5), "interpolated rotation sin", tol: 1e-9)
    // A y flip by π interpolates about y.
    let f = CALayer()
    let flip = CABasicAnimation(keyPath: "transform")
    flip.fromValue = CATransform3DIdentity
    flip.toValue = CATransform3DMakeRotation(.pi, 0, 1, 0)
    flip.duration = 1
    f.add(flip, forKey: "f")
    StandInClock.advance(to: 1.0)
    let q = f.presentation()!.transform
    Check.near(q.m11, cos(Double.pi / 2), "flip halfway m11", tol: 1e-9)
    Check.near(abs(q.m13), 1, "flip halfway |m13|", tol: 1e-9)
  }

  @MainActor static func springs() {
    Check.begin("CASpringAnimation closed forms")
    let cases: [(m: Double, k: Double, c: Double, v: Double)] = [
      (1, 100, 10, 0), (1, 100, 20, 0), (1, 100, 40, 3), (2, 300, 5, -2), (1, 170, 26, 1),
    ]
    for cs in cases {
      let layer = CALayer()
      let s = CASpringAnimation(keyPath: "position.x")
      s.mass = CGFloat(cs.m)
      s.stiffness = CGFloat(cs.k)
      s.damping = CGFloat(cs.c)
      s.initialVelocity = CGFloat(cs.v)
      s.allowsOverdamping = true
      s.fromValue = 0
      s.toValue = 100
      s.duration = 5
      StandInClock.reset(to: 10)
      layer.add(s, forKey: "s")
      for t in [0.05, 0.2, 0.5, 1.3] {
        StandInClock.advance(to: 10 + t)
        let got = Double(layer.presentation()!.position.x)
        Check.near(
          got, 100 * Reference.spring(t, m: cs.m, k: cs.k, c: cs.c, v0: cs.v),
          "spring m\(cs.m) k\(cs.k) c\(cs.c) v\(cs.v) t\(t)", tol: 1e-6)
      }
    }
    let p = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
    Check.near(p.stiffness, pow(2 * Double.pi / 0.5, 2), "perceptual stiffness", tol: 1e-9)
    Check.near(p.damping, 4 * Double.pi * 0.7 / 0.5, "perceptual damping (bounce ≥ 0)", tol: 1e-9)
    Check.near(p.mass, 1, "perceptual mass")
    Check.near(p.perceptualDuration, 0.5, "perceptualDuration round trip", tol: 1e-9)
    Check.near(p.bounce, 0.3, "bounce round trip", tol: 1e-9)
    let n = CASpringAnimation(perceptualDuration: 0.4, bounce: -0.25)
    Check.near(n.damping, 4 * Double.pi / (0.4 * 0.75), "perceptual damping (bounce < 0)", tol: 1e-9)
    Check.near(n.bounce, -0.25, "negative bounce round trip", tol: 1e-9)
    let u = UISpringTimingParameters(duration: 0.6, bounce: 0.2)
    let animator = UIViewPropertyAnimator(duration: 3, timingParameters: u)
    let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    animator.addAnimations { v.center.x = 200 }
    animator.startAnimation()
    let rec = StandInRecorder.shared.animations.last
    Check.that(rec?.kind == "CASpringAnimation", "UISpringTimingParameters(duration:bounce:) → CASpringAnimation")
    if let sp = rec?.animation as? CASpringAnimation {
      Check.near(sp.stiffness, pow(2 * Double.pi / 0.6, 2), "UISpring(duration:bounce:) stiffness", tol: 1e-9)
      Check.near(sp.damping, 4 * Double.pi * 0.8 / 0.6, "UISpring(duration:bounce:) damping", tol: 1e-9)
    }
    Check.near(
      animator.duration, SpringMathProbe.settling(k: pow(2 * Double.pi / 0.6, 2), c: 4 * Double.pi * 0.8 / 0.6),
      "physical spring: animator duration = settling", tol: 1e-9)
  }

  @MainActor static func uikitSprings() {
    Check.begin("UIKit spring mapping")
    for (d, z) in [(0.5, 0.7), (1.0, 0.3), (0.35, 1.0), (2.0, 0.9)] {
      StandInRecorder.shared.reset()
      let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
      UIView.animate(
        withDuration: d, delay: 0, usingSpringWithDamping: CGFloat(z), initialSpringVelocity: 0, options: [],
        animations: { v.center = CGPoint(x: 100, y: 5) })
      guard let sp = StandInRecorder.shared.animations.first?.animation as? CASpringAnimation else {
        Check.that(false, "spring animation recorded")
        continue
      }
      let w = Reference.uiKitOmega(duration: d, ratio: z)
      Check.near(sp.stiffness, w * w, "stiffness d\(d) ζ\(z)", tol: 1e-6 * w * w)
      Check.near(sp.damping, 2 * z * w, "damping d\(d) ζ\(z)", tol: 1e-6 * w)
      Check.near(sp.mass, 1, "mass")
      Check.near(sp.duration, d, "CA duration = block duration")
      Check.that(sp.isAdditive, "spring position animation is additive")
    }
    let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    StandInRecorder.shared.reset()
    UIView.animate(springDuration: 0.5, bounce: 0.2, animations: { v.alpha = 0 })
    if let sp = StandInRecorder.shared.animations.first?.animation as? CASpringAnimation {
      Check.near(sp.stiffness, pow(2 * Double.pi / 0.5, 2), "animate(springDuration:) stiffness", tol: 1e-9)
      Check.near(sp.damping, 4 * Double.pi * 0.8 / 0.5, "animate(springDuration:) damping", tol: 1e-9)
    } else {
      Check.that(false, "animate(springDuration:) recorded a spring")
    }
  }

  @MainActor static func additiveViewAnimations() {
    Check.begin("additive view animations")
    let v = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
    var done: [Bool] = []
    UIView.animate(withDuration: 1, animations: { v.center = CGPoint(x: 100, y: 0) }, completion: { done.append($0) })
    Check.near(v.center.x, 100, "model updated at once")
    let r = StandInRecorder.shared.animations
    Check.that(
      r.count == 1 && r[0].isAdditive && r[0].keyPath == "position" && r[0].fillMode == "both",
      "one additive position animation, fill both")
    Check.that(
      r.first?.fromValue == "(-100, 0)" && r.first?.toValue == "(0, 0)",
      "from old−new to zero: \(r.first?.fromValue ?? "") → \(r.first?.toValue ?? "")")
    StandInClock.advance(to: 0.25)
    Check.near(pres(v, "position.x"), 100 * Reference.bezier(0.25, 0.42, 0, 0.58, 1), "ease at 0.25", tol: 1e-9)
    StandInClock.advance(to: 0.5)
    Check.near(pres(v, "position.x"), 50, "halfway")
    UIView.animate(withDuration: 1, animations: { v.center = CGPoint(x: 0, y: 0) }, completion: { done.append($0) })
    Check.that(
      v.layer.animationKeys() == ["position", "position-2"],
      "both additive animations kept: \(v.layer.animationKeys() ?? [])")
    Check.near(pres(v, "position.x"), 50, "no jump when interrupted")
    StandInClock.advance(to: 1.0)
    Check.near(pres(v, "position.x"), 50, "sum of both at t=1 (first done, second halfway)")
    Check.that(done == [true], "first completion fired at its end")
    StandInClock.advance(to: 1.5)
    Check.near(pres(v, "position.x"), 0, "settled")
    Check.that(done == [true, true], "second completion")
    Check.that(v.layer.animationKeys() == nil, "animations removed")
    // frame → position + bounds.origin + bounds.size, as UIKit does since iOS 8.
    StandInRecorder.shared.reset()
    UIView.animate(withDuration: 1, animations: { v.frame = CGRect(x: 0, y: 0, width: 40, height: 20) })
    let kps = StandInRecorder.shared.animations.map { $0.keyPath ?? "" }
    Check.that(
      kps == ["bounds.origin", "bounds.size", "position"], "frame animates bounds.origin, bounds.size, position: \(kps)"
    )
    StandInClock.advance(to: 2.0)
    Check.near(v.layer.presentation()!.bounds.width, 10 + 30 * 0.5, "bounds width halfway")
    // Non-additive alpha: replaced by a later animation on the same key; completion false.
    StandInClock.advance(to: 10)
    var alphaDone: [Bool] = []
    UIView.animate(withDuration: 1, animations: { v.alpha = 0 }, completion: { alphaDone.append($0) })
    StandInClock.advance(to: 10.5)
    Check.near(pres(v, "opacity"), 0.5, "alpha halfway", tol: 1e-6)
    UIView.animate(
      withDuration: 1, delay: 0, options: [.beginFromCurrentState], animations: { v.alpha = 1 },
      completion: { alphaDone.append($0) })
    Check.near(pres(v, "opacity"), 0.5, "beginFromCurrentState starts at presentation", tol: 1e-6)
    StandInClock.advance(to: 10.5)
    Check.that(alphaDone == [false], "replaced animation's completion gets false")
    StandInClock.advance(to: 11.5)
    Check.that(alphaDone == [false, true], "second completion true")
    // transform additive: from = old · new⁻¹.
    StandInRecorder.shared.reset()
    v.transform = CGAffineTransform(scaleX: 2, y: 2)
    UIView.animate(withDuration: 1, delay: 0, options: .curveLinear, animations: { v.transform = .identity })
    Check.that(StandInRecorder.shared.animations.first?.isAdditive == true, "transform animation additive")
    StandInClock.advance(to: 12.0)
    Check.near(v.layer.presentation()!.transform.m11, 1.5, "transform scale halfway", tol: 1e-9)
  }

  @MainActor static func fillModeAndBeginTime() {
    Check.begin("fillMode and beginTime")
    func make(_ fill: CAMediaTimingFillMode, removed: Bool = true) -> CALayer {
      let l = CALayer()
      l.opacity = 0.25
      let a = CABasicAnimation(keyPath: "opacity")
      a.fromValue = 0
      a.toValue = 1
      a.duration = 1
      a.beginTime = CACurrentMediaTime() + 1
      a.fillMode = fill
      a.isRemovedOnCompletion = removed
      l.add(a, forKey: "o")
      return l
    }
    let none = make(.removed)
    let back = make(.backwards)
    let fwd = make(.forwards, removed: false)
    let both = make(.both, removed: false)
    StandInClock.advance(to: 0.5)
    Check.near(none.presentation()!.opacity, 0.25, "before begin, no fill → model")
    Check.near(back.presentation()!.opacity, 0, "before begin, backwards → from")
    Check.near(fwd.presentation()!.opacity, 0.25, "before begin, forwards → model")
    Check.near(both.presentation()!.opacity, 0, "before begin, both → from")
    StandInClock.advance(to: 1.5)
    Check.near(none.presentation()!.opacity, 0.5, "active")
    StandInClock.advance(to: 3)
    Check.near(none.presentation()!.opacity, 0.25, "after end, removed → model")
    Check.that(none.animationKeys() == nil, "removed on completion")
    Check.near(fwd.presentation()!.opacity, 1, "after end, forwards kept → to")
    Check.near(back.presentation()!.opacity, 0.25, "after end, backwards → model")
    Check.that(fwd.animationKeys() == ["o"], "isRemovedOnCompletion false keeps it")
    // UIView delay: old value shown during the delay (fill both).
    let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    UIView.animate(withDuration: 1, delay: 1, options: .curveLinear, animations: { v.alpha = 0 })
    StandInClock.advance(to: 3.5)
    Check.near(pres(v, "opacity"), 1, "UIView delay shows old value", tol: 1e-6)
    StandInClock.advance(to: 4.5)
    Check.near(pres(v, "opacity"), 0.5, "UIView delayed animation halfway", tol: 1e-6)
    // repeat + autoreverse.
    let l = CALayer()
    let a = CABasicAnimation(keyPath: "position.y")
    a.fromValue = 0
    a.toValue = 10
    a.duration = 1
    a.autoreverses = true
    a.repeatCount = 2
    let t0 = CACurrentMediaTime()
    l.add(a, forKey: "r")
    StandInClock.advance(to: t0 + 1.25)
    Check.near(l.presentation()!.position.y, 7.5, "autoreverse second half (1.25 s)")
    StandInClock.advance(to: t0 + 2.5)
    Check.near(l.presentation()!.position.y, 5, "second repeat forward half")
    StandInClock.advance(to: t0 + 4.5)
    Check.that(l.animationKeys() == nil, "removed after 2 autoreversed repeats (4 s)")
  }

  @MainActor static func layerTimeScrubbing() {
    Check.begin("layer speed/timeOffset")
    let container = CALayer()
    let child = CALayer()
    container.addSublayer(child)
    let a = CABasicAnimation(keyPath: "position.x")
    a.fromValue = 0
    a.toValue = 100
    a.duration = 1
    StandInClock.advance(to: 5)
    container.speed = 0
    container.timeOffset = 0
    child.add(a, forKey: "x")
    // The animation's beginTime is fixed when the run-loop turn commits (layer time 0 here).
    StandInClock.runLoopOnce()
    Check.near(child.animation(forKey: "x")!.beginTime, 0, "beginTime assigned at commit in layer time")
    Check.near(child.presentation()!.position.x, 0, "paused at 0")
    container.timeOffset = 0.3
    Check.near(child.presentation()!.position.x, 30, "scrubbed to 0.3")
    StandInClock.advance(to: 50)
    Check.near(child.presentation()!.position.x, 30, "paused: clock does not move it")
    Check.near(container.convertTime(CACurrentMediaTime(), from: nil), 0.3, "layer time = timeOffset")
    // Resume (QA1673).
    let paused = container.timeOffset
    container.speed = 1
    container.timeOffset = 0
    container.beginTime = 0
    container.beginTime = container.convertTime(CACurrentMediaTime(), from: nil) - paused
    StandInClock.advance(to: 50.2)
    Check.near(child.presentation()!.position.x, 50, "resumed +0.2", tol: 1e-9)
    StandInClock.advance(to: 51)
    Check.that(child.animationKeys() == nil, "finished after resume")
  }

  @MainActor static func propertyAnimator() {
    Check.begin("UIViewPropertyAnimator")
    let v = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
    let an = UIViewPropertyAnimator(duration: 1, curve: .easeIn) { v.center = CGPoint(x: 100, y: 0) }
    var positions: [UIViewAnimatingPosition] = []
    an.addCompletion { positions.append($0) }
    Check.that(an.state == .inactive, "inactive at first")
    an.startAnimation()
    Check.that(an.state == .active && an.isRunning, "running")
    StandInClock.advance(to: 0.5)
    Check.near(pres(v, "position.x"), 100 * Reference.bezier(0.5, 0.42, 0, 1, 1), "easeIn at 0.5", tol: 1e-9)
    Check.near(an.fractionComplete, 0.5, "fractionComplete is time-based")
    an.pauseAnimation()
    Check.that(!an.isRunning, "paused")
    Check.near(pres(v, "position.x"), 50, "scrubsLinearly: paused shows linear fraction")
    an.fractionComplete = 0.25
    Check.near(pres(v, "position.x"), 25, "scrub linearly to 0.25")
    an.scrubsLinearly = false
    Check.near(pres(v, "position.x"), 100 * Reference.bezier(0.25, 0.42, 0, 1, 1), "scrub through the curve")
    an.scrubsLinearly = true
    an.fractionComplete = 0.5
    StandInClock.advance(to: 3)
    Check.near(pres(v, "position.x"), 50, "paused animator ignores the clock")
    an.continueAnimation(withTimingParameters: UICubicTimingParameters(animationCurve: .linear), durationFactor: 2)
    StandInClock.advance(to: 3.5)
    Check.near(an.fractionComplete, 0.75, "remaining (1−0.5)·1·2 = 1 s: half done after 0.5 s")
    Check.near(pres(v, "position.x"), 75, "continued linearly from 50")
    StandInClock.advance(to: 4.0)
    Check.that(positions == [.end], "completion at .end")
    Check.that(an.state == .inactive, "inactive after completion")
    Check.near(pres(v, "position.x"), 100, "at end")
    Check.that(v.layer.animationKeys() == nil, "animations removed at the end")
    // Delay factor and addAnimations while running.
    StandInClock.advance(to: 10)
    let w = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let b = UIViewPropertyAnimator(duration: 2, curve: .linear)
    b.addAnimations({ w.alpha = 0 }, delayFactor: 0.5)
    b.startAnimation()
    StandInClock.advance(to: 10.5)
    Check.near(pres(w, "opacity"), 1, "delayed block not started", tol: 1e-6)
    StandInClock.advance(to: 11.5)
    Check.near(pres(w, "opacity"), 0.5, "delayed block halfway", tol: 1e-6)
    // stopAnimation(false) + finishAnimation(at: .current).
    let c = UIViewPropertyAnimator(duration: 1, curve: .linear) { w.center.x = 200 }
    var cpos: [UIViewAnimatingPosition] = []
    c.addCompletion { cpos.append($0) }
    let startX = Double(w.center.x)
    c.startAnimation()
    StandInClock.advance(to: 12.0)
    c.stopAnimation(false)
    Check.that(c.state == .stopped, "stopped")
    c.finishAnimation(at: .current)
    Check.that(cpos == [.current], "completion .current")
    Check.near(w.center.x, startX + (200 - startX) * 0.5, "model left at current value", tol: 1e-9)
    // Spring animator via damping ratio.
    StandInRecorder.shared.reset()
    let s = UIViewPropertyAnimator(duration: 0.8, dampingRatio: 0.6) { w.center.y = 50 }
    s.startAnimation()
    if let sp = StandInRecorder.shared.animations.first?.animation as? CASpringAnimation {
      let om = Reference.uiKitOmega(duration: 0.8, ratio: 0.6)
      Check.near(sp.stiffness, om * om, "dampingRatio animator uses UIKit's mapping", tol: 1e-6 * om * om)
      StandInClock.advance(to: 12.3)
      let expect = 5 + 45 * Reference.spring(0.3, m: 1, k: om * om, c: 2 * 0.6 * om, v0: 0)
      Check.near(pres(w, "position.y"), expect, "spring animator value", tol: 1e-5)
    } else {
      Check.that(false, "spring animator recorded a CASpringAnimation")
    }
  }

  /// UIKit keeps a running property animator alive: one started in a function and not kept
  /// still runs its completions.
  @MainActor static func propertyAnimatorNobodyKeeps() {
    Check.begin("UIViewPropertyAnimator nobody keeps")
    StandInClock.reset(to: 0)
    let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    var ended: UIViewAnimatingPosition?
    weak var released: UIViewPropertyAnimator?
    do {
      let a = UIViewPropertyAnimator(duration: 0.5, dampingRatio: 0.9) { v.center.x = 100 }
      a.addCompletion { ended = $0 }
      a.startAnimation()
      released = a
    }
    Check.that(released != nil, "kept while it runs")
    StandInClock.advance(to: 1)
    Check.that(ended == .end, "its completion ran with .end")
    Check.near(v.layer.presentation()!.position.x, 100, "at the end")
  }

  @MainActor static func propertyAnimatorReverse() {
    Check.begin("UIViewPropertyAnimator reversed")
    let v = UIView(frame: CGRect(x: -5, y: -5, width: 10, height: 10))
    let an = UIViewPropertyAnimator(duration: 1, curve: .linear) { v.center.x = 100 }
    var positions: [UIViewAnimatingPosition] = []
    an.addCompletion { positions.append($0) }
    an.startAnimation()
    StandInClock.advance(to: 0.6)
    an.pauseAnimation()
    an.isReversed = true
    an.continueAnimation(withTimingParameters: nil, durationFactor: 1)
    StandInClock.advance(to: 0.9)
    Check.near(an.fractionComplete, 0.3, "running back", tol: 1e-9)
    Check.near(pres(v, "position.x"), 30, "value follows back", tol: 1e-9)
    StandInClock.advance(to: 1.5)
    Check.that(positions == [.start], "completion .start")
    Check.near(v.center.x, 0, "model restored at .start")
    Check.near(pres(v, "position.x"), 0, "presentation at start")
  }

  @MainActor static func modelUpdates() {
    Check.begin("model updates without animation")
    let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    StandInClock.advance(to: 1)
    v.alpha = 0.3
    v.center = CGPoint(x: 40, y: 40)
    Check.near(pres(v, "opacity"), 0.3, "view alpha immediate", tol: 1e-6)
    Check.near(pres(v, "position.x"), 40, "view center immediate")
    Check.that(StandInRecorder.shared.animations.isEmpty, "no animation for a view outside blocks")
    let fresh = CAShapeLayer()
    fresh.opacity = 0.5
    Check.that(StandInRecorder.shared.animations.isEmpty, "uncommitted standalone layer: no implicit animation")
    StandInClock.advance(to: 2)
    fresh.opacity = 1
    let r = StandInRecorder.shared.animations
    Check.that(
      r.count == 1 && r[0].origin == "implicit" && abs(r[0].duration - 0.25) < 1e-12,
      "committed standalone layer: implicit 0.25 s")
    StandInClock.advance(to: 2.125)
    Check.near(fresh.presentation()!.opacity, 0.75, "implicit animation halfway (linear)")
    CATransaction.begin()
    CATransaction.setDisableActions(true)
    fresh.opacity = 0
    CATransaction.commit()
    Check.that(StandInRecorder.shared.animations.count == 1, "setDisableActions(true): no new animation")
    var nestedDone: Bool?
    UIView.performWithoutAnimation {
      UIView.animate(withDuration: 1, animations: { v.alpha = 1 }, completion: { nestedDone = $0 })
    }
    Check.near(pres(v, "opacity"), 1, "performWithoutAnimation disables nested blocks too", tol: 1e-6)
    Check.that(StandInRecorder.shared.animations.count == 1, "no animation recorded inside performWithoutAnimation")
    StandInClock.runLoopOnce()
    Check.that(nestedDone == true, "nested completion still called (next turn, finished = true)")
  }

  @MainActor static func keyframes() {
    Check.begin("keyframes")
    let v = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
    let linear = UIView.KeyframeAnimationOptions(rawValue: UIView.AnimationOptions.curveLinear.rawValue)
    var done = false
    UIView.animateKeyframes(
      withDuration: 1, delay: 0, options: [.calculationModeLinear, linear],
      animations: {
        UIView.addKeyframe(withRelativeStartTime: 0, relativeDuration: 0.5) { v.alpha = 0.5 }
        UIView.addKeyframe(withRelativeStartTime: 0.5, relativeDuration: 0.5) { v.alpha = 0 }
      }, completion: { done = $0 })
    let r = StandInRecorder.shared.animations
    Check.that(
      r.count == 1 && r[0].kind == "CAKeyframeAnimation" && r[0].keyTimes == [0, 0.5, 1],
      "one keyframe animation, keyTimes \(r.first?.keyTimes ?? [])")
    StandInClock.advance(to: 0.25)
    Check.near(pres(v, "opacity"), 0.75, "first segment", tol: 1e-6)
    StandInClock.advance(to: 0.75)
    Check.near(pres(v, "opacity"), 0.25, "second segment", tol: 1e-6)
    StandInClock.advance(to: 1.0)
    Check.that(done, "completion")
    // Default: ease-in-ease-out over the whole animation; gaps hold values.
    StandInRecorder.shared.reset()
    UIView.animateKeyframes(
      withDuration: 1, delay: 0, options: [],
      animations: {
        UIView.addKeyframe(withRelativeStartTime: 0.2, relativeDuration: 0.3) { v.center.x = 100 }
      })
    let k = StandInRecorder.shared.animations.first
    Check.that(
      k?.keyTimes == [0, 0.2, 0.5, 1] && k?.timing == "easeInEaseOut",
      "gap keyframes and default curve: \(k?.keyTimes ?? []) \(k?.timing ?? "")")
    StandInClock.advance(to: 1.5)
    let warped = Reference.bezier(0.5, 0.42, 0, 0.58, 1)
    Check.near(pres(v, "position.x"), 5 + 95 * 1, "at warped 0.5 the keyframe is complete (\(warped))", tol: 1e-9)
  }

  @MainActor static func subKeyPaths() {
    Check.begin("sub-key-paths")
    let l = CALayer()
    l.transform = CATransform3DMakeScale(0.5, 0.5, 1)
    let rot = CABasicAnimation(keyPath: "transform.rotation.z")
    rot.fromValue = 0
    rot.toValue = Double.pi / 2
    rot.duration = 1
    l.add(rot, forKey: "rot")
    let sc = CABasicAnimation(keyPath: "transform.scale.x")
    sc.fromValue = 0.5
    sc.toValue = 1.5
    sc.duration = 1
    l.add(sc, forKey: "sx")
    StandInClock.advance(to: 0.5)
    let p = l.presentation()!
    Check.near(p.value(forKeyPath: "transform.rotation.z") as! CGFloat, Double.pi / 4, "rotation.z halfway", tol: 1e-9)
    Check.near(p.value(forKeyPath: "transform.scale.x") as! CGFloat, 1.0, "scale.x halfway", tol: 1e-9)
    Check.near(p.value(forKeyPath: "transform.scale.y") as! CGFloat, 0.5, "scale.y kept from the model", tol: 1e-9)
    let t = p.transform
    Check.near(t.m11, 1.0 * cos(Double.pi / 4), "m11 = sx·cos", tol: 1e-9)
    Check.near(t.m21, -0.5 * sin(Double.pi / 4), "m21 = −sy·sin", tol: 1e-9)
    // Additive sub-key-path and position.x.
    let m = CALayer()
    m.position = CGPoint(x: 10, y: 20)
    let px = CABasicAnimation(keyPath: "position.x")
    px.fromValue = 0
    px.toValue = 100
    px.duration = 1
    px.isAdditive = true
    m.add(px, forKey: "px")
    StandInClock.advance(to: 1.0)
    Check.near(m.presentation()!.position.x, 60, "additive position.x")
    Check.near(m.presentation()!.position.y, 20, "position.y untouched")
    m.setValue(CGFloat(0.3), forKeyPath: "transform.rotation.z")
    Check.near(
      m.value(forKeyPath: "transform.rotation.z") as! CGFloat, 0.3, "setValue(forKeyPath:) transform.rotation.z",
      tol: 1e-12)
    // A turn of exactly ±90° about y (gimbal lock) comes apart and back together unchanged, and
    // setting its y turn again keeps it a turn about y alone.
    for degrees in [90.0, -90.0] {
      let g = CALayer()
      g.transform = CATransform3DConcat(
        CATransform3DMakeRotation(CGFloat(degrees * .pi / 180), 0, 1, 0), CATransform3DMakeTranslation(5, 6, 0))
      Check.near(g.value(forKeyPath: "transform.rotation.x") as! CGFloat, 0, "rotation.x at y = \(degrees)°")
      g.setValue(CGFloat(degrees * .pi / 180), forKeyPath: "transform.rotation.y")
      let back = g.transform
      Check.near(back.m11, 0, "m11 after setting y = \(degrees)°", tol: 1e-12)
      Check.near(back.m22, 1, "m22 after setting y = \(degrees)°", tol: 1e-12)
      Check.near(back.m13, -sin(degrees * .pi / 180), "m13 after setting y = \(degrees)°", tol: 1e-12)
      Check.near(back.m41, 5, "translation kept at y = \(degrees)°", tol: 1e-12)
    }
    m.setValue(CGFloat(7), forKeyPath: "shadowOffset.height")
    Check.near(m.shadowOffset.height, 7, "shadowOffset.height")
    m.setValue(CGFloat(33), forKeyPath: "bounds.size.width")
    Check.near(m.bounds.width, 33, "bounds.size.width")
  }

  final class FadeAnimator: NSObject, UIViewControllerAnimatedTransitioning {
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval {
      0.4
    }
    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
      guard let to = ctx.view(forKey: .to), let toVC = ctx.viewController(forKey: .to) else { return }
      ctx.containerView.addSubview(to)
      to.frame = ctx.finalFrame(for: toVC)
      to.alpha = 0
      UIView.animate(
        withDuration: transitionDuration(using: ctx), delay: 0, options: .curveLinear,
        animations: {
          to.alpha = 1
        }, completion: { _ in ctx.completeTransition(!ctx.transitionWasCancelled) })
    }
  }

  final class AnimatorBackedTransition: NSObject, UIViewControllerAnimatedTransitioning {
    var animator: UIViewPropertyAnimator?
    func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?) -> TimeInterval { 1 }
    func animateTransition(using ctx: any UIViewControllerContextTransitioning) {
      interruptibleAnimator(using: ctx).startAnimation()
    }
    func interruptibleAnimator(using ctx: any UIViewControllerContextTransitioning) -> any UIViewImplicitlyAnimating {
      if let animator { return animator }
      let to = ctx.view(forKey: .to)!
      ctx.containerView.addSubview(to)
      to.center.x = 0
      let a = UIViewPropertyAnimator(duration: 1, curve: .linear) { to.center.x = 100 }
      a.addCompletion { pos in ctx.completeTransition(pos == .end) }
      animator = a
      return a
    }
  }

  @MainActor static func transitionContext() {
    Check.begin("transition context")
    let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
    let from = UIViewController()
    let to = UIViewController()
    container.addSubview(from.view)
    let ctx = StandInTransitionContext(containerView: container, from: from, to: to)
    ctx.setFinalFrame(container.bounds, for: to)
    FadeAnimator().animateTransition(using: ctx)
    Check.that(to.view.superview === container, "to view added")
    StandInClock.advance(to: 0.2)
    Check.near(pres(to.view, "opacity"), 0.5, "fading in", tol: 1e-6)
    Check.that(ctx.completeTransitionCalls.isEmpty, "not completed yet")
    StandInClock.advance(to: 1)
    Check.that(ctx.completeTransitionCalls == [true], "completeTransition(true)")
    Check.near(ctx.completeTransitionTimes.first ?? -1, 0.4, "at the animation's end")
    Check.that(StandInRecorder.shared.completeTransitionCalls == [true], "recorded")
    // A block that also animates a view nobody retains (a discarded snapshot) still completes.
    var finished: Bool?
    do {
      let orphan = to.view.snapshotView(afterScreenUpdates: false)!
      UIView.animate(
        withDuration: 0.3,
        animations: {
          orphan.alpha = 0
          to.view.alpha = 0.5
        }, completion: { finished = $0 })
    }
    StandInClock.advance(to: 2)
    Check.that(finished == true, "completion despite a released animated view")
  }

  @MainActor static func percentDriven() {
    Check.begin("percent-driven")
    // Classic: container layer time.
    do {
      let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      let ctx = StandInTransitionContext(containerView: container, from: UIViewController(), to: UIViewController())
      ctx.isInteractive = true
      ctx.setFinalFrame(container.bounds, for: ctx.toViewController!)
      let anim = FadeAnimator()
      ctx.animationController = anim
      let interaction = UIPercentDrivenInteractiveTransition()
      interaction.startInteractiveTransition(ctx)
      let toView = ctx.toViewController!.view!
      interaction.update(0.25)
      Check.near(pres(toView, "opacity"), 0.25, "scrubbed to 25 %", tol: 1e-6)
      StandInClock.advance(to: 5)
      Check.near(pres(toView, "opacity"), 0.25, "interactive: clock does not run it", tol: 1e-6)
      interaction.finish()
      StandInClock.advance(to: 5.15)
      Check.near(pres(toView, "opacity"), 0.25 + 0.15 / 0.4, "finishing at completionSpeed 1", tol: 1e-6)
      StandInClock.advance(to: 6)
      Check.that(ctx.completeTransitionCalls == [true], "completed: \(ctx.completeTransitionCalls)")
    }
    // Cancel with the classic technique.
    do {
      StandInClock.advance(to: 10)
      let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      let ctx = StandInTransitionContext(containerView: container, from: UIViewController(), to: UIViewController())
      ctx.isInteractive = true
      ctx.animationController = FadeAnimator()
      let interaction = UIPercentDrivenInteractiveTransition()
      interaction.startInteractiveTransition(ctx)
      interaction.update(0.5)
      interaction.cancel()
      StandInClock.advance(to: 10.1)
      Check.near(pres(ctx.toViewController!.view, "opacity"), 0.25, "cancel runs time back", tol: 1e-6)
      StandInClock.advance(to: 11)
      Check.that(
        ctx.completeTransitionCalls == [false], "cancelled: completeTransition(false) \(ctx.completeTransitionCalls)")
    }
    // Interruptible animator.
    do {
      StandInClock.advance(to: 20)
      let container = UIView(frame: CGRect(x: 0, y: 0, width: 390, height: 844))
      let ctx = StandInTransitionContext(containerView: container, from: UIViewController(), to: UIViewController())
      ctx.isInteractive = true
      let anim = AnimatorBackedTransition()
      ctx.animationController = anim
      let interaction = UIPercentDrivenInteractiveTransition()
      interaction.startInteractiveTransition(ctx)
      interaction.update(0.4)
      let toView = ctx.toViewController!.view!
      Check.near(pres(toView, "position.x"), 40, "animator scrubbed", tol: 1e-9)
      interaction.cancel()
      StandInClock.advance(to: 20.2)
      Check.near(
        pres(toView, "position.x"), 40 * (1 - Reference.bezier(0.5, 0.42, 0, 0.58, 1)),
        "reversing with completionCurve easeInOut", tol: 1e-9)
      StandInClock.advance(to: 21)
      Check.that(ctx.completeTransitionCalls == [false], "animator cancelled → completeTransition(false)")
    }
  }

  @MainActor static func pathsAndGeometry() {
    Check.begin("paths and geometry")
    let p = UIBezierPath(roundedRect: CGRect(x: 0, y: 0, width: 100, height: 40), cornerRadius: 30).cgPath
    Check.that(
      p.standInSingleShape
        == .roundedRect(
          CGRect(x: 0, y: 0, width: 100, height: 40), cornerWidth: 20, cornerHeight: 20, transform: .identity),
      "rounded rect clamped to half height: \(p)")
    let circle = UIBezierPath(ovalIn: CGRect(x: 10, y: 10, width: 50, height: 50)).cgPath
    Check.that(
      circle.standInSingleShape == .ellipse(CGRect(x: 10, y: 10, width: 50, height: 50), transform: .identity), "oval")
    let mask = CAShapeLayer()
    mask.path = CGPath(rect: CGRect(x: 0, y: 0, width: 10, height: 10), transform: nil)
    let grow = CABasicAnimation(keyPath: "path")
    grow.fromValue = mask.path
    grow.toValue = CGPath(rect: CGRect(x: 0, y: 0, width: 30, height: 50), transform: nil)
    grow.duration = 1
    mask.add(grow, forKey: "p")
    StandInClock.advance(to: 0.5)
    Check.that(
      mask.presentation()?.path?.standInSingleShape
        == .rect(CGRect(x: 0, y: 0, width: 20, height: 30), transform: .identity), "path interpolates shape parameters")
    // Conversions through transforms.
    let root = UIView(frame: CGRect(x: 0, y: 0, width: 400, height: 400))
    let a = UIView(frame: CGRect(x: 100, y: 100, width: 100, height: 100))
    root.addSubview(a)
    a.transform = CGAffineTransform(scaleX: 2, y: 2)
    let b = UIView(frame: CGRect(x: 10, y: 10, width: 20, height: 20))
    a.addSubview(b)
    let r = b.convert(b.bounds, to: root)
    Check.that(r == CGRect(x: 70, y: 70, width: 40, height: 40), "convert rect through a scaled superview: \(r)")
    let back = root.convert(CGPoint(x: 70, y: 70), to: b)
    Check.near(back.x, 0, "convert back", tol: 1e-12)
    Check.that(
      a.frame == CGRect(x: 50, y: 50, width: 200, height: 200), "frame of a scaled view is its bounding box: \(a.frame)"
    )
    let snap = a.snapshotView(afterScreenUpdates: false)
    Check.that(
      snap?.standInSnapshotSource === a && snap?.frame == CGRect(x: 0, y: 0, width: 100, height: 100),
      "snapshot records its source")
    root.insertSubview(snap!, belowSubview: a)
    Check.that(
      root.subviews.first === snap && root.layer.sublayers?.first === snap!.layer,
      "insertSubview(belowSubview:) orders views and layers")
  }

  @MainActor static func transactions() {
    Check.begin("CATransaction")
    let l = CALayer()
    StandInClock.advance(to: 1)
    var fired: [Double] = []
    CATransaction.begin()
    CATransaction.setAnimationDuration(0.5)
    CATransaction.setCompletionBlock { fired.append(CACurrentMediaTime()) }
    l.position = CGPoint(x: 10, y: 0)
    let a = CABasicAnimation(keyPath: "opacity")
    a.fromValue = 0
    a.toValue = 1
    a.duration = 2
    l.add(a, forKey: "o")
    CATransaction.commit()
    Check.that(
      StandInRecorder.shared.animations.first?.duration == 0.5, "implicit animation uses the transaction duration")
    StandInClock.advance(to: 2)
    Check.that(fired.isEmpty, "waits for the longest animation")
    StandInClock.advance(to: 4)
    Check.that(fired == [3], "completion block when all animations finished: \(fired)")
  }
}

/// settlingDuration as documented in README (envelope amplitude·e^(−ζω₀t) = 0.001), computed here
/// independently for ζ < 1, v0 = 0.
enum SpringMathProbe {
  static func settling(k: Double, c: Double) -> Double {
    let w0 = k.squareRoot()
    let z = c / (2 * k.squareRoot())
    let wd = w0 * (1 - z * z).squareRoot()
    let amp = (1 + (z * w0 / wd) * (z * w0 / wd)).squareRoot()
    return log(amp / 0.001) / (z * w0)
  }
}
