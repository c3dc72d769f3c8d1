import SegueGeometry
import SegueJSON

/// A scene file before it is drawn anywhere: its JSON, the devices it runs on and the variants
/// it is checked with (docs/scene-format.md, "Devices and variants"). Each run (a device, a
/// variant, or both) gives one `Scene`, decoded from the file with the device's size and
/// scale and the variant's changes in place; everything downstream sees one scene at a time.
public struct SceneDocument: Sendable {
  public let file: String
  /// The file's top-level members, `devices` and `variants` left out.
  let members: [(key: String, value: JSONValue)]
  let defaultName: String
  /// What the scene lists under `devices`, in its order (empty: none).
  public let devices: [SceneRun.Device]
  /// What the scene lists under `variants`, in its order.
  public let variants: [SceneVariant]

  /// Parses `bytes` and reads `devices` and `variants`; every other field is read per run.
  public static func parse(_ bytes: [UInt8], file: String, defaultName: String) throws(SceneErrors) -> SceneDocument {
    guard bytes.count <= SceneLimits.maxFileSize else {
      throw SceneErrors(
        SceneError(file: file, path: "", message: "file is larger than \(SceneLimits.maxFileSize / 1_048_576) MiB"))
    }
    let json: JSONValue
    do {
      json = try JSONParser.parse(bytes)
    } catch {
      throw SceneErrors(SceneError(file: file, path: "", message: "invalid JSON: \(error.description)"))
    }
    guard case .object(let all) = json else {
      throw SceneErrors(SceneField(value: json, path: "", file: file).expected("a scene object"))
    }
    let root = SceneField(value: json, path: "", file: file)
    var errors: [SceneError] = []
    var devices: [SceneRun.Device] = []
    var variants: [SceneVariant] = []
    if let value = all.first(where: { $0.key == "devices" })?.value {
      do {
        devices = try decodeDevices(root.child("devices", value), members: all)
      } catch {
        errors.append(error)
      }
    }
    if let value = all.first(where: { $0.key == "variants" })?.value {
      do {
        variants = try SceneVariant.decodeAll(root.child("variants", value), scene: json, hasDevices: !devices.isEmpty)
      } catch {
        errors += error.errors
      }
    }
    if !errors.isEmpty { throw SceneErrors(errors) }
    return SceneDocument(
      file: file, members: all.filter { $0.key != "devices" && $0.key != "variants" }, defaultName: defaultName,
      devices: devices, variants: variants)
  }

  /// The most devices a scene lists.
  public static let maxDevices = 64

  static func decodeDevices(_ field: SceneField, members: [(key: String, value: JSONValue)]) throws(SceneError)
    -> [SceneRun.Device]
  {
    for key in ["size", "device"] where members.contains(where: { $0.key == key }) {
      throw field.error(
        "'devices' lists every container the scene runs in; drop the scene's '\(key)', which would be one more")
    }
    let elements = try field.elements(what: "an array of devices", limit: maxDevices)
    guard !elements.isEmpty else {
      throw field.expected("at least one device: a name of 'segue list devices' or [width, height] in points")
    }
    var devices: [SceneRun.Device] = []
    for element in elements {
      let device: SceneRun.Device
      if case .string = element.value {
        let name = try element.choice(DevicePreset.all.map(\.name))
        guard let preset = DevicePreset.named(name) else { throw element.expected("a device") }
        device = SceneRun.Device(name: preset.name, size: preset.size, scale: preset.scale, safeArea: preset.safeArea)
      } else {
        let size = try SceneDecoder.decodeSize(element)
        let name = "\(JSONValue.format(size.width))x\(JSONValue.format(size.height))"
        device = SceneRun.Device(name: name, size: size, scale: nil)
      }
      if devices.contains(where: { $0.name == device.name }) {
        throw element.error("'\(device.name)' is listed twice")
      }
      devices.append(device)
    }
    return devices
  }

