/// Which screen: UIKit's `.from` (shown before the transition) or `.to` (shown after),
/// whatever the operation.
public enum ScreenRole: String, Sendable, Hashable, CaseIterable {
  case from
  case to

  /// The other screen.
  public var other: ScreenRole { self == .from ? .to : .from }
}
