import Foundation
import SegueGeometry
import Testing

@testable import SeguePNG
@testable import SegueRaster

/// `segue render`, `validate`, `list`: files, manifest, exit codes and messages, driving the binary.
@Suite(.serialized)
struct RenderEndToEndTests {
  /// A 40 x 30 pt circle reveal at scale 2, 10 fps, 0.5 s: frames 0…5. from black, to white.
  let scene = ##"""
    {"name": "tiny", "size": [40, 30], "scale": 2, "fps": 10,
     "from": {"background": "#000000"},
     "to": {"background": "#FFFFFF", "layers": [{"rect": [5, 5, 10, 10], "color": "#FF0000", "cornerRadius": 3}]},
     "transition": {"type": "circle", "origin": [20, 15]}}
    """##

  @Test func rendersFramesAndAManifest() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", scene)
    let result = try SegueProcess.run(["render", file, "-o", folder.path + "/out"])
    #expect(result.status == 0, "\(result.stderr)")
    #expect(result.stderr.isEmpty)
    #expect(result.stdout == "tiny: 6 frames (80x60, 10 fps) in \(folder.path)/out\n")
    let names = folder.files(in: "out")
    #expect(names == (0...5).map { String(format: "frame_%04d.png", $0) } + ["manifest.json"])
    let first = try decodePNGFile(folder.path + "/out/frame_0000.png")
    #expect(first.width == 80 && first.height == 60)
    #expect(first[2, 2] == RGBA8.black.premultiplied)
    let last = try decodePNGFile(folder.path + "/out/frame_0005.png")
    #expect(last[2, 2] == RGBA8.white.premultiplied)
    #expect(last[20, 20] == RGBA8(r: 255, g: 0, b: 0).premultiplied)  // the layer at (10…30 px)
    let manifest =
      try JSONSerialization.jsonObject(
        with: Data(contentsOf: URL(fileURLWithPath: folder.path + "/out/manifest.json"))) as! [String: Any]
    #expect(manifest["scene"] as? String == "tiny")
    #expect(manifest["width"] as? Int == 80 && manifest["height"] as? Int == 60)
    #expect(manifest["fps"] as? Int == 10 && manifest["frameCount"] as? Int == 6)
    let frames = manifest["frames"] as! [[String: Any]]
    #expect(frames.count == 6)
    #expect(frames[5]["file"] as? String == "frame_0005.png")
    #expect(frames[5]["progress"] as? Double == 1)
    #expect(abs((frames[1]["time"] as! Double) - 0.1) < 1e-12)
  }

  @Test func replacesAnEarlierRenderAndTouchesNothingElse() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", scene)
    // Not written by segue (no manifest lists them): left alone, frame-like names included.
    _ = try folder.write("out/frame_0042.png", "mine")
    _ = try folder.write("out/frame_1.png", "mine too")
    _ = try folder.write("out/notes.txt", "keep me")
    let all = try SegueProcess.run(["render", file, "-o", folder.path + "/out"])
    #expect(all.status == 0, "\(all.stderr)")
    let result = try SegueProcess.run(["render", file, "-o", folder.path + "/out", "--frames", "0,last"])
    #expect(result.status == 0, "\(result.stderr)")
    // Frames 1-4 of the first render are gone; nothing else was touched.
    #expect(
      folder.files(in: "out") == [
        "frame_0000.png", "frame_0005.png", "frame_0042.png", "frame_1.png", "manifest.json", "notes.txt",
      ])
    #expect(try String(contentsOfFile: folder.path + "/out/frame_0042.png", encoding: .utf8) == "mine")
  }

  @Test func theSameSceneGivesTheSameBytes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", scene)
    let one = try SegueProcess.run(["render", file, "-o", folder.path + "/a", "--jobs", "1"])
    let many = try SegueProcess.run(["render", file, "-o", folder.path + "/b", "--jobs", "4"])
    #expect(one.status == 0 && many.status == 0, "\(one.stderr)\(many.stderr)")
    #expect(folder.files(in: "a").count == 7 && folder.files(in: "b") == folder.files(in: "a"))
    for name in folder.files(in: "a") {
      let a = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a/" + name))
      let b = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/b/" + name))
      #expect(a == b, "\(name) differs")
    }
  }

  @Test func overridesScaleAndFps() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", scene)
    let result = try SegueProcess.run([
      "render", file, "-o", folder.path + "/out", "--scale", "1", "--fps", "20", "--quiet",
    ])
    #expect(result.status == 0 && result.stdout.isEmpty && result.stderr.isEmpty)
    #expect(folder.files(in: "out").count == 12)  // frames 0…10 and the manifest
    #expect(try decodePNGFile(folder.path + "/out/frame_0000.png").width == 40)
  }

  @Test func badInputExitsTwoWithAMessage() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let missing = try SegueProcess.run(["render", folder.path + "/nope.json"])
    #expect(missing.status == 2)
    #expect(missing.stderr == "error: \(folder.path)/nope.json: no such file\n")
    let bad = try folder.write("bad.json", scene.replacingOccurrences(of: #""fps": 10"#, with: #""fps": 0"#))
    let invalid = try SegueProcess.run(["render", bad])
    #expect(invalid.status == 2)
    #expect(
      invalid.stderr == "error: \(bad): at 'fps': expected a whole number of frames per second from 1 to 240, got 0\n")
    let option = try SegueProcess.run(["render", bad, "--fsp", "3"])
    #expect(option.status == 2)
    #expect(option.stderr.hasPrefix("error: unknown option '--fsp' (did you mean '--fps'?)\nUsage: segue render SCENE"))
    let frames = try SegueProcess.run(["render", try folder.write("tiny.json", scene), "--frames", "9"])
    #expect(frames.status == 2)
    #expect(frames.stderr.hasPrefix("error: --frames: frame 9 is past the last frame (5)\n"))
    let image = try folder.write(
      "image.json", scene.replacingOccurrences(of: ##""background": "#000000""##, with: #""image": "missing.png""#))
    let noImage = try SegueProcess.run(["render", image])
    #expect(noImage.status == 2)
    #expect(noImage.stderr == "error: \(image): at 'from.image': \(folder.path)/missing.png: no such file\n")
    let corrupt = try folder.write("corrupt.png", "not a png at all")
    let notPNG = try folder.write(
      "notpng.json", scene.replacingOccurrences(of: ##""background": "#000000""##, with: #""image": "corrupt.png""#))
    let corruptResult = try SegueProcess.run(["render", notPNG])
    #expect(corruptResult.status == 2)
    #expect(corruptResult.stderr == "error: \(notPNG): at 'from.image': \(corrupt): not a PNG file\n")
  }

  @Test func unwritableOutputExitsThree() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", scene)
    let blocker = try folder.write("blocker", "a file, not a folder")
    let result = try SegueProcess.run(["render", file, "-o", blocker + "/out"])
    #expect(result.status == 3)
    #expect(result.stderr == "error: cannot create folder \(blocker)/out: \(blocker) is a file, not a folder\n")
    let existing = try SegueProcess.run(["render", file, "-o", blocker])
    #expect(existing.status == 3)
    #expect(existing.stderr == "error: cannot create folder \(blocker): a file is in the way\n")
  }

  @Test func validateChecksWithoutRendering() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("scenes/a.json", scene)
    _ = try folder.write("scenes/b.json", scene.replacingOccurrences(of: "\"circle\"", with: "\"circel\""))
    let result = try SegueProcess.run(["validate", folder.path + "/scenes"])
    #expect(result.status == 2)
    #expect(result.stdout == "ok: \(folder.path)/scenes/a.json: tiny, circle present, 6 frames at 10 fps, 80x60\n")
    #expect(
      result.stderr.hasPrefix(
        "error: \(folder.path)/scenes/b.json: at 'transition.type': unknown transition type 'circel' (did you mean 'circle'?)"
      ))
    #expect(folder.files(in: "scenes").count == 2)
  }

  @Test func listHelpAndVersion() throws {
    let list = try SegueProcess.run(["list"])
    #expect(list.status == 0)
    #expect(list.stdout.contains("circle: ") && list.stdout.contains("zoom: "))
    #expect(list.stdout.contains("present: 0.5 s, easeInOut"))
    let json = try SegueProcess.run(["list", "--json"])
    let types =
      (try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as! [String: Any])["types"] as! [[String: Any]]
    #expect(types.contains { $0["type"] as? String == "circle" })
    let version = try SegueProcess.run(["--version"])
    #expect(version.status == 0 && version.stdout.hasPrefix("segue "))
    let help = try SegueProcess.run(["render", "--help"])
    #expect(help.status == 0 && help.stdout.contains("USAGE: segue render SCENE"))
    let unknown = try SegueProcess.run(["rendr"])
    #expect(unknown.status == 2 && unknown.stderr.hasPrefix("error: unknown command 'rendr' (did you mean 'render'?)"))
  }
}
