import Foundation
import SegueKit
import SegueMotion
import SegueRaster
import SegueScene
import Testing

/// `SegueRecorder` on the UIKit stand-in: the hand-written animators of Tests/RecorderAnimators
/// are recorded as scenes, then played again on their own, and each recorded scene must place
/// every view at every frame where the animator put it at that instant (60 a second), as Segue
/// draws it. The recorder's sources compile here with the animators and a driver, as they would
/// in an app's test target.
@Suite(.serialized)
struct RecorderEndToEndTests {
  /// Tests/RecorderAnimators and Sources/SegueRecorder.
  static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    .deletingLastPathComponent()

  /// What the driver printed, one JSON object a line, and the folder it wrote the scenes in.
  struct Run: Sendable {
    let folder: String
    let output: String

    func lines(of name: String) -> [[String: Any]] {
      output.split(separator: "\n").compactMap { line in
        (try? JSONSerialization.jsonObject(with: Data(line.utf8))) as? [String: Any]
      }.filter { $0["case"] as? String == name }
    }
  }

  static func sources() throws -> [String: String] {
    var files: [String: String] = [:]
    for folder in ["Sources/SegueRecorder", "Tests/RecorderAnimators"] {
      let path = root.appendingPathComponent(folder).path
      for name in try FileManager.default.contentsOfDirectory(atPath: path) where name.hasSuffix(".swift") {
        files[name] = try String(contentsOfFile: path + "/" + name, encoding: .utf8)
      }
    }
    return files
  }

  /// Compiles and runs the driver once for the whole suite.
  static let run: Run? = {
    guard let folder = try? TemporaryFolder(), let files = try? sources(),
      let output = try? StandInHarness.run(files, in: folder.path)
    else { return nil }
    return Run(folder: folder.path, output: output)
  }()

  /// The animators played, each in a container of 390 × 844, 375 × 667 and 820 × 1180.
  static let played: [String] = [
    "chained-sheet", "keyframe-zoom", "property-push", "layer-animations", "flip", "circle-reveal", "moved-thumbnail",
    "wrapped-card", "scaled-mask", "bubble-present", "bubble-dismiss", "deck-present",
    "snapshot-zoom",
  ].flatMap { [$0, $0 + "@375x667", $0 + "@820x1180"] }

  /// Every hand-written animator's recording places each view where the animator had it, at
  /// each of the scene's frames, in each of three containers: its corners on screen within 1e-6
  /// of the container's size, and its opacity.
  @Test(arguments: RecorderEndToEndTests.played)
  func recordingMatchesTheAnimator(_ name: String) throws {
    let run = try #require(Self.run, "the recorder's driver did not build or run")
    let lines = run.lines(of: name)
    #expect(lines.first?["recorded"] as? Bool == true, "\(name) was not recorded: \(lines.first ?? [:])")
    let played = try #require(lines.first { $0["frames"] != nil }, "\(name) was not played")
    let loaded = try LoadedScene.load(run.folder + "/\(name).json", loadImages: false)
    // The scene lasts as long as the animator took to call completeTransition.
    let completed = try #require(played["completed"] as? Double)
    #expect(
      abs(loaded.timeline.clock.duration - completed) < 1e-9, "\(name): lasts \(loaded.timeline.clock.duration) s")
    let frames = try #require(played["frames"] as? Int)
    #expect(loaded.timeline.frameCount == frames + 1, "\(name): \(loaded.timeline.frameCount) frames")

