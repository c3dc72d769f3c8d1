import Foundation
import Testing

/// `segue batch`: folders of scenes, errors collected to the end, and deterministic shards.
@Suite(.serialized)
struct BatchEndToEndTests {
  func scene(_ name: String, type: String = "fade") -> String {
    ##"{"name": "\##(name)", "size": [20, 10], "scale": 1, "fps": 10, "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"}, "transition": {"type": "\##(type)", "duration": 0.2}}"##
  }

  @Test func rendersEverySceneAndReportsBrokenOnesAtTheEnd() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("scenes/a.json", scene("alpha"))
    _ = try folder.write("scenes/b.json", scene("beta", type: "nope"))
    _ = try folder.write("scenes/c.json", scene("gamma", type: "circle"))
    _ = try folder.write("scenes/notes.txt", "not a scene")
    let result = try SegueProcess.run(["batch", folder.path + "/scenes", "-o", folder.path + "/out"])
    #expect(result.status == 2)
    #expect(folder.files(in: "out") == ["alpha", "gamma"])
    #expect(folder.files(in: "out/alpha") == ["frame_0000.png", "frame_0001.png", "frame_0002.png", "manifest.json"])
    #expect(result.stdout.contains("alpha: 3 frames in \(folder.path)/out/alpha"))
    #expect(result.stdout.hasSuffix("2 of 3 scenes rendered\n"))
    #expect(
      result.stderr.hasPrefix(
        "error: \(folder.path)/scenes/b.json: at 'transition.type': unknown transition type 'nope'"))
  }

  @Test func shardsPartitionTheScenes() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let names = (0..<7).map { "s\($0)" }
    for name in names { _ = try folder.write("scenes/\(name).json", scene(name)) }
    var seen: [String] = []
    for index in 1...3 {
      let result = try SegueProcess.run([
        "batch", folder.path + "/scenes", "-o", folder.path + "/out\(index)", "--shard", "\(index)/3", "--quiet",
      ])
      #expect(result.status == 0, "\(result.stderr)")
      let rendered = folder.files(in: "out\(index)")
      // Round robin over the sorted list: shard 1 gets s0, s3, s6; 2 gets s1, s4; 3 gets s2, s5.
      #expect(rendered == names.enumerated().filter { $0.offset % 3 == index - 1 }.map(\.element))
      seen += rendered
    }
    #expect(seen.sorted() == names)
    let again = try SegueProcess.run([
      "batch", folder.path + "/scenes", "-o", folder.path + "/again", "--shard", "2/3", "--quiet",
    ])
    #expect(again.status == 0 && folder.files(in: "again") == folder.files(in: "out2"))
    let bad = try SegueProcess.run(["batch", folder.path + "/scenes", "--shard", "4/3"])
    #expect(
      bad.status == 2
        && bad.stderr.hasPrefix("error: --shard: expected I/N with 1 ≤ I ≤ N (for example 2/4), got '4/3'"))
  }

  @Test func twoScenesMayNotShareAFolder() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("a.json", scene("same"))
    _ = try folder.write("b.json", scene("same"))
    let result = try SegueProcess.run([
      "batch", folder.path + "/a.json", folder.path + "/b.json", "-o", folder.path + "/out", "--quiet",
    ])
    #expect(result.status == 2)
    #expect(result.stderr.contains("scene name 'same' is also the name of \(folder.path)/a.json"))
    #expect(folder.files(in: "out") == ["same"])
    // Names that differ only in case are one folder on macOS's and Windows's file systems, in
    // batch as in check (one golden folder).
    _ = try folder.write("c.json", scene("Card"))
    _ = try folder.write("d.json", scene("card"))
    for arguments in [
      ["batch", "-o", folder.path + "/cased", "--quiet"], ["check", "--golden", folder.path + "/goldens"],
    ] {
      let cased = try SegueProcess.run(
        Array(arguments.prefix(1)) + [folder.path + "/c.json", folder.path + "/d.json"] + arguments.dropFirst())
      #expect(cased.status == 2, "\(arguments[0])")
      #expect(
        cased.stderr.contains(
          "\(folder.path)/d.json: scene name 'card' is also the name of \(folder.path)/c.json (as 'Card', in another "
            + "case); each scene needs its own"), "\(arguments[0]): \(cased.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/goldens/card"))
    // gallery and preview put each scene's frames in a folder named after it too.
    for command in ["gallery", "preview"] {
      let cased = try SegueProcess.run([
        command, folder.path + "/c.json", folder.path + "/d.json", "-o", folder.path + "/\(command)-out",
      ])
      #expect(cased.status == 2, "\(command)")
      #expect(
        cased.stderr.contains("\(folder.path)/d.json: scene name 'card'") && cased.stderr.contains("c.json"),
        "\(command): \(cased.stderr)")
    }
  }

  @Test func listShowsEveryTypeWithItsSeed() throws {
    let result = try SegueProcess.run(["list", "--json"])
    let list = try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as! [String: Any]
    let types = list["types"] as! [[String: Any]]
    let devices = list["devices"] as! [[String: Any]]
    let sixteen = devices.first { $0["name"] as? String == "iphone-16" }
    #expect(sixteen?["size"] as? [Double] == [393, 852] && sixteen?["scale"] as? Double == 3)
    #expect(sixteen?["pixels"] as? [Double] == [1179, 2556])
    #expect(
      types.map { $0["type"] as! String } == [
        "zoom", "stories", "slide", "panel", "circle", "spread", "boom", "fade", "push", "flip", "cube", "sheet",
      ])
    let panel = types.first { $0["type"] as? String == "panel" }!
    #expect((panel["parameters"] as! [[String: Any]]).map { $0["name"] as! String } == ["edge", "size", "dim"])
    #expect(panel["seed"] as? String == "a half-screen panel over a dimmed screen (a bottom sheet, a side menu)")
    let text = try SegueProcess.run(["list"])
    #expect(
      text.stdout.contains("boom: ")
        && text.stdout.contains("present: 0.5 s, {\"spring\": {\"damping\": 0.4, \"velocity\": 2.5}}"))
    // The device presets, with points, scale, pixels and safe area.
    #expect(
      text.stdout.contains(
        "  iphone-16          393 x 852 pt    @3x = 1179 x 2556 px  safe area 59 0 34 0  iPhone 16\n"))
    #expect(
      text.stdout.contains(
        "  ipad-pro-13        1032 x 1376 pt  @2x = 2064 x 2752 px  safe area 24 0 20 0  iPad Pro 13-inch"))
  }
}
