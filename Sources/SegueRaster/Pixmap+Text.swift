extension Pixmap {
  /// Draws `text` in the built-in `BitmapFont` with its top-left corner at (`x`, `y`), each font
  /// pixel a `scale` x `scale` block of `color` laid over what is there. Whole pixels only, so
  /// the text is crisp; what falls outside the pixmap is cut off.
  public mutating func drawText(_ text: String, x: Int, y: Int, scale: Int, color: PremultipliedRGBA8) {
    let scale = max(1, scale)
    let ink = color.packed
    var left = x
    for character in text {
      let glyph = BitmapFont.glyph(character)
      for row in 0..<BitmapFont.height {
        for column in 0..<glyph.width where glyph.isInk(x: column, y: row) {
          fillBlock(x: left + column * scale, y: y + row * scale, side: scale, ink: ink)
        }
      }
      left += (glyph.width + BitmapFont.spacing) * scale
    }
  }

  /// Lays `ink` over a `side` x `side` square, clipped to the pixmap.
  private mutating func fillBlock(x: Int, y: Int, side: Int, ink: UInt32) {
    let left = max(0, x)
    let right = min(width, x + side)
    let top = max(0, y)
    let bottom = min(height, y + side)
    guard left < right, top < bottom else { return }
    for row in top..<bottom {
      for column in left..<right {
        let index = row * width + column
        pixels[index] = sourceOver(ink, pixels[index])
      }
    }
  }
}
