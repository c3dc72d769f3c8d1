extension Pixmap {
  /// Writes rows `rows` as 3-byte RGB pixels to `output` (the alpha byte dropped), for opaque
  /// pixels, whose premultiplied and straight values are the same.
  public func copyRGB(rows: Range<Int>, to output: UnsafeMutablePointer<UInt8>) {
    pixels.withUnsafeBufferPointer { pixels in
      let start = rows.lowerBound * width
      let count = rows.count * width
      var out = output
      for index in start..<(start + count) {
        let pixel = pixels[index]
        out[0] = UInt8(truncatingIfNeeded: pixel)
        out[1] = UInt8(truncatingIfNeeded: pixel >> 8)
        out[2] = UInt8(truncatingIfNeeded: pixel >> 16)
        out += 3
      }
    }
  }

  /// All pixels as 3-byte RGB (see `copyRGB`).
  public func rgbBytes() -> [UInt8] {
    [UInt8](unsafeUninitializedCapacity: width * height * 3) { buffer, count in
      copyRGB(rows: 0..<height, to: buffer.baseAddress!)
      count = width * height * 3
    }
  }
}
