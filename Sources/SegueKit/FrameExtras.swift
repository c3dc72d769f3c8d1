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
  /// Writes an APNG of `frames` (already written in `directory`) to `path`, looping forever;
  /// each frame lasts until the next selected frame (1 / fps for the last). Streams frame by
  /// frame through one atomic file.
  public static func writeAPNG(frames: [Int], directory: String, fps: Int, to path: String) throws(WriteError) {
    let file = try AtomicFile(path)
    var assembler = APNGAssembler(frameCount: frames.count)
    do throws(WriteError) {
      for (position, index) in frames.enumerated() {
        let frame = try readFrame(index, in: directory)
        let gap = position + 1 < frames.count ? frames[position + 1] - index : 1
        do {
          try file.write(
            try assembler.add(png: frame, delayNumerator: UInt16(min(gap, 65535)), delayDenominator: UInt16(fps)))
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

  /// Writes a contact sheet of `frames` to `path`: a grid (at most 8 columns) of frames shrunk
  /// to 160 px wide, 8 px apart, on dark grey.
  public static func writeSheet(frames: [Int], directory: String, to path: String) throws(WriteError) {
    let thumbWidth = 160
    let gap = 8
    let columns = max(1, min(8, frames.count))
    let rows = (frames.count + columns - 1) / columns
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
          width: gap + columns * (thumbWidth + gap), height: gap + rows * (thumbHeight + gap),
          fill: RGBA8(r: 28, g: 28, b: 30).premultiplied)
      }
      guard var canvas = sheet, let thumbnail = frame.downsampled(width: thumbWidth, height: thumbHeight) else {
        throw WriteError(path: path, reason: "contact sheet too large")
      }
      let x = gap + (position % columns) * (thumbWidth + gap)
      let y = gap + (position / columns) * (thumbHeight + gap)
      canvas.draw(
        thumbnail, into: Rect(x: Double(x), y: Double(y), width: Double(thumbWidth), height: Double(thumbHeight)))
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
