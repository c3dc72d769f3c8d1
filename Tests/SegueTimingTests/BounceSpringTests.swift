import Foundation
import Testing

@testable import SegueTiming

/// The iOS 17 duration-and-bounce spring, from its definition: response = duration,
/// ζ = 1 − bounce (bounce ≥ 0) or 1 ÷ (1 + bounce) (bounce < 0, overdamped), mass 1,
/// k = (2π ÷ duration)², c = 4πζ ÷ duration. Positions are checked against a numerical
/// integration of m·x″ + c·x′ + k·(x − 1) = 0, not against the closed form the code uses.
struct BounceSpringTests {
  /// x(t) of the spring by classical Runge-Kutta with 20,000 steps per second.
  static func integrate(mass: Double, stiffness: Double, damping: Double, velocity: Double, to t: Double) -> Double {
    let steps = max(1, Int((t * 20_000).rounded()))
    let h = t / Double(steps)
    var x = 0.0
    var v = velocity
    func acceleration(_ x: Double, _ v: Double) -> Double { (-damping * v - stiffness * (x - 1)) / mass }
    for _ in 0..<steps {
      let (k1x, k1v) = (v, acceleration(x, v))
      let (k2x, k2v) = (v + h / 2 * k1v, acceleration(x + h / 2 * k1x, v + h / 2 * k1v))
      let (k3x, k3v) = (v + h / 2 * k2v, acceleration(x + h / 2 * k2x, v + h / 2 * k2v))
      let (k4x, k4v) = (v + h * k3v, acceleration(x + h * k3x, v + h * k3v))
      x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
      v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
    }
    return x
  }

  @Test func appleDocumentsTheCoefficientsOfDurationHalfASecondBounceThreeTenths() {
    // SwiftUI's Spring(duration: 0.5, bounce: 0.3) documents mass 1.0, stiffness 157.9, damping 17.6:
    // k = (2π / 0.5)² = 157.9137, c = 4π · 0.7 / 0.5 = 17.5929.
    let spring = DampedSpring.perceptual(duration: 0.5, bounce: 0.3)
    #expect(spring.mass == 1)
    #expect(abs(spring.stiffness - 157.91367) < 1e-4)
    #expect(abs(spring.damping - 17.59292) < 1e-4)
    #expect(abs(spring.dampingRatio - 0.7) < 1e-9)
  }

  @Test func aNegativeBounceIsOverdampedByOneOverOnePlusBounce() {
    // bounce −0.5: ζ = 1 / 0.5 = 2, kept above 1 (UIKit sets allowsOverdamping on this path).
    let spring = DampedSpring.perceptual(duration: 0.4, bounce: -0.5)
    #expect(abs(spring.dampingRatio - 2) < 1e-9)
    #expect(abs(spring.stiffness - pow(2 * Double.pi / 0.4, 2)) < 1e-4)
  }

  @Test func positionsMatchTheIntegratedEquationOfMotion() {
    for (duration, bounce, velocity) in [
      (0.5, 0.3, 0.0), (0.5, 0.0, 0.0), (0.35, 0.15, 0.0), (0.5, -0.4, 0.0),
      (0.6, -0.8, 0.0), (0.5, 0.2, 2.5), (0.5, -0.3, -1.5),
    ] as [(Double, Double, Double)] {
      let spring = DampedSpring.perceptual(duration: duration, bounce: bounce, velocity: velocity)
      for t in [1.0 / 60, 0.05, 0.1, 0.2, 0.3, 0.5, 0.8, 1.2] {
        let expected = Self.integrate(
          mass: 1, stiffness: spring.stiffness, damping: spring.damping, velocity: velocity, to: t)
        #expect(abs(spring.value(at: t) - expected) < 1e-6, "duration \(duration) bounce \(bounce) at \(t)")
      }
    }
  }

  @Test func anOverdampedSpringSettlesWhereItLastLeavesTheEpsilonBand() {
    // Settled: from T on, |1 − x(t)| ≤ 0.001; just before T it is not.
    for bounce in [-0.2, -0.5, -0.8] {
      let spring = DampedSpring.perceptual(duration: 0.5, bounce: bounce)
      let settles = spring.settlingDuration
      #expect(settles.isFinite && settles > 0)
      #expect(abs(1 - spring.value(at: settles)) <= 0.001 + 1e-9)
      #expect(abs(1 - spring.value(at: settles - 1e-4)) > 0.001, "bounce \(bounce)")
      for step in 1...200 {
        let t = settles + Double(step) * settles / 50
        #expect(abs(1 - spring.value(at: t)) <= 0.001, "bounce \(bounce) at \(t)")
      }
    }
    // More damping settles later: the slow root r1 = −ω0 / (ζ + √(ζ² − 1)) governs the tail.
    let settling = [-0.2, -0.5, -0.8].map { DampedSpring.perceptual(duration: 0.5, bounce: $0).settlingDuration }
    #expect(settling[0] < settling[1] && settling[1] < settling[2])
  }

  @Test func bounceZeroIsTheCriticallyDampedResponseSpring() {
    let bounce = DampedSpring.perceptual(duration: 0.5, bounce: 0)
    let response = DampedSpring.response(0.5, dampingRatio: 1)
    for t in stride(from: 0.0, through: 1, by: 0.05) {
      #expect(abs(bounce.value(at: t) - response.value(at: t)) < 1e-12)
    }
    #expect(abs(bounce.settlingDuration - response.settlingDuration) < 1e-9)
  }

  @Test func swiftUIsNamedSpringsAreHalfASecondWithTheirBounce() {
    let named = Dictionary(uniqueKeysWithValues: TimingCurve.named.map { ($0.0, $0.1) })
    #expect(named["smooth"] == .bounceSpring(duration: 0.5, bounce: 0, velocity: 0))
    #expect(named["snappy"] == .bounceSpring(duration: 0.5, bounce: 0.15, velocity: 0))
    #expect(named["bouncy"] == .bounceSpring(duration: 0.5, bounce: 0.3, velocity: 0))
    #expect(TimingCurve.bounceSpring(duration: 0.5, bounce: 0.3, velocity: 0).description == "bouncy")
  }

  @Test func withoutADurationItRunsUntilItSettles() {
    let bouncy = TimingCurve.bounceSpring(duration: 0.5, bounce: 0.3, velocity: 0)
    // ζ = 0.7, ω0 = 4π: T = −ln(0.001 / (a + 1)) / (ζω0), a = ζω0 / ωd = 0.7 / √(1 − 0.49).
    let a = 0.7 / (1 - 0.49).squareRoot()
    let expected = -log(0.001 / (a + 1)) / (0.7 * 6.28318531 / 0.5)
    #expect(abs(bouncy.duration(requested: nil, fallback: 0.3) - expected) < 1e-9)
    #expect(bouncy.duration(requested: 0.4, fallback: 0.3) == 0.4)
  }
}
