import SegueMotion
import SegueScene
import SegueTiming

extension AnimatorWriter {
  /// One key path of one layer along an interactive scene's timeline: its values at its times
  /// (seconds), linear between them, as the interaction scrubs the scene.
  struct KeyframeTrack {
    let layer: String
    let keyPath: String
    var times: [Double] = []
    var values: [String] = []
    /// The scene's animations that move it, for the comment above it.
    var paths: [String] = []
    /// Added to what the key path's other track gives (Hero's arc).
    var additive = false
    /// A line declaring what its values read (an arc's K), written before it.
    var declaration: String?

    init(layer: String, keyPath: String) {
      self.layer = layer
      self.keyPath = keyPath
    }

    /// Adds `value` at `time`, unless the track is already there with it.
    mutating func append(_ time: Double, _ value: String) {
      if times.last == time && values.last == value { return }
      times.append(time)
      values.append(value)
    }
  }

  /// The animator's members for an interactive scene: the completion's curve and speed, the
  /// timeline as an interruptible animator, and `animateTransition(using:)` that plays it.
  func writeInteractiveMembers(_ source: inout SwiftSource) {
    guard let interaction = scene.interaction, case .bezier(let curve) = interaction.completionCurve else { return }
    let number = SwiftLiteral.number
    source.comment(
      "interaction.completionSpeed: after the finger lifts, the rest runs this many times faster than the timeline.",
      doc: true)
    source.line("public static let completionSpeed: CGFloat = \(number(interaction.completionSpeed))")
    source.line()
    source.comment("interaction.completionCurve (\(interaction.completionCurve)): the curve of the rest.", doc: true)
    source.line(
      "public static let completionCurve = UICubicTimingParameters(controlPoint1: "
        + "CGPoint(x: \(number(curve.p1x)), y: \(number(curve.p1y))), controlPoint2: "
        + "CGPoint(x: \(number(curve.p2x)), y: \(number(curve.p2y))))")
    source.line()
    source.comment(
      "The timeline of the transition under way: UIKit gets the same animator each time it asks.", doc: true)
    source.line("private var timeline: TimelineAnimator?")
    source.line()
    source.comment(
      "Without a gesture, the timeline plays to its end at the scene's pace, linearly, as the interaction scrubs "
        + "it.", doc: true)
    source.block("public func animateTransition(using transitionContext: any UIViewControllerContextTransitioning) {") {
      source in
      source.line("interruptibleAnimator(using: transitionContext).startAnimation()")
    }
    source.line()
    source.comment(
      "The transition as an interruptible animator, which \(interactionName) (or UIKit's "
        + "`UIPercentDrivenInteractiveTransition`) pauses, scrubs and then continues to the end or back to the start.",
      doc: true)
    source.line("public func interruptibleAnimator(using transitionContext: any UIViewControllerContextTransitioning)")
    source.line("  -> any UIViewImplicitlyAnimating")
    source.block("{") { source in
      source.line("interactiveTimeline(using: transitionContext)")
    }
    source.line()
    source.block("public func animationEnded(_ transitionCompleted: Bool) {") { source in
      source.line("timeline = nil")
    }
    source.line()
    writeTimeline(&source)
  }

  /// The timeline: every view the scene moves, made and placed where it starts, with a keyframe
  /// animation over the timeline for each key path it animates.
  func writeTimeline(_ source: inout SwiftSource) {
    source.line(
      "fileprivate func interactiveTimeline(using transitionContext: any UIViewControllerContextTransitioning)")
    source.line("  -> TimelineAnimator")
    source.block("{") { source in
      source.line("if let timeline { return timeline }")
      writeSetup(&source) { source in
        source.line("let timeline = TimelineAnimator(container: transitionContext.containerView.layer, duration: 0)")
        source.block("timeline.addCompletion { _ in") { source in
          source.line("transitionContext.completeTransition(!transitionContext.transitionWasCancelled)")
        }
        source.line("self.timeline = timeline")
        source.line("return timeline")
      }
      source.line()
      source.line("let timeline = TimelineAnimator(container: container.layer, duration: Self.duration)")
      let tracks = keyframeTracks()
      let turns = tracks.filter { $0.keyPath.hasPrefix("transform.rotation") }
      for track in tracks.filter({ !$0.keyPath.hasPrefix("transform.rotation") }) + turns {
        if let declaration = track.declaration { source.line(declaration) }
        source.comment("\(track.layer) \(track.keyPath): \(track.paths.joined(separator: ", ")).")
        source.line(
          "timeline.add(\(track.layer), \(SwiftLiteral.string(track.keyPath)), times: ["
            + track.times.map(SwiftLiteral.number).joined(separator: ", ") + "], values: ["
            + track.values.joined(separator: ", ") + "]\(track.additive ? ", additive: true" : ""))")
      }
      source.line()
      source.comment("The end, or, when the interaction is cancelled, the start as before the transition.")
      source.block("timeline.addCompletion { position in") { source in
        source.block("if position == .end {", closing: "} else {") { source in
          writeFinish(at: .end, usesClock: false, &source)
        }
        source.indented { source in
          writeFinish(at: .start, usesClock: false, &source)
        }
        source.line("}")
        source.line("transitionContext.completeTransition(!transitionContext.transitionWasCancelled)")
      }
      source.line("self.timeline = timeline")
      source.line("return timeline")
    }
  }

