import Foundation
import Testing

@testable import SegueTiming

/// Every curve kind against independently computed oracles, Oracles/timing-oracles.json (tolerance 1e-6).
struct TimingOracleTests {
  nonisolated(unsafe) static let oracles: [String: Any] = {
    let url = Bundle.module.url(forResource: "timing-oracles", withExtension: "json", subdirectory: "Oracles")!
    let data = try! Data(contentsOf: url)
    return try! JSONSerialization.jsonObject(with: data) as! [String: Any]
  }()

  static func numbers(_ value: Any?) -> [Double] { (value as! [NSNumber]).map(\.doubleValue) }

  @Test func bezierCurvesMatchTheOracle() {
    let curves = TimingOracleTests.oracles["bezier"] as! [String: [String: Any]]
    #expect(curves.count == 6)
    for (name, table) in curves {
      let points = TimingOracleTests.numbers(table["controlPoints"])
      let bezier = UnitBezier(points[0], points[1], points[2], points[3])
      for (x, y) in zip(TimingOracleTests.numbers(table["x"]), TimingOracleTests.numbers(table["y"])) {
        #expect(abs(bezier.solve(x) - y) < 1e-6, "\(name) at \(x)")
      }
    }
  }

  /// A curve whose control points are on the diagonal is y = x exactly, not to the solver's 1e-7:
  /// the solver gives 0.9981616890 at 0.9981617647 (WebKit's epsilon), which paced keyframes
  /// turned into a corner 2e-3 pt from Core Animation's.
  @Test(arguments: [UnitBezier.linear, UnitBezier(0.3, 0.3, 0.8, 0.8), UnitBezier(0, 0, 0, 0)])
  func aCurveOnTheDiagonalIsItsInputExactly(_ curve: UnitBezier) {
    for x in [-0.5, 0, 1e-9, 0.25, (0.7 - 0.157) / 0.544, 0.999_999_9, 1, 1.5] {
      #expect(curve.solve(x) == x, "\(curve) at \(x)")
    }
  }

  @Test func namedCurvesAreTheCoreAnimationPresets() {
    let named = Dictionary(uniqueKeysWithValues: TimingCurve.named.map { ($0.0, $0.1) })
    #expect(named["easeInOut"] == .bezier(UnitBezier(0.42, 0, 0.58, 1)))
    #expect(named["default"] == .bezier(UnitBezier(0.25, 0.1, 0.25, 1)))
    #expect(named["easeIn"] == .bezier(UnitBezier(0.42, 0, 1, 1)))
    #expect(named["easeOut"] == .bezier(UnitBezier(0, 0, 0.58, 1)))
  }

  @Test func uiKitSpringsMatchTheOracle() {
    let cases = TimingOracleTests.oracles["uikitSpring"] as! [[String: Any]]
    #expect(cases.count == 6)
    for table in cases {
      let duration = (table["duration"] as! NSNumber).doubleValue
      let damping = (table["damping"] as! NSNumber).doubleValue
      let velocity = (table["velocity"] as! NSNumber).doubleValue
      let spring = DampedSpring.uiKit(duration: duration, dampingRatio: damping, velocity: velocity)
      let label = "d \(duration) ζ \(damping) v \(velocity)"
      #expect(abs(spring.naturalFrequency - (table["omega0"] as! NSNumber).doubleValue) < 1e-6, "\(label)")
      #expect(abs(spring.stiffness - (table["stiffness"] as! NSNumber).doubleValue) < 1e-5, "\(label)")
      #expect(abs(spring.damping - (table["dampingCoefficient"] as! NSNumber).doubleValue) < 1e-6, "\(label)")
      for (t, p) in zip(TimingOracleTests.numbers(table["t"]), TimingOracleTests.numbers(table["progress"])) {
        #expect(abs(spring.value(at: t) - p) < 1e-6, "\(label) at \(t)")
      }
    }
  }

  @Test func responseSpringsMatchTheOracle() {
    for table in TimingOracleTests.oracles["responseSpring"] as! [[String: Any]] {
      let spring = DampedSpring.response(
        (table["response"] as! NSNumber).doubleValue, dampingRatio: (table["dampingRatio"] as! NSNumber).doubleValue)
      for (t, p) in zip(TimingOracleTests.numbers(table["t"]), TimingOracleTests.numbers(table["progress"])) {
        #expect(abs(spring.value(at: t) - p) < 1e-6, "response at \(t)")
      }
    }
  }

