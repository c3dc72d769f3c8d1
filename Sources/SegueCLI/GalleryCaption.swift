import SegueGolden
import SegueJSON
import SegueKit
import SegueScene
import SegueTiming

/// The caption under a gallery animation, in words rather than the scene's JSON: its name,
/// its type and operation with the parameters it changes, and its timing
/// (`0.5 s, spring, damping 0.4, velocity 2.5`).
enum GalleryCaption {
  /// The caption's three lines, plain text.
  static func lines(_ loaded: LoadedScene) -> (name: String, transition: String, timing: String) {
    let transition = loaded.scene.transition
    var what = "\(transition.type) \(transition.operation.rawValue)"
    if case .preset(let preset) = transition.kind {
      let changed = changedParameters(preset, type: transition.type)
      if !changed.isEmpty { what += ", " + changed.joined(separator: ", ") }
    } else if case .custom(let custom) = transition.kind {
      what += ", \(custom.animations.count) animation\(custom.animations.count == 1 ? "" : "s")"
    }
    // A scene drawn on several devices or variants: which one this is.
    if loaded.runFolder != nil {
      var run: [String] = []
      if let device = loaded.run.device {
        run.append(
          "on \(device.name) (\(JSONValue.format(device.size.width)) x \(JSONValue.format(device.size.height)))")
      }
      run.append(loaded.run.variant.map { "variant \($0)" } ?? (loaded.run.device == nil ? "as written" : ""))
      what += " · " + run.filter { !$0.isEmpty }.joined(separator: ", ")
    }
    let curve = loaded.plan.scene.transition.curve ?? .bezier(.easeInEaseOut)
    // To the millisecond: a settling spring's duration is not a round number.
    func seconds(_ value: Double) -> String { JSONValue.format((value * 1000).rounded() / 1000) + " s" }
    // The transition's length (its last animation's end, where the player's counter ends), and
    // for a gesture, the length of what plays: to the release, then the rest.
    var timing = "\(seconds(loaded.plan.duration)), \(words(curve))"
    if let interaction = loaded.scene.interaction {
      timing +=
        ", interactive: " + (interaction.release == .finish ? "finishes" : "cancels") + " in "
        + seconds(loaded.timeline.clock.duration)
    }
    return (loaded.scene.name, what, timing)
  }

  /// A `<figcaption>`'s contents, escaped.
  static func html(_ loaded: LoadedScene) -> String {
    let (name, transition, timing) = lines(loaded)
    return "<b>\(ReportWriter.escape(name))</b><br>\(ReportWriter.escape(transition))"
      + "<br><small>\(ReportWriter.escape(timing))</small>"
  }

  /// A timing curve as a person says it: `easeInOut`, `spring, damping 0.4, velocity 2.5`.
  static func words(_ curve: TimingCurve) -> String { TimingPlot.words(curve) }

  /// The parameters of `preset` that differ from its type's defaults, as `edge right`.
  static func changedParameters(_ preset: Preset, type: String) -> [String] {
    let defaults = (try? PresetCatalog.named(type)?.decode(PresetParameters([:]))).map(parameters) ?? []
    return parameters(preset).filter { entry in !defaults.contains { $0 == entry } }.map { "\($0.0) \($0.1)" }
  }

  /// Every parameter of `preset`, named and valued in words.
  /// A circle's centre in words: `(201, 702)`, or `the centre of from.fab`.
  static func origin(_ origin: CircleOrigin) -> String {
    let number = { (value: Double) in JSONValue.format(value) }
    switch origin {
    case .point(let point): return "(\(number(point.x)), \(number(point.y)))"
    case .view(let role, let id): return "the centre of \(role.rawValue).\(id)"
    }
  }

  static func parameters(_ preset: Preset) -> [(String, String)] {
    let number = JSONValue.format
    switch preset {
    case .zoom(let frame):
      let tile = frame.map { "a \(number($0.width)) x \(number($0.height)) tile at (\(number($0.x)), \(number($0.y)))" }
      return [("from", tile ?? "the centre")]
    case .stories(let scale, let radius):
      return [("scale", number(scale)), ("corner radius", number(radius))]
    case .slide(let edge), .spread(let edge):
      return [("edge", edge.rawValue)]
    case .panel(let edge, let size, let dim):
      return [("edge", edge.rawValue), ("size", number(size)), ("dim", number(dim))]
    case .circle(let origin, let start, let end):
      return [
        ("from", origin.map(Self.origin) ?? "the centre"),
        ("start radius", number(start)), ("end radius", end.map(number) ?? "the farthest corner"),
      ]
    case .flip(let direction):
      return [("direction", direction.rawValue)]
    case .sheet(let top, let inset, let dim):
      return [("top", top.map(number) ?? "the safe area's + 10"), ("inset", number(inset)), ("dim", number(dim))]
    case .boom, .fade, .push, .cube:
      return []
    }
  }
}
