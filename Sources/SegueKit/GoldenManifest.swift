import SegueFiles
import SegueJSON

/// The `manifest.json` of a golden folder: the same file `render` writes, listing the goldens
/// the folder holds, each with the time it showed when it was recorded, and the scene's frame
/// count, duration and fps at the last recording.
///
/// It is what lets `check` tell that a scene got longer (a frame count cannot be read from
/// key frames alone) and that a golden's frame index now means another time.
public struct GoldenManifest: Sendable {
  /// Frames per second at the last recording.
  public var fps: Int
  /// All frames of the transition at the last recording (recorded or not).
  public var frameCount: Int
  /// The whole timeline in seconds at the last recording.
  public var duration: Double
  /// Each listed golden's entry (`file`, `index`, `time`, `progress`) by frame index.
  public var entries: [Int: JSONValue]
  /// Every animation's timing at the last recording (`TimingPlot.compact`), when the manifest
  /// has it (one written before Segue kept it has not).
  public var timing: JSONValue?
  /// The `--frames` of the recording that chose the goldens (`0,25%,50%,75%,last`), when one
  /// did: what a re-recording must ask for, since percentages land on other frames when the
  /// frame count changes.
  public var selection: String?

  /// The manifest in `folder`, or nil when there is none or it is not one Segue wrote (an
  /// older golden folder has none).
  public static func read(_ folder: String) -> GoldenManifest? {
    let path = folder + "/manifest.json"
    guard FileKind.at(path).isRegular,
      let bytes = try? FileReader.read(path, limit: FrameFolder.maxManifestBytes, what: "a manifest"),
      case .object(let members) = try? JSONParser.parse(bytes)
    else { return nil }
    func number(_ key: String) -> Double? {
      guard case .number(let value) = members.first(where: { $0.key == key })?.value, value.isFinite else {
        return nil
      }
      return value
    }
    guard let fps = number("fps"), let count = number("frameCount"), let duration = number("duration"),
      fps >= 1, fps <= 1_000, count >= 1, count <= Double(FrameFolderNames.maxIndex),
      case .array(let frames) = members.first(where: { $0.key == "frames" })?.value
    else { return nil }
    var entries: [Int: JSONValue] = [:]
    for entry in frames {
      guard case .object(let fields) = entry, case .string(let file) = fields.first(where: { $0.key == "file" })?.value,
        let index = FrameFolderNames.index(of: file)
      else { continue }
      entries[index] = entry
    }
    var manifest = GoldenManifest(fps: Int(fps), frameCount: Int(count), duration: duration, entries: entries)
    if let timing = members.first(where: { $0.key == "timing" })?.value, case .array = timing {
      manifest.timing = timing
    }
    if case .string(let selection)? = members.first(where: { $0.key == "selection" })?.value,
      !selection.isEmpty, selection.utf8.count <= 4096
    {
      manifest.selection = selection
    }
    return manifest
  }

  /// The time golden `index` showed when it was recorded, when the manifest says.
  public func time(ofFrame index: Int) -> Double? {
    guard case .object(let fields) = entries[index],
      case .number(let time) = fields.first(where: { $0.key == "time" })?.value, time.isFinite
    else { return nil }
    return time
  }

  /// The manifest after a recording: `renderer`'s scene, listing `goldens` (the folder's
  /// goldens once the recording is committed); those in `recorded` with this render's times,
  /// the others as `previous` listed them (or with this render's times, when it did not).
  ///
  /// With `keepsTiming` (`--record missing`, which only adds goldens that do not exist) the
  /// frame count, duration and fps stay `previous`'s: adding the frames a longer transition now
  /// has does not accept its new length, so the change stays a finding until `--record failed`
  /// or `all` records it.
  /// `selection` is the recording's `--frames`; without one, `previous`'s stays.
  public static func text(
    renderer: FrameRenderer, goldens: [Int], recorded: Set<Int>, previous: GoldenManifest?, keepsTiming: Bool = false,
    selection: String? = nil
  ) -> [UInt8] {
    guard case .object(var members) = FrameWriter.manifest(renderer: renderer, frames: goldens),
      let framesAt = members.firstIndex(where: { $0.key == "frames" }),
      case .array(let fresh) = members[framesAt].value
    else { return [] }
    let entries = zip(goldens, fresh).map { index, entry in
      recorded.contains(index) ? entry : previous?.entries[index] ?? entry
    }
    members[framesAt].value = .array(entries)
    if keepsTiming, let previous {
      var kept: [String: JSONValue] = [
        "fps": .number(Double(previous.fps)), "frameCount": .number(Double(previous.frameCount)),
        "duration": .number(previous.duration),
      ]
      if let timing = previous.timing { kept["timing"] = timing }
      for index in members.indices { if let value = kept[members[index].key] { members[index].value = value } }
    }
    if let selection = selection ?? previous?.selection { members.append(("selection", .string(selection))) }
    return Array((JSONValue.object(members).text() + "\n").utf8)
  }
}
