import Dispatch
import FoundationEssentials
import Glibc
import SegueRaster
import SeguePNG
import SegueScene
import SegueTransitions

/// Renders frames in parallel and writes them, with their manifest, into a folder.
///
/// Frames stream: each worker owns one pixmap and renders, encodes and writes a frame before
/// taking the next, so memory stays bounded whatever the frame count. Frames are written under
/// temporary names and put in place only when all of them succeeded; then frames of an earlier
/// render that this one did not produce are removed and the manifest is written. Other files
/// in the folder are never touched. A failure leaves the folder as it was.
public struct FrameWriter: Sendable {
  public let renderer: FrameRenderer
  public let encoder: PNGEncoder
  /// Worker threads (at least 1).
  public let jobs: Int

  public init(renderer: FrameRenderer, encoder: PNGEncoder = PNGEncoder(), jobs: Int = ProcessInfo.processInfo.activeProcessorCount) {
    self.renderer = renderer
    self.encoder = encoder
    self.jobs = max(1, jobs)
  }

  /// The file name of frame `index`: `frame_0007.png`.
  public static func fileName(ofFrame index: Int) -> String {
    let digits = String(index)
    return "frame_" + String(repeating: "0", count: max(0, 4 - digits.count)) + digits + ".png"
  }

  /// True for names `render` writes frames under (`frame_` + digits + `.png`).
  public static func isFrameFileName(_ name: String) -> Bool {
    guard name.hasPrefix("frame_"), name.hasSuffix(".png") else { return false }
    let digits = name.dropFirst(6).dropLast(4)
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
  }

  /// Renders `frames` (indices into the timeline) into `directory`.
  /// - Parameter progress: called after each frame with (frames done, frames in all).
  public func write(
    frames: [Int], to directory: String, progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws(WriteError) {
    try FrameWriter.makeDirectory(directory)
    let token = "\(ProcessInfo.processInfo.processIdentifier)"
    @Sendable func partialName(_ index: Int) -> String { ".\(FrameWriter.fileName(ofFrame: index)).partial-\(token)" }
    let queue = WorkQueue<WriteError>(count: frames.count)
    let renderer = self.renderer
    let encoder = self.encoder
    let workers = min(jobs, max(1, frames.count))
    DispatchQueue.concurrentPerform(iterations: workers) { _ in
      guard var pixmap = Pixmap(width: renderer.width, height: renderer.height) else {
        queue.fail(WriteError(path: directory, reason: "frame size out of range"))
        return
      }
      while let slot = queue.take() {
        let index = frames[slot]
        let path = directory + "/" + partialName(index)
        do {
          let bytes = try renderer.png(frame: index, scratch: &pixmap, encoder: encoder)
          try FrameWriter.writeFile(bytes, to: path)
        } catch let error as WriteError {
          queue.fail(error)
          return
        } catch {
          queue.fail(WriteError(path: path, reason: "\(error)"))
          return
        }
        let done = queue.complete()
        progress?(done, frames.count)
      }
    }
    if let failure = queue.recordedFailure {
      for index in frames { unlink(directory + "/" + partialName(index)) }
      throw failure
    }
    // All frames are on disk: remove the earlier render's frames, then move these into place.
    let keep = Set(frames.map(FrameWriter.fileName(ofFrame:)))
    let existing = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    for name in existing where FrameWriter.isFrameFileName(name) && !keep.contains(name) {
      unlink(directory + "/" + name)
    }
    for index in frames {
      let from = directory + "/" + partialName(index)
      let to = directory + "/" + FrameWriter.fileName(ofFrame: index)
      guard rename(from, to) == 0 else {
        let reason = String(cString: strerror(errno))
        for index in frames { unlink(directory + "/" + partialName(index)) }
        throw WriteError(path: to, reason: reason)
      }
    }
    let manifest = FrameWriter.manifest(renderer: renderer, frames: frames)
    try FrameWriter.writeFile(Array((manifest.text() + "\n").utf8), to: directory + "/manifest.json", atomically: true)
  }

  /// manifest.json: the scene, the pixel size, the timing, and per frame its file, time and progress.
  public static func manifest(renderer: FrameRenderer, frames: [Int]) -> JSONValue {
    let loaded = renderer.loaded
    let scene = loaded.scene
    let timeline = loaded.timeline
    let entries: [JSONValue] = frames.map { index in
      let frame = timeline.frame(index)
      return .object([
        ("file", .string(fileName(ofFrame: index))), ("index", .number(Double(index))),
        ("time", .number(frame.time)), ("progress", .number(frame.progress)),
      ])
    }
    var members: [(key: String, value: JSONValue)] = [
      ("scene", .string(scene.name)), ("type", .string(loaded.transition.type.name)),
      ("operation", .string(scene.transition.operation.rawValue)),
      ("width", .number(Double(renderer.width))), ("height", .number(Double(renderer.height))),
      ("size", .array([.number(Double(renderer.width)), .number(Double(renderer.height))])),
      ("scale", .number(scene.scale)), ("fps", .number(Double(scene.fps))),
      ("duration", .number(timeline.clock.duration)),
      ("transitionDuration", .number(loaded.transition.curve.effectiveDuration(loaded.transition.duration))),
      ("curve", .string(loaded.transition.curve.description)),
    ]
    if let interaction = scene.interaction {
      members.append(("interaction", .string(interaction.release.rawValue)))
    }
    members.append(("frameCount", .number(Double(timeline.frameCount))))
    members.append(("frames", .array(entries)))
    return .object(members)
  }

  static func makeDirectory(_ directory: String) throws(WriteError) {
    var isDirectory = false
    if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
      guard isDirectory else { throw WriteError(path: directory, reason: "exists and is not a folder") }
      return
    }
    do {
      try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    } catch {
      throw WriteError(path: directory, reason: "cannot create folder (\(error))")
    }
  }

  /// Writes `bytes` to `path` with POSIX calls, reporting errno; `atomically` goes through a
  /// temporary file and rename.
  static func writeFile(_ bytes: [UInt8], to path: String, atomically: Bool = false) throws(WriteError) {
    let target = atomically ? path + ".partial-\(ProcessInfo.processInfo.processIdentifier)" : path
    let descriptor = open(target, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    guard descriptor >= 0 else { throw WriteError(path: path, reason: String(cString: strerror(errno))) }
    var written = 0
    let failure: String? = bytes.withUnsafeBytes { raw in
      while written < raw.count {
        let result = Glibc.write(descriptor, raw.baseAddress! + written, raw.count - written)
        if result < 0 {
          if errno == EINTR { continue }
          return String(cString: strerror(errno))
        }
        written += result
      }
      return nil
    }
    let closed = close(descriptor)
    if let failure {
      unlink(target)
      throw WriteError(path: path, reason: failure)
    }
    guard closed == 0 else {
      unlink(target)
      throw WriteError(path: path, reason: String(cString: strerror(errno)))
    }
    if atomically, rename(target, path) != 0 {
      let reason = String(cString: strerror(errno))
      unlink(target)
      throw WriteError(path: path, reason: reason)
    }
  }
}
