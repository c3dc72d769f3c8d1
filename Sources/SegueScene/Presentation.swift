/// How a presented controller is shown (`modalPresentationStyle`): frames are drawn the same for
/// each, but it decides which views UIKit hands the animator and what the view hierarchy must be
/// when the transition ends.
public enum Presentation: String, Sendable, CaseIterable {
  /// The presenting view leaves the window once the presented one covers it, and comes back for
  /// the dismissal: UIKit hands the animator both views, and the animator adds them.
  case fullScreen
  /// A presentation controller of the app's: the presenting view stays where it is.
  case custom
  /// The presenting view stays under the presented one.
  case overFullScreen
  /// UIKit's sheet: the presenting view stays behind it.
  case pageSheet

  /// Whether UIKit hands the animator the presenting controller's view (`view(forKey:)`) for the
  /// animator to add to the container: only for `fullScreen`. For the others it is nil, and the
  /// view is never added to the container: the animator animates it where it is, if at all.
  public var handsPresentingView: Bool { self == .fullScreen }
}
