import Foundation

/// Writes the program that plays generated animators on the UIKit stand-in: for each scene, a
/// container of the scene's size, the two screens' views (and the app's views the scene lifts,
/// inside them), a fake transition context; then the clock is moved to each frame's time and
/// every view the animator moves is printed as a line of JSON (its corners through its layer's
/// presentation, its size, opacity, corners, shadow and mask), and once more after completion.
struct AnimatorDriver {
  struct Scene {
    let animator: String
    /// The keys of the views the app hands in (nil: the animator takes none).
    let viewKeys: [String]?
    let size: (Double, Double)
    /// The container's safe-area insets, top, left, bottom, right.
    var safeArea: [Double] = [0, 0, 0, 0]
    let fromSize: (Double, Double)
    let toSize: (Double, Double)
    /// Seconds of each frame but the last.
    let times: [Double]
    /// A time after the last animation has ended.
    let end: Double
    /// Each handed view's nearest handed ancestor (`"from.thumb": "from.row"`): the app's views
    /// nest as the scene's layers do.
    var parents: [String: String] = [:]
    /// Each handed view's frame in its parent (its handed ancestor, or its screen) and its
    /// corner radius: where the app laid it out.
    var frames: [String: [Double]] = [:]
    var radii: [String: Double] = [:]
    /// The frames of a handed group's subviews, in order, when a cascade lifts its sublayers
    /// without ids (the app's view has them as its subviews).
    var subviews: [String: [[Double]]] = [:]
    /// The handed views the animator animates where they are (`"lift": false`): sampled as the
    /// nodes `segue.KEY`, though they are the app's views.
    var inPlaceKeys: [String] = []
    /// The presenting screen whose view UIKit keeps where it is (`from` of a `.custom`
    /// present, `to` of its dismiss): it sits in the window under the container, and the
    /// context gives no view for it.
    var presentingInPlace: String?
    /// The presented screen of a `.pageSheet` presentation (`to` presenting, `from` dismissing):
    /// the context gives it the frame UIKit's page-sheet presentation controller does.
    var pageSheet: String?
    /// For an interactive scene: the finger's progress at each frame before it lifts, when it lifts
    /// and at which progress, and whether it then finishes (or cancels).
    var gesture: Gesture?
    /// For a screen laid out while it resizes: its pinned top-level layers, each as the app lays
    /// it out at any size, x = a + b·width, y = c + d·height, width = e + f·width, height = g +
    /// h·height ([a, b, c, d, e, f, g, h]), by the layer's index; sampled as `segue.layout.ROLE.N`.
    var laidOut: [String: [(index: Int, coefficients: [Double])]] = [:]
  }

  struct Gesture {
    let progress: [Double]
    let releaseTime: Double
    let releaseFraction: Double
    let finishes: Bool
  }

  let scenes: [Scene]

