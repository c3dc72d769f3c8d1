import SegueGeometry
import SegueJSON
import SegueTiming

/// Turns the bytes of a scene file into a typed, checked `Scene` (docs/scene-format.md).
///
/// Pure: it reads no files; `file` only names the scene in messages. Every problem it can find
/// is reported, each with its field path, before it gives up.
public enum SceneDecoder {
  static let topKeys = [
    "name", "device", "devices", "variants", "size", "safeArea", "scale", "fps", "background", "from", "to",
    "transition", "interaction", "$schema",
  ]
  static let screenKeys = ["background", "image", "layers", "size", "doubleSided", "perspective", "resize"]
  static let layerKeys = [
    "id", "rect", "color", "gradient", "shape", "cornerRadius", "cornerCurve", "border", "opacity", "image", "layers",
    "clips", "doubleSided", "zPosition", "preserves3D", "perspective", "lift", "resize", "contentMode",
  ]
  static let gradientKeys = ["type", "colors", "locations", "startPoint", "endPoint"]

  /// Decodes a scene's first run (docs/scene-format.md: its first device, as written);
  /// `defaultName` is used when the file has no `name` (its base name). `scale` (a `--scale`
  /// option) replaces the file's; a size only it makes out of bounds is reported as the option's
  /// fault. `SceneDocument` gives every run.
  public static func decode(_ bytes: [UInt8], file: String, defaultName: String, scale: Double? = nil)
    throws(SceneErrors) -> Scene
  {
    let document = try SceneDocument.parse(bytes, file: file, defaultName: defaultName)
    return try document.scene(document.runs[0], scale: scale)
  }

  static func decode(_ root: SceneField, defaultName: String, scaleOption: Double?, _ diagnostics: Diagnostics)
    -> Scene?
  {
    guard
      let fields = diagnostics.attempt({ () throws(SceneError) in
        try root.members(allowed: topKeys, what: "a scene object", diagnostics: diagnostics)
      })
    else { return nil }
    let name =
      fields["name"].flatMap { field in diagnostics.attempt { () throws(SceneError) in try decodeName(field) } }
      ?? (fields["name"] == nil
        ? diagnostics.attempt { () throws(SceneError) in try nameFromFile(defaultName, root) } : nil)
      ?? defaultName
    var size: Size?
    var scale = 2.0
    var safeArea = SafeArea.zero
    if let device = fields["device"],
      let preset = diagnostics.attempt({ () throws(SceneError) in try device.choice(DevicePreset.all.map(\.name)) })
        .flatMap(DevicePreset.named)
    {
      size = preset.size
      scale = preset.scale
      safeArea = preset.safeArea
    }
    if let field = fields["size"], let value = diagnostics.attempt({ () throws(SceneError) in try decodeSize(field) }) {
      size = value
    }
    if let field = fields["safeArea"], let size {
      safeArea = diagnostics.attempt { () throws(SceneError) in try decodeSafeArea(field, in: size) } ?? safeArea
    }
    if size == nil && fields["size"] == nil && fields["device"] == nil {
      diagnostics.record(
        root.error("missing key 'size' (or 'device' or 'devices'): the container size in points, e.g. [390, 844]"))
    }
    if let field = fields["scale"] {
      scale =
        diagnostics.attempt { () throws(SceneError) in
          try field.positiveNumber(
            "a positive scale of at most \(JSONValue.format(SceneLimits.maxScale)) pixels per point",
            limit: SceneLimits.maxScale)
        } ?? scale
    }
    if let scaleOption { scale = scaleOption }
    let fps =
      fields["fps"].flatMap { field in
        diagnostics.attempt { () throws(SceneError) in
          try field.integer(in: SceneLimits.fps, "a whole number of frames per second from 1 to 240")
        }
      } ?? 60
    let background =
      fields["background"].flatMap { field in diagnostics.attempt { () throws(SceneError) in try decodeColor(field) } }
      ?? .black
    if fields["from"] == nil {
      diagnostics.record(root.error("missing key 'from' (the screen shown before the transition)"))
    }
    if fields["to"] == nil {
      diagnostics.record(root.error("missing key 'to' (the screen shown after the transition)"))
    }
    if fields["transition"] == nil {
      diagnostics.record(root.error("missing key 'transition' (run 'segue list' for the types)"))
    }
    var from = fields["from"].map { decodeScreen($0, container: size, safeArea: safeArea, diagnostics) } ?? Screen()
    var to = fields["to"].map { decodeScreen($0, container: size, safeArea: safeArea, diagnostics) } ?? Screen()
    // Pinned layers take their places in this scene's container (its device, its variant).
    if let size, diagnostics.errors.isEmpty {
      layOut(&from, in: from.size ?? size, safeArea: safeArea, role: .from, file: root.file, diagnostics)
      layOut(&to, in: to.size ?? size, safeArea: safeArea, role: .to, file: root.file, diagnostics)
    }
    let transition = fields["transition"].flatMap {
      decodeTransition($0, from: from, to: to, container: size, safeArea: safeArea, diagnostics)
    }
    let interaction = fields["interaction"].flatMap { field in
      diagnostics.attempt { () throws(SceneError) in try decodeInteraction(field) }
    }
    guard let size, let transition else { return nil }
    var scene = Scene(
      name: name, size: size, scale: scale, fps: fps, background: background, from: from, to: to,
      transition: transition, interaction: interaction)
    scene.safeArea = safeArea
    if case .preset = transition.kind {
      for role in ScreenRole.allCases where scene.screen(role).size != nil {
        let field = fields[role.rawValue].map { $0.child("size", .null) } ?? root
        diagnostics.record(
          field.error("only a custom transition's screens take a size; a preset sizes its screens itself"))
      }
    }
    diagnostics.attempt { () throws(SceneError) in
      try checkPixelSize(
        scene, sizeField: fields["size"] ?? fields["device"] ?? root,
        scaleError: scaleOption.map { option in { root.error("with --scale \(JSONValue.format(option)), \($0)") } }
          ?? fields["scale"]?.error,
        screenField: { role in fields[role.rawValue].map { $0.child("size", .null) } ?? root })
    }
    return scene
  }

