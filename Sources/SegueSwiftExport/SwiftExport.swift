import SegueMotion
import SegueScene

/// Writes a scene's transition as the app's own UIKit animator (`segue swift`): one Swift file
/// for iOS 15 and later with a `UIViewControllerAnimatedTransitioning` class that performs the
/// scene on the app's real views, and a transitioning delegate that hands it to UIKit.
///
/// It reads the plan the renderer evaluates (presets through their expanded form), never the
/// JSON, so the frames a designer approves and the code the app runs come from one timeline.
/// What Core Animation cannot state exactly is an error naming the scene's field, never code
/// that silently moves differently.
public enum SwiftExport {
  /// The Swift file for `plan` of a transition of `type` (as the scene names it: the plan holds
  /// presets expanded), read from `file`; `version` is Segue's, for the header.
  public static func source(for plan: MotionPlan, type: String, file: String, version: String) throws(SceneErrors)
    -> String
  {
    var writer = AnimatorWriter(plan: plan, type: type, file: file, version: version)
    return try writer.write()
  }

  /// The animator's type name for a scene name: `custom-today-card` → `CustomTodayCardAnimator`.
  public static func animatorName(forScene name: String) -> String {
    SwiftIdentifier.type(name) + "Animator"
  }

  /// The delegate's type name: `custom-today-card` → `CustomTodayCardTransitioningDelegate`
  /// (`…NavigationDelegate` for a push or pop).
  public static func delegateName(forScene name: String, operation: TransitionOperation) -> String {
    SwiftIdentifier.type(name) + (operation.isNavigation ? "NavigationDelegate" : "TransitioningDelegate")
  }
}

extension TransitionOperation {
  /// Push and pop run in a navigation controller; present and dismiss are modal.
  var isNavigation: Bool { self == .push || self == .pop }
}
