import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  /// What the animator does when the last animation ends: the screens take the scene's end state
  /// (every animation at its end, then `end`), what it made is removed, the app's views it hid
  /// show again, and UIKit is told.
  func writeCompletion(usesClock: Bool, _ source: inout SwiftSource) {
    source.line("CATransaction.begin()")
    source.block("CATransaction.setCompletionBlock {") { source in
      writeFinish(at: .end, usesClock: usesClock, &source)
      source.line("transitionContext.completeTransition(!transitionContext.transitionWasCancelled)")
    }
  }

  /// The end of the transition at `moment`: `.end` (every animation at its end, then `end`) or,
  /// for a cancelled interaction, `.start` (as before the transition).
  func writeFinish(at moment: Moment, usesClock: Bool, _ source: inout SwiftSource) {
    let layers =
      nodes.map(\.layer)
      + nodes.compactMap { node -> String? in
        node.target.flatMap(firstMask) != nil ? "\(node.name)Mask" : nil
      }
    for layer in layers { source.line("\(layer).removeAllAnimations()") }
    for role in ScreenRole.allCases {
      guard let node = screenNode(role) else { continue }
      let view = role == .from ? "fromView" : "toView"
      if !node.isRealScreen {
        source.line("\(node.name).removeFromSuperview()")
        source.line("\(view).isHidden = false")
      }
      writeEnd(of: node, role, layer: "\(view).layer", at: moment, &source)
      if !plan.isShown(.screen(role), at: moment) { source.line("\(view).removeFromSuperview()") }
    }
    source.line("fromView.clipsToBounds = fromClips")
    source.line("toView.clipsToBounds = toClips")
    for node in nodes where !(node.isRealScreen) {
      if case .screen = node.kind { continue }
      source.line("\(node.name).removeFromSuperview()")
    }
    source.line("for view in hidden { view.isHidden = false }")
    if usesClock { source.line("clock.removeFromSuperlayer()") }
    source.line("container.layer.sublayerTransform = CATransform3DIdentity")
  }

  /// A screen's own view at `moment` (the end, or the start of a cancelled interaction): the
  /// scene's state there, or, when the scene does not show it, as it was (UIKit may show it again).
  func writeEnd(
    of node: ExportNode, _ role: ScreenRole, layer: String, at moment: Moment, _ source: inout SwiftSource
  ) {
    let number = SwiftLiteral.number
    guard plan.isShown(.screen(role), at: moment) else {
      source.line(
        "Self.place(\(layer), frame: \(SwiftLiteral.rect(Rect(size: screenSize(role)))), anchor: CGPoint(x: 0.5, y: 0.5))"
      )
      source.line("\(layer).transform = CATransform3DIdentity")
      source.line("\(layer).opacity = 1")
      source.line("\(layer).cornerRadius = 0")
      source.line("\(layer).mask = nil")
      source.line("\(layer).shadowOpacity = 0")
      return
    }
    let state = plan.state(of: .screen(role), at: moment)
    let turned =
      state.translate != Point(x: 0, y: 0) || state.translateZ != 0 || state.scale != Point(x: 1, y: 1)
      || state.rotation != 0 || state.rotationX != 0 || state.rotationY != 0
    // Untransformed, the anchor changes nothing: the view goes back to UIKit's.
    let anchor = turned ? state.anchor : Point(x: 0.5, y: 0.5)
    source.line(
      "Self.place(\(layer), frame: \(SwiftLiteral.rect(state.frame)), anchor: \(SwiftLiteral.point(anchor)))")
    if turned {
      var arguments: [String] = []
      if state.translate != Point(x: 0, y: 0) { arguments.append("translate: \(SwiftLiteral.point(state.translate))") }
      if state.translateZ != 0 { arguments.append("translateZ: \(number(state.translateZ))") }
      if state.scale != Point(x: 1, y: 1) { arguments.append("scale: \(SwiftLiteral.point(state.scale))") }
      if state.rotation != 0 { arguments.append("rotation: \(number(state.rotation))") }
      if state.rotationX != 0 { arguments.append("rotationX: \(number(state.rotationX))") }
      if state.rotationY != 0 { arguments.append("rotationY: \(number(state.rotationY))") }
      source.line("\(layer).transform = Self.transform(\(arguments.joined(separator: ", ")))")
    } else {
      source.line("\(layer).transform = CATransform3DIdentity")
    }
    source.line("\(layer).opacity = \(number(state.opacity))")
    source.line("\(layer).cornerRadius = \(number(LayerKeyPath.uniformRadius(state.cornerRadii)))")
    if let mask = state.mask, node.isRealScreen {
      source.line("\(node.name)Mask.path = Self.\(LayerKeyPath.path(mask))")
    } else if let mask = state.mask {
      source.line("let \(node.name)EndMask = CAShapeLayer()")
      source.line("\(node.name)EndMask.path = Self.\(LayerKeyPath.path(mask))")
      source.line("\(layer).mask = \(node.name)EndMask")
    } else if node.target.flatMap(firstMask) != nil {
      source.line("\(layer).mask = nil")
    }
    if let shadow = state.shadow {
      source.line("\(layer).shadowColor = \(SwiftLiteral.color(shadow.color)).cgColor")
      source.line("\(layer).shadowOpacity = \(number(shadow.opacity))")
      source.line("\(layer).shadowRadius = \(number(shadow.radius))")
      source.line(
        "\(layer).shadowOffset = CGSize(width: \(number(shadow.offset.x)), height: \(number(shadow.offset.y)))")
    } else if tracks(of: .screen(role)).contains(where: { $0.values[.shadow] != nil }) {
      source.line("\(layer).shadowOpacity = 0")
    }
  }
}
