#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A Gaussian blur of a grid of values, done as two 1-D passes (the 2-D Gaussian is the product
/// of two 1-D ones, so this is the full blur, not an approximation of it).
///
/// Each tap weighs what the Gaussian puts over a whole pixel, not its value at the pixel's
/// centre: w_j = Φ((j + ½)/σ) − Φ((j − ½)/σ), with Φ the normal distribution function. So a
/// sharp edge, area-sampled, blurs to the area-sampled error function.
public enum GaussianBlur {
  /// The weights for offsets −radius…radius.
  public static func kernel(sigma: Double) -> [Double] {
    guard sigma > 0 else { return [1] }
    let radius = Int((3.5 * sigma).rounded(.up)) + 1
    func phi(_ x: Double) -> Double { 0.5 * erfc(-x / (sigma * 2.0.squareRoot())) }
    var weights = (-radius...radius).map { j in phi(Double(j) + 0.5) - phi(Double(j) - 0.5) }
    let total = weights.reduce(0, +)
    weights = weights.map { $0 / total }
    return weights
  }

  /// `values` (row-major, `width` × `height`) blurred with standard deviation `sigma` pixels;
  /// outside the grid counts as 0.
  ///
  /// Each output value sums its taps in order, from the lowest offset up. The loops run tap by
  /// tap over a whole row (the inner loop along contiguous values, which the compiler
  /// vectorizes), so each value still takes its sum in that order: the result is that of a
  /// loop over each value's taps. Out of the grid the horizontal pass reads zeros (a row padded
  /// by `radius` each side), which add exactly nothing; the vertical pass skips those rows.
  public static func blur(_ values: [Float], width: Int, height: Int, sigma: Double) -> [Float] {
    guard sigma > 0, width > 0, height > 0 else { return values }
    let kernel = GaussianBlur.kernel(sigma: sigma).map(Float.init)
    let radius = kernel.count / 2
    var horizontal = [Float](repeating: 0, count: width * height)
    var padded = [Float](repeating: 0, count: width + 2 * radius)
    values.withUnsafeBufferPointer { input in
      horizontal.withUnsafeMutableBufferPointer { output in
        padded.withUnsafeMutableBufferPointer { padded in
          for y in 0..<height {
            let row = output.baseAddress! + y * width
            (padded.baseAddress! + radius).update(from: input.baseAddress! + y * width, count: width)
            for (tap, weight) in kernel.enumerated() {
              let source = padded.baseAddress! + tap
              for x in 0..<width { row[x] += source[x] * weight }
            }
          }
        }
      }
    }
    var result = [Float](repeating: 0, count: width * height)
    horizontal.withUnsafeBufferPointer { input in
      result.withUnsafeMutableBufferPointer { output in
        for y in 0..<height {
          let row = output.baseAddress! + y * width
          for sy in max(0, y - radius)...min(height - 1, y + radius) {
            let source = input.baseAddress! + sy * width
            let weight = kernel[sy - y + radius]
            for x in 0..<width { row[x] += source[x] * weight }
          }
        }
      }
    }
    return result
  }
}