    let comparison = ReplayComparison(loaded: loaded, samples: [])
    var compared = 0
    var masks = 0
    for sample in lines where sample["frame"] != nil {
      let frame = try #require(sample["frame"] as? Int)
      let node = try #require(sample["node"] as? String)
      let moment = loaded.timeline.frame(frame).moment
      guard let expected = comparison.expectation(for: node, at: moment, in: sample) else { continue }
      let label = "\(name) frame \(frame) \(node)"
      comparison.compareOnScreen(sample, expected, label)
      // A spring may carry a layer's opacity past 1 (the snapshot zoom's fade overshoots to
      // 1.006), which draws as 1: the recording holds what is drawn.
      let opacity = min(1, max(0, try #require(sample["opacity"] as? Double)))
      #expect(
        abs(expected.opacity - opacity) < 1e-6, "\(label): opacity \(expected.opacity), the animator's \(opacity)")
      // A mask's ellipse: the recorded circle's square is exactly the ellipse's rect.
      if let rect = sample["mask"] as? [Double] {
        // The animator's oval of a square comes back as a circle: its square is the oval's rect.
        guard case .circle(let center, let radius)? = expected.mask else {
          Issue.record(
            "\(label): the animator masks the view with \(rect); the recording \(String(describing: expected.mask))")
          continue
        }
        let recorded = [center.x - radius, center.y - radius, 2 * radius, 2 * radius]
        // Where the mask layer's own transform puts it (the recording's `NAME.mask`).
        if let moved = sample["maskMapped"] as? [Double] {
          let corners = [
            (recorded[0], recorded[1]), (recorded[0] + recorded[2], recorded[1]),
            (recorded[0], recorded[1] + recorded[3]),
            (recorded[0] + recorded[2], recorded[1] + recorded[3]),
          ].map { expected.maskTransform.apply($0.0, $0.1) }
          let xs = corners.map { $0.x / $0.w }
          let ys = corners.map { $0.y / $0.w }
          let box = [xs.min()!, ys.min()!, xs.max()! - xs.min()!, ys.max()! - ys.min()!]
          #expect(
            zip(box, moved).allSatisfy { comparison.near($0, $1) },
            "\(label): mask layer at \(box), the animator's \(moved)")
        }
        #expect(
          zip(recorded, rect).allSatisfy { comparison.near($0, $1) },
          "\(label): mask \(recorded), the animator's \(rect)")
        masks += 1
      }
      compared += 1
    }
    // Every frame compares at least both screens.
    #expect(compared >= 2 * frames, "\(name): \(compared) comparisons over \(frames) frames")
    // The circle's mask at every frame.
    #expect(
      !(name.hasPrefix("circle-reveal") || name.hasPrefix("scaled-mask")) || masks == frames,
      "\(name): \(masks) masks compared over \(frames) frames")
  }

  /// Core Animation's objects come back as the app wrote them, where they reproduce every
  /// sample: the chained sheet's fades with their durations and ease-in-ease-out, its slide as a
  /// spring of the damping ratio UIKit was given (0.8), after the 0.15 s fade; the explicit
  /// CASpringAnimation with its own mass, stiffness and damping; the explicit fade to 0.3 that
  /// stays (`fillMode` forwards, not removed) with no step after it; transforms as parts.
  @Test func animationsAreReadAsTheAppWroteThem() throws {
    let run = try #require(Self.run, "the recorder's driver did not build or run")
    func animations(_ name: String, _ target: String) throws -> [[String: Any]] {
      let data = try #require(FileManager.default.contents(atPath: run.folder + "/\(name).json"))
      let scene = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      let transition = try #require(scene["transition"] as? [String: Any])
      let all = try #require(transition["animations"] as? [[String: Any]])
      return all.filter { $0["target"] as? String == target && $0["keyframes"] == nil && $0["to"] != nil }
    }
    let dim = try animations("chained-sheet", "dim")
    #expect(dim.count == 2)
    #expect(dim.map { $0["delay"] as? Double ?? 0 } == [0, 0.5])
    #expect(dim.map { $0["duration"] as? Double } == [0.15, 0.1])
    #expect(dim.map { $0["curve"] as? String } == ["easeInOut", "easeInOut"])
    #expect(dim.map { ($0["from"] as? [String: Double])?["opacity"] } == [0, 1])
    #expect(dim.map { ($0["to"] as? [String: Double])?["opacity"] } == [1, 0])

    let slide = try #require(try animations("chained-sheet", "to").first)
    #expect(slide["delay"] as? Double == 0.15)
    #expect(slide["duration"] as? Double == 0.35)
    let spring = try #require((slide["curve"] as? [String: Any])?["spring"] as? [String: Double])
    let (mass, stiffness, damping) = (spring["mass"] ?? 0, spring["stiffness"] ?? 0, spring["damping"] ?? 0)
    #expect(mass == 1 && abs(damping / (2 * (stiffness * mass).squareRoot()) - 0.8) < 1e-8, "\(spring)")
    #expect((slide["from"] as? [String: [Double]])?["frame"] == [0, 844, 390, 844])
    #expect((slide["to"] as? [String: [Double]])?["frame"] == [0, 0, 390, 844])

    let explicit = try #require(try animations("layer-animations", "to").first)
    #expect(explicit["duration"] as? Double == 0.6)
    #expect(
      (explicit["curve"] as? [String: Any])?["spring"] as? [String: Double]
        == ["mass": 1, "stiffness": 200, "damping": 22, "velocity": 0])
    // Transforms as parts: the flip's turns about y with their curves, the property animator's
    // slides as springs of its damping ratio (0.9).
    let turnIn = try #require(try animations("flip", "to").first)
    #expect(turnIn["delay"] as? Double == 0.3 && turnIn["duration"] as? Double == 0.3)
    #expect(turnIn["curve"] as? String == "easeOut")
    #expect((turnIn["from"] as? [String: Double])?["rotationY"] == -90)
    #expect((turnIn["to"] as? [String: Double])?["rotationY"] == 0)
    let turnOut = try #require(try animations("flip", "from").first)
    #expect(turnOut["curve"] as? String == "easeIn" && turnOut["duration"] as? Double == 0.3)
    #expect((turnOut["to"] as? [String: Double])?["rotationY"] == 90)
    let push = try #require(try animations("property-push", "to").first)
    #expect((push["from"] as? [String: [Double]])?["translate"] == [390, 0])
    #expect((push["to"] as? [String: [Double]])?["translate"] == [0, 0])
    let pushSpring = try #require((push["curve"] as? [String: Any])?["spring"] as? [String: Double])
    let ratio =
      (pushSpring["damping"] ?? 0) / (2 * ((pushSpring["stiffness"] ?? 0) * (pushSpring["mass"] ?? 0)).squareRoot())
    #expect(abs(ratio - 0.9) < 1e-8, "\(pushSpring)")
    let behind = try #require(try animations("property-push", "from").first)
    #expect((behind["to"] as? [String: [Double]])?["translate"] == [-130, 0])

    // The flip's container colour is what shows behind the turning screens: 0.12 white.
    let flipData = try #require(FileManager.default.contents(atPath: run.folder + "/flip.json"))
    let flip = try #require(try JSONSerialization.jsonObject(with: flipData) as? [String: Any])
    #expect(flip["background"] as? String == "#1F1F1F")

    // UIKit's keyframes come back as keyframes: the zoom's fade holds 1 until 0.3 of the
    // animation and reaches 0 at its end, on the ease-in-ease-out animateKeyframes gives.
    let zoomData = try #require(FileManager.default.contents(atPath: run.folder + "/keyframe-zoom.json"))
    let zoom = try #require(try JSONSerialization.jsonObject(with: zoomData) as? [String: Any])
    let zoomAnimations = try #require((zoom["transition"] as? [String: Any])?["animations"] as? [[String: Any]])
    let keyframed = try #require(
      zoomAnimations.first {
        $0["target"] as? String == "from" && ($0["from"] as? [String: Any])?["opacity"] != nil && $0["keyframes"] != nil
      })
    #expect(keyframed["curve"] as? String == "easeInOut" && keyframed["duration"] as? Double == 0.5)
    let frames = try #require(keyframed["keyframes"] as? [[String: Any]])
    #expect(frames.map { $0["start"] as? Double } == [0, 0.3])
    #expect(frames.map { $0["duration"] as? Double } == [0.3, 0.7])
    #expect(frames.map { ($0["to"] as? [String: Double])?["opacity"] } == [1, 0])

    let fade = try animations("layer-animations", "from")
    #expect(fade.count == 1, "\(fade)")
    #expect(fade.first?["curve"] as? String == "easeIn")
    #expect(fade.first?["duration"] as? Double == 0.4)
    #expect((fade.first?["to"] as? [String: Double])?["opacity"] == 0.3)
  }

  /// A scene name and view identifiers with path separators, controls, line separators,
  /// direction marks, U+0600, `*/` and `</script>` come out as a file inside the folder and a
  /// scene that validates: name and ids without them, the name at most 128 bytes.
  @Test func oddNamesMakeAValidSceneInsideTheFolder() throws {
    let run = try #require(Self.run, "the recorder's driver did not build or run")
    let line = try #require(run.lines(of: "odd-names").first)
    let file = try #require(line["file"] as? String, "\(line)")
    let name = try #require(line["name"] as? String)
    #expect(
      URL(fileURLWithPath: file).deletingLastPathComponent().standardized.path
        == URL(fileURLWithPath: run.folder).standardized.path)
    #expect(name.hasPrefix("---odd") && name.utf8.count == 128, "\(name)")
    #expect(
      !name.unicodeScalars.contains { $0.properties.generalCategory == .format || $0.value < 0x20 || $0 == "\u{2028}" })
    let check = try SegueProcess.run(["validate", file])
    #expect(check.status == 0, "\(check.stdout)\(check.stderr)")
    let data = try #require(FileManager.default.contents(atPath: file))
    let text = String(decoding: data, as: UTF8.self)
    // `.`, `/` and `\` made `-`, the rest dropped: the thumbnail's id, as it is animated where it is.
    #expect(text.contains("\"from.thumba-b-c-d*-<-script>\""), "the thumbnail's id")
    #expect(!text.contains("\u{2028}") && !text.contains("\u{202E}") && !text.contains("\u{0600}"))
  }

  /// An animation of a layer property no scene has is refused with the layer's scene name and
  /// the key path; with `strict: false` the rest is recorded and the refusal listed.
  @Test func customLayerPropertyIsRefusedByName() throws {
    let run = try #require(Self.run, "the recorder's driver did not build or run")
    let lines = run.lines(of: "custom-property")
    let reason = "a scene has no property for this key path (a custom or unsupported layer property)"
    #expect(
      lines.first?["refused"] as? String
        == "the recording cannot hold what the animator does:\n  to glowRadius: \(reason)\n"
        + "(record with strict: false to leave these out and keep the rest)")
    #expect(lines.dropFirst().first?["leftOut"] as? String == "to glowRadius: \(reason)")
    let check = try SegueProcess.run(["validate", run.folder + "/custom-property.json"])
    #expect(check.status == 0, "\(check.stderr)")
  }

  /// The recorded scenes are scenes like any other: `segue render` draws them, and at a frame
  /// where the chained sheet is on its way up, the sheet's colour starts where the animator had
  /// the sheet's top edge.
  @Test func recordedSceneRendersWhereTheSheetIs() throws {
    let run = try #require(Self.run, "the recorder's driver did not build or run")
    // The first frame with the sheet's top (from the animator's own corners) between 200 and 600.
    let tops = run.lines(of: "chained-sheet").compactMap { sample -> (frame: Int, top: Double)? in
      guard sample["node"] as? String == "screen.to", let frame = sample["frame"] as? Int,
        let corners = sample["absolute"] as? [Double], corners.count == 12
      else { return nil }
      return (frame, corners[1] / corners[2])
    }
    let (frame, top) = try #require(tops.first { $0.top > 200 && $0.top < 600 }, "the sheet's tops: \(tops)")
    let out = run.folder + "/frames"
    let rendered = try SegueProcess.run([
      "render", run.folder + "/chained-sheet.json", "--scale", "1", "--frames", "\(frame)", "-o", out, "--quiet",
    ])
    #expect(rendered.status == 0, "\(rendered.stderr)")
    let file = out + "/frame_" + String(repeating: "0", count: 4 - String(frame).count) + "\(frame).png"
    let image = try decodePNGFile(file)
    // Below its top edge, the detail screen's header (#5957D6); above, the list under the dim.
    let below = image[300, Int(top.rounded(.up)) + 4]
    let above = image[300, Int(top.rounded(.down)) - 4]
    #expect(below == PremultipliedRGBA8(r: 89, g: 87, b: 214, a: 255), "below the sheet's top: \(below)")
    #expect(above.b < 200, "above the sheet's top: \(above)")
  }
}