  /// Every run, devices outermost: each device alone and with each variant (without devices,
  /// the scene's own layout and each variant); one `plain` run when the scene lists neither.
  public var runs: [SceneRun] {
    let devices: [SceneRun.Device?] = self.devices.isEmpty ? [nil] : self.devices
    return devices.flatMap { device in
      [SceneRun(device: device)] + variants.map { SceneRun(device: device, variant: $0.name) }
    }
  }

  /// The runs a `--device` and `--variant` pick (nil: every one), or an error that lists the
  /// names there are.
  public func runs(device: String?, variant: String?) -> Result<[SceneRun], SceneError> {
    /// `--OPTION NAME` names none of `names` (the scene's `key`).
    func unknown(_ option: String, _ name: String, _ key: String, _ names: [String]) -> SceneError {
      let listed = names.isEmpty ? "none" : names.map { "'\($0)'" }.joined(separator: ", ")
      return SceneError(file: file, path: key, message: "--\(option) \(name): the scene's '\(key)' are \(listed)")
    }
    if let device, !devices.contains(where: { $0.name == device }) {
      return .failure(unknown("device", device, "devices", devices.map(\.name)))
    }
    if let variant, !variants.contains(where: { $0.name == variant }), variant != SceneRun.defaultName {
      return .failure(unknown("variant", variant, "variants", variants.map(\.name)))
    }
    return .success(
      runs.filter { run in
        (device == nil || run.device?.name == device)
          && (variant == nil || run.variant == variant || (variant == SceneRun.defaultName && run.variant == nil))
      })
  }

  /// The scene of `run`: the file with the device's size (and its scale, unless the scene gives
  /// one) and the variant's changes, decoded. An error of the variant's value is reported at
  /// the variant's key (`variants.0.set.from.card.rect`).
  public func scene(_ run: SceneRun, scale: Double? = nil) throws(SceneErrors) -> Scene {
    var json = JSONValue.object(members)
    if let device = run.device {
      var members = self.members
      members.removeAll { $0.key == "size" || $0.key == "device" }
      members.append(("size", .array([.number(device.size.width), .number(device.size.height)])))
      if let deviceScale = device.scale, !members.contains(where: { $0.key == "scale" }) {
        members.append(("scale", .number(deviceScale)))
      }
      // A preset's safe area, unless the scene states one (as an explicit scale wins).
      if let safeArea = device.safeArea, !members.contains(where: { $0.key == "safeArea" }) {
        members.append(("safeArea", .array(safeArea.values.map(JSONValue.number))))
      }
      json = .object(members)
    }
    var changed: [(codingPath: String, key: String)] = []
    if let name = run.variant, let index = variants.firstIndex(where: { $0.name == name }) {
      for change in variants[index].changes {
        json = change.location.replacing(in: json, with: change.value)
        changed.append((change.location.codingPath, "variants.\(index).set.\(change.key)"))
      }
    }
    let root = SceneField(value: json, path: "", file: file)
    let diagnostics = Diagnostics()
    let scene = SceneDecoder.decode(root, defaultName: defaultName, scaleOption: scale, diagnostics)
    guard let scene, diagnostics.errors.isEmpty else {
      // Longest coding paths first: a change inside another change's value is its own.
      let sorted = changed.sorted { $0.codingPath.count > $1.codingPath.count }
      throw SceneErrors(
        diagnostics.errors.map { error in
          var error = error
          if let change = sorted.first(where: {
            error.path == $0.codingPath || error.path.hasPrefix($0.codingPath + ".")
          }) {
            error.path = change.key + error.path.dropFirst(change.codingPath.count)
          } else if error.path == "size", let device = run.device,
            let index = devices.firstIndex(where: { $0.name == device.name })
          {
            // The size is the device's: a frame too large for it is the device's fault.
            error.path = "devices.\(index)"
          }
          return error
        })
    }
    return scene
  }
}
