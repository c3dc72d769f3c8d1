import Foundation
import Testing

/// What a new user met in the golden workflow trial: one rule for output paths, one error per
/// mistake, other frameworks' names understood, and messages that point the right way.
struct TrialMessagesEndToEndTests {
  static let scene = ##"""
    {"name": "small", "size": [40, 30], "scale": 1, "fps": 10,
     "from": {"background": "#000000"}, "to": {"background": "#FFFFFF"},
     "transition": {"type": "fade", "duration": 0.5, "curve": "linear"}}
    """##

  /// A file output goes into a folder that exists; a folder output is made with its parents.
  @Test func oneRuleForOutputPaths() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scene = try folder.write("s.json", Self.scene)
    let missing = folder.path + "/no/such"
    for option in ["--apng", "--sheet"] {
      let result = try SegueProcess.run(["render", scene, "-o", folder.path + "/out", option, missing + "/x.png"])
      #expect(result.status == 3, "\(option)")
      #expect(
        result.stderr
          == "error: cannot write \(missing)/x.png: its folder \(missing) does not exist; create it first "
          + "(segue makes only the folders of -o, --golden and --report)\n", "\(option): \(result.stderr)")
    }
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/no"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/out"), "refused before rendering")
    let expand = try SegueProcess.run(["expand", scene, "-o", missing + "/x.json"])
    #expect(expand.status == 3 && expand.stderr.contains("its folder \(missing) does not exist"))
    // Folders named by -o are made, parents too; batch's extra files go into its -o folder.
    let deep = folder.path + "/a/b/c"
    #expect(try SegueProcess.run(["render", scene, "-o", deep]).status == 0)
    #expect(try SegueProcess.run(["batch", scene, "-o", folder.path + "/d/e", "--apng"]).status == 0)
    #expect(FileManager.default.fileExists(atPath: folder.path + "/d/e/small.png"))
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/no"))
  }

  /// A layer whose `rect` is wrong is one error: its id still names it, and UIKit's and CSS's
  /// names for properties suggest ours.
  @Test func oneMistakeIsOneError() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let scene = try folder.write(
      "t.json",
      ##"""
      {"name": "t", "size": [100, 100], "scale": 1,
       "from": {"background": "#000000", "layers": [{"id": "card", "rect": "24,200,342,216", "color": "#FF0000"}]},
       "to": {"background": "#FFFFFF"},
       "transition": {"type": "custom", "duration": 0.5, "match": ["card"], "animations": [
         {"target": "from.card", "to": {"alpha": 0, "rotateY": 1}}]}}
      """##)
    let result = try SegueProcess.run(["validate", scene])
    #expect(result.status == 2)
    let lines = result.stderr.split(separator: "\n").map(String.init)
    #expect(
      lines.contains(
        "error: \(scene): at 'from.layers.0.rect': expected [x, y, width, height] in points, width and height not "
          + "negative, got \"24,200,342,216\""))
    #expect(lines.contains { $0.contains("unknown property 'alpha' (did you mean 'opacity'?)") }, "\(lines)")
    #expect(lines.contains { $0.contains("unknown property 'rotateY' (did you mean 'rotationY'?)") }, "\(lines)")
    // `match: ["card"]` names a layer of both screens: 'to' has none, which is a real error.
    #expect(!lines.contains { $0.contains("no layer of 'from' has the id 'card'") }, "\(lines)")
    #expect(lines.contains { $0.contains("no layer of 'to' has the id 'card'") }, "\(lines)")
    #expect(lines.count == 4, "\(lines)")
  }

  @Test func messagesPointTheRightWay() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    _ = try folder.write("scenes/s.json", Self.scene)
    let render = try SegueProcess.run(["render", folder.path + "/scenes"])
    #expect(render.status == 2)
    #expect(
      render.stderr
        == "error: \(folder.path)/scenes: is a folder, not a scene file; to render every scene in it: "
        + "segue batch \(folder.path)/scenes\n")
    let unknown = try SegueProcess.run(["bogus"])
    #expect(unknown.status == 2 && unknown.stdout.isEmpty)
    #expect(unknown.stderr.hasPrefix("error: unknown command 'bogus'\n"))
    let list = try SegueProcess.run(["list"])
    #expect(list.stdout.contains("\n  like: a half-screen panel over a dimmed screen (a bottom sheet, a side menu)\n"))
    #expect(!list.stdout.contains("article") && !list.stdout.contains("seed:"))
  }
}
