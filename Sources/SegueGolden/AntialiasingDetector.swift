/// pixelmatch's anti-aliasing test (Vyšniauskas 2009), written from its description.
///
/// A pixel of image A is anti-aliasing when, among its 8 neighbours (clamped at the edges):
/// at most 2 have its exact brightness (an edge pixel counts one already), some are darker and
/// some brighter, and the darkest or the brightest of them sits in a flat area: it has at least
/// 3 neighbours of exactly its own RGBA, in both images.
enum AntialiasingDetector {
  /// Rec. 601 luma of a pixel blended over white: Y = 0.29889531 R + 0.58662247 G + 0.11448223 B.
  @inline(__always)
  static func brightness(_ bytes: UnsafePointer<UInt8>, _ index: Int) -> Double {
    let a = Double(bytes[index + 3]) / 255
    func blend(_ c: UInt8) -> Double { 255 + (Double(c) - 255) * a }
    return 0.29889531 * blend(bytes[index]) + 0.58662247 * blend(bytes[index + 1])
      + 0.11448223 * blend(bytes[index + 2])
  }

  /// Whether (x, y) of `image` is anti-aliasing, with `other` the image it is compared with.
  static func isAntialiased(
    _ image: UnsafePointer<UInt32>, _ other: UnsafePointer<UInt32>, x: Int, y: Int, width: Int, height: Int
  ) -> Bool {
    let bytes = UnsafeRawPointer(image).assumingMemoryBound(to: UInt8.self)
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, width - 1)
    let y2 = min(y + 1, height - 1)
    let center = brightness(bytes, (y * width + x) * 4)
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    var darkest = 0.0
    var brightest = 0.0
    var darkestAt = (0, 0)
    var brightestAt = (0, 0)
    for ny in y0...y2 {
      for nx in x0...x2 where nx != x || ny != y {
        let delta = center - brightness(bytes, (ny * width + nx) * 4)
        if delta == 0 {
          equal += 1
          if equal > 2 { return false }
        } else if delta < darkest {
          darkest = delta
          darkestAt = (nx, ny)
        } else if delta > brightest {
          brightest = delta
          brightestAt = (nx, ny)
        }
      }
    }
    if darkest == 0 || brightest == 0 { return false }
    return
      (hasManySiblings(image, darkestAt.0, darkestAt.1, width, height)
      && hasManySiblings(other, darkestAt.0, darkestAt.1, width, height))
      || (hasManySiblings(image, brightestAt.0, brightestAt.1, width, height)
        && hasManySiblings(other, brightestAt.0, brightestAt.1, width, height))
  }

  /// At least 3 of the 8 neighbours have exactly the pixel's RGBA (an edge pixel counts one).
  static func hasManySiblings(_ image: UnsafePointer<UInt32>, _ x: Int, _ y: Int, _ width: Int, _ height: Int) -> Bool {
    let x0 = max(x - 1, 0)
    let y0 = max(y - 1, 0)
    let x2 = min(x + 1, width - 1)
    let y2 = min(y + 1, height - 1)
    let value = image[y * width + x]
    var equal = (x == x0 || x == x2 || y == y0 || y == y2) ? 1 : 0
    for ny in y0...y2 {
      for nx in x0...x2 where nx != x || ny != y {
        if image[ny * width + nx] == value {
          equal += 1
          if equal > 2 { return true }
        }
      }
    }
    return false
  }
}
