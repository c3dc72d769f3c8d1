import SegueTiming
import SegueJSON
import SegueGeometry

/// Turns the bytes of a scene file into a `Scene`, checking every value (CATALOG.md §1, §2, §4).
///
/// Pure: it reads no files. `file` only names the scene in errors; the transition type's own
/// parameters are left for the transition catalog to check.
public enum SceneDecoder {
  static let topKeys = [
    "name", "device", "size", "scale", "fps", "background", "from", "to", "transition", "interaction",
  ]
  static let screenKeys = ["background", "image", "layers"]
  static let layerKeys = [
    "rect", "color", "shape", "cornerRadius", "cornerCurve", "border", "opacity", "image",
  ]
  static let transitionKeys = ["type", "operation", "duration", "curve"]

  /// Decodes a scene; `defaultName` is used when the file has no `name` (its base name).
  public static func decode(_ bytes: [UInt8], file: String, defaultName: String) throws(SceneError) -> Scene {
    guard bytes.count <= SceneLimits.maxFileSize else {
      throw SceneError(file: file, path: "", message: "file is larger than \(SceneLimits.maxFileSize / 1_048_576) MiB")
    }
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw SceneError(file: file, path: "", message: "invalid JSON: \(error.description)")
    }
    let root = SceneField(value: json, path: "", file: file)
    guard case .object(let pairs) = json else {
      throw root.expected("a scene object")
    }
    // Transition types read their own keys from `transition`, so only the top level is strict here.
    var fields: [String: SceneField] = [:]
    for (key, value) in pairs {
      let field = root.child(key, value)
      guard topKeys.contains(key) else {
        var message = "unknown key '\(key)'"
        if let guess = SceneField.closest(to: key, in: topKeys) { message += " (did you mean '\(guess)'?)" }
        throw field.error(message + "; valid keys: " + topKeys.joined(separator: ", "))
      }
      fields[key] = field
    }

    let name = try fields["name"].map { field throws(SceneError) in try decodeName(field) } ?? defaultName
    var size: Size?
    var scale = 2.0
    if let device = fields["device"] {
      let names = DevicePreset.all.map(\.name)
      let preset = DevicePreset.named(try device.choice(names))!
      size = preset.size
      scale = preset.scale
    }
    if let sizeField = fields["size"] {
      let values = try sizeField.numbers(count: 2, "[width, height] in points, both positive")
      guard values.allSatisfy({ $0 > 0 && $0 <= SceneLimits.maxCoordinate }) else {
        throw sizeField.expected("[width, height] in points, both positive")
      }
      size = Size(width: values[0], height: values[1])
    }
    guard let size else {
      throw root.error("missing key 'size' (or 'device'): the container size in points, e.g. [390, 844]")
    }
    if let scaleField = fields["scale"] {
      scale = try scaleField.positiveNumber(
        "a positive scale of at most \(JSONValue.format(SceneLimits.maxScale)) pixels per point",
        limit: SceneLimits.maxScale)
    }
    let fps =
      try fields["fps"]?.integer(in: SceneLimits.fps, "a whole number of frames per second from 1 to 240")
      ?? 60
    let background = try fields["background"].map { field throws(SceneError) in try decodeColor(field) } ?? .black

    guard let fromField = fields["from"] else { throw root.error("missing key 'from' (the screen shown before the transition)") }
    guard let toField = fields["to"] else { throw root.error("missing key 'to' (the screen shown after the transition)") }
    guard let transitionField = fields["transition"] else { throw root.error("missing key 'transition'") }

