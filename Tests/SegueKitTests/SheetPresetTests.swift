import Foundation
import SegueGeometry
import SegueKit
import SegueScene
import Testing

/// UIKit's sheet as a page sheet: presented with `pageSheet` unless the scene says otherwise,
/// its top 10 points below the safe area's on every device.
struct SheetPresetTests {
  /// The expanded scene of a sheet on `device` (with `extra` transition keys), as JSON text.
  static func expandedText(device: String, extra: String = "") throws -> String {
    let text =
      #"{"name": "s", "device": "\#(device)", "from": {}, "to": {}, "transition": {"type": "sheet"\#(extra)}}"#
    return try SceneExpansion.text(of: Array(text.utf8), file: "s.json", defaultName: "s")
  }

  /// The same, as JSON.
  static func expanded(device: String, extra: String = "") throws -> [String: Any] {
    let json = try expandedText(device: device, extra: extra)
    return try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
  }

  /// The sheet's end `translate` y, the presenting view's anchor y and the sheet's height, as
  /// the expanded scene gives them on its device (they are written as formulas of the safe area).
  static func geometry(_ text: String) throws -> (top: Double, anchor: Double, height: Double) {
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
    func point(_ value: PropertyValue?) -> Point? {
      guard case .point(let point)? = value else { return nil }
      return point
    }
    guard case .custom(let custom) = scene.transition.kind else {
      Issue.record("the expanded sheet is not a custom transition")
      return (0, 0, 0)
    }
    let sheet = try #require(point(custom.animations[0].to[.translate]))
    let behind = try #require(point(custom.animations[2].from[.anchor]))
    let size = try #require(scene.to.size)
    return (sheet.y, behind.y, size.height)
  }

  /// Top = safe-area top + 10: 20 + 10 = 30 on the SE (667 tall: a sheet 637 tall, the screen
  /// behind shrinking about y 20 = 20/667 of it); 47 + 10 = 57 on an iPhone 14 (844: 787, 47/844);
  /// 59 + 10 = 69 on an iPhone 15 Pro (852: 783, 59/852).
  static let devices: [(String, Double, Double, Double)] = [
    ("iphone-se", 30, 20.0 / 667, 637), ("iphone-14", 57, 47.0 / 844, 787), ("iphone-15-pro", 69, 59.0 / 852, 783),
  ]

  @Test(arguments: Self.devices)
  func theSheetsTopIsTenBelowTheSafeArea(device: String, top: Double, anchor: Double, height: Double) throws {
    let found = try Self.geometry(try Self.expandedText(device: device))
    #expect(found.top == top && found.height == height)
    #expect(abs(found.anchor - anchor) < 1e-12)
  }

  /// A stated top wins: 54 on an iPhone 14 is a sheet 790 tall.
  @Test func aStatedTopWins() throws {
    let found = try Self.geometry(try Self.expandedText(device: "iphone-14", extra: #", "top": 54"#))
    #expect(found.top == 54 && found.height == 790)
    #expect(abs(found.anchor - 44.0 / 844) < 1e-12)
  }

  /// `{"type": "sheet"}` is presented as a page sheet (the presenting view stays where UIKit
  /// keeps it) and expands to one; a scene's own style stays.
  @Test func aSheetIsAPageSheet() throws {
    let text = #"{"size": [390, 844], "from": {}, "to": {}, "transition": {"type": "sheet"}}"#
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "s.json", defaultName: "s")
    #expect(scene.transition.presentation == .pageSheet)
    #expect(scene.transition.animatorOwns(.from) == false)
    let transition = try #require(try Self.expanded(device: "iphone-14")["transition"] as? [String: Any])
    #expect(transition["presentation"] as? String == "pageSheet")
    let full = try Self.expanded(device: "iphone-14", extra: #", "presentation": "fullScreen""#)
    #expect((full["transition"] as? [String: Any])?["presentation"] as? String == "fullScreen")
  }
}
