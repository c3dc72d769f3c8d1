import Foundation
import SegueTestSupport
import Testing

/// `segue swift` under attack: a scene's text reaches the generated file only as escaped string
/// literals or inside comments no character can end; names with control characters are refused
/// at their field; every name compiles, however it clashes with Swift or with the writer's own.
@Suite(.serialized)
struct GeneratedSwiftSafetyEndToEndTests {
  /// A custom scene with these overlays (each fading in) and `from` layers of these ids (each
  /// moving), and optionally a match.
  static func scene(
    name: String?, overlays: [String], ids: [String], match: String? = nil
  ) throws -> String {
    var layers: [[String: Any]] = ids.enumerated().map { index, id in
      ["id": id, "rect": [10, 10 + 12 * index, 100, 10], "color": "#FF3B30"]
    }
    var toLayers: [[String: Any]] = []
    if let match {
      layers.append(["id": match, "rect": [20, 700, 60, 60], "color": "#34C759", "cornerRadius": 8])
      toLayers.append(["id": match, "rect": [0, 0, 390, 300], "color": "#34C759"])
    }
    var animations: [[String: Any]] = overlays.enumerated().map { index, overlay in
      ["target": overlay, "to": ["opacity": 0.02 * Double(index % 20 + 1)], "delay": 0.01 * Double(index % 7)]
    }
    animations += ids.map { ["target": "from." + $0, "to": ["translate": [30, 5]]] }
    var transition: [String: Any] = [
      "type": "custom", "duration": 0.2,
      "overlays": Dictionary(uniqueKeysWithValues: overlays.map { ($0, ["color": "#000000", "opacity": 0]) }),
      "animations": animations,
    ]
    if let match { transition["match"] = [match] }
    var root: [String: Any] = [
      "size": [390, 844], "from": ["background": "#F2F2F7", "layers": layers],
      "to": ["background": "#FFFFFF", "layers": toLayers], "transition": transition,
    ]
    if let name { root["name"] = name }
    let data = try JSONSerialization.data(withJSONObject: root, options: [.sortedKeys])
    return String(decoding: data, as: UTF8.self)
  }

  /// A name, an overlay, an id or a file name with a control character is refused at its field:
  /// exit 2, the field named, nothing written to stdout.
  @Test func controlCharactersAreRefusedAtTheirField() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let payload = "print(\"segueInjected\")"
    // Each with the number of fields that hold the bad text (the matched id is in both screens).
    let cases: [(file: String, text: String, field: String, errors: Int)] = [
      ("overlay.json", try Self.scene(name: "a", overlays: ["dim\r" + payload], ids: []), "transition.overlays.dim", 1),
      ("id.json", try Self.scene(name: "b", overlays: [], ids: ["card\u{2028}" + payload]), "from.layers.0.id", 1),
      ("name.json", try Self.scene(name: "c\r" + payload, overlays: [], ids: []), "name", 1),
      ("match.json", try Self.scene(name: "d", overlays: [], ids: [], match: "art\u{85}"), "from.layers.0.id", 2),
      ("file\r\(payload).json", try Self.scene(name: nil, overlays: ["dim"], ids: []), "", 1),
    ]
    for (file, text, field, errors) in cases {
      let path = folder.path + "/" + file
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      let result = try SegueProcess.run(["swift", path])
      #expect(result.status == 2, "\(file): \(result.stdout.prefix(300))")
      #expect(result.stdout.isEmpty)
      let at = field.isEmpty ? "the scene has no 'name' and its file's name" : "at '\(field)"
      #expect(result.stderr.contains(at), "\(file): \(result.stderr)")
      #expect(!result.stderr.contains("\r") && !result.stderr.contains("\u{2028}"), "\(result.stderr)")
      // One cause, one error: no follow-on "unknown target" for what names the refused text.
      #expect(result.stderr.split(separator: "\n").count == errors, "\(file): \(result.stderr)")
    }
  }

  /// Names built to break out of a comment or a literal (a quote, a backslash, `*/`, a call
  /// split by the line wrapper, a 113-byte name, a 100-letter identifier) leave no code behind:
  /// every file parses, and outside its comments and literals no `segueInjected` stands.
  @Test func sceneTextNeverBecomesCode() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let breakouts = [
      "x(a, nonisolated(unsafe)let(CACurrentMediaTime)={segueInjected();return(0.0)})",
      "\" segueInjected() \"", "\\\" segueInjected() ‖", "*/ segueInjected() /*", "\\(segueInjected())",
      String(repeating: "a", count: 30) + "\"b(c, segueInjected(), d)\"",
      "q\" " + String(repeating: "w", count: 90) + " f(a, segueInjected(), b) \"",
    ]
    var files: [String] = []
    for (index, text) in breakouts.enumerated() {
      // A scene's name has no path separator (it names a folder).
      let named = text.filter { $0 != "/" && $0 != "\\" } + String(repeating: "n", count: 113)
      let name = String(named.utf8.prefix(113)) ?? text
      // Overlay names and ids have no '.' (it separates a screen from an id).
      let undotted = text.replacingOccurrences(of: ".", with: ",")
      let scene = try Self.scene(name: name, overlays: [undotted, String(repeating: "v", count: 100)], ids: [undotted])
      let file = folder.path + "/breakout-\(index).json"
      try scene.write(toFile: file, atomically: true, encoding: .utf8)
      files.append(file)
    }
    for file in files {
      let result = try SegueProcess.run(["swift", file, "-o", file + ".swift"])
      #expect(result.status == 0, "\(file): \(result.stderr)")
      let source = try String(contentsOfFile: file + ".swift", encoding: .utf8)
      #expect(!SwiftCodeScanner.contains(identifier: "segueInjected", in: SwiftCodeScanner.code(source)), "\(file)")
    }
    let parsed = try StandInHarness.swiftc(["-parse"] + files.map { $0 + ".swift" }, in: folder.path)
    #expect(parsed.status == 0, "\(parsed.stderr.prefix(3000))")
  }
}
