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

  @Test func sheetIsAGridOfSmallFramesWithLabels() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", scene)
    let result = try SegueProcess.run([
      "render", file, "-o", folder.path + "/out", "--sheet", folder.path + "/s.png", "-q",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let sheet = try decodePNGFile(folder.path + "/s.png")
    // 6 frames in one row of 160 x 120 thumbnails, 8 px apart, each over a label "#0 0.000 s"
    // ... "#5 0.500 s" (52 font pixels wide, so drawn 3 times: 21 px tall, 6 px under the
    // thumbnail): 8 + 6 · 168 by 8 + 120 + 27 + 8.
    #expect(sheet.width == 8 + 6 * 168 && sheet.height == 8 + 120 + 27 + 8)
    #expect(sheet[8 + 80, 8 + 60] == RGBA8.black.premultiplied)  // frame 0
    #expect(sheet[8 + 5 * 168 + 80, 8 + 60] == RGBA8.white.premultiplied)  // frame 5
    let background = RGBA8(r: 28, g: 28, b: 30).premultiplied
    let ink = RGBA8(r: 242, g: 242, b: 247).premultiplied
    #expect(sheet[2, 2] == background)
    // Labels start at x = the thumbnail's left, y = 8 + 120 + 6 = 134.
    // Frame 0's '#': row 0 is ".#.#.", so x 11…13 is ink at y 134…136, x 8…10 and 14…16 are not.
    #expect(sheet[11, 134] == ink && sheet[13, 136] == ink && sheet[17, 134] == ink)
    #expect(sheet[10, 134] == background && sheet[14, 134] == background && sheet[11, 133] == background)
    // Frame 5 (x 848): its '5' starts 6 font pixels on (x 866); row 0 "#####" is x 866…880,
    // row 1 "#...." only x 866…868.
    #expect((866...880).allSatisfy { sheet[$0, 134] == ink } && sheet[881, 134] == background)
    #expect(sheet[866, 137] == ink && sheet[869, 137] == background)
    // ... and its 's', 47 font pixels in (x 989): row 6 "####." is x 989…1000 at y 152…154.
    #expect(sheet[989, 152] == ink && sheet[1000, 154] == ink && sheet[1001, 152] == background)
    // Nothing under the labels (y 155 on) but the background.
    #expect((0..<sheet.width).allSatisfy { sheet[$0, 155] == background })
  }

  @Test func sheetLabelsShrinkToFitLongerLabels() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // 0.2 s at 60 fps: frames 0…12, labels up to "#12 0.200 s" (58 font pixels: twice fits 160).
    let file = try folder.write(
      "tiny.json",
      scene.replacingOccurrences(of: #""fps": 10"#, with: #""fps": 60"#).replacingOccurrences(
        of: #""duration": 0.5"#, with: #""duration": 0.2"#))
    let result = try SegueProcess.run([
      "render", file, "-o", folder.path + "/out", "--frames", "10-12", "--sheet", folder.path + "/s.png", "-q",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    let sheet = try decodePNGFile(folder.path + "/s.png")
    // 3 thumbnails; labels 14 px tall, 4 px under them.
    #expect(sheet.width == 8 + 3 * 168 && sheet.height == 8 + 120 + 18 + 8)
    let ink = RGBA8(r: 242, g: 242, b: 247).premultiplied
    // The third label, "#12 0.200 s" at x 344, y 132: its '1' (x 356) has row 0 "..#.." at x 360…361.
    #expect(sheet[360, 132] == ink && sheet[361, 133] == ink && sheet[359, 132] != ink && sheet[362, 132] != ink)
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
