/// A small copy of a frame for the report's timeline strip, made in memory while the frame is
/// at hand, so the page embeds a few kilobytes a frame instead of the full-size image again.
public enum Thumbnail {
  /// Pixel height of a thumbnail, the strip's height on the page.
  public static let height = 120

  /// `image` scaled down to `height` rows (an image no taller is returned as it is), the width
  /// in proportion, rounded, at least 1.
  ///
  /// Each output pixel (ox, oy) is the mean of the source block of columns ⌊ox·W/w⌋ ..<
  /// ⌊(ox+1)·W/w⌋ and rows ⌊oy·H/h⌋ ..< ⌊(oy+1)·H/h⌋ (a box filter: every source pixel counts
  /// once, in one block). With alpha, colours are weighted by it, c = Σ c·a / Σ a, so a
  /// transparent pixel's colour does not bleed in; a = Σ a / n. Means are rounded.
  public static func make(_ image: RGBAImage, height: Int = Thumbnail.height) -> RGBAImage {
    let sourceWidth = image.width
    let sourceHeight = image.height
    guard sourceHeight > height, sourceWidth > 0, height > 0 else { return image }
    let width = max(1, min(sourceWidth, (sourceWidth * height + sourceHeight / 2) / sourceHeight))
    let channels = image.channels
    var out = [UInt8](repeating: 0, count: width * height * channels)
    image.bytes.withUnsafeBufferPointer { source in
      for oy in 0..<height {
        let rows = (oy * sourceHeight / height)..<((oy + 1) * sourceHeight / height)
        for ox in 0..<width {
          let columns = (ox * sourceWidth / width)..<((ox + 1) * sourceWidth / width)
          var sums = (0, 0, 0, 0)
          for y in rows {
            for x in columns {
              let base = (y * sourceWidth + x) * channels
              let alpha = channels == 4 ? Int(source[base + 3]) : 255
              sums.0 += Int(source[base]) * alpha
              sums.1 += Int(source[base + 1]) * alpha
              sums.2 += Int(source[base + 2]) * alpha
              sums.3 += alpha
            }
          }
          let target = (oy * width + ox) * channels
          let count = rows.count * columns.count
          if sums.3 > 0 {
            out[target] = UInt8((sums.0 + sums.3 / 2) / sums.3)
            out[target + 1] = UInt8((sums.1 + sums.3 / 2) / sums.3)
            out[target + 2] = UInt8((sums.2 + sums.3 / 2) / sums.3)
          }
          if channels == 4 { out[target + 3] = UInt8((sums.3 + count / 2) / count) }
        }
      }
    }
    return RGBAImage(width: width, height: height, bytes: out, channels: channels)
  }
}
