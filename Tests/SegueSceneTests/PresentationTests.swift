import Testing

@testable import SegueScene

/// `presentation` on a transition (docs/custom-transitions.md, "Presentation styles"): decoded
/// for a present or dismiss, refused for a push or pop, kept by `expand`, and the screen whose
/// view the animator does not own.
struct PresentationTests {
  static func transition(_ fields: String) throws(SceneErrors) -> Transition {
    let text = #"{"size": [390, 844], "from": {}, "to": {}, "transition": {"# + fields + "}}"
    return try SceneDecoder.decode(Array(text.utf8), file: "p.json", defaultName: "p").transition
  }

  @Test func eachStyleDecidesWhoOwnsThePresentingView() throws {
    let full = try Self.transition(#""type": "fade", "operation": "present""#)
    #expect(full.presentation == nil && full.presentationStyle == .fullScreen)
    #expect(full.animatorOwns(.from) && full.animatorOwns(.to))
    for style in ["custom", "overFullScreen", "pageSheet"] {
      let present = try Self.transition(#""type": "fade", "operation": "present", "presentation": "\#(style)""#)
      #expect(present.presentingRole == .from && !present.animatorOwns(.from) && present.animatorOwns(.to))
      let dismiss = try Self.transition(#""type": "custom", "operation": "dismiss", "presentation": "\#(style)""#)
      #expect(dismiss.presentingRole == .to && dismiss.animatorOwns(.from) && !dismiss.animatorOwns(.to))
      #expect(SceneEncoder.transition(dismiss).compactText.contains(#""presentation": "\#(style)""#))
    }
  }

  @Test func aPushHasNoPresentation() {
    #expect {
      try Self.transition(#""type": "push", "operation": "push", "presentation": "custom""#)
    } throws: { error in
      (error as? SceneErrors)?.description
        == "p.json: at 'transition.presentation': 'presentation' is how a controller is presented "
        + "(modalPresentationStyle): a push has none"
    }
    #expect {
      try Self.transition(#""type": "fade", "presentation": "formSheet""#)
    } throws: { error in
      (error as? SceneErrors)?.description.contains(
        "at 'transition.presentation': expected one of 'fullScreen', 'custom', 'overFullScreen', 'pageSheet'") == true
    }
  }
}
