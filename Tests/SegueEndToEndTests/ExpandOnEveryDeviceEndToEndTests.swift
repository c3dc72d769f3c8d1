import Foundation
import Testing

/// `segue expand` of a preset on several devices writes what the preset reads from the
/// container as relative forms, so the one expanded scene renders the preset's bytes on every
/// device it lists (CATALOG section 10, "Expand writes what it read").
@Suite(.serialized)
struct ExpandOnEveryDeviceEndToEndTests {
  /// Three containers of different sizes and safe areas: 375 × 667 (top 20), 390 × 844 (top 47,
  /// bottom 34), 820 × 1180 (top 24, bottom 20).
  static let devices = ["iphone-se", "iphone-14", "ipad"]

  /// Every preset and every operation it takes (`segue list`), and parameters that move its
  /// geometry elsewhere (an edge, a share, a stated point or top).
  static let cases: [(type: String, operation: String, parameters: String)] =
    [
      ("zoom", "present"), ("zoom", "dismiss"), ("stories", "push"), ("stories", "pop"), ("slide", "present"),
      ("slide", "dismiss"), ("panel", "present"), ("panel", "dismiss"), ("circle", "present"), ("circle", "push"),
      ("circle", "dismiss"), ("circle", "pop"), ("spread", "present"), ("spread", "push"), ("spread", "dismiss"),
      ("spread", "pop"), ("boom", "present"), ("boom", "push"), ("boom", "dismiss"), ("boom", "pop"),
      ("fade", "present"), ("fade", "push"), ("fade", "dismiss"), ("fade", "pop"), ("push", "push"), ("push", "pop"),
      ("flip", "present"), ("flip", "push"), ("flip", "dismiss"), ("flip", "pop"), ("cube", "push"), ("cube", "pop"),
      ("sheet", "present"), ("sheet", "dismiss"),
    ].map { ($0.0, $0.1, "") } + [
      ("zoom", "present", #""sourceFrame": [10, 20, 100, 120]"#),
      ("slide", "present", #""edge": "left""#), ("slide", "dismiss", #""edge": "top""#),
      ("panel", "present", #""edge": "top", "size": 0.4"#),
      ("panel", "dismiss", #""edge": "right", "size": 0.3, "dim": 0.5"#),
      ("circle", "present", #""origin": [30, 40], "startRadius": 5, "endRadius": 300"#),
      ("circle", "present", #""origin": {"of": "from.logo"}"#),
      ("spread", "present", #""edge": "left""#), ("spread", "pop", #""edge": "top""#),
      ("spread", "push", #""edge": "bottom""#),
      ("sheet", "present", #""top": 80, "inset": 10"#), ("stories", "push", #""scale": 0.7, "cornerRadius": 20"#),
      ("flip", "pop", #""direction": "right""#),
    ]

  /// The scene of one case: two screens with a layer each (the logo a circle may grow from),
  /// 0.3 s at 10 fps (4 frames on each device; 6 for the push's and the sheet's system spring,
  /// which lasts 0.5 s whatever the duration), on the three devices.
  static func scene(_ type: String, _ operation: String, _ parameters: String) -> String {
    let extra = parameters.isEmpty ? "" : ", " + parameters
    return #"""
      {"name": "s", "devices": ["iphone-se", "iphone-14", "ipad"], "fps": 10,
       "from": {"background": "#FF0000", "layers": [{"id": "logo", "rect": [10, 10, 100, 50], "color": "#00FF00"}]},
       "to": {"background": "#0000FF", "layers": [{"rect": [20, 30, 60, 60], "color": "#FFFF00"}]},
       "transition": {"type": "\#(type)", "operation": "\#(operation)", "duration": 0.3\#(extra)}}
      """#
  }

  @Test func anExpandedPresetRendersThePresetsBytesOnEveryDevice() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    for (index, (type, operation, parameters)) in Self.cases.enumerated() {
      let name = "\(index)-\(type)-\(operation)"
      let original = try folder.write("\(name).json", Self.scene(type, operation, parameters))
      let expanded = folder.path + "/\(name)-expanded.json"
      let expand = try SegueProcess.run(["expand", original, "-o", expanded])
      #expect(expand.status == 0 && expand.stderr.isEmpty, "\(name): \(expand.stderr)")
      let object = try #require(
        try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: expanded))) as? [String: Any])
      // The devices stay; no one device's size is written in their place.
      #expect(object["devices"] as? [String] == Self.devices, "\(name)")
      #expect(object["size"] == nil && object["scale"] == nil, "\(name)")
      for (source, output) in [(original, "a"), (expanded, "b")] {
        let render = try SegueProcess.run([
          "render", source, "-o", folder.path + "/\(output)/\(name)", "--scale", "1", "--quiet",
        ])
        #expect(render.status == 0, "\(name): \(render.stderr)")
      }
      for device in Self.devices {
        let pngs = folder.files(in: "a/\(name)/\(device)").filter { $0.hasSuffix(".png") }
        #expect(pngs.count == 4 || pngs.count == 6, "\(name)/\(device): \(pngs)")
        #expect(folder.files(in: "b/\(name)/\(device)").filter { $0.hasSuffix(".png") } == pngs, "\(name)/\(device)")
        for png in pngs {
          let a = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/a/\(name)/\(device)/\(png)"))
          let b = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/b/\(name)/\(device)/\(png)"))
          #expect(a == b, "\(name) on \(device), \(png): the expanded scene renders other bytes")
        }
      }
    }
  }

  /// The push's expanded text: `to` comes from one container width to the right, `from` moves
  /// by UIKit's rounded parallax, both read from the running container.
  @Test func aPushIsWrittenInTheContainersTerms() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let original = try folder.write("push.json", Self.scene("push", "push", ""))
    let expand = try SegueProcess.run(["expand", original])
    #expect(expand.status == 0 && expand.stderr.isEmpty, "\(expand.stderr)")
    let object = try #require(try JSONSerialization.jsonObject(with: Data(expand.stdout.utf8)) as? [String: Any])
    let transition = try #require(object["transition"] as? [String: Any])
    let animations = try #require(transition["animations"] as? [[String: Any]])
    let to = try #require(animations.first { $0["target"] as? String == "to" })
    let aside = try #require((to["from"] as? [String: Any])?["translate"] as? [Any])
    #expect(NSDictionary(dictionary: ["x": aside[0]]).isEqual(to: ["x": ["of": "container", "times": 1]]))
    #expect(aside[1] as? Double == 0)
    let from = try #require(animations.first { $0["target"] as? String == "from" })
    let behind = try #require((from["to"] as? [String: Any])?["translate"] as? [Any])
    #expect(
      (behind[0] as? [String: Any])?["formula"] as? String
        == "0 - (container.width - round(((container.width * 7) / 10)))")
  }
}
