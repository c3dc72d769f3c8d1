import SegueJSON
import SegueMotion
import SegueScene
import SegueTiming

/// Every animation of a scene as the player's timing plot draws it: what it moves, its curve,
/// delay and duration, its progress over the whole timeline, and the progress each frame used.
///
/// Progress is the q an animation is at (docs/timing.md): its eased progress at t − delay for a
/// plain transition (a spring may pass 1, and one cut short holds where it was cut); for an
/// interactive one, q = (p·D − delay) ÷ duration clamped to 0…1, p being the finger's progress
/// and then the completion's. A frame's sample is the q its picture was drawn with, so the last
/// frame's is 1 (0 after a cancel): the end state, whatever the curve shows there.
public enum TimingPlot {
  /// The most animations a plot shows: the first ones in the scene's order. Past a few dozen a
  /// plot no longer reads, and a scene of thousands would make pages and manifests huge.
  public static let limit = 100

  /// The tracks of `loaded`, one per animation and per matched layer, in the scene's order (at
  /// most `limit`).
  public static func tracks(_ loaded: LoadedScene, points: Int = 200) -> JSONValue {
    let plan = loaded.plan
    let timeline = loaded.timeline
    let frames = (0..<timeline.frameCount).map { timeline.frame($0) }
    let end = max(timeline.clock.duration, 1e-9)
    var result: [JSONValue] = []
    let interaction = loaded.scene.interaction
    for track in plan.tracks.sorted(by: { $0.order < $1.order }).prefix(limit) {
      let properties = track.values.keys.sorted().map(\.rawValue).joined(separator: ", ")
      var plotted = entry(
        target: "\(track.target)", property: properties, easing: track.easing, curve: track.curve,
        delay: track.delay, duration: track.duration, interaction: interaction,
        timelineDuration: plan.duration, end: end, points: points,
        frames: frames,
        q: { q(track, at: $0, plan, timeline) }, sample: { plan.progress(of: track, at: $0).q })
      // A keyframe animation: its curve is over the whole; its key times (of every property,
      // in seconds of the timeline) and calculation say where its values fall.
      if let calculation = track.keyframes.values.first?.calculation, case .object(var fields) = plotted {
        let times = Set(track.keyframes.values.flatMap(\.times)).sorted().map { track.delay + $0 * track.duration }
        fields.append(("keyTimes", .array(times.map { .number(rounded($0)) })))
        if let index = fields.firstIndex(where: { $0.key == "description" }),
          case .string(let text) = fields[index].value
        {
          fields[index].value = .string(text + ", \(calculation.rawValue) keyframes")
        }
        plotted = .object(fields)
      }
      result.append(plotted)
    }
    for morph in plan.morphs.prefix(max(0, limit - result.count)) {
      // A matched layer's morph: q on its own curve, or scrubbed as any animation is.
      func q(_ moment: Moment) -> Double {
        switch moment {
        case .time(let t): return morph.easing.progress(at: t - morph.delay)
        case .scrub(let p):
          return morph.duration > 0 ? min(1, max(0, (p * plan.duration - morph.delay) / morph.duration)) : 1
        case .end: return 1
        case .start: return 0
        }
      }
      result.append(
        entry(
          target: "match \(morph.id)", property: "frame, cornerRadius, opacity, content", easing: morph.easing,
          curve: morph.curve, delay: morph.delay, duration: morph.duration, interaction: interaction,
          timelineDuration: plan.duration, end: end,
          points: points, frames: frames, q: { q(timeline.moment(at: $0)) }, sample: q))
    }
    return .array(result)
  }

  /// The tracks without their frames' samples, each curve at 80 points to a ten-thousandth: what a
  /// golden folder's manifest keeps, so a report can show the timing the goldens were recorded with
  /// beside the scene's when it changed.
  public static func compact(_ loaded: LoadedScene) -> JSONValue {
    guard case .array(let tracks) = tracks(loaded, points: 80) else { return .array([]) }
    return .array(
      tracks.map { track in
        guard case .object(let fields) = track else { return track }
        return .object(
          fields.compactMap { field in
            switch field.key {
            case "samples": return nil
            case "points": return (field.key, roundedPoints(field.value))
            default: return field
            }
          })
      })
  }

  /// Every number of `points` to a ten-thousandth.
  static func roundedPoints(_ points: JSONValue) -> JSONValue {
    guard case .array(let rows) = points else { return points }
    return .array(
      rows.map { row in
        guard case .array(let values) = row else { return row }
        return .array(
          values.map { value in
            guard case .number(let number) = value else { return value }
            return .number((number * 10_000).rounded() / 10_000)
          })
      })
  }

