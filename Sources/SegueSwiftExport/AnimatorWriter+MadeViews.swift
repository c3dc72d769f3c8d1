import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  /// Whether a view the animator makes is drawn with a gradient: the animator then carries
  /// `GradientView`, whose own layer is the gradient, so it follows the view's bounds.
  var usesGradientViews: Bool {
    plan.custom.overlays.contains { overlay in
      guard let layer = overlay.layer else { return false }
      return Screen(layers: [layer]).allLayers.contains { $0.layer.gradient != nil }
    }
  }

  /// The view an overlay stands for: a snapshot of a piece of a screen, a view drawn as the
  /// overlay's layer (its colour, gradient, border, clipping and subviews), or a view of its
  /// colour. `hiding` holds the screens some of whose views the lifts hide (asked of `lifts`
  /// once by the caller: asking it for each snapshot cost (snapshots)²).
  func writeMadeView(
    _ node: ExportNode, _ overlay: Overlay, hiding: Set<ScreenRole>, _ source: inout SwiftSource
  ) {
    if let snapshot = overlay.snapshot {
      let view = snapshot.of == .from ? "fromView" : "toView"
      // The incoming screen has not been drawn yet, and a screen some of whose views were just
      // lifted (hidden) still shows them in its last drawing: both are drawn again first.
      let after = snapshot.of == .to || hiding.contains(snapshot.of)
      source.comment("\"\(overlay.name)\": a piece of the \(snapshot.of.rawValue) screen.")
      source.line(
        "let \(node.name) = \(view).resizableSnapshotView(from: \(app.rect(snapshot.frame)), "
          + "afterScreenUpdates: \(after), withCapInsets: .zero) ?? UIView()")
      return
    }
    source.comment("The overlay \"\(overlay.name)\".")
    guard let layer = overlay.layer else {
      if reusesOverlay(overlay) {
        // The one the present left over the screen behind, when it did.
        source.line(
          "let \(node.name) = container.subviews.last { $0.accessibilityIdentifier == "
            + "\(SwiftLiteral.string("segue." + overlay.name)) } ?? UIView()")
      } else {
        source.line("let \(node.name) = UIView()")
      }
      source.line("\(node.name).backgroundColor = \(SwiftLiteral.color(overlay.color))")
      return
    }
    source.line("let \(node.name) = \(layer.gradient != nil ? "GradientView()" : "UIView()")")
    if overlay.color.a > 0 { source.line("\(node.name).backgroundColor = \(SwiftLiteral.color(overlay.color))") }
    writeLook(of: layer, view: node.name, own: false, &source)
  }

  /// A scene layer's drawing on a view the animator makes: gradient, border, clipping and its
  /// sublayers as subviews at their rects. With `own`, also what the overlay's animations
  /// otherwise set (its fill, opacity, corners and ellipse).
  func writeLook(of layer: Layer, view: String, own: Bool, _ source: inout SwiftSource) {
    let number = SwiftLiteral.number
    if own {
      if let color = layer.color { source.line("\(view).backgroundColor = \(SwiftLiteral.color(color))") }
      if layer.opacity != 1 { source.line("\(view).alpha = \(number(layer.opacity))") }
      if layer.shape == .ellipse {
        // The ellipse in its bounds: a mask, as the view keeps its frame.
        source.line("let \(view)Oval = CAShapeLayer()")
        source.line("\(view)Oval.path = CGPath(ellipseIn: \(view).bounds, transform: nil)")
        source.line("\(view).layer.mask = \(view)Oval")
      } else if !layer.cornerRadius.isZero {
        source.line("\(view).layer.cornerRadius = \(number(LayerKeyPath.uniformRadius(layer.cornerRadius)))")
        if let corners = LayerKeyPath.maskedCorners(layer.cornerRadius) {
          source.line("\(view).layer.maskedCorners = \(corners)")
        }
      }
      if layer.cornerCurve == .continuous { source.line("\(view).layer.cornerCurve = .continuous") }
    }
    if let gradient = layer.gradient {
      let colors = gradient.colors.map { SwiftLiteral.color($0) + ".cgColor" }.joined(separator: ", ")
      source.line("let \(view)Gradient = \(view).layer as! CAGradientLayer")
      source.line("\(view)Gradient.type = .\(gradient.kind.rawValue)")
      source.line("\(view)Gradient.colors = [\(colors)]")
      if let locations = gradient.locations {
        source.line("\(view)Gradient.locations = [\(locations.map(number).joined(separator: ", "))]")
      }
      source.line("\(view)Gradient.startPoint = \(SwiftLiteral.point(gradient.startPoint))")
      source.line("\(view)Gradient.endPoint = \(SwiftLiteral.point(gradient.endPoint))")
    }
    if let image = layer.image {
      // The app's image of the file's name without its extension (an asset catalog's name),
      // aspect-filled (or stretched) and clipped, as the scene draws it.
      let name = String((image.split(separator: "/").last ?? Substring(image)).split(separator: ".").first ?? "")
      let gravity = layer.contentMode == .scaleToFill ? "resize" : "resizeAspectFill"
      source.line("\(view).layer.contents = UIImage(named: \(SwiftLiteral.string(name)))?.cgImage")
      source.line("\(view).layer.contentsGravity = .\(gravity)")
      if !layer.clips { source.line("\(view).clipsToBounds = true") }
    }
    if let border = layer.border {
      source.line("\(view).layer.borderWidth = \(number(border.width))")
      source.line("\(view).layer.borderColor = \(SwiftLiteral.color(border.color)).cgColor")
    }
    if layer.clips { source.line("\(view).clipsToBounds = true") }
    for (index, sublayer) in layer.layers.enumerated() {
      let child = "\(view)Sub\(index)"
      source.line(
        "let \(child) = \(sublayer.gradient != nil ? "GradientView" : "UIView")(frame: "
          + "\(SwiftLiteral.rect(sublayer.rect)))")
      writeLook(of: sublayer, view: child, own: true, &source)
      source.line("\(view).addSubview(\(child))")
    }
  }
}
