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
    // Captions in words, not JSON: the catalog's timing for each type and operation.
    let captions = try Self.playerCaptions(html)
    #expect(captions.count == 34)
    #expect(captions["boom-present"] == "boom present · 0.5 s, spring, damping 0.4, velocity 2.5")
    #expect(captions["push-pop"] == "push pop · 0.5 s, system spring")
    #expect(captions["zoom-dismiss"]?.hasPrefix("zoom dismiss, from a 200 x 200 tile at (95, 272) · ") == true)
    #expect(!captions.values.contains { $0.contains("{") })
    #expect(html.contains("<body class=\"segue-page\" data-layout=\"gallery\">"))
    for name in [
      "zoom-present", "stories-pop", "panel-dismiss", "circle-push", "spread-pop", "boom-dismiss", "fade-pop",
      "push-push",
      "flip-present", "cube-pop", "sheet-dismiss",
    ] {
      #expect(
        chunkTypes([UInt8](try Data(contentsOf: URL(fileURLWithPath: folder.path + "/g/\(name).png")))).contains("acTL")
      )
    }
  }

  /// The scenes of a player page's data (the JSON of its `segueData(...)` call).
  static func playerScenes(_ html: String) throws -> [[String: Any]] {
    let start = try #require(html.range(of: "<script>segueData("))
    let end = try #require(html.range(of: ");\n</script>", range: start.upperBound..<html.endIndex))
    let json = html[start.upperBound..<end.lowerBound].replacingOccurrences(of: "<\\/", with: "</")
    let data = try #require(JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
    return data["scenes"] as? [[String: Any]] ?? []
  }

  /// Each scene's caption on a player page, by the scene's name.
  static func playerCaptions(_ html: String) throws -> [String: String] {
    var captions: [String: String] = [:]
    for scene in try playerScenes(html) {
      if let name = scene["name"] as? String { captions[name] = scene["caption"] as? String }
    }
    return captions
  }

  /// A folder of the user's scenes for `gallery PATH...`.
  func userScenes(_ folder: TemporaryFolder) throws {
    // A panel from the right with a UIKit spring, at scale 2 (the gallery draws it at 1).
    _ = try folder.write(
      "scenes/a.json",
      ##"{"name": "my panel #1", "size": [40, 30], "scale": 2, "fps": 10, "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"}, "transition": {"type": "panel", "edge": "right", "size": 0.4, "curve": {"spring": {"damping": 0.4, "velocity": 2.5}}}}"##
    )
    _ = try folder.write(
      "scenes/b.json",
      ##"{"name": "swipe", "size": [40, 30], "scale": 1, "fps": 10, "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"}, "transition": {"type": "push", "operation": "pop"}, "interaction": {"scrub": [[0, 0], [0.2, 0.3]], "release": "cancel"}}"##
    )
    _ = try folder.write("scenes/notes.txt", "not a scene")
    _ = try folder.write("c.json", scene)
  }

  @Test func galleryOfTheUsersOwnScenes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try userScenes(folder)
    let out = folder.path + "/g"
    let result = try SegueProcess.run(["gallery", folder.path + "/scenes", folder.path + "/c.json", "-o", out])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout == "gallery: 3 transitions in \(out); open \(out)/index.html\n")
    #expect(
      folder.files(in: "g") == [
        "index.html", "my panel #1", "my panel #1.png", "swipe", "swipe.png", "tiny", "tiny.png",
      ])
    let html = try String(contentsOfFile: out + "/index.html", encoding: .utf8)
    #expect(html.contains("<h1>Segue gallery: 3 transitions</h1>"))
    // Captions in words, in order: the folder's scenes by file name, then the file.
    let scenes = try Self.playerScenes(html)
    #expect(scenes.map { $0["name"] as? String } == ["my panel #1", "swipe", "tiny"])
    #expect(
      scenes.map { $0["caption"] as? String } == [
        "panel present, edge right, size 0.4 · 0.3 s, spring, damping 0.4, velocity 2.5",
        "push pop · 0.5 s, system spring, interactive: cancels in 0.35 s", "fade present · 0.5 s, linear",
      ])
    // The folder's name percent-encoded in the frames' URLs.
    let frames = scenes.first?["frames"] as? [String] ?? []
    #expect(frames.count == 4 && frames.first == "my%20panel%20%231/frame_0000.png")
    // Drawn at scale 1 whatever the scene says, and the APNG holds its last frame.
    let apng = [UInt8](try Data(contentsOf: URL(fileURLWithPath: out + "/my panel #1.png")))
    #expect(try PNGDecoder.decode(apng).width == 40)
    let controls = try #require(PNGChunk.chunks(of: apng)).filter { $0.type == "fcTL" }
    #expect(controls.count == 4 && Array(controls.last!.data[20..<24]) == [0, 1, 0, 1])
  }

  @Test func galleryReportsBrokenScenesAndShowsTheRest() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    try userScenes(folder)
    _ = try folder.write("scenes/broken.json", scene.replacingOccurrences(of: "\"fade\"", with: "\"fdae\""))
    _ = try folder.write("scenes/page.json", scene.replacingOccurrences(of: "\"tiny\"", with: "\"index.html\""))
    let out = folder.path + "/g"
    let result = try SegueProcess.run(["gallery", folder.path + "/scenes", folder.path + "/none.json", "-o", out, "-q"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: \(folder.path)/none.json: no such file or folder\n"
        + "error: \(folder.path)/scenes/broken.json: at 'transition.type': unknown transition type 'fdae' (did you mean 'fade'?); "
        + "valid types: zoom, stories, slide, panel, circle, spread, boom, fade, push, flip, cube, sheet, custom\n"
        + "error: \(folder.path)/scenes/page.json: scene name 'index.html' would write \(out)/index.html, which is also "
        + "the gallery page's; each scene needs a name of its own\n")
    #expect(result.stdout.isEmpty)
    #expect(folder.files(in: "g") == ["index.html", "my panel #1", "my panel #1.png", "swipe", "swipe.png"])
    try FileManager.default.createDirectory(atPath: folder.path + "/none", withIntermediateDirectories: true)
    let empty = try SegueProcess.run(["gallery", folder.path + "/none", "-o", out])
    #expect(empty.status == 2 && empty.stderr == "error: no scene files (*.json) in \(folder.path)/none\n")
  }

  @Test func captionsSayEveryKindOfCurveAndParameterInWords() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    func write(_ name: String, _ transition: String) throws {
      _ = try folder.write(
        "scenes/\(name).json",
        ##"{"name": "\##(name)", "size": [20, 10], "scale": 1, "fps": 10, "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"}, "transition": \##(transition)}"##
      )
    }
    try write(
      "a", #"{"type": "circle", "origin": [5, 2.5], "endRadius": 30, "curve": [0.3, 0, 0.2, 1], "duration": 0.2}"#)
    try write("b", #"{"type": "slide", "curve": {"spring": {"response": 0.2, "dampingRatio": 1}}}"#)
    try write(
      "c",
      #"{"type": "stories", "operation": "push", "scale": 0.9, "curve": {"spring": {"mass": 1, "stiffness": 400, "damping": 40}}, "duration": 0.3}"#
    )
    try write("d", #"{"type": "flip", "direction": "right", "duration": 0.2}"#)
    let result = try SegueProcess.run(["gallery", folder.path + "/scenes", "-o", folder.path + "/g", "-q"])
    #expect(result.status == 0, "\(result.stderr)")
    let html = try String(contentsOfFile: folder.path + "/g/index.html", encoding: .utf8)
    let captions = try Self.playerCaptions(html)
    #expect(captions["a"] == "circle present, from (5, 2.5), end radius 30 · 0.2 s, bezier 0.3, 0, 0.2, 1")
    // Critically damped, ω = 2π / 0.2: within 0.001 of the end when (1 + ωt) e^(−ωt) = 0.001, t = 0.294 s.
    #expect(captions["b"] == "slide present · 0.294 s, spring, response 0.2, damping ratio 1")
    #expect(captions["c"] == "stories push, scale 0.9 · 0.3 s, spring, mass 1, stiffness 400, damping 40, velocity 0")
    #expect(captions["d"] == "flip present, direction right · 0.2 s, easeInOut")
  }

  @Test func helpNamesTheOutputOptions() throws {
    let render = try SegueProcess.run(["render", "--help"])
    #expect(render.status == 0 && render.stderr.isEmpty)
    #expect(
      render.stdout.contains(
        "USAGE: segue render SCENE [-o DIR] [--device NAME] [--variant NAME] [--scale S] [--fps N] [--frames LIST] [--apng FILE] [--sheet FILE] "
          + "[--video FILE] [--gif FILE]"))
    for line in [
      "  --video FILE        Also write an H.264 MP4 of the frames at the scene's fps (needs ffmpeg on PATH).",
      "  --gif FILE          Also write a looping GIF of the frames, at most 50 fps, holding the last 1 s "
        + "(needs ffmpeg on PATH).",
      "  --sheet FILE        Also write a contact sheet: a grid of small frames, each labelled with its number and time.",
    ] {
      #expect(render.stdout.contains(line + "\n"), "\(line)")
    }
    let batch = try SegueProcess.run(["batch", "--help"])
    #expect(batch.status == 0 && batch.stdout.contains("[--apng] [--sheet] [--video] [--gif]"))
    #expect(
      batch.stdout.contains("  --video             Also write DIR/<scene name>.mp4, an H.264 video of each scene"))
    let gallery = try SegueProcess.run(["gallery", "--help"])
    #expect(gallery.status == 0 && gallery.stdout.contains("USAGE: segue gallery [PATH...] [-o DIR]"))
    #expect(gallery.stdout.contains("  PATH  Scene files, or folders of *.json scenes (default: the built-in set"))
    // A flag takes no value; an option without its value is a usage error.
    let missing = try SegueProcess.run(["render", "x.json", "--video"])
    #expect(
      missing.status == 2
        && missing.stderr.hasPrefix("error: option '--video' needs a value (FILE)\nUsage: segue render"))
  }
}