  /// Every animated key path of every view along the timeline. At the interaction's progress p
  /// an animation is at q = (p·D − delay) ÷ duration, clamped to 0…1: linear in the timeline's
  /// time. Of one key path's animations the one that started last governs, so each runs from its
  /// start until it ends or the next one starts (there at its value then), holds, and before the
  /// first starts the key path shows that first one's `from`.
  func keyframeTracks() -> [KeyframeTrack] {
    let layout = layout
    var order: [String] = []
    var entries: [String: [(track: MotionPlan.Track, segment: Segment, node: ExportNode)]] = [:]
    for (_, track, segments) in layout.perTrack {
      guard let node = node(for: track.target) else { continue }
      for segment in segments {
        let key = segment.layer + " " + segment.keyPath
        guard layout.moving.contains(key) else { continue }
        if entries[key] == nil { order.append(key) }
        entries[key, default: []].append((track, segment, node))
      }
    }
    var result: [KeyframeTrack] = []
    for key in order {
      guard let list = entries[key], let first = list.first else { continue }
      var keyframes = KeyframeTrack(layer: first.segment.layer, keyPath: first.segment.keyPath)
      keyframes.append(0, first.segment.from)
      for (index, entry) in list.enumerated() {
        let track = entry.track
        let next = index + 1 < list.count ? list[index + 1].track.delay : .infinity
        let end = track.delay + track.duration
        // The key path holds its last value until this one starts, then shows this one's `from`.
        if let held = keyframes.values.last, let time = keyframes.times.last, track.delay > time {
          keyframes.append(track.delay, held)
        }
        keyframes.append(track.delay, entry.segment.from)
        let stop = min(end, next)
        // A keyframe animation's own values at their times (a discrete one steps at each).
        if let frames = keyframeSegments(of: track, entry.node)[key] {
          for (index, (time, value)) in zip(frames.times, frames.values).enumerated() where index > 0 {
            let at = track.delay + time * track.duration
            guard at < stop else { break }
            if frames.mode == "discrete" { keyframes.append(at, frames.values[index - 1]) }
            keyframes.append(at, value)
          }
        }
        if stop < end, track.duration > 0 {
          // Taken over on the way: its value where the next one starts.
          let q = (stop - track.delay) / track.duration
          let cut = track.values.mapValues { (from: $0.from, to: PropertyValue.lerp($0.from, $0.to, q, ended: false)) }
            .merging(track.keyframes.mapValues { ($0.values[0], $0.value(at: q)) }) { $1 }
          let cutFormulas = track.formulas.mapValues {
            (from: $0.from, to: PropertyFormula.lerp($0.from, $0.to, q) ?? $0.to)
          }
          // A keyframe property's formula where it is cut: the keyframes' formulas mixed, or
          // the value it has there (a spline's).
          var kept = cutFormulas.filter { track.keyframes[$0.key] == nil }
          for (property, frames) in track.keyframes {
            guard let formula = frames.formula(at: q) ?? PropertyFormula(constant: frames.value(at: q)),
              let first = frames.formulas[0] ?? PropertyFormula(constant: frames.values[0])
            else { continue }
            kept[property] = (first, formula)
          }
          let value = segments(of: cut, formulas: kept, entry.node).first {
            $0.layer == entry.segment.layer && $0.keyPath == entry.segment.keyPath
          }
          keyframes.append(stop, value?.to ?? entry.segment.to)
        } else {
          keyframes.append(min(end, plan.duration), entry.segment.to)
        }
        let path = path(of: track)
        if !keyframes.paths.contains(path) { keyframes.paths.append(path) }
      }
      if let last = keyframes.values.last, (keyframes.times.last ?? 0) < plan.duration {
        keyframes.append(plan.duration, last)
      }
      result.append(keyframes)
    }
    // Hero's arcs: each bow added to its target's translation, at every frame's time.
    for (index, track, _) in layout.perTrack {
      guard let node = node(for: track.target), let bow = arcSamples(of: track) else { continue }
      for axis in ["x", "y"] {
        var keyframes = KeyframeTrack(layer: node.layer, keyPath: "transform.translation.\(axis)")
        keyframes.additive = true
        keyframes.paths = [path(of: track) + ".arc"]
        if axis == "x" { keyframes.declaration = "let arc\(index) = \(app.point(bow.k.x, bow.k.y))" }
        for (time, weight) in zip(bow.times, bow.weights) {
          keyframes.append(
            track.delay + time * track.duration,
            weight == 0 ? "0" : "arc\(index).\(axis) * \(SwiftLiteral.number(weight))")
        }
        if let last = keyframes.values.last, (keyframes.times.last ?? 0) < plan.duration {
          keyframes.append(plan.duration, last)
        }
        if (keyframes.times.first ?? 0) > 0, let first = keyframes.values.first {
          keyframes.times.insert(0, at: 0)
          keyframes.values.insert(first, at: 0)
        }
        result.append(keyframes)
      }
    }
    for node in nodes {
      guard case .morph(let morph, _, _) = node.kind else { continue }
      for line in morphLines(node) {
        var keyframes = KeyframeTrack(layer: line.layer, keyPath: line.keyPath)
        keyframes.append(0, line.from)
        keyframes.append(morph.delay, line.from)
        keyframes.append(morph.delay + morph.duration, line.to)
        keyframes.append(plan.duration, line.to)
        keyframes.paths = ["transition.match (\"\(morph.id)\")"]
        result.append(keyframes)
      }
    }
    return result
  }

