import SegueFiles
import SeguePNG

/// Writes an MP4 or a GIF of frames already rendered into a folder, through ffmpeg.
///
/// Never a half-written file: an MP4 is written by ffmpeg under a temporary name beside the
/// target (ffmpeg must seek back to finish it), a GIF is read from ffmpeg's output and written
/// the same way, and either is renamed over the target only when ffmpeg succeeded. On a failure
/// or a signal the temporary file is removed (and ffmpeg killed first); when Segue is killed
/// outright, ffmpeg dies with it (`ChildProcess`) and the next run removes the file.
public struct VideoWriter: Sendable {
  /// The ffmpeg to run.
  public let ffmpeg: String

  public init(ffmpeg: String) {
    self.ffmpeg = ffmpeg
  }

  /// An H.264 video of `frames` (sorted) at `fps`, each frame shown until the next selected one
  /// and the last for one frame, so a full render lasts frame count / fps seconds.
  public func writeVideo(frames: [Int], directory: String, fps: Int, to path: String) throws(WriteError) {
    let schedule = FrameSchedule(frames: frames)
    let header = try Header(frame: frames.first, directory: directory, target: path)
    // Kept open (not written) while ffmpeg writes the temporary file by its name: the open file
    // holds the lock that tells a later run's cleanup the file is not a leftover.
    let file = try AtomicFile(path)
    do throws(WriteError) {
      let arguments = FFmpeg.videoArguments(
        width: header.width, height: header.height, fps: fps, output: file.temporaryPath)
      let result = try feed(schedule.ticks, directory: directory, arguments: arguments, keepOutput: false)
      try check(result, path: path)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  /// A GIF of `frames` (sorted) that loops forever: at most 50 frames a second (every second
  /// frame of a 60 fps scene), each shown until the next, the last held `hold` seconds.
  public func writeGIF(frames: [Int], directory: String, fps: Int, hold: Double, to path: String) throws(WriteError) {
    let step = FFmpeg.gifStep(fps: fps)
    let schedule = FrameSchedule(frames: frames, step: step)
    let header = try Header(frame: frames.first, directory: directory, target: path)
    let file = try AtomicFile(path)
    do throws(WriteError) {
      let rate = step == 1 ? "\(fps)" : "\(fps)/\(step)"
      let arguments = FFmpeg.gifArguments(rate: rate, transparent: header.hasAlpha)
      let result = try feed(schedule.entries.map(\.frame), directory: directory, arguments: arguments, keepOutput: true)
      try check(result, path: path)
      let delays = GIFTiming.centiseconds(schedule, ticksPerSecond: Double(fps) / Double(step), hold: hold)
      guard let timed = GIFTiming.setting(result.output, centiseconds: delays) else {
        throw WriteError(
          path: path, reason: "ffmpeg wrote a GIF without the \(delays.count) images expected; nothing was written")
      }
      try file.write(timed)
      try file.commit()
    } catch {
      file.discard()
      throw error
    }
  }

  /// Runs ffmpeg with `arguments`, feeding it the PNG file of each frame in `order` (a frame
  /// repeated in a row is read once).
  private func feed(_ order: [Int], directory: String, arguments: [String], keepOutput: Bool) throws(WriteError)
    -> ChildProcess.Result
  {
    var position = 0
    var cached: (frame: Int, bytes: [UInt8])?
    return try ChildProcess.run(ffmpeg, arguments, keepOutput: keepOutput) { () throws(WriteError) -> [UInt8]? in
      guard position < order.count else { return nil }
      let frame = order[position]
      position += 1
      if let cached, cached.frame == frame { return cached.bytes }
      let bytes = try FrameExtras.readFrame(frame, in: directory)
      cached = (frame, bytes)
      return bytes
    }
  }

  /// Fails unless ffmpeg exited with 0, with what it said last.
  private func check(_ result: ChildProcess.Result, path: String) throws(WriteError) {
    guard result.status != 0 else { return }
    let how =
      result.status > 128 ? "was stopped by signal \(result.status - 128)" : "failed (exit status \(result.status))"
    let said = result.lastErrorLine.map { ": \($0)" } ?? ""
    throw WriteError(path: path, reason: "ffmpeg \(how)\(said); nothing was written")
  }

  /// The size and kind of the first frame, read before ffmpeg starts.
  private struct Header {
    let width: Int
    let height: Int
    let hasAlpha: Bool

    init(frame: Int?, directory: String, target: String) throws(WriteError) {
      guard let frame else { throw WriteError(path: target, reason: "there are no frames") }
      let bytes = try FrameExtras.readFrame(frame, in: directory)
      guard let chunks = PNGChunk.chunks(of: bytes), let header = chunks.first, header.type == "IHDR",
        header.data.count == 13
      else {
        throw WriteError(
          path: directory + "/" + FrameWriter.fileName(ofFrame: frame), action: "read back",
          reason: "it is not a well-formed PNG")
      }
      func bigEndian(_ offset: Int) -> Int {
        header.data[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) }
      }
      width = bigEndian(0)
      height = bigEndian(4)
      // Colour types 4 and 6 carry alpha; a tRNS chunk gives the others a transparent colour.
      hasAlpha = header.data[9] == 4 || header.data[9] == 6 || chunks.contains { $0.type == "tRNS" }
    }
  }
}
