import Foundation
import SegueGeometry
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene
import Testing

/// Scenes found by fuzzing the whole pipeline (decode, plan, display list, compositor), each
/// minimized: they trapped, hung, or disagreed between commands. Every one is now an error
/// message or a frame drawn by the contract.
struct FuzzRegressionTests {
  static func decodeErrors(_ text: String) -> [String] {
    do {
      _ = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  static func expansionErrors(_ text: String) -> [String] {
    do {
      _ = try SceneExpansion.text(of: Array(text.utf8), file: "s.json", defaultName: "s")
      return []
    } catch {
      return error.errors.map(\.description)
    }
  }

  /// Loads a scene from its text (planned, as `render` does).
  static func load(_ text: String) throws -> LoadedScene {
    try LoadedScene(scene: SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s"), file: "s.json")
  }

  /// Every frame of the scene and of its expansion: the same pixels (what `segue expand`
  /// promises, byte for byte).
  static func expectExpansionRendersTheSame(_ text: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
  {
    let original = try load(text)
    let expanded = try load(SceneExpansion.text(of: Array(text.utf8), file: "s.json", defaultName: "s"))
    let a = FrameRenderer(original)
    let b = FrameRenderer(expanded)
    #expect(a.frameCount == b.frameCount, sourceLocation: sourceLocation)
    for index in 0..<min(a.frameCount, b.frameCount) {
      #expect(a.render(frame: index) == b.render(frame: index), "frame \(index)", sourceLocation: sourceLocation)
    }
  }

  /// A sheet is W x (H - top) points: with `top` at or past the container's bottom (the
  /// default 54 in a 30 pt container) it has no height. The preset drew nothing of it, but its
  /// expansion was a screen of size [40, 0], which the custom decoder refused (sizes had to be
  /// positive), so `expand` printed a scene that did not render. A custom screen's size may now
  /// be zero, as any frame's may: it draws nothing.
  @Test(arguments: [#""operation": "present""#, #""operation": "dismiss""#, #""operation": "dismiss", "top": 1000000"#])
  func aSheetWithNoRoomExpandsToAScreenOfNoHeight(parameters: String) throws {
    let text = ##"""
      {"size": [40, 30], "scale": 1, "fps": 10, "from": {"background": "#FF0000"}, "to": {"background": "#00FF00"},
       "transition": {"type": "sheet", \##(parameters)}}
      """##
    let expanded = try SceneExpansion.text(of: Array(text.utf8), file: "s.json", defaultName: "s")
    #expect(expanded.contains(#""size": [40, 0]"#), "\(expanded)")
    try Self.expectExpansionRendersTheSame(text)
    #expect(
      Self.decodeErrors(#"{"size": [40, 30], "from": {"size": [40, -1]}, "to": {}, "transition": {"type": "custom"}}"#)
        == ["s.json: at 'from.size': expected [width, height] in points, both not negative, got [40, -1]"])
  }
}