  var source: String {
    var text = """
      import UIKit

      @main
      struct Driver {
        @MainActor static func main() {
      \(scenes.indices.map { "    play\($0)()" }.joined(separator: "\n"))
        }

        /// A screen view that lays out its pinned subviews at its size, as the app's layout does.
        final class ScreenView: UIView {
          var pinned: [(view: UIView, coefficients: [Double])] = []
          override func layoutSubviews() {
            let (w, h) = (Double(bounds.width), Double(bounds.height))
            for (view, c) in pinned {
              view.frame = CGRect(x: c[0] + c[1] * w, y: c[2] + c[3] * h, width: c[4] + c[5] * w, height: c[6] + c[7] * h)
            }
          }
        }

        /// A pinned subview of a screen laid out while it resizes.
        @MainActor static func pinned(in screen: UIView, name: String, _ coefficients: [Double]) {
          let view = UIView()
          view.accessibilityIdentifier = name
          screen.addSubview(view)
          (screen as? ScreenView)?.pinned.append((view, coefficients))
          screen.layoutIfNeeded()
        }

        /// A view of the app's, inside `screen` (or inside another handed view), for the animator
        /// to lift.
        @MainActor static func appView(in screen: UIView, key: String, frame: [Double], radius: Double) -> UIView {
          let view = UIView(frame: CGRect(x: frame[0], y: frame[1], width: frame[2], height: frame[3]))
          view.layer.cornerRadius = CGFloat(radius)
          view.accessibilityIdentifier = "app." + key
          screen.addSubview(view)
          return view
        }

        /// Every snapshot the animator took of a handed view: which handed views are inside it,
        /// which of those were hidden when it was taken, and whether it waited for screen updates.
        @MainActor static func snapshots(scene: Int, container: UIView, views: [String: UIView]) {
          var pending = container.subviews
          while let view = pending.popLast() {
            pending += view.subviews
            guard let source = view.standInSnapshotSource,
              let key = views.first(where: { $0.value === source })?.key
            else { continue }
            let inside = views.filter { $0.value !== source && $0.value.isDescendant(of: source) }.map(\\.key).sorted()
            let hidden = inside.filter { name in view.standInSnapshotHidden.contains { $0 === views[name] } }
            print(
              "{\\"scene\\": \\(scene), \\"snapshot\\": \\"\\(key)\\", \\"inside\\": \\(inside), \\"hidden\\": \\(hidden), "
                + "\\"afterUpdates\\": \\(view.standInSnapshotAfterScreenUpdates), "
                + "\\"node\\": \\"\\(view.accessibilityIdentifier ?? "")\\"}")
          }
        }

        /// Every view the animator moves: the screens' own views and every view it names `segue.…`.
        /// The identifiers of the app's views the scene being played animates in place.
        nonisolated(unsafe) static var inPlace: Set<String> = []

        @MainActor static func sample(scene: Int, frame: Int, container: UIView, from: UIView, to: UIView) {
          var found: [(String, UIView)] = [("screen.from", from), ("screen.to", to)]
          var pending = container.subviews
          while let view = pending.popLast() {
            if let name = view.accessibilityIdentifier, name.hasPrefix("segue.") { found.append((name, view)) }
            pending += view.subviews
          }
          // The app's views animated in place, wherever they are.
          var own = from.subviews + to.subviews
          while let view = own.popLast() {
            if let name = view.accessibilityIdentifier, inPlace.contains(name) {
              found.append(("segue." + name.dropFirst("app.".count), view))
            }
            own += view.subviews
          }
          for (name, view) in found {
            let layer = view.layer.presentation() ?? view.layer
            let size = layer.bounds.size
            var m = CATransform3DMakeTranslation(-layer.anchorPoint.x * size.width, -layer.anchorPoint.y * size.height, 0)
            m = CATransform3DConcat(m, layer.transform)
            m = CATransform3DConcat(m, CATransform3DMakeTranslation(layer.position.x, layer.position.y, layer.zPosition))
            var corners: [Double] = []
            for (x, y) in [(0, 0), (size.width, 0), (0, size.height), (size.width, size.height)] {
              corners += [
                x * m.m11 + y * m.m21 + m.m41, x * m.m12 + y * m.m22 + m.m42, x * m.m13 + y * m.m23 + m.m43,
                x * m.m14 + y * m.m24 + m.m44,
              ].map { Double($0) }
            }
            var mask = "null"
            var maskPoints: [Double] = []
            var maskMap: [Double] = []
            var maskOpacity = 1.0
            if let shape = view.layer.mask as? CAShapeLayer {
              let shown = shape.presentation() ?? shape
              if let path = shown.path {
                mask = "\\"" + maskText(path) + "\\""
                maskPoints = pathPoints(path)
              }
              // The mask layer's points in the view's: about its anchor, at its position.
              let size = shown.bounds.size
              var n = CATransform3DMakeTranslation(
                -shown.anchorPoint.x * size.width, -shown.anchorPoint.y * size.height, 0)
              n = CATransform3DConcat(n, shown.transform)
              n = CATransform3DConcat(n, CATransform3DMakeTranslation(shown.position.x, shown.position.y, 0))
              for (x, y) in [(0.0, 0.0), (100.0, 0.0), (0.0, 100.0), (100.0, 100.0)] {
                let w = x * n.m14 + y * n.m24 + n.m44
                maskMap += [(x * n.m11 + y * n.m21 + n.m41) / w, (x * n.m12 + y * n.m22 + n.m42) / w].map { Double($0) }
              }
              maskOpacity = Double(shown.opacity)
            }
            let line: [String] = [
              "\\"scene\\": \\(scene)", "\\"frame\\": \\(frame)", "\\"node\\": \\"\\(name)\\"",
              "\\"corners\\": \\(corners)", "\\"size\\": [\\(Double(size.width)), \\(Double(size.height))]",
              "\\"transform\\": \\([layer.transform.m11, layer.transform.m12, layer.transform.m21, layer.transform.m22].map { Double($0) })",
              "\\"position\\": [\\(Double(layer.position.x)), \\(Double(layer.position.y))]",
              "\\"opacity\\": \\(Double(layer.opacity))", "\\"cornerRadius\\": \\(Double(layer.cornerRadius))",
              "\\"shadow\\": [\\(Double(layer.shadowOpacity)), \\(Double(layer.shadowRadius)), "
                + "\\(Double(layer.shadowOffset.width)), \\(Double(layer.shadowOffset.height))]",
              "\\"piece\\": \\"\\(piece(view, from: from, to: to))\\"", "\\"mask\\": \\(mask)", "\\"maskPoints\\": \\(maskPoints)", "\\"maskMap\\": \\(maskMap)",
              "\\"maskOpacity\\": \\(maskOpacity)", "\\"hidden\\": \\(view.isHidden)", "\\"attached\\": \\(view.superview != nil)",
              "\\"superview\\": \\"\\(place(view, container: container))\\"",
              "\\"absolute\\": \\(absolute(view, container: container).map { "\\($0)" } ?? "null")",
            ]
            print("{" + line.joined(separator: ", ") + "}")
          }
        }

        /// The corners of a view's bounds in the container's points, each as (x, y, w), as Core
        /// Animation draws it: each layer's own map (its bounds about its anchor, its transform, at
        /// its position and zPosition), then its superview's sublayerTransform about that layer's
        /// anchor, what is inside a layer that is not a CATransformLayer flattened into its plane
        /// (z dropped), up to the container. Nil when the view is not inside the container.
        @MainActor static func absolute(_ view: UIView, container: UIView) -> [Double]? {
          func shown(_ layer: CALayer) -> CALayer { layer.presentation() ?? layer }
          func own(_ layer: CALayer) -> CATransform3D {
            let size = layer.bounds.size
            var m = CATransform3DMakeTranslation(-layer.anchorPoint.x * size.width, -layer.anchorPoint.y * size.height, 0)
            m = CATransform3DConcat(m, layer.transform)
            return CATransform3DConcat(m, CATransform3DMakeTranslation(layer.position.x, layer.position.y, layer.zPosition))
          }
          func inside(_ layer: CALayer) -> CATransform3D {
            let a = CGPoint(x: layer.anchorPoint.x * layer.bounds.width, y: layer.anchorPoint.y * layer.bounds.height)
            var m = CATransform3DMakeTranslation(-layer.bounds.minX - a.x, -layer.bounds.minY - a.y, 0)
            m = CATransform3DConcat(m, layer.sublayerTransform)
            return CATransform3DConcat(m, CATransform3DMakeTranslation(a.x, a.y, 0))
          }
          var map = own(shown(view.layer))
          var current = view
          while let parent = current.superview {
            map = CATransform3DConcat(map, inside(shown(parent.layer)))
            if !(parent.layer is CATransformLayer) {
              (map.m13, map.m23, map.m33, map.m43) = (0, 0, 0, 0)
            }
            if parent === container {
              let size = shown(view.layer).bounds.size
              var corners: [Double] = []
              for (x, y) in [(0, 0), (size.width, 0), (0, size.height), (size.width, size.height)] {
                corners += [
                  x * map.m11 + y * map.m21 + map.m41, x * map.m12 + y * map.m22 + map.m42, x * map.m14 + y * map.m24 + map.m44,
                ].map { Double($0) }
              }
              return corners
            }
            map = CATransform3DConcat(map, own(shown(parent.layer)))
            current = parent
          }
          return nil
        }

        /// What a view snapshots a rectangle of, as "from x y w h" (or "to …"); "" for any other.
        @MainActor static func piece(_ view: UIView, from: UIView, to: UIView) -> String {
          guard let rect = view.standInSnapshotRect, let source = view.standInSnapshotSource else { return "" }
          let name = source === from ? "from" : source === to ? "to" : "other"
          return ([name] + [rect.minX, rect.minY, rect.width, rect.height].map { "\\(Double($0))" }).joined(separator: " ")
        }

        /// Where a view is: "container", "window" (under the container, where a presenting view
        /// UIKit keeps stays), "none", or "other".
        @MainActor static func place(_ view: UIView, container: UIView) -> String {
          guard let parent = view.superview else { return "none" }
          if parent === container { return "container" }
          return parent === container.superview ? "window" : "other"
        }

        /// Where each screen's view is once the transition has completed.
        @MainActor static func hierarchy(scene: Int, container: UIView, from: UIView, to: UIView) {
          print(
            "{\\"scene\\": \\(scene), \\"hierarchy\\": {\\"from\\": \\"\\(place(from, container: container))\\", "
              + "\\"to\\": \\"\\(place(to, container: container))\\"}}")
        }

        /// The points of a path's moves, lines and curves in order (control points first), as
        /// x, y pairs; none for a path of ellipses or rectangles.
        static func pathPoints(_ path: CGPath) -> [Double] {
          var numbers: [Double] = []
          for shape in path.shapes {
            switch shape {
            case .move(let p), .line(let p): numbers += [Double(p.x), Double(p.y)]
            case .quadCurve(let p, let c): numbers += [Double(c.x), Double(c.y), Double(p.x), Double(p.y)]
            case .curve(let p, let c1, let c2):
              numbers += [Double(c1.x), Double(c1.y), Double(c2.x), Double(c2.y), Double(p.x), Double(p.y)]
            default: break
            }
          }
          return numbers
        }

        /// A mask path as "circle cx cy r" or "rect x y w h r".
        static func maskText(_ path: CGPath) -> String {
          var points: [CGPoint] = []
          var first: CGPoint?
          for shape in path.shapes {
            switch shape {
            case .ellipse(let rect, _):
              return "circle \\(Double(rect.midX)) \\(Double(rect.midY)) \\(Double(rect.width / 2))"
            case .move(let point):
              first = first ?? point
              points.append(point)
            case .line(let point), .curve(let point, _, _), .quadCurve(let point, _):
              points.append(point)
            default:
              break
            }
          }
          guard let first, let minX = points.map(\\.x).min(), let minY = points.map(\\.y).min(),
            let maxX = points.map(\\.x).max(), let maxY = points.map(\\.y).max()
          else { return "none" }
          // A rectangle whose width or height a curve took past zero is drawn turned over: its
          // first point (the top edge's start, a radius in) may be on either side.
          let radius = min(abs(first.x - minX), abs(maxX - first.x))
          let values = [minX, minY, maxX - minX, maxY - minY, radius].map { "\\(Double($0))" }
          return "rect " + values.joined(separator: " ")
        }

      """
    for (index, scene) in scenes.enumerated() {
      // Parents before the views inside them.
      var keys: [String] = []
      func add(_ key: String) {
        if keys.contains(key) { return }
        if let parent = scene.parents[key] { add(parent) }
        keys.append(key)
      }
      for key in scene.viewKeys ?? [] { add(key) }
      func screenClass(_ role: String) -> String { scene.laidOut[role] == nil ? "UIView" : "ScreenView" }
      let pinnedSetup = scene.laidOut.sorted { $0.key < $1.key }.flatMap { role, layers in
        layers.map { layer in
          "    Driver.pinned(in: \(role)Controller.view, name: \"segue.layout.\(role).\(layer.index)\", "
            + "\(layer.coefficients))"
        }
      }.joined(separator: "\n")
      let views = keys.map { key in
        let screen = "\(key.hasPrefix("from.") ? "fromController" : "toController").view"
        let parent = scene.parents[key].map { "views[\"\($0)\"]!" } ?? screen
        let frame = scene.frames[key] ?? [10, 20, 30, 40]
        var lines =
          "    views[\"\(key)\"] = Driver.appView(in: \(parent), key: \"\(key)\", frame: \(frame), "
          + "radius: \(scene.radii[key] ?? 0))"
        for (index, frame) in (scene.subviews[key] ?? []).enumerated() {
          lines +=
            "\n    views[\"\(key).\(index)\"] = Driver.appView(in: views[\"\(key)\"]!, key: \"\(key).\(index)\", "
            + "frame: \(frame), radius: 0)"
        }
        return lines
      }
      text += """

          @MainActor static func play\(index)() {
            StandInClock.reset(to: 0)
            let window = UIView(frame: CGRect(x: 0, y: 0, width: \(scene.size.0), height: \(scene.size.1)))
            let container = UIView(frame: CGRect(x: 0, y: 0, width: \(scene.size.0), height: \(scene.size.1)))
            container.standInSafeAreaInsets = UIEdgeInsets(
              top: \(scene.safeArea[0]), left: \(scene.safeArea[1]), bottom: \(scene.safeArea[2]), right: \(scene.safeArea[3]))
            let fromController = UIViewController()
            fromController.view = \(screenClass("from"))(frame: CGRect(x: 0, y: 0, width: \(scene.fromSize.0), height: \(scene.fromSize.1)))
            let toController = UIViewController()
            toController.view = \(screenClass("to"))(frame: CGRect(x: 0, y: 0, width: \(scene.toSize.0), height: \(scene.toSize.1)))
        \(pinnedSetup)
        \(inPlaceSetup(scene))
            window.addSubview(container)
        \(scene.viewKeys == nil ? "" : "    \(views.isEmpty ? "let" : "var") views: [String: UIView] = [:]")
        \(views.joined(separator: "\n"))
            let context = StandInTransitionContext(containerView: container, from: fromController, to: toController)
            context.setInitialFrame(fromController.view.frame, for: fromController)
            context.setFinalFrame(toController.view.frame, for: toController)
        \(scene.presentingInPlace.map { "    context.withheldViewKey = .\($0)" } ?? "")
        \(pageSheetSetup(scene))
            Driver.inPlace = [\(scene.inPlaceKeys.map { "\"app.\($0)\"" }.joined(separator: ", "))]
            let animator = \(scene.animator)(\(scene.viewKeys == nil ? "" : "views: views"))
        \((scene.gesture == nil ? plain(scene) : interactive(scene)).replacingOccurrences(of: "SCENE", with: "\(index)"))
            StandInClock.advance(to: \(scene.end))
            sample(scene: \(index), frame: -1, container: container, from: fromController.view, to: toController.view)
            hierarchy(scene: \(index), container: container, from: fromController.view, to: toController.view)
            print("{\\"scene\\": \(index), \\"completed\\": \\(context.completeTransitionCalls)}")
          }

        """
    }
    return text + "}\n"
  }