  @Test func physicalSpringsMatchTheOracle() {
    for table in TimingOracleTests.oracles["physicalSpring"] as! [[String: Any]] {
      let spring = DampedSpring(
        mass: (table["mass"] as! NSNumber).doubleValue, stiffness: (table["stiffness"] as! NSNumber).doubleValue,
        damping: (table["damping"] as! NSNumber).doubleValue,
        initialVelocity: (table["velocity"] as! NSNumber).doubleValue)
      for (t, p) in zip(TimingOracleTests.numbers(table["t"]), TimingOracleTests.numbers(table["progress"])) {
        #expect(abs(spring.value(at: t) - p) < 1e-6, "physical at \(t)")
      }
    }
  }

  @Test func systemSpringMatchesTheOracleAndEndsExactly() {
    let table = TimingOracleTests.oracles["systemSpring"] as! [String: Any]
    let easing = TimingCurve.systemSpring.resolved(duration: 0.3)
    #expect(easing.duration == 0.5)  // forced, whatever was asked
    let times = TimingOracleTests.numbers(table["t"])
    let progress = TimingOracleTests.numbers(table["progress"])
    for (t, p) in zip(times, progress) {
      #expect(abs(easing.progress(at: t) - p) < 1e-6, "at \(t)")
    }
    #expect(easing.progress(at: 0.5) == 1)
  }

  @Test func frameCountsAndTimesMatchTheOracle() {
    for table in TimingOracleTests.oracles["frames"] as! [[String: Any]] {
      let clock = FrameClock(
        duration: (table["duration"] as! NSNumber).doubleValue, fps: (table["fps"] as! NSNumber).intValue)
      #expect(clock.frameCount == (table["count"] as! NSNumber).intValue)
      for (index, time) in TimingOracleTests.numbers(table["times"]).enumerated() {
        #expect(abs(clock.time(ofFrame: index) - time) < 1e-8)
      }
    }
  }

  /// q = curve(clamp(t / duration, 0, 1)): 0 before the start; a spring cut at its duration
  /// holds where it was cut (only the transition's last frame puts it at exactly 1).
  @Test func easingClampsTheTimeFractionAtBothEnds() {
    let spring = TimingCurve.uiKitSpring(damping: 0.5, velocity: 0).resolved(duration: 0.5)
    #expect(spring.progress(at: -1) == 0)
    #expect(spring.progress(at: 0.5) == spring.progress(at: 3))
    // A physical spring (mass 1, stiffness 236, damping 17) cut at 0.22 s. By hand: ω0 = √236,
    // ζω0 = 8.5, ωd = √(236 − 8.5²) = 12.7965; x = 1 − e^(−8.5·0.22)(cos(ωd·0.22) + 8.5/ωd·sin(ωd·0.22))
    // = 1 − 0.154124·(−0.947214 + 0.664245·0.320603) = 1.11317.
    let cut = TimingCurve.physicalSpring(mass: 1, stiffness: 236, damping: 17, velocity: 0)
      .resolved(duration: 0.22)
    #expect(abs(cut.progress(at: 0.22) - 1.11317) < 1e-5)
    #expect(cut.progress(at: 0.6) == cut.progress(at: 0.22))
    #expect(TimingCurve.bezier(.easeIn).resolved(duration: 0.3).progress(at: 0.7) == 1)
    // An underdamped spring overshoots: somewhere its value passes 1.
    #expect((1..<30).contains { spring.progress(at: Double($0) / 60) > 1.01 })
  }

  /// Found by fuzzing (validate and render hung): a critically damped spring of mass 1e6 and
  /// stiffness 1e-6 settles after about 9e6 s, where neighbouring doubles are more than 1e-9
  /// apart, so the bisection's 1e-9 s tolerance was never met. It stops when no time lies
  /// between its ends; such a scene is then refused for its timeline, not left running.
  @Test(arguments: [(1e6, 1e-6, 22.0, 6.3), (1e6, 1e-6, 1e6, -6.1), (1e9, 1e-9, 1, 0), (1, 1e-12, 1, 0)])
  func slowCriticalSpringsSettleInFiniteTime(mass: Double, stiffness: Double, damping: Double, velocity: Double) {
    let spring = DampedSpring(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: velocity)
    let settling = spring.settlingDuration
    #expect(settling.isFinite && settling > 1e6)
    #expect(abs(1 - spring.value(at: settling)) <= DampedSpring.settlingEpsilon * (1 + 1e-6))
  }
}
