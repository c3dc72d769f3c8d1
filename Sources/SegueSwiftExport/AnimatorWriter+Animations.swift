import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  /// One key path of one layer animated by one of the scene's animations.
  struct Segment {
    let layer: String
    let keyPath: String
    let from: String
    let to: String
  }

  /// The animations as they are written: each track's key paths, which of them move, and when
  /// each key path's animations start.
  struct Layout {
    var perTrack: [(index: Int, track: MotionPlan.Track, segments: [Segment])] = []
    /// `layer keyPath` of every key path some animation moves.
    var moving = Set<String>()
    /// The delays of each key path's animations, in the order they start.
    var delays: [String: [Double]] = [:]
    /// The completion comes when the last animation ends: when that is before the timeline's end
    /// (the animations that would end last were taken over earlier), a layer keeps time.
    var needsClock = false
  }

  var layout: Layout {
    var layout = Layout()
    let ordered = plan.tracks.enumerated().sorted { ($0.element.delay, $0.offset) < ($1.element.delay, $1.offset) }
    for (index, track) in ordered {
      guard let node = node(for: track.target) else { continue }
      layout.perTrack.append((index, track, segments(of: track, node)))
    }
    // A key path whose every animation holds the value the layer starts with moves nothing.
    for (_, track, segments) in layout.perTrack {
      guard let node = node(for: track.target) else { continue }
      let model = modelValues(of: node)
      let keyframes = keyframeSegments(of: track, node)
      for segment in segments {
        let key = segment.layer + " " + segment.keyPath
        let passes = keyframes[key]?.values.contains { $0 != segment.from } ?? false
        if segment.from != segment.to || model[segment.keyPath] != segment.from || passes { layout.moving.insert(key) }
      }
    }
    for (_, track, segments) in layout.perTrack {
      for segment in segments where layout.moving.contains(segment.layer + " " + segment.keyPath) {
        layout.delays[segment.layer + " " + segment.keyPath, default: []].append(track.delay)
      }
    }
    var lastEnd = 0.0
    var seen: [String: Int] = [:]
    for (_, track, segments) in layout.perTrack {
      for segment in segments where layout.moving.contains(segment.layer + " " + segment.keyPath) {
        let key = segment.layer + " " + segment.keyPath
        let count = seen[key, default: 0]
        seen[key] = count + 1
        let following = layout.delays[key] ?? []
        let next = count + 1 < following.count ? following[count + 1] : .infinity
        lastEnd = max(lastEnd, min(track.delay + track.duration, next))
      }
    }
    for morph in plan.morphs { lastEnd = max(lastEnd, morph.delay + morph.duration) }
    layout.needsClock = lastEnd < plan.duration - 1e-9
    return layout
  }

  /// The scene's animations in the order they start, each as explicit Core Animation animations
  /// with its timing; then the matched layers'.
  func writeAnimations(_ layout: Layout, _ source: inout SwiftSource) {
    source.line("let start = container.layer.convertTime(CACurrentMediaTime(), from: nil)")
    let (perTrack, moving, delays) = (layout.perTrack, layout.moving, layout.delays)
    if layout.needsClock {
      source.line("let length = CABasicAnimation(keyPath: \"opacity\")")
      source.line("length.fromValue = 1")
      source.line("length.toValue = 1")
      source.line("length.beginTime = start")
      source.line("length.duration = Self.duration")
      source.line("clock.add(length, forKey: nil)")
    }
    var added: [String: Int] = [:]
    var turns: [(index: Int, segment: Segment)] = []
    /// One key path's animation: from and to, or through `keyframes`; the first of its key path
    /// shows its start before it begins, and each holds until the key path's next one starts.
    func add(
      _ segment: Segment, _ index: Int, keyframes: (values: [String], times: [Double], mode: String)? = nil,
      _ source: inout SwiftSource
    ) {
      let key = segment.layer + " " + segment.keyPath
      let count = added[key, default: 0]
      added[key] = count + 1
      let following = delays[key] ?? []
      let next = count + 1 < following.count ? ", next: \(SwiftLiteral.number(following[count + 1]))" : ""
      let values =
        keyframes.map { frames in
          "values: [" + frames.values.joined(separator: ", ") + "], times: ["
            + frames.times.map(SwiftLiteral.number).joined(separator: ", ") + "], mode: .\(frames.mode)"
        } ?? "from: \(segment.from), to: \(segment.to)"
      source.line(
        "Self.animate(\(segment.layer), \(SwiftLiteral.string(segment.keyPath)), \(values), timing\(index), "
          + "start: start, first: \(count == 0)\(next))")
    }
    for (index, track, segments) in perTrack {
      let kept = segments.filter { moving.contains($0.layer + " " + $0.keyPath) }
      guard !kept.isEmpty else { continue }
      let timing = ExportTiming(
        delay: track.delay, duration: track.duration, curve: track.curve, easing: track.easing)
      source.line()
      source.comment("\(path(of: track)) (\(track.target)): \(timing.summary)")
      source.line("let timing\(index) = \(timing.expression)")
      let keyframes = node(for: track.target).map { keyframeSegments(of: track, $0) } ?? [:]
      if let node = node(for: track.target), laysOut(node), let frames = track.formulas[.frame],
        case .rect(let a) = frames.from, case .rect(let b) = frames.to
      {
        source.comment("Laid out while it resizes: its subviews move from their places at one size to the other's.")
        source.line(
          "Self.layOut(\(node.name), from: \(app.size(a.width, a.height)), to: \(app.size(b.width, b.height)), "
            + "timing\(index), start: start)")
      }
      for segment in kept {
        if let frames = keyframes[segment.layer + " " + segment.keyPath] {
          add(segment, index, keyframes: frames, &source)
        } else if segment.keyPath.hasPrefix("transform.rotation") {
          turns.append((index, segment))
        } else {
          add(segment, index, &source)
        }
      }
    }
    if !turns.isEmpty {
      source.line()
      source.comment(
        "The turns last: Core Animation composes a layer's transform key paths by taking its transform apart, "
          + "which these leave out of the other key paths' way.")
      for (index, segment) in turns { add(segment, index, &source) }
    }
    for (index, track, _) in perTrack {
      guard let node = node(for: track.target), let bow = arcSamples(of: track) else { continue }
      source.line()
      source.comment(
        "Hero's arc of \(path(of: track)) (\(track.target)): the bow 2q(1 − q)·K added to its translation, at each "
          + "frame the scene draws (q on its curve, so the key times are linear).")
      source.line("let arc\(index) = \(app.point(bow.k.x, bow.k.y))")
      source.line(
        "let arcTiming\(index) = Timing(delay: \(SwiftLiteral.number(track.delay)), duration: "
          + "\(SwiftLiteral.number(track.duration)), curve: .named(.linear))")
      source.line(
        "let arcWeights\(index): [CGFloat] = [\(bow.weights.map(SwiftLiteral.number).joined(separator: ", "))]")
      let times = bow.times.map(SwiftLiteral.number).joined(separator: ", ")
      for axis in ["x", "y"] {
        source.line(
          "Self.animate(\(node.layer), \"transform.translation.\(axis)\", values: arcWeights\(index).map { $0 * arc\(index).\(axis) }, "
            + "times: [\(times)], mode: .linear, arcTiming\(index), start: start, first: true, additive: true)")
      }
    }
    for node in nodes {
      guard case .morph(let morph, _, _) = node.kind else { continue }
      let timing = ExportTiming(delay: morph.delay, duration: morph.duration, curve: morph.curve, easing: morph.easing)
      let name = node.name + "Timing"
      source.line()
      source.comment("The matched \"\(morph.id)\": \(timing.summary)")
      source.line("let \(name) = \(timing.expression)")
      for line in morphLines(node) {
        source.line(
          "Self.animate(\(line.layer), \(SwiftLiteral.string(line.keyPath)), from: \(line.from), to: \(line.to), "
            + "\(name), start: start, first: true)")
      }
    }
  }

  /// A keyframe animation's values and key times for each key path it moves (`layer keyPath`),
  /// as Swift, and the calculation mode Core Animation is given: paced key times are written
  /// out (the linear or cubic mode at those times), so the app plays exactly the times Segue
  /// draws.
  func keyframeSegments(of track: MotionPlan.Track, _ node: ExportNode) -> [String: (
    values: [String], times: [Double], mode: String
  )] {
    var result: [String: (values: [String], times: [Double], mode: String)] = [:]
    for (property, frames) in track.keyframes {
      let mode = frames.calculation.isCubic ? "cubic" : frames.calculation == .discrete ? "discrete" : "linear"
      for (value, formula) in zip(frames.values, frames.formulas) {
        let formulas = formula.map { [property: (from: $0, to: $0)] } ?? [:]
        for segment in segments(of: [property: (value, value)], formulas: formulas, node) {
          let key = segment.layer + " " + segment.keyPath
          result[key, default: ([], frames.times, mode)].values.append(segment.to)
        }
      }
    }
    return result
  }

  /// Hero's arc of a track as the animator adds it: K as formulas, and the bow's weight
  /// w = 2q(1 − q) at key times (fractions of the track) at its start, at every time the scene
  /// draws a frame while it runs, and at its end. The time of a frame is t (a plain transition)
  /// or p·D (an interactive one, whose q is linear in it), so the animator's linear keyframes
  /// are exact at every frame.
  func arcSamples(of track: MotionPlan.Track) -> (k: (x: Measure, y: Measure), times: [Double], weights: [Double])? {
    guard let k = track.arcFormula, track.duration > 0 else { return nil }
    let timeline = MotionTimeline(plan: plan, fps: scene.fps, interaction: scene.interaction)
    var times = [track.delay, track.delay + track.duration]
    for index in 0..<max(0, timeline.frameCount - 1) {
      let frame = timeline.frame(index)
      let time: Double
      switch frame.moment {
      case .time(let t): time = t
      case .scrub(let p): time = p * plan.duration
      case .start, .end: continue
      }
      if time > track.delay, time < track.delay + track.duration { times.append(time) }
    }
    times = Array(Set(times)).sorted()
    let weights = times.map { time -> Double in
      let q =
        scene.interaction == nil
        ? track.easing.progress(at: time - track.delay) : min(1, max(0, (time - track.delay) / track.duration))
      return 2 * q * (1 - q)
    }
    return (k, times.map { ($0 - track.delay) / track.duration }, weights)
  }

  /// The key paths a matched layer's morph moves: its outline's size, place, corners and
  /// opacity, both snapshots' size and place inside it, and the incoming one fading in.
  func morphLines(_ node: ExportNode) -> [Segment] {
    guard case .morph(_, let from, let to) = node.kind, let geometry = morphGeometry(node) else { return [] }
    let (a, b) = (geometry.from, geometry.to)
    let number = SwiftLiteral.number
    func middle(_ rect: MeasuredRect) -> String { app.point(rect.x + rect.width * 0.5, rect.y + rect.height * 0.5) }
    func inside(_ rect: MeasuredRect) -> String { app.point(rect.width * 0.5, rect.height * 0.5) }
    var lines: [(String, String, String, String)] = [
      (node.layer, "bounds.size", app.size(a.width, a.height), app.size(b.width, b.height)),
      (node.layer, "position", middle(a), middle(b)),
      (node.layer, "cornerRadius", app.swift(geometry.fromRadius), app.swift(geometry.toRadius)),
      (node.layer, "opacity", number(from.opacity), number(to.opacity)),
    ]
    for part in ["From", "To"] {
      lines.append(
        ("\(node.name)\(part).layer", "bounds.size", app.size(a.width, a.height), app.size(b.width, b.height)))
      lines.append(("\(node.name)\(part).layer", "position", inside(a), inside(b)))
    }
    // The content is (1 − q)·A + q·B: B fades in over A.
    lines.append(("\(node.name)To.layer", "opacity", "0", "1"))
    return lines.map { Segment(layer: $0.0, keyPath: $0.1, from: $0.2, to: $0.3) }
  }

  /// The key paths one animation moves on its node, with their values as Swift.
  func segments(of track: MotionPlan.Track, _ node: ExportNode) -> [Segment] {
    segments(of: track.values, formulas: track.formulas, node)
  }

  /// The key paths that `values` (an animation's from and to of each property, with their
  /// formulas) move on a node.
  func segments(
    of values: [AnimatableProperty: (from: PropertyValue, to: PropertyValue)],
    formulas: [AnimatableProperty: (from: PropertyFormula, to: PropertyFormula)], _ node: ExportNode
  ) -> [Segment] {
    var segments: [Segment] = []
    let layer = node.layer
    for property in AnimatableProperty.allCases {
      guard let written = values[property] else { continue }
      var (from, to) = written
      if property == .mask, case .mask(let a?) = from, case .mask(let b?) = to {
        segments.append(
          Segment(
            layer: "\(node.name)Mask", keyPath: "path", from: maskPath(a, formulas[.mask]?.from),
            to: maskPath(b, formulas[.mask]?.to)))
        continue
      }
      if property == .shadow, case .shadow(let a) = from, case .shadow(let b) = to {
        // No shadow is the other end's shadow at opacity 0 (it fades in or out).
        guard let shown = a ?? b else { continue }
        var clear = shown
        clear.opacity = 0
        (from, to) = (.shadow(a ?? clear), .shadow(b ?? clear))
      }
      guard let a = keyPathValues(property, from, formulas[property]?.from),
        let b = keyPathValues(property, to, formulas[property]?.to)
      else { continue }
      for (start, end) in zip(a, b) {
        segments.append(Segment(layer: layer, keyPath: start.keyPath, from: start.swift, to: end.swift))
      }
    }
    // position = frame.origin + anchor·size: with the frame when the anchor holds, or with the
    // anchor when the frame holds.
    if let target = node.target, values[.frame] != nil || values[.anchor] != nil {
      let constantAnchor = anchorFormula(of: target)
      let initialFrame = plan.initialFormula(.frame, of: target)
      let frames =
        formulas[.frame].map { ($0.from, $0.to) } ?? initialFrame.map { ($0, $0) }
      let initialAnchor = plan.initialFormula(.anchor, of: target)
      let anchors: (PropertyFormula, PropertyFormula)? =
        constantAnchor.map { (PropertyFormula.point($0.x, $0.y), .point($0.x, $0.y)) }
        ?? formulas[.anchor].map { ($0.from, $0.to) } ?? initialAnchor.map { ($0, $0) }
      if let frames, let anchors, case .rect(let f0) = frames.0, case .rect(let f1) = frames.1,
        case .point(let ax0, let ay0) = anchors.0, case .point(let ax1, let ay1) = anchors.1
      {
        let p0 = Self.position(f0, (ax0, ay0))
        let p1 = Self.position(f1, (ax1, ay1))
        segments.append(
          Segment(layer: layer, keyPath: "position", from: app.point(p0.x, p0.y), to: app.point(p1.x, p1.y)))
      }
      if constantAnchor != nil { segments.removeAll { $0.keyPath == "anchorPoint" } }
    }
    if keepsBounds(node), let (from, to) = values[.frame],
      let a = Self.measuredRect(formulas[.frame]?.from, from), let b = Self.measuredRect(formulas[.frame]?.to, to)
    {
      segments.removeAll { $0.layer == layer && $0.keyPath == "bounds.size" }
      segments += keptBoundsScale(from: a, to: b, node)
    }
    // What is inside a node that stretches is in its points at its first size C: at size B it is
    // scaled by B ÷ C. B is a + (b − a)·q along an animation of its bounds from a to b, so the
    // scale a ÷ C + (b − a) ÷ C·q is the same animation of the content view's scale, from a ÷ C
    // to b ÷ C with the same timing (a spring's q alike): exact at every moment.
    if stretching.contains(node.name) {
      for segment in segments where segment.layer == layer && segment.keyPath == "bounds.size" {
        for (axis, side) in [("x", "width"), ("y", "height")] {
          segments.append(
            Segment(
              layer: "\(node.name)Content.layer", keyPath: "transform.scale.\(axis)",
              from: "\(segment.from).\(side) / \(node.name)ContentSize.\(side)",
              to: "\(segment.to).\(side) / \(node.name)ContentSize.\(side)"))
        }
      }
    }
    return segments
  }

  /// The value each key path of a node's layer starts with, as Swift (as `writeStart` sets it).
  func modelValues(of node: ExportNode) -> [String: String] {
    guard let target = node.target else { return [:] }
    var values: [String: String] = [:]
    for property in AnimatableProperty.allCases {
      let value = plan.initial(property, of: target)
      for (keyPath, swift) in keyPathValues(property, value, plan.initialFormula(property, of: target)) ?? [] {
        values[keyPath] = swift
      }
    }
    if case .rect(let frame)? = plan.initialFormula(.frame, of: target) {
      let anchor = anchorFormula(of: target) ?? (.constant(0.5), .constant(0.5))
      let position = Self.position(frame, anchor)
      values["position"] = app.point(position.x, position.y)
      values["anchorPoint"] = app.point(anchor.x, anchor.y)
      if keepsBounds(node) {
        values["bounds.size"] = "\(node.name)Kept"
        for segment in keptBoundsScale(from: frame, to: frame, node) { values[segment.keyPath] = segment.from }
      }
    }
    return values
  }
}