  /// Where the screens' views are before the transition: `from` in the container, as a navigation
  /// controller and a full-screen presentation have it; a presenting view UIKit keeps in place in
  /// the window, under the container (`to` of a dismiss only there).
  func inPlaceSetup(_ scene: Scene) -> String {
    switch scene.presentingInPlace {
    case "from"?: return "    window.addSubview(fromController.view)"
    case "to"?: return "    window.addSubview(toController.view)\n    container.addSubview(fromController.view)"
    default: return "    container.addSubview(fromController.view)"
    }
  }

  /// A page sheet's frame in the context, where UIKit's presentation controller puts it.
  func pageSheetSetup(_ scene: Scene) -> String {
    switch scene.pageSheet {
    case "to"?:
      return "    context.setFinalFrame(StandInTransitionContext.pageSheetFrame(in: container), for: toController)"
    case "from"?:
      return "    context.setInitialFrame(StandInTransitionContext.pageSheetFrame(in: container), for: fromController)"
    default: return ""
    }
  }

  /// Runs the animator on its own and samples each frame.
  func plain(_ scene: Scene) -> String {
    """
        animator.animateTransition(using: context)
        snapshots(scene: SCENE, container: container, views: views)
        for (frame, time) in \(scene.times).enumerated() {
          StandInClock.advance(to: time)
          sample(scene: SCENE, frame: frame, container: container, from: fromController.view, to: toController.view)
        }
    """
  }

  /// Drives the animator through its interaction as the scene's finger does: each frame before
  /// the release updates the progress; at the release it finishes or cancels.
  func interactive(_ scene: Scene) -> String {
    guard let gesture = scene.gesture else { return "" }
    let interaction = String(scene.animator.dropLast("Animator".count)) + "Interaction"
    return """
          let interaction = \(interaction)()
          interaction.animator = animator
          context.isInteractive = true
          interaction.startInteractiveTransition(context)
          snapshots(scene: SCENE, container: container, views: views)
          let progress: [Double] = \(gesture.progress)
          var released = false
          for (frame, time) in \(scene.times).enumerated() {
            if frame < progress.count {
              StandInClock.advance(to: time)
              interaction.update(CGFloat(progress[frame]))
            } else {
              if !released {
                StandInClock.advance(to: \(gesture.releaseTime))
                interaction.update(CGFloat(\(gesture.releaseFraction)))
                interaction.\(gesture.finishes ? "finish" : "cancel")()
                released = true
              }
              StandInClock.advance(to: time)
            }
            sample(scene: SCENE, frame: frame, container: container, from: fromController.view, to: toController.view)
          }
          if !released {
            interaction.\(gesture.finishes ? "finish" : "cancel")()
          }
      """
  }
}
