import SegueScene

/// The transitioning delegate that hands UIKit a scene's animator for its operation: a
/// `UIViewControllerTransitioningDelegate` for present and dismiss, a
/// `UINavigationControllerDelegate` for push and pop. Using the animator is then two lines.
struct DelegateWriter {
  let scene: Scene
  let animator: String
  /// The interaction driver's class, for an interactive scene.
  let interaction: String?
  let takesViews: Bool

  var operation: TransitionOperation { scene.transition.operation }
  var name: String { SwiftExport.delegateName(forScene: scene.name, operation: operation) }

  func write(_ source: inout SwiftSource) {
    if operation.isNavigation {
      source.comment(
        "Runs \(animator) for each \(operation.rawValue) of a navigation controller:\n\n"
          + "    let transitions = \(name)(\(takesViews ? "views: [\"from.card\": cardView]" : ""))\n"
          + "    navigationController.delegate = transitions  // keep `transitions`: the delegate is weak"
          + gestureNote, doc: true)
      source.block("public final class \(name): NSObject, UINavigationControllerDelegate {") { source in
        writeViews(&source)
        source.line("public func navigationController(")
        source.indented { source in
          source.line("_ navigationController: UINavigationController,")
          source.line("animationControllerFor operation: UINavigationController.Operation,")
          source.line("from fromVC: UIViewController, to toVC: UIViewController")
        }
        source.block(") -> (any UIViewControllerAnimatedTransitioning)? {") { source in
          source.line("operation == .\(operation.rawValue) ? \(animator)(\(takesViews ? "views: views" : "")) : nil")
        }
        if interaction != nil {
          source.line()
          source.line("public func navigationController(")
          source.indented { source in
            source.line("_ navigationController: UINavigationController,")
            source.line("interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning")
          }
          source.block(") -> (any UIViewControllerInteractiveTransitioning)? {") { source in
            writeHandOver(animator: "animationController", &source)
          }
        }
      }
      return
    }
    let presented = operation == .present
    source.comment(
      "Runs \(animator) when the controller it is set on is \(presented ? "presented" : "dismissed"):\n\n"
        + "    let transitions = \(name)(\(takesViews ? "views: [\"from.card\": cardView]" : ""))\n"
        + "    controller.transitioningDelegate = transitions  // keep `transitions`: the delegate is weak"
        + gestureNote, doc: true)
    source.block("public final class \(name): NSObject, UIViewControllerTransitioningDelegate {") { source in
      writeViews(&source)
      if presented {
        source.line("public func animationController(")
        source.indented { source in
          source.line(
            "forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController")
        }
      } else {
        source.line("public func animationController(")
        source.indented { source in
          source.line("forDismissed dismissed: UIViewController")
        }
      }
      source.block(") -> (any UIViewControllerAnimatedTransitioning)? {") { source in
        source.line("\(animator)(\(takesViews ? "views: views" : ""))")
      }
      if interaction != nil {
        source.line()
        source.line(
          "public func interactionControllerFor\(presented ? "Presentation" : "Dismissal")(using animator: any "
            + "UIViewControllerAnimatedTransitioning)")
        source.line("  -> (any UIViewControllerInteractiveTransitioning)?")
        source.block("{") { source in
          writeHandOver(animator: "animator", &source)
        }
      }
    }
  }

  /// How a gesture drives the transition, for an interactive scene.
  var gestureNote: String {
    guard let interaction else { return "" }
    return "\n\nA gesture drives it through an interaction set before the transition starts:\n\n"
      + "    transitions.interaction = \(interaction)()\n"
      + "    // then, from the gesture: interaction.update(fraction), and at its end finish() or cancel()"
  }

  /// The interaction, when a gesture started the transition, with the animator it drives.
  func writeHandOver(animator name: String, _ source: inout SwiftSource) {
    source.line("guard let interaction else { return nil }")
    source.line("interaction.animator = \(name) as? \(animator)")
    source.line("return interaction")
  }

  func writeViews(_ source: inout SwiftSource) {
    if let interaction {
      source.comment(
        "The interaction driving the next transition: set it when a gesture starts the transition, and back to "
          + "nil when the gesture ends (nil: the transition plays on its own).", doc: true)
      source.line("public var interaction: \(interaction)?")
      source.line()
    }
    guard takesViews else { return }
    source.comment("The app's views the animator lifts and matches, by the scene's names for them.", doc: true)
    source.line("public var views: [String: UIView]")
    source.line()
    source.block("public init(views: [String: UIView]) {") { source in
      source.line("self.views = views")
      source.line("super.init()")
    }
    source.line()
  }
}
