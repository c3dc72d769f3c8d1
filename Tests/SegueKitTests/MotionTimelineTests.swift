import Foundation
import Testing

@testable import SegueKit
@testable import SegueMotion
@testable import SegueScene
@testable import SegueTiming

/// Interactive timelines: scrub linearly, then finish or cancel with the completion curve.
struct MotionTimelineTests {
  func timeline(release: String, speed: Double = 1) throws -> MotionTimeline {
    try SceneFixture.scene(
      fps: 60, transition: #"{"type": "fade", "duration": 0.5, "curve": "easeIn"}"#,
      interaction: #"{"scrub": [[0, 0], [0.25, 0.4]], "release": "\#(release)", "completionSpeed": \#(speed)}"#
    ).timeline
  }

  @Test func cancelReturnsToTheStart() throws {
    let timeline = try timeline(release: "cancel")
    // T_c = 0.4 · 0.5 / 1 = 0.2 s; the timeline lasts 0.45 s: frames 0…27.
    #expect(timeline.frameCount == 28)
    #expect(abs(timeline.frame(6).progress - 0.16) < 1e-12)  // t = 0.1: linear scrub, no easeIn
    #expect(abs(timeline.frame(15).progress - 0.4) < 1e-12)  // released
    // t = 0.35: halfway through the completion, easeInOut(0.5) = 0.5, p = 0.4 · (1 − 0.5).
    #expect(abs(timeline.frame(21).progress - 0.2) < 1e-9)
    #expect(timeline.frame(27).moment == .start)
  }

  @Test func finishRunsTheRest() throws {
    let timeline = try timeline(release: "finish")
    // T_c = 0.6 · 0.5 = 0.3 s; total 0.55 s: frames 0…33.
    #expect(timeline.frameCount == 34)
    #expect(abs(timeline.frame(24).progress - 0.7) < 1e-9)  // t = 0.4: 0.4 + 0.6 · 0.5
    #expect(timeline.frame(33).moment == .end)
  }

  @Test func completionSpeedShortensTheCompletion() throws {
    #expect(abs(try timeline(release: "finish", speed: 2).clock.duration - 0.4) < 1e-12)  // 0.25 + 0.3 / 2
  }

  @Test func plainTimelinesUseTheCurve() throws {
    let timeline = try SceneFixture.scene(
      fps: 60, transition: #"{"type": "fade", "duration": 0.35, "curve": "easeInOut"}"#
    ).timeline
    #expect(timeline.frameCount == 22)
    // The bezier oracle: frame 5 of easeInEaseOut over 0.35 s is 0.116858.
    #expect(abs(timeline.frame(5).progress - 0.116858) < 1e-6)
    #expect(timeline.frame(21).moment == .end)
  }
}
