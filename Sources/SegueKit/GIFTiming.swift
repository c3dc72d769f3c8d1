/// Sets the delay of every image of a GIF, so Segue decides a GIF's timing exactly (frames of
/// uneven length for a `--frames` selection, the hold before the loop) rather than the
/// encoder's rounding.
///
/// A GIF (GIF89a) is a header, a logical screen descriptor and its optional global colour
/// table, then blocks: extensions (0x21, a label, data sub-blocks), images (0x2C, a 9-byte
/// descriptor, an optional local colour table, the LZW code size and data sub-blocks) and the
/// trailer (0x3B). An image's delay, in hundredths of a second, is in the graphic control
/// extension (label 0xF9) before it; an image without one gets one.
public enum GIFTiming {
  /// `gif` with image i shown for `centiseconds[i]`, or nil when it is not a well-formed GIF
  /// with exactly that many images.
  public static func setting(_ gif: [UInt8], centiseconds: [Int]) -> [UInt8]? {
    guard gif.count >= 13, gif[0..<6].elementsEqual("GIF89a".utf8) || gif[0..<6].elementsEqual("GIF87a".utf8)
    else { return nil }
    var result: [UInt8] = Array(gif[0..<13])
    result[3..<6] = ArraySlice("89a".utf8)  // Graphic control extensions are GIF89a.
    var position = 13
    if gif[10] & 0x80 != 0 {
      let table = 3 << (Int(gif[10] & 7) + 1)
      guard position + table <= gif.count else { return nil }
      result += gif[position..<(position + table)]
      position += table
    }
    var image = 0
    var control: Int?  // Where, in `result`, the pending graphic control extension's delay is.
    while position < gif.count {
      switch gif[position] {
      case 0x21:
        guard position + 1 < gif.count, let end = endOfSubBlocks(gif, from: position + 2) else { return nil }
        if gif[position + 1] == 0xF9 {
          guard gif[position + 2] == 4, end == position + 8 else { return nil }
          control = result.count + 4
        }
        result += gif[position..<end]
        position = end
      case 0x2C:
        guard position + 10 <= gif.count, image < centiseconds.count else { return nil }
        var start = position + 10
        if gif[position + 9] & 0x80 != 0 { start += 3 << (Int(gif[position + 9] & 7) + 1) }
        guard start < gif.count, let end = endOfSubBlocks(gif, from: start + 1) else { return nil }
        if control == nil {
          result += [0x21, 0xF9, 4, 0, 0, 0, 0, 0]
          control = result.count - 4
        }
        let delay = UInt16(clamping: centiseconds[image])
        result[control!] = UInt8(delay & 0xFF)
        result[control! + 1] = UInt8(delay >> 8)
        control = nil
        image += 1
        result += gif[position..<end]
        position = end
      case 0x3B:
        guard image == centiseconds.count else { return nil }
        result.append(0x3B)
        return result
      default:
        return nil
      }
    }
    return nil
  }

  /// The index just past the data sub-blocks that start at `start` (each a length byte and
  /// that many bytes, ended by a zero length), or nil when the file ends first.
  static func endOfSubBlocks(_ bytes: [UInt8], from start: Int) -> Int? {
    var position = start
    while position < bytes.count {
      let length = Int(bytes[position])
      position += 1
      if length == 0 { return position }
      position += length
    }
    return nil
  }

  /// The delay of each image, in hundredths of a second, for a GIF of `schedule` at `rate`
  /// ticks a second: each ends at its tick count's time rounded to the hundredth, so rounding
  /// never adds up; the last lasts `hold` seconds instead.
  public static func centiseconds(_ schedule: FrameSchedule, ticksPerSecond rate: Double, hold: Double) -> [Int] {
    var delays: [Int] = []
    var start = 0
    for entry in schedule.entries {
      let end = start + entry.ticks
      delays.append(Int((Double(end) * 100 / rate).rounded()) - Int((Double(start) * 100 / rate).rounded()))
      start = end
    }
    if !delays.isEmpty { delays[delays.count - 1] = Int((hold * 100).rounded()) }
    return delays
  }
}
