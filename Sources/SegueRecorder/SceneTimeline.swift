#if canImport(UIKit)
  import Foundation

  /// A scene the recorder wrote, as what it draws rather than its text: its content (screens,
  /// overlays, stack, perspective, end state) as values by path, and each target's properties
  /// as values at times, keyframes expanded, so two recordings compare however their keyframes
  /// fell.
  struct SceneTimeline {
    /// Every value of the scene but its animations, by its path (`from.layers.0.rect.2`);
    /// booleans as 1 and 0.
    var content: [String: Value] = [:]
    /// target → property → how it moves.
    var motion: [String: [String: Motion]] = [:]
    /// When the transition ends.
    var duration = 0.0

    enum Value: Equatable {
      case number(Double)
      case text(String)
      case null
    }

    /// One property of one target: the values its keyframes reach at their times (held between
    /// them, as at the samples they came from), or its animations, each with its curve.
    struct Motion {
      var events: [(time: Double, value: [Value])] = []
      var segments: [(begin: Double, duration: Double, curve: StructuredChannel.Curve, from: [Double], to: [Double])] =
        []

      /// Its value at `t` seconds: the animation that began last governs, the first one's
      /// `from` before any begins.
      func value(at t: Double) -> [Value] {
        if let segment = segments.last(where: { $0.begin <= t + 1e-12 }) ?? segments.first {
          let channel = StructuredChannel(
            segments: [
              .init(
                begin: segment.begin, duration: segment.duration, curve: segment.curve, from: segment.from,
                to: segment.to)
            ])
          return (t < segment.begin ? segment.from : channel.value(at: t)).map(Value.number)
        }
        return events.last { $0.time <= t + 1e-9 }?.value ?? events.first?.value ?? []
      }

      /// The times at which it changes course.
      var times: [Double] { events.map(\.time) + segments.flatMap { [$0.begin, $0.begin + $0.duration] } }
    }

    init(_ scene: SceneValue) {
      flatten(scene, path: "", into: &content)
      guard let transition = scene["transition"], case .array(let animations)? = transition["animations"] else {
        return
      }
      if case .number(let seconds)? = transition["duration"] { duration = seconds }
      for animation in animations {
        guard case .string(let target)? = animation["target"] else { continue }
        var length = duration
        if case .number(let seconds)? = animation["duration"] { length = seconds }
        var delay = 0.0
        if case .number(let seconds)? = animation["delay"] { delay = seconds }
        // An animation from one value to another on a curve (the recorder's structured ones).
        if case .object(let from)? = animation["from"], case .object(let to)? = animation["to"],
          let curve = SceneTimeline.curve(animation["curve"], duration: length)
        {
          for (property, value) in from {
            guard let start = SceneBuilder.numbers(value),
              let end = to.first(where: { $0.key == property }).flatMap({ SceneBuilder.numbers($0.value) })
            else { continue }
            motion[target, default: [:]][property, default: Motion()].segments.append(
              (delay, curve == .step ? 0 : length, curve, start, end))
          }
          continue
        }
        if case .object(let from)? = animation["from"] {
          for (property, value) in from {
            motion[target, default: [:]][property, default: Motion()].events.append((delay, leaves(value)))
          }
        }
        guard case .array(let keyframes)? = animation["keyframes"] else { continue }
        for keyframe in keyframes {
          guard case .number(let start)? = keyframe["start"], case .object(let to)? = keyframe["to"] else { continue }
          var fraction = 1 - start
          if case .number(let given)? = keyframe["duration"] { fraction = given }
          let time = delay + (start + fraction) * length
          for (property, value) in to {
            motion[target, default: [:]][property, default: Motion()].events.append((time, leaves(value)))
          }
        }
      }
      content["transition.duration"] = nil
    }

    /// A curve as the recorder writes it: a name, four numbers, a mass-stiffness spring; a
    /// microsecond's animation is a step.
    static func curve(_ value: SceneValue?, duration: Double) -> StructuredChannel.Curve? {
      if duration <= 2e-6 { return .step }
      switch value {
      case .string(let name)?:
        let named: [String: [Double]] = [
          "linear": [0, 0, 1, 1], "easeIn": [0.42, 0, 1, 1], "easeOut": [0, 0, 0.58, 1],
          "easeInOut": [0.42, 0, 0.58, 1],
          "easeInEaseOut": [0.42, 0, 0.58, 1], "default": [0.25, 0.1, 0.25, 1],
        ]
        guard let points = named[name] else { return nil }
        return .bezier(points[0], points[1], points[2], points[3])
      case .array?:
        guard let points = value.flatMap(SceneBuilder.numbers), points.count == 4 else { return nil }
        return .bezier(points[0], points[1], points[2], points[3])
      case .object?:
        guard let spring = value?["spring"], case .number(let k)? = spring["stiffness"] else { return nil }
        func number(_ key: String, _ fallback: Double) -> Double {
          if case .number(let x)? = spring[key] { return x }
          return fallback
        }
        return .spring(
          mass: number("mass", 1), stiffness: k, damping: number("damping", 10), velocity: number("velocity", 0))
      default: return nil
      }
    }

    /// The first way `recorded` differs from `expected`, in words; nil when they draw the same
    /// (numbers within 1e-6 of each other, or of their size when larger).
    static func difference(_ recorded: SceneTimeline, _ expected: SceneTimeline, expectedName: String) -> String? {
      func near(_ a: [Value], _ b: [Value]) -> Bool {
        a.count == b.count
          && zip(a, b).allSatisfy { pair in
            if case .number(let x) = pair.0, case .number(let y) = pair.1 {
              return abs(x - y) <= 1e-6 * max(1, abs(x), abs(y))
            }
            return pair.0 == pair.1
          }
      }
      // The earliest time at which a target's property differs, at each time either scene names
      // and every 60th of a second.
      var first: (time: Double, text: String)?
      let end = max(recorded.duration, expected.duration)
      let frames = (0...Int((end * 60).rounded(.up))).map { Double($0) / 60 }
      for target in Set(recorded.motion.keys).union(expected.motion.keys).sorted() {
        guard let mine = recorded.motion[target] else {
          return "\(expectedName) animates \(target); the recording does not"
        }
        guard let theirs = expected.motion[target] else {
          return "the recording animates \(target); \(expectedName) does not"
        }
        for property in Set(mine.keys).union(theirs.keys).sorted() {
          let a = mine[property] ?? Motion()
          let b = theirs[property] ?? Motion()
          for time in Set(a.times + b.times + frames).sorted() where time < (first?.time ?? .infinity) {
            let left = a.value(at: time)
            let right = b.value(at: time)
            guard !near(left, right) else { continue }
            first = (
              time,
              "\(target).\(property) at \(SceneValue.format((time * 1e6).rounded() / 1e6)) s is "
                + "\(text(left)) in the recording, \(text(right)) in \(expectedName)"
            )
            break
          }
        }
      }
      if let first { return first.text }
      if !near([.number(recorded.duration)], [.number(expected.duration)]) {
        return "the transition lasts \(SceneValue.format(recorded.duration)) s in the recording, "
          + "\(SceneValue.format(expected.duration)) s in \(expectedName)"
      }
      for path in Set(recorded.content.keys).union(expected.content.keys).sorted() where !path.hasPrefix("name") {
        let left = recorded.content[path].map { [$0] } ?? []
        let right = expected.content[path].map { [$0] } ?? []
        guard !near(left, right) else { continue }
        return "\(path) is \(text(left)) in the recording, \(text(right)) in \(expectedName)"
      }
      return nil
    }

    static func text(_ values: [Value]) -> String {
      guard !values.isEmpty else { return "missing" }
      let parts = values.map { value -> String in
        switch value {
        case .number(let x): return SceneValue.format(x)
        case .text(let s): return SceneValue.quoted(s)
        case .null: return "null"
        }
      }
      return parts.count == 1 ? parts[0] : "[" + parts.joined(separator: ", ") + "]"
    }

    /// A property's value as its leaves in order (a frame's four numbers, a transform's sixteen).
    private func leaves(_ value: SceneValue) -> [Value] {
      switch value {
      case .number(let x): return [.number(x)]
      case .bool(let b): return [.number(b ? 1 : 0)]
      case .string(let s): return [.text(s)]
      case .null: return [.null]
      case .array(let items): return items.flatMap(leaves)
      case .object(let pairs): return pairs.sorted { $0.key < $1.key }.flatMap { [.text($0.key)] + leaves($0.value) }
      }
    }

    private func flatten(_ value: SceneValue, path: String, into out: inout [String: Value]) {
      switch value {
      case .number(let x): out[path] = .number(x)
      case .bool(let b): out[path] = .number(b ? 1 : 0)
      case .string(let s): out[path] = .text(s)
      case .null: out[path] = .null
      case .array(let items):
        if path == "transition.animations" { return }
        out[path + ".count"] = .number(Double(items.count))
        for (index, item) in items.enumerated() { flatten(item, path: path + ".\(index)", into: &out) }
      case .object(let pairs):
        for (key, item) in pairs { flatten(item, path: path.isEmpty ? key : path + "." + key, into: &out) }
      }
    }
  }

  extension SceneValue {
    /// A value JSONSerialization read: numbers (and booleans, which compare as 1 and 0) as
    /// numbers; nil for anything JSON does not hold.
    init?(json: Any) {
      switch json {
      case let text as String: self = .string(text)
      case let number as NSNumber: self = .number(number.doubleValue)
      case is NSNull: self = .null
      case let items as [Any]:
        var values: [SceneValue] = []
        for item in items {
          guard let value = SceneValue(json: item) else { return nil }
          values.append(value)
        }
        self = .array(values)
      case let members as [String: Any]:
        var pairs: [(key: String, value: SceneValue)] = []
        for key in members.keys.sorted() {
          guard let value = SceneValue(json: members[key]!) else { return nil }
          pairs.append((key, value))
        }
        self = .object(pairs)
      default: return nil
      }
    }
  }
#endif
