import SegueCompose
import SegueGeometry
import SegueMotion
import SegueRaster
import SegueScene
import SegueSync

/// Renders any frame of a loaded scene: the one way frames are made, for `render`, `batch`,
/// `check`, `gallery` and the library alike. Usable from any thread.
///
/// frame index → moment (timeline) → display list (motion) → pixels (compositor).
public struct FrameRenderer: Sendable {
  public let loaded: LoadedScene
  public let compositor: Compositor

  /// Rasterizes both screens once (without their lifted layers, `MotionPlan.snapshotScreen`);
  /// every frame then composites.
  public init(_ loaded: LoadedScene) {
    self.loaded = loaded
    let plan = loaded.plan
    let scene = plan.scene
    let snapshots = Parallel.map(2, jobs: 2) { index -> Snapshot in
      let role: ScreenRole = index == 0 ? .from : .to
      return Snapshot(
        ScreenRasterizer.render(
          plan.snapshotScreen(role), size: plan.screenSizes[role] ?? scene.size, scale: scene.scale,
          images: loaded.images))
    }
    compositor = Compositor(snapshots: [.from: snapshots[0], .to: snapshots[1]], images: loaded.images)
  }

  public var frameCount: Int { loaded.timeline.frameCount }
  public var width: Int { loaded.scene.pixelWidth }
  public var height: Int { loaded.scene.pixelHeight }

  /// What frame `index` shows.
  public func displayList(ofFrame index: Int) -> DisplayList {
    loaded.plan.displayList(at: loaded.timeline.frame(index).moment)
  }

  /// Frame `index` as rows, composited into `scratch` (of `width` × `height`).
  public func image(frame index: Int, scratch: inout Pixmap) -> RowImage {
    compositor.compose(displayList(ofFrame: index), scratch: &scratch)
  }

  /// Frame `index` as a new pixmap.
  public func render(frame index: Int) -> Pixmap {
    guard var scratch = Pixmap(width: width, height: height) else { return Pixmap(width: 1, height: 1)! }
    return image(frame: index, scratch: &scratch).materialized()
  }
}
