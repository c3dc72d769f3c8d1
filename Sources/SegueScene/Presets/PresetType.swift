import SegueTiming

/// One entry of the catalog: its name, seed, operations, parameters and defaults, and how its
/// parameters are read from a scene.
public struct PresetType: Sendable {
  /// A parameter a type accepts, for `list`, the schema and messages.
  public struct Parameter: Sendable {
    public let name: String
    /// What it means, in a few words.
    public let summary: String
    public let defaultValue: String
    /// Its JSON Schema.
    public let schema: String

    public init(_ name: String, _ summary: String, default defaultValue: String, schema: String) {
      self.name = name
      self.summary = summary
      self.defaultValue = defaultValue
      self.schema = schema
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
  /// Where it comes from.
  public let seed: String
  public let summary: String
  public let operations: [TransitionOperation]
  public let parameters: [Parameter]
  public let defaults: @Sendable (TransitionOperation) -> Defaults
  /// Reads the type's own parameters (already checked against `parameters`' names).
  public let decode: @Sendable (PresetParameters) throws(SceneError) -> Preset

  public init(
    name: String, seed: String, summary: String, operations: [TransitionOperation], parameters: [Parameter] = [],
    defaults: @escaping @Sendable (TransitionOperation) -> Defaults,
    decode: @escaping @Sendable (PresetParameters) throws(SceneError) -> Preset
  ) {
    self.name = name
    self.seed = seed
    self.summary = summary
    self.operations = operations
    self.parameters = parameters
    self.defaults = defaults
    self.decode = decode
  }
}
