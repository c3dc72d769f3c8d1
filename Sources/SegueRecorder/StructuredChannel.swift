#if canImport(UIKit)
  import UIKit

  /// One scene property of one target written as the animations that drive it (their begin,
  /// duration, curve, from and to), read from the Core Animation objects: a Bézier curve or a
  /// spring, as the app gave it, instead of the samples it produces.
  ///
  /// The recorder writes a channel so only where it reproduces every sample: `value(at:)` is the
  /// scene's rule for it (the one that started last governs, the first one's `from` before it
  /// starts, a spring held where its duration cuts it, steps where Core Animation shows the model
  /// before or after), and each sample must match it; anything else stays samples.
  struct StructuredChannel {
    /// A segment of the channel.
    struct Segment {
      var begin: Double
      var duration: Double
      var curve: Curve
      var from: [Double]
      var to: [Double]
      /// A keyframe animation's values at its key times (0 … 1, increasing, `from` first and
      /// `to` last), reached linearly, or held until the next (`discrete`), after the curve bends
      /// time over the whole.
      var keyframes: Keyframes? = nil
    }

    struct Keyframes: Equatable {
      var times: [Double]
      var values: [[Double]]
      var discrete: Bool

      /// The value at fraction `f` of the animation (after its curve).
      func value(at f: Double) -> [Double] {
        guard let last = values.last else { return [] }
        if f >= 1 { return last }
        let index = max(0, (times.lastIndex { $0 <= f } ?? 0))
        guard index + 1 < times.count else { return last }
        if discrete { return values[index] }
        let u = (f - times[index]) / (times[index + 1] - times[index])
        return zip(values[index], values[index + 1]).map { $0 + ($1 - $0) * u }
      }
    }

    enum Curve: Equatable {
      case bezier(Double, Double, Double, Double)
      /// A spring by its coefficients, evaluated in seconds; the segment's duration cuts it.
      case spring(mass: Double, stiffness: Double, damping: Double, velocity: Double)
      /// A jump to `to` (a value Core Animation shows at once: the model before an animation
      /// that does not fill backwards, or after one that does not fill forwards), written as an
      /// animation of a microsecond from `begin`.
      case step
    }

    var segments: [Segment]

    /// The channel's value at `t` seconds, as the scene draws it.
    func value(at t: Double) -> [Double] {
      guard let first = segments.first else { return [] }
      guard let segment = segments.last(where: { $0.begin <= t + 1e-12 }) else { return first.from }
      let elapsed = t - segment.begin
      if let keyframes = segment.keyframes, case .bezier(let x1, let y1, let x2, let y2) = segment.curve {
        return keyframes.value(at: StructuredChannel.bezier(min(1, max(0, elapsed / segment.duration)), x1, y1, x2, y2))
      }
      let q: Double
      switch segment.curve {
      case .step: q = 1
      case .bezier(let x1, let y1, let x2, let y2):
        q = StructuredChannel.bezier(min(1, max(0, elapsed / segment.duration)), x1, y1, x2, y2)
      case .spring(let m, let k, let c, let v):
        q = StructuredChannel.spring(min(elapsed, segment.duration), mass: m, stiffness: k, damping: c, velocity: v)
      }
      return zip(segment.from, segment.to).map { $0 + ($1 - $0) * q }
    }

    /// Adds a step wherever a sample shows a value the channel does not give while no animation
    /// of it runs: a value the app set at once (in a completion block), from the sample before.
    /// A step is written as the last microsecond before the sample that shows it.
    mutating func settle(times: [Double], samples: (Int) -> [Double]?, tolerance: Double) {
      for (index, time) in times.enumerated() {
        guard let sample = samples(index) else { continue }
        let value = self.value(at: time)
        guard value.count != sample.count || zip(value, sample).contains(where: { abs($0 - $1) > tolerance }) else {
          continue
        }
        let running = segments.contains {
          $0.curve != .step && $0.begin <= time + 1e-9 && time < $0.begin + $0.duration - 1e-9
        }
        guard !running, index > 0 else { continue }
        let step = Segment(begin: time - 1e-6, duration: 0, curve: .step, from: sample, to: sample)
        segments.insert(step, at: segments.firstIndex { $0.begin > step.begin } ?? segments.count)
      }
    }

    /// The animations of the channel as the scene writes them, for `target` and `property`.
    func sceneAnimations(target: String, property: String, value: ([Double]) -> SceneValue) -> [SceneValue] {
      segments.map { segment in
        var pairs: [(key: String, value: SceneValue)] = [("target", .string(target))]
        if segment.begin != 0 { pairs.append(("delay", .number(segment.begin))) }
        switch segment.curve {
        case .step:
          pairs.append(("duration", .number(1e-6)))
          pairs.append(("curve", .string("linear")))
        case .bezier(let x1, let y1, let x2, let y2):
          pairs.append(("duration", .number(segment.duration)))
          pairs.append(("curve", StructuredChannel.curveValue(x1, y1, x2, y2)))
        case .spring(let m, let k, let c, let v):
          pairs.append(("duration", .number(segment.duration)))
          pairs.append(
            (
              "curve",
              .object([
                (
                  "spring",
                  .object([
                    ("mass", .number(m)), ("stiffness", .number(k)), ("damping", .number(c)), ("velocity", .number(v)),
                  ])
                )
              ])
            ))
        }
        pairs.append(("from", .object([(property, value(segment.from))])))
        guard let keyframes = segment.keyframes else {
          pairs.append(("to", .object([(property, value(segment.to))])))
          return .object(pairs)
        }
        // Each key time's value as a keyframe from the key time before it.
        if keyframes.discrete { pairs.insert(("calculation", .string("discrete")), at: pairs.count - 1) }
        let frames = (1..<keyframes.times.count).map { index -> SceneValue in
          let start = (keyframes.times[index - 1] * 1e9).rounded() / 1e9
          let end = (keyframes.times[index] * 1e9).rounded() / 1e9
          return .object([
            ("start", .number(start)), ("duration", .number(((end - start) * 1e9).rounded() / 1e9)),
            ("to", .object([(property, value(keyframes.values[index]))])),
          ])
        }
        pairs.append(("keyframes", .array(frames)))
        return .object(pairs)
      }
    }

    /// A Bézier as its name where it is one of Core Animation's, else its four numbers.
    static func curveValue(_ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> SceneValue {
      let named: [(String, [Float])] = [
        ("linear", [0, 0, 1, 1]), ("easeIn", [0.42, 0, 1, 1]), ("easeOut", [0, 0, 0.58, 1]),
        ("easeInOut", [0.42, 0, 0.58, 1]), ("default", [0.25, 0.1, 0.25, 1]),
      ]
      let points = [x1, y1, x2, y2].map { Float($0) }
      if let name = named.first(where: { $0.1 == points })?.0 { return .string(name) }
      return .numbers([x1, y1, x2, y2])
    }

    /// y at x of the cubic Bézier from (0, 0) to (1, 1) with controls (x1, y1) and (x2, y2):
    /// Newton's method on x(s) = x, bisection where it stalls, to 1e-12.
    static func bezier(_ x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
      if x1 == y1 && x2 == y2 { return x }
      func coordinate(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
        3 * (1 - s) * (1 - s) * s * p1 + 3 * (1 - s) * s * s * p2 + s * s * s
      }
      var s = x
      for _ in 0..<8 {
        let error = coordinate(s, x1, x2) - x
        if abs(error) < 1e-12 { return coordinate(s, y1, y2) }
        let slope = 3 * (1 - s) * (1 - s) * x1 + 6 * (1 - s) * s * (x2 - x1) + 3 * s * s * (1 - x2)
        if abs(slope) < 1e-9 { break }
        s -= error / slope
      }
      var (low, high) = (0.0, 1.0)
      s = x
      for _ in 0..<100 {
        let value = coordinate(s, x1, x2)
        if abs(value - x) < 1e-12 { break }
        if value < x { low = s } else { high = s }
        s = (low + high) / 2
      }
      return coordinate(s, y1, y2)
    }

    /// The position at `t` seconds of the spring m·x″ + c·x′ + k·(x − 1) = 0 from x = 0 with
    /// velocity v, its damping ratio taken as at most 1 (as `CASpringAnimation` does).
    static func spring(_ t: Double, mass m: Double, stiffness k: Double, damping c: Double, velocity v: Double)
      -> Double
    {
      let omega = (k / m).squareRoot()
      let zeta = min(1, c / (2 * (k * m).squareRoot()))
      if zeta < 1 {
        let damped = omega * (1 - zeta * zeta).squareRoot()
        return 1 - exp(-zeta * omega * t) * (cos(damped * t) + (zeta * omega - v) / damped * sin(damped * t))
      }
      return 1 - exp(-omega * t) * (1 + (omega - v) * t)
    }
  }
#endif
