import Foundation
import Testing

/// `render --video` and `--gif` through ffmpeg: what ffprobe sees in the files, the colours that
/// come back out, and the rules when ffmpeg is missing, fails or is stopped.
@Suite(.serialized)
struct VideoEndToEndTests {
  /// 40 x 30 pt at scale 2 (80 x 60 px), 10 fps, 0.5 s linear fade from red to blue: frames 0…5.
  static let scene =
    ##"{"name": "tiny", "size": [40, 30], "scale": 2, "fps": 10, "from": {"background": "#FF0000"}, "to": {"background": "#0000FF"}, "transition": {"type": "fade", "duration": 0.5, "curve": "linear"}}"##

  /// Frame i of the fade: blue over red at opacity i / 5.
  static func fade(_ index: Int) -> [Int] {
    let blue = Int((255 * Double(index) / 5).rounded())
    return [255 - blue, 0, blue]
  }

  /// A folder holding one program called ffmpeg: the shell script `body` (which finds the
  /// system's tools on its own PATH).
  static func fakeFFmpeg(in folder: TemporaryFolder, _ body: String) throws -> String {
    let script = try folder.write("bin/ffmpeg", "#!/bin/sh\nPATH=/usr/bin:/bin\n" + body + "\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
    return folder.path + "/bin"
  }

  static func leftovers(_ folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasPrefix(".segue") }
  }

