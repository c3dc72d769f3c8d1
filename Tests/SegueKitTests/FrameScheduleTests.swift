import Testing

@testable import SegueKit

/// Which frame each tick of a video or GIF shows, and how long each GIF image lasts.
struct FrameScheduleTests {
  typealias Entry = FrameSchedule.Entry

  @Test func everyFrameAtTheSceneRateIsOneTickEach() {
    let schedule = FrameSchedule(frames: Array(0...4))
    #expect(schedule.ticks == [0, 1, 2, 3, 4] && schedule.tickCount == 5)
    #expect(schedule.entries.allSatisfy { $0.ticks == 1 })
  }

  @Test func aSelectedFrameStaysUpUntilTheNextOne() {
    let schedule = FrameSchedule(frames: [0, 3, 5])
    #expect(schedule.entries == [Entry(frame: 0, ticks: 3), Entry(frame: 3, ticks: 2), Entry(frame: 5, ticks: 1)])
    #expect(schedule.ticks == [0, 0, 0, 3, 3, 5])
  }

  @Test func aStepSkipsFramesButNeverTheLast() {
    // 0…30 by 2: 16 ticks, the last on frame 30.
    #expect(FrameSchedule(frames: Array(0...30), step: 2).ticks == Array(stride(from: 0, through: 30, by: 2)))
    // 0…31 by 2: frame 31 is not on a tick of its own but still ends the animation.
    #expect(FrameSchedule(frames: Array(0...31), step: 2).ticks == Array(stride(from: 0, through: 30, by: 2)) + [31])
    // Gaps longer than the step: frame 0 covers the ticks at 0, 2, 4 and 6.
    #expect(FrameSchedule(frames: [0, 7], step: 2).entries == [Entry(frame: 0, ticks: 4), Entry(frame: 7, ticks: 1)])
    // A selection that does not start at 0 starts its ticks at its first frame.
    #expect(FrameSchedule(frames: [5, 6, 7, 8], step: 3).ticks == [5, 8])
  }

  @Test func oneFrameOrNone() {
    #expect(FrameSchedule(frames: [5]).entries == [Entry(frame: 5, ticks: 1)])
    #expect(FrameSchedule(frames: []).entries.isEmpty)
  }

  @Test func gifDelaysEndOnTheRoundedTimeOfTheirLastTickAndTheLastHolds() {
    // 30 ticks a second: 3.33 hundredths each, so 3, 4, 3, 3, 4, 3 … never drifting.
    let delays = GIFTiming.centiseconds(FrameSchedule(frames: Array(0...30), step: 2), ticksPerSecond: 30, hold: 1)
    #expect(delays.count == 16 && delays.prefix(6) == [3, 4, 3, 3, 4, 3] && delays.last == 100)
    #expect(delays.dropLast().reduce(0, +) == 50)  // 15 ticks of 1/30 s
    #expect(GIFTiming.centiseconds(FrameSchedule(frames: [0, 3, 5]), ticksPerSecond: 10, hold: 1) == [30, 20, 100])
    #expect(GIFTiming.centiseconds(FrameSchedule(frames: [2]), ticksPerSecond: 10, hold: 1.5) == [150])
  }
}
