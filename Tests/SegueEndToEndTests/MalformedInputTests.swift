import Foundation
import SegueTestSupport
import Testing

/// Malformed scenes and images end in a message and exit code 2, never a crash, a hang or a
/// half-written output: seeded mutations of a valid scene, rendered by the binary.
@Suite(.serialized)
struct MalformedInputTests {
  let base = ##"""
    {"name": "m", "size": [40, 30], "scale": 1, "fps": 10, "background": "#000000",
     "from": {"background": "#FFFFFF", "layers": [{"rect": [2, 2, 20, 10], "color": "#FF0000", "cornerRadius": 4,
       "cornerCurve": "continuous", "border": {"width": 1, "color": "#00FF00"}, "opacity": 0.5}]},
     "to": {"background": "#0000FF", "layers": [{"rect": [5, 5, 10, 10], "color": "#FFFF00", "shape": "ellipse"}]},
     "transition": {"type": "zoom", "operation": "present", "duration": 0.3, "curve": "easeOut", "sourceFrame": [10, 10, 10, 10]},
     "interaction": {"scrub": [[0, 0], [0.1, 0.5]], "release": "cancel"}}
    """##

  /// A custom transition with every kind of value: lifted layers, overlays, masks, shadows, 3D.
  let custom = ##"""
    {"size": [40, 30], "scale": 1, "fps": 10,
     "from": {"layers": [{"id": "a", "rect": [2, 2, 20, 10], "color": "#FF0000", "cornerRadius": [1, 2, 3, 4]}]},
     "to": {"size": [30, 20], "layers": [{"id": "a", "rect": [5, 5, 10, 10], "color": "#00FF00"}]},
     "transition": {"type": "custom", "duration": 0.3, "perspective": 200, "stack": ["from", "dim", "to"],
       "overlays": {"dim": {"color": "#000000", "opacity": 0.2, "rect": [0, 0, 40, 15]}},
       "animations": [
         {"target": "to", "from": {"rotationY": -60, "anchor": [0, 0.5], "mask": {"circle": [15, 10, 2]}},
          "to": {"rotationY": 0, "mask": {"circle": [15, 10, 30]}}, "curve": {"spring": {"damping": 0.6}}},
         {"target": "from", "to": {"scale": [0.9, 0.8], "translate": [-5, 3], "rotationX": 20,
          "shadow": {"opacity": 0.4, "radius": 3, "offset": [0, 2]}}, "delay": 0.05, "duration": 0.2},
         {"target": "dim", "to": {"opacity": 0.6, "frame": [0, 5, 40, 20]}}],
       "end": {"from": {"scale": null}}, "match": [{"id": "a", "delay": 0.1}]}}
    """##

  /// Replaces the `index`-th number of the text with `value`.
  func replacingNumber(_ text: String, _ index: Int, with value: String) -> String {
    let pattern = try! NSRegularExpression(pattern: "-?[0-9]+(\\.[0-9]+)?([eE][-+]?[0-9]+)?")
    let matches = pattern.matches(in: text, range: NSRange(text.startIndex..., in: text))
    guard !matches.isEmpty else { return text }
    let match = matches[index % matches.count]
    return (text as NSString).replacingCharacters(in: match.range, with: value)
  }

  @Test func extremeNumbersNeverCrashTheRenderer() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let values = [
      "-1", "0", "1e308", "-1e308", "1e-300", "1e6", "2e9", "0.5", "8193", "241", "-36001", "90", "\"x\"", "null",
      "[]", "{}", "[1, 2]",
    ]
    // Seeded: each round replaces one to three numbers of one of the scenes, picked at random.
    var random = SplitMix64(state: 2026_11_30)
    for round in 0..<60 {
      var text = round % 2 == 0 ? base : custom
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        text = replacingNumber(
          text, Int.random(in: 0..<1000, using: &random), with: values.randomElement(using: &random) ?? "0")
      }
      let file = try folder.write("case\(round).json", text)
      let result = try SegueProcess.run([
        "render", file, "-o", folder.path + "/out\(round)", "--frames", "0,50%,last", "-q",
      ])
      #expect(result.signal == nil, "case \(round) crashed: \(text)")
      #expect(result.status == 0 || result.status == 2, "case \(round): \(result.stderr) \(text)")
      if result.status == 2 {
        #expect(result.stderr.hasPrefix("error: \(file): "), "case \(round): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out\(round)"))
      } else {
        #expect(folder.files(in: "out\(round)").filter { $0.hasSuffix(".png") }.count >= 2, "case \(round)")
      }
    }
  }

  @Test func truncatedScenesAreSyntaxErrors() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let cuts = [base, custom].flatMap { text in stride(from: 1, to: text.utf8.count, by: 37).map { (text, $0) } }
    for (text, cut) in cuts {
      let file = try folder.write("cut.json", String(text.prefix(cut)))
      let result = try SegueProcess.run(["validate", file])
      #expect(result.status == 2)
      #expect(result.stderr.hasPrefix("error: \(file): "))
    }
  }
}
