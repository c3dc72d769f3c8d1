import Foundation
import SegueKit
import SegueTesting
import Testing

// This package sits two folders below Segue's checkout, whose scenes and goldens it uses.
let segue = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("../../../..")
  .standardizedFileURL.path

@Test func circlePresentMatchesItsGoldens() {
  // The repository's goldens are key frames at scale 1; CI never records.
  assertGoldenFrames(
    ofSceneAt: segue + "/scenes/circle-present.json", scale: 1,
    in: GoldenFrames(golden: segue + "/Tests/Goldens"))
}

@Test func aSceneMadeInCodeIsRecordedThenChecked() throws {
  let goldens = FileManager.default.temporaryDirectory.path + "/consumer-goldens-\(UUID().uuidString)"
  defer { try? FileManager.default.removeItem(atPath: goldens) }
  func fade(to colour: String) throws -> TransitionScene {
    try TransitionScene(
      json: """
        {"name": "fade", "size": [40, 20], "scale": 1, "fps": 10,
         "from": {"background": "#FFFFFF"}, "to": {"background": "\(colour)"},
         "transition": {"type": "fade", "duration": 0.5, "curve": "linear"}}
        """)
  }
  // ci: false records here even on a CI machine; leave it out to follow the CI variable.
  let frames = GoldenFrames(golden: goldens, frames: "0,50%,last", ci: false)

  // The first run records the goldens, and fails saying so.
  let black = try fade(to: "#000000")
  withKnownIssue {
    assertGoldenFrames(of: black, in: frames)
  } matching: { issue in
    "\(issue)".contains("recorded 3 goldens")
  }
  // The next run passes.
  assertGoldenFrames(of: black, in: frames)
  // A change fails, naming the frames that differ and where their pictures are.
  let blue = try fade(to: "#0000FF")
  withKnownIssue {
    assertGoldenFrames(of: blue, in: frames)
  } matching: { issue in
    "\(issue)".contains("fade/frame_0005.png: 800 pixels differ")
      && "\(issue)".contains("pictures of the failing frames")
  }
}

@Test func problemsAreSegueErrors() {
  do {
    _ = try TransitionScene(json: #"{"transition": {"type": "fade", "duration": -1}}"#, file: "x.json")
  } catch let error as SegueError {
    #expect(error.message.contains("x.json: at 'transition.duration'"))
  } catch {
    Issue.record("not a SegueError: \(error)")
  }
}
