/// The private helpers of an interactive scene's animator: `TimelineAnimator`, the scene's whole
/// timeline as an interruptible animator, and the Bézier it needs to know where a running
/// completion is. Written once here so each interactive animator reads the same.
enum TimelineHelpers {
  static func write(into source: inout SwiftSource) {
    for line in text.split(separator: "\n", omittingEmptySubsequences: false) { source.line(String(line)) }
  }

  private static let text = """
    // MARK: - The interactive timeline

    /// The scene's whole timeline as an interruptible animator.
    ///
    /// An interaction scrubs every animation linearly, without its own curve, so each animated key
    /// path is one linear keyframe animation over the timeline. While paused, the container layer's
    /// clock stands still at `fractionComplete` of the timeline (as UIKit's percent-driven transition
    /// scrubs it). Continuing runs the rest, or back to the start when reversed, over the remaining
    /// share of the duration times `durationFactor`, through the timing parameters' curve: each
    /// keyframe animation then sits in a group whose timing function bends its time.
    private final class TimelineAnimator: NSObject, UIViewImplicitlyAnimating {
      /// The paused container's clock reads `origin` at the timeline's start: a `beginTime` of 0
      /// would mean "now" to Core Animation.
      private static let origin: CFTimeInterval = 1

      private let container: CALayer
      private let duration: CFTimeInterval
      /// A layer that only keeps time for a running part, so its end completes the transition.
      private let clock = CALayer()
      /// Each key path's animation under its key (an additive one under a key of its own).
      private var tracks: [(layer: CALayer, animation: CAKeyframeAnimation, key: String)] = []
      private var completions: [(UIViewAnimatingPosition) -> Void] = []
      /// A part of the timeline running: when it began (the container's time), for how long, from
      /// which fraction to which, through which curve (nil: linear).
      private struct Part {
        let begin: CFTimeInterval
        let length: CFTimeInterval
        let from: CGFloat
        let to: CGFloat
        let curve: UICubicTimingParameters?
      }

      private var run: Part?
      /// Counts the parts run: a part paused or stopped before its end does not complete.
      private var runs = 0
      /// Where the timeline stands while nothing runs.
      private var standing: CGFloat = 0
      /// Whether the keyframe animations are on their layers, under the paused clock.
      private var placed = false

      private(set) var state: UIViewAnimatingState = .inactive
      var isReversed = false
      var isRunning: Bool { run != nil }

      init(container: CALayer, duration: CFTimeInterval) {
        self.container = container
        self.duration = duration
        super.init()
      }

      /// `keyPath` of `layer` along the timeline: `values` at `times` (seconds), linear between them;
      /// `additive`, added to what the key path's other animation gives.
      func add(_ layer: CALayer, _ keyPath: String, times: [CFTimeInterval], values: [Any], additive: Bool = false) {
        let animation = CAKeyframeAnimation(keyPath: keyPath)
        animation.isAdditive = additive
        animation.values = values
        animation.keyTimes = times.map { NSNumber(value: duration > 0 ? $0 / duration : 0) }
        animation.calculationMode = .linear
        animation.duration = max(duration, 1e-9)
        animation.beginTime = Self.origin
        animation.fillMode = .both
        animation.isRemovedOnCompletion = false
        tracks.append((layer, animation, additive ? keyPath + " \\(tracks.count)" : keyPath))
      }

      func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
      }

      var fractionComplete: CGFloat {
        get { run.map { progress(of: $0) } ?? standing }
        set { hold(at: min(max(newValue, 0), 1)) }
      }

      func startAnimation() {
        continueAnimation(withTimingParameters: nil, durationFactor: 1)
      }

      func startAnimation(afterDelay delay: TimeInterval) {
        continueAnimation(withTimingParameters: nil, durationFactor: 1, delay: delay)
      }

      func pauseAnimation() {
        hold(at: fractionComplete)
      }

      /// Stops where the timeline is: the views stay there until `finishAnimation(at:)`.
      func stopAnimation(_ withoutFinishing: Bool) {
        hold(at: fractionComplete)
        state = withoutFinishing ? .inactive : .stopped
      }

      /// Ends the transition at the end or the start; `.current` ends it at the nearer of the two,
      /// as the scene has no state between them for the app's views to keep.
      func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        let position: UIViewAnimatingPosition =
          finalPosition == .current ? (fractionComplete >= 0.5 ? .end : .start) : finalPosition
        runs += 1
        run = nil
        placed = false
        for (layer, _, _) in tracks { layer.removeAllAnimations() }
        clock.removeFromSuperlayer()
        setClocks(running: true)
        state = .inactive
        for completion in completions { completion(position) }
        completions = []
      }

      func continueAnimation(withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat) {
        continueAnimation(withTimingParameters: parameters, durationFactor: durationFactor, delay: 0)
      }

      /// Runs from where the timeline is to its end (its start when reversed) over the remaining share
      /// of the duration times `durationFactor`, through the parameters' cubic curve.
      ///
      /// With the curve c over the part's length L, from fraction f to g, the timeline is at
      /// f + (g − f)·c(u) at u = elapsed ÷ L. A group of length L whose timing function is c shows its
      /// animation the time L·c(u); a keyframe animation over the timeline stretched to last
      /// L ÷ (g − f) and begun f of that length early is then at f + (g − f)·c(u). Reversed, the same
      /// holds for the keyframes turned back to front, which run from 1 − f to 1.
      private func continueAnimation(
        withTimingParameters parameters: (any UITimingCurveProvider)?, durationFactor: CGFloat, delay: TimeInterval
      ) {
        let from = fractionComplete
        let to: CGFloat = isReversed ? 0 : 1
        let length = CFTimeInterval(abs(to - from)) * duration * CFTimeInterval(durationFactor)
        state = .active
        guard length > 0 else {
          finishAnimation(at: isReversed ? .start : .end)
          return
        }
        setClocks(running: true)
        let begin = container.convertTime(CACurrentMediaTime(), from: nil) + delay
        let curve = parameters?.cubicTimingParameters
        runs += 1
        let number = runs
        run = Part(begin: begin, length: length, from: from, to: to, curve: curve)
        placed = false
        let start = isReversed ? 1 - from : from
        let stretched = length / CFTimeInterval(abs(to - from))
        CATransaction.begin()
        CATransaction.setCompletionBlock { [weak self] in
          guard let self, self.runs == number, let run = self.run else { return }
          self.finishAnimation(at: run.to == 1 ? .end : .start)
        }
        for (layer, animation, key) in tracks {
          guard let part = animation.copy() as? CAKeyframeAnimation else { continue }
          if isReversed {
            part.values = animation.values.map { Array($0.reversed()) }
            part.keyTimes = animation.keyTimes?.reversed().map { NSNumber(value: 1 - $0.doubleValue) }
          }
          part.duration = stretched
          part.beginTime = -CFTimeInterval(start) * stretched
          let group = CAAnimationGroup()
          group.animations = [part]
          group.beginTime = begin
          group.duration = length
          if let curve {
            group.timingFunction = CAMediaTimingFunction(
              controlPoints: Float(curve.controlPoint1.x), Float(curve.controlPoint1.y), Float(curve.controlPoint2.x),
              Float(curve.controlPoint2.y))
          }
          group.fillMode = .both
          group.isRemovedOnCompletion = false
          layer.removeAnimation(forKey: key)
          layer.add(group, forKey: key)
        }
        container.addSublayer(clock)
        let tick = CABasicAnimation(keyPath: "opacity")
        tick.fromValue = 1
        tick.toValue = 1
        tick.beginTime = begin
        tick.duration = length
        clock.add(tick, forKey: "segue.clock")
        CATransaction.commit()
      }

      /// Stands the timeline still at `fraction`: the keyframe animations on their layers, the
      /// container's clock stopped there.
      private func hold(at fraction: CGFloat) {
        runs += 1
        run = nil
        standing = fraction
        state = .active
        if !placed {
          clock.removeFromSuperlayer()
          for (layer, animation, key) in tracks {
            layer.removeAnimation(forKey: key)
            layer.add(animation, forKey: key)
          }
          placed = true
        }
        setClocks(running: false, at: Self.origin + CFTimeInterval(fraction) * duration)
      }

      /// Starts the container's clock, in step with its parent's, or stops it at `time`. A layer
      /// outside the container's tree gets the same (a mask, which has no superlayer; a presenting
      /// view animated where it is, in the window): stopped, its clock reads `time` whichever
      /// clock it follows.
      private func setClocks(running: Bool, at time: CFTimeInterval = 0) {
        let outside = tracks.map { $0.layer }.filter { layer in
          var parent = layer.superlayer
          while let next = parent, next !== container { parent = next.superlayer }
          return parent == nil
        }
        for layer in [container] + outside {
          layer.speed = running ? 1 : 0
          layer.beginTime = 0
          layer.timeOffset = running ? 0 : time
        }
      }

      /// The fraction a running part has reached now.
      private func progress(of run: Part) -> CGFloat {
        let now = container.convertTime(CACurrentMediaTime(), from: nil)
        let u = CGFloat(min(max((now - run.begin) / run.length, 0), 1))
        let eased = run.curve.map { Self.bezier($0, at: u) } ?? u
        return run.from + (run.to - run.from) * eased
      }

      /// The cubic curve's y where its x is `x`: Newton's method, then halving where it stalls.
      private static func bezier(_ curve: UICubicTimingParameters, at x: CGFloat) -> CGFloat {
        let (p1, p2) = (curve.controlPoint1, curve.controlPoint2)
        func value(_ a: CGFloat, _ b: CGFloat, _ s: CGFloat) -> CGFloat {
          3 * a * s * (1 - s) * (1 - s) + 3 * b * s * s * (1 - s) + s * s * s
        }
        var s = x
        for _ in 0..<8 {
          let slope = 3 * p1.x * (1 - s) * (1 - s) + 6 * (p2.x - p1.x) * s * (1 - s) + 3 * (1 - p2.x) * s * s
          guard abs(slope) > 1e-6 else { break }
          s = min(max(s - (value(p1.x, p2.x, s) - x) / slope, 0), 1)
        }
        var (low, high) = (CGFloat(0), CGFloat(1))
        while abs(value(p1.x, p2.x, s) - x) > 1e-7, high - low > 1e-7 {
          if value(p1.x, p2.x, s) < x { low = s } else { high = s }
          s = (low + high) / 2
        }
        return value(p1.y, p2.y, s)
      }
    }
    """
}
