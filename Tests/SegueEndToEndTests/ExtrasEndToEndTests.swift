import Foundation
import SegueGeometry
import Testing

@testable import SeguePNG
@testable import SegueRaster

/// `render --apng`, `render --sheet` and `gallery`.
@Suite(.serialized)
struct ExtrasEndToEndTests {
  let scene =
    ##"{"name": "tiny", "size": [40, 30], "scale": 1, "fps": 10, "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"}, "transition": {"type": "fade", "duration": 0.5, "curve": "linear"}}"##

  /// The chunk types of a PNG file, in order.
  func chunkTypes(_ bytes: [UInt8]) -> [String] {
    (PNGChunk.chunks(of: bytes) ?? []).map(\.type)
  }

  @Test func apngHasEveryFrameAndPlaysAtTheSceneRate() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", scene)
    let result = try SegueProcess.run([
      "render", file, "-o", folder.path + "/out", "--apng", folder.path + "/a.png", "-q",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a.png")))
    let chunks = try #require(PNGChunk.chunks(of: bytes))
    // IHDR, acTL, then fcTL + IDAT for frame 0, fcTL + fdAT for frames 1…5, IEND.
    #expect(chunks.first?.type == "IHDR" && chunks[1].type == "acTL" && chunks.last?.type == "IEND")
    #expect(chunks[1].data == [0, 0, 0, 6, 0, 0, 0, 0])  // 6 frames, loop forever
    let controls = chunks.filter { $0.type == "fcTL" }
    #expect(controls.count == 6 && chunks.filter { $0.type == "fdAT" }.count >= 5)
    // Sequence numbers count fcTL and fdAT from 0; delay 1/10 s, and the last frame holds 1 s
    // (delay 1/1) before the animation loops.
    #expect(Array(controls[0].data[0..<4]) == [0, 0, 0, 0])
    #expect(controls[0..<5].allSatisfy { Array($0.data[20..<24]) == [0, 1, 0, 10] })
    #expect(Array(controls[5].data[20..<24]) == [0, 1, 0, 1])
    // A viewer without APNG support shows frame 0.
    let still = try PNGDecoder.decode(bytes)
    #expect(still.width == 40 && still[0, 0] == RGBA8.black.premultiplied)
  }

  @Test func apngOfSelectedFramesKeepsTheirTimingAndHoldsTheLast() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", scene)
    let result = try SegueProcess.run([
      "render", file, "-o", folder.path + "/out", "--frames", "0,3,last", "--apng", folder.path + "/a.png", "-q",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a.png")))
    let controls = try #require(PNGChunk.chunks(of: bytes)).filter { $0.type == "fcTL" }
    // Frame 0 lasts until frame 3 (3/10 s), frame 3 until frame 5 (2/10 s), frame 5 holds 1 s.
    #expect(controls.map { Array($0.data[20..<24]) } == [[0, 3, 0, 10], [0, 2, 0, 10], [0, 1, 0, 1]])
  }

  @Test func sheetIsAGridOfSmallFrames() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", scene)
    let result = try SegueProcess.run([
      "render", file, "-o", folder.path + "/out", "--sheet", folder.path + "/s.png", "-q",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let sheet = try decodePNGFile(folder.path + "/s.png")
    // 6 frames in one row of 160 x 120 thumbnails, 8 px apart: 8 + 6 · 168 by 8 + 128.
    #expect(sheet.width == 8 + 6 * 168 && sheet.height == 8 + 128)
    #expect(sheet[8 + 80, 8 + 60] == RGBA8.black.premultiplied)  // frame 0
    #expect(sheet[8 + 5 * 168 + 80, 8 + 60] == RGBA8.white.premultiplied)  // frame 5
    #expect(sheet[2, 2] == RGBA8(r: 28, g: 28, b: 30).premultiplied)
  }

  @Test func galleryRendersEveryTypeAndOperation() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let result = try SegueProcess.run(["gallery", "-o", folder.path + "/g", "--scale", "0.25", "--fps", "10"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stdout == "gallery: 34 transitions in \(folder.path)/g; open \(folder.path)/g/index.html\n")
    let html = try String(contentsOfFile: folder.path + "/g/index.html", encoding: .utf8)
    for name in [
      "zoom-present", "stories-pop", "panel-dismiss", "circle-push", "spread-pop", "boom-dismiss", "fade-pop",
      "push-push",
      "flip-present", "cube-pop", "sheet-dismiss",
    ] {
      #expect(html.contains("src=\"\(name).png\""))
      #expect(
        chunkTypes([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/g/\(name).png")))).contains("acTL")
      )
    }
  }
}
