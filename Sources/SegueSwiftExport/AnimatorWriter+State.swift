import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  /// The model values a node starts with: its initial state (an animation's `from` shows through
  /// its backwards fill, so only what no animation moves needs its value here).
  func writeStart(of node: ExportNode, _ source: inout SwiftSource) {
    let layer = node.layer
    if let identifier = accessibilityIdentifier(of: node) {
      source.line("\(node.name).accessibilityIdentifier = \(SwiftLiteral.string(identifier))")
    }
    switch node.kind {
    case .morph(_, let from, _):
      guard let geometry = morphGeometry(node) else { return }
      let frame = geometry.from
      source.line("\(node.name).clipsToBounds = true")
      source.line("Self.place(\(layer), frame: \(app.rect(frame)), anchor: CGPoint(x: 0.5, y: 0.5))")
      let bounds = MeasuredRect(x: .constant(0), y: .constant(0), width: frame.width, height: frame.height)
      for part in ["From", "To"] {
        source.line(
          "Self.place(\(node.name)\(part).layer, frame: \(app.rect(bounds)), anchor: CGPoint(x: 0.5, y: 0.5))")
      }
      source.line("\(layer).cornerRadius = \(app.swift(geometry.fromRadius))")
      if from.cornerCurve == .continuous { source.line("\(layer).cornerCurve = .continuous") }
      source.line("\(layer).opacity = \(SwiftLiteral.number(from.opacity))")
      source.line("\(node.name)To.layer.opacity = 0")
      return
    default:
      break
    }
    guard let target = node.target else {
      // A group lifted only as a container: at its rectangle, as the scene draws it.
      if case .lifted(_, _, let group, _) = node.kind { writeGroup(group, node, &source) }
      return
    }
    let initial = { (property: AnimatableProperty) in plan.initial(property, of: target) }
    guard case .rect = initial(.frame) else { return }
    let anchor = anchorFormula(of: target) ?? (.constant(0.5), .constant(0.5))
    if keepsBounds(node) {
      source.comment(
        "Scaled to its frame (\"resize\": \"transform\"): it keeps the bounds it lives at, and its scale maps "
          + "them onto each frame.")
      source.line("let \(node.name)Kept = \(keptSize(of: target))")
    }
    source.line("Self.place(\(layer), frame: \(frameText(target)), anchor: \(app.point(anchor.x, anchor.y)))")
    if stretching.contains(node.name) {
      // Its size now is the one its content is drawn at: the content view's scale is 1 here, and
      // its size ÷ this size as the frame animates (the animations of its bounds, mirrored).
      source.line("let \(node.name)ContentSize = \(layer).bounds.size")
      source.line(
        "Self.place(\(node.name)Content.layer, frame: CGRect(origin: .zero, size: \(node.name)ContentSize), anchor: .zero)"
      )
    }
    if node.isRealScreen { source.line("\(layer).transform = CATransform3DIdentity") }
    if keepsBounds(node) { writeKeptBounds(of: node, target, &source) }
    if case .number(let opacity) = initial(.opacity), opacity != 1 || node.isRealScreen {
      source.line("\(layer).opacity = \(SwiftLiteral.number(opacity))")
    }
    if case .lifted(_, _, let group, _) = node.kind {
      writeGroup(group, node, &source)
    } else if needsClipping(node) {
      source.line("\(layer).masksToBounds = true")
    }
    writeCorners(of: node, target, &source)
    writeCircleCorners(of: node, &source)
    if case .screen(let role, _) = node.kind {
      let screen = scene.screen(role)
      if !screen.doubleSided { source.line("\(layer).isDoubleSided = false") }
      if let perspective = screen.perspective {
        // About the centre of its content (in its own points: its content view's, when it stretches).
        let inner = stretching.contains(node.name) ? "\(node.name)Content.layer" : layer
        source.line(
          "\(inner).sublayerTransform = Self.perspective(\(SwiftLiteral.number(perspective)), about: "
            + "CGPoint(x: \(inner).bounds.midX, y: \(inner).bounds.midY), of: \(inner))")
      }
    }
    if let (mask, formula) = firstMaskFormula(of: target) {
      source.line("let \(node.name)Mask = CAShapeLayer()")
      source.line("\(node.name)Mask.path = \(maskPath(mask, formula))")
      if let maskNode = self.node(for: .mask(of: target)), movesMaskLayer(of: target) {
        // A mask layer an animation moves (`to.mask`): at its frame and anchor in the host's bounds.
        writeStart(of: maskNode, &source)
      }
      source.line("\(layer).mask = \(node.name)Mask")
    }
  }

  /// A lifted layer's own drawing settings: clipping, depth, sides, its sublayers' perspective.
  func writeGroup(_ group: Layer, _ node: ExportNode, _ source: inout SwiftSource) {
    let layer = node.layer
    if node.target == nil, case .lifted(let role, let path, _, _) = node.kind {
      // Where the app lays the group out: its pins over its parent's size, or its rect.
      let frame = app.rect(plan.geometry.layoutFrame(role, path: path))
      source.line("Self.place(\(layer), frame: \(frame), anchor: CGPoint(x: 0.5, y: 0.5))")
    }
    if needsClipping(node) { source.line("\(layer).masksToBounds = true") }
    if group.zPosition != 0 { source.line("\(layer).zPosition = \(SwiftLiteral.number(group.zPosition))") }
    if !group.doubleSided { source.line("\(layer).isDoubleSided = false") }
    // A carrier fades what it carries as the group it stands for fades its content.
    if node.target == nil, group.opacity != 1 {
      source.line("\(layer).opacity = \(SwiftLiteral.number(group.opacity))")
    }
    if node.target == nil, !group.cornerRadius.isZero {
      source.line("\(layer).cornerRadius = \(SwiftLiteral.number(LayerKeyPath.uniformRadius(group.cornerRadius)))")
      if let corners = LayerKeyPath.maskedCorners(group.cornerRadius) {
        source.line("\(layer).maskedCorners = \(corners)")
      }
    }
    if let perspective = group.perspective {
      let inner = stretching.contains(node.name) ? "\(node.name)Content.layer" : layer
      source.line(
        "\(inner).sublayerTransform = Self.perspective(\(SwiftLiteral.number(perspective)), about: "
          + "CGPoint(x: \(inner).bounds.midX, y: \(inner).bounds.midY), of: \(inner))")
    }
  }

  /// Corner radius, the corners it rounds and their curve, from the start.
  func writeCorners(of node: ExportNode, _ target: Target, _ source: inout SwiftSource) {
    let layer = node.layer
    var radii: [CornerRadii] = []
    if case .radii(let initial) = plan.initial(.cornerRadius, of: target) { radii.append(initial) }
    for track in tracks(of: target) {
      for case .radii(let value)? in [track.values[.cornerRadius]?.from, track.values[.cornerRadius]?.to] {
        radii.append(value)
      }
    }
    if case .radii(let initial) = plan.initial(.cornerRadius, of: target), !initial.isZero || node.isRealScreen {
      let radius =
        plan.initialFormula(.cornerRadius, of: target).map { app.swift(Self.uniformRadius($0)) }
        ?? SwiftLiteral.number(LayerKeyPath.uniformRadius(initial))
      source.line("\(layer).cornerRadius = \(radius)")
    }
    if let corners = radii.lazy.compactMap(LayerKeyPath.maskedCorners).first {
      source.line("\(layer).maskedCorners = \(corners)")
    }
    let curves = tracks(of: target).compactMap { track -> CornerCurve? in
      if case .cornerCurve(let curve)? = track.values[.cornerCurve]?.to { return curve }
      return nil
    }
    let initialCurve: CornerCurve? = {
      if case .cornerCurve(let curve) = plan.initial(.cornerCurve, of: target) { return curve }
      return nil
    }()
    if let curve = curves.first ?? initialCurve, curve == .continuous || node.isRealScreen {
      source.line("\(layer).cornerCurve = .\(curve == .continuous ? "continuous" : "circular")")
    }
  }

  /// The mask a target shows first with its formula, when any animation gives it one.
  func firstMaskFormula(of target: Target) -> (Mask, PropertyFormula?)? {
    for track in tracks(of: target) {
      guard let values = track.values[.mask] else { continue }
      if case .mask(let mask?) = values.from { return (mask, track.formulas[.mask]?.from) }
      if case .mask(let mask?) = values.to { return (mask, track.formulas[.mask]?.to) }
    }
    return nil
  }

  /// Whether an animation or `end` moves the target's mask layer (`to.mask`): the animator then
  /// places it, rather than leave it over the view's bounds.
  func movesMaskLayer(of target: Target) -> Bool {
    !tracks(of: .mask(of: target)).isEmpty || plan.endAction(for: .mask(of: target)) != nil
  }

  /// The mask a target shows first, when any animation gives it one.
  func firstMask(of target: Target) -> Mask? { firstMaskFormula(of: target)?.0 }

  /// A morph layer's frame: its bounds at its translation.
  static func frame(of layer: RenderLayer) -> Rect {
    let origin = layer.transform.apply(0, 0)
    return Rect(x: origin.x, y: origin.y, width: layer.bounds.width, height: layer.bounds.height)
  }

  /// What names a view the animator makes, for the app's UI tests (and Segue's own): `segue.` and
  /// the scene's name of its target (`segue.dim`, `segue.from.card`, `segue.match.art`). The app's
  /// own screen views keep theirs.
  func accessibilityIdentifier(of node: ExportNode) -> String? {
    if node.inPlace { return nil }
    switch node.kind {
    case .screen(let role, let snapshot): return snapshot ? "segue.\(role.rawValue)" : nil
    case .overlay(let overlay): return "segue.\(overlay.name)"
    case .lifted(let role, let path, let layer, _):
      return "segue.\(role.rawValue)." + (layer.id ?? path.map(String.init).joined(separator: "."))
    case .morph(let morph, _, _): return "segue.match.\(morph.id)"
    case .mask: return nil
    }
  }
}
