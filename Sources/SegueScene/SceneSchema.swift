import SegueGeometry
import SegueJSON
import SegueTiming

/// The scene format as a JSON Schema (draft 2020-12), for editors: completion, hover help and
/// red squiggles under unknown keys and wrong types, before `segue validate` runs.
///
/// Built from the decoder's own key lists, limits and the catalog's parameters, so the two
/// cannot drift apart; the decoder stays the judge of what the schema cannot say (a target
/// that names a missing id, a mask changing kind, a stack that leaves out a moving screen).
public enum SceneSchema {

  /// The whole schema.
  public static var document: JSONValue {
    var definitions: [(key: String, value: JSONValue)] = [
      ("color", color), ("point", numbers(2, "[x, y] in points")), ("size", size), ("rect", rect), ("pins", pins),
      ("frameOf", frameOf), ("radiusOf", radiusOf), ("length", length),
      ("radii", radii), ("curve", curve), ("screen", screen), ("layer", layer), ("interaction", interaction),
      ("state", state(allowReset: false)), ("endState", state(allowReset: true)), ("animation", animation),
      ("overlay", overlay), ("snapshot", snapshot), ("matchEntry", matchEntry), ("mask", mask), ("shadow", shadow),
    ]
    definitions.sort { $0.key < $1.key }
    let top: [(key: String, value: JSONValue)] = [
      ("$schema", string("This schema's address, for editors.")),
      (
        "name", described(["type": .string("string"), "minLength": .number(1)], "The scene's name: its output folder.")
      ),
      (
        "device",
        described(
          ["enum": .array(DevicePreset.all.map { .string($0.name) })], "A device preset: sets size and scale.")
      ),
      (
        "devices",
        object([
          "type": .string("array"), "minItems": .number(1), "maxItems": .number(Double(SceneDocument.maxDevices)),
          "uniqueItems": .bool(true),
          "items": object([
            "oneOf": .array([object(["enum": .array(DevicePreset.all.map { .string($0.name) })]), ref("size")])
          ]),
          "description": .string(
            "Every container the scene runs in: device presets (segue list devices) or [width, height] in points; "
              + "each is drawn and checked on its own."),
        ])
      ),
      (
        "variants",
        object([
          "type": .string("array"), "maxItems": .number(Double(SceneVariant.maxVariants)),
          "items": object([
            "type": .string("object"), "required": .array([.string("name"), .string("set")]),
            "additionalProperties": .bool(false),
            "properties": object([
              "name": described(
                ["type": .string("string"), "minLength": .number(1)], "Names the variant's folder of frames."),
              "set": described(
                ["type": .string("object"), "minProperties": .number(1)],
                "Changes by dotted path: 'size', a screen's field ('to.background') or a field of a layer with an "
                  + "id ('from.card.rect')."),
            ]),
          ]),
          "description": .string("Named changes of the scene, each drawn and checked alone and on every device."),
        ])
      ),
      ("size", ref("size", "The container in points.")),
      (
        "safeArea",
        described(
          [
            "type": .string("array"), "items": .object([("type", .string("number")), ("minimum", .number(0))]),
            "minItems": .number(4), "maxItems": .number(4),
          ],
          "The container's safe-area insets [top, left, bottom, right] in points (default: the device's, else none).")
      ),
      (
        "scale",
        described(
          ["type": .string("number"), "exclusiveMinimum": .number(0), "maximum": .number(SceneLimits.maxScale)],
          "Pixels per point (default 2).")
      ),
      (
        "fps",
        described(
          [
            "type": .string("integer"), "minimum": .number(Double(SceneLimits.fps.lowerBound)),
            "maximum": .number(Double(SceneLimits.fps.upperBound)),
          ], "Frames per second (default 60).")
      ),
      ("background", ref("color", "Behind both screens (default black).")),
      ("from", ref("screen", "The screen shown before the transition.")),
      ("to", ref("screen", "The screen shown after it.")),
      ("transition", transition),
      ("interaction", ref("interaction", "Makes the transition interactive: a finger scrubs it.")),
    ]
    return .object([
      ("$schema", .string("https://json-schema.org/draft/2020-12/schema")),
      ("title", .string("Segue scene")),
      ("description", .string("Two screens and a transition between them, rendered to PNG frames by segue.")),
      ("type", .string("object")), ("properties", .object(top)), ("additionalProperties", .bool(false)),
      ("required", .array(["from", "to", "transition"].map { .string($0) })),
      (
        "anyOf",
        .array([
          .object([("required", .array([.string("size")]))]), .object([("required", .array([.string("device")]))]),
          .object([("required", .array([.string("devices")]))]),
        ])
      ),
      ("$defs", .object(definitions)),
    ])
  }

