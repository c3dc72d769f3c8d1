import SegueFiles
import SegueGeometry
import SeguePNG
import SegueRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Files made from a rendered folder of frames: an animated PNG and a contact sheet.
public enum FrameExtras {
  /// How long looping outputs (APNGs, GIFs) show their last frame before starting again, so the
  /// end state can be seen instead of flashing past into the first frame.
  public static let holdSeconds = 1

  /// Writes an APNG of `frames` (already written in `directory`) to `path`, looping forever;
  /// each frame lasts until the next selected frame, and the last one `holdSeconds`. Streams
  /// frame by frame through one atomic file.
  public static func writeAPNG(frames: [Int], directory: String, fps: Int, to path: String) throws(WriteError) {
    let file = try AtomicFile(path)
    var assembler = APNGAssembler(frameCount: frames.count)
    do throws(WriteError) {
      for (position, index) in frames.enumerated() {
        let frame = try readFrame(index, in: directory)
        let isLast = position + 1 == frames.count
        let gap = isLast ? 0 : frames[position + 1] - index
        do {
          try file.write(
            try assembler.add(
              png: frame, delayNumerator: UInt16(isLast ? holdSeconds : min(gap, 65535)),
              delayDenominator: UInt16(isLast ? 1 : fps)))
        } catch let failure as APNGAssembler.Failure {
          throw WriteError(path: path, reason: failure.description)
        } catch {
          throw error as? WriteError ?? WriteError(path: path, reason: "\(error)")
        }
      }
      try file.write(assembler.end())
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  /// The PNG bytes of frame `index` in `directory`, read back to build an APNG or a sheet.
  static func readFrame(_ index: Int, in directory: String) throws(WriteError) -> [UInt8] {
    let file = directory + "/" + FrameWriter.fileName(ofFrame: index)
    do {
      return try FileReader.read(file, limit: FileReader.imageLimit, what: "a frame")
    } catch {
      throw WriteError(path: file, action: "read back", reason: error.reason)
    }
  }

  /// The sheet's background, and the colour of its labels (iOS's dark grey and light label).
  static let sheetBackground = RGBA8(r: 28, g: 28, b: 30)
  static let sheetInk = RGBA8(r: 242, g: 242, b: 247)

  /// A contact sheet's label of frame `index`, shown at `time` seconds: `#12 0.200 s`.
  public static func sheetLabel(index: Int, time: Double) -> String {
    let milliseconds = Int((time * 1000).rounded())
    let fraction = String(milliseconds % 1000)
    return "#\(index) \(milliseconds / 1000).\(String(repeating: "0", count: 3 - fraction.count) + fraction) s"
  }

  /// The label scale of a sheet whose thumbnails are `cellWidth` px wide: as large as fits
  /// the longest label within the cell, from 1 to 3 font pixels a pixel.
  static func labelScale(labels: [String], cellWidth: Int) -> Int {
    let widest = labels.map { BitmapFont.width(of: $0) }.max() ?? 1
    return max(1, min(3, cellWidth / max(1, widest)))
  }

  /// Writes a contact sheet of `frames` to `path`: a grid (at most 8 columns) of frames shrunk
  /// to 160 px wide, 8 px apart, on dark grey, each labelled below with its number and the time
  /// it shows (`times`, one per frame) in the built-in pixel font.
  public static func writeSheet(frames: [Int], times: [Double], directory: String, to path: String)
    throws(WriteError)
  {
    let thumbWidth = 160
    let gap = 8
    let columns = max(1, min(8, frames.count))
    let rows = (frames.count + columns - 1) / columns
    let labels = zip(frames, times).map { sheetLabel(index: $0, time: $1) }
    let fontScale = labelScale(labels: labels, cellWidth: thumbWidth)
    // The label sits 2 font pixels under its thumbnail.
    let labelTop = 2 * fontScale
    let labelHeight = labelTop + BitmapFont.height * fontScale
    var sheet: Pixmap?
    var thumbHeight = 0
    for (position, index) in frames.enumerated() {
      let frame: Pixmap
      do {
        frame = try PNGDecoder.decode(try readFrame(index, in: directory))
      } catch let error as WriteError {
        throw error
      } catch {
        throw WriteError(path: directory, action: "read back frames from", reason: "\(error)")
      }
      if sheet == nil {
        thumbHeight = max(1, Int((Double(thumbWidth) * Double(frame.height) / Double(frame.width)).rounded()))
        sheet = Pixmap(
          width: gap + columns * (thumbWidth + gap), height: gap + rows * (thumbHeight + labelHeight + gap),
          fill: sheetBackground.premultiplied)
      }
      guard var canvas = sheet, let thumbnail = frame.downsampled(width: thumbWidth, height: thumbHeight) else {
        throw WriteError(path: path, reason: "contact sheet too large")
      }
      let x = gap + (position % columns) * (thumbWidth + gap)
      let y = gap + (position / columns) * (thumbHeight + labelHeight + gap)
      canvas.draw(
        thumbnail, into: Rect(x: Double(x), y: Double(y), width: Double(thumbWidth), height: Double(thumbHeight)))
      if position < labels.count {
        canvas.drawText(
          labels[position], x: x, y: y + thumbHeight + labelTop, scale: fontScale, color: sheetInk.premultiplied)
      }
      sheet = canvas
    }
    guard let sheet else { throw WriteError(path: path, reason: "there are no frames") }
    let bytes: [UInt8]
    do {
      bytes = try PNGEncoder(compression: .balanced).encode(sheet)
    } catch {
      throw WriteError(path: path, reason: "\(error)")
    }
    try AtomicFile.write(bytes, to: path)
  }
}
