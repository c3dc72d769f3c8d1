import Foundation
import SegueGeometry
import SegueTestSupport
import Testing

/// Elliptical arcs whose parameters are out of range, corrected as SVG 1.1's implementation
/// notes (F.6.2) say, and arcs of extreme numbers, which must read into finite curves or a
/// syntax error: never a trap.
struct SVGArcTests {
  func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

  /// The end points of an arc's cubics (the points on the ellipse).
  func ends(_ path: SVGPath) -> [Point] { path.segments.dropFirst().compactMap(\.points.last) }

  func close(_ a: Point, _ b: Point, _ tolerance: Double = 1e-9) -> Bool {
    abs(a.x - b.x) <= tolerance && abs(a.y - b.y) <= tolerance
  }

  /// End points a subnormal apart (1e-320) on a circle of radius 1, large arc, positive sweep:
  /// nearly the whole circle. In the unit frame the chord's half is (−5e-321, 0), so the centre
  /// is (0, −1) (σ = −1 when fA = fS) and the arc starts at the circle's bottom, θ₁ ≈ 90°; its
  /// quarter points are (−1, −1), (0, −2) and (1, −1), every other end of its eight cubics.
  @Test func anArcBetweenPointsASubnormalApartIsNearlyAFullCircle() throws {
    let path = try SVGPath(parsing: "M0 0 A1 1 0 1 1 1e-320 0 Z")
    #expect(path.commands == "MCCCCCCCCZ")
    // Read from text: as a literal, a subnormal draws a warning.
    let tiny = Double("1e-320")!
    let points = ends(path)
    let quarters = stride(from: 1, to: points.count, by: 2).map { points[$0] }
    for (got, want) in zip(quarters, [p(-1, -1), p(0, -2), p(1, -1), p(tiny, 0)]) {
      #expect(close(got, want), "\(got) against \(want)")
    }
    #expect(points.last == p(tiny, 0))
  }

  /// A radius of 1e-200 beside 50: scaled up by s = |(−50/1e-200, −50/50)| = 5e201, the radii
  /// are 50 and 2.5e203, centred on the chord's midpoint (50, 50). The quarter point of the
  /// positive sweep from (0, 0) is the top of that ellipse, (50, 50 − 2.5e203): far beyond any
  /// scene's limit (the decoder says so), but a finite curve.
  @Test func aTinyRadiusIsScaledUpUntilItReaches() throws {
    let path = try SVGPath(parsing: "M0 0 A1e-200 50 0 1 1 100 100 Z")
    #expect(path.commands == "MCCCCZ")
    let top = ends(path)[1]
    #expect(abs(top.x - 50) < 1e-6)
    #expect(abs(top.y / -2.5e203 - 1) < 1e-12)
    #expect(ends(path)[3] == p(100, 100))
  }

  /// Rotations are taken modulo 360°: 1e308° is 296° (10³⁰⁸ mod 360, in exact integers), the
  /// same ellipse as −64°.
  @Test func aRotationIsTakenModulo360() throws {
    let huge = try SVGPath(parsing: "M0 0 A20 10 1e308 0 1 25 5")
    let reduced = try SVGPath(parsing: "M0 0 A20 10 296 0 1 25 5")
    let negative = try SVGPath(parsing: "M0 0 A20 10 -64 0 1 25 5")
    #expect(huge.commands == reduced.commands && reduced.commands == negative.commands)
    for (a, b) in zip(huge.segments.flatMap(\.points), negative.segments.flatMap(\.points)) {
      #expect(close(a, b), "\(a) against \(b)")
    }
    // An ellipse turned 90° (its 20-pt radius upright) reaches exactly across a 20-pt chord:
    // the half ellipse about (10, 0) through (10, −20).
    let upright = try SVGPath(parsing: "M0 0 A20 10 90 0 1 20 0")
    #expect(close(ends(upright)[1], p(10, -20), 1e-6), "\(ends(upright))")
  }

