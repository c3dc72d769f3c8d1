#if canImport(UIKit)
  import UIKit

  /// Reads the Core Animation objects seen on a target's layer as `StructuredChannel`s: each
  /// `CABasicAnimation` (UIKit's additive ones included) and `CASpringAnimation` of a key path a
  /// scene property holds, with its begin time, duration, curve and values, and the steps where
  /// Core Animation shows the model instead.
  @MainActor
  enum AnimationReading {
    /// The scene property a key path animates (nil: one the channels do not read).
    static func property(of keyPath: String) -> String? {
      switch keyPath {
      case "opacity": return "opacity"
      case "cornerRadius": return "cornerRadius"
      case "backgroundColor": return "color"
      case "position", "bounds", "bounds.size", "bounds.origin": return "frame"
      default: return nil
      }
    }

    /// One animation's effect on a property: from and to, and how it runs.
    fileprivate struct Part {
      var property: String
      var keyPath: String
      var begin: Double
      var duration: Double
      var curve: StructuredChannel.Curve
      var from: [Double]
      var to: [Double]
      /// A keyframe animation's key times and values (`from` the first, `to` the last).
      var keyframes: StructuredChannel.Keyframes? = nil
      /// Whether Core Animation shows `from` before the begin, and keeps the last value after.
      var fillsBackwards: Bool
      var holdsAfter: Bool
      var observed: ObservedAnimation
    }

    /// The channels of the track's properties whose every animation reads, each checked against
    /// `samples` (the property's value at each time, as numbers) within `tolerance` (by
    /// property); properties that do not read or do not match are left to the samples.
    ///
    /// `afterLast` is the property's value once its animations have ended, for a time past every
    /// sample (a view the completion block took out is read without its last sample, whose
    /// frame its animations then give): nil takes the last sample.
    static func channels(
      _ track: ViewTrack, times: [Double], samples: (String, Int) -> [Double]?, tolerance: (String) -> Double,
      afterLast: ((String) -> [Double]?)? = nil
    ) -> [String: StructuredChannel] {
      /// What Core Animation shows of the property at the first sample at or after `time` (once
      /// an animation that keeps nothing has ended: the model, or nothing at all for a view gone).
      func model(_ property: String, _ time: Double) -> [Double]? {
        if let afterLast, !times.contains(where: { $0 >= time - 1e-9 }) { return afterLast(property) }
        guard let index = times.firstIndex(where: { $0 >= time - 1e-9 }) ?? times.indices.last else { return nil }
        return samples(property, index)
      }
      var parts: [String: [Part]] = [:]
      var unreadable: Set<String> = []
      for observed in track.observed {
        for (keyPath, property) in keyPaths(observed.animation) {
          guard let part = read(observed, keyPath: keyPath, property: property) else {
            unreadable.insert(property)
            continue
          }
          if part.property == "none" { continue }
          parts[property, default: []].append(part)
        }
      }
      var channels: [String: StructuredChannel] = [:]
      for (property, list) in parts where !unreadable.contains(property) {
        guard var channel = channel(property, merged(list), samples: samples, model: model) else { continue }
        channel.settle(times: times, samples: { samples(property, $0) }, tolerance: tolerance(property))
        let matches = times.indices.allSatisfy { index in
          guard let sample = samples(property, index) else { return false }
          let value = channel.value(at: times[index])
          return value.count == sample.count
            && zip(value, sample).allSatisfy { abs($0 - $1) <= tolerance(property) }
        }
        if matches { channels[property] = channel }
      }
      return channels
    }

    /// The key paths an animation changes, with the property each is: nil properties are ones
    /// the channels do not read (the property itself then stays samples).
    private static func keyPaths(_ animation: CAAnimation) -> [(String, String)] {
      guard let property = animation as? CAPropertyAnimation, let keyPath = property.keyPath else { return [] }
      if let mapped = AnimationReading.property(of: keyPath) { return [(keyPath, mapped)] }
      if keyPath.hasPrefix("position.") || keyPath.hasPrefix("bounds.") { return [(keyPath, "frame")] }
      if keyPath == "transform" || keyPath.hasPrefix("transform.") { return [(keyPath, "transform")] }
      if keyPath.hasPrefix("shadow") { return [(keyPath, "shadow")] }
      return []
    }

    /// One animation as a part of its property's channel; nil when it cannot be read as one (a
    /// repeat, a reversal, its own speed or offset, `byValue`, values of another kind); a part
    /// of property "none" when it changes nothing (UIKit's additive `bounds.origin` of zeros).
    private static func read(_ observed: ObservedAnimation, keyPath: String, property: String) -> Part? {
      if let keyframed = observed.animation as? CAKeyframeAnimation {
        return readKeyframes(keyframed, observed, keyPath: keyPath, property: property)
      }
      guard let basic = observed.animation as? CABasicAnimation, plain(basic),
        ["opacity", "cornerRadius", "color", "frame"].contains(property)
      else { return nil }
      guard let (duration, curve) = timing(basic, layer: observed.model) else { return nil }
      let model = observed.modelAtStart
      guard let base = modelValue(keyPath, model) else { return nil }
      func value(_ given: Any?) -> [Double]? {
        guard let given else { return base }
        guard let numbers = numbers(given, keyPath: keyPath), numbers.count == base.count else { return nil }
        return basic.isAdditive ? zip(base, numbers).map(+) : numbers
      }
      guard let from = value(basic.fromValue), let to = value(basic.toValue) else { return nil }
      if keyPath == "bounds.origin" {
        // UIKit's additive bounds.origin of an unchanged origin moves nothing.
        return from == base && to == base ? Part.none(observed) : nil
      }
      let fills = basic.fillMode == .backwards || basic.fillMode == .both
      let holds = !basic.isRemovedOnCompletion && (basic.fillMode == .forwards || basic.fillMode == .both)
      return Part(
        property: property, keyPath: keyPath, begin: observed.begin, duration: duration, curve: curve, from: from,
        to: to, fillsBackwards: fills, holdsAfter: holds, observed: observed)
    }

    /// A `CAKeyframeAnimation` of a number, a point or a size (`values`, `keyTimes`, linear or
    /// discrete), one curve over the whole (per-segment `timingFunctions` all linear, or none), no
    /// `path`: a part whose segment has keyframes. Nil for anything else.
    private static func readKeyframes(
      _ animation: CAKeyframeAnimation, _ observed: ObservedAnimation, keyPath: String, property: String
    ) -> Part? {
      guard ["opacity", "cornerRadius", "color", "frame"].contains(property), keyPath != "bounds.origin",
        animation.path == nil, animation.repeatCount == 0, animation.repeatDuration == 0, !animation.autoreverses,
        animation.speed == 1, animation.timeOffset == 0, !animation.isCumulative,
        animation.calculationMode == .linear || animation.calculationMode == .discrete,
        let values = animation.values, values.count >= 2,
        abs(observed.model.convertTime(1, from: nil) - observed.model.convertTime(0, from: nil) - 1) < 1e-9
      else { return nil }
      let linear = CAMediaTimingFunction(name: .linear)
      for function in animation.timingFunctions ?? [] {
        var (a, b, c, d): ([Float], [Float], [Float], [Float]) = ([0, 0], [0, 0], [0, 0], [0, 0])
        function.getControlPoint(at: 1, values: &a)
        function.getControlPoint(at: 2, values: &b)
        linear.getControlPoint(at: 1, values: &c)
        linear.getControlPoint(at: 2, values: &d)
        guard a[0] == a[1], b[0] == b[1] || (a == c && b == d) else { return nil }
      }
      guard let base = modelValue(keyPath, observed.modelAtStart) else { return nil }
      var numbersList: [[Double]] = []
      for value in values {
        guard let numbers = numbers(value, keyPath: keyPath), numbers.count == base.count else { return nil }
        numbersList.append(animation.isAdditive ? zip(base, numbers).map(+) : numbers)
      }
      let times =
        animation.keyTimes?.map(\.doubleValue)
        ?? (0..<values.count).map { Double($0) / Double(values.count - 1) }
      guard times.count == values.count, times.first == 0, times.last == 1,
        zip(times, times.dropFirst()).allSatisfy({ $0 < $1 })
      else { return nil }
      let duration = animation.duration > 0 ? animation.duration : 0.25
      var curve = StructuredChannel.Curve.bezier(0, 0, 1, 1)
      if let timing = animation.timingFunction {
        var (first, second): ([Float], [Float]) = ([0, 0], [0, 0])
        timing.getControlPoint(at: 1, values: &first)
        timing.getControlPoint(at: 2, values: &second)
        curve = .bezier(Double(first[0]), Double(first[1]), Double(second[0]), Double(second[1]))
      }
      // A frame's values: the key path's, as the frame they make with the model's other part.
      var frames = numbersList
      if property == "frame" {
        let model = observed.modelAtStart
        let anchor = model.anchor
        frames = numbersList.map { numbers in
          switch keyPath {
          case "position":
            return [
              numbers[0] - anchor[0] * model.frame[2], numbers[1] - anchor[1] * model.frame[3], model.frame[2],
              model.frame[3],
            ]
          case "bounds.size":
            let position = [model.frame[0] + anchor[0] * model.frame[2], model.frame[1] + anchor[1] * model.frame[3]]
            return [position[0] - anchor[0] * numbers[0], position[1] - anchor[1] * numbers[1], numbers[0], numbers[1]]
          default: return []
          }
        }
        guard frames.allSatisfy({ $0.count == 4 }) else { return nil }
      }
      let fills = animation.fillMode == .backwards || animation.fillMode == .both
      let holds = !animation.isRemovedOnCompletion && (animation.fillMode == .forwards || animation.fillMode == .both)
      return Part(
        property: property, keyPath: "keyframes:" + keyPath, begin: observed.begin, duration: duration, curve: curve,
        from: frames[0], to: frames[frames.count - 1],
        keyframes: StructuredChannel.Keyframes(
          times: times, values: frames, discrete: animation.calculationMode == .discrete),
        fillsBackwards: fills, holdsAfter: holds, observed: observed)
    }

    /// An animation's duration and curve: its timing function's control points (linear without
    /// one) or its spring; nil where it cannot be one of a scene's (a layer whose clock runs at
    /// another pace, an overdamped spring).
    static func timing(_ basic: CABasicAnimation, layer: CALayer) -> (Double, StructuredChannel.Curve)? {
      guard abs(layer.convertTime(1, from: nil) - layer.convertTime(0, from: nil) - 1) < 1e-9 else { return nil }
      let duration = basic.duration > 0 ? basic.duration : 0.25
      if let spring = basic as? CASpringAnimation {
        if #available(iOS 17.0, *), spring.allowsOverdamping,
          spring.damping > 2 * (spring.stiffness * spring.mass).squareRoot()
        {
          return nil
        }
        return (
          duration,
          .spring(
            mass: Double(spring.mass), stiffness: Double(spring.stiffness), damping: Double(spring.damping),
            velocity: Double(spring.initialVelocity))
        )
      }
      guard let timing = basic.timingFunction else { return (duration, .bezier(0, 0, 1, 1)) }
      var first: [Float] = [0, 0]
      var second: [Float] = [0, 0]
      timing.getControlPoint(at: 1, values: &first)
      timing.getControlPoint(at: 2, values: &second)
      return (duration, .bezier(Double(first[0]), Double(first[1]), Double(second[0]), Double(second[1])))
    }

    /// Whether an animation's timing is a scene's: no repeat, reversal, speed or offset of its
    /// own, and values from and to (no `byValue`).
    static func plain(_ basic: CABasicAnimation) -> Bool {
      basic.repeatCount == 0 && basic.repeatDuration == 0 && !basic.autoreverses && basic.speed == 1
        && basic.timeOffset == 0 && basic.byValue == nil && !basic.isCumulative && basic.valueFunction == nil
    }

    /// The model's value of a key path as numbers: a point, a size, a rect, a number, a colour.
    private static func modelValue(_ keyPath: String, _ model: LayerValues) -> [Double]? {
      let (frame, anchor) = (model.frame, model.anchor)
      switch keyPath {
      case "opacity": return [model.opacity]
      case "cornerRadius": return [model.cornerRadius]
      case "backgroundColor": return model.color ?? [0, 0, 0, 0]
      case "position": return [frame[0] + anchor[0] * frame[2], frame[1] + anchor[1] * frame[3]]
      case "bounds.size": return [frame[2], frame[3]]
      case "bounds.origin": return [0, 0]
      case "bounds": return [0, 0, frame[2], frame[3]]
      default: return nil
      }
    }

    /// A Core Animation value as numbers of the key path's kind.
    private static func numbers(_ value: Any, keyPath: String) -> [Double]? {
      switch keyPath {
      case "opacity", "cornerRadius":
        if let number = value as? NSNumber { return [number.doubleValue] }
        if let number = value as? CGFloat { return [Double(number)] }
        if let number = value as? Double { return [number] }
        if let number = value as? Float { return [Double(number)] }
        return nil
      case "backgroundColor":
        return ContentNode.cgColor(value).flatMap(LayerValues.components)
      case "position", "bounds.origin":
        return (value as? CGPoint).map { [Double($0.x), Double($0.y)] }
      case "bounds.size":
        return (value as? CGSize).map { [Double($0.width), Double($0.height)] }
      case "bounds":
        return (value as? CGRect).map { [Double($0.minX), Double($0.minY), Double($0.width), Double($0.height)] }
      default: return nil
      }
    }

    /// Parts of one property that run together (the same begin, duration and curve: UIKit's
    /// `position` and `bounds.size` of one `frame` change) as one.
    private static func merged(_ parts: [Part]) -> [[Part]] {
      var groups: [[Part]] = []
      for part in parts.sorted(by: { $0.begin < $1.begin }) {
        if let index = groups.firstIndex(where: {
          abs($0[0].begin - part.begin) < 1e-9 && $0[0].duration == part.duration && $0[0].curve == part.curve
            && !$0.contains { $0.keyPath == part.keyPath }
        }) {
          groups[index].append(part)
        } else {
          groups.append([part])
        }
      }
      return groups
    }

    /// The channel of one property from its groups of parts, in time order, with the steps to
    /// the model where Core Animation shows it; nil where two overlap.
    private static func channel(
      _ property: String, _ groups: [[Part]], samples: (String, Int) -> [Double]?,
      model: (String, Double) -> [Double]?
    ) -> StructuredChannel? {
      var segments: [StructuredChannel.Segment] = []
      for (index, group) in groups.enumerated() {
        let first = group[0]
        guard let (from, to) = values(property, group) else { return nil }
        if let previous = segments.last,
          previous.begin + (previous.curve == .step ? 0 : previous.duration) > first.begin + 1e-9
        {
          return nil
        }
        if index == 0, !first.fillsBackwards, first.begin > 1e-9, let start = samples(property, 0), start != from {
          // Before it begins Core Animation shows the model.
          segments.append(.init(begin: 0, duration: 0, curve: .step, from: start, to: start))
        }
        if first.keyframes != nil, group.count > 1 { return nil }
        segments.append(
          .init(
            begin: first.begin, duration: first.duration, curve: first.curve, from: from, to: to,
            keyframes: first.keyframes))
        if !group.allSatisfy(\.holdsAfter) {
          // After it ends, the model: what the app set (UIKit's `to`; an explicit animation's
          // layer as it was). A spring cut by its duration jumps there too.
          guard let after = model(property, first.begin + first.duration) else { return nil }
          // The step is written as the last microsecond of the animation, so it never makes the
          // timeline longer than the recording; none where the animation ends there anyway.
          let end = first.begin + first.duration
          if StructuredChannel(segments: segments).value(at: end) != after {
            segments.append(.init(begin: end - 1e-6, duration: 0, curve: .step, from: after, to: after))
          }
        }
      }
      return segments.isEmpty ? nil : StructuredChannel(segments: segments)
    }

    /// A group's from and to as the property's value: for a frame, x, y, width, height from the
    /// position and size each part gives (the model's where none does).
    private static func values(_ property: String, _ group: [Part]) -> ([Double], [Double])? {
      guard property == "frame", group[0].keyframes == nil else {
        return group.count == 1 ? (group[0].from, group[0].to) : nil
      }
      let model = group[0].observed.modelAtStart
      let anchor = model.anchor
      var position = (
        from: [model.frame[0] + anchor[0] * model.frame[2], model.frame[1] + anchor[1] * model.frame[3]], to: [Double]()
      )
      position.to = position.from
      var size = (from: [model.frame[2], model.frame[3]], to: [model.frame[2], model.frame[3]])
      for part in group {
        switch part.keyPath {
        case "position": position = (part.from, part.to)
        case "bounds.size": size = (part.from, part.to)
        case "bounds":
          guard part.from[0] == 0, part.from[1] == 0, part.to[0] == 0, part.to[1] == 0 else { return nil }
          size = (Array(part.from[2...]), Array(part.to[2...]))
        default: return nil
        }
      }
      func frame(_ p: [Double], _ s: [Double]) -> [Double] {
        [p[0] - anchor[0] * s[0], p[1] - anchor[1] * s[1], s[0], s[1]]
      }
      return (frame(position.from, size.from), frame(position.to, size.to))
    }

  }

  extension AnimationReading.Part {
    /// A part that changes nothing.
    fileprivate static func none(_ observed: ObservedAnimation) -> Self {
      .init(
        property: "none", keyPath: "", begin: 0, duration: 0, curve: .step, from: [], to: [], fillsBackwards: true,
        holdsAfter: true, observed: observed)
    }
  }
#endif
