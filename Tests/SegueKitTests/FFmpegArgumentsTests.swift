import Testing

@testable import SegueKit

/// What Segue asks ffmpeg for: even sides for 4:2:0, BT.709, the GIF rate, the message when it
/// is missing.
struct FFmpegArgumentsTests {
  func value(after option: String, in arguments: [String]) -> String? {
    arguments.firstIndex(of: option).map { arguments[$0 + 1] }
  }

  @Test func evenSidesAreOnlyConvertedOddOnesPaddedByTheirEdge() {
    let even = FFmpeg.videoArguments(width: 80, height: 60, fps: 30, output: "out/a.mp4")
    #expect(value(after: "-vf", in: even) == "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
    #expect(value(after: "-framerate", in: even) == "30" && value(after: "-c:v", in: even) == "libx264")
    #expect(value(after: "-f", in: even) == "png_pipe" && value(after: "-i", in: even) == "pipe:0")
    #expect(even.suffix(4) == ["-f", "mp4", "-y", "file:out/a.mp4"])
    let odd = FFmpeg.videoArguments(width: 41, height: 31, fps: 30, output: "a.mp4")
    #expect(
      value(after: "-vf", in: odd)
        == "pad=w=42:h=32:x=0:y=0,fillborders=right=1:bottom=1:mode=smear,"
        + "scale=out_color_matrix=bt709:out_range=tv,format=yuv420p")
    let tall = FFmpeg.videoArguments(width: 40, height: 31, fps: 30, output: "A.MOV")
    #expect(value(after: "-vf", in: tall)?.hasPrefix("pad=w=40:h=32:x=0:y=0,fillborders=right=0:bottom=1:") == true)
    #expect(tall.suffix(4) == ["-f", "mov", "-y", "file:A.MOV"])
  }

  @Test func gifsPlayAtMost50FramesASecond() {
    #expect([1, 10, 30, 50, 51, 60, 100, 120, 240].map(FFmpeg.gifStep) == [1, 1, 1, 1, 2, 2, 2, 3, 5])
    let arguments = FFmpeg.gifArguments(rate: "60/2", transparent: false)
    #expect(value(after: "-framerate", in: arguments) == "60/2")
    #expect(value(after: "-vf", in: arguments)?.contains("palettegen=stats_mode=full:reserve_transparent=0") == true)
    #expect(arguments.suffix(5) == ["-loop", "0", "-f", "gif", "pipe:1"])
    #expect(
      value(after: "-vf", in: FFmpeg.gifArguments(rate: "10", transparent: true))?.contains("reserve_transparent=1")
        == true)
  }

  @Test func theMissingMessageNamesTheOptionsAndTheInstall() {
    #expect(
      FFmpeg.missingMessage(for: ["--gif"])
        == "--gif needs ffmpeg, which is not on PATH; install it (Debian, Ubuntu: apt-get install ffmpeg; "
        + "macOS: brew install ffmpeg) and run again. Nothing was written")
    #expect(FFmpeg.missingMessage(for: ["--video", "--gif"]).hasPrefix("--video and --gif need ffmpeg,"))
  }
}
