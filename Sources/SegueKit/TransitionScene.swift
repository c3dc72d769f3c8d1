import SegueGolden
import SegueRaster

/// A transition scene, loaded and checked, ready to render any of its frames: the entry point
/// of the SegueKit library.
///
/// ```swift
/// let scene = try TransitionScene.load("scenes/circle-present.json")
/// let last = scene.frame(scene.frameCount - 1)
/// try last.writePNG(to: "out/last.png")
/// ```
///
/// Both screens are rasterized once, when the scene is made; each frame then only composites,
/// so frames can be rendered in any order and from any thread.
public struct TransitionScene: Sendable {
  let renderer: FrameRenderer

  init(_ loaded: LoadedScene) {
    renderer = FrameRenderer(loaded)
  }

  /// Reads the scene file at `path` (the JSON format of `segue render`) with the images it names.
  ///
  /// - Parameters:
  ///   - scale: pixels a point, instead of the scene's `scale` (as `segue render --scale`).
  ///   - fps: frames a second, instead of the scene's `fps` (as `segue render --fps`).
  /// - Throws: `SegueError` listing every problem of the file, as `segue validate` does.
  public static func load(_ path: String, scale: Double? = nil, fps: Int? = nil) throws
    -> TransitionScene
  {
    do {
      return TransitionScene(try LoadedScene.load(path, overrides: LoadedScene.Overrides(scale: scale, fps: fps)))
    } catch {
      throw SegueError(error.description)
    }
  }

  /// Builds a scene from JSON text, for scenes made in code.
  ///
  /// - Parameters:
  ///   - json: the scene, in the format of a scene file.
  ///   - file: the path it is taken to come from: it names the scene in messages, gives its
  ///     default `name`, and images are read relative to its folder. It need not exist.
  ///   - scale: pixels a point, instead of the scene's `scale`.
  ///   - fps: frames a second, instead of the scene's `fps`.
  public init(json: String, file: String = "scene.json", scale: Double? = nil, fps: Int? = nil) throws {
    do {
      self.init(
        try LoadedScene.decode(
          Array(json.utf8), file: file, overrides: LoadedScene.Overrides(scale: scale, fps: fps)))
    } catch {
      throw SegueError(error.description)
    }
  }

  /// The scene's `name` (by default the file's name without `.json`).
  public var name: String { renderer.loaded.scene.name }
  /// A frame's width in pixels: round(width in points × scale).
  public var width: Int { renderer.width }
  /// A frame's height in pixels.
  public var height: Int { renderer.height }
  /// Frames a second.
  public var fps: Int { renderer.loaded.scene.fps }
  /// Seconds from the first frame to the last (scrubbing and completion included).
  public var duration: Double { renderer.loaded.timeline.clock.duration }
  /// Frames 0 … `frameCount` − 1: frame 0 is the start state, the last the exact end state.
  public var frameCount: Int { renderer.frameCount }
  /// What renders as asked but deserves a look (a spring cut short), a line each.
  public var warnings: [String] { renderer.loaded.warnings }

  /// Renders frame `index` (clamped to 0 … `frameCount` − 1), exactly as `segue render` does.
  public func frame(_ index: Int) -> FrameImage {
    let index = min(max(index, 0), frameCount - 1)
    guard var scratch = Pixmap(width: width, height: height) else {
      preconditionFailure("a loaded scene has a valid pixel size")
    }
    return FrameImage(GoldenStore.image(of: renderer.image(frame: index, scratch: &scratch)))
  }
}
