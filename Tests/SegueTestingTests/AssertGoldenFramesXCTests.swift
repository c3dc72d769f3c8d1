import Foundation
import SegueKit
import SegueTesting
import XCTest

/// `assertGoldenFrames` from XCTest: goldens recorded by the library, then checked.
final class AssertGoldenFramesXCTests: XCTestCase {
  func testAMatchingSceneDoesNotFail() throws {
    let root = FileManager.default.temporaryDirectory.path + "/segue-xctest-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: root) }
    let scene = try TransitionScene(
      json: """
        {"name": "tiny", "size": [20, 10], "scale": 1, "fps": 10, "from": {"background": "#000000"},
         "to": {"background": "#FFFFFF"}, "transition": {"type": "fade", "duration": 0.2, "curve": "linear"}}
        """)
    let goldens = GoldenFrames(golden: root + "/goldens", failures: root + "/failures", ci: false)
    let first = goldens.check(scene)
    XCTAssertEqual(first, "recorded 3 goldens in \(root)/goldens/tiny; run the test again to compare")
    assertGoldenFrames(of: scene, in: goldens)
    XCTAssertNil(goldens.check(scene))
  }
}
