/// An animator written out in the scene (docs/custom-transitions.md): animations of screens, lifted layers and
/// overlays, their stacking, what the completion block does, and matched layers.
public struct CustomTransition: Sendable {
  /// The container's perspective distance in points (m34 = −1 / perspective).
  public var perspective: Double
  /// Screens and top-level overlays from bottom to top; nil: the operation's default.
  public var stack: [String]?
  public var overlays: [Overlay]
  public var animations: [Animation]
  /// Target by target, in the order the scene gives them.
  public var end: [(target: Target, action: EndAction)]
  public var match: [MatchEntry]

  public static let defaultPerspective = 500.0

  public init(
    perspective: Double = CustomTransition.defaultPerspective, stack: [String]? = nil, overlays: [Overlay] = [],
    animations: [Animation] = [], end: [(target: Target, action: EndAction)] = [], match: [MatchEntry] = []
  ) {
    self.perspective = perspective
    self.stack = stack
    self.overlays = overlays
    self.animations = animations
    self.end = end
    self.match = match
  }

  /// The overlay named `name`.
  public func overlay(_ name: String) -> Overlay? { overlays.first { $0.name == name } }
}
