import Testing

@testable import SegueGolden

/// The summary line counts frames and scenes apart.
struct CheckReportTests {
  func frames(_ statuses: [CheckReport.Frame.Status], recorded: Bool = false) -> [CheckReport.Frame] {
    statuses.enumerated().map { index, status in
      CheckReport.Frame(index: index, file: "frame_\(index).png", status: status, recorded: recorded)
    }
  }

  @Test func oneSceneWithOneMatchingFrameOfNineteen() {
    let report = CheckReport(
      scenes: [
        CheckReport.Scene(name: "demo", file: "demo.json", frames: frames([.pass] + Array(repeating: .fail, count: 18)))
      ],
      settings: "")
    #expect(report.summary == "check: 1 of 19 frames match in 1 scene; 18 differ in 1 scene")
  }

  @Test func everyKindOfFindingIsCountedOnce() {
    let report = CheckReport(
      scenes: [
        CheckReport.Scene(name: "a", file: "a.json", frames: frames([.pass, .fail, .size, .missing])),
        CheckReport.Scene(name: "b", file: "b.json", frames: frames([.fail, .invalid])),
        CheckReport.Scene(name: "c", file: "c.json", frames: frames([.missing, .missing], recorded: true)),
        CheckReport.Scene(
          name: "d", file: "d.json", frames: frames([.pass]),
          frameCountChange: FrameCountChange(goldenFrames: 19, sceneFrames: 13, staleFiles: ["frame_0018.png"])),
        CheckReport.Scene(name: "e", file: "e.json", error: "e.json: not JSON"),
        CheckReport.Scene(name: "f", file: "f.json", frames: frames([.pass, .pass])),
      ], settings: "")
    // 4 of 11 frames pass; fail+size in a, fail in b: 3 in 2 scenes; one frame of a has no
    // golden; b's golden is unreadable; d's count changed; e is broken; c's two were recorded.
    #expect(
      report.summary
        == "check: 4 of 11 frames match in 6 scenes; 3 differ in 2 scenes; 1 has no golden in 1 scene; "
        + "1 golden is unreadable in 1 scene; frame count changed in 1 scene; 1 scene could not be checked; "
        + "2 goldens recorded")
    #expect(report.scenes.map(\.failed) == [true, true, true, true, true, false])
  }

  @Test func aFrameCountChangeIsOneFinding() {
    let six = (13...18).map { "frame_00\($0).png" }
    #expect(
      FrameCountChange(goldenFrames: 19, sceneFrames: 13, staleFiles: six).message
        == "frame count 19 -> 13: 6 goldens past the last frame (frame_0013.png ... frame_0018.png)")
    #expect(
      FrameCountChange(goldenFrames: 31, sceneFrames: 20, staleFiles: ["frame_0030.png"], removed: true).message
        == "frame count 31 -> 20: 1 golden past the last frame (frame_0030.png); removed it")
  }
}
