import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  /// Whether anything of the scene leaves the plane z = 0: a turn about x or y, a translation in
  /// z, a transform whose steps move points out of the plane, a layer's `zPosition` or a 3D group.
  ///
  /// The container's perspective, m34 = −1/d about its centre, maps (x, y, z, w) to
  /// (x, y, z, w − z/d): a point with z = 0 keeps its place, so without depth the perspective
  /// changes nothing Segue draws, and the animator leaves the container's `sublayerTransform`
  /// alone. A layer's transform M keeps the plane when it sends every (x, y, 0, 1) to z = 0:
  /// M₃₁ = M₃₂ = M₃₄ = 0 (rows and columns from 1). Two such matrices interpolate (taken apart) to
  /// one, so the values the animations state are enough.
  var hasDepth: Bool {
    func deep(_ property: AnimatableProperty, _ value: PropertyValue) -> Bool {
      switch (property, value) {
      case (.rotationX, .number(let degrees)), (.rotationY, .number(let degrees)): return degrees != 0
      case (.translateZ, .number(let z)): return z != 0
      case (.transform, .transform(let steps)):
        let m = TransformStep.product(steps).m
        return m[2][0] != 0 || m[2][1] != 0 || m[2][3] != 0
      default: return false
      }
    }
    for track in plan.tracks {
      if track.values.contains(where: { deep($0.key, $0.value.from) || deep($0.key, $0.value.to) }) { return true }
      if track.keyframes.contains(where: { frames in frames.value.values.contains { deep(frames.key, $0) } }) {
        return true
      }
    }
    for entry in plan.custom.end {
      if case .state(let state) = entry.action, state.values.contains(where: { deep($0.key, $0.value) }) { return true }
    }
    let layers =
      ScreenRole.allCases.flatMap { scene.screen($0).allLayers.map(\.layer) }
      + plan.custom.overlays.compactMap(\.layer).flatMap { Screen(layers: [$0]).allLayers.map(\.layer) }
    return layers.contains { $0.zPosition != 0 || $0.preserves3D }
  }
}
