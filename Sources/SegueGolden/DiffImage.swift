#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The picture of a comparison: the expected frame faded to grey, differing pixels shaded
/// from pink to red by how much they differ, ignored anti-aliasing yellow (pixelmatch's
/// colours, with the red graded so a near miss and a different picture look different).
public enum DiffImage {
  /// Fade of the expected frame: grey = 255 + (Y − 255) · 0.1 · a / 255.
  static let fade = 0.1

  /// The colour of a differing pixel whose largest channel difference is `difference`
  /// (1…255, in 8-bit levels): t = ln(1 + d) / ln(256), so 3 levels is 0.25, 15 is 0.5 and
  /// 255 is 1; the colour is (255, g, g) with g = 200 · (1 − t) rounded: (255, 150, 150)
  /// pink at 3 levels, (255, 100, 100) at 15, pure red at 255. Logarithmic, because the
  /// differences that matter run from just past the tolerance (a few levels) to 255.
  static let shades: [UInt8] = (0...255).map { (difference: Int) -> UInt8 in
    let share: Double = log(1 + Double(difference)) / log(256)
    return UInt8((200 * (1 - share)).rounded())
  }

  /// The diff of `expected` and `actual` (same size) as `comparison` found it.
  public static func make(expected: RGBAImage, actual: RGBAImage, comparison: FrameComparison) -> RGBAImage {
    let e = expected.rgba()
    let a = actual.rgba()
    let wide = expected.wide != nil || actual.wide != nil
    let wideE = wide ? expected.wideRGBA() : []
    let wideA = wide ? actual.wideRGBA() : []
    let states = comparison.states
    var bytes = [UInt8](repeating: 255, count: e.bytes.count)
    e.bytes.withUnsafeBufferPointer { source in
      a.bytes.withUnsafeBufferPointer { other in
        bytes.withUnsafeMutableBufferPointer { out in
          for index in 0..<e.pixelCount {
            let base = index * 4
            switch states.isEmpty ? .same : states[index] {
            case .different:
              // The largest channel difference in 8-bit levels; at 16 bits divided by 257 and
              // rounded up, so a difference never shades as none.
              var largest = 0
              for channel in 0..<4 {
                largest =
                  wide
                  ? max(largest, (abs(Int(wideE[base + channel]) - Int(wideA[base + channel])) + 256) / 257)
                  : max(largest, abs(Int(source[base + channel]) - Int(other[base + channel])))
              }
              let g = shades[largest]
              out[base + 1] = g
              out[base + 2] = g
            case .antialiasing:
              out[base + 2] = 0
            case .same:
              let y =
                0.29889531 * Double(source[base]) + 0.58662247 * Double(source[base + 1])
                + 0.11448223 * Double(source[base + 2])
              let grey = UInt8(max(0, min(255, (255 + (y - 255) * fade * Double(source[base + 3]) / 255).rounded())))
              out[base] = grey
              out[base + 1] = grey
              out[base + 2] = grey
            }
          }
        }
      }
    }
    return RGBAImage(width: expected.width, height: expected.height, bytes: bytes)
  }
}
