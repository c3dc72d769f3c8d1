import Testing

/// A screen scaled to its frame (`"resize": "transform"`) animates `transform.scale` by its frame
/// over the bounds it keeps: a frame computed as a sum or difference is divided as a whole.
struct KeptBoundsExportTests {
  @Test func aFrameOfTheSafeAreaIsDividedAsAWhole() throws {
    let scene = #"""
      {"size": [390, 844], "safeArea": [47, 0, 34, 0], "from": {"resize": "transform"}, "to": {},
       "transition": {"type": "custom", "operation": "dismiss", "animations": [
         {"target": "from", "to": {"frame": {"of": "safeArea"}}}]}}
      """#
    guard case .success(let source) = ExportedScene.source(scene) else {
      Issue.record("the scene did not export")
      return
    }
    // The safe area's width is W − left − right: divided by the kept width, in brackets
    // (written without them, only `right` would be divided).
    #expect(
      source.contains(
        "(container.bounds.width - container.safeAreaInsets.left - container.safeAreaInsets.right) / "
          + "fromScreenKept.width"))
    #expect(!source.contains("container.safeAreaInsets.right / fromScreenKept.width"))
  }
}
