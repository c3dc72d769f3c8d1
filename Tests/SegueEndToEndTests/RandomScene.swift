import SegueTestSupport

/// Random scenes whose animators `segue swift` can write: custom transitions of screens, lifted
/// layers and overlays (one rotation axis a target, positive scales, one corner radius, shadows
/// on overlays, lifted layers in screens whose frames grow) with every kind of curve, and presets
/// with random operations, durations, curves. With `geometry`, custom scenes also take the rects
/// the app decides (RandomScene+Geometry.swift): pins to the screen and its safe area, frames of
/// views, `times` of a view's size, masks on rects of the app and circles that cover a frame.
enum RandomScene {
  static func custom(_ random: inout SplitMix64, geometry: Bool = false) -> String {
    func number(_ range: ClosedRange<Double>) -> String {
      let value = Double.random(in: range, using: &random)
      return "\((value * 1000).rounded() / 1000)"
    }
    let size = (390.0, 844.0)
    var (targets, screens) = layers(&random, corners: true, pinned: geometry)
    let views = views(targets.filter { $0.kind == "layer" }.map(\.name))
    var overlays: [String] = []
    for index in 0..<Int.random(in: 0...2, using: &random) {
      let over = ["", ", \"over\": \"from\"", ", \"over\": \"to\""].randomElement(using: &random) ?? ""
      let rect =
        !Bool.random(using: &random)
        ? ""
        : geometry
          ? ", \"rect\": \(appRect(views, side: 60, &random))"
          : ", \"rect\": [0, \(number(0...400)), 390, \(number(100...444))]"
      overlays.append(
        "\"o\(index)\": {\"color\": \"#\(hex(&random))\", \"opacity\": \(number(0...0.5))\(rect)\(over)}")
      targets.append(("o\(index)", "overlay"))
    }
    // Pieces of a screen at rects the app decides: targets like overlays, without shadows.
    var snapshots: [String] = []
    for index in 0..<(geometry ? Int.random(in: 0...2, using: &random) : 0) {
      let screen = Bool.random(using: &random) ? "from" : "to"
      snapshots.append("\"s\(index)\": {\"of\": \"\(screen)\", \"rect\": \(appRect(views, side: 60, &random))}")
      targets.append(("s\(index)", "snapshot"))
    }
    let axes = ["rotation", "rotationX", "rotationY"]
    var axis: [String: String] = [:]
    var anchored: Set<String> = []
    var framed: Set<String> = []
    var animations: [String] = []
    for _ in 0..<Int.random(in: 1...5, using: &random) {
      guard let target = targets.randomElement(using: &random) else { continue }
      let turn = axis[target.name] ?? axes.randomElement(using: &random) ?? "rotation"
      axis[target.name] = turn
      var from: [String] = []
      var to: [String] = []
      for _ in 0..<Int.random(in: 1...3, using: &random) {
        switch Int.random(in: 0..<8, using: &random) {
        case 0:
          from.append("\"translate\": [\(number(-200...200)), \(number(-400...400))]")
          to.append("\"translate\": [\(number(-200...200)), \(number(-400...400))]")
        case 1:
          to.append("\"scale\": \(number(0.3...1.5))")
        case 2:
          from.append("\"\(turn)\": \(number(-120...120))")
          to.append("\"\(turn)\": \(number(-200...200))")
        case 3:
          to.append("\"opacity\": \(number(0...1))")
        case 4 where target.kind == "layer" || target.kind == "screen":
          // An overlay's corners would clip its shadow, which `segue swift` refuses (tested apart);
          // snapshots stay square too.
          to.append("\"cornerRadius\": \(number(0...30))")
        case 5 where !anchored.contains(target.name):
          framed.insert(target.name)
          let frame = "[\(number(-50...200)), \(number(-50...600)), \(number(50...390)), \(number(50...844))]"
          to.append(geometry ? frameTo(views, &random) : "\"frame\": \(frame)")
        case 6 where !framed.contains(target.name) && !anchored.contains(target.name):
          anchored.insert(target.name)
          let anchor = "[\(number(0...1)), \(number(0...1))]"
          from.append("\"anchor\": \(anchor)")
          to.append("\"anchor\": \(anchor)")
        case 7 where target.kind == "overlay":
          to.append(
            "\"shadow\": {\"color\": \"#000000\", \"opacity\": \(number(0...1)), \"radius\": \(number(0...20)), "
              + "\"offset\": [\(number(-10...10)), \(number(-10...10))]}")
        default:
          to.append("\"translateZ\": \(number(-100...100))")
        }
      }
      var fields = ["\"target\": \"\(target.name)\""]
      if !from.isEmpty { fields.append("\"from\": {\(unique(from).joined(separator: ", "))}") }
      fields.append("\"to\": {\(unique(to).joined(separator: ", "))}")
      if Bool.random(using: &random) { fields.append("\"delay\": \(number(0...0.3))") }
      if Bool.random(using: &random) { fields.append("\"duration\": \(number(0.1...0.6))") }
      // A dim's (or a snapshot's) opacity on a curve that overshoots is refused (Segue never
      // draws a view the animator makes more opaque than its largest opacity; Core Animation would).
      let dims = (target.kind == "overlay" || target.kind == "snapshot") && to.contains { $0.hasPrefix("\"opacity\"") }
      let safe = ["\"easeInOut\"", "\"linear\"", "\"systemSpring\""].randomElement(using: &random) ?? "\"linear\""
      fields.append("\"curve\": \(dims ? safe : curve(&random))")
      animations.append("{" + fields.joined(separator: ", ") + "}")
    }
    // One time in two a screen whose frame grows from a rectangle of its own to the container
    // while one of its layers is lifted: the layer stretches with the screen, in its points.
    let resizable = ["from", "to"].filter { !(screens[$0] ?? []).isEmpty && !anchored.contains($0) }
    if Bool.random(using: &random), let role = resizable.randomElement(using: &random),
      let layer = targets.first(where: { $0.kind == "layer" && $0.name.hasPrefix(role + ".") })
    {
      let frame = "[\(number(0...200)), \(number(0...600)), \(number(60...300)), \(number(80...600))]"
      animations.append(
        "{\"target\": \"\(role)\", \"from\": {\"frame\": \(frame)}, \"to\": {\"frame\": [0, 0, 390, 844]}, "
          + "\"curve\": \(curve(&random))}")
      animations.append("{\"target\": \"\(layer.name)\", \"from\": {\"opacity\": 0}, \"to\": {\"opacity\": 1}}")
    }
    // Masks of screens, layers and snapshots (an overlay's shadow would be clipped), one a host.
    if geometry {
      let hosts = targets.filter { $0.kind != "overlay" }.shuffled(using: &random)
      for host in hosts.prefix(Int.random(in: 0...2, using: &random)) {
        let extent = host.kind == "screen" ? size : host.kind == "layer" ? (34.0, 34.0) : (20.0, 20.0)
        animations += maskAnimations(host.name, size: extent, views, &random)
      }
    }
    // One time in two with the geometry, a screen whose frame moves and that no animation scales
    // keeps its bounds and is scaled onto each frame (`"resize": "transform"`): a scale of its
    // own beside it is refused, as both would be `transform.scale`.
    var resize: [String: String] = [:]
    if geometry {
      for role in ["from", "to"] where Bool.random(using: &random) {
        let own = animations.filter { $0.contains("\"target\": \"\(role)\"") }
        if own.contains(where: { $0.contains("\"frame\"") }), !own.contains(where: { $0.contains("\"scale\"") }) {
          resize[role] = ", \"resize\": \"transform\""
        }
      }
    }
    let operation = ["present", "dismiss", "push", "pop"].randomElement(using: &random) ?? "present"
    let presentation = presentation(operation, &random)
    // A device preset (its size and safe area), or the size with a safe area of its own.
    var container = "\"size\": [\(size.0), \(size.1)]"
    if geometry {
      switch Int.random(in: 0..<3, using: &random) {
      case 0:
        container = "\"device\": \"\(["iphone-14", "iphone-se", "iphone-15-pro"].randomElement(using: &random) ?? "")\""
      case 1: container += ", \"safeArea\": [\(number(0...60)), 0, \(number(0...34)), 0]"
      default: break
      }
    }
    return """
      {\(container), "scale": 1, "fps": 30,
       "from": {"background": "#\(hex(&random))"\(resize["from"] ?? ""), "layers": [\(screens["from", default: []].joined(separator: ", "))]},
       "to": {"background": "#\(hex(&random))"\(resize["to"] ?? ""), "layers": [\(screens["to", default: []].joined(separator: ", "))]},
       "transition": {"type": "custom", "operation": "\(operation)",\(presentation) "duration": \(number(0.2...0.8)),
         "perspective": \(number(300...1200)), "overlays": {\(overlays.joined(separator: ", "))},
         \(geometry ? "\"snapshots\": {\(snapshots.joined(separator: ", "))}," : "")
         "animations": [\(animations.joined(separator: ",\n      "))]}}
      """
  }

