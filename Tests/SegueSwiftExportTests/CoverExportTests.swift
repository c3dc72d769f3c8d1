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
