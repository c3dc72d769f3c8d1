import Testing

/// The page sheet's animator takes the sheet's frame from the context, where UIKit's
/// presentation controller decides it, and the screen behind from the container and its safe
/// area; a dismiss reads the presenting view's frame under no transform, since the present left
/// it scaled.
struct SheetExportTests {
  static func scene(_ operation: String, top: String = "") -> String {
    #"{"size": [390, 844], "safeArea": [47, 0, 34, 0], "from": {}, "to": {}, "#
      + #""transition": {"type": "sheet", "operation": "\#(operation)"\#(top)}}"#
  }

  static func source(_ json: String) -> String {
    guard case .success(let source) = ExportedScene.source(json) else {
      Issue.record("the scene did not export")
      return ""
    }
    return source
  }

  @Test func thePresentedSheetIsWhereTheFinalFrameSays() {
    let source = Self.source(Self.scene("present"))
    #expect(source.contains("let toFrame = Self.screenFrame(toController.map(transitionContext.finalFrame(for:)),"))
    #expect(source.contains("from: container.bounds.height, to: toFrame.minY"))
    #expect(source.contains("CGRect(x: 0, y: 0, width: container.bounds.width, height: toFrame.height)"))
    #expect(source.contains("anchor: CGPoint(x: 0.5, y: container.safeAreaInsets.top / container.bounds.height)"))
    #expect(source.contains("(container.bounds.width - 32) / container.bounds.width"))
    // The sheet's top is never recomputed from the safe area.
    #expect(!source.contains("container.safeAreaInsets.top + 10"))
  }

  @Test func theDismissedSheetStartsWhereTheInitialFrameSays() {
    let source = Self.source(Self.scene("dismiss"))
    #expect(source.contains("Self.screenFrame(fromController.map(transitionContext.initialFrame(for:)),"))
    #expect(source.contains("from: fromFrame.minY, to: container.bounds.height"))
    #expect(!source.contains("container.safeAreaInsets.top + 10"))
    // The presenting view's frame as laid out, not `toView.frame` under the present's scale.
    #expect(!source.contains("let toFrame = toView.frame"))
    #expect(source.contains("y: toView.layer.position.y - toView.layer.anchorPoint.y * toView.bounds.height,"))
  }

  @Test func aStatedTopStaysTheScenesNumber() {
    let source = Self.source(Self.scene("present", top: #", "top": 54"#))
    #expect(source.contains("to: 54"))
    #expect(source.contains("anchor: CGPoint(x: 0.5, y: 44 / container.bounds.height)"))
    #expect(!source.contains("transitionContext.finalFrame(for:)"))
  }
}
