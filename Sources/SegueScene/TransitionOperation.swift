/// What UIKit is doing: presenting or dismissing modally, or pushing or popping in a navigation stack.
public enum TransitionOperation: String, Sendable, CaseIterable {
  case present
  case dismiss
  case push
  case pop

  /// Present and push bring `to` in; dismiss and pop take `from` away.
  public var isForward: Bool { self == .present || self == .push }
}
