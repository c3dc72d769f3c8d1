import SegueJSON
import SegueMotion
import SegueScene

/// The scenes `segue gallery` renders: every type and operation, with built-in demo screens
/// (a feed with a story tile, a detail screen, a half-height panel).
enum GalleryScenes {
  typealias Member = (key: String, value: JSONValue)

  static func number(_ value: Double) -> JSONValue { .number(value) }
  static func numbers(_ values: [Double]) -> JSONValue { .array(values.map(JSONValue.number)) }

  static func layer(_ rect: [Double], _ color: String, _ extra: [Member] = []) -> JSONValue {
    .object([("rect", numbers(rect)), ("color", .string(color))] + extra)
  }

  static func text(_ x: Double, _ y: Double, _ width: Double, _ height: Double = 10, _ color: String = "#C7C7CC")
    -> JSONValue
  {
    layer([x, y, width, height], color, [("cornerRadius", number(height / 2))])
  }

  static let accents = ["#FF2D55", "#FF9500", "#34C759", "#5856D6", "#00C7BE"]

  /// A feed: navigation bar, story avatars with rings, a post card with a story tile.
  static func feed() -> JSONValue {
    var layers: [JSONValue] = [
      layer([0, 0, 390, 98], "#F9F9F9"), layer([0, 98, 390, 0.5], "#C6C6C8"),
      layer([16, 58, 150, 26], "#000000", [("cornerRadius", number(6))]),
      layer([338, 56, 36, 36], "#007AFF", [("shape", .string("ellipse"))]),
    ]
    for (index, accent) in accents.enumerated() {
      let x = 16 + Double(index) * 74
      layers.append(
        layer(
          [x, 112, 62, 62], "#FFFFFF",
          [("shape", .string("ellipse")), ("border", .object([("width", number(3)), ("color", .string(accent))]))]))
      layers.append(layer([x + 6, 118, 50, 50], accents[(index + 2) % accents.count], [("shape", .string("ellipse"))]))
    }
    layers.append(
      layer([16, 200, 358, 330], "#FFFFFF", [("cornerRadius", number(18)), ("cornerCurve", .string("continuous"))]))
    layers.append(layer([32, 216, 40, 40], "#FF9500", [("shape", .string("ellipse"))]))
    layers.append(text(84, 222, 150, 11, "#1C1C1E"))
    layers.append(layer([95, 272, 200, 200], "#000000", [("cornerRadius", number(10))]))
    layers.append(
      layer([16, 546, 358, 200], "#FFFFFF", [("cornerRadius", number(18)), ("cornerCurve", .string("continuous"))]))
    layers.append(layer([32, 618, 326, 112], "#E5E5EA", [("cornerRadius", number(12))]))
    layers.append(layer([156, 690, 90, 24], "#007AFF", [("cornerRadius", number(12))]))
    layers.append(layer([0, 760, 390, 84], "#F9F9F9"))
    for index in 0..<4 {
      layers.append(
        layer(
          [38 + Double(index) * 92, 770, 30, 26], index == 0 ? "#007AFF" : "#999999", [("cornerRadius", number(7))]))
    }
    return .object([("background", .string("#F2F2F7")), ("layers", .array(layers))])
  }

  /// A detail screen with a coloured header, an avatar, rows and a button.
  static func detail(_ accent: String) -> JSONValue {
    var layers: [JSONValue] = [
      layer([0, 0, 390, 340], accent),
      layer(
        [135, 110, 120, 120], "#FFCC00",
        [("shape", .string("ellipse")), ("border", .object([("width", number(4)), ("color", .string("#FFFFFF"))]))]),
      text(115, 250, 160, 16, "#FFFFFF"),
      layer([16, 320, 358, 96], "#FFFFFF", [("cornerRadius", number(16)), ("cornerCurve", .string("continuous"))]),
    ]
    for row in 0..<5 {
      let y = 440 + Double(row) * 52
      layers.append(
        layer([16, y, 44, 44], accents[row], [("cornerRadius", number(10)), ("cornerCurve", .string("continuous"))]))
      layers.append(text(72, y + 8, 200 - Double(row) * 14, 11, "#1C1C1E"))
    }
    layers.append(
      layer([16, 724, 358, 52], "#007AFF", [("cornerRadius", number(14)), ("cornerCurve", .string("continuous"))]))
    return .object([("background", .string("#FFFFFF")), ("layers", .array(layers))])
  }

  /// A half-height panel, in its own points (390 x 422).
  static func panel() -> JSONValue {
    var layers: [JSONValue] = [
      layer(
        [0, 0, 390, 422], "#FFFFFF",
        [("cornerRadius", numbers([16, 16, 0, 0])), ("cornerCurve", .string("continuous"))]),
      layer([177, 8, 36, 5], "#C7C7CC", [("cornerRadius", number(2.5))]),
    ]
    for index in 0..<4 {
      let y = 76 + Double(index) * 56
      layers.append(layer([20, y, 40, 40], accents[index], [("cornerRadius", number(10))]))
      layers.append(text(72, y + 8, 160, 11, "#1C1C1E"))
    }
    layers.append(layer([20, 336, 350, 50], "#007AFF", [("cornerRadius", number(14))]))
    return .object([("layers", .array(layers))])
  }

  /// Every type and operation as a scene, in catalog order.
  static func all() -> [(name: String, json: String)] {
    var scenes: [(String, String)] = []
    for (typeIndex, type) in PresetCatalog.all.enumerated() {
      for operation in type.operations {
        let forward = operation.isForward
        let accent = accents[typeIndex % accents.count]
        let other: JSONValue = type.name == "panel" ? panel() : detail(accent)
        var transition: [Member] = [("type", .string(type.name)), ("operation", .string(operation.rawValue))]
        if type.name == "zoom" { transition.append(("sourceFrame", numbers([95, 272, 200, 200]))) }
        let name = "\(type.name)-\(operation.rawValue)"
        let scene: JSONValue = .object([
          ("name", .string(name)), ("size", numbers([390, 844])), ("scale", number(1)), ("fps", number(60)),
          ("from", forward ? feed() : other), ("to", forward ? other : feed()), ("transition", .object(transition)),
        ])
        scenes.append((name, scene.text()))
      }
    }
    return scenes
  }
}