  /// Checks the frame size in pixels against the limits (also after a `--scale` override), and
  /// the snapshot size of each screen that gives its own `size` (a custom transition's): each
  /// is drawn into a pixmap of its own, so the same limits hold.
  ///
  /// A size out of the limits even at one pixel a point is the size's fault, an error at
  /// `sizeField` (for a screen, at `screenField(role)`); otherwise the scale made it so, and
  /// `scaleError` words the error (at the file's `scale`, or naming `--scale`); without one
  /// (a scale nobody wrote) the size is at fault.
  public static func checkPixelSize(
    _ scene: Scene, sizeField: SceneField, scaleError: ((String) -> SceneError)?,
    screenField: ((ScreenRole) -> SceneField)? = nil
  ) throws(SceneError) {
    try checkPixels(
      scene.size, scale: scene.scale, what: "the frame", needsAPixel: true, sizeField: sizeField,
      scaleError: scaleError)
    for role in ScreenRole.allCases {
      guard let size = scene.screen(role).size else { continue }
      try checkPixels(
        size, scale: scene.scale, what: "the '\(role.rawValue)' screen", needsAPixel: false,
        sizeField: screenField?(role) ?? sizeField, scaleError: scaleError)
    }
  }

  /// `what` (the frame, or a screen's snapshot) at `scale` against the limits; the frame also
  /// needs at least one pixel a side (a screen's snapshot is given one anyway).
  static func checkPixels(
    _ size: Size, scale: Double, what: String, needsAPixel: Bool, sizeField: SceneField,
    scaleError: ((String) -> SceneError)?
  ) throws(SceneError) {
    guard let problem = pixelProblem(size, scale: scale, what: what, needsAPixel: needsAPixel) else { return }
    if let scaleError, pixelProblem(size, scale: 1, what: what, needsAPixel: needsAPixel) == nil {
      throw scaleError(problem)
    }
    throw sizeField.error(problem)
  }

