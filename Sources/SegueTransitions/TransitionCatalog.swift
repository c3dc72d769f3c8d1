import SegueScene
import SegueTiming
import SegueJSON

/// Every transition type Segue renders, and the checks that turn a scene's `transition` into
/// an animator.
public enum TransitionCatalog {
  /// The types in the order `list` shows them.
  public static let all: [TransitionType] = [
    ZoomTransition.type,
    StoriesTransition.type,
    SlideTransition.type,
    PanelTransition.type,
    CircleTransition.type,
    SpreadTransition.type,
    BoomTransition.type,
    FadeTransition.type,
    NavigationPushTransition.type,
  ]

  public static func named(_ name: String) -> TransitionType? {
    all.first { $0.name == name }
  }

  /// The type, operation, duration and curve a scene asks for, with the type's defaults filled in.
  public struct Resolved: Sendable {
    public let type: TransitionType
    public let animator: any TransitionAnimator
    /// Seconds, as asked for (the system spring runs its own 0.5 s; see `TimingCurve`), or a
    /// settling spring's settling time when the scene gives none.
    public let duration: Double
    public let curve: TimingCurve
    /// Things worth saying that do not stop the render (a spring cut short).
    public let warnings: [SceneError]
  }

  /// Checks the scene's transition against the catalog and builds its animator.
  public static func resolve(_ scene: Scene) throws(SceneError) -> Resolved {
    let spec = scene.transition
    let field = spec.field
    guard let type = named(spec.type) else {
      let names = all.map(\.name)
      var message = "unknown transition type '\(spec.type)'"
      if let guess = SceneField.closest(to: spec.type, in: names) { message += " (did you mean '\(guess)'?)" }
      throw SceneError(
        file: field.file, path: field.path.isEmpty ? "type" : "\(field.path).type",
        message: message + "; valid types: " + names.joined(separator: ", "))
    }
    guard type.operations.contains(spec.operation) else {
      throw SceneError(
        file: field.file, path: "\(field.path).operation",
        message: "type '\(type.name)' has no operation '\(spec.operation.rawValue)'; valid operations: "
          + type.operations.map(\.rawValue).joined(separator: ", "))
    }
    let names = type.parameters.map(\.name)
    for key in spec.parameters.keys.sorted() where !names.contains(key) {
      let parameter = spec.parameters[key]!
      var message = "unknown parameter '\(key)' for type '\(type.name)'"
      if let guess = SceneField.closest(to: key, in: names) { message += " (did you mean '\(guess)'?)" }
      let valid = names.isEmpty ? "none" : names.joined(separator: ", ")
      throw parameter.error(message + "; its parameters: \(valid) (and type, operation, duration, curve)")
    }
    let context = TransitionContext(
      container: scene.size, operation: spec.operation, parameters: spec.parameters, field: field)
    let animator = try type.makeAnimator(context)
    let defaults = type.defaults(spec.operation)
    let curve = spec.curve ?? defaults.curve
    let duration = curve.duration(requested: spec.duration, fallback: defaults.duration)
    if let problem = curve.problem(duration: duration) {
      throw SceneError(file: field.file, path: field.path.isEmpty ? "curve" : "\(field.path).curve", message: problem)
    }
    var warnings: [SceneError] = []
    if spec.duration == nil, duration > SceneLimits.maxDuration {
      throw SceneError(
        file: field.file, path: field.path.isEmpty ? "curve" : "\(field.path).curve",
        message: "the spring settles only after \(DecimalText.short(duration, 2)) s; the limit is "
          + "\(JSONValue.format(SceneLimits.maxDuration)) s: give 'transition.duration' to cut it")
    }
    if let requested = spec.duration, let cut = curve.cut(at: requested) {
      warnings.append(
        SceneError(
          file: field.file, path: "",
          message: "the spring settles at \(DecimalText.short(cut.settles, 2)) s; at 'transition.duration' "
            + "\(DecimalText.short(requested, 2)) s it is cut at progress \(DecimalText.short(cut.progress, 2))"))
    }
    return Resolved(type: type, animator: animator, duration: duration, curve: curve, warnings: warnings)
  }
}
