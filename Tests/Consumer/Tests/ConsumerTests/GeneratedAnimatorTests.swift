import Testing

/// The animator the SegueAnimators plugin wrote from Sources/Transitions/card-push.json at build
/// time, run on the UIKit stand-in: it is there, it moves the views the scene moves, and it
/// completes the transition.
struct GeneratedAnimatorTests {
  @Test @MainActor func thePluginWritesTheScenesAnimator() {
    let run = CardPushRun.play()
    #expect(run.duration == 0.4)
    // easeInOut is 0.5 halfway: the incoming screen, from translate 390 to 0, is at 195.
    #expect(abs(run.halfwayLeftEdge - 195) < 1e-3)
    #expect(run.cardHiddenMeanwhile && run.cardShownAfter)
    #expect(run.completions == [true])
    #expect(run.finalTranslation == 0)
  }
}
