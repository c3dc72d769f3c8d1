import SegueRaster
import SegueGeometry

/// A transition's animator: what the frame shows at each eased progress.
///
/// The counterpart of `UIViewControllerAnimatedTransitioning.animateTransition`: `layers(at:)`
/// is the animation block evaluated at progress p (p = 0 start, 1 end; springs may pass 1),
/// `startLayers` what shows before it runs and `endLayers` after `completeTransition`.
public protocol TransitionAnimator: Sendable {
  /// The size in points of the snapshot of each screen (a panel is smaller than the container).
  func screenSize(_ role: ScreenRole) -> Size
  /// The frame at eased progress `p`.
  func layers(at p: Double) -> FrameLayers
  /// Before the transition: what an interaction that is cancelled returns to.
  var startLayers: FrameLayers { get }
  /// After `completeTransition`: masks, transforms and temporary corner radii removed.
  var endLayers: FrameLayers { get }
}

/// a + (b − a)·t.
@inline(__always)
func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