  /// What is wrong with `size` at `scale`, or nil when it is within the limits.
  static func pixelProblem(_ size: Size, scale: Double, what: String, needsAPixel: Bool) -> String? {
    let width = size.width * scale
    let height = size.height * scale
    guard !needsAPixel || (width.rounded() >= 1 && height.rounded() >= 1) else {
      return "\(what) would be \(JSONValue.format(width))x\(JSONValue.format(height)) pixels; it needs at least 1x1"
    }
    guard width.rounded() <= Double(SceneLimits.maxSide), height.rounded() <= Double(SceneLimits.maxSide),
      width.rounded() * height.rounded() <= Double(SceneLimits.maxPixels)
    else {
      return "\(what) would be \(Int(width.rounded()))x\(Int(height.rounded())) pixels; the limit is "
        + "\(SceneLimits.maxSide) a side and \(SceneLimits.maxPixels / 1_000_000) Mpx"
    }
    return nil
  }

  static func decodeName(_ field: SceneField) throws(SceneError) -> String {
    let name = try field.string("a name (it names the output folder)")
    guard let problem = SceneText.folderNameProblem(name) else { return name }
    throw field.error(
      "expected a name usable as a folder name (1 to 128 bytes of UTF-8, no '/', '\\' or control characters, not "
        + "'.' or '..'), got \(field.value.summary): \(problem)")
  }

  /// The name of a scene that gives none: its file's, which must pass the rule an explicit name
  /// passes (a file named `...json` would otherwise be the scene `..`, whose folder is the parent).
  static func nameFromFile(_ name: String, _ root: SceneField) throws(SceneError) -> String {
    guard let problem = SceneText.folderNameProblem(name) else { return name }
    throw root.error(
      "the scene has no 'name' and its file's name '\(SceneText.shown(name))' cannot name its output folder "
        + "(\(problem)): give the scene a 'name'")
  }

  /// [width, height] in points, both positive; with `allowingZero` (a custom screen's own
  /// size, which like any frame may have no area, and then draws nothing) not negative.
  static func decodeSize(_ field: SceneField, allowingZero: Bool = false) throws(SceneError) -> Size {
    let what = "[width, height] in points, both \(allowingZero ? "not negative" : "positive")"
    let values = try field.numbers(count: 2, what)
    guard values.allSatisfy({ ($0 > 0 || (allowingZero && $0 == 0)) && $0 <= SceneLimits.maxCoordinate }) else {
      throw field.expected(what)
    }
    return Size(width: values[0], height: values[1])
  }

  /// `[top, left, bottom, right]` in points, none negative, leaving the container a safe area
  /// of no negative size.
  static func decodeSafeArea(_ field: SceneField, in size: Size) throws(SceneError) -> SafeArea {
    let what = "[top, left, bottom, right]: the container's safe-area insets in points, none negative"
    let values = try field.numbers(count: 4, what)
    guard values.allSatisfy({ $0 >= 0 && $0 <= SceneLimits.maxCoordinate }) else { throw field.expected(what) }
    let safeArea = SafeArea(top: values[0], left: values[1], bottom: values[2], right: values[3])
    guard safeArea.top + safeArea.bottom <= size.height, safeArea.left + safeArea.right <= size.width else {
      throw field.error(
        "these insets leave a container of \(JSONValue.format(size.width)) x \(JSONValue.format(size.height)) points "
          + "no safe area: top and bottom must add up to at most its height, left and right to at most its width")
    }
    return safeArea
  }

  /// `#RGB`, `#RRGGBB` or `#RRGGBBAA`.
  public static func decodeColor(_ field: SceneField) throws(SceneError) -> RGBA8 {
    guard case .string(let text) = field.value, let color = RGBA8(hex: text) else {
      throw field.expected("a colour as '#RGB', '#RRGGBB' or '#RRGGBBAA'")
    }
    return color
  }

