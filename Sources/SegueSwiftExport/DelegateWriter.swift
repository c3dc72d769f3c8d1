import SegueScene

/// The transitioning delegate that hands UIKit the animators of one or more scenes, each for its
/// operation: a `UIViewControllerTransitioningDelegate` for present and dismiss, a
/// `UINavigationControllerDelegate` for push and pop. An app sets one delegate on a controller
/// (one navigation delegate on a navigation controller), so a push and its pop, or a present and
/// its dismiss, share one. Using the animators is then two lines.
struct DelegateWriter {
  /// One scene's animator as the delegate hands it out.
  struct Entry {
    let scene: Scene
    let animator: String
    /// The interaction driver's class, for an interactive scene.
    let interaction: String?
    let takesViews: Bool
    /// The keys of the views it takes, in the scene's order (`from.card`).
    var viewKeys: [String] = []

    var operation: TransitionOperation { scene.transition.operation }
  }

  /// One operation each; all navigation or all modal.
  let entries: [Entry]
  let name: String

  var isNavigation: Bool { entries.first?.operation.isNavigation ?? false }
  var takesViews: Bool { entries.contains(where: \.takesViews) }

  /// The property holding the interaction that drives `entry`'s animator: `interaction` when the
  /// delegate runs one scene, `presentInteraction` (and so on) when it runs several.
  func interactionProperty(_ entry: Entry) -> String {
    entries.count == 1 ? "interaction" : "\(entry.operation.rawValue)Interaction"
  }

  /// `Animator(views: views)` or `Animator()`.
  func make(_ entry: Entry) -> String { "\(entry.animator)(\(entry.takesViews ? "views: views" : ""))" }

  func write(_ source: inout SwiftSource) {
    let names = entries.map(\.animator).joined(separator: ", ")
    if isNavigation {
      let operations = entries.map { "each \($0.operation.rawValue)" }.joined(separator: " and ")
      source.comment(
        "Runs \(names) for \(operations) of a navigation controller:\n\n"
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
          if entries.count == 1, let entry = entries.first {
            source.line("guard case .\(entry.operation.rawValue) = operation else { return nil }")
            source.line("return \(make(entry))")
          } else {
            // swift-format's style: the cases at the switch's depth.
            source.line("switch operation {")
            for entry in entries { source.line("case .\(entry.operation.rawValue): return \(make(entry))") }
            source.line("default: return nil")
            source.line("}")
          }
        }
        let driven = entries.filter { $0.interaction != nil }
        if !driven.isEmpty {
          source.line()
          source.line("public func navigationController(")
          source.indented { source in
            source.line("_ navigationController: UINavigationController,")
            source.line("interactionControllerFor animationController: any UIViewControllerAnimatedTransitioning")
          }
          source.block(") -> (any UIViewControllerInteractiveTransitioning)? {") { source in
            for entry in driven { writeHandOver(entry, animator: "animationController", &source) }
            source.line("return nil")
          }
        }
      }
      return
    }
    let verbs = entries.map { $0.operation == .present ? "presented" : "dismissed" }.joined(separator: " and ")
    // The scene's presentation style is the controller's: the animator follows its rules.
    let style =
      entries.compactMap(\.scene.transition.presentation).first.map {
        "\n    controller.modalPresentationStyle = .\($0.rawValue)"
      } ?? ""
    source.comment(
      "Runs \(names) when the controller it is set on is \(verbs):\n\n"
        + "    let transitions = \(name)(\(takesViews ? "views: [\"from.card\": cardView]" : ""))\n"
        + "    controller.transitioningDelegate = transitions  // keep `transitions`: the delegate is weak"
        + style + gestureNote, doc: true)
    source.block("public final class \(name): NSObject, UIViewControllerTransitioningDelegate {") { source in
      writeViews(&source)
      for (index, entry) in entries.enumerated() {
        if index > 0 { source.line() }
        let presented = entry.operation == .present
        source.line("public func animationController(")
        source.indented { source in
          source.line(
            presented
              ? "forPresented presented: UIViewController, presenting: UIViewController, source: UIViewController"
              : "forDismissed dismissed: UIViewController")
        }
        source.block(") -> (any UIViewControllerAnimatedTransitioning)? {") { source in
          source.line(make(entry))
        }
        if entry.interaction != nil {
          source.line()
          source.line(
            "public func interactionControllerFor\(presented ? "Presentation" : "Dismissal")(using animator: any "
              + "UIViewControllerAnimatedTransitioning)")
          source.line("  -> (any UIViewControllerInteractiveTransitioning)?")
          source.block("{") { source in
            writeHandOver(entry, animator: "animator", &source)
            source.line("return nil")
          }
        }
      }
    }
  }

  /// How a gesture drives the transition, for an interactive scene.
  var gestureNote: String {
    let driven = entries.filter { $0.interaction != nil }
    guard !driven.isEmpty else { return "" }
    return "\n\nA gesture drives it through an interaction set before the transition starts:\n\n"
      + driven.map { "    transitions.\(interactionProperty($0)) = \($0.interaction ?? "")()\n" }.joined()
      + "    // then, from the gesture: interaction.update(fraction), and at its end finish() or cancel()"
  }

  /// The interaction, when a gesture started the transition, with the animator it drives.
  func writeHandOver(_ entry: Entry, animator name: String, _ source: inout SwiftSource) {
    let property = interactionProperty(entry)
    source.block("if let interaction = \(property), let animator = \(name) as? \(entry.animator) {") { source in
      source.line("interaction.animator = animator")
      source.line("return interaction")
    }
  }

  func writeViews(_ source: inout SwiftSource) {
    for entry in entries {
      guard let interaction = entry.interaction else { continue }
      source.comment(
        "The interaction driving the next \(entry.operation.rawValue): set it when a gesture starts the transition, "
          + "and back to nil when the gesture ends (nil: the transition plays on its own).", doc: true)
      source.line("public var \(interactionProperty(entry)): \(interaction)?")
      source.line()
    }
    guard takesViews else { return }
    source.comment("The app's views the animators lift, match and read, by the scenes' names for them.", doc: true)
    source.line("public var views: [String: UIView]")
    source.line()
    source.block("public init(views: [String: UIView]) {") { source in
      source.line("self.views = views")
      source.line("super.init()")
    }
    source.line()
    // Every animator's views, each key once.
    ViewArguments.writeInitializer(keys: entries.flatMap(\.viewKeys), &source)
    source.line()
  }
}