  @Test(.enabled(if: MediaTools.available)) func videoIsH264AtTheScenesRateAndLength() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", Self.scene)
    let video = folder.path + "/tiny.mp4"
    let result = try SegueProcess.run(["render", file, "-o", folder.path + "/out", "--video", video])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    #expect(result.stdout == "tiny: 6 frames (80x60, 10 fps) in \(folder.path)/out; \(video)\n")
    #expect(folder.files(in: "") == ["out", "tiny.json", "tiny.mp4"])
    let probe = try MediaTools.probe(video)
    #expect(probe["codec_name"] == "h264" && probe["pix_fmt"] == "yuv420p")
    #expect(probe["width"] == "80" && probe["height"] == "60")
    #expect(probe["r_frame_rate"] == "10/1" && probe["nb_read_frames"] == "6")
    #expect(probe["duration"].flatMap(Double.init).map { abs($0 - 0.6) < 0.001 } == true, "\(probe)")
    // The colours come back (BT.709, tagged so the decoder picks the same matrix).
    let frames = try MediaTools.frames(video, width: 80, height: 60)
    #expect(frames.count == 6)
    for (index, frame) in frames.enumerated() {
      let centre = MediaTools.pixel(frame, width: 80, 40, 30)
      #expect(MediaTools.near(centre, Self.fade(index)), "frame \(index): \(centre) vs \(Self.fade(index))")
    }
  }

  @Test(.enabled(if: MediaTools.available)) func oddSidesArePaddedWithTheirEdgeNotBlack() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write(
      "odd.json",
      Self.scene.replacingOccurrences(of: #""size": [40, 30], "scale": 2"#, with: #""size": [41, 31], "scale": 1"#))
    let video = folder.path + "/odd.mp4"
    let result = try SegueProcess.run(["render", file, "-o", folder.path + "/out", "--video", video, "-q"])
    #expect(result.status == 0, "\(result.stderr)")
    let probe = try MediaTools.probe(video)
    #expect(probe["width"] == "42" && probe["height"] == "32" && probe["pix_fmt"] == "yuv420p")
    let first = try #require(try MediaTools.frames(video, width: 42, height: 32).first)
    // The added column and row repeat the red edge.
    for (x, y) in [(41, 0), (41, 16), (0, 31), (20, 31), (41, 31)] {
      #expect(MediaTools.near(MediaTools.pixel(first, width: 42, x, y), [255, 0, 0]), "(\(x), \(y))")
    }
  }

  @Test(.enabled(if: MediaTools.available)) func selectedFramesKeepTheirTimingAndFpsOverrides() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", Self.scene)
    let video = folder.path + "/gaps.mp4"
    let gaps = try SegueProcess.run([
      "render", file, "-o", folder.path + "/out", "--frames", "0,3,last", "--video", video, "-q",
    ])
    #expect(gaps.status == 0, "\(gaps.stderr)")
    // Frame 0 stays up until frame 3, which stays up until frame 5: still 6 frames, 0.6 s.
    let probe = try MediaTools.probe(video)
    #expect(probe["nb_read_frames"] == "6" && probe["r_frame_rate"] == "10/1")
    let shown = try MediaTools.frames(video, width: 80, height: 60).map { MediaTools.pixel($0, width: 80, 40, 30) }
    for (index, expected) in [0, 0, 0, 3, 3, 5].enumerated() {
      #expect(MediaTools.near(shown[index], Self.fade(expected)), "tick \(index): \(shown[index])")
    }
    let faster = folder.path + "/fast.mp4"
    let fps = try SegueProcess.run([
      "render", file, "-o", folder.path + "/fast", "--fps", "20", "--video", faster, "-q",
    ])
    #expect(fps.status == 0, "\(fps.stderr)")
    let fast = try MediaTools.probe(faster)
    #expect(fast["r_frame_rate"] == "20/1" && fast["nb_read_frames"] == "11")
    #expect(fast["duration"].flatMap(Double.init).map { abs($0 - 0.55) < 0.001 } == true, "\(fast)")
  }

  @Test(.enabled(if: MediaTools.available)) func gifLoopsAtMost50FpsAndHoldsTheLastFrame() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // 60 fps, 0.5 s: frames 0…30; the GIF shows every second one (0, 2, …, 30) at 30 fps.
    let file = try folder.write("tiny.json", Self.scene.replacingOccurrences(of: #""fps": 10"#, with: #""fps": 60"#))
    let gif = folder.path + "/tiny.gif"
    let result = try SegueProcess.run(["render", file, "-o", folder.path + "/out", "--gif", gif, "-q"])
    #expect(result.status == 0 && result.stderr.isEmpty, "\(result.stderr)")
    #expect(folder.files(in: "") == ["out", "tiny.gif", "tiny.json"])
    let timing = MediaTools.gifTiming([UInt8](try Data(contentsOf: URL(fileURLWithPath: gif))))
    #expect(timing.loopsForever)
    // Frame k ends at round(100 (k + 1) / 30) hundredths: 3, 7, 10, 13, 17, …; the last holds 1 s.
    func hundredths(_ frames: Int) -> Int { Int((Double(frames) * 100 / 30).rounded()) }
    let expected = (0..<15).map { (k: Int) -> Int in hundredths(k + 1) - hundredths(k) }
    #expect(timing.delays == expected + [100])
    #expect(timing.delays.prefix(3) == [3, 4, 3])
    let probe = try MediaTools.probe(gif)
    #expect(probe["codec_name"] == "gif" && probe["width"] == "80" && probe["height"] == "60")
    #expect(probe["nb_read_frames"] == "16")
    #expect(probe["duration"].flatMap(Double.init).map { abs($0 - 1.5) < 0.001 } == true, "\(probe)")
    // The palette keeps the fade's colours: image k is frame 2k, blue over red at 2k / 30.
    let frames = try MediaTools.frames(gif, width: 80, height: 60)
    #expect(frames.count == 16)
    for (index, frame) in frames.enumerated() {
      let blue = Int((255 * Double(2 * index) / 30).rounded())
      let centre = MediaTools.pixel(frame, width: 80, 40, 30)
      #expect(MediaTools.near(centre, [255 - blue, 0, blue], 8), "image \(index): \(centre)")
    }
  }

  @Test(.enabled(if: MediaTools.available)) func aGifOfSelectedFramesHasOneImageEach() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", Self.scene)
    let gif = folder.path + "/a.gif"
    let result = try SegueProcess.run([
      "render", file, "-o", folder.path + "/out", "--frames", "0,3,last", "--gif", gif, "-q",
    ])
    #expect(result.status == 0, "\(result.stderr)")
    // 10 fps: frame 0 for 3/10 s, frame 3 for 2/10 s, frame 5 held 1 s.
    #expect(MediaTools.gifTiming([UInt8](try Data(contentsOf: URL(fileURLWithPath: gif)))).delays == [30, 20, 100])
  }

  @Test func withoutFFmpegNothingIsWritten() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", Self.scene)
    let empty = folder.path + "/empty"
    try FileManager.default.createDirectory(atPath: empty, withIntermediateDirectories: true)
    let video = try SegueProcess.run(
      [
        "render", file, "-o", folder.path + "/out", "--video", folder.path + "/v.mp4", "--apng", folder.path + "/a.png",
      ],
      environment: ["PATH": empty])
    #expect(video.status == 3)
    #expect(
      video.stderr
        == "error: --video needs ffmpeg, which is not on PATH; install it (Debian, Ubuntu: apt-get install ffmpeg; "
        + "macOS: brew install ffmpeg) and run again. Nothing was written\n")
    #expect(video.stdout.isEmpty)
    let both = try SegueProcess.run(
      ["render", file, "--video", folder.path + "/v.mp4", "--gif", folder.path + "/g.gif"], in: folder.path,
      environment: ["PATH": empty])
    #expect(both.status == 3)
    #expect(both.stderr.hasPrefix("error: --video and --gif need ffmpeg, which is not on PATH; install it"))
    // No frames, no APNG, no video: only what the test made.
    #expect(folder.files(in: "") == ["empty", "tiny.json"])
  }

  @Test func aFailingFFmpegLeavesTheTargetAsItWas() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", Self.scene)
    // Writes half a file where it was told to, then fails as ffmpeg does without libx264.
    let bin = try Self.fakeFFmpeg(
      in: folder,
      #"""
      for last; do :; done
      cat >/dev/null
      # A GIF goes to standard output ("pipe:1"): only a file target gets the half file.
      case "$last" in pipe:*) ;; *) printf 'half a video' > "${last#file:}" ;; esac
      echo "[vost#0:0 @ 0x1] Unknown encoder 'libx264'" >&2
      exit 1
      """#)
    let video = try folder.write("v.mp4", "the previous video")
    let result = try SegueProcess.run(
      ["render", file, "-o", folder.path + "/out", "--video", video], in: folder.path, environment: ["PATH": bin])
    #expect(result.status == 3)
    #expect(
      result.stderr
        == "error: cannot write \(video): ffmpeg failed (exit status 1): [vost#0:0 @ 0x1] Unknown encoder 'libx264'; "
        + "nothing was written\n")
    #expect(try String(contentsOfFile: video, encoding: .utf8) == "the previous video")
    #expect(Self.leftovers(folder.path).isEmpty)
    let gif = try SegueProcess.run(
      ["render", file, "-o", folder.path + "/out", "--gif", folder.path + "/g.gif"], in: folder.path,
      environment: ["PATH": bin])
    #expect(gif.status == 3 && gif.stderr.contains("cannot write \(folder.path)/g.gif: ffmpeg failed (exit status 1)"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/g.gif"))
    #expect(Self.leftovers(folder.path).isEmpty)
  }

  @Test func aGifThatIsNotAGifIsNotWritten() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", Self.scene)
    let bin = try Self.fakeFFmpeg(in: folder, "cat >/dev/null; printf 'GIF89a but nothing more'")
    let result = try SegueProcess.run(
      ["render", file, "-o", folder.path + "/out", "--gif", folder.path + "/g.gif"], environment: ["PATH": bin])
    #expect(result.status == 3)
    #expect(
      result.stderr
        == "error: cannot write \(folder.path)/g.gif: ffmpeg wrote a GIF without the 6 images expected; nothing was written\n"
    )
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/g.gif") && Self.leftovers(folder.path).isEmpty)
  }

  @Test(arguments: [("TERM", SIGTERM), ("INT", SIGINT)])
  func aSignalStopsFFmpegAndRemovesTheTemporaryFile(signal: String, number: Int32) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", Self.scene)
    let pidFile = folder.path + "/ffmpeg.pid"
    // Starts writing, says where it is, then hangs as a slow encode would.
    let bin = try Self.fakeFFmpeg(
      in: folder,
      #"""
      for last; do :; done
      printf 'half a video' > "${last#file:}"
      echo $$ > "\#(pidFile).tmp" && mv "\#(pidFile).tmp" "\#(pidFile)"
      exec sleep 30
      """#)
    let running = try SegueProcess.start(
      ["render", file, "-o", folder.path + "/out", "--video", folder.path + "/v.mp4"], environment: ["PATH": bin])
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: pidFile) && Date() < deadline { usleep(20_000) }
    let pid = try #require(
      Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    #expect(Self.leftovers(folder.path).count == 1)
    kill(running.pid, number)
    let result = running.wait()
    #expect(result.status == 128 + number && result.signal == nil, "\(signal): \(result.stderr)")
    #expect(Self.leftovers(folder.path).isEmpty)
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/v.mp4"))
    // ffmpeg was killed and reaped, not left running.
    #expect(kill(pid, 0) == -1 && errno == ESRCH)
  }

  /// Whether the process `pid` has ended (on Linux a zombie no one has reaped yet counts).
  static func isGone(_ pid: pid_t) -> Bool {
    if kill(pid, 0) == -1 && errno == ESRCH { return true }
    let stat = (try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8)) ?? ""
    return stat.split(separator: ")").last?.split(separator: " ").first == "Z"
  }

  @Test func killingSegueKillsFFmpegAndTheNextRunRemovesWhatItLeft() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", Self.scene)
    let pidFile = folder.path + "/ffmpeg.pid"
    let video = folder.path + "/v.mp4"
    // Starts writing, says where it is, then works on without reading, as a slow encode would.
    let hanging = try Self.fakeFFmpeg(
      in: folder,
      #"""
      for last; do :; done
      printf 'half a video' > "${last#file:}"
      echo $$ > "\#(pidFile).tmp" && mv "\#(pidFile).tmp" "\#(pidFile)"
      exec sleep 30
      """#)
    let running = try SegueProcess.start(
      ["render", file, "-o", folder.path + "/out", "--video", video], environment: ["PATH": hanging])
    let deadline = Date().addingTimeInterval(20)
    while !FileManager.default.fileExists(atPath: pidFile) && Date() < deadline { usleep(20_000) }
    let pid = try #require(
      Int32(String(contentsOfFile: pidFile, encoding: .utf8).trimmingCharacters(in: .whitespacesAndNewlines)))
    defer { kill(pid, SIGKILL) }
    kill(running.pid, SIGKILL)
    // ffmpeg dies with Segue, within moments (timed from the kill: Foundation's Process sees its
    // child end only once every process holding a socket it gave the child has ended too).
    let killed = Date()
    while !Self.isGone(pid) && Date().timeIntervalSince(killed) < 3 { usleep(20_000) }
    #expect(Self.isGone(pid), "ffmpeg (process \(pid)) outlived segue")
    #expect(running.wait().signal == SIGKILL)
    let left = Self.leftovers(folder.path)
    #expect(left.count == 1 && left.allSatisfy { $0.hasSuffix("-v.mp4") }, "\(left)")

    // The next run removes the stopped run's file beside the target, and only that.
    _ = try folder.write(".segue-tmp-mine", "the user's own")
    try FileManager.default.removeItem(atPath: folder.path + "/bin")
    let working = try Self.fakeFFmpeg(
      in: folder, "for last; do :; done\ncat >/dev/null\nprintf 'a video' > \"${last#file:}\"")
    let next = try SegueProcess.run(
      ["render", file, "-o", folder.path + "/out", "--video", video, "-q"], environment: ["PATH": working])
    #expect(next.status == 0, "\(next.stderr)")
    #expect(next.stderr == "warning: \(video): removed 1 temporary file a stopped run left beside it\n")
    #expect(try String(contentsOfFile: video, encoding: .utf8) == "a video")
    #expect(Self.leftovers(folder.path) == [".segue-tmp-mine"])
  }
}