  static func decodeScreen(_ field: SceneField, container: Size?, safeArea: SafeArea, _ diagnostics: Diagnostics)
    -> Screen
  {
    guard
      let members = diagnostics.attempt({ () throws(SceneError) in
        try field.members(allowed: screenKeys, what: "a screen object", diagnostics: diagnostics)
      })
    else { return Screen() }
    var screen = Screen()
    if let background = members["background"] {
      screen.background = diagnostics.attempt { () throws(SceneError) in try decodeColor(background) }
    }
    if let image = members["image"] {
      screen.image = diagnostics.attempt { () throws(SceneError) in try decodeImagePath(image) }
    }
    if let size = members["size"], case .array(let items) = size.value,
      items.contains(where: { if case .object = $0 { true } else { false } })
    {
      diagnostics.attempt { () throws(SceneError) in
        let formula = try decodeScreenSize(size)
        guard let container else { return }
        screen.sizeFormula = formula
        screen.size = try sharedSize(formula, container: container, safeArea: safeArea, size)
      }
    } else if let size = members["size"] {
      screen.size = diagnostics.attempt { () throws(SceneError) in try decodeSize(size, allowingZero: true) }
    }
    if let resize = members["resize"] {
      screen.resize =
        diagnostics.attempt { () throws(SceneError) in try resize.choice(ResizeMode.allCases) } ?? .stretch
    }
    if let doubleSided = members["doubleSided"] {
      screen.doubleSided = diagnostics.attempt { () throws(SceneError) in try doubleSided.bool() } ?? true
    }
    if let perspective = members["perspective"] {
      screen.perspective = diagnostics.attempt { () throws(SceneError) in try decodePerspective(perspective) }
    }
    if let layers = members["layers"] {
      var tree = LayerTree(screen: field.path)
      screen.layers = decodeLayers(layers, depth: 0, tree: &tree, diagnostics)
    }
    return screen
  }

  /// What a screen's layers share at every depth while they are read: the ids so far (unique in
  /// the screen) and how many layers there are.
  struct LayerTree {
    /// The screen's coding path (`from`).
    let screen: String
    var ids: [String: String] = [:]
    var count = 0
  }

