import Foundation
import Testing

/// ffmpeg and ffprobe, run by the tests to look at the videos and GIFs Segue writes; tests
/// that need them are skipped when they are not installed.
enum MediaTools {
  /// Whether both tools are on PATH.
  static let available: Bool = path("ffmpeg") != nil && path("ffprobe") != nil

  static func path(_ name: String) -> String? {
    let search = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
    return search.split(separator: ":").map { "\($0)/\(name)" }.first {
      FileManager.default.isExecutableFile(atPath: $0)
    }
  }

  /// Runs a tool and returns its standard output (standard error is dropped).
  static func run(_ tool: String, _ arguments: [String]) throws -> Data {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path(tool) ?? tool)
    process.arguments = arguments
    let out = Pipe()
    process.standardOutput = out
    process.standardError = FileHandle.nullDevice
    try process.run()
    let deadline = ProcessDeadline(process)
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    deadline.finish(tool + " " + arguments.joined(separator: " "))
    return data
  }

  /// What ffprobe says of the first video stream (frames counted by decoding) and the file:
  /// codec_name, pix_fmt, width, height, r_frame_rate, nb_read_frames, duration (the file's).
  static func probe(_ file: String) throws -> [String: String] {
    let text = String(
      decoding: try run(
        "ffprobe",
        [
          "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
          "stream=codec_name,pix_fmt,width,height,r_frame_rate,nb_read_frames:format=duration", "-of",
          "default=noprint_wrappers=1", file,
        ]), as: UTF8.self)
    var fields: [String: String] = [:]
    for line in text.split(separator: "\n") {
      let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
      if parts.count == 2 { fields[parts[0]] = parts[1] }
    }
    return fields
  }

  /// Every frame of `file` decoded by ffmpeg as RGB, 3 bytes a pixel, one image per stored
  /// frame (none repeated or dropped to a constant rate).
  static func frames(_ file: String, width: Int, height: Int) throws -> [[UInt8]] {
    let data = [UInt8](
      try run(
        "ffmpeg", ["-v", "error", "-i", file, "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "-"])
    )
    let size = width * height * 3
    return stride(from: 0, to: data.count - size + 1, by: size).map { Array(data[$0..<($0 + size)]) }
  }

  /// The pixel at (x, y) of an RGB frame.
  static func pixel(_ frame: [UInt8], width: Int, _ x: Int, _ y: Int) -> [Int] {
    let base = (y * width + x) * 3
    return [Int(frame[base]), Int(frame[base + 1]), Int(frame[base + 2])]
  }

  /// Whether two colours are within `tolerance` on every channel (video is lossy).
  static func near(_ a: [Int], _ b: [Int], _ tolerance: Int = 6) -> Bool {
    zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
  }

  /// A GIF's image delays in hundredths of a second, and whether it has a NETSCAPE2.0 loop
  /// block with a loop count of 0 (forever): read straight from the blocks, independently of
  /// Segue's own GIF code.
  static func gifTiming(_ bytes: [UInt8]) -> (delays: [Int], loopsForever: Bool) {
    var position = 13
    if bytes[10] & 0x80 != 0 { position += 3 << (Int(bytes[10] & 7) + 1) }
    var delays: [Int] = []
    var loops = false
    func skipSubBlocks() {
      while bytes[position] != 0 { position += Int(bytes[position]) + 1 }
      position += 1
    }
    while position < bytes.count, bytes[position] != 0x3B {
      if bytes[position] == 0x21 {
        let label = bytes[position + 1]
        if label == 0xF9 { delays.append(Int(bytes[position + 4]) | Int(bytes[position + 5]) << 8) }
        if label == 0xFF, Array(bytes[(position + 3)..<(position + 14)]) == Array("NETSCAPE2.0".utf8) {
          loops = bytes[position + 16] == 0 && bytes[position + 17] == 0
        }
        position += 2
        skipSubBlocks()
      } else {
        let flags = bytes[position + 9]
        position += 10
        if flags & 0x80 != 0 { position += 3 << (Int(flags & 7) + 1) }
        position += 1
        skipSubBlocks()
      }
    }
    return (delays, loops)
  }
}
