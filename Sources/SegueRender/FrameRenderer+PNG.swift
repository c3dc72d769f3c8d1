import SegueRaster
import SeguePNG

extension FrameRenderer {
  /// Frame `index` as PNG bytes, using `scratch` (width × height) as the frame buffer.
  ///
  /// Opaque frames go to the encoder as RGB rows read from where each row's pixels already
  /// are: rows that are verbatim rows of a snapshot (or pure background) are read in place, and
  /// only the rows that mix sources are composited into `scratch` and converted. Other frames
  /// are composited whole and written with straight alpha.
  public func png(frame index: Int, scratch: inout Pixmap, encoder: PNGEncoder) throws -> [UInt8] {
    let compositor = self.compositor
    guard compositor.framesAreOpaque, let fromRGB = compositor.from.rgb, let toRGB = compositor.to.rgb
    else {
      render(frame: index, into: &scratch)
      return try encoder.encode(scratch, isOpaque: compositor.framesAreOpaque)
    }
    let sources = compositor.composite(layers(ofFrame: index), into: &scratch)
    let width = scratch.width
    let stride = width * 3
    // The composited rows, converted to RGB, packed in order.
    let mixed = sources.indices.filter { sources[$0] == .frame }
    // An empty array made with unsafeUninitializedCapacity is the shared empty singleton, and
    // setting its count from several threads is a data race (TSan): make one only when needed.
    var frameRGB: [UInt8] = []
    if !mixed.isEmpty {
      frameRGB = [UInt8](unsafeUninitializedCapacity: mixed.count * stride) { buffer, count in
        for (slot, y) in mixed.enumerated() {
          scratch.copyRGB(rows: y..<(y + 1), to: buffer.baseAddress! + slot * stride)
        }
        count = mixed.count * stride
      }
    }
    let background = compositor.background
    let backgroundRow = [UInt8]((0..<width).flatMap { _ in [background.r, background.g, background.b] })
    return try frameRGB.withUnsafeBufferPointer { frame in
      try fromRGB.withUnsafeBufferPointer { from in
        try toRGB.withUnsafeBufferPointer { to in
          try backgroundRow.withUnsafeBufferPointer { backgroundRow in
            var slot = 0
            let rows: [UnsafePointer<UInt8>] = sources.enumerated().map { y, source in
              switch source {
              case .frame:
                slot += 1
                return frame.baseAddress! + (slot - 1) * stride
              case .snapshot(.from): return from.baseAddress! + y * stride
              case .snapshot(.to): return to.baseAddress! + y * stride
              case .background: return backgroundRow.baseAddress!
              }
            }
            return try encoder.encodeRGB(rows: rows, width: width)
          }
        }
      }
    }
  }
}
