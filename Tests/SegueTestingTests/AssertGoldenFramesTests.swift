import Foundation
import SegueKit
import SegueTesting
import Testing

/// `assertGoldenFrames` as a test suite uses it: the first run records and fails, the next
/// passes, a changed frame fails with a message naming it and its pictures, and a CI run never
/// writes.
struct AssertGoldenFramesTests {
  /// 20 × 10 px, 0.2 s at 10 fps: frames 0, 1, 2, black to white.
  static func fade(to colour: String = "#FFFFFF") throws -> TransitionScene {
    try TransitionScene(
      json: """
        {"name": "tiny", "size": [20, 10], "scale": 1, "fps": 10, "from": {"background": "#000000"},
         "to": {"background": "\(colour)"}, "transition": {"type": "fade", "duration": 0.2, "curve": "linear"}}
        """)
  }

  static func folder() -> String {
    FileManager.default.temporaryDirectory.path + "/segue-assert-\(UUID().uuidString)"
  }

  @Test func recordsThenPassesThenFailsNamingTheFrames() throws {
    let root = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let goldens = GoldenFrames(golden: root + "/goldens", failures: root + "/failures", ci: false)
    let scene = try Self.fade()
    withKnownIssue {
      assertGoldenFrames(of: scene, in: goldens)
    } matching: { issue in
      "\(issue)".contains("recorded 3 goldens in \(root)/goldens/tiny; run the test again to compare")
    }
    #expect(
      try FileManager.default.contentsOfDirectory(atPath: root + "/goldens/tiny").sorted() == [
        "frame_0000.png", "frame_0001.png", "frame_0002.png", "manifest.json",
      ])
    assertGoldenFrames(of: scene, in: goldens)
    // The scene now fades to red: frames 1 and 2 change (by 128 and 255 levels of green and
    // blue), frame 0 (all black) does not.
    let changed = try Self.fade(to: "#FF0000")
    withKnownIssue {
      assertGoldenFrames(of: changed, in: goldens)
    } matching: { issue in
      let text = "\(issue)"
      return text.contains("tiny/frame_0001.png: 200 pixels differ (100.00 %), max channel difference 128")
        && text.contains("tiny/frame_0002.png: 200 pixels differ (100.00 %), max channel difference 255")
        && !text.contains("frame_0000.png")
        && text.contains("pictures of the failing frames: \(root)/failures/tiny/scenes/tiny")
    }
    #expect(FileManager.default.fileExists(atPath: root + "/failures/tiny/scenes/tiny/frame_0001.diff.png"))
    #expect(FileManager.default.fileExists(atPath: root + "/failures/tiny/index.html"))
    // The goldens were left as they were (`missing` records only what does not exist).
    assertGoldenFrames(of: scene, in: goldens)
  }

  @Test func aCIRunNeverWritesAGolden() throws {
    let root = Self.folder()
    defer { try? FileManager.default.removeItem(atPath: root) }
    let goldens = GoldenFrames(golden: root + "/goldens", recording: .all, failures: root + "/failures", ci: true)
    let scene = try Self.fade()
    withKnownIssue {
      assertGoldenFrames(of: scene, in: goldens)
    } matching: { issue in
      "\(issue)".contains("tiny/frame_0000.png: no golden")
        && "\(issue)".contains("a CI run never writes them")
    }
    #expect(!FileManager.default.fileExists(atPath: root + "/goldens"))
  }

  @Test func aSceneFileThatCannotBeLoadedFailsWithItsErrors() {
    withKnownIssue {
      assertGoldenFrames(ofSceneAt: "/no/such/scene.json", in: GoldenFrames(golden: "/no/such/goldens", ci: true))
    } matching: { issue in
      "\(issue)".contains("/no/such/scene.json")
    }
  }

  /// The library's errors are `SegueError`, caught as the docs show.
  @Test func aSegueErrorIsCaughtByType() {
    do {
      _ = try TransitionScene(json: #"{"name": "x", "size": [10, 10]}"#, file: "x.json")
      Issue.record("an incomplete scene loaded")
    } catch let error as SegueError {
      #expect(error.message.hasPrefix("x.json: "), "\(error.message)")
    } catch {
      Issue.record("not a SegueError: \(error)")
    }
  }
}
