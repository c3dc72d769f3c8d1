/// An animator written out in the scene (docs/custom-transitions.md): animations of screens, lifted layers and
/// overlays, their stacking, what the completion block does, and matched layers.
public struct CustomTransition: Sendable {
  /// The container's perspective distance in points (m34 = −1 / perspective); infinite for
  /// none (`"perspective": "none"`).
  public var perspective: Double
  /// Screens and top-level overlays from bottom to top; nil: the operation's default.
  public var stack: [String]?
  public var overlays: [Overlay]
  public var animations: [Animation]
  /// Target by target, in the order the scene gives them.
  public var end: [(target: Target, action: EndAction)]
  public var match: [MatchEntry]
  /// Rules only the seed presets follow, which a scene cannot write (docs/custom-transitions.md,
  /// "Expanding a preset"): their formulas are in the progress p itself, and they end an
  /// interaction on the exact start or end state.
  public var presetRules = PresetRules()
  /// The sizes a preset gives its screens (a panel, a sheet) as formulas over the container:
  /// the scene's `size` of that screen is their value on its device.
  public var screenSizes: [ScreenRole: (width: Measure, height: Measure)] = [:]

  /// What a preset of the seeds does that a written custom transition does not.
  public struct PresetRules: Sendable, Equatable {
    /// An interaction's progress past 0…1 (a completion curve that overshoots) carries into the
    /// animations that start with the timeline (below 0) or end with it (past 1), as the
    /// preset's formulas in p do; a custom transition clamps every animation to 0…1.
    public var progressOvershoots = false
    /// Properties that go back to their initial values when an interaction is cancelled: the
    /// masks and corners a preset puts on its screens only while they move.
    public var cancelResets: [Target: [AnimatableProperty]] = [:]
    /// Targets a cancelled interaction does not show: a screen that only the transition reveals
    /// (spread uncovers `to` over `from` whatever the operation).
    public var cancelHides: Set<Target> = []

    public init(
      progressOvershoots: Bool = false, cancelResets: [Target: [AnimatableProperty]] = [:],
      cancelHides: Set<Target> = []
    ) {
      self.progressOvershoots = progressOvershoots
      self.cancelResets = cancelResets
      self.cancelHides = cancelHides
    }
  }

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
