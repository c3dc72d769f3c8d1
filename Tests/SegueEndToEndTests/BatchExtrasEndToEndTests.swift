import Foundation
import Testing

@testable import SeguePNG

/// `batch --apng --sheet --video --gif`: files beside each scene's folder, named after it, with
/// the same rules as `render` when ffmpeg is missing or fails.
@Suite(.serialized)
struct BatchExtrasEndToEndTests {
  /// 20 x 10 px, 10 fps, 0.2 s: frames 0…2.
  func scene(_ name: String) -> String {
    ##"{"name": "\##(name)", "size": [20, 10], "scale": 1, "fps": 10, "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"}, "transition": {"type": "fade", "duration": 0.2}}"##
  }

  func emptyPath(_ folder: TemporaryFolder) throws -> String {
    try FileManager.default.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
    return folder.path + "/empty"
  }

  @Test(.enabled(if: MediaTools.available)) func everyFileIsWrittenBesideItsScenesFolder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("scenes/a.json", scene("alpha"))
    _ = try folder.write("scenes/b.json", scene("beta"))
    let out = folder.path + "/out"
    let result = try SegueProcess.run([
      "batch", folder.path + "/scenes", "-o", out, "--apng", "--sheet", "--video", "--gif",
    ])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    #expect(
      result.stdout.contains(
        "alpha: 3 frames in \(out)/alpha; \(out)/alpha.png, \(out)/alpha.sheet.png, \(out)/alpha.mp4, \(out)/alpha.gif\n"
      ))
    #expect(result.stdout.hasSuffix("2 of 2 scenes rendered\n"))
    #expect(
      folder.files(in: "out") == [
        "alpha", "alpha.gif", "alpha.mp4", "alpha.png", "alpha.sheet.png",
        "beta", "beta.gif", "beta.mp4", "beta.png", "beta.sheet.png",
      ])
    for name in ["alpha", "beta"] {
      let apng = [UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name).png")))
      let chunks = try #require(PNGChunk.chunks(of: apng))
      #expect(chunks[1].type == "acTL" && chunks[1].data == [0, 0, 0, 3, 0, 0, 0, 0])
      // 3 thumbnails 160 x 80, labels "#0 0.000 s"… three times the font (21 px) 6 px below.
      let sheet = try decodePNGFile("\(out)/\(name).sheet.png")
      #expect(sheet.width == 8 + 3 * 168 && sheet.height == 8 + 80 + 27 + 8)
      let video = try MediaTools.probe("\(out)/\(name).mp4")
      #expect(video["codec_name"] == "h264" && video["width"] == "20" && video["height"] == "10")
      #expect(video["nb_read_frames"] == "3" && video["r_frame_rate"] == "10/1")
      let gif = MediaTools.gifTiming([UInt8](try Data(contentsOf: URL(fileURLWithPath: "\(out)/\(name).gif"))))
      #expect(gif.delays == [10, 10, 100] && gif.loopsForever)
    }
  }

  @Test func apngsAndSheetsNeedNoFFmpeg() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("a.json", scene("alpha"))
    let result = try SegueProcess.run(
      ["batch", file, "-o", folder.path + "/out", "--apng", "--sheet", "-q"],
      environment: ["PATH": try emptyPath(folder)])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    #expect(folder.files(in: "out") == ["alpha", "alpha.png", "alpha.sheet.png"])
  }

  @Test func withoutFFmpegNothingIsWritten() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("a.json", scene("alpha"))
    let result = try SegueProcess.run(
      ["batch", file, "-o", folder.path + "/out", "--apng", "--gif"], environment: ["PATH": try emptyPath(folder)])
    #expect(result.status == 3 && result.stdout.isEmpty)
    #expect(
      result.stderr
        == "error: --gif needs ffmpeg, which is not on PATH; install it (Debian, Ubuntu: apt-get install ffmpeg; "
        + "macOS: brew install ffmpeg) and run again. Nothing was written\n")
    #expect(folder.files(in: "") == ["a.json", "empty"])
  }

  @Test func aFailingFFmpegFailsThoseScenesAndLeavesNoFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("scenes/a.json", scene("alpha"))
    _ = try folder.write("scenes/b.json", scene("beta"))
    let script = try folder.write(
      "bin/ffmpeg", "#!/bin/sh\n/bin/cat >/dev/null\necho 'Conversion failed!' >&2\nexit 69\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    let out = folder.path + "/out"
    let result = try SegueProcess.run(
      ["batch", folder.path + "/scenes", "-o", out, "--apng", "--video"], environment: ["PATH": folder.path + "/bin"])
    #expect(result.status == 3)
    #expect(result.stdout == "0 of 2 scenes rendered\n")
    #expect(
      result.stderr
        == "error: cannot write \(out)/alpha.mp4: ffmpeg failed (exit status 69): Conversion failed!; nothing was written\n"
        + "error: cannot write \(out)/beta.mp4: ffmpeg failed (exit status 69): Conversion failed!; nothing was written\n"
    )
    // The frames and the APNGs (written before the video) are there; no video, no leftover.
    #expect(folder.files(in: "out") == ["alpha", "alpha.png", "beta", "beta.png"])
  }

  @Test func twoScenesMayNotShareAnOutputFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // Scene "x.png" would put its frames where scene "x" puts its APNG.
    _ = try folder.write("scenes/a.json", scene("x"))
    _ = try folder.write("scenes/b.json", scene("x.png"))
    let out = folder.path + "/out"
    let result = try SegueProcess.run(["batch", folder.path + "/scenes", "-o", out, "--apng", "-q"])
    #expect(result.status == 2)
    #expect(
      result.stderr
        == "error: \(folder.path)/scenes/b.json: its output \(out)/x.png is also an output of "
        + "\(folder.path)/scenes/a.json; each scene needs outputs of its own\n")
    #expect(folder.files(in: "out") == ["x", "x.png"])
    // Without --apng they do not clash.
    #expect(try SegueProcess.run(["batch", folder.path + "/scenes", "-o", folder.path + "/plain", "-q"]).status == 0)
  }
}
