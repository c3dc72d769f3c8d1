import Foundation
import SegueTestSupport
import Testing

/// Whether the animator moves the app's view or a snapshot of it, and what it keeps or removes,
/// comes from what the scene says (`resize`, `lift`, what its animations animate), never from two
/// numbers that happen to be equal on the scene's own device: the animator written from a scene
/// on one device is the one written from it on any other, but for its numbers.
@Suite(.serialized)
struct GeneratedAnimatorStructureEndToEndTests {
  /// A sheet that slides up over the whole container, written as numbers of a 390 x 844 device:
  /// `[0, 844, 390, 844]` to `[0, 0, 390, 844]` is a pure move there, and a fixed size that the
  /// container only has there.
  static let slideUp = ##"""
    {"name": "slide-up", "size": [390, 844],
     "from": {"background": "#FFFFFF", "layers": [{"rect": [20, 100, 350, 200], "color": "#FF9500"}]},
     "to": {"background": "#000000", "layers": [{"rect": [20, 600, 350, 100], "color": "#0A84FF"}]},
     "transition": {"type": "custom", "operation": "present", "duration": 0.4,
       "animations": [{"target": "to", "from": {"frame": [0, 844, 390, 844]}, "to": {"frame": [0, 0, 390, 844]}}]}}
    """##

  /// A card matched into a screen that slides up by stated frames: at its end the screen is at
  /// `[0, 0, 390, 844]`, where the app has the incoming card on 390 x 844 only, so the match
  /// morphs to the scene's numbers there as it does on every other device.
  static let matchSlide = ##"""
    {"name": "match-slide", "size": [390, 844],
     "from": {"background": "#FFFFFF", "layers": [
       {"id": "card", "rect": [20, 100, 160, 120], "color": "#FF9500", "cornerRadius": 12}]},
     "to": {"background": "#000000", "layers": [{"id": "card", "rect": [0, 0, 390, 300], "color": "#FF9500"}]},
     "transition": {"type": "custom", "operation": "present", "duration": 0.4, "match": ["card"],
       "animations": [{"target": "to", "from": {"frame": [0, 844, 390, 844]}, "to": {"frame": [0, 0, 390, 844]}}]}}
    """##

  /// custom-cards-tilt, the slide-up sheet, custom-sheet-grow (whose sheet resizes on every
  /// device, laid out) and custom-herb-zoom (whose screen is scaled to its frame), each written by `segue swift` from the scene on its own device and from the same
  /// scene on a 430 x 932 one: the two files are the same once their numbers are left out (the
  /// same views made, snapshotted, moved, kept and removed). Cards-tilt's exit frame is
  /// `{"of": "container", "shift": [0, 1]}`, so both move the app's own `from` view; the
  /// slide-up's stated size is a snapshot on both; the sheet laid out while it grows
  /// (`"resize": "layout"`) is the app's view on both.
  @Test func theAnimatorsStructureIsTheSameOnEveryDevice() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenes = GeneratedAnimatorEndToEndTests.scenesFolder
    let texts = [
      ("cards-tilt", try String(contentsOfFile: scenes + "/custom-cards-tilt.json", encoding: .utf8)),
      ("slide-up", Self.slideUp),
      ("sheet-grow", try String(contentsOfFile: scenes + "/custom-sheet-grow.json", encoding: .utf8)),
      ("match-slide", Self.matchSlide),
      ("herb-zoom", try String(contentsOfFile: scenes + "/custom-herb-zoom.json", encoding: .utf8)),
    ]
    var sources: [String: (own: String, other: String)] = [:]
    for (name, text) in texts {
      let (own, other) = try GeneratedAnimatorEndToEndTests.moved(
        text, name: name, container: (430, 932), layout: 0)
      var written: [String] = []
      for (suffix, scene) in [("own", own), ("other", other)] {
        let file = folder.path + "/\(name)-\(suffix).json"
        // Both under one name (`moved` gives it), so the classes are named alike.
        try scene.write(toFile: file, atomically: true, encoding: .utf8)
        let result = try SegueProcess.run(["swift", file])
        #expect(result.status == 0, "segue swift \(name)-\(suffix): \(result.stderr)")
        written.append(result.stdout)
      }
      sources[name] = (written[0], written[1])
      let difference = Self.firstDifference(Self.withoutNumbers(written[0]), Self.withoutNumbers(written[1]))
      #expect(
        difference == nil, "\(name): written on 390 x 844 and on 430 x 932, the animators differ at \(difference ?? "")"
      )
    }
    // What each makes, asserted: cards-tilt moves the app's `from` view (no snapshot of it) out
    // by the container's height; the slide-up snapshots `to`; the growing sheet lays out the app's `to`.
    let tilt = sources["cards-tilt"]?.own ?? ""
    #expect(!tilt.contains("fromView.snapshotView"), "cards-tilt snapshots its from screen")
    #expect(tilt.contains("container.bounds.height"), "cards-tilt's exit frame is not read from the container")
    for source in [sources["slide-up"]?.own ?? "", sources["slide-up"]?.other ?? ""] {
      #expect(source.contains("toView.snapshotView(afterScreenUpdates: true)"), "slide-up moves the app's view")
    }
    for source in [sources["sheet-grow"]?.own ?? "", sources["sheet-grow"]?.other ?? ""] {
      #expect(
        source.contains("let toScreen = toView") && source.contains("Self.layOut(")
          && !source.contains("toView.snapshotView"),
        "sheet-grow's laid-out sheet is not the app's view")
    }
    // The zoom scales the app's `to` view (`"resize": "transform"`): its bounds kept, no snapshot.
    for source in [sources["herb-zoom"]?.own ?? "", sources["herb-zoom"]?.other ?? ""] {
      #expect(
        source.contains("let toScreen = toView") && source.contains("let toScreenKept = ")
          && source.contains("\"transform.scale.x\"") && !source.contains("toView.snapshotView"),
        "herb-zoom's scaled screen is not the app's view under a scale")
    }
    // The match starts at the app's outgoing card and ends at the scene's numbers on both.
    for source in [sources["match-slide"]?.own ?? "", sources["match-slide"]?.other ?? ""] {
      #expect(source.contains("frame(of: \"from.card\", in: container)"), "match-slide: the outgoing card not read")
      #expect(!source.contains("frame(of: \"to.card\", in: container)"), "match-slide: the incoming card read")
    }
  }

  /// The same scenes' animators, written on 390 x 844, played in the UIKit stand-in in a
  /// 430 x 932 container and compared, frame by frame, with Segue's drawing of the scenes there.
  @Test func animatorsWrittenOnOneDevicePlayOnAnother() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scenes = GeneratedAnimatorEndToEndTests.scenesFolder
    let texts = [
      ("cards-tilt", try String(contentsOfFile: scenes + "/custom-cards-tilt.json", encoding: .utf8)),
      ("slide-up", Self.slideUp),
      ("sheet-grow", try String(contentsOfFile: scenes + "/custom-sheet-grow.json", encoding: .utf8)),
      ("herb-zoom", try String(contentsOfFile: scenes + "/custom-herb-zoom.json", encoding: .utf8)),
    ]
    var pairs: [(animator: String, geometry: String)] = []
    for (name, text) in texts {
      let (animator, geometry) = try GeneratedAnimatorEndToEndTests.moved(
        text, name: name, container: (430, 932), layout: 0)
      let animatorFile = folder.path + "/\(name).json"
      let geometryFile = folder.path + "/\(name)-app.json"
      try animator.write(toFile: animatorFile, atomically: true, encoding: .utf8)
      try geometry.write(toFile: geometryFile, atomically: true, encoding: .utf8)
      pairs.append((animatorFile, geometryFile))
    }
    let played = try GeneratedAnimatorEndToEndTests().samples(pairs)
    #expect(played.count == pairs.count)
    for (loaded, samples) in played {
      #expect(!samples.isEmpty, "\(loaded.scene.name) did not play")
      ReplayComparison(loaded: loaded, samples: samples).check()
    }
  }

  /// The source with every number literal as `#` and every run of spaces and line breaks as one
  /// space (a longer number may wrap a line): what is left is what the animator does.
  static func withoutNumbers(_ source: String) -> String {
    source.replacingOccurrences(of: #"\b[0-9]+(\.[0-9]+)?(e-?[0-9]+)?\b"#, with: "#", options: .regularExpression)
      .replacingOccurrences(of: #"\s+"#, with: " ", options: .regularExpression)
  }

  /// Where two sources first differ, with 80 characters around it, for a failure's message; nil
  /// when they are the same.
  static func firstDifference(_ a: String, _ b: String) -> String? {
    guard a != b else { return nil }
    let (left, right) = (Array(a), Array(b))
    let index =
      zip(left, right).enumerated().first { $0.element.0 != $0.element.1 }?.offset
      ?? min(left.count, right.count)
    func around(_ text: [Character]) -> String {
      String(text[max(0, index - 80)..<min(text.count, index + 80)])
    }
    return "character \(index):\n- \(around(left))\n+ \(around(right))"
  }
}