  /// Radii of 1e155 between points 10√2 apart: a sweep of Δθ = 10√2/1e155, one cubic whose
  /// control points lie k·r = 4/3·tan(Δθ/4)·r = |chord|/3 along the tangents, which run along
  /// the chord: (10/3, 10/3) and (20/3, 20/3). A nearly straight line, accepted.
  @Test func hugeRadiiBetweenClosePointsAreNearlyALine() throws {
    let path = try SVGPath(parsing: "M0 0 A1e155 1e155 0 0 1 10 10")
    #expect(path.commands == "MC")
    guard case .cubic(let c1, let c2, let end) = path.segments[1] else { return }
    #expect(close(c1, p(10.0 / 3, 10.0 / 3), 1e-9), "\(c1)")
    #expect(close(c2, p(20.0 / 3, 20.0 / 3), 1e-9), "\(c2)")
    #expect(end == p(10, 10))
  }

  /// Zero radii draw a line and an arc to the pen draws nothing, whatever else is extreme.
  @Test func degenerateArcsAreLinesOrNothing() throws {
    #expect(try SVGPath(parsing: "M0 0 A0 1e300 1e308 1 1 5 5").segments == [.move(p(0, 0)), .line(p(5, 5))])
    let tiny = Double("1e-320")!
    #expect(try SVGPath(parsing: "M1e-320 0 A1e-320 1e300 7 1 0 1e-320 0").segments == [.move(p(tiny, 0))])
  }

  /// Arcs of numbers drawn from the extremes of the doubles (subnormals, 1e±155 whose squares
  /// leave the doubles, the largest finite values), every flag and both signs: each reads into
  /// finite curves that end exactly at the arc's end point, or into a syntax error.
  @Test func arcsOfExtremeNumbersAreFiniteCurvesOrASyntaxError() {
    let pool: [String] = [
      "0", "1e-320", "-1e-320", "5e-324", "1e-200", "1e-155", "0.5", "1", "-1", "50", "360", "1e6", "1e155",
      "-1e155", "1e200", "1e308", "-1.7976931348623157e308", "1.7976931348623157e308",
    ]
    var generator = SplitMix64(state: 42)
    for _ in 0..<4000 {
      func any() -> String { pool[Int(generator.next() % UInt64(pool.count))] }
      func flag() -> String { generator.next() % 2 == 0 ? "0" : "1" }
      let numbers = (0..<7).map { _ in any() }
      let text =
        "M\(numbers[0]) \(numbers[1]) A\(numbers[2]) \(numbers[3]) \(numbers[4]) \(flag()) \(flag()) "
        + "\(numbers[5]) \(numbers[6])"
      let values = numbers.map { Double($0)! }
      do {
        let path = try SVGPath(parsing: text)
        let points = path.segments.flatMap(\.points)
        #expect(points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "\(text): \(path.segments)")
        if path.segments.count > 1 {
          #expect(points.last == p(values[5], values[6]), "\(text)")
        }
      } catch {
        #expect(error.message.hasPrefix("an arc too large to draw"), "\(text): \(error.message)")
        // Only an ellipse that truly leaves the doubles is refused: coordinates or a radius of
        // 1e155 and more (a large arc of it reaches past 1e308), or radii so far apart that the
        // one grown to reach the end point overflows.
        let (rx, ry) = (abs(values[2]), abs(values[3]))
        let far = [values[0], values[1], values[5], values[6], rx, ry].contains { abs($0) >= 1e155 }
        #expect(far || max(rx, ry) / min(rx, ry) > 1e100, "\(text) refused")
      }
    }
  }

  /// Mirrored control points (S, T) and relative offsets can carry finite numbers past the
  /// largest double: T to (1.7e308, 81) mirrors its control to 2 × 1.7e308 = inf (the fuzzer's
  /// find). Such a path is a syntax error at the command, never a point that is not finite.
  @Test(arguments: [
    "M0 0T0 0 1.7e308 81 0 10", "M0 0 Q-1.7e308 0 1.7e308 0 T0 0", "M0 0 C0 0 -1.7e308 0 1.7e308 0 S0 0 1 1",
    "m1.7e308 0 1.7e308 0", "M1.7e308 0 h1.7e308", "M0 -1.7e308 v-1.7e308", "M1e308 0 l1e308 0",
    "M-1.7e308 0 A1 0 1 0 1 1.7e308 1a-1 0 1 0 0 1.7e308 1e-300",
  ])
  func pointsPastTheLargestDoubleAreASyntaxError(text: String) {
    #expect {
      try SVGPath(parsing: text)
    } throws: { error in
      (error as? SVGPath.SyntaxError)?.message == "a point too far away to draw (past the largest number)"
    }
  }
}
