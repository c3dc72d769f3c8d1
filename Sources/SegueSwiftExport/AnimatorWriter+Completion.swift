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
      if !plan.isShown(.screen(role), at: moment), scene.transition.animatorOwns(role) {
        source.line("\(view).removeFromSuperview()")
      }
    }
    source.line("fromView.clipsToBounds = fromClips")
    source.line("toView.clipsToBounds = toClips")
    for node in nodes where !(node.isRealScreen) {
      if case .screen = node.kind { continue }
      if node.inPlace {
        // The app's own view: its layout as it was, in its place.
        let fields = [
          "anchorPoint", "position", "bounds", "transform", "opacity", "cornerRadius", "masksToBounds", "mask",
        ]
        for field in fields { source.line("\(node.layer).\(field) = \(node.name)Layout.\(field)") }
        if laysOut(node) {
          source.line("\(node.name).layoutIfNeeded()")
          source.line("var \(node.name)LaidOut = \(node.name).subviews")
          source.block("while let subview = \(node.name)LaidOut.popLast() {") { source in
            source.line("subview.layer.removeAllAnimations()")
            source.line("\(node.name)LaidOut += subview.subviews")
          }
        }
        continue
      }
      if let target = node.target, keepsOverlay(node, at: moment) {
        // Still shown when the present ends (a sheet's dim): where the scene leaves it, for the
        // dismiss to fade out and remove.
        writePlacement(
          of: target, plan.state(of: target, at: moment), plan.formulas(of: target, at: moment), layer: node.layer,
          at: moment, &source)
        continue
      }
      source.line("\(node.name).removeFromSuperview()")
    }
    source.line("for view in hidden { view.isHidden = false }")
    if usesClock { source.line("clock.removeFromSuperlayer()") }
    if hasDepth { source.line("container.layer.sublayerTransform = CATransform3DIdentity") }
  }

  /// Whether the animator leaves an overlay in the container at `moment`, where the scene still
  /// shows it (its opacity above 0):
  /// - a present, an overlay of its colour, as a sheet's dim stays over the screen behind while
  ///   the sheet is up; the dismiss takes the same view back (`reusesOverlay`);
  /// - a dismiss that ends, any overlay: UIKit takes the presentation's container away with it,
  ///   so removing it first changes nothing on the screen, and the transition's last state is the
  ///   scene's (a recording of the animator reads it so).
  func keepsOverlay(_ node: ExportNode, at moment: Moment) -> Bool {
    guard case .overlay(let overlay) = node.kind, let target = node.target, plan.isShown(target, at: moment) else {
      return false
    }
    switch scene.transition.operation {
    case .present: guard overlay.snapshot == nil, overlay.layer == nil else { return false }
    case .dismiss: guard moment == .end else { return false }
    case .push, .pop: return false
    }
    return plan.state(of: target, at: moment).opacity > 0
  }

  /// Whether a dismiss takes an overlay of its colour from the container, where the present
  /// left it (`keepsOverlay`), rather than making one: it is shown when the dismiss starts.
  func reusesOverlay(_ overlay: Overlay) -> Bool {
    guard scene.transition.operation == .dismiss, overlay.snapshot == nil, overlay.layer == nil else { return false }
    let target = Target.overlay(overlay.name)
    return plan.isShown(target, at: .start) && plan.state(of: target, at: .start).opacity > 0
  }

  /// A target's transform steps at `moment`, with `end` applied at the end (none: the parts).
  func transformSteps(of target: Target, at moment: Moment) -> [TransformStep] {
    if moment == .end, case .state(let end)? = plan.endAction(for: target) {
      if case .transform(let steps)? = end[.transform] { return steps }
      if end.resets.contains(.transform) { return [] }
    }
    if case .transform(let steps) = plan.value(.transform, of: target, at: moment) { return steps }
    return []
  }

  /// A screen's own view at `moment` (the end, or the start of a cancelled interaction): the
  /// scene's state there, or, when the scene does not show it, as it was (UIKit may show it again).
  func writeEnd(
    of node: ExportNode, _ role: ScreenRole, layer: String, at moment: Moment, _ source: inout SwiftSource
  ) {
    let number = SwiftLiteral.number
    guard plan.isShown(.screen(role), at: moment) else {
      source.line("Self.place(\(layer), frame: \(frameText(.screen(role))), anchor: CGPoint(x: 0.5, y: 0.5))")
      source.line("\(layer).transform = CATransform3DIdentity")
      source.line("\(layer).opacity = 1")
      source.line("\(layer).cornerRadius = 0")
      source.line("\(layer).mask = nil")
      source.line("\(layer).shadowOpacity = 0")
      return
    }
    let state = plan.state(of: .screen(role), at: moment)
    let formulas = plan.formulas(of: .screen(role), at: moment)
    writePlacement(of: .screen(role), state, formulas, layer: layer, at: moment, &source)
    if laysOut(node) {
      // Its subviews where its layout puts them, without the animations that moved them there.
      let view = role == .from ? "fromView" : "toView"
      source.line("\(view).layoutIfNeeded()")
      source.line("var \(role.rawValue)LaidOut = \(view).subviews")
      source.block("while let subview = \(role.rawValue)LaidOut.popLast() {") { source in
        source.line("subview.layer.removeAllAnimations()")
        source.line("\(role.rawValue)LaidOut += subview.subviews")
      }
    }
    let radius =
      formulas[.cornerRadius].map { app.swift(Self.uniformRadius($0)) }
      ?? number(LayerKeyPath.uniformRadius(state.cornerRadii))
    source.line("\(layer).cornerRadius = \(radius)")
    let maskLayer = node.isRealScreen ? "\(node.name)Mask" : "\(node.name)EndMask"
    if let mask = state.mask, node.isRealScreen {
      source.line("\(maskLayer).path = \(maskPath(mask, formulas[.mask]))")
    } else if let mask = state.mask {
      source.line("let \(maskLayer) = CAShapeLayer()")
      source.line("\(maskLayer).path = \(maskPath(mask, formulas[.mask]))")
      source.line("\(layer).mask = \(maskLayer)")
    } else if node.target.flatMap(firstMask) != nil {
      source.line("\(layer).mask = nil")
    }
    if state.mask != nil, let target = node.target, movesMaskLayer(of: target) {
      // The mask layer where its animations leave it.
      let maskTarget = Target.mask(of: target)
      writePlacement(
        of: maskTarget, plan.state(of: maskTarget, at: moment), plan.formulas(of: maskTarget, at: moment),
        layer: maskLayer, at: moment, &source)
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

  /// A layer's frame, anchor, transform and opacity as `state` gives them, at `moment`.
  func writePlacement(
    of target: Target, _ state: MotionPlan.TargetState, _ formulas: [AnimatableProperty: PropertyFormula],
    layer: String, at moment: Moment, _ source: inout SwiftSource
  ) {
    let number = SwiftLiteral.number
    let steps = transformSteps(of: target, at: moment)
    let turned =
      state.translate != Point(x: 0, y: 0) || state.translateZ != 0 || state.scale != Point(x: 1, y: 1)
      || state.rotation != 0 || state.rotationX != 0 || state.rotationY != 0 || !steps.isEmpty
    /// A point property as the animator computes it.
    func point(_ property: AnimatableProperty, _ value: Point) -> String {
      Self.measuredPoint(formulas[property], .point(value)).map { app.point($0.x, $0.y) } ?? SwiftLiteral.point(value)
    }
    // Untransformed, the anchor changes nothing: the view goes back to UIKit's.
    let anchor = turned ? point(.anchor, state.anchor) : "CGPoint(x: 0.5, y: 0.5)"
    let frame = Self.measuredRect(formulas[.frame], .rect(state.frame)).map(app.rect) ?? SwiftLiteral.rect(state.frame)
    source.line("Self.place(\(layer), frame: \(frame), anchor: \(anchor))")
    if !steps.isEmpty {
      source.line("\(layer).transform = \(LayerKeyPath.steps(steps))")
    } else if turned {
      var arguments: [String] = []
      if state.translate != Point(x: 0, y: 0) { arguments.append("translate: \(point(.translate, state.translate))") }
      if state.translateZ != 0 {
        let z = formulas[.translateZ].flatMap { $0.measures.first }.map(app.swift) ?? number(state.translateZ)
        arguments.append("translateZ: \(z)")
      }
      if state.scale != Point(x: 1, y: 1) { arguments.append("scale: \(point(.scale, state.scale))") }
      if state.rotation != 0 { arguments.append("rotation: \(number(state.rotation))") }
      if state.rotationX != 0 { arguments.append("rotationX: \(number(state.rotationX))") }
      if state.rotationY != 0 { arguments.append("rotationY: \(number(state.rotationY))") }
      source.line("\(layer).transform = Self.transform(\(arguments.joined(separator: ", ")))")
    } else {
      source.line("\(layer).transform = CATransform3DIdentity")
    }
    source.line("\(layer).opacity = \(number(state.opacity))")
  }
}