  /// A screen's or a group's `layers`, each with its sublayers.
  static func decodeLayers(_ field: SceneField, depth: Int, tree: inout LayerTree, _ diagnostics: Diagnostics)
    -> [Layer]
  {
    guard
      let elements = diagnostics.attempt({ () throws(SceneError) in
        try field.elements(what: "an array of layers", limit: SceneLimits.maxLayers)
      })
    else { return [] }
    if depth >= SceneLimits.maxLayerDepth {
      diagnostics.record(
        field.error("layers nest at most \(SceneLimits.maxLayerDepth) deep; flatten the groups below this one"))
      return []
    }
    tree.count += elements.count
    if tree.count > SceneLimits.maxLayers, tree.count - elements.count <= SceneLimits.maxLayers {
      diagnostics.record(
        field.error("a screen has at most \(SceneLimits.maxLayers) layers at every depth together; this one has more"))
    }
    var layers: [Layer] = []
    for element in elements {
      let rawID: String? = {
        guard case .object(let members) = element.value,
          case .string(let id) = members.first(where: { $0.key == "id" })?.value
        else { return nil }
        return id
      }()
      guard var layer = decodeLayer(element, diagnostics) else {
        if let rawID { diagnostics.unreadableLayers.insert(tree.screen + "." + rawID) }
        continue
      }
      // An id refused for its own sake: what names it reports no second error.
      if layer.id == nil, let rawID { diagnostics.unreadableLayers.insert(tree.screen + "." + rawID) }
      if let id = layer.id {
        if let other = tree.ids[id] {
          diagnostics.record(
            element.child("id", .string(id)).error(
              "id '\(id)' is also the id of \(other); ids are unique in a screen, at any depth"))
        }
        tree.ids[id] = element.path
      }
      if case .object(let members) = element.value, let sublayers = members.first(where: { $0.key == "layers" }) {
        layer.layers = decodeLayers(
          element.child("layers", sublayers.value), depth: depth + 1, tree: &tree, diagnostics)
      }
      layers.append(layer)
    }
    return layers
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
      throw field.expected(
        "[x, y, width, height] with every value within ±\(JSONValue.format(SceneLimits.maxCoordinate)) points")
    }
    guard values[2] >= 0, values[3] >= 0 else { throw field.expected(what) }
    return Rect(x: values[0], y: values[1], width: values[2], height: values[3])
  }

  /// A point [x, y] in points.
  public static func decodePoint(_ field: SceneField, _ what: String = "[x, y] in points") throws(SceneError) -> Point {
    let values = try field.numbers(count: 2, what)
    guard values.allSatisfy({ abs($0) <= SceneLimits.maxCoordinate }) else { throw field.expected(what) }
    return Point(x: values[0], y: values[1])
  }

  /// A radius, or four [topLeft, topRight, bottomRight, bottomLeft], none negative.
  static func decodeRadii(_ field: SceneField) throws(SceneError) -> CornerRadii {
    let what = "a radius in points (not negative) or [topLeft, topRight, bottomRight, bottomLeft]"
    if case .number(let value) = field.value {
      guard value >= 0, value <= SceneLimits.maxCoordinate else { throw field.expected(what) }
      return CornerRadii(value)
    }
    let values = try field.numbers(count: 4, what)
    guard values.allSatisfy({ $0 >= 0 && $0 <= SceneLimits.maxCoordinate }) else { throw field.expected(what) }
    return CornerRadii(topLeft: values[0], topRight: values[1], bottomRight: values[2], bottomLeft: values[3])
  }

  /// An `id`: any non-empty name without '.', which separates a screen from an id in targets,
  /// and without control characters, which no code or page should have to carry.
  static func decodeID(_ field: SceneField) throws(SceneError) -> String {
    let what = "an id: a non-empty name of at most 128 bytes, without '.' or control characters"
    let id = try field.string(what)
    guard !id.isEmpty, !id.contains("."), id.utf8.count <= 128, !SceneText.hasControls(id) else {
      throw field.expected(what)
    }
    return id
  }

  static func decodeLayer(_ field: SceneField, _ diagnostics: Diagnostics) -> Layer? {
    guard
      let members = diagnostics.attempt({ () throws(SceneError) in
        try field.members(allowed: layerKeys, what: "a layer object", diagnostics: diagnostics)
      })
    else { return nil }
    guard let rectField = members["rect"] else {
      diagnostics.record(
        field.error("missing key 'rect' ([x, y, width, height] in points, or pins such as {\"left\": 20, ...})"))
      return nil
    }
    var layer: Layer
    if case .object = rectField.value {
      // Laid out once the parent's size is known (`layOut`).
      guard let pins = diagnostics.attempt({ () throws(SceneError) in try decodePins(rectField) }) else { return nil }
      layer = Layer(rect: Rect(x: 0, y: 0, width: 0, height: 0), pins: pins)
    } else {
      guard let rect = diagnostics.attempt({ () throws(SceneError) in try decodeRect(rectField) }) else { return nil }
      layer = Layer(rect: rect)
    }
    if let id = members["id"] { layer.id = diagnostics.attempt { () throws(SceneError) in try decodeID(id) } }
    if let color = members["color"] {
      layer.color = diagnostics.attempt { () throws(SceneError) in try decodeColor(color) }
    }
    if let gradient = members["gradient"] {
      layer.gradient = diagnostics.attempt { () throws(SceneError) in try decodeGradient(gradient) }
    }
    if let shape = members["shape"] {
      layer.shape = diagnostics.attempt { () throws(SceneError) in try shape.choice(Layer.Shape.allCases) } ?? .rect
    }
    if let radius = members["cornerRadius"] {
      layer.cornerRadius = diagnostics.attempt { () throws(SceneError) in try decodeRadii(radius) } ?? .zero
    }
    if let curve = members["cornerCurve"] {
      layer.cornerCurve =
        diagnostics.attempt { () throws(SceneError) in try curve.choice(CornerCurve.allCases) } ?? .circular
    }
    if let border = members["border"] {
      layer.border = diagnostics.attempt { () throws(SceneError) in
        let parts = try border.members(allowed: ["width", "color"], what: "a border object {\"width\", \"color\"}")
        guard let width = parts["width"] else { throw border.error("missing key 'width' (points)") }
        let value = try width.number(in: 0...SceneLimits.maxCoordinate, "a border width in points, not negative")
        let color = try parts["color"].map { field throws(SceneError) in try decodeColor(field) } ?? .black
        return Layer.Border(width: value, color: color)
      }
    }
    if let opacity = members["opacity"] {
      layer.opacity =
        diagnostics.attempt { () throws(SceneError) in try opacity.number(in: 0...1, "an opacity from 0 to 1") } ?? 1
    }
    if let image = members["image"] {
      layer.image = diagnostics.attempt { () throws(SceneError) in try decodeImagePath(image) }
    }
    if let mode = members["contentMode"] {
      layer.contentMode =
        diagnostics.attempt { () throws(SceneError) in try mode.choice(ContentMode.allCases) } ?? .scaleAspectFill
    }
    if let clips = members["clips"] {
      layer.clips = diagnostics.attempt { () throws(SceneError) in try clips.bool("true or false") } ?? false
    }
    if let doubleSided = members["doubleSided"] {
      layer.doubleSided = diagnostics.attempt { () throws(SceneError) in try doubleSided.bool() } ?? true
    }
    if let preserves3D = members["preserves3D"] {
      layer.preserves3D = diagnostics.attempt { () throws(SceneError) in try preserves3D.bool() } ?? false
    }
    if let zPosition = members["zPosition"] {
      let limit = SceneLimits.maxCoordinate
      layer.zPosition =
        diagnostics.attempt { () throws(SceneError) in
          try zPosition.number(in: -limit...limit, "a depth in points, within ±\(JSONValue.format(limit))")
        } ?? 0
    }
    if let perspective = members["perspective"] {
      layer.perspective = diagnostics.attempt { () throws(SceneError) in try decodePerspective(perspective) }
    }
    if let lift = members["lift"] {
      layer.lift = diagnostics.attempt { () throws(SceneError) in try lift.bool() } ?? true
    }
    if let resize = members["resize"] {
      layer.resize = diagnostics.attempt { () throws(SceneError) in try resize.choice(ResizeMode.allCases) } ?? .stretch
    }
    return layer
  }

  /// A `sublayerTransform` perspective distance: points, above 0, at most the coordinate limit.
  static func decodePerspective(_ field: SceneField) throws(SceneError) -> Double {
    try field.positiveNumber(
      "a positive distance in points, at most \(JSONValue.format(SceneLimits.maxCoordinate))",
      limit: SceneLimits.maxCoordinate)
  }

  /// `{"type", "colors", "locations", "startPoint", "endPoint"}`, as `CAGradientLayer` names them.
  static func decodeGradient(_ field: SceneField) throws(SceneError) -> Gradient {
    let members = try field.members(
      allowed: gradientKeys, what: "a gradient {\"type\", \"colors\", \"locations\", \"startPoint\", \"endPoint\"}")
    guard let colorsField = members["colors"] else {
      throw field.error("missing key 'colors': a gradient needs at least two colours")
    }
    let elements = try colorsField.elements(
      what: "an array of at least two colours", limit: SceneLimits.maxGradientStops)
    guard elements.count >= 2 else {
      throw colorsField.error(
        "expected at least two colours, got \(elements.count) (one colour is a layer's 'color')")
    }
    var colors: [RGBA8] = []
    for element in elements { colors.append(try decodeColor(element)) }
    var gradient = Gradient(colors: colors)
    if let type = members["type"] { gradient.kind = try type.choice(Gradient.Kind.allCases) }
    if let locationsField = members["locations"] {
      let what = "\(colors.count) locations from 0 to 1 in increasing order, one for each colour"
      let locations = try locationsField.numbers(count: colors.count, what)
      guard locations.allSatisfy({ (0...1).contains($0) }),
        zip(locations, locations.dropFirst()).allSatisfy({ $0 <= $1 })
      else { throw locationsField.expected(what) }
      gradient.locations = locations
    }
    let what = "[x, y] in unit coordinates of the layer (0…1 across it), within ±1000"
    for (key, path) in [("startPoint", \Gradient.startPoint), ("endPoint", \Gradient.endPoint)] {
      guard let pointField = members[key] else { continue }
      let point = try decodePoint(pointField, what)
      guard abs(point.x) <= 1000, abs(point.y) <= 1000 else { throw pointField.expected(what) }
      gradient[keyPath: path] = point
    }
    return gradient
  }
}
