import FoundationEssentials
import Glibc
import SegueRaster
import SeguePNG

/// Files made from a rendered folder of frames: an animated PNG and a contact sheet.
public enum FrameExtras {
  /// Writes an APNG of `frames` (already written in `directory`) to `path`, looping forever;
  /// each frame lasts until the next selected frame (1 / fps for the last). Streams frame by
  /// frame through a temporary file.
  public static func writeAPNG(frames: [Int], directory: String, fps: Int, to path: String) throws(WriteError) {
    let temporary = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
    var assembler = APNGAssembler(frameCount: frames.count)
    func append(_ bytes: [UInt8]) throws(WriteError) {
      let written = bytes.withUnsafeBytes { Glibc.write(descriptor, $0.baseAddress, $0.count) }
      guard written == bytes.count else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
    }
    do {
      for (position, index) in frames.enumerated() {
        let file = directory + "/" + FrameWriter.fileName(ofFrame: index)
        guard let data = FileManager.default.contents(atPath: file) else {
          throw WriteError(path: file, reason: "cannot read the frame back")
        }
        let gap = position + 1 < frames.count ? frames[position + 1] - index : 1
        do {
          try append(try assembler.add(png: [UInt8](data), delayNumerator: UInt16(min(gap, 65535)), delayDenominator: UInt16(fps)))
        } catch let failure as APNGAssembler.Failure {
          throw WriteError(path: path, reason: failure.description)
        }
      }
      try append(assembler.end())
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error as? WriteError ?? WriteError(path: path, reason: "\(error)")
    }
    close(descriptor)
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw WriteError(path: path, reason: reason)
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
      let file = directory + "/" + FrameWriter.fileName(ofFrame: index)
      let frame: Pixmap
      do {
        frame = try PNGDecoder.decodeFile(atPath: file)
      } catch {
        throw WriteError(path: file, reason: "cannot read the frame back (\(error))")
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
      canvas.draw(thumbnail, into: Rect(x: Double(x), y: Double(y), width: Double(thumbWidth), height: Double(thumbHeight)))
      sheet = canvas
    }
    guard let sheet else { throw WriteError(path: path, reason: "no frames") }
    do {
      try FrameWriter.writeFile(try PNGEncoder(compression: .balanced).encode(sheet), to: path, atomically: true)
    } catch let error as WriteError {
      throw error
    } catch {
      throw WriteError(path: path, reason: "\(error)")
    }
  }
}
