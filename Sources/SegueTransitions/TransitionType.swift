import SegueScene
import SegueTiming

/// One entry of the catalog (CATALOG.md §3): its operations, parameters, defaults and seed.
public struct TransitionType: Sendable {
  /// A parameter a type accepts, for `list` and for messages.
  public struct Parameter: Sendable {
    public let name: String
    /// What it means and its default, in a few words.
    public let summary: String
    public let defaultValue: String

    public init(_ name: String, _ summary: String, default defaultValue: String) {
      self.name = name
      self.summary = summary
      self.defaultValue = defaultValue
    }
  }

  /// Default duration and curve of one operation.
  public struct Defaults: Sendable {
    public let duration: Double
    public let curve: TimingCurve

    public init(_ duration: Double, _ curve: TimingCurve) {
      self.duration = duration
      self.curve = curve
    }
  }

  public let name: String
  /// The seed article it comes from.
  public let seed: String
  public let summary: String
  public let operations: [TransitionOperation]
  public let parameters: [Parameter]
  public let defaults: @Sendable (TransitionOperation) -> Defaults
  public let makeAnimator: @Sendable (TransitionContext) throws(SceneError) -> any TransitionAnimator

  public init(
    name: String, seed: String, summary: String, operations: [TransitionOperation], parameters: [Parameter],
    defaults: @escaping @Sendable (TransitionOperation) -> Defaults,
    makeAnimator: @escaping @Sendable (TransitionContext) throws(SceneError) -> any TransitionAnimator
  ) {
    self.name = name
    self.seed = seed
    self.summary = summary
    self.operations = operations
    self.parameters = parameters
    self.defaults = defaults
    self.makeAnimator = makeAnimator
  }
}
