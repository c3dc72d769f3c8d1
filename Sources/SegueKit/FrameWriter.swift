import Dispatch
import SegueFiles
import SegueJSON
import SeguePNG
import SegueRaster
import SegueScene
import SegueSync

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

/// Renders frames in parallel and writes them, with their manifest, into a folder.
///
/// Frames stream: each worker owns one pixmap and renders, encodes and writes a frame before
/// taking the next, so memory stays bounded whatever the frame count. The folder is a
/// `FrameFolder`: frames go under temporary names and replace the previous render all at once
/// when every one of them succeeded; a failure leaves the previous render as it was.
public struct FrameWriter: Sendable {
  public let renderer: FrameRenderer
  public let encoder: PNGEncoder
  /// Worker threads (at least 1).
  public let jobs: Int

  public init(
    renderer: FrameRenderer, encoder: PNGEncoder = PNGEncoder(),
    jobs: Int = ProcessInfo.processInfo.activeProcessorCount
  ) {
    self.renderer = renderer
    self.encoder = encoder
    self.jobs = max(1, jobs)
  }

  /// The file name of frame `index`: `frame_0007.png`.
  public static func fileName(ofFrame index: Int) -> String { FrameFolderNames.frame(index) }

  /// Renders `frames` (indices into the timeline) into `directory`.
  /// - Parameters:
  ///   - replaceForeignManifest: replace a `manifest.json` Segue did not write (`--force`);
  ///     without it such a folder is refused, so a user's file is never lost.
  ///   - notes: called with what opening the folder found (a stopped run repaired).
  ///   - progress: called after each frame with (frames done, frames in all).
  public func write(
    frames: [Int], to directory: String, replaceForeignManifest: Bool = false, notes: ([String]) -> Void = { _ in },
    progress: (@Sendable (Int, Int) -> Void)? = nil
  ) throws(WriteError) {
    let folder = try FrameFolder(directory, contents: .render(replaceForeignManifest: replaceForeignManifest))
    notes(folder.notes)
    let renderer = self.renderer
    let encoder = self.encoder
    let done = Guarded(0)
    do throws(WriteError) {
      try Parallel.forEach(
        frames.count, jobs: jobs, workerState: Pixmap(width: renderer.width, height: renderer.height)
      ) {
        (scratch: inout Pixmap?, slot: Int) throws(WriteError) in
        // Taken out (not copied) so composing into it never copies the buffer.
        guard var pixmap = scratch.take() else {
          throw WriteError(path: directory, reason: "the frame size is out of range")
        }
        let index = frames[slot]
        let name = FrameWriter.fileName(ofFrame: index)
        let bytes: [UInt8]
        do {
          bytes = try encoder.encode(renderer.image(frame: index, scratch: &pixmap))
        } catch {
          throw WriteError(path: directory + "/" + name, reason: "\(error)")
        }
        scratch = pixmap
        try folder.write(bytes, as: name)
        let count = done.withLock { count -> Int in
          count += 1
          return count
        }
        progress?(count, frames.count)
      }
    } catch {
      folder.abandon()
      throw error
    }
    let manifest = FrameWriter.manifest(renderer: renderer, frames: frames)
    try folder.commit(manifest: Array((manifest.text() + "\n").utf8))
  }

  /// manifest.json: the scene, the pixel size, the timing, and per frame its file, time and progress.
  public static func manifest(renderer: FrameRenderer, frames: [Int]) -> JSONValue {
    let loaded = renderer.loaded
    let scene = loaded.scene
    let timeline = loaded.timeline
    let transition = loaded.plan.scene.transition
    let entries: [JSONValue] = frames.map { index in
      let frame = timeline.frame(index)
      return .object([
        ("file", .string(fileName(ofFrame: index))), ("index", .number(Double(index))),
        ("time", .number(frame.time)), ("progress", .number(frame.progress)),
      ])
    }
    var members: [(key: String, value: JSONValue)] = [
      ("scene", .string(scene.name)), ("type", .string(scene.transition.type)),
      ("operation", .string(scene.transition.operation.rawValue)),
      ("width", .number(Double(renderer.width))), ("height", .number(Double(renderer.height))),
      ("size", .array([.number(Double(renderer.width)), .number(Double(renderer.height))])),
      ("scale", .number(scene.scale)), ("fps", .number(Double(scene.fps))),
      ("duration", .number(timeline.clock.duration)),
      ("transitionDuration", .number(loaded.plan.mainEasing.duration)),
      ("curve", .string((transition.curve ?? .bezier(.easeInEaseOut)).description)),
    ]
    if let interaction = scene.interaction {
      members.append(("interaction", .string(interaction.release.rawValue)))
    }
    // Which of the scene's runs these frames are: its device (and container in points) and variant.
    if let device = loaded.run.device { members.append(("device", .string(device.name))) }
    if let variant = loaded.run.variant { members.append(("variant", .string(variant))) }
    if loaded.runFolder != nil {
      members.append(("container", .array([.number(scene.size.width), .number(scene.size.height)])))
    }
    members.append(("frameCount", .number(Double(timeline.frameCount))))
    members.append(("timing", TimingPlot.compact(loaded)))
    members.append(("frames", .array(entries)))
    return .object(members)
  }
}
