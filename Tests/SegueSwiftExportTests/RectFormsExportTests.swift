import Testing

/// Snapshot and overlay rects and a mask layer's frame written as pins, shares of a view's size
/// and frames of views are exported as the arithmetic that computes them from the running app,
/// never as the numbers of the scene's device (390 x 844 here).
struct RectFormsExportTests {
  static let scene = #"""
    {"size": [390, 844], "from": {"layers": [{"id": "logo", "rect": [155, 377, 80, 90]}]}, "to": {},
     "transition": {"type": "custom", "duration": 0.5, "stack": ["to", "left", "shade"],
      "snapshots": {"left": {"of": "from",
        "rect": {"left": 0, "top": 0, "bottom": 0, "width": {"of": "from", "times": 0.5}}}},
      "overlays": {"shade": {"rect": {"of": "container", "inset": [0, 20, 0, 20]}, "opacity": 0.5}},
      "animations": [
        {"target": "to", "from": {"mask": {"rect": [0, 0, 80, 90]}}, "to": {"opacity": 1}},
        {"target": "to.mask", "from": {"frame": {"of": "from.logo"}}, "to": {"opacity": 1}},
        {"target": "shade", "to": {"opacity": 0}}]}}
    """#

  @Test func theRectsAreComputedFromTheAppAtRunTime() throws {
    guard case .success(let source) = ExportedScene.source(Self.scene) else {
      Issue.record("the scene did not export")
      return
    }
    // The left half: half of `from`'s width as the context gives it, not 195.
    #expect(
      source.contains(
        "resizableSnapshotView(from: CGRect(x: 0, y: 0, width: fromFrame.width * 0.5, height: fromFrame.height)"))
    // The container inset 20 on the left and right: 390 − 40 = 350 is nowhere a constant.
    #expect(source.contains("CGRect(x: 20, y: 0, width: container.bounds.width - 40, height: container.bounds.height)"))
    #expect(!source.contains("350"))
    // The mask where the logo is, in `to`'s points: the logo's frame less `to`'s origin.
    #expect(source.contains("fromLogoViewFrame.minX - toFrame.minX"))
    #expect(!source.contains("width: 195"))
  }
}
