import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  func writeAnimator(_ source: inout SwiftSource) {
    let transition = scene.transition
    source.comment(
      "The \"\(scene.name)\" transition (\(type) \(transition.operation.rawValue), "
        + "\(SwiftLiteral.number(plan.duration)) s) on the app's views, as Core Animation animations.", doc: true)
    if takesViews {
      source.comment(
        "\nThe app hands it the views the scene lifts and matches, keyed as the scene names them:\n"
          + "\(viewKeys.map { "`\"\($0)\"`" }.joined(separator: ", ")). A view it is not given is left out of the "
          + "transition, with a message.", doc: true)
    }
    let classStart = source.lines.count
    source.block("public final class \(typeName): NSObject, UIViewControllerAnimatedTransitioning {") { source in
      source.comment("Seconds from the start to the end of the last animation.", doc: true)
      source.line("public static let duration: TimeInterval = \(SwiftLiteral.number(plan.duration))")
      source.line()
      source.comment("The app's views the scene lifts and matches, by the scene's names for them.", doc: true)
      source.line("private let views: [String: UIView]")
      source.line()
      source.comment(
        "The views of `views` are the app's, keyed as the scene targets them (`\"from.card\"`).", doc: true)
      source.block("public init(views: [String: UIView]) {") { source in
        source.line("self.views = views")
        source.line("super.init()")
      }
      if takesViews {
        source.line()
        ViewArguments.writeInitializer(keys: viewKeys, &source)
      }
      if !takesViews {
        source.line()
        source.comment("The scene lifts and matches no layer: the animator needs no view of the app's.", doc: true)
        source.block("override public convenience init() {") { source in
          source.line("self.init(views: [:])")
        }
      }
      source.line()
      source.line(
        "public func transitionDuration(using transitionContext: (any UIViewControllerContextTransitioning)?)")
      source.line("  -> TimeInterval")
      source.block("{") { source in
        source.line("Self.duration")
      }
      source.line()
      if scene.interaction != nil {
        writeInteractiveMembers(&source)
      } else {
        writeAnimateTransition(&source)
      }
      source.line()
      if takesViews {
        writeLiftHelper(&source)
        source.line()
        if nodes.contains(where: \.inPlace) { writeAppViewHelper(&source) }
        writeGeometryHelpers(&source)
      }
      writeScreenFrameHelper(&source)
      if nodes.contains(where: \.keeps3D) {
        source.comment("A view whose layer keeps its sublayers in 3D: a 3D group of the scene.", doc: true)
        source.block("private final class TransformView: UIView {") { source in
          source.line("override class var layerClass: AnyClass { CATransformLayer.self }")
        }
        source.line()
      }
      if usesGradientViews {
        source.comment("A view whose layer is a gradient, which follows its bounds.", doc: true)
        source.block("private final class GradientView: UIView {") { source in
          source.line("override class var layerClass: AnyClass { CAGradientLayer.self }")
        }
        source.line()
      }
      AnimatorHelpers.write(
        into: &source, timing: scene.interaction == nil, steps: usesSteps,
        keyframes: plan.tracks.contains { !$0.keyframes.isEmpty || $0.arcFormula != nil },
        layout: nodes.contains { laysOut($0) },
        calls: source.names(from: classStart).afterSelf)
    }
  }

  /// The keys of the views the app hands in, in the scene's order.
  var viewKeys: [String] {
    nodes.flatMap { node -> [String] in
      switch node.kind {
      case .lifted(_, _, _, let key?): return [key]
      case .morph(let morph, _, _): return ["from.\(morph.id)", "to.\(morph.id)"]
      default: return []
      }
    } + readKeys
  }

  func writeLiftHelper(_ source: inout SwiftSource) {
    source.comment(
      "A snapshot of the app's view for `key`, which hides while the snapshot moves (`hidden` lists it, to show it\n"
        + "again), taken with the view's corners square when `squareCorners`; an empty view when the app gave none,\n"
        + "after an assertion failure that names it (a debug build stops there; a release build goes on without the\n"
        + "view).", doc: true)
    source.line("private func lift(")
    source.indented { source in
      source.line("_ key: String, subview: Int? = nil, afterScreenUpdates: Bool, squareCorners: Bool = false,")
      source.line("hidden: inout [UIView]")
    }
    source.block(") -> UIView {") { source in
      source.comment("The view for `key`, or its subview at `subview` (a cascaded sublayer without a key of its own).")
      source.line("var found = views[key]")
      source.block("if let subview, let group = found {") { source in
        source.line("found = group.subviews.indices.contains(subview) ? group.subviews[subview] : nil")
      }
      source.block("guard let view = found else {") { source in
        source.line("let which = subview.map { \"subview \\($0) of \" } ?? \"\"")
        source.line("assertionFailure(")
        source.line(
          "  \"\\(Self.self): no view for \\(which)\\\"\\(key)\\\" in init(views:); it is left out of the "
            + "transition\")")
        source.line("return UIView()")
      }
      source.comment(
        "Where the animator rounds the snapshot itself (its corners animate), taken with the view's corners square: "
          + "rounded in the picture too, they would be rounded twice, and stay round as the animator squares them.")
      source.line("let radius = view.layer.cornerRadius")
      source.line("if squareCorners { view.layer.cornerRadius = 0 }")
      source.line(
        "let snapshot = view.snapshotView(afterScreenUpdates: afterScreenUpdates || squareCorners) ?? UIView()")
      source.line("view.layer.cornerRadius = radius")
      source.line("view.isHidden = true")
      source.line("hidden.append(view)")
      source.line("return snapshot")
    }
  }

  /// The app's view for a layer animated in place.
  func writeAppViewHelper(_ source: inout SwiftSource) {
    source.comment(
      "The app's view for `key`, animated where it is; an empty view, after an assertion failure, when the app gave "
        + "none.",
      doc: true)
    source.block("private func appView(_ key: String) -> UIView {") { source in
      source.block("guard let view = views[key] else {") { source in
        source.line("assertionFailure(")
        source.line(
          "  \"\\(Self.self): no view for \\\"\\(key)\\\" in init(views:); it is left out of the transition\")")
        source.line("return UIView()")
      }
      source.line("return view")
    }
    source.line()
  }

  /// Where the app laid out a view it hands in, and its corner radius.
  func writeGeometryHelpers(_ source: inout SwiftSource) {
    source.comment(
      "The frame of the app's view for `key` in `space`'s coordinates; .zero, after an assertion failure, when the "
        + "app gave none.",
      doc: true)
    source.block("private func frame(of key: String, in space: UIView) -> CGRect {") { source in
      source.block("guard let view = views[key] else {") { source in
        source.line("assertionFailure(")
        source.line(
          "  \"\\(Self.self): no view for \\\"\\(key)\\\" in init(views:); its frame is taken as .zero\")")
        source.line("return .zero")
      }
      source.line("return view.convert(view.bounds, to: space)")
    }
    source.line()
    if !app.radii.isEmpty {
      source.comment("The corner radius of the app's view for `key` (0 when the app gave none).", doc: true)
      source.block("private func cornerRadius(of key: String) -> CGFloat {") { source in
        source.line("views[key]?.layer.cornerRadius ?? 0")
      }
      source.line()
    }
  }

  /// A screen's frame as the context gives it, or the container's bounds where it gives none.
  func writeScreenFrameHelper(_ source: inout SwiftSource) {
    source.comment(
      "A screen's frame from `initialFrame(for:)` or `finalFrame(for:)`; the container's bounds where UIKit gives "
        + "none (.zero).", doc: true)
    source.block("private static func screenFrame(_ frame: CGRect?, in container: UIView) -> CGRect {") { source in
      source.line("guard let frame, !frame.isEmpty else { return container.bounds }")
      source.line("return frame")
    }
    source.line()
  }

  func writeAnimateTransition(_ source: inout SwiftSource) {
    source.block("public func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {") {
      source in
      writeSetup(&source) { source in
        source.line("transitionContext.completeTransition(!transitionContext.transitionWasCancelled)")
        source.line("return")
      }
      let layout = layout
      if layout.needsClock {
        source.line()
        source.comment(
          "A layer that only keeps time: its animation ends with the timeline, and the completion with it (the "
            + "animations that would end last are taken over earlier).")
        source.line("let clock = CALayer()")
        source.line("container.layer.addSublayer(clock)")
      }
      source.line()
      writeCompletion(usesClock: layout.needsClock, &source)
      source.line()
      writeAnimations(layout, &source)
      source.line("CATransaction.commit()")
    }
  }

  /// The container, the screens and every view the animator moves, each where the scene starts
  /// it; `missing` is what to do when the context has no screens.
  func writeSetup(_ source: inout SwiftSource, missing: (inout SwiftSource) -> Void) {
    source.line("let container = transitionContext.containerView")
    source.line("let fromController = transitionContext.viewController(forKey: .from)")
    source.line("let toController = transitionContext.viewController(forKey: .to)")
    let transition = scene.transition
    if let presenting = transition.presentingRole, !transition.animatorOwns(presenting) {
      source.comment(
        "A .\(transition.presentationStyle.rawValue) presentation: UIKit gives no view for the presenting side "
          + "(view(forKey:) is nil). Its view stays where it is: it is never added to the container, and moves "
          + "only where the scene moves it.")
    }
    func view(_ role: ScreenRole) -> String {
      let key = role.rawValue
      return transition.animatorOwns(role)
        ? "transitionContext.view(forKey: .\(key)) ?? \(key)Controller?.view" : "\(key)Controller?.view"
    }
    source.line("guard let fromView = \(view(.from)),")
    source.line("  let toView = \(view(.to))")
    source.block("else {", missing)
    // With nothing out of the plane z = 0 a perspective changes nothing (`hasDepth`): the
    // container keeps its own sublayerTransform.
    if hasDepth, plan.custom.perspective.isFinite {
      let perspective = SwiftLiteral.number(plan.custom.perspective)
      source.comment("transition.perspective: the container's, about its centre.")
      source.line(
        "container.layer.sublayerTransform = Self.perspective(\(perspective), about: "
          + "CGPoint(x: container.bounds.midX, y: container.bounds.midY), of: container.layer)")
    } else if hasDepth {
      source.comment("transition.perspective is 'none': the container has none of its own.")
      source.line("container.layer.sublayerTransform = CATransform3DIdentity")
    }
    source.mark("screens")
    if transition.animatorOwns(.to) {
      source.comment("The incoming screen at its frame, laid out, so it can be drawn, measured and snapshotted.")
      source.line("container.addSubview(toView)")
      source.line("toView.frame = \(frameText(.screen(.to)))")
      source.line("toView.layoutIfNeeded()")
    }
    source.mark("views")
    let lifts = self.lifts
    // The views hidden while their snapshots move; only a lift that hands a view adds one.
    source.line((lifts.contains(where: \.hands) ? "var" : "let") + " hidden: [UIView] = []")
    source.line("let fromClips = fromView.clipsToBounds")
    source.line("let toClips = toView.clipsToBounds")
    source.line()
    writeViews(lifts: lifts, &source)
  }

  /// A target's frame before anything moves, as the animator reads it.
  func frameText(_ target: Target) -> String {
    guard case .rect(let rect)? = plan.initialFormula(.frame, of: target) else { return "CGRect.zero" }
    return app.rect(rect)
  }

  /// Makes every view, adds it where it goes (screens and overlays in the scene's stack, lifted
  /// layers in their screens, matched layers on top) and puts it where the scene starts it;
  /// `lifts` are this animator's `lifts`, which the setup has made already.
  func writeViews(lifts: [Lift], _ source: inout SwiftSource) {
    for node in nodes {
      if case .morph(let morph, _, _) = node.kind {
        source.comment("The matched \"\(morph.id)\": both views' snapshots in one outline that morphs between them.")
        source.line("let \(node.name) = UIView()")
      }
    }
    // The app's views are snapshotted deepest first, lifted and matched alike, and each hides as
    // it is taken: a group's snapshot leaves out every view lifted or matched inside it.
    for lift in lifts.sorted(by: { ($1.depth, $0.order) < ($0.depth, $1.order) }) {
      lift.write(&source)
    }
    // The screens some of whose views were just hidden, gathered once: every snapshot of a screen
    // asks, and a scene may declare thousands.
    let hiding = Set(lifts.filter(\.hands).map(\.role))
    for role in ScreenRole.allCases {
      guard let node = screenNode(role) else { continue }
      let view = role == .from ? "fromView" : "toView"
      if case .screen(_, snapshot: true) = node.kind {
        // After screen updates when views of it were just hidden: the last drawn screen still shows them.
        let after = role == .to || hiding.contains(role)
        source.comment("The \(role.rawValue) screen changes size: a snapshot of it, whose content stretches.")
        source.line("let \(node.name) = \(view).snapshotView(afterScreenUpdates: \(after)) ?? UIView()")
        source.line("\(view).isHidden = true")
      } else {
        source.line("let \(node.name) = \(view)")
      }
    }
    for node in nodes {
      if case .overlay(let overlay) = node.kind { writeMadeView(node, overlay, hiding: hiding, &source) }
    }
    source.comment("Bottom to top (transition.stack).")
    for item in plan.stack {
      switch item {
      case .screen(let role):
        // The presenting view of a presentation that keeps it stays in its own place.
        guard let node = screenNode(role), !node.isRealScreen || scene.transition.animatorOwns(role) else { continue }
        source.line("container.addSubview(\(node.name))")
        if role == .to, case .screen(_, snapshot: true) = node.kind, scene.transition.animatorOwns(.to) {
          // The incoming view, hidden while its snapshot moves, in the snapshot's place in the
          // stack: shown when the snapshot goes, it is above what the stack puts under it.
          source.line("container.insertSubview(toView, belowSubview: \(node.name))")
        }
      case .overlay(let name):
        if let node = node(for: .overlay(name)) { source.line("container.addSubview(\(node.name))") }
      }
    }
    for node in nodes where stretching.contains(node.name) {
      source.comment(
        "What is inside \(node.name) stretches with its frame, as Segue draws it: a content view in its own points at "
          + "its first size, scaled by its size ÷ that size.")
      source.line("let \(node.name)Content = \(node.keeps3D ? "TransformView" : "UIView")()")
      source.line("\(node.name).addSubview(\(node.name)Content)")
    }
    for node in nodes where node.parent != "container" && !node.inPlace {
      source.line("\(content(of: node.parent)).addSubview(\(node.name))")
    }
    for node in nodes {
      if case .morph = node.kind {
        source.line("container.addSubview(\(node.name))")
        source.line("\(node.name).addSubview(\(node.name)From)")
        source.line("\(node.name).addSubview(\(node.name)To)")
      }
    }
    if !plan.stack.contains(.screen(.to)) { source.line("toView.isHidden = true") }
    for node in nodes {
      source.line()
      writeStart(of: node, &source)
    }
  }

  /// One view of the app's taken into the transition: its depth in its screen, its place in the
  /// scene's order, and the lines that take it.
  struct Lift {
    let role: ScreenRole
    let depth: Int
    let order: Int
    /// Whether it takes (and hides) a view the app hands in.
    let hands: Bool
    let write: (inout SwiftSource) -> Void
  }

  /// Every lifted layer's and matched view's snapshot (and every 3D group's view), each at the
  /// depth of its layer. A keyed group with lifted or matched views inside it is snapshotted after
  /// screen updates: its views hide just before, which a snapshot of the last drawn screen would
  /// not show.
  var lifts: [Lift] {
    var lifts: [Lift] = []
    var handed: [(role: ScreenRole, path: [Int])] = []
    for node in nodes {
      switch node.kind {
      case .lifted(let role, let path, _, _?) where !node.keeps3D: handed.append((role, path))
      case .lifted(let role, let path, _, nil) where node.subview != nil: handed.append((role, path))
      case .morph(let morph, _, _):
        for role in ScreenRole.allCases {
          if let path = plan.layerPath(role, id: morph.id) { handed.append((role, path)) }
        }
      default: break
      }
    }
    // Every group that holds a handed view, gathered once (a scene may lift thousands).
    var holders: [ScreenRole: Set<[Int]>] = [:]
    for (role, path) in handed where path.count > 1 {
      for depth in 1..<path.count { holders[role, default: []].insert(Array(path.prefix(depth))) }
    }
    func holdsHanded(_ role: ScreenRole, _ path: [Int]) -> Bool { holders[role]?.contains(path) == true }
    for node in nodes {
      switch node.kind {
      case .lifted(let role, let path, let layer, let key):
        let order = lifts.count
        lifts.append(
          Lift(role: role, depth: path.count, order: order, hands: !node.inPlace && (key != nil || node.subview != nil))
          {
            source in
            if node.inPlace, let key {
              source.comment(
                "\(key): the app's view, animated where it is (\"lift\": false), under the views after it; its "
                  + "layout is kept to be put back.")
              source.line("let \(node.name) = appView(\(SwiftLiteral.string(key)))")
              let layer = node.layer
              let fields = [
                "anchorPoint", "position", "bounds", "transform", "opacity", "cornerRadius", "masksToBounds", "mask",
              ]
              source.line(
                "let \(node.name)Layout = (" + fields.map { "\($0): \(layer).\($0)" }.joined(separator: ", ") + ")")
            } else if node.keeps3D {
              source.comment(
                "\(key ?? "A group"): a 3D group (CATransformLayer), which draws only what is lifted inside it.")
              source.line("let \(node.name) = TransformView()")
              if let key {
                source.block("if let view = views[\(SwiftLiteral.string(key))] {", closing: "} else {") { source in
                  source.line("view.isHidden = true")
                  source.line("hidden.append(view)")
                }
                source.indented { source in
                  // The group is the animator's own view, so it plays without the app's: nothing hides.
                  // The key inside the message's own quotes, escaped as a literal's text.
                  let quoted = "\\\"" + SwiftLiteral.string(key).dropFirst().dropLast() + "\\\""
                  source.line("assertionFailure(")
                  source.line(
                    "  \"\\(Self.self): no view for \(quoted) in init(views:); it stays shown under the "
                      + "3D group\")")
                }
                source.line("}")
              }
            } else if let key {
              let after = role == .to || holdsHanded(role, path)
              source.comment(
                "\(key): a snapshot of the app's view, lifted out of its screen"
                  + (role == .from && after ? " (after screen updates: views inside it are hidden)." : "."))
              let square = roundsItself(node) ? "squareCorners: true, " : ""
              source.line(
                "let \(node.name) = lift(\(SwiftLiteral.string(key)), afterScreenUpdates: \(after), \(square)"
                  + "hidden: &hidden)")
            } else if let (key, index) = node.subview {
              let after = role == .to || holdsHanded(role, path)
              source.comment("\(key)'s subview \(index): a snapshot of the app's view, which the cascade moves.")
              source.line(
                "let \(node.name) = lift(\(SwiftLiteral.string(key)), subview: \(index), afterScreenUpdates: \(after), "
                  + "hidden: &hidden)")
            } else {
              source.comment(
                "A group of the \(role.rawValue) screen at \(SwiftLiteral.rect(layer.rect)), which stays in its place; "
                  + "this view carries and clips what is lifted inside it.")
              source.line("let \(node.name) = UIView()")
            }
          })
      case .morph(let morph, _, _):
        for (role, part) in [(ScreenRole.from, "From"), (.to, "To")] {
          let path = plan.layerPath(role, id: morph.id) ?? []
          let order = lifts.count
          lifts.append(
            Lift(role: role, depth: path.count, order: order, hands: true) { source in
              let after = role == .to || holdsHanded(role, path)
              source.line(
                "let \(node.name)\(part) = lift(\(SwiftLiteral.string("\(role.rawValue).\(morph.id)")), "
                  + "afterScreenUpdates: \(after), hidden: &hidden)")
            })
        }
      default: break
      }
    }
    return lifts
  }

  /// Whether the animator rounds a lifted node's view itself: a corner radius at its start or in
  /// any of its animations. Its snapshot is then taken with the app's view's corners square.
  func roundsItself(_ node: ExportNode) -> Bool {
    guard let target = node.target else { return false }
    if case .radii(let initial) = plan.initial(.cornerRadius, of: target), !initial.isZero { return true }
    return tracks(of: target).contains { track in
      [track.values[.cornerRadius]?.from, track.values[.cornerRadius]?.to].contains { value in
        if case .radii(let radii)? = value { return !radii.isZero }
        return false
      }
    }
  }
}
