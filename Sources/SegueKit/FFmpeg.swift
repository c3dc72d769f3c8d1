import SegueFiles

/// What Segue asks of ffmpeg, the one outside program it uses (for `--video` and `--gif`):
/// where it is, what to say when it is missing, and the arguments of each encode.
///
/// Frames go in as PNG files one after another on standard input (`png_pipe`), already
/// compressed, so the pipe carries little and ffmpeg decodes them on its own threads.
public enum FFmpeg {
  /// The ffmpeg on PATH, or nil.
  public static func locate() -> String? {
    ChildProcess.locate("ffmpeg")
  }

  /// The error when `options` (`--video`, `--gif`) need ffmpeg and there is none.
  public static func missingMessage(for options: [String]) -> String {
    let names = options.count > 1 ? options.dropLast().joined(separator: ", ") + " and " + options.last! : options[0]
    return
      "\(names) \(options.count > 1 ? "need" : "needs") ffmpeg, which is not on PATH; install it "
      + "(Debian, Ubuntu: apt-get install ffmpeg; macOS: brew install ffmpeg) and run again. Nothing was written"
  }

  /// The fastest GIF frame rate browsers honour: they play a delay under 2/100 s as 1/10 s.
  public static let maxGIFRate = 50

  /// How many scene frames one GIF frame spans: the smallest step that brings `fps` to at
  /// most 50 frames a second (60 fps plays as 30, 120 as 40).
  public static func gifStep(fps: Int) -> Int {
    max(1, (fps + maxGIFRate - 1) / maxGIFRate)
  }

  /// The input side: PNG frames on standard input at `rate` (`"30"`, `"60/2"`) a second.
  static func input(rate: String) -> [String] {
    ["-hide_banner", "-loglevel", "error", "-nostats", "-f", "png_pipe", "-framerate", rate, "-i", "pipe:0"]
  }

  /// H.264 in MP4 (QuickTime for `.mov`) at `fps`, playable everywhere: 4:2:0 chroma, which
  /// needs even sides, so an odd side gains one pixel copied from its neighbour (not scaled,
  /// which would blur every pixel); colours converted and tagged as BT.709, the matrix players
  /// assume for HD video; the index at the front, so playback starts before the file is loaded.
  public static func videoArguments(width: Int, height: Int, fps: Int, output: String) -> [String] {
    var filters: [String] = []
    if width % 2 == 1 || height % 2 == 1 {
      filters.append("pad=w=\(width + width % 2):h=\(height + height % 2):x=0:y=0")
      filters.append("fillborders=right=\(width % 2):bottom=\(height % 2):mode=smear")
    }
    filters.append("scale=out_color_matrix=bt709:out_range=tv")
    filters.append("format=yuv420p")
    let container = output.lowercased().hasSuffix(".mov") ? "mov" : "mp4"
    return input(rate: String(fps)) + [
      "-vf", filters.joined(separator: ","),
      "-c:v", "libx264", "-preset", "medium", "-crf", "18", "-pix_fmt", "yuv420p",
      "-colorspace", "bt709", "-color_primaries", "bt709", "-color_trc", "bt709", "-color_range", "tv",
      "-movflags", "+faststart", "-f", container, "-y", "file:" + output,
    ]
  }

  /// A looping GIF on standard output, one image per frame fed at `rate`, with a palette made
  /// for these frames (`palettegen` over all of them, then `paletteuse` with error-diffusion
  /// dithering redone only where a frame changed, so still areas do not shimmer). Opaque frames
  /// keep all 256 colours; frames with transparency keep one for it.
  public static func gifArguments(rate: String, transparent: Bool) -> [String] {
    let palette = "palettegen=stats_mode=full:reserve_transparent=\(transparent ? 1 : 0)"
    return input(rate: rate) + [
      "-vf",
      "split[frames][copy];[copy]\(palette)[palette];[frames][palette]paletteuse=dither=sierra2_4a:diff_mode=rectangle",
      "-loop", "0", "-f", "gif", "pipe:1",
    ]
  }
}
