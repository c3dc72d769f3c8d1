import Foundation
import Testing

@testable import SeguePNG
@testable import SegueRaster

/// Inputs that once crashed Segue, printed forged lines or were blamed on the wrong field:
/// truncated PNGs, control characters in paths, numbers in options, unknown help topics.
struct InputEndToEndTests {
  /// 20 x 10 pt at scale 1, 10 fps, 0.2 s fade: frames 0, 1, 2.
  static let scene =
    ##"{"name": "tiny", "size": [20, 10], "scale": 1, "fps": 10, "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"}, "transition": {"type": "fade", "duration": 0.2, "curve": "linear"}}"##

  static func png(_ path: String) throws -> [UInt8] {
    let bytes = try PNGEncoder().encode(Pixmap(width: 20, height: 10)!)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return bytes
  }

  /// The file cut after IHDR's height (24 bytes): `compare` and a golden once read byte 24.
  @Test func aTruncatedPNGIsCorruptNotACrash() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let good = folder.path + "/good.png"
    let bytes = try Self.png(good)
    let cut = folder.path + "/cut.png"
    try Data(bytes.prefix(24)).write(to: URL(fileURLWithPath: cut))
    let compared = try SegueProcess.run(["compare", good, cut])
    #expect(compared.signal == nil)
    #expect(compared.status == 2 && compared.stderr == "error: \(cut): corrupt PNG: file is truncated\n")
    // As a golden: the scene's frame 1 is compared with it.
    let file = try folder.write("tiny.json", Self.scene)
    let golden = folder.path + "/golden"
    try FileManager.default.createDirectory(atPath: golden + "/tiny", withIntermediateDirectories: true)
    try Data(bytes.prefix(24)).write(to: URL(fileURLWithPath: golden + "/tiny/frame_0001.png"))
    let checked = try SegueProcess.run([
      "check", file, "--golden", golden, "--frames", "1", "--record", "never", "--report", folder.path + "/report",
    ])
    #expect(checked.signal == nil && checked.status == 2)
    #expect(checked.stderr.contains("error: \(golden)/tiny/frame_0001.png: corrupt PNG: file is truncated\n"))
    // Cut anywhere, the file is refused by name, never a crash.
    for length in stride(from: 0, to: bytes.count, by: 1) {
      try Data(bytes.prefix(length)).write(to: URL(fileURLWithPath: cut))
      let result = try SegueProcess.run(["compare", cut, good])
      #expect(result.signal == nil && result.status == 2, "\(length) bytes")
      #expect(result.stderr.hasPrefix("error: \(cut): "), "\(length) bytes")
    }
  }

  /// A newline in a path must not start a line of its own (`ok: ...` forged on stderr), nor a
  /// carriage return, tab, escape or DEL reach the terminal.
  @Test func controlCharactersInPathsAreEscapedEverywhere() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let name = "no\nok: fine\r\t\u{1B}[2J\u{7F}.json"
    let shown = #"no\u{A}ok: fine\u{D}\u{9}\u{1B}[2J\u{7F}.json"#
    let missing = try SegueProcess.run(["render", folder.path + "/" + name])
    #expect(missing.status == 2)
    #expect(missing.stderr == "error: \(folder.path)/\(shown): no such file\n")
    // Result lines, summaries and an unreadable scene's errors too.
    let file = try folder.write(name, Self.scene)
    let valid = try SegueProcess.run(["validate", file])
    #expect(valid.status == 0)
    #expect(valid.stdout == "ok: \(folder.path)/\(shown): tiny, fade present, 3 frames at 10 fps, 20x10\n")
    let output = folder.path + "/out\nput"
    let rendered = try SegueProcess.run(["render", file, "-o", output])
    #expect(rendered.status == 0)
    #expect(rendered.stdout == "tiny: 3 frames (20x10, 10 fps) in \(folder.path)/out\\u{A}put\n")
    let broken = try folder.write("bad\n.json", "{")
    let checked = try SegueProcess.run([
      "check", broken, "--golden", folder.path + "/golden", "--report", folder.path + "/report",
    ])
    #expect(checked.status == 2)
    #expect(checked.stderr.hasPrefix("error: \(folder.path)/bad\\u{A}.json: invalid JSON: "))
    #expect(checked.stderr.split(separator: "\n").filter { $0.hasPrefix("error: ") }.count == 1)
  }

  /// validate reads only an image's header, and refuses what render would refuse.
  @Test func validateRefusesAnImageRenderRefuses() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var bytes = try Self.png(folder.path + "/big.png")
    // IHDR claims 100000 x 100000.
    bytes.replaceSubrange(16..<24, with: [0, 1, 0x86, 0xA0, 0, 1, 0x86, 0xA0])
    try Data(bytes).write(to: URL(fileURLWithPath: folder.path + "/big.png"))
    let file = try folder.write(
      "image.json", Self.scene.replacingOccurrences(of: ##""background": "#000000""##, with: #""image": "big.png""#))
    let expected =
      "error: \(file): at 'from.image': \(folder.path)/big.png: image is 100000x100000 pixels, larger than the limit "
      + "of 16384 a side and 64 Mpx\n"
    for arguments in [["validate", file], ["render", file, "-o", folder.path + "/out"]] {
      let command = arguments[0]
      let result = try SegueProcess.run(arguments)
      #expect(result.status == 2, "\(command)")
      #expect(result.stderr == expected, "\(command)")
    }
  }

  /// A size out of bounds is the field's or the option's fault, whichever made it so.
  @Test func pixelLimitsNameTheFieldOrOptionAtFault() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let wide = try folder.write("wide.json", Self.scene.replacingOccurrences(of: "[20, 10]", with: "[10000, 10]"))
    let size = try SegueProcess.run(["validate", wide])
    #expect(size.status == 2)
    #expect(
      size.stderr
        == "error: \(wide): at 'size': the frame would be 10000x10 pixels; the limit is 8192 a side and 64 Mpx\n")
    let big = try folder.write("big.json", Self.scene.replacingOccurrences(of: #""scale": 1"#, with: #""scale": 16"#))
    let scaled = try folder.write("scaled.json", Self.scene.replacingOccurrences(of: "[20, 10]", with: "[1000, 10]"))
    let scale = try SegueProcess.run(["render", scaled, "--scale", "16", "-o", folder.path + "/out"])
    #expect(scale.status == 2)
    #expect(
      scale.stderr
        == "error: \(scaled): with --scale 16, the frame would be 16000x160 pixels; the limit is 8192 a side and 64 Mpx\n"
    )
    let small = try SegueProcess.run(["render", big, "--scale", "0.0001", "-o", folder.path + "/out"])
    #expect(small.status == 2)
    #expect(
      small.stderr
        == "error: \(big): with --scale 0.0001, the frame would be 0.002x0.001 pixels; it needs at least 1x1\n")
  }

  /// Numbers in options are decimal: `0x10` is not 16 (Swift's `Double("0x10")` says it is).
  @Test(arguments: [
    (["render", "S", "--scale", "0x10"], "--scale: expected a positive number up to 16.0, got '0x10'"),
    (["render", "S", "--frames", "0x10%"], "--frames: '0x10%' is not a percentage from 0% to 100%"),
    (["compare", "A", "B", "--threshold", "0x1p1"], "--threshold: expected a ΔE00 distance of 0 or more, got '0x1p1'"),
    (
      ["compare", "A", "B", "--max-diff-ratio", "0x0.1"],
      "--max-diff-ratio: expected a share from 0 to 1 (0.001 is 0.1 %), got '0x0.1'"
    ),
  ])
  func hexadecimalAndInfiniteNumbersAreUsageErrors(arguments: [String], message: String) throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = try folder.write("tiny.json", Self.scene)
    let png = folder.path + "/a.png"
    _ = try Self.png(png)
    let resolved = arguments.map { ["S": file, "A": png, "B": png][$0] ?? $0 }
    let result = try SegueProcess.run(resolved)
    #expect(result.status == 2)
    #expect(result.stderr.hasPrefix("error: \(message)\n"))
  }

  @Test func helpForAnUnknownCommandIsAnError() throws {
    let bogus = try SegueProcess.run(["help", "bogus"])
    #expect(bogus.status == 2)
    #expect(bogus.stderr.hasPrefix("error: unknown command 'bogus'\nUsage: segue COMMAND [OPTIONS]\n"))
    let typo = try SegueProcess.run(["help", "rendr"])
    #expect(typo.status == 2 && typo.stderr.hasPrefix("error: unknown command 'rendr' (did you mean 'render'?)\n"))
    let known = try SegueProcess.run(["help", "render"])
    #expect(known.status == 0 && known.stdout.contains("USAGE: segue render SCENE"))
    #expect(try SegueProcess.run(["help"]).status == 0)
  }

  /// A duplicate name stops check before it renders, but every unreadable scene is named too,
  /// as batch and validate name them.
  @Test func checkNamesUnreadableScenesBesideADuplicate() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let first = try folder.write("scenes/a.json", Self.scene)
    let twin = try folder.write("scenes/b.json", Self.scene)
    let broken = try (1...5).map { index in try folder.write("scenes/c\(index).json", "{") }
    let result = try SegueProcess.run([
      "check", folder.path + "/scenes", "--golden", folder.path + "/golden", "--report", folder.path + "/report",
    ])
    #expect(result.status == 2)
    let expected =
      ["error: \(twin): scene name 'tiny' is also the name of \(first); each scene needs its own golden folder"]
      + broken.map {
        "error: \($0): invalid JSON: line 1, column 2: expected a key in quotes, found the end of the file"
      }
    #expect(result.stderr.split(separator: "\n").map(String.init) == expected)
    #expect(folder.files(in: "golden").isEmpty)
  }
}
