import Foundation
import SegueKit
import Testing

/// The library's facade (TransitionScene, FrameImage, FrameDifference), used as a package that
/// depends on SegueKit uses it: through `import SegueKit` alone.
struct LibraryTests {
  /// The repository's root, found from this file.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent().path

  @Test func aSceneFileRendersItsGoldenFrames() throws {
    let scene = try TransitionScene.load(Self.root + "/scenes/circle-present.json", scale: 1)
    #expect(scene.name == "circle-present")
    #expect(scene.frameCount == 31)
    #expect(scene.width == 390 && scene.height == 844)
    for index in [0, 15, 30] {
      let golden = try FrameImage(
        contentsOfPNG: Self.root + "/Tests/Goldens/circle-present/frame_\(String(format: "%04d", index)).png")
      let difference = scene.frame(index).compared(to: golden)
      #expect(difference.matches, "frame \(index): \(difference)")
    }
    let golden = try FrameImage(contentsOfPNG: Self.root + "/Tests/Goldens/circle-present/frame_0030.png")
    let start = scene.frame(0).compared(to: golden)
    #expect(!start.matches)
    #expect(start.differingPixels > 0 && start.maxChannelDifference > 2)
  }

  @Test func aSceneBuiltFromJSONRendersWritesAndReadsBack() throws {
    let scene = try TransitionScene(
      json: """
        {"name": "fade", "size": [4, 2], "scale": 1, "fps": 10,
         "from": {"background": "#FFFFFF"}, "to": {"background": "#000000"},
         "transition": {"type": "fade", "duration": 1, "curve": "linear"}}
        """)
    #expect(scene.frameCount == 11 && scene.fps == 10 && scene.duration == 1)
    let middle = scene.frame(5)
    #expect(middle.pixel(x: 0, y: 0) == (127, 127, 127, 255))  // black at opacity 0.5 over white
    #expect(scene.frame(99) == scene.frame(10))
    let folder = FileManager.default.temporaryDirectory.path + "/segue-library-\(UUID().uuidString)"
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try middle.writePNG(to: folder + "/middle.png")
    #expect(try FrameImage(contentsOfPNG: folder + "/middle.png") == middle)
    #expect(try middle.pngData().starts(with: [0x89, 0x50, 0x4E, 0x47]))
  }

  @Test func problemsAreErrorsWithTheirPlace() {
    #expect(throws: SegueError.self) { try TransitionScene.load(Self.root + "/scenes/no-such-scene.json") }
    do {
      _ = try TransitionScene(json: #"{"transition": {"type": "fade", "duration": -1}}"#, file: "x.json")
      Issue.record("a negative duration was accepted")
    } catch let error as SegueError {
      #expect(error.message.contains("x.json: at 'transition.duration'"), "\(error)")
    } catch {
      Issue.record("not a SegueError: \(error)")
    }
    #expect(FrameImage(width: 2, height: 2, rgba: [0, 0, 0]) == nil)
  }

  @Test func framesOfDifferentSizesNeverMatch() throws {
    let small = try #require(FrameImage(width: 1, height: 1, rgba: [0, 0, 0, 255]))
    let large = try #require(FrameImage(width: 2, height: 1, rgba: [0, 0, 0, 255, 0, 0, 0, 255]))
    let difference = small.compared(to: large)
    #expect(!difference.matches)
    #expect(difference.summary == "sizes differ: expected 2x1, got 1x1")
    #expect(small.compared(to: small).summary == "identical")
    let brighter = try #require(FrameImage(width: 1, height: 1, rgba: [3, 0, 0, 255]))
    #expect(!brighter.compared(to: small).matches)
    #expect(brighter.compared(to: small, channelTolerance: 3).matches)
    #expect(brighter.compared(to: small, maxDifferingPixels: 1).matches)
  }
}
