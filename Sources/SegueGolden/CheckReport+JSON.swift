import SegueJSON

extension CheckReport {
  /// Why a report.json could not be read back; `message` names the file and the field.
  public struct ReadError: Error, CustomStringConvertible {
    public let message: String
    public var description: String { message }
  }

  /// The report that `ReportWriter.json` wrote into `bytes` (`path` names the file in errors):
  /// every scene, frame and finding, and the paths of its pictures, so reports of shards can
  /// be merged into one. A frame's comparison keeps its figures, not its per-pixel states.
  public init(json bytes: [UInt8], path: String) throws(ReadError) {
    guard let document = try? JSONParser.parse(bytes) else {
      throw ReadError(message: "\(path): not a report.json segue wrote (not JSON)")
    }
    let root = Reader(value: document, path: path, at: "")
    let scenes = try root.array("scenes").map { scene throws(ReadError) in try Self.scene(scene) }
    self.init(scenes: scenes, settings: try root.string("settings"))
    version = try root.optionalString("version")
    seconds = try root.optionalNumber("seconds") ?? 0
  }

  private static func scene(_ reader: Reader) throws(ReadError) -> Scene {
    var scene = Scene(
      name: try reader.string("name"), file: try reader.string("file"), error: try reader.optionalString("error"))
    scene.recordCommand = try reader.optionalString("record")
    scene.device = try reader.optionalString("device")
    scene.variant = try reader.optionalString("variant")
    scene.timing = try reader.optional("timing")?.value
    scene.goldenTiming = try reader.optional("goldenTiming")?.value
    scene.seconds = try reader.optionalNumber("seconds") ?? 0
    if let change = try reader.optional("frameCount") {
      var found = FrameCountChange(
        goldenFrames: try change.int("golden"), sceneFrames: try change.int("scene"),
        staleFiles: try change.strings("staleGoldens"),
        foreignFiles: try change.optional("foreignGoldens") == nil
          ? [] : try change.strings("foreignGoldens"),
        removed: try change.bool("removed"),
        keptPointers: try change.optional("keptPointers") == nil ? [] : try change.strings("keptPointers"))
      found.goldenDuration = try change.optionalNumber("goldenDuration")
      found.sceneDuration = try change.optionalNumber("sceneDuration")
      found.goldenFPS = try change.optionalInt("goldenFPS")
      found.sceneFPS = try change.optionalInt("sceneFPS")
      if let retimed = try change.optional("retimed") {
        found.retimed = try retimed.elements().map { item throws(ReadError) in
          FrameCountChange.Retimed(
            file: try item.string("file"), recorded: try item.number("recorded"), now: try item.number("now"))
        }
      }
      scene.frameCountChange = found
    }
    scene.frames = try reader.array("frames").map { frame throws(ReadError) in try Self.frame(frame) }
    return scene
  }

  private static func frame(_ reader: Reader) throws(ReadError) -> Frame {
    let statusText = try reader.string("status")
    guard let status = Frame.Status(rawValue: statusText) else {
      throw reader.error("status", "expected pass, fail, size, missing or invalid, got '\(statusText)'")
    }
    var frame = Frame(
      index: try reader.int("frame"), file: try reader.string("file"), status: status,
      message: try reader.string("message"), recorded: try reader.bool("recorded"),
      expectedImage: try reader.optionalString("expected"), actualImage: try reader.optionalString("actual"),
      diffImage: try reader.optionalString("diff"))
    frame.thumbnailImage = try reader.optionalString("thumbnail")
    frame.seconds = try reader.optionalNumber("seconds") ?? 0
    if let differing = try reader.optionalInt("differingPixels") {
      let size = try reader.optional("size")?.elements() ?? []
      let at = try reader.optional("maxDifferenceAt")?.elements() ?? []
      var comparison = FrameComparison(
        width: size.count == 2 ? try size[0].int() : 0, height: size.count == 2 ? try size[1].int() : 0,
        differingPixels: differing, ignoredPixels: try reader.optionalInt("ignoredPixels") ?? 0,
        maxChannelDifference: try reader.optionalInt("maxChannelDifference") ?? 0,
        maxDifferenceAt: at.count == 2 ? (try at[0].int(), try at[1].int()) : nil,
        maxDeltaE: try reader.optionalNumber("maxDeltaE"), states: [])
      comparison.sampleDepth = try reader.optionalInt("sampleDepth") ?? 8
      frame.comparison = comparison
    }
    return frame
  }

  /// A value of report.json and where it is, for messages.
  private struct Reader {
    let value: JSONValue
    let path: String
    let at: String

    func error(_ key: String, _ what: String) -> ReadError {
      ReadError(message: "\(path): at '\(at.isEmpty ? key : at + "." + key)': \(what)")
    }

    func optional(_ key: String) throws(ReadError) -> Reader? {
      guard case .object(let members) = value else {
        throw ReadError(message: "\(path): at '\(at)': expected an object")
      }
      guard let found = members.first(where: { $0.key == key })?.value, found != .null else { return nil }
      return Reader(value: found, path: path, at: at.isEmpty ? key : at + "." + key)
    }

    func required(_ key: String) throws(ReadError) -> Reader {
      guard let found = try optional(key) else { throw error(key, "missing") }
      return found
    }

    func string(_ key: String) throws(ReadError) -> String {
      guard case .string(let text) = try required(key).value else { throw error(key, "expected a string") }
      return text
    }

    func optionalString(_ key: String) throws(ReadError) -> String? {
      guard let found = try optional(key) else { return nil }
      guard case .string(let text) = found.value else { throw error(key, "expected a string") }
      return text
    }

    func number() throws(ReadError) -> Double {
      guard case .number(let number) = value, number.isFinite else {
        throw ReadError(message: "\(path): at '\(at)': expected a number")
      }
      return number
    }

    func number(_ key: String) throws(ReadError) -> Double { try required(key).number() }

    func optionalNumber(_ key: String) throws(ReadError) -> Double? { try optional(key)?.number() }

    /// A whole number from 0 to 10^15 (a count, a size, a frame rate): a report segue wrote never
    /// holds more, and a larger one would not fit an `Int`.
    func int() throws(ReadError) -> Int {
      let number = try self.number()
      guard number == number.rounded(), number >= 0, number <= 1e15 else {
        throw ReadError(message: "\(path): at '\(at)': expected a whole number from 0 to 10^15, got \(number)")
      }
      return Int(number)
    }

    func int(_ key: String) throws(ReadError) -> Int { try required(key).int() }

    func optionalInt(_ key: String) throws(ReadError) -> Int? { try optional(key)?.int() }

    func bool(_ key: String) throws(ReadError) -> Bool {
      guard case .bool(let flag) = try required(key).value else { throw error(key, "expected true or false") }
      return flag
    }

    func elements() throws(ReadError) -> [Reader] {
      guard case .array(let items) = value else { throw ReadError(message: "\(path): at '\(at)': expected an array") }
      return items.enumerated().map { index, item in Reader(value: item, path: path, at: "\(at).\(index)") }
    }

    func array(_ key: String) throws(ReadError) -> [Reader] { try required(key).elements() }

    func strings(_ key: String) throws(ReadError) -> [String] {
      try array(key).map { item throws(ReadError) in
        guard case .string(let text) = item.value else {
          throw ReadError(message: "\(path): at '\(item.at)': expected a string")
        }
        return text
      }
    }
  }
}
