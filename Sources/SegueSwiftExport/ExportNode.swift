import SegueGeometry
import SegueMotion
import SegueScene

/// One view the generated animator moves: a screen, an overlay, a lifted layer or a matched
/// layer's morph, with its Swift name and where it sits.
struct ExportNode {
  enum Kind {
    /// A screen: its real view, or a snapshot of it when its frame changes size (a snapshot's
    /// content stretches with its frame, as the scene's screens do; a real view lays itself out).
    case screen(ScreenRole, snapshot: Bool)
    /// A dimming view the animator makes and removes.
    case overlay(Overlay)
    /// A layer of a screen lifted out of it: a snapshot of the app's view for `key` ("from.card"),
    /// placed at the layer's rectangle in its parent. A group lifted only because it holds a
    /// lifted layer has no key: it is an empty view at its rectangle that clips and carries.
    case lifted(ScreenRole, path: [Int], layer: Layer, key: String?)
    /// A matched layer: the two views' snapshots in one view whose frame and corners morph.
    case morph(MotionPlan.Morph, from: RenderLayer, to: RenderLayer)
    /// The `CAShapeLayer` set as a node's mask (`to.mask`), which an animation moves: made with
    /// its host's node, never added to a view.
    case mask
  }

  let kind: Kind
  /// What the plan animates; nil for a morph and for a group lifted only as a container.
  let target: Target?
  /// The Swift variable holding the view.
  let name: String
  /// The Swift expression of the view it is added to: `container` or another node's name.
  let parent: String
  /// Whether its layer is a `CATransformLayer` (a 3D group), which keeps its sublayers in 3D.
  var keeps3D = false
  /// A sublayer without an id that a cascade animates: the app hands its group (`key`), and the
  /// view is the group's subview at `index` (the scene's sublayers in order).
  var subview: (key: String, index: Int)?
  /// A layer animated in place (`"lift": false`): the app's own view, animated where it is in its
  /// superview, never moved, hidden or removed.
  var inPlace = false

  /// The node's layer, as Swift.
  var layer: String {
    if case .mask = kind { return name }
    return "\(name).layer"
  }

  /// A screen's real view (as opposed to a view the animator makes).
  var isRealScreen: Bool {
    if case .screen(_, let snapshot) = kind { return !snapshot }
    return false
  }
}
