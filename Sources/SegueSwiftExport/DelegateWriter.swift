import SegueScene

/// The transitioning delegate that hands UIKit a scene's animator for its operation: a
/// `UIViewControllerTransitioningDelegate` for present and dismiss, a
/// `UINavigationControllerDelegate` for push and pop. Using the animator is then two lines.
struct DelegateWriter {
  let scene: Scene
  let animator: String
  let takesViews: Bool

  var operation: TransitionOperation { scene.transition.operation }
  var name: String { SwiftExport.delegateName(forScene: scene.name, operation: operation) }

  func write(_ source: inout SwiftSource) {
    if operation.isNavigation {
      source.comment(
        "Runs \(animator) for each \(operation.rawValue) of a navigation controller:\n\n"
          + "    let transitions = \(name)(\(takesViews ? "views: [\"from.card\": cardView]" : ""))\n"
          + "    navigationController.delegate = transitions  // keep `transitions`: the delegate is weak", doc: true)
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
      }
      return
    }
    let presented = operation == .present
    source.comment(
      "Runs \(animator) when the controller it is set on is \(presented ? "presented" : "dismissed"):\n\n"
        + "    let transitions = \(name)(\(takesViews ? "views: [\"from.card\": cardView]" : ""))\n"
        + "    controller.transitioningDelegate = transitions  // keep `transitions`: the delegate is weak",
      doc: true)
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
    }
  }

  func writeViews(_ source: inout SwiftSource) {
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