  /// Scenes of what real animators add (docs/custom-transitions.md): keyframe animations in every
  /// calculation mode (none cubic in an interactive scene, which `segue swift` refuses) and
  /// transforms as steps, a perspective among them, on screens, layers and overlays; each
  /// target's transform as steps only. Overlays keep their opacity (a cubic spline could carry a
  /// dim past its largest opacity, which Segue holds and Core Animation does not).
  static func motion(_ random: inout SplitMix64, interactive: Bool = false) -> String {
    func number(_ range: ClosedRange<Double>) -> String {
      let value = Double.random(in: range, using: &random)
      return "\((value * 1000).rounded() / 1000)"
    }
    var (targets, screens) = layers(&random, corners: false)
    let overlay = Bool.random(using: &random)
    if overlay { targets.append(("dim", "overlay")) }
    func steps() -> String {
      var list: [String] = []
      for _ in 0..<Int.random(in: 0...4, using: &random) {
        switch Int.random(in: 0..<6, using: &random) {
        case 0: list.append("{\"perspective\": \(number(300...1500))}")
        case 1: list.append("{\"rotateX\": \(number(-70...70))}")
        case 2: list.append("{\"rotateY\": \(number(-70...70))}")
        case 3: list.append("{\"rotateZ\": \(number(-180...180))}")
        case 4:
          list.append(
            Bool.random(using: &random)
              ? "{\"scale\": \(number(0.3...1.5))}" : "{\"scale\": [\(number(0.3...1.5)), \(number(0.3...1.5))]}")
        default:
          list.append("{\"translate\": [\(number(-150...150)), \(number(-300...300)), \(number(-60...60))]}")
        }
      }
      return "[" + list.joined(separator: ", ") + "]"
    }
    func state(_ target: (name: String, kind: String)) -> String {
      var fields = ["\"transform\": \(steps())"]
      if target.kind != "overlay", Bool.random(using: &random) { fields.append("\"opacity\": \(number(0...1))") }
      if target.kind != "overlay", Bool.random(using: &random) { fields.append("\"cornerRadius\": \(number(0...30))") }
      if Bool.random(using: &random) {
        fields.append(
          "\"frame\": [\(number(-50...200)), \(number(-50...600)), \(number(50...390)), \(number(50...844))]")
      }
      return "{" + fields.joined(separator: ", ") + "}"
    }
    let modes = interactive ? ["linear", "discrete", "paced"] : ["linear", "discrete", "paced", "cubic", "cubicPaced"]
    let beziers = [
      "\"easeInOut\"", "\"linear\"", "\"easeIn\"", "\"easeOut\"",
      "[\(number(0...1)), \(number(-0.3...1.3)), \(number(0...1)), \(number(-0.3...1.3))]",
    ]
    var animations: [String] = []
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      guard let target = targets.randomElement(using: &random) else { continue }
      var fields = ["\"target\": \"\(target.name)\""]
      if Bool.random(using: &random) {
        var keyframes: [String] = []
        // One after another (the keyframes of a property never overlap), each in its own share of
        // the animation, and at least 0.2 of it: a keyframe much shorter magnifies Core
        // Animation's single-precision timing function past the comparison's 1e-6.
        let count = Int.random(in: 1...3, using: &random)
        for slot in 0..<count {
          let share = 1 / Double(count)
          let start = Double(slot) * share + Double.random(in: 0...(share - 0.2), using: &random)
          let duration = Double.random(in: 0.2...(Double(slot + 1) * share - start), using: &random)
          keyframes.append(
            "{\"start\": \((start * 1000).rounded(.down) / 1000), \"duration\": \((duration * 1000).rounded(.down) / 1000), "
              + "\"to\": \(state(target))}")
        }
        // In any order: they are sorted by their starts.
        if Bool.random(using: &random) { keyframes.reverse() }
        if Bool.random(using: &random) { fields.append("\"from\": {\"transform\": \(steps())}") }
        fields.append("\"calculation\": \"\(modes.randomElement(using: &random) ?? "linear")\"")
        fields.append("\"keyframes\": [\(keyframes.joined(separator: ", "))]")
        fields.append("\"curve\": \(beziers.randomElement(using: &random) ?? "\"linear\"")")
      } else {
        if Bool.random(using: &random) { fields.append("\"from\": {\"transform\": \(steps())}") }
        fields.append("\"to\": \(state(target))")
        fields.append("\"curve\": \(curve(&random))")
      }
      if Bool.random(using: &random) { fields.append("\"delay\": \(number(0...0.3))") }
      if Bool.random(using: &random) { fields.append("\"duration\": \(number(0.1...0.6))") }
      animations.append("{" + fields.joined(separator: ", ") + "}")
    }
    // One time in two a path mask, animated between two paths of the same commands, and one
    // time in two of those its mask layer moved on its own.
    if Bool.random(using: &random), let host = targets.filter({ $0.kind != "overlay" }).randomElement(using: &random) {
      let (a, b) = paths(&random)
      animations.append(
        "{\"target\": \"\(host.name)\", \"from\": {\"mask\": {\"path\": \"\(a)\"}}, \"to\": {\"mask\": {\"path\": \"\(b)\"}}, "
          + "\"curve\": \(curve(&random))}")
      if Bool.random(using: &random) {
        let frame = "[\(number(-20...60)), \(number(-20...60)), \(number(60...240)), \(number(60...240))]"
        let opacity = Bool.random(using: &random) ? ", \"opacity\": \(number(0.2...1))" : ""
        animations.append(
          "{\"target\": \"\(host.name).mask\", \"from\": {\"frame\": \(frame)}, \"to\": {\"transform\": \(steps())\(opacity)}, "
            + "\"curve\": \(curve(&random))}")
      }
    }
    let operation = ["present", "dismiss", "push", "pop"].randomElement(using: &random) ?? "present"
    let perspective = Bool.random(using: &random) ? "\"none\"" : number(300...1200)
    let overlays = overlay ? "\"dim\": {\"color\": \"#000000\", \"opacity\": \(number(0...0.5))}" : ""
    return """
      {"size": [390, 844], "scale": 1, "fps": 30,
       "from": {"background": "#\(hex(&random))", "layers": [\(screens["from", default: []].joined(separator: ", "))]},
       "to": {"background": "#\(hex(&random))", "layers": [\(screens["to", default: []].joined(separator: ", "))]},
       "transition": {"type": "custom", "operation": "\(operation)",\(presentation(operation, &random)) "duration": \(number(0.2...0.8)),
         "perspective": \(perspective), "overlays": {\(overlays)},
         "animations": [\(animations.joined(separator: ",\n      "))]}}
      """
  }

  /// Two SVG paths of the same commands (lines, horizontals, verticals, quadratic and cubic
  /// curves, closed, absolute or relative), their points within 0…240: a mask animating from
  /// one to the other.
  static func paths(_ random: inout SplitMix64) -> (String, String) {
    var kinds = ["M"]
    for _ in 0..<Int.random(in: 2...6, using: &random) {
      kinds.append(["L", "H", "V", "Q", "C", "l", "c"].randomElement(using: &random) ?? "L")
    }
    kinds.append("Z")
    func text() -> String {
      func n(_ range: ClosedRange<Double>) -> String {
        "\((Double.random(in: range, using: &random) * 1000).rounded() / 1000)"
      }
      return kinds.map { kind -> String in
        switch kind {
        case "M", "L": return "\(kind)\(n(0...240)) \(n(0...240))"
        case "H", "V": return "\(kind)\(n(0...240))"
        case "l": return "l\(n(-40...40)) \(n(-40...40))"
        case "Q": return "Q\(n(0...240)) \(n(0...240)) \(n(0...240)) \(n(0...240))"
        case "C": return "C\(n(0...240)) \(n(0...240)) \(n(0...240)) \(n(0...240)) \(n(0...240)) \(n(0...240))"
        case "c": return "c\(n(-40...40)) \(n(-40...40)) \(n(-40...40)) \(n(-40...40)) \(n(-40...40)) \(n(-40...40))"
        default: return "Z"
        }
      }.joined(separator: " ")
    }
    return (text(), text())
  }

  /// The screens' targets and each screen's layers: up to two a screen, each with an id, a
  /// rect and a colour, and with `corners` a corner radius one time in two; with `pinned`, the
  /// rect pinned (to the screen or its safe area) one time in two.
  static func layers(_ random: inout SplitMix64, corners: Bool, pinned: Bool = false) -> (
    targets: [(name: String, kind: String)], screens: [String: [String]]
  ) {
    func number(_ range: ClosedRange<Double>) -> String {
      "\((Double.random(in: range, using: &random) * 1000).rounded() / 1000)"
    }
    var targets: [(name: String, kind: String)] = [("from", "screen"), ("to", "screen")]
    var screens: [String: [String]] = ["from": [], "to": []]
    for role in ["from", "to"] {
      for index in 0..<Int.random(in: 0...2, using: &random) {
        let id = "\(role.prefix(1))\(index)"
        var rect = "[\(number(0...200)), \(number(0...600)), \(number(40...180)), \(number(40...200))]"
        if pinned, Bool.random(using: &random) { rect = layerPins(&random) }
        let radius = corners && Bool.random(using: &random) ? ", \"cornerRadius\": \(number(0...16))" : ""
        screens[role, default: []].append(
          "{\"id\": \"\(id)\", \"rect\": \(rect), \"color\": \"#\(hex(&random))\"\(radius)}")
        targets.append(("\(role).\(id)", "layer"))
      }
    }
    return (targets, screens)
  }

  /// A present's or dismiss's `presentation` field (one in five left to the default), or nothing.
  static func presentation(_ operation: String, _ random: inout SplitMix64) -> String {
    guard operation == "present" || operation == "dismiss" else { return "" }
    let style = ["fullScreen", "custom", "overFullScreen", "pageSheet", ""].randomElement(using: &random) ?? ""
    return style.isEmpty ? "" : " \"presentation\": \"\(style)\","
  }

  static func preset(_ random: inout SplitMix64) -> String {
    let operations: [(String, [String])] = [
      ("fade", ["present", "dismiss", "push", "pop"]), ("slide", ["present", "dismiss"]),
      ("zoom", ["present", "dismiss"]), ("stories", ["push", "pop"]), ("panel", ["present", "dismiss"]),
      ("circle", ["present", "dismiss", "push", "pop"]), ("spread", ["present", "dismiss", "push", "pop"]),
      ("boom", ["present", "dismiss", "push", "pop"]), ("push", ["push", "pop"]),
      ("flip", ["present", "dismiss", "push", "pop"]), ("cube", ["push", "pop"]), ("sheet", ["present", "dismiss"]),
    ]
    let (type, allowed) = operations.randomElement(using: &random) ?? ("fade", ["present"])
    let operation = allowed.randomElement(using: &random) ?? allowed[0]
    let presentation = presentation(operation, &random)
    let duration = (Double.random(in: 0.2...0.8, using: &random) * 100).rounded() / 100
    // A preset with a dim, or boom's scale that would pass 0, takes a curve that does not
    // overshoot (an overshoot there is an error of segue swift's, tested apart).
    let calm = ["push", "panel", "sheet", "boom"].contains(type)
    let curve =
      calm
      ? (["\"easeInOut\"", "\"systemSpring\"", "\"easeOut\""].randomElement(using: &random) ?? "\"linear\"")
      : curve(&random)
    return """
      {"size": [390, 844], "scale": 1, "fps": 30,
       "from": {"background": "#\(hex(&random))", "layers": [{"rect": [20, 100, 350, 200], "color": "#FFFFFF"}]},
       "to": {"background": "#\(hex(&random))"},
       "transition": {"type": "\(type)", "operation": "\(operation)",\(presentation) "duration": \(duration),
         "curve": \(curve)}}
      """
  }

  /// `scene` driven by a finger: two to four scrub keyframes, then a finish or a cancel at a random
  /// speed, with a cubic completion curve (for a preset one that stays within 0…1, as `segue swift`
  /// asks).
  static func interactive(_ scene: String, preset: Bool, _ random: inout SplitMix64) -> String {
    func number(_ range: ClosedRange<Double>) -> Double {
      (Double.random(in: range, using: &random) * 1000).rounded() / 1000
    }
    var time = 0.0
    var keyframes: [String] = []
    for _ in 0..<Int.random(in: 2...4, using: &random) {
      keyframes.append("[\(time), \(number(0...1))]")
      time = ((time + number(0.02...0.2)) * 1000).rounded() / 1000
    }
    let y = preset ? 0.0...1.0 : -0.3...1.3
    let curves = [
      "\"easeInOut\"", "\"easeOut\"", "\"linear\"", "\"easeIn\"",
      "[\(number(0...1)), \(number(y)), \(number(0...1)), \(number(y))]",
    ]
    let interaction =
      "\"interaction\": {\"scrub\": [\(keyframes.joined(separator: ", "))], "
      + "\"release\": \"\(Bool.random(using: &random) ? "finish" : "cancel")\", "
      + "\"completionSpeed\": \(number(0.5...2)), \"completionCurve\": \(curves.randomElement(using: &random) ?? "\"linear\"")}, "
    guard let brace = scene.firstIndex(of: "{") else { return scene }
    return String(scene[...brace]) + interaction + String(scene[scene.index(after: brace)...])
  }

  static func curve(_ random: inout SplitMix64) -> String {
    func number(_ range: ClosedRange<Double>) -> String {
      "\((Double.random(in: range, using: &random) * 1000).rounded() / 1000)"
    }
    switch Int.random(in: 0..<8, using: &random) {
    case 0: return "\"easeInOut\""
    case 1: return "\"linear\""
    case 2: return "[\(number(0...1)), \(number(-0.5...1.5)), \(number(0...1)), \(number(-0.5...1.5))]"
    case 3: return "{\"spring\": {\"damping\": \(number(0.5...1)), \"velocity\": \(number(0...2))}}"
    case 4: return "{\"spring\": {\"response\": \(number(0.2...0.6)), \"dampingRatio\": \(number(0.5...1))}}"
    case 5: return "{\"spring\": {\"duration\": \(number(0.2...0.6)), \"bounce\": \(number(-0.3...0.4))}}"
    case 6: return "{\"spring\": {\"mass\": 1, \"stiffness\": \(number(100...400)), \"damping\": \(number(10...40))}}"
    default: return "\"systemSpring\""
    }
  }

  static func hex(_ random: inout SplitMix64) -> String {
    let value = Int.random(in: 0..<0x100_0000, using: &random)
    let digits = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: 6 - digits.count) + digits
  }

  /// The first of each key, so a state never names a property twice.
  static func unique(_ fields: [String]) -> [String] {
    var seen = Set<String>()
    return fields.filter { seen.insert(String($0.prefix { $0 != ":" })).inserted }
  }
}
