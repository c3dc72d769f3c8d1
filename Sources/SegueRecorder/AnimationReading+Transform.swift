#if canImport(UIKit)
  import UIKit

  extension AnimationReading {
    /// The transform of a target as parts (`TransformParts`: scale, one rotation, translation),
    /// each part a channel of the animations that drive it: `transform` animations (UIKit's
    /// additive ones, whose value is the animation's matrix times the model's) and the
    /// sub-key-paths `transform.scale(.x/.y)`, `transform.rotation(.z/.x/.y)` and
    /// `transform.translation(.x/.y/.z)`. Nil where some transform animation does not read, or the
    /// parts do not give every sample's matrix (rows 1, 2 and 4) within `tolerance`.
    static func transformChannels(
      _ track: ViewTrack, times: [Double], samples: (Int) -> [Double]?, tolerance: Double,
      afterLast: (() -> [Double]?)? = nil
    ) -> [String: StructuredChannel]? {
      let animations = track.observed.filter { observed in
        guard let keyPath = (observed.animation as? CAPropertyAnimation)?.keyPath else { return false }
        return keyPath == "transform" || keyPath.hasPrefix("transform.")
      }
      guard !animations.isEmpty else { return nil }
      /// One group of animations with one timing: the parts it goes from and to.
      struct Group {
        var begin: Double
        var duration: Double
        var curve: StructuredChannel.Curve
        var from: TransformParts
        var to: TransformParts
        var whole: Bool
        var keyPaths: Set<String>
        var fills: Bool
        var holds: Bool
      }
      var groups: [Group] = []
      for observed in animations {
        guard let basic = observed.animation as? CABasicAnimation, plain(basic), let keyPath = basic.keyPath,
          let (duration, curve) = timing(basic, layer: observed.model),
          let model = TransformParts(observed.modelAtStart.transform)
        else { return nil }
        let fills = basic.fillMode == .backwards || basic.fillMode == .both
        let holds = !basic.isRemovedOnCompletion && (basic.fillMode == .forwards || basic.fillMode == .both)
        var from = model
        var to = model
        if keyPath == "transform" {
          func parts(_ value: Any?) -> TransformParts? {
            guard let value else { return model }
            guard let matrix = value as? CATransform3D else { return nil }
            let fields = LayerValues.fields(matrix)
            return TransformParts(
              basic.isAdditive ? TransformParts.product(fields, observed.modelAtStart.transform) : fields, near: model)
          }
          guard let start = parts(basic.fromValue), let end = parts(basic.toValue) else { return nil }
          (from, to) = (start, end)
        } else {
          guard let edit = subKeyPath(keyPath) else { return nil }
          func apply(_ value: Any?, to parts: inout TransformParts) -> Bool {
            guard let value else { return true }
            guard var numbers = transformNumbers(value) else { return false }
            // One number for a scale's two components.
            if numbers.count == 1 && edit.components.count == 2 { numbers += numbers }
            guard numbers.count == edit.components.count else { return false }
            var current = parts.value(edit.property)
            for (slot, number) in zip(edit.components, numbers) {
              let given = number * edit.unit
              current[slot] = basic.isAdditive ? current[slot] + given : given
            }
            parts.set(edit.property, current)
            return true
          }
          guard apply(basic.fromValue, to: &from), apply(basic.toValue, to: &to) else { return nil }
        }
        let whole = keyPath == "transform"
        if let index = groups.firstIndex(where: {
          abs($0.begin - observed.begin) < 1e-9 && $0.duration == duration && $0.curve == curve && !$0.whole && !whole
            && !$0.keyPaths.contains(keyPath)
        }) {
          // Another component of the same change (UIKit's scale.x beside scale.y): its parts join.
          let edit = subKeyPath(keyPath)!
          groups[index].from.set(edit.property, from.value(edit.property))
          groups[index].to.set(edit.property, to.value(edit.property))
          groups[index].keyPaths.insert(keyPath)
        } else {
          groups.append(
            Group(
              begin: observed.begin, duration: duration, curve: curve, from: from, to: to, whole: whole,
              keyPaths: [keyPath], fills: fills, holds: holds))
        }
      }
      groups.sort { $0.begin < $1.begin }
      /// The parts of the sample at or after `time` (past every sample: `afterLast`'s).
      func sampled(_ time: Double) -> TransformParts? {
        if let afterLast, !times.contains(where: { $0 >= time - 1e-9 }) {
          return afterLast().flatMap { TransformParts($0, tolerance: 1e-6) }
        }
        guard let index = times.firstIndex(where: { $0 >= time - 1e-9 }) ?? times.indices.last,
          let fields = samples(index)
        else { return nil }
        return TransformParts(fields, tolerance: 1e-6)
      }
      var segments: [String: [StructuredChannel.Segment]] = [:]
      for (index, group) in groups.enumerated() {
        if index > 0, groups[index - 1].begin + groups[index - 1].duration > group.begin + 1e-9 { return nil }
        if index == 0, !group.fills, group.begin > 1e-9 {
          guard let start = sampled(0) else { return nil }
          for property in TransformParts.properties where start.value(property) != group.from.value(property) {
            segments[property, default: []].append(
              .init(begin: 0, duration: 0, curve: .step, from: start.value(property), to: start.value(property)))
          }
        }
        for property in TransformParts.properties
        where group.from.value(property) != group.to.value(property) || segments[property] == nil {
          segments[property, default: []].append(
            .init(
              begin: group.begin, duration: group.duration, curve: group.curve, from: group.from.value(property),
              to: group.to.value(property)))
        }
        if !group.holds {
          let end = group.begin + group.duration
          guard let after = sampled(end) else { return nil }
          for property in TransformParts.properties {
            let channel = StructuredChannel(segments: segments[property] ?? [])
            if !(segments[property] ?? []).isEmpty, channel.value(at: end) != after.value(property) {
              segments[property, default: []].append(
                .init(
                  begin: end - 1e-6, duration: 0, curve: .step, from: after.value(property), to: after.value(property)))
            }
          }
        }
      }
      // Each sample's parts, angles carried on from the sample before.
      var sampledParts: [TransformParts?] = []
      for index in times.indices {
        let previous = sampledParts.last ?? nil
        sampledParts.append(samples(index).flatMap { TransformParts($0, near: previous, tolerance: 1e-6) })
      }
      // A part no animation moves and that stays at its rest value needs no channel; values the
      // app set at once are steps.
      let rest = TransformParts()
      var channels: [String: StructuredChannel] = [:]
      for property in TransformParts.properties {
        var channel = StructuredChannel(segments: segments[property] ?? [])
        if channel.segments.isEmpty {
          channel.segments = [
            .init(begin: 0, duration: 0, curve: .step, from: rest.value(property), to: rest.value(property))
          ]
        }
        channel.settle(times: times, samples: { sampledParts[$0]?.value(property) }, tolerance: tolerance)
        if channel.segments.allSatisfy({ $0.from == rest.value(property) && $0.to == rest.value(property) }) {
          continue
        }
        channels[property] = channel
      }
      // Every sample's matrix, from the parts.
      for (index, time) in times.enumerated() {
        guard let fields = samples(index) else { return nil }
        var parts = TransformParts()
        for (property, channel) in channels { parts.set(property, channel.value(at: time)) }
        guard TransformParts.drawsAlike(parts.matrix, fields, tolerance: tolerance) else { return nil }
      }
      return channels
    }

    /// The part a transform sub-key-path sets, the components of its value it sets, and the
    /// unit its numbers are in (radians become degrees).
    private static func subKeyPath(_ keyPath: String) -> (property: String, components: [Int], unit: Double)? {
      let degrees = 180 / Double.pi
      switch keyPath {
      case "transform.scale": return ("scale", [0, 1], 1)
      case "transform.scale.x": return ("scale", [0], 1)
      case "transform.scale.y": return ("scale", [1], 1)
      case "transform.rotation", "transform.rotation.z": return ("rotation", [0], degrees)
      case "transform.rotation.x": return ("rotationX", [0], degrees)
      case "transform.rotation.y": return ("rotationY", [0], degrees)
      case "transform.translation": return ("translate", [0, 1], 1)
      case "transform.translation.x": return ("translate", [0], 1)
      case "transform.translation.y": return ("translate", [1], 1)
      case "transform.translation.z": return ("translateZ", [0], 1)
      default: return nil
      }
    }

    /// A sub-key-path's value as numbers: a number, or a size (a translation's two).
    private static func transformNumbers(_ value: Any) -> [Double]? {
      if let size = value as? CGSize { return [Double(size.width), Double(size.height)] }
      var number: Double?
      if let given = value as? NSNumber { number = given.doubleValue }
      if let given = value as? CGFloat { number = Double(given) }
      if let given = value as? Double { number = given }
      if let given = value as? Float { number = Double(given) }
      return number.map { [$0] }
    }
  }
#endif
