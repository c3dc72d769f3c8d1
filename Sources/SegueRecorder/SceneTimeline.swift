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
    /// target → property → the value it reaches at each time (seconds from the start), and its
    /// first value at time 0.
    var motion: [String: [String: [(time: Double, value: [Value])]]] = [:]
    /// When the transition ends.
    var duration = 0.0

    enum Value: Equatable {
      case number(Double)
      case text(String)
      case null
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
        if case .object(let from)? = animation["from"] {
          for (property, value) in from {
            motion[target, default: [:]][property, default: []].append((delay, leaves(value)))
          }
        }
        guard case .array(let keyframes)? = animation["keyframes"] else { continue }
        for keyframe in keyframes {
          guard case .number(let start)? = keyframe["start"], case .object(let to)? = keyframe["to"] else { continue }
          var fraction = 1 - start
          if case .number(let given)? = keyframe["duration"] { fraction = given }
          let time = delay + (start + fraction) * length
          for (property, value) in to {
            motion[target, default: [:]][property, default: []].append((time, leaves(value)))
          }
        }
      }
      content["transition.duration"] = nil
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
      // The earliest time at which a target's property differs.
      var first: (time: Double, text: String)?
      for target in Set(recorded.motion.keys).union(expected.motion.keys).sorted() {
        guard let mine = recorded.motion[target] else {
          return "\(expectedName) animates \(target); the recording does not"
        }
        guard let theirs = expected.motion[target] else {
          return "the recording animates \(target); \(expectedName) does not"
        }
        for property in Set(mine.keys).union(theirs.keys).sorted() {
          let a = mine[property] ?? []
          let b = theirs[property] ?? []
          // Each side's value at every time either names: the last it reached by then.
          for time in Set(a.map(\.time) + b.map(\.time)).sorted() where time < (first?.time ?? .infinity) {
            let left = a.last { $0.time <= time + 1e-9 }?.value ?? []
            let right = b.last { $0.time <= time + 1e-9 }?.value ?? []
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
