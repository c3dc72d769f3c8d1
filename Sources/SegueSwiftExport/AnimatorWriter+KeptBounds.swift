import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  /// Whether a node is scaled to its frames (`"resize": "transform"`), as the zoom animators
  /// write it: its bounds stay those it lives at, and `transform.scale` maps them onto each
  /// frame. A screen or a layer (lifted or in place) whose frame some animation moves.
  func keepsBounds(_ node: ExportNode) -> Bool {
    switch node.kind {
    case .screen(let role, _): return plan.scalesToFrame(node.target, resize: scene.screen(role).resize)
    case .lifted(_, _, let layer, _): return plan.scalesToFrame(node.target, resize: layer.resize)
    default: return false
    }
  }

  /// The bounds a node scaled to its frames keeps, as Swift read at run time: the frame it has
  /// at the end when it stays, at the start when the transition removes it
  /// (`MotionPlan.transformBounds(of:)`): `finalFrame(for:)` of a presented screen, the frame a
  /// dismissed one was shown at.
  func keptSize(of target: Target) -> String {
    let moment: Moment = plan.isShown(target, at: .end) ? .end : .start
    let state = plan.state(of: target, at: moment)
    guard let rect = Self.measuredRect(plan.formulas(of: target, at: moment)[.frame], .rect(state.frame)) else {
      return SwiftLiteral.size(state.frame.size)
    }
    return app.size(rect.width, rect.height)
  }

  /// The key paths a frame of size f moves on a node that keeps its bounds B: its scale
  /// f.width ÷ B.width and f.height ÷ B.height. Along an animation of f from a to b, f is
  /// a + (b − a)·q, so the scale a ÷ B + (b − a) ÷ B·q is the same animation of the scale, from
  /// a ÷ B to b ÷ B with the same timing (keyframes alike, each value divided by B): exact at
  /// every moment. Its position (origin + anchor·f) animates as any frame's does.
  func keptBoundsScale(from a: MeasuredRect, to b: MeasuredRect, _ node: ExportNode) -> [Segment] {
    [("x", a.width, b.width, "width"), ("y", a.height, b.height, "height")].map { axis, from, to, side in
      Segment(
        layer: node.layer, keyPath: "transform.scale.\(axis)",
        from: "\(app.factor(from)) / \(node.name)Kept.\(side)", to: "\(app.factor(to)) / \(node.name)Kept.\(side)")
    }
  }

  /// A node that keeps its bounds, from the start: its bounds B, and the scale that maps them onto
  /// its first frame (its `place` has put its position there).
  func writeKeptBounds(of node: ExportNode, _ target: Target, _ source: inout SwiftSource) {
    let layer = node.layer
    guard case .rect(let rect)? = plan.initialFormula(.frame, of: target) else { return }
    let scale = keptBoundsScale(from: rect, to: rect, node).map(\.from)
    source.line("\(layer).bounds = CGRect(origin: .zero, size: \(node.name)Kept)")
    source.line("\(layer).transform = CATransform3DMakeScale(\(scale[0]), \(scale[1]), 1)")
    if stretching.contains(node.name) {
      // A snapshot stretches its picture to the bounds it keeps, and what is inside it with it:
      // its content view is scaled once, bounds ÷ its first size (its transform does the rest).
      let content = "\(node.name)ContentSize"
      source.line(
        "\(node.name)Content.layer.transform = CATransform3DMakeScale(\(node.name)Kept.width / \(content).width, "
          + "\(node.name)Kept.height / \(content).height, 1)")
    }
  }

  /// A node scaled to its frames has the frame's scale as its `transform.scale`: a scale or a
  /// transform of its own animated beside it would take the same key paths.
  mutating func checkKeptBounds(_ target: Target, _ tracks: [MotionPlan.Track]) {
    guard let node = node(for: target), keepsBounds(node) else { return }
    for track in tracks {
      for property in [AnimatableProperty.scale, .transform]
      where track.values[property] != nil || track.keyframes[property] != nil {
        fail(
          path(of: track) + (track.values[property] != nil ? ".to.\(property.rawValue)" : ".keyframes"),
          "'\(target)' is scaled to its frame (\"resize\": \"transform\"): its transform's scale is the frame's, "
            + "so segue swift cannot animate a \(property.rawValue) of its own beside it; animate the frame alone, "
            + "or move and turn it with translate and rotation")
        return
      }
    }
  }
}
