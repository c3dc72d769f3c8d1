import SegueGeometry

extension SceneGeometry {
  /// The radius of the circle about `center` (in `target`'s own points) that covers the frame
  /// `subject` names: the distance to that frame's farthest corner, with the frame taken into
  /// the target's own points where the target starts (its parent's coordinates, less its own
  /// origin there), so the animator computes it from the app's views as they are laid out.
  public func coverRadius(
    of subject: ViewReference.Subject, center: (x: Measure, y: Measure), in target: Target, overlayRect: Rect?
  ) -> Measure {
    frame(of: ViewReference(subject), for: target).relative(to: ownOrigin(of: target, overlayRect: overlayRect))
      .coverRadius(from: center)
  }

  /// Where `target`'s own frame starts in its parent: a screen's, a handed or pinned layer's and
  /// an overlay's as the app lays them out, else the rect the scene states.
  func ownOrigin(of target: Target, overlayRect: Rect?) -> (x: Measure, y: Measure) {
    if case .rect(let frame)? = initial(.frame, of: target, overlayRect: overlayRect) { return (frame.x, frame.y) }
    if let rect = overlayRect, case .overlay = target { return (.constant(rect.x), .constant(rect.y)) }
    return (.constant(0), .constant(0))
  }
}
