import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene

/// Builds small scenes in memory: from is black, to is white, so a pixel's red channel says
/// which screen shows there.
enum SceneFixture {
  static func scene(
    size: (Int, Int) = (40, 30), scale: Double = 1, fps: Int = 10, background: String = "#0000FF",
    transition: String, interaction: String? = nil,
    from: String = ##"{"background": "#000000"}"##, to: String = ##"{"background": "#FFFFFF"}"##
  ) throws -> LoadedScene {
    var text = """
      {"size": [\(size.0), \(size.1)], "scale": \(scale), "fps": \(fps), "background": "\(background)",
       "from": \(from), "to": \(to), "transition": \(transition)
      """
    if let interaction { text += ", \"interaction\": \(interaction)" }
    text += "}"
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "fixture.json", defaultName: "fixture")
    return try LoadedScene(scene: scene, file: "fixture.json")
  }

  /// Frame `index` as pixels.
  static func frame(_ loaded: LoadedScene, _ index: Int) -> Pixmap {
    FrameRenderer(loaded).render(frame: index)
  }

  /// What the frame at `moment` draws.
  static func layers(_ loaded: LoadedScene, at moment: Moment) -> [RenderLayer] {
    loaded.plan.displayList(at: moment).layers
  }

  /// Where a flat layer's bounds land in its parent's points (its transform applied to the
  /// corners; no rotation about x or y).
  static func placed(_ layer: RenderLayer) -> Rect {
    let a = layer.transform.apply(0, 0)
    let b = layer.transform.apply(layer.bounds.width, layer.bounds.height)
    return Rect(x: a.x, y: a.y, width: b.x - a.x, height: b.y - a.y)
  }

  /// The red channel of every pixel of frame `index`.
  static func redChannel(_ loaded: LoadedScene, frame index: Int) -> [[UInt8]] {
    let pixmap = FrameRenderer(loaded).render(frame: index)
    return (0..<pixmap.height).map { y in (0..<pixmap.width).map { x in pixmap[x, y].r } }
  }
}
