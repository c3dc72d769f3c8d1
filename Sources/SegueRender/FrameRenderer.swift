import Dispatch
import SegueRaster
import SegueScene
import SegueTransitions

/// Renders any frame of a loaded scene: the pure heart of `render`, usable from any thread.
public struct FrameRenderer: Sendable {
  public let loaded: LoadedScene
  public let compositor: FrameCompositor

  /// Rasterizes both screens once; every frame then composites the two snapshots.
  public init(_ loaded: LoadedScene) {
    self.loaded = loaded
    let scene = loaded.scene
    let animator = loaded.transition.animator
    @Sendable func snapshot(_ role: ScreenRole) -> Snapshot {
      let size = animator.screenSize(role)
      let screen = role == .from ? scene.from : scene.to
      return Snapshot(ScreenRasterizer.render(screen, size: size, scale: scene.scale, images: loaded.images))
    }
    // The two screens are independent: rasterize them at once.
    let snapshots = Locked<[Snapshot?]>([nil, nil])
    DispatchQueue.concurrentPerform(iterations: 2) { index in
      let made = snapshot(index == 0 ? .from : .to)
      snapshots.withLock { $0[index] = made }
    }
    let made = snapshots.withLock { $0 }
    compositor = FrameCompositor(
      scaleX: Double(scene.pixelWidth) / scene.size.width, scaleY: Double(scene.pixelHeight) / scene.size.height,
      background: scene.background.premultiplied, from: made[0]!, to: made[1]!)
  }

  public var frameCount: Int { loaded.timeline.frameCount }
  public var width: Int { loaded.scene.pixelWidth }
  public var height: Int { loaded.scene.pixelHeight }

  /// The layers frame `index` shows.
  public func layers(ofFrame index: Int) -> FrameLayers {
    let animator = loaded.transition.animator
    switch loaded.timeline.frame(index).state {
    case .animating(let p): return animator.layers(at: p)
    case .start: return animator.startLayers
    case .end: return animator.endLayers
    }
  }

  /// Draws frame `index` into `pixmap` (of `width` × `height`).
  public func render(frame index: Int, into pixmap: inout Pixmap) {
    compositor.render(layers(ofFrame: index), into: &pixmap)
  }

  /// Frame `index` as a new pixmap.
  public func render(frame index: Int) -> Pixmap {
    var pixmap = Pixmap(width: width, height: height)!
    render(frame: index, into: &pixmap)
    return pixmap
  }
}