    let scene = Scene(
      name: name, size: size, scale: scale, fps: fps, background: background,
      from: try decodeScreen(fromField), to: try decodeScreen(toField),
      transition: try decodeTransition(transitionField),
      interaction: try fields["interaction"].map { field throws(SceneError) in try decodeInteraction(field) })
    try checkPixelSize(scene, field: fields["scale"] ?? fields["size"] ?? fields["device"] ?? root)
    return scene
  }

  /// Checks the frame size in pixels against the limits (also after a `--scale` override).
  public static func checkPixelSize(_ scene: Scene, field: SceneField) throws(SceneError) {
    let width = scene.size.width * scene.scale
    let height = scene.size.height * scene.scale
    guard width.rounded() >= 1, height.rounded() >= 1 else {
      throw field.error("the frame would be \(JSONValue.format(width))x\(JSONValue.format(height)) pixels; it needs at least 1x1")
    }
    guard width.rounded() <= Double(SceneLimits.maxSide), height.rounded() <= Double(SceneLimits.maxSide),
      width.rounded() * height.rounded() <= Double(SceneLimits.maxPixels)
    else {
      throw field.error(
        "the frame would be \(Int(width.rounded()))x\(Int(height.rounded())) pixels; the limit is "
          + "\(SceneLimits.maxSide) a side and \(SceneLimits.maxPixels / 1_000_000) Mpx")
    }
  }

  static func decodeName(_ field: SceneField) throws(SceneError) -> String {
    let name = try field.string("a name (it names the output folder)")
    // The name becomes a folder: no separators, no controls or direction overrides that would
    // make it unreadable in a listing, and at most 128 bytes of UTF-8 (file systems count bytes).
    let forbidden = name.unicodeScalars.contains { scalar in
      scalar == "/" || scalar == "\\" || scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
        || [0x061C, 0x200E, 0x200F].contains(scalar.value) || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value)
    }
    guard !name.isEmpty, name != ".", name != "..", !forbidden, name.utf8.count <= 128 else {
      throw field.error(
        "expected a name usable as a folder name (1 to 128 bytes of UTF-8, no '/', '\\' or control characters), got \(field.value.summary)")
    }
    return name
  }

  /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
  public static func decodeColor(_ field: SceneField) throws(SceneError) -> RGBA8 {
    guard case .string(let text) = field.value, let color = RGBA8(hex: text) else {
      throw field.expected("a colour as '#RGB', '#RRGGBB' or '#RRGGBBAA'")
    }
    return color
  }

  static func decodeScreen(_ field: SceneField) throws(SceneError) -> Screen {
    let members = try field.members(allowed: screenKeys, what: "a screen object")
    var screen = Screen()
    if let background = members["background"] { screen.background = try decodeColor(background) }
    if let image = members["image"] { screen.image = try decodeImagePath(image) }
    if let layers = members["layers"] {
      for layer in try layers.elements(what: "an array of layers", limit: SceneLimits.maxLayers) {
        screen.layers.append(try decodeLayer(layer))
      }
    }
    return screen
  }

  static func decodeImagePath(_ field: SceneField) throws(SceneError) -> String {
    let path = try field.string("a PNG file path relative to the scene file")
    guard !path.isEmpty, !path.contains("\0") else {
      throw field.expected("a PNG file path relative to the scene file")
    }
    return path
  }

  /// A rectangle [x, y, width, height] in points.
  public static func decodeRect(_ field: SceneField) throws(SceneError) -> Rect {
    let what = "[x, y, width, height] in points, width and height not negative"
    let values = try field.numbers(count: 4, what)
    guard values.allSatisfy({ abs($0) <= SceneLimits.maxCoordinate }) else {
      throw field.expected("[x, y, width, height] with every value within ±\(JSONValue.format(SceneLimits.maxCoordinate)) points")
    }
    guard values[2] >= 0, values[3] >= 0 else { throw field.expected(what) }
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  /// A point [x, y] in points.
  public static func decodePoint(_ field: SceneField) throws(SceneError) -> Point {
    let what = "[x, y] in points"
    let values = try field.numbers(count: 2, what)
    guard values.allSatisfy({ abs($0) <= SceneLimits.maxCoordinate }) else { throw field.expected(what) }
    return Point(x: values[0], y: values[1])
  }

  static func decodeLayer(_ field: SceneField) throws(SceneError) -> Layer {
    let members = try field.members(allowed: layerKeys, what: "a layer object")
    guard let rectField = members["rect"] else {
      throw field.error("missing key 'rect' ([x, y, width, height] in points)")
    }
    var layer = Layer(rect: try decodeRect(rectField))
    if let color = members["color"] { layer.color = try decodeColor(color) }
    if let shape = members["shape"] {
      layer.shape = Layer.Shape(rawValue: try shape.choice(Layer.Shape.allCases.map(\.rawValue)))!
    }
    if let radius = members["cornerRadius"] {
      let what = "a radius in points (not negative) or [topLeft, topRight, bottomRight, bottomLeft]"
      switch radius.value {
      case .number(let value):
        guard value >= 0, value <= SceneLimits.maxCoordinate else { throw radius.expected(what) }
        layer.cornerRadius = CornerRadii(value)
      default:
        let values = try radius.numbers(count: 4, what)
        guard values.allSatisfy({ $0 >= 0 && $0 <= SceneLimits.maxCoordinate }) else { throw radius.expected(what) }
        layer.cornerRadius = CornerRadii(
          topLeft: values[0], topRight: values[1], bottomRight: values[2], bottomLeft: values[3])
      }
    }
    if let curve = members["cornerCurve"] {
      layer.cornerCurve = CornerCurve(rawValue: try curve.choice(CornerCurve.allCases.map(\.rawValue)))!
    }
    if let border = members["border"] {
      let parts = try border.members(allowed: ["width", "color"], what: "a border object {\"width\", \"color\"}")
      guard let width = parts["width"] else { throw border.error("missing key 'width' (points)") }
      let value = try width.number(in: 0...SceneLimits.maxCoordinate, "a border width in points, not negative")
      let color = try parts["color"].map { field throws(SceneError) in try decodeColor(field) } ?? .black
      layer.border = Layer.Border(width: value, color: color)
    }
    if let opacity = members["opacity"] {
      layer.opacity = try opacity.number(in: 0...1, "an opacity from 0 to 1")
    }
    if let image = members["image"] { layer.image = try decodeImagePath(image) }
    return layer
  }

  static func decodeTransition(_ field: SceneField) throws(SceneError) -> TransitionSpec {
    let members = try field.allMembers()
    var type: String?
    var operation = TransitionOperation.present
    var duration: Double?
    var curve: TimingCurve?
    var parameters: [String: SceneField] = [:]
    for (key, member) in members {
      switch key {
      case "type": type = try member.string("a transition type name")
      case "operation":
        operation = TransitionOperation(rawValue: try member.choice(TransitionOperation.allCases.map(\.rawValue)))!
      case "duration":
        duration = try member.positiveNumber(
          "a positive number of seconds, at most \(JSONValue.format(SceneLimits.maxDuration))",
          limit: SceneLimits.maxDuration)
      case "curve": curve = try decodeCurve(member)
      default: parameters[key] = member
      }
    }
    guard let type else { throw field.error("missing key 'type' (run 'segue list' for the types)") }
    return TransitionSpec(
      type: type, operation: operation, duration: duration, curve: curve, parameters: parameters,
      field: field)
  }

  /// A timing curve: a name, [x1, y1, x2, y2], or {"spring": {...}} (CATALOG.md §2).
  public static func decodeCurve(_ field: SceneField) throws(SceneError) -> TimingCurve {
    let names = TimingCurve.named.map(\.0)
    switch field.value {
    case .string:
      let name = try field.choice(names)
      return TimingCurve.named.first { $0.0 == name }!.1
    case .array:
      let what = "[x1, y1, x2, y2] with x1 and x2 from 0 to 1"
      let values = try field.numbers(count: 4, what)
      guard (0...1).contains(values[0]), (0...1).contains(values[2]),
        abs(values[1]) <= 1000, abs(values[3]) <= 1000
      else { throw field.expected(what) }
      return .bezier(UnitBezier(values[0], values[1], values[2], values[3]))
    case .object:
      let outer = try field.members(allowed: ["spring"], what: "a curve")
      guard let spring = outer["spring"] else {
        throw field.error("expected {\"spring\": {...}}, got an empty object")
      }
      return try decodeSpring(spring)
    default:
      throw field.expected(
        "a curve: one of \(names.map { "'\($0)'" }.joined(separator: ", ")), [x1, y1, x2, y2] or {\"spring\": {...}}")
    }
  }

  static func decodeSpring(_ field: SceneField) throws(SceneError) -> TimingCurve {
    let keys = ["damping", "velocity", "response", "dampingRatio", "mass", "stiffness"]
    let members = try field.members(allowed: keys, what: "a spring object")
    func value(_ key: String, _ what: String, _ range: ClosedRange<Double>) throws(SceneError) -> Double? {
      guard let member = members[key] else { return nil }
      return try member.number(in: range, what)
    }
    let velocity = try value("velocity", "an initial velocity (fractions of the distance per second)", -1000...1000) ?? 0
    if members["response"] != nil || members["dampingRatio"] != nil {
      for key in ["damping", "mass", "stiffness", "velocity"] where members[key] != nil {
        throw members[key]!.error("'\(key)' does not go with 'response' and 'dampingRatio'")
      }
      guard let response = try value("response", "a positive response in seconds", 0.001...60) else {
        throw field.error("missing key 'response' (seconds)")
      }
      let ratio = try value("dampingRatio", "a damping ratio from 0 to 100", 0...100) ?? 1
      return .responseSpring(response: response, dampingRatio: ratio)
    }
    if members["stiffness"] != nil || members["mass"] != nil {
      guard let stiffness = try value("stiffness", "a positive stiffness", 1e-6...1e9) else {
        throw field.error("missing key 'stiffness'")
      }
      let mass = try value("mass", "a positive mass", 1e-6...1e9) ?? 1
      let damping = try value("damping", "a damping coefficient, not negative", 0...1e9) ?? 10
      guard damping > 0 else { throw members["damping"]!.expected("a positive damping coefficient") }
      return .physicalSpring(mass: mass, stiffness: stiffness, damping: damping, velocity: velocity)
    }
    guard let damping = try value("damping", "a damping ratio greater than 0, at most 1", 0...1) else {
      throw field.error(
        "missing key 'damping': a spring is {\"damping\", \"velocity\"}, {\"response\", \"dampingRatio\"} or {\"mass\", \"stiffness\", \"damping\", \"velocity\"}"
      )
    }
    guard damping > 0 else { throw members["damping"]!.expected("a damping ratio greater than 0, at most 1") }
    return .uiKitSpring(damping: damping, velocity: velocity)
  }

  static func decodeInteraction(_ field: SceneField) throws(SceneError) -> Interaction {
    let members = try field.members(
      allowed: ["scrub", "release", "completionSpeed", "completionCurve"], what: "an interaction object")
    guard let scrubField = members["scrub"] else {
      throw field.error("missing key 'scrub' ([[time, fraction], ...] keyframes of the finger)")
    }
    var scrub: [(time: Double, fraction: Double)] = []
    for keyframe in try scrubField.elements(what: "an array of [time, fraction] keyframes") {
      let what = "[time in seconds, fraction from 0 to 1]"
      let values = try keyframe.numbers(count: 2, what)
      guard values[0] >= 0, values[0] <= SceneLimits.maxDuration, (0...1).contains(values[1]) else {
        throw keyframe.expected(what)
      }
      if let last = scrub.last, values[0] < last.time {
        throw keyframe.error("keyframe times must not decrease: \(JSONValue.format(values[0])) s comes after \(JSONValue.format(last.time)) s")
      }
      scrub.append((values[0], values[1]))
    }
    guard !scrub.isEmpty else { throw scrubField.error("expected at least one [time, fraction] keyframe") }
    let release = try members["release"].map { field throws(SceneError) in
      Interaction.Release(rawValue: try field.choice(Interaction.Release.allCases.map(\.rawValue)))!
    } ?? .finish
    let speed = try members["completionSpeed"]?.positiveNumber("a positive completion speed", limit: 1000) ?? 1
    let curve = try members["completionCurve"].map { field throws(SceneError) in try decodeCurve(field) } ?? .bezier(.easeInEaseOut)
    return Interaction(scrub: scrub, release: release, completionSpeed: speed, completionCurve: curve)
  }
}
