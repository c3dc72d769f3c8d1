import SegueJSON
import Testing

@testable import SegueScene

/// Snapshots have a limit, as overlays have: each is a target drawn in every frame and a view the
/// animator makes, and past the limit the one error names the field and the count.
struct SnapshotLimitTests {
  /// A custom transition of `count` snapshots (`s0`…, pieces of `from` and `to` in turn), the
  /// first 10,000 animated, with `overlays` overlays; with `stacked`, a stack that names every
  /// snapshot and overlay between the screens.
  static func scene(snapshots count: Int, overlays: Int = 0, stacked: Bool = false) -> String {
    let snapshots = (0..<count).map { #""s\#($0)": {"of": "\#($0 % 2 == 0 ? "from" : "to")", "rect": [0, 0, 1, 1]}"# }
    let dims = (0..<overlays).map { #""o\#($0)": {}"# }
    let animations = (0..<min(count, 10_000)).map { #"{"target": "s\#($0)", "to": {"opacity": 0.5}}"# }
    var transition =
      #"{"type": "custom", "snapshots": {\#(snapshots.joined(separator: ", "))}, "#
      + #""overlays": {\#(dims.joined(separator: ", "))}, "animations": [\#(animations.joined(separator: ", "))]"#
    if stacked {
      let names = (0..<overlays).map { #""o\#($0)""# } + (0..<count).map { #""s\#($0)""# }
      transition += #", "stack": ["from", \#(names.joined(separator: ", ")), "to"]"#
    }
    return #"{"size": [100, 80], "from": {}, "to": {}, "transition": \#(transition)}}"#
  }

  static func errors(_ text: String) -> [String] {
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  @Test func tenThousandSnapshotsAreTheMost() {
    #expect(SceneLimits.maxSnapshots == 10_000)
    #expect(Self.errors(Self.scene(snapshots: 10_000)).isEmpty)
    #expect(
      Self.errors(Self.scene(snapshots: 10_001)) == [
        "s.json: at 'transition.snapshots': expected at most 10000 snapshots, got 10001"
      ])
  }

  /// The stack has room for both screens, every overlay and every snapshot: 2 + 10 + 10,000
  /// names is within the limits of each.
  @Test func theStackHoldsEveryOverlayAndSnapshot() {
    #expect(Self.errors(Self.scene(snapshots: 10_000, overlays: 10, stacked: true)).isEmpty)
  }

  /// `segue schema` states the same limit, so an editor flags the 10,001st snapshot.
  @Test func theSchemaStatesTheLimit() {
    var current: JSONValue? = SceneSchema.document
    for key in ["properties", "transition", "allOf"] {
      guard case .object(let members)? = current else { break }
      current = members.first { $0.key == key }?.value
    }
    guard case .array(let cases)? = current else {
      Issue.record("the transition has no per-type cases")
      return
    }
    let custom = cases.first { member($0, "if", "properties", "type", "const") == .string("custom") }
    let snapshots = member(custom, "then", "properties", "snapshots")
    #expect(member(snapshots, "maxProperties") == .number(10_000))
  }

  func member(_ value: JSONValue?, _ path: String...) -> JSONValue? {
    var current = value
    for key in path {
      guard case .object(let members)? = current else { return nil }
      current = members.first { $0.key == key }?.value
    }
    return current
  }
}
