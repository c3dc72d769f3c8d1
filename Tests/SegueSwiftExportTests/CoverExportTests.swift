import Testing

/// A circle mask that covers a frame is exported as the arithmetic that computes its radius
/// from the running app, never as the number of the scene's device.
struct CoverExportTests {
  static let scene = #"""
    {"size": [390, 844], "from": {}, "to": {}, "transition": {"type": "custom", "duration": 0.5, "animations": [
      {"target": "to", "from": {"mask": {"circle": [40, 100, 1]}},
       "to": {"mask": {"circle": [40, 100, {"cover": "container"}]}}}]}}
    """#

  @Test func theRadiusIsComputedFromTheContainerAtRunTime() throws {
    guard case .success(let source) = ExportedScene.source(Self.scene) else {
      Issue.record("the scene did not export")
      return
    }
    // The container in `to`'s points starts at −toFrame.minX: cx − x = 40 + toFrame.minX and
    // x + w − cx = container.bounds.width − toFrame.minX − 40 (and likewise down).
    #expect(source.contains("max(40 + toFrame.minX, container.bounds.width - toFrame.minX - 40)"))
    #expect(source.contains("max(100 + toFrame.minY, container.bounds.height - toFrame.minY - 100)"))
    #expect(source.contains("radius: Self.length("))
    #expect(source.contains("private static func length(_ x: CGFloat, _ y: CGFloat) -> CGFloat"))
    // sqrt(350² + 744²) = 822.2 on the scene's own container is nowhere a constant.
    #expect(!source.contains("822.2"))
  }
}

/// An overlay drawn as a circle is a view rounded by half its side when its frame is a square on
/// every device, and refused when it is a square only on the scene's own.
struct CircleOverlayExportTests {
  static func scene(_ rect: String) -> String {
    #"{"size": [390, 844], "from": {}, "to": {}, "transition": {"type": "custom", "duration": 0.5, "#
      + #""overlays": {"bubble": {"shape": "ellipse", "rect": \#(rect)}}, "animations": ["#
      + #"{"target": "bubble", "from": {"scale": 0.001}, "to": {"scale": 1}}]}}"#
  }

  @Test(arguments: [#"{"circle": [300, 600, {"cover": "container"}]}"#, "[10, 20, 40, 40]"])
  func aSquareOnEveryDeviceIsRoundedByHalfItsSide(rect: String) throws {
    guard case .success(let source) = ExportedScene.source(Self.scene(rect)) else {
      Issue.record("the scene did not export")
      return
    }
    #expect(source.contains("bubbleView.layer.cornerRadius = bubbleView.layer.bounds.width / 2"))
  }

  @Test func aSquareOnlyOnTheScenesDeviceIsRefused() {
    // 390 wide and 390 high on a 390-point container only: pinned to its width.
    let messages = ExportedScene.errors([("s.json", Self.scene(#"{"left": 0, "right": 0, "top": 100, "height": 390}"#))]
    )
    #expect(messages.count == 1)
    #expect(
      messages.first?.hasPrefix("s.json: at 'transition.overlays.bubble.shape': an overlay drawn as an ellipse") == true
    )
  }
}