  /// One track: its names, curve, delay and duration, `q` over the timeline and at each frame.
  static func entry(
    target: String, property: String, easing: Easing, curve: TimingCurve, delay: Double, duration: Double,
    interaction: Interaction?, timelineDuration: Double, end: Double, points: Int, frames: [MotionTimeline.Frame],
    q: (Double) -> Double,
    sample: (Moment) -> Double
  ) -> JSONValue {
    let settles = curve.settlingSpring.map { delay + $0.settlingDuration }
    // The curve at evenly spaced times, and exactly where the animation starts and ends.
    var times = (0...points).map { end * Double($0) / Double(points) }
    times += [delay, delay + duration].filter { $0 > 0 && $0 < end }
    if let settles, settles > end { times.append(settles) }
    times.sort()
    let line = times.map { time -> JSONValue in .array([.number(rounded(time)), .number(rounded(q(time)))]) }
    let samples = frames.map { frame -> JSONValue in
      .array([.number(Double(frame.index)), .number(rounded(frame.time)), .number(rounded(sample(frame.moment)))])
    }
    return .object([
      ("label", .string("\(target) · \(property)")),
      ("target", .string(target)),
      ("property", .string(property)),
      ("curve", interaction.map { scrub($0, timeline: timelineDuration) } ?? descriptor(easing)),
      ("description", .string(description(curve, interaction))),
      ("delay", .number(rounded(delay))),
      ("duration", .number(rounded(duration))),
      ("settles", settles.map { .number(rounded($0)) } ?? .null),
      ("points", .array(line)),
      ("samples", .array(samples)),
    ])
  }

  /// An animation's q at `time` seconds of the timeline (between frames too; the last frame's end
  /// state aside).
  static func q(_ track: MotionPlan.Track, at time: Double, _ plan: MotionPlan, _ timeline: MotionTimeline) -> Double {
    switch timeline.moment(at: time) {
    case .time(let t):
      // Past its duration a spring holds where it was cut (or its end, when it ends exactly).
      return track.easing.progress(at: t - track.delay)
    case let moment:
      return plan.progress(of: track, at: moment).q
    }
  }

  /// The curve for a checker to evaluate: a cubic Bézier's control points, or a spring's mass,
  /// stiffness, damping and initial velocity (x from 0 to 1 in seconds); without
  /// `allowsOverdamping`, Core Animation damps a spring at most critically.
  static func descriptor(_ easing: Easing) -> JSONValue {
    switch easing.kind {
    case .bezier(let bezier):
      var fields: [(key: String, value: JSONValue)] = [
        ("kind", .string("bezier")), ("x1", .number(bezier.p1x)), ("y1", .number(bezier.p1y)),
        ("x2", .number(bezier.p2x)), ("y2", .number(bezier.p2y)),
      ]
      if let name = TimingCurve.bezier(bezier).name { fields.append(("name", .string(name))) }
      return .object(fields)
    case .spring(let spring):
      return .object([
        ("kind", .string("spring")), ("mass", .number(spring.mass)), ("stiffness", .number(spring.stiffness)),
        ("damping", .number(spring.damping)), ("initialVelocity", .number(spring.initialVelocity)),
        ("allowsOverdamping", .bool(spring.allowsOverdamping)), ("endsExactly", .bool(easing.endsExactly)),
      ])
    }
  }

  /// An interactive scene's curve: the finger's keyframes, the release, and the completion's speed
  /// and curve, so a checker can work out p and then q = (p·D − delay) ÷ duration on its own.
  static func scrub(_ interaction: Interaction, timeline duration: Double) -> JSONValue {
    var completion = JSONValue.object([("kind", .string("other")), ("name", .string("\(interaction.completionCurve)"))])
    if case .bezier(let bezier) = interaction.completionCurve {
      completion = descriptor(Easing(duration: 1, kind: .bezier(bezier)))
    }
    return .object([
      ("kind", .string("scrub")),
      ("timeline", .number(duration)),
      ("scrub", .array(interaction.scrub.map { .array([.number($0.time), .number($0.fraction)]) })),
      ("release", .string(interaction.release.rawValue)),
      ("completionSpeed", .number(interaction.completionSpeed)),
      ("completion", completion),
    ])
  }

  /// A timing curve as a person says it: `easeInOut`, `bezier 0.3, 0, 0.2, 1`,
  /// `spring, damping 0.4, velocity 2.5`, `spring, response 0.5, damping ratio 0.8`.
  public static func words(_ curve: TimingCurve) -> String {
    let number = JSONValue.format
    if curve == .systemSpring { return "system spring" }
    if let name = curve.name { return name }
    switch curve {
    case .bezier(let bezier):
      return "bezier " + [bezier.p1x, bezier.p1y, bezier.p2x, bezier.p2y].map(number).joined(separator: ", ")
    case .uiKitSpring(let damping, let velocity):
      return "spring, damping \(number(damping)), velocity \(number(velocity))"
    case .responseSpring(let response, let ratio):
      return "spring, response \(number(response)), damping ratio \(number(ratio))"
    case .bounceSpring(let duration, let bounce, let velocity):
      return "spring, duration \(number(duration)), bounce \(number(bounce))"
        + (velocity != 0 ? ", velocity \(number(velocity))" : "")
    case .physicalSpring(let mass, let stiffness, let damping, let velocity):
      return
        "spring, mass \(number(mass)), stiffness \(number(stiffness)), damping \(number(damping)), "
        + "velocity \(number(velocity))"
    case .systemSpring:
      return "system spring"
    }
  }

  /// The curve in words, as the legend shows it.
  static func description(_ curve: TimingCurve, _ interaction: Interaction?) -> String {
    guard let interaction else { return words(curve) }
    let outcome = interaction.release == .finish ? "finishes" : "cancels"
    return "follows the finger linearly, then \(outcome) (\(words(interaction.completionCurve)))"
  }

  /// To a microsecond or a millionth: the page's data stays small and reads as the scene wrote it.
  static func rounded(_ value: Double) -> Double {
    (value * 1_000_000).rounded() / 1_000_000
  }
}
