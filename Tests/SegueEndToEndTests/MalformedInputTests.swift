import Foundation
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
      "-1", "0", "1e308", "-1e308", "1e-300", "1e6", "2e9", "0.5", "8193", "241", "\"x\"", "null", "[]", "{}",
    ]
    // Every number of the scene in turn, with the values in a rotating order.
    for round in 0..<40 {
      let text = replacingNumber(base, round * 7, with: values[(round * 5) % values.count])
      let file = try folder.write("case\(round).json", text)
      let result = try SegueProcess.run([
        "render", file, "-o", folder.path + "/out\(round)", "--frames", "0,last", "-q",
      ])
      #expect(result.status == 0 || result.status == 2, "case \(round): \(text)")
      if result.status == 2 {
        #expect(result.stderr.hasPrefix("error: \(file): "), "case \(round): \(result.stderr)")
        #expect(!FileManager.default.fileExists(atPath: folder.path + "/out\(round)"))
      }
    }
  }

  @Test func truncatedScenesAreSyntaxErrors() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for cut in stride(from: 1, to: base.utf8.count, by: 37) {
      let file = try folder.write("cut.json", String(base.prefix(cut)))
      let result = try SegueProcess.run(["validate", file])
      #expect(result.status == 2)
      #expect(result.stderr.hasPrefix("error: \(file): "))
    }
  }
}
