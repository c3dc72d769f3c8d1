/// The picture of a comparison: the expected frame faded to grey, differing pixels red,
/// ignored anti-aliasing yellow (pixelmatch's colours).
public enum DiffImage {
  /// Fade of the expected frame: grey = 255 + (Y − 255) · 0.1 · a / 255.
  static let fade = 0.1

  public static func make(expected: RGBAImage, comparison: FrameComparison) -> RGBAImage {
    let expected = expected.rgba()
    var bytes = [UInt8](repeating: 255, count: expected.bytes.count)
    let states = comparison.states
    expected.bytes.withUnsafeBufferPointer { source in
      bytes.withUnsafeMutableBufferPointer { out in
        for index in 0..<(expected.width * expected.height) {
          let base = index * 4
          let state = states.isEmpty ? .same : states[index]
          switch state {
          case .different:
            out[base] = 255
            out[base + 1] = 0
            out[base + 2] = 0
          case .antialiasing:
            out[base] = 255
            out[base + 1] = 255
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
    return RGBAImage(width: expected.width, height: expected.height, bytes: bytes)
  }
}
