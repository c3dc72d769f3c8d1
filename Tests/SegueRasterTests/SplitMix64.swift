/// A seeded random generator, so randomized tests repeat exactly.
struct SplitMix64: RandomNumberGenerator {
  var state: UInt64

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}

/// Coverage of pixel (px, py) by a shape given as a point test, estimated on an n × n grid of
/// sample points: independent of the rasterizer's analytic formulas.
func supersampledCoverage(px: Int, py: Int, samples n: Int = 64, inside: (Double, Double) -> Bool) -> Double {
  var hits = 0
  for j in 0..<n {
    for i in 0..<n {
      if inside(Double(px) + (Double(i) + 0.5) / Double(n), Double(py) + (Double(j) + 0.5) / Double(n)) {
        hits += 1
      }
    }
  }
  return Double(hits) / Double(n * n)
}
