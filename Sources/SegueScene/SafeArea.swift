/// The insets of a container's safe area in points, portrait, as UIKit's `safeAreaInsets` gives
/// them for a full-screen view controller's view: what the status bar, the sensor housing and
/// the home indicator cover. Pins may be laid out in it (`{"in": "safeArea", ...}`) and a frame
/// may be it (`{"of": "safeArea"}`).
public struct SafeArea: Sendable, Equatable {
  public var top: Double
  public var left: Double
  public var bottom: Double
  public var right: Double

  public init(top: Double, left: Double, bottom: Double, right: Double) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }

  /// No insets: a scene of its own size that says nothing of a safe area.
  public static let zero = SafeArea(top: 0, left: 0, bottom: 0, right: 0)

  /// `[top, left, bottom, right]`, the order of `UIEdgeInsets` and of a scene's `safeArea`.
  public var values: [Double] { [top, left, bottom, right] }

  /// The inset along `edge`.
  public func inset(_ edge: Edge) -> Double {
    switch edge {
    case .top: return top
    case .left: return left
    case .bottom: return bottom
    case .right: return right
    }
  }
}