  // MARK: Building blocks

  static func object(_ members: [String: JSONValue]) -> JSONValue {
    .object(members.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }

  static func described(_ members: [String: JSONValue], _ text: String) -> JSONValue {
    var members = members
    members["description"] = .string(text)
    return object(members)
  }

  static func string(_ text: String) -> JSONValue { described(["type": .string("string")], text) }

  static func ref(_ name: String, _ text: String? = nil) -> JSONValue {
    var members: [(key: String, value: JSONValue)] = [("$ref", .string("#/$defs/\(name)"))]
    if let text { members.append(("description", .string(text))) }
    return .object(members)
  }

  static func number(minimum: Double? = nil, maximum: Double? = nil, _ text: String) -> JSONValue {
    var members: [String: JSONValue] = ["type": .string("number")]
    if let minimum { members["minimum"] = .number(minimum) }
    if let maximum { members["maximum"] = .number(maximum) }
    return described(members, text)
  }

  /// A number above 0, at most `maximum`.
  static func positive(maximum: Double, _ text: String) -> JSONValue {
    described(["type": .string("number"), "exclusiveMinimum": .number(0), "maximum": .number(maximum)], text)
  }

  static func enumeration(_ values: [String], _ text: String) -> JSONValue {
    described(["enum": .array(values.map { .string($0) })], text)
  }

  /// An object of exactly these keys.
  static func closed(
    _ properties: [(key: String, value: JSONValue)], required: [String] = [], _ text: String
  ) -> JSONValue {
    var members: [String: JSONValue] = [
      "type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false),
    ]
    if !required.isEmpty { members["required"] = .array(required.map { .string($0) }) }
    return described(members, text)
  }

  static func numbers(_ count: Int, _ text: String, minimum: Double? = nil) -> JSONValue {
    var item: [String: JSONValue] = ["type": .string("number")]
    if let minimum { item["minimum"] = .number(minimum) }
    return described(
      [
        "type": .string("array"), "items": object(item), "minItems": .number(Double(count)),
        "maxItems": .number(Double(count)),
      ], text)
  }

  // MARK: Values

  static let color = described(
    ["type": .string("string"), "pattern": .string("^#([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6}|[0-9A-Fa-f]{8})$")],
    "A colour: #RGB, #RRGGBB or #RRGGBBAA.")

  static let size = numbers(2, "[width, height] in points.", minimum: 0)
  /// How a layer's or an overlay's image fills its rect.
  static let contentMode = enumeration(
    ContentMode.allCases.map(\.rawValue),
    "How the image fills the rect: scaleAspectFill (default: covers it, centred, cropped) or scaleToFill "
      + "(stretched to it, as a snapshot view's picture).")

  /// A pinned rect: exactly two keys along each axis.
  static let pins: JSONValue = {
    func pairs(_ keys: [String]) -> JSONValue {
      var choices: [JSONValue] = []
      for first in keys.indices {
        for second in keys.indices where second > first {
          choices.append(object(["required": .array([.string(keys[first]), .string(keys[second])])]))
        }
      }
      return object(["oneOf": .array(choices)])
    }
    let limit = SceneLimits.maxCoordinate
    // In a snapshot's or an overlay's rect a value may be a share of a view's size, read at run time.
    let share = SceneSchema.share
    func value(_ points: JSONValue) -> JSONValue { object(["oneOf": .array([points, share])]) }
    var properties: [(key: String, value: JSONValue)] = []
    for key in Pins.horizontalKeys + Pins.verticalKeys {
      switch key {
      case "width", "height":
        properties.append((key, value(number(minimum: 0, maximum: limit, "The layer's \(key) in points."))))
      case "centerX", "centerY":
        properties.append((key, value(number(minimum: -limit, maximum: limit, "Points from the parent's centre."))))
      default:
        properties.append(
          (key, value(number(minimum: -limit, maximum: limit, "Points in from the parent's \(key) edge."))))
      }
    }
    properties.append(
      (
        "in",
        described(
          ["enum": .array([.string("safeArea")])],
          "Pinned to the screen's safe area instead of its bounds (a screen's own layers only).")
      ))
    return object([
      "type": .string("object"), "properties": .object(properties), "additionalProperties": .bool(false),
      "allOf": .array([pairs(Pins.horizontalKeys), pairs(Pins.verticalKeys)]),
      "description": .string(
        "Two of left, right, width, centerX and two of top, bottom, height, centerY, in points: laid out in the "
          + "parent's size on every device."),
    ])
  }()

  static let rect = described(
    [
      "type": .string("array"),
      "prefixItems": .array([
        object(["type": .string("number")]), object(["type": .string("number")]),
        object(["type": .string("number"), "minimum": .number(0)]),
        object(["type": .string("number"), "minimum": .number(0)]),
      ]),
      "items": .bool(false), "minItems": .number(4),
    ], "[x, y, width, height] in points; width and height not negative.")

  static let radii = described(
    [
      "oneOf": .array([
        object(["type": .string("number"), "minimum": .number(0)]),
        numbers(4, "[topLeft, topRight, bottomRight, bottomLeft]", minimum: 0),
      ])
    ], "A corner radius in points, or four clockwise from the top-left.")

  static var curve: JSONValue {
    let spring = described(
      [
        "type": .string("object"),
        "properties": object([
          "spring": closed(
            [
              ("damping", number(minimum: 0, "UIKit's damping ratio (0…1], or a mass/stiffness spring's coefficient.")),
              ("velocity", number(minimum: -1000, maximum: 1000, "Initial velocity, in distances per second.")),
              ("response", number(minimum: 0.001, maximum: 60, "Seconds per oscillation (SwiftUI's spring).")),
              ("dampingRatio", number(minimum: 0, maximum: 100, "With response: 1 is critically damped.")),
              ("duration", number(minimum: 0.001, maximum: 60, "Perceptual duration in seconds (iOS 17's spring).")),
              (
                "bounce",
                described(
                  ["type": .string("number"), "exclusiveMinimum": .number(-1), "maximum": .number(1)],
                  "With duration: 0 no overshoot, negative overdamped.")
              ),
              ("mass", number(minimum: 1e-6, "CASpringAnimation's mass.")),
              ("stiffness", number(minimum: 1e-6, "CASpringAnimation's stiffness.")),
            ],
            "A spring: {damping, velocity}, {duration, bounce, velocity}, {response, dampingRatio} or {mass, stiffness, damping, velocity}."
          )
        ]),
        "required": .array([.string("spring")]), "additionalProperties": .bool(false),
      ], "A spring curve.")
    return described(
      [
        "oneOf": .array([
          enumeration(TimingCurve.named.map(\.0), "A named curve."),
          numbers(4, "A cubic Bézier [x1, y1, x2, y2], x1 and x2 from 0 to 1."), spring,
        ])
      ], "A timing curve.")
  }

  // MARK: Screens

  static var screen: JSONValue {
    closed(
      [
        ("background", ref("color", "Fills the screen (default: none, so the scene's background shows).")),
        ("image", string("A PNG, relative to the scene file: aspect-filled over the background.")),
        (
          "layers",
          described(
            ["type": .string("array"), "items": ref("layer"), "maxItems": .number(Double(SceneLimits.maxLayers))],
            "Drawn in order, each over the ones before.")
        ),
        (
          "size",
          object([
            "anyOf": .array([
              ref("size", "Custom transitions only: the screen's own size in points (default: the container's)."),
              lengths(2, "[width, height]: shares of the container ({\"of\": \"container\", …}) or formulas."),
            ])
          ])
        ),
        (
          "doubleSided",
          described(["type": .string("boolean")], "false hides the screen while it faces away (isDoubleSided).")
        ),
        (
          "perspective",
          positive(maximum: SceneLimits.maxCoordinate, "Its sublayerTransform's perspective distance in points.")
        ),
        (
          "resize",
          enumeration(
            ResizeMode.allCases.map(\.rawValue),
            "When its frame changes size: stretch (default, as a snapshot), layout (drawn at each size, its "
              + "pinned layers laid out) or transform (kept at its final bounds, scaled onto each frame).")
        ),
      ], "A screen: its snapshot is what the transition moves.")
  }

  static var layer: JSONValue {
    closed(
      [
        (
          "id",
          described(
            [
              "type": .string("string"), "minLength": .number(1), "maxLength": .number(128),
              "pattern": .string("^[^.]*$"),
            ],
            "Names the layer for custom transitions (from.ID, to.ID) and match; unique in its screen.")
        ),
        (
          "rect",
          object([
            "oneOf": .array([ref("rect"), ref("pins")]),
            "description": .string(
              "Where the layer is in its parent's points (the screen's, or its group's): [x, y, width, height], "
                + "or pins to the parent's edges laid out for every size."),
          ])
        ),
        ("color", ref("color", "Its fill.")),
        ("gradient", gradient),
        ("shape", enumeration(Layer.Shape.allCases.map(\.rawValue), "rect (default) or ellipse.")),
        ("cornerRadius", ref("radii")),
        ("cornerCurve", enumeration(CornerCurve.allCases.map(\.rawValue), "circular (default) or continuous.")),
        ("border", border),
        ("opacity", number(minimum: 0, maximum: 1, "Of the layer as a whole.")),
        ("image", string("A PNG, relative to the scene file: as contentMode says, clipped to the corners.")),
        ("contentMode", contentMode),
        (
          "layers",
          described(
            ["type": .string("array"), "items": ref("layer")],
            "Sublayers in this layer's points, over its image and under its border; they move and fade with it.")
        ),
        ("clips", described(["type": .string("boolean")], "Clips the sublayers to the layer's shape (masksToBounds).")),
        (
          "lift",
          described(
            ["type": .string("boolean")],
            "false: animated in its place among its siblings, under later ones (default true: lifted above).")
        ),
        (
          "doubleSided",
          described(["type": .string("boolean")], "false hides the layer while it faces away (isDoubleSided).")
        ),
        (
          "zPosition",
          number(
            minimum: -SceneLimits.maxCoordinate, maximum: SceneLimits.maxCoordinate,
            "Depth toward the eye in points; siblings are drawn in its order.")
        ),
        (
          "preserves3D",
          described(["type": .string("boolean")], "Keeps the sublayers in 3D (CATransformLayer), drawn back to front.")
        ),
        (
          "perspective",
          positive(maximum: SceneLimits.maxCoordinate, "Its sublayerTransform's perspective distance in points.")
        ),
        (
          "resize",
          enumeration(
            ResizeMode.allCases.map(\.rawValue),
            "When its animated frame changes size: stretch (default), layout (its sublayers laid out at each size) "
              + "or transform (kept at its final bounds, scaled onto each frame).")
        ),
      ], required: ["rect"], "A rectangle or ellipse of a screen, or a group of sublayers.")
  }

  static var gradient: JSONValue {
    let point = numbers(2, "[x, y] in unit coordinates of the layer.")
    return closed(
      [
        (
          "type",
          enumeration(Gradient.Kind.allCases.map(\.rawValue), "CAGradientLayer's type: axial (default), radial, conic.")
        ),
        (
          "colors",
          described(
            [
              "type": .string("array"), "items": ref("color"), "minItems": .number(2),
              "maxItems": .number(Double(SceneLimits.maxGradientStops)),
            ], "The colours, first to last.")
        ),
        (
          "locations",
          described(
            ["type": .string("array"), "items": number(minimum: 0, maximum: 1, "0…1."), "minItems": .number(2)],
            "One for each colour, in increasing order (default: evenly spread).")
        ),
        ("startPoint", point), ("endPoint", point),
      ], required: ["colors"],
      "A gradient fill over the colour, under the image and border (CAGradientLayer); points default to (0.5, 0) and (0.5, 1)."
    )
  }

  static var interaction: JSONValue {
    closed(
      [
        (
          "scrub",
          described(
            ["type": .string("array"), "items": numbers(2, "[time in seconds, progress 0…1]"), "minItems": .number(1)],
            "Keyframes of the finger.")
        ),
        ("release", enumeration(Interaction.Release.allCases.map(\.rawValue), "What happens when the finger lifts.")),
        ("completionSpeed", number(minimum: 0, maximum: 1000, "UIKit's completionSpeed (default 1).")),
        ("completionCurve", ref("curve", "Drives the rest of the way (default easeInOut).")),
      ], required: ["scrub"], "An interactive transition.")
  }

  // MARK: Transitions

  static let common: [(key: String, value: JSONValue)] = [
    ("type", described(["type": .string("string")], "The transition type: run 'segue list'.")),
    ("operation", enumeration(TransitionOperation.allCases.map(\.rawValue), "present, dismiss, push or pop.")),
    ("duration", positive(maximum: SceneLimits.maxDuration, "Seconds.")),
    ("curve", ref("curve")),
    (
      "presentation",
      enumeration(
        Presentation.allCases.map(\.rawValue),
        "A present's or dismiss's modalPresentationStyle (default fullScreen): which views the animator owns.")
    ),
  ]

  /// Any type name, and for each the keys it takes (`if` type is X `then` only X's keys).
  static var transition: JSONValue {
    var cases: [JSONValue] = PresetCatalog.all.map { type in
      var properties = common
      properties[1] = ("operation", enumeration(type.operations.map(\.rawValue), "The operations \(type.name) has."))
      for parameter in type.parameters {
        var value = (try? JSONParser.parse(Array(parameter.schema.utf8))) ?? .object([])
        if case .object(var members) = value {
          members.append(("description", .string("\(parameter.summary) (default \(parameter.defaultValue)).")))
          value = .object(members)
        }
        properties.append((parameter.name, value))
      }
      return conditional(type.name, properties)
    }
    cases.append(
      conditional(
        "custom",
        common + [
          (
            "perspective",
            object([
              "oneOf": .array([
                positive(
                  maximum: SceneLimits.maxCoordinate, "The container's perspective distance in points (default 500)."),
                enumeration(["none"], "No perspective of the container's: an identity sublayerTransform."),
              ])
            ])
          ),
          (
            "stack",
            described(
              ["type": .string("array"), "items": object(["type": .string("string")])],
              "Screens and overlays from bottom to top.")
          ),
          (
            "overlays",
            described(
              [
                "type": .string("object"), "additionalProperties": ref("overlay"),
                "propertyNames": .object([("pattern", .string("^[^.]+$"))]),
                "maxProperties": .number(Double(SceneLimits.maxOverlays)),
              ],
              "Views the animator makes, by name: dimming views, or views drawn as layers.")
          ),
          (
            "snapshots",
            described(
              [
                "type": .string("object"), "additionalProperties": ref("snapshot"),
                "propertyNames": .object([("pattern", .string("^[^.]+$"))]),
                "maxProperties": .number(Double(SceneLimits.maxSnapshots)),
              ],
              "Pieces of the screens, by name: targets like overlays, on top unless the stack places them.")
          ),
          ("animations", described(["type": .string("array"), "items": ref("animation")], "What moves.")),
          (
            "end",
            described(
              [
                "type": .string("object"),
                "additionalProperties": object([
                  "oneOf": .array([ref("endState"), object(["const": .string("removed")])])
                ]),
              ], "What the completion block does: a state set at once, or \"removed\", by target.")
          ),
          (
            "match",
            described(
              ["type": .string("array"), "items": ref("matchEntry")], "Layer ids both screens have: they morph.")
          ),
        ]))
    return described(
      [
        "type": .string("object"), "required": .array([.string("type")]),
        "properties": object([
          "type": enumeration(PresetCatalog.all.map(\.name) + ["custom"], "The transition type: run 'segue list'.")
        ]), "allOf": .array(cases),
      ], "Which animator, its operation and timing, and its parameters.")
  }

  static func conditional(_ name: String, _ properties: [(key: String, value: JSONValue)]) -> JSONValue {
    .object([
      ("if", .object([("properties", .object([("type", .object([("const", .string(name))]))]))])),
      ("then", .object([("properties", .object(properties)), ("additionalProperties", .bool(false))])),
    ])
  }

  static var animation: JSONValue {
    closed(
      [
        ("target", string("from, to, from.ID, to.ID or an overlay's name; or one of these and .mask, its mask layer.")),
        ("from", ref("state", "Where it starts (missing properties: where the previous animation left them).")),
        ("to", ref("state", "Where it ends (missing properties keep their from).")),
        ("delay", number(minimum: 0, maximum: SceneLimits.maxDuration, "Seconds after the transition starts.")),
        ("duration", positive(maximum: SceneLimits.maxDuration, "Seconds (default: the transition's).")),
        ("curve", ref("curve")),
        (
          "arc",
          number(minimum: -10, maximum: 10, "Hero's arc intensity: the position follows a curve (1: Hero's default).")
        ),
        (
          "cascade",
          closed(
            [
              ("delta", number(minimum: 0, maximum: 10, "Seconds between sublayers (default 0.02).")),
              (
                "direction",
                enumeration(
                  Cascade.Direction.allCases.map(\.rawValue), "The order they start in (default topToBottom).")
              ),
            ], "Hero's cascade: the animation applies to the group's sublayers, one after another.")
        ),
        (
          "keyframes",
          described(
            [
              "type": .string("array"), "minItems": .number(1), "maxItems": .number(1000),
              "items": closed(
                [
                  ("start", number(minimum: 0, maximum: 1, "Fraction of the animation's duration (default 0).")),
                  (
                    "duration",
                    number(minimum: 0, maximum: 1, "Fraction of the animation's duration (default: the rest).")
                  ),
                  ("to", ref("state", "What this keyframe reaches by its end.")),
                ], required: ["to"], "One keyframe: an addKeyframe(withRelativeStartTime:relativeDuration:) block."),
            ], "UIView.animateKeyframes: the values the properties go through (no 'to' of the animation's own).")
        ),
        (
          "calculation",
          enumeration(
            KeyframeCalculation.allCases.map(\.rawValue),
            "How keyframes are joined, as CAAnimationCalculationMode (default linear).")
        ),
      ], required: ["target"], "One animation: a UIView.animate block or a CABasicAnimation.")
  }

  /// `transform`: an array of steps, each an object of one key.
  static var steps: JSONValue {
    let maximum = SceneLimits.maxCoordinate
    func step(_ key: String, _ schema: JSONValue) -> JSONValue {
      closed([(key, schema)], required: [key], "One step.")
    }
    let angle = number(minimum: -36_000, maximum: 36_000, "Degrees.")
    let scale = object([
      "oneOf": .array([
        number(minimum: -10_000, maximum: 10_000, "Both sides."), numbers(2, "[sx, sy]"), numbers(3, "[sx, sy, sz]"),
      ])
    ])
    let translate = object(["oneOf": .array([numbers(2, "[tx, ty]"), numbers(3, "[tx, ty, tz]")])])
    let items = object([
      "oneOf": .array([
        step("perspective", positive(maximum: maximum, "m34 = −1 ÷ distance, in points.")),
        step("rotateX", angle), step("rotateY", angle), step("rotateZ", angle), step("scale", scale),
        step("translate", translate), step("matrix", numbers(16, "m11 … m44 in Core Animation's order.")),
      ])
    ])
    return described(
      ["type": .string("array"), "items": items, "maxItems": .number(64)],
      "Applied last step first, as CATransform3D calls build a transform.")
  }

  /// A state's properties; in `end`, `null` returns a property to its initial value.
  static func state(allowReset: Bool) -> JSONValue {
    func value(_ schema: JSONValue) -> JSONValue {
      allowReset ? object(["anyOf": .array([schema, object(["type": .string("null")])])]) : schema
    }
    let properties: [(key: String, value: JSONValue)] = AnimatableProperty.allCases.map { property in
      let schema: JSONValue
      switch property {
      case .frame:
        schema = object([
          "anyOf": .array([
            ref("rect"), ref("frameOf"), lengths(4, "[x, y, width, height], read from the container at run time."),
          ])
        ])
      case .translate:
        schema = object(["anyOf": .array([ref("point"), lengths(2, "[tx, ty], read from the container at run time.")])])
      case .translateZ:
        schema = number(
          minimum: -SceneLimits.maxCoordinate, maximum: SceneLimits.maxCoordinate, "Points toward the eye.")
      case .anchor:
        schema = object([
          "anyOf": .array([
            ref("point"),
            closed(
              [("points", ref("point"))], required: ["points"], "In points of the layer, from its frame's top-left."),
            lengths(2, "[ax, ay], read from the container at run time."),
          ])
        ])
      case .scale:
        schema = object([
          "anyOf": .array([
            number(minimum: -10_000, maximum: 10_000, "Both sides."), numbers(2, "[sx, sy]"),
            lengths(2, "[sx, sy], read from the container at run time."),
          ])
        ])
      case .rotation, .rotationX, .rotationY: schema = number(minimum: -36_000, maximum: 36_000, "Degrees.")
      case .opacity: schema = number(minimum: 0, maximum: 1, "0…1.")
      case .cornerRadius: schema = object(["oneOf": .array([ref("radii"), ref("radiusOf")])])
      case .cornerCurve: schema = enumeration(CornerCurve.allCases.map(\.rawValue), "Set at once.")
      case .mask: schema = object(["oneOf": .array([ref("mask"), object(["type": .string("null")])])])
      case .shadow: schema = object(["oneOf": .array([ref("shadow"), object(["type": .string("null")])])])
      case .color: schema = ref("color")
      case .transform: schema = steps
      }
      var members: [(key: String, value: JSONValue)] = []
      if case .object(let existing) = value(schema) { members = existing }
      members.append(("description", .string(property.summary)))
      return (property.rawValue, .object(members))
    }
    return closed(properties, allowReset ? "A state set at once; null resets a property." : "Property values.")
  }

  /// `{"of": ID, "times": k, "plus": c}`: k times a view's width or height plus c points, in a
  /// pin's value, a shift's, or a number of a state.
  static var share: JSONValue {
    closed(
      [
        ("of", string("'container', 'safeArea', 'from', 'to' or a layer 'from.ID' / 'to.ID'.")),
        ("times", number(minimum: -100, maximum: 100, "k: the value is k times its width (height).")),
        (
          "plus",
          number(
            minimum: -SceneLimits.maxCoordinate, maximum: SceneLimits.maxCoordinate, "c: points added (default 0).")
        ),
      ], required: ["of", "times"],
      "k times a view's width (a horizontal value) or height (a vertical one), plus c points.")
  }

  /// A number of the container: points, a share of a view's size, or `{"formula": "…"}`.
  static var length: JSONValue {
    let formula = closed(
      [
        (
          "formula",
          string(
            "An expression of container.width, container.height, safeArea.top/left/bottom/right, a screen's frame "
              + "(to.frame.x) or a layer's (from.ID.width), with + - * / ( ) max, length and round.")
        )
      ], required: ["formula"], "A number the app computes at run time.")
    return object(["oneOf": .array([object(["type": .string("number")]), share, formula])])
  }

  /// `count` numbers of the container (`length`), an array.
  static func lengths(_ count: Int, _ text: String) -> JSONValue {
    described(
      [
        "type": .string("array"), "items": ref("length"), "minItems": .number(Double(count)),
        "maxItems": .number(Double(count)),
      ], text)
  }

  /// `{"of": "to.hero", "shift": [sx, sy], "inset": [top, left, bottom, right]}`.
  static var frameOf: JSONValue {
    closed(
      [
        (
          "of",
          string("'container', 'safeArea', 'from', 'to' or a layer 'from.ID' / 'to.ID': where the app lays it out.")
        ),
        (
          "shift",
          described(
            [
              "type": .string("array"),
              "items": object(["oneOf": .array([object(["type": .string("number")]), share])]),
              "minItems": .number(2), "maxItems": .number(2),
            ],
            "[sx, sy]: moves the frame by sx of its widths and sy of its heights, or by k of a view's "
              + "({\"of\": ID, \"times\": k}); applied before 'inset'.")
        ),
        ("inset", numbers(4, "[top, left, bottom, right] in points, inward.")),
      ], required: ["of"], "A frame read from the running app, in the animated target's coordinates.")
  }

  /// `{"of": "to.hero"}` as a corner radius.
  static var radiusOf: JSONValue {
    closed(
      [("of", string("A layer 'from.ID' or 'to.ID'."))], required: ["of"],
      "The corner radius of a view of the app, read at run time.")
  }

  /// `[cx, cy, r]`, the radius a number or `{"cover": "container"}`.
  static var circle: JSONValue {
    let cover = closed(
      [("cover", string("'container', 'from', 'to' or a layer 'from.ID' / 'to.ID'."))], required: ["cover"],
      "The distance from the centre to the farthest corner of that frame, read at run time.")
    return described(
      [
        "type": .string("array"), "minItems": .number(3), "maxItems": .number(3),
        "prefixItems": .array([
          object(["anyOf": .array([number("cx in the target's points."), ref("length")])]),
          object(["anyOf": .array([number("cy in the target's points."), ref("length")])]),
          object(["oneOf": .array([number(minimum: 0, "r in points."), cover])]),
        ]),
      ], "[cx, cy, r] in the target's points; r may cover a frame: {\"cover\": \"container\"}.")
  }

  static var mask: JSONValue {
    object([
      "oneOf": .array([
        closed([("circle", circle)], required: ["circle"], "A circle."),
        closed(
          [
            ("rect", object(["anyOf": .array([ref("rect"), lengths(4, "[x, y, width, height] of the container.")])])),
            ("cornerRadius", number(minimum: 0, "Points.")),
          ], required: ["rect"],
          "A rounded rectangle."),
        closed(
          [
            (
              "path",
              object([
                "type": .string("string"), "minLength": .number(1),
                "maxLength": .number(Double(SceneLimits.maxPathLength)),
                "description": .string(
                  "SVG path data (M L H V C S Q T A Z, absolute or relative) in the mask's points, filled by the "
                    + "non-zero rule."),
              ])
            )
          ], required: ["path"], "An outline from SVG path data."),
      ])
    ])
  }

  static var shadow: JSONValue {
    closed(
      [
        ("color", ref("color")), ("opacity", number(minimum: 0, maximum: 1, "0…1.")),
        ("radius", number(minimum: 0, maximum: 1000, "The Gaussian's standard deviation in points (default 3).")),
        ("offset", ref("point", "[dx, dy] in points (default [0, -3]).")),
      ], required: ["opacity"], "Core Animation's shadow of the target's outline.")
  }

  static var overlay: JSONValue {
    closed(
      [
        ("color", ref("color", "Default black.")),
        ("opacity", number(minimum: 0, maximum: 1, "Its start (default 1).")),
        (
          "rect",
          object([
            "oneOf": .array([
              ref("rect"), ref("pins"), ref("frameOf"),
              closed([("circle", circle)], required: ["circle"], "The square of a circle, drawn as the circle."),
            ]),
            "description": .string(
              "In the container's points (or its screen's): [x, y, width, height], pins, a frame of a view, or "
                + "the square of a circle {\"circle\": [cx, cy, r]}; default: all of the container (or of its "
                + "screen)."),
          ])
        ),
        ("over", enumeration(ScreenRole.allCases.map(\.rawValue), "Makes it a sublayer of that screen.")),
        ("gradient", gradient),
        ("shape", enumeration(Layer.Shape.allCases.map(\.rawValue), "rect (default) or ellipse.")),
        ("cornerRadius", ref("radii")),
        ("cornerCurve", enumeration(CornerCurve.allCases.map(\.rawValue), "circular (default) or continuous.")),
        ("border", border),
        ("image", string("A PNG, relative to the scene file: as contentMode says, clipped to the corners.")),
        ("contentMode", contentMode),
        (
          "layers",
          described(
            ["type": .string("array"), "items": ref("layer")],
            "Sublayers in its points, each with a rect of numbers (no pins).")
        ),
        ("clips", described(["type": .string("boolean")], "Clips the sublayers to its shape.")),
      ], "A view the animator makes: a colour, or a layer's fill, gradient, corners, border and sublayers.")
  }

  /// A layer's or an overlay's border.
  static var border: JSONValue {
    closed(
      [("width", number(minimum: 0, "Points, drawn inside.")), ("color", ref("color"))], required: ["width"],
      "A border inside the outline.")
  }

  static var snapshot: JSONValue {
    closed(
      [
        ("of", enumeration(ScreenRole.allCases.map(\.rawValue), "The screen it is a piece of.")),
        (
          "rect",
          object([
            "oneOf": .array([ref("rect"), ref("pins"), ref("frameOf")]),
            "description": .string(
              "The piece, in the screen's points: [x, y, width, height], pins, or a frame of a view."),
          ])
        ),
      ], required: ["of", "rect"],
      "A piece of a screen's snapshot (resizableSnapshotView), a target like an overlay.")
  }

  static var matchEntry: JSONValue {
    object([
      "oneOf": .array([
        string("A layer id both screens have."),
        closed(
          [
            ("id", string("A layer id both screens have.")), ("curve", ref("curve")),
            ("duration", positive(maximum: SceneLimits.maxDuration, "Seconds.")),
            ("delay", number(minimum: 0, maximum: SceneLimits.maxDuration, "Seconds.")),
          ], required: ["id"], "A matched id with its own timing."),
      ])
    ])
  }
}
