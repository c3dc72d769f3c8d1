import SegueGeometry

/// One of the transitions Segue ships, with its parameters decoded (docs/transitions.md).
public enum Preset: Sendable, Equatable {
  /// Instagram stories open/close: a snapshot grows from `sourceFrame` (nil: a 200 × 200 tile in
  /// the centre).
  case zoom(sourceFrame: Rect?)
  /// Story to story: the covered story shrinks to `scale` with `cornerRadius` corners.
  case stories(scale: Double, cornerRadius: Double)
  /// A screen sliding in from an edge.
  case slide(edge: Edge)
  /// A panel of `size` × the container over a dim of alpha `dim`.
  case panel(edge: Edge, size: Double, dim: Double)
  /// A circular reveal; nil origin: the centre; nil end radius: the farthest corner.
  case circle(origin: CircleOrigin?, startRadius: Double, endRadius: Double?)
  /// A rectangle growing from a 2 pt strip at `edge`.
  case spread(edge: Edge)
  /// A burst from the centre.
  case boom
  /// UIKit's cross dissolve.
  case fade
  /// UINavigationController's push and pop.
  case push
  /// A turn about the vertical axis, the second half showing `to`.
  case flip(direction: FlipDirection)
  /// The stories cube.
  case cube
  /// The iOS 13+ page sheet; `top` nil: 10 points below the safe area's top, as UIKit places it.
  case sheet(top: Double?, inset: Double, dim: Double)
}

/// Which way a flip turns.
public enum FlipDirection: String, Sendable, CaseIterable {
  case left
  case right
}
