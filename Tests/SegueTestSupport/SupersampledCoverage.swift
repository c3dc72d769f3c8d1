/// Coverage of pixel (px, py) by a shape given as a point test, estimated on an n × n grid of
/// sample points: independent of the rasterizer's analytic formulas.
public func supersampledCoverage(px: Int, py: Int, samples n: Int = 64, inside: (Double, Double) -> Bool) -> Double {
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