/// `assertTransition` in the driver: the same animator matches its recording; one whose slide is
/// slower fails at the first sample where the sheet is elsewhere, with the commands that show
/// both in frames (which work); a scene not there yet is recorded.
@Suite(.serialized)
struct AssertTransitionEndToEndTests {
  @Test func sameAnimatorMatches() throws {
    let run = try #require(RecorderEndToEndTests.run, "the recorder's driver did not build or run")
    #expect(run.lines(of: "assert-same").first?["asserted"] as? Bool == true)
  }

  @Test func changedAnimatorFailsAtItsFirstDifference() throws {
    let run = try #require(RecorderEndToEndTests.run, "the recorder's driver did not build or run")
    let line = try #require(run.lines(of: "assert-changed").first)
    #expect(line["asserted"] as? Bool == false)
    let message = try #require(line["message"] as? String)
    let lines = message.split(separator: "\n").map(String.init)
    // The slide starts after the 0.15 s fade: its first sample, 1/6 s, is the first difference.
    #expect(
      lines.first?.hasPrefix("the animator no longer draws chained-sheet.json: to.frame at 0.166667 s is [0, ") == true,
      "\(message)")
    #expect(lines.first?.hasSuffix(", 390, 844] in chained-sheet.json") == true, "\(message)")
    let recorded = run.folder + "/chained-sheet-recorded.json"
    #expect(lines.dropFirst().first == "the recording is in \(recorded); to see both in frames:")
    #expect(lines.last == "(assert with record: true to take the recording as the scene)")
    // The commands it gives, run in the folder: both render, and compare finds them different.
    let commands = try #require(lines.dropFirst(2).first).trimmingCharacters(in: .whitespaces)
      .components(separatedBy: " && ").map { $0.split(separator: " ").map(String.init) }
    #expect(commands.count == 3 && commands.allSatisfy { $0.first == "segue" }, "\(commands)")
    for (index, command) in commands.enumerated() {
      let result = try SegueProcess.run(
        Array(command.dropFirst()) + (index < 2 ? ["--scale", "1", "--quiet"] : []), in: run.folder)
      #expect(result.status == (index < 2 ? 0 : 1), "\(command): \(result.status) \(result.stderr)")
    }
  }

  @Test func missingSceneIsRecorded() throws {
    let run = try #require(RecorderEndToEndTests.run, "the recorder's driver did not build or run")
    let path = run.folder + "/new-sheet.json"
    #expect(
      run.lines(of: "assert-new").first?["message"] as? String
        == "no scene at \(path): recorded it there; check it in, and the next run compares with it")
    let check = try SegueProcess.run(["validate", path])
    #expect(check.status == 0, "\(check.stderr)")
    #expect(check.stdout.hasPrefix("ok: \(path): new-sheet, custom present"), "\(check.stdout)")
  }
}
