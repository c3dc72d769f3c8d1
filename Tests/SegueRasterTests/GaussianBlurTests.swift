import Foundation
import Testing

@testable import SegueRaster

struct GaussianBlurTests {
  /// The area of a Gaussian of standard deviation `sigma` over [j − ½, j + ½], computed here
  /// with `erf` (the blur's own kernel uses `erfc`), normalized over offsets −reach…reach.
  func weight(_ j: Int, sigma: Double, reach: Int) -> Double {
    func area(_ j: Int) -> Double {
      0.5 * (erf((Double(j) + 0.5) / (sigma * 2.0.squareRoot())) - erf((Double(j) - 0.5) / (sigma * 2.0.squareRoot())))
    }
    let total = (-reach...reach).reduce(0) { $0 + area($1) }
    return abs(j) <= reach ? area(j) / total : 0
  }

  @Test func anImpulseBlursToTheProductOfTwoKernels() {
    // sigma 2.5: the kernel reaches ⌈3.5 · 2.5⌉ + 1 = 10 pixels each way.
    let (width, height, sigma, reach) = (31, 27, 2.5, 10)
    #expect(GaussianBlur.kernel(sigma: sigma).count == 2 * reach + 1)
    // One impulse in the middle and one 3 pixels from the left and top edges: what its blur
    // would put outside the grid is lost (outside counts as 0), not folded back.
    var values = [Float](repeating: 0, count: width * height)
    values[13 * width + 15] = 1
    values[3 * width + 3] = 0.5
    let blurred = GaussianBlur.blur(values, width: width, height: height, sigma: sigma)
    var worst = 0.0
    for y in 0..<height {
      for x in 0..<width {
        let expected =
          weight(x - 15, sigma: sigma, reach: reach) * weight(y - 13, sigma: sigma, reach: reach)
          + 0.5 * weight(x - 3, sigma: sigma, reach: reach) * weight(y - 3, sigma: sigma, reach: reach)
        worst = max(worst, abs(Double(blurred[y * width + x]) - expected))
      }
    }
    #expect(worst < 1e-6, "largest difference \(worst)")
    // What fell off the grid is lost: the corner impulse's blur holds its weight times the
    // share of each kernel on the grid (offsets −3…10 of −10…10).
    let kept = (-3...10).reduce(0.0) { $0 + weight($1, sigma: sigma, reach: reach) }
    let total = blurred.reduce(0.0) { $0 + Double($1) }
    #expect(abs(total - (1 + 0.5 * kept * kept)) < 1e-5)
  }

  @Test func aStraightEdgeBlursToTheNormalDistribution() {
    // Columns 0…19 at 1, the rest 0: across the edge at x = 20 the blur is 1 − Φ((x + ½ − 20) / σ)
    // (area-sampled), to within the kernel's cut at 3.5σ.
    let (width, height, sigma) = (40, 3, 3.0)
    let values = (0..<(width * height)).map { $0 % width < 20 ? Float(1) : 0 }
    let blurred = GaussianBlur.blur(values, width: width, height: height, sigma: sigma)
    for x in 12..<28 {
      var expected = 0.0
      for source in 0..<20 { expected += weight(x - source, sigma: sigma, reach: 12) }
      // The middle row also gathers from the rows above and below, which weigh 1 − (outside).
      let rows = (-1...1).reduce(0.0) { $0 + weight($1, sigma: sigma, reach: 12) }
      #expect(abs(Double(blurred[width + x]) - expected * rows) < 1e-5, "column \(x)")
    }
    // The Gaussian is symmetric: the pixels on either side of the edge sum to the rows' weight.
    let rows = (-1...1).reduce(0.0) { $0 + weight($1, sigma: sigma, reach: 12) }
    #expect(abs(Double(blurred[width + 19] + blurred[width + 20]) - rows) < 1e-5)
    #expect(blurred[width + 19] > blurred[width + 20])
  }
}