  /// The interaction's driver class: `update(_:)`, `finish()` and `cancel()` on the animator's
  /// timeline, with the scene's completion curve and speed.
  func writeInteraction(_ source: inout SwiftSource) {
    guard let interaction = scene.interaction else { return }
    source.comment(
      "Drives \(typeName) from a gesture, as UIKit's `UIPercentDrivenInteractiveTransition` does: `update(_:)` while "
        + "the finger moves, then `finish()` or `cancel()`, which run the rest with the scene's completion curve and "
        + "speed. The scene records one such gesture, which \(interaction.release == .finish ? "finishes" : "cancels")."
        + " Hand it to the delegate's `interaction` when a gesture starts the transition.", doc: true)
    source.block(
      "public final class \(interactionName): NSObject, UIViewControllerInteractiveTransitioning {"
    ) { source in
      source.comment(
        "After `finish()` or `cancel()`, the rest runs this many times faster than the timeline.", doc: true)
      source.line("public var completionSpeed: CGFloat = \(typeName).completionSpeed")
      source.comment("The curve of the rest after `finish()` or `cancel()`.", doc: true)
      source.line("public var timingCurve: UICubicTimingParameters = \(typeName).completionCurve")
      source.comment("How far the transition is, from 0 to 1.", doc: true)
      source.line("public private(set) var percentComplete: CGFloat = 0")
      source.comment("The animator UIKit runs, handed over by the delegate.", doc: true)
      source.line("public var animator: \(typeName)?")
      source.line("private var context: (any UIViewControllerContextTransitioning)?")
      source.line("private var timeline: TimelineAnimator?")
      source.line()
      source.block(
        "public func startInteractiveTransition(_ transitionContext: any UIViewControllerContextTransitioning) {"
      ) { source in
        source.line("context = transitionContext")
        source.block("guard let animator else {") { source in
          source.line("print(\"\\(Self.self): no animator to drive; the transition is cancelled\")")
          source.line("transitionContext.cancelInteractiveTransition()")
          source.line("transitionContext.completeTransition(false)")
          source.line("return")
        }
        source.line("let timeline = animator.interactiveTimeline(using: transitionContext)")
        source.line("timeline.fractionComplete = percentComplete")
        source.line("self.timeline = timeline")
      }
      source.line()
      source.comment("Moves the transition to `percentComplete` (0 to 1) of its timeline.", doc: true)
      source.block("public func update(_ percentComplete: CGFloat) {") { source in
        source.line("self.percentComplete = min(max(percentComplete, 0), 1)")
        source.line("timeline?.fractionComplete = self.percentComplete")
        source.line("context?.updateInteractiveTransition(self.percentComplete)")
      }
      source.line()
      source.comment("Runs the rest of the transition to its end.", doc: true)
      source.block("public func finish() {") { source in
        source.line("context?.finishInteractiveTransition()")
        source.line("complete(reversed: false)")
      }
      source.line()
      source.comment("Runs the transition back to its start: the app's views end as they were.", doc: true)
      source.block("public func cancel() {") { source in
        source.line("context?.cancelInteractiveTransition()")
        source.line("complete(reversed: true)")
      }
      source.line()
      source.block("private func complete(reversed: Bool) {") { source in
        source.line("guard let timeline else { return }")
        source.line("timeline.isReversed = reversed")
        source.line(
          "timeline.continueAnimation(withTimingParameters: timingCurve, durationFactor: 1 / completionSpeed)")
        source.line("self.timeline = nil")
        source.line("context = nil")
      }
    }
  }

  /// The interaction driver's class name: `CustomCardSwipeInteraction`.
  var interactionName: String {
    String(typeName.dropLast("Animator".count)) + "Interaction"
  }
}
