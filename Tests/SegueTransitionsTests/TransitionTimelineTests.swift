import Foundation
import Testing

@testable import SegueScene
@testable import SegueTiming
@testable import SegueTransitions

/// Interactive timelines: scrub linearly, then finish or cancel with the completion curve.
struct TransitionTimelineTests {
  func timeline(release: Interaction.Release) -> TransitionTimeline {
    TransitionTimeline(
      duration: 0.5, curve: .bezier(.easeIn), fps: 60,
      interaction: Interaction(scrub: [(0, 0), (0.25, 0.4)], release: release))
  }

  @Test func cancelReturnsToTheStart() {
    let timeline = timeline(release: .cancel)
    // T_c = 0.4 · 0.5 / 1 = 0.2 s; the timeline lasts 0.45 s: frames 0…27.
    #expect(timeline.frameCount == 28)
    #expect(abs(timeline.frame(6).progress - 0.16) < 1e-12)  // t = 0.1: linear scrub, no easeIn
    #expect(abs(timeline.frame(15).progress - 0.4) < 1e-12)  // released
    // t = 0.35: halfway through the completion, easeInOut(0.5) = 0.5, p = 0.4 · (1 − 0.5).
    #expect(abs(timeline.frame(21).progress - 0.2) < 1e-9)
    #expect(timeline.frame(27).state == .start)
  }

  @Test func finishRunsTheRest() {
    let timeline = timeline(release: .finish)
    // T_c = 0.6 · 0.5 = 0.3 s; total 0.55 s: frames 0…33.
    #expect(timeline.frameCount == 34)
    #expect(abs(timeline.frame(24).progress - 0.7) < 1e-9)  // t = 0.4: 0.4 + 0.6 · 0.5
    #expect(timeline.frame(33).state == .end)
  }

  @Test func completionSpeedShortensTheCompletion() {
    let timeline = TransitionTimeline(
      duration: 0.5, curve: .bezier(.easeIn), fps: 60,
      interaction: Interaction(scrub: [(0, 0), (0.25, 0.4)], release: .finish, completionSpeed: 2))
    #expect(abs(timeline.clock.duration - 0.4) < 1e-12)  // 0.25 + 0.3 / 2
  }

  @Test func plainTimelinesUseTheCurve() {
    let timeline = TransitionTimeline(duration: 0.35, curve: .bezier(.easeInEaseOut), fps: 60)
    #expect(timeline.frameCount == 22)
    // TIMING.md §2.3: frame 5 of easeInEaseOut over 0.35 s is 0.116858.
    #expect(abs(timeline.frame(5).progress - 0.116858) < 1e-6)
    #expect(timeline.frame(21).state == .end)
  }
}
