import SegueGeometry
import SegueTiming

/// Every preset Segue ships, in the order `list` shows them: the seed articles' nine,
/// then UIKit's flip and sheet and the stories cube (docs/transitions.md).
public enum PresetCatalog {
  public static let all: [PresetType] = [
    zoom, stories, slide, panel, circle, spread, boom, fade, push, flip, cube, sheet,
  ]

  public static func named(_ name: String) -> PresetType? {
    all.first { $0.name == name }
  }

  static let everyOperation: [TransitionOperation] = [.present, .push, .dismiss, .pop]
  static let pointSchema = #"{"type": "array", "items": {"type": "number"}, "minItems": 2, "maxItems": 2}"#
  static let rectSchema = #"{"type": "array", "items": {"type": "number"}, "minItems": 4, "maxItems": 4}"#
  static func edgeSchema(_ edges: [Edge]) -> String {
    #"{"enum": ["# + edges.map { "\"\($0.rawValue)\"" }.joined(separator: ", ") + "]}"
  }

  static let zoom = PresetType(
    name: "zoom", seed: "opening a story from its tile and closing it back (Instagram stories)",
    summary: "a snapshot grows from `sourceFrame` to full screen, fading in (dismiss: the reverse)",
    operations: [.present, .dismiss],
    parameters: [
      .init(
        "sourceFrame", "the preview tile [x, y, width, height] in points", default: "a 200x200 tile in the centre",
        schema: rectSchema)
    ],
    defaults: { $0 == .dismiss ? .init(0.3, .bezier(.easeOut)) : .init(0.3, .bezier(.easeInEaseOut)) },
    decode: { parameters throws(SceneError) in .zoom(sourceFrame: try parameters.rect("sourceFrame")) })

  static let stories = PresetType(
    name: "stories", seed: "going from one story to the next (Instagram stories)",
    summary: "the next story slides in over the current one, which shrinks (pop: the reverse)",
    operations: [.push, .pop],
    parameters: [
      .init(
        "scale", "how small the story underneath gets, above 0 and at most 1", default: "0.85",
        schema: #"{"type": "number", "exclusiveMinimum": 0, "maximum": 1}"#),
      .init(
        "cornerRadius", "corner radius of both stories while they move, in their own points", default: "10",
        schema: #"{"type": "number", "minimum": 0}"#),
    ],
    defaults: { _ in .init(0.3, .bezier(.easeIn)) },
    decode: { parameters throws(SceneError) in
      .stories(
        scale: try parameters.positive("scale", "a scale greater than 0, at most 1", limit: 1, default: 0.85),
        cornerRadius: try parameters.number(
          "cornerRadius", in: 0...10_000, "a radius in points, not negative", default: 10))
    })

  static let slide = PresetType(
    name: "slide", seed: "a custom modal that slides in over the screen from an edge",
    summary: "`to` slides in from `edge` over `from` (dismiss: `from` slides out to `edge`)",
    operations: [.present, .dismiss],
    parameters: [
      .init(
        "edge", "where the screen comes from: bottom, top, left or right", default: "bottom",
        schema: edgeSchema([.bottom, .top, .left, .right]))
    ],
    defaults: { _ in .init(0.5, .bezier(.easeInEaseOut)) },
    decode: { parameters throws(SceneError) in
      .slide(edge: try parameters.edge([.bottom, .top, .left, .right], default: .bottom))
    })

  static let panel = PresetType(
    name: "panel", seed: "a half-screen panel over a dimmed screen (a bottom sheet, a side menu)",
    summary: "a panel slides in from `edge` over a dimmed `from` (dismiss: it slides out, the dim fades)",
    operations: [.present, .dismiss],
    parameters: [
      .init(
        "edge", "where the panel rests: bottom, right or top", default: "bottom",
        schema: edgeSchema([.bottom, .right, .top])),
      .init(
        "size", "the panel's share of the container along the edge's axis, above 0 and at most 1", default: "0.5",
        schema: #"{"type": "number", "exclusiveMinimum": 0, "maximum": 1}"#),
      .init(
        "dim", "alpha of the black dimming view, 0 to 1", default: "0.3",
        schema: #"{"type": "number", "minimum": 0, "maximum": 1}"#),
    ],
    defaults: { _ in .init(0.3, .bezier(.easeOut)) },
    decode: { parameters throws(SceneError) in
      .panel(
        edge: try parameters.edge([.bottom, .right, .top], default: .bottom),
        size: try parameters.positive(
          "size", "a share of the container greater than 0, at most 1", limit: 1, default: 0.5),
        dim: try parameters.number("dim", in: 0...1, "an alpha from 0 to 1", default: 0.3))
    })

  static let circle = PresetType(
    name: "circle", seed: "a screen revealed by a growing circle from a tapped button",
    summary: "a circle at `origin` reveals `to` (present, push) or hides `from` (dismiss, pop)",
    operations: everyOperation,
    parameters: [
      .init(
        "origin", "centre of the circle [x, y] in points, or {\"of\": \"from.ID\"}: the centre of that layer",
        default: "the container's centre",
        schema: #"{"oneOf": [\#(pointSchema), {"type": "object", "properties": {"of": {"type": "string"}}, "#
          + #""required": ["of"], "additionalProperties": false}]}"#),
      .init(
        "startRadius", "radius of the small circle in points", default: "1",
        schema: #"{"type": "number", "minimum": 0}"#),
      .init(
        "endRadius", "radius of the large circle in points", default: "distance to the farthest corner",
        schema: #"{"type": "number", "minimum": 0}"#),
    ],
    defaults: { _ in .init(0.5, .bezier(.easeInEaseOut)) },
    decode: { parameters throws(SceneError) in
      let range = 0...SceneLimits.maxCoordinate
      return .circle(
        origin: try parameters.circleOrigin("origin"),
        startRadius: try parameters.number("startRadius", in: range, "a radius in points, not negative", default: 1),
        endRadius: parameters.fields["endRadius"] == nil
          ? nil : try parameters.number("endRadius", in: range, "a radius in points, not negative", default: 0))
    })

  static let spread = PresetType(
    name: "spread", seed: "a screen revealed by a band spreading from an edge",
    summary: "`to` is revealed by a rectangle growing from a 2 pt strip at `edge`",
    operations: everyOperation,
    parameters: [
      .init(
        "edge", "where the reveal starts: right, left, top or bottom", default: "right",
        schema: edgeSchema([.right, .left, .top, .bottom]))
    ],
    defaults: { _ in .init(0.5, .bezier(.easeInEaseOut)) },
    decode: { parameters throws(SceneError) in
      .spread(edge: try parameters.edge([.right, .left, .top, .bottom], default: .right))
    })

  static let boom = PresetType(
    name: "boom", seed: "a screen bursting out of a point",
    summary: "`to` bursts from 0.1 to full size on a bouncy spring (dismiss, pop: `from` shrinks to 0.01)",
    operations: everyOperation,
    defaults: {
      $0.isForward ? .init(0.5, .uiKitSpring(damping: 0.4, velocity: 2.5)) : .init(0.5, .bezier(.easeInEaseOut))
    },
    decode: { _ throws(SceneError) in .boom })

  static let fade = PresetType(
    name: "fade", seed: "UIKit's crossDissolve",
    summary: "`to` fades in over `from` (dismiss, pop: `from` fades out over `to`)",
    operations: everyOperation,
    defaults: { _ in .init(0.4, .bezier(.easeInEaseOut)) },
    decode: { _ throws(SceneError) in .fade })

  static let push = PresetType(
    name: "push", seed: "UIKit navigation push/pop (_UINavigationParallaxTransition)",
    summary: "UINavigationController's slide with parallax and dimming",
    operations: [.push, .pop],
    defaults: { _ in .init(0.5, .systemSpring) },
    decode: { _ throws(SceneError) in .push })

  static let flip = PresetType(
    name: "flip", seed: "UIKit's flipHorizontal modal style and the usual custom flip",
    summary: "`from` turns away about the vertical axis, then `to` turns in, seen in perspective",
    operations: everyOperation,
    parameters: [
      .init("direction", "which way it turns: left or right", default: "left", schema: #"{"enum": ["left", "right"]}"#)
    ],
    defaults: { _ in .init(0.6, .bezier(.easeInEaseOut)) },
    decode: { parameters throws(SceneError) in
      .flip(direction: try parameters.choice("direction", default: FlipDirection.left))
    })

  static let cube = PresetType(
    name: "cube", seed: "the stories cube (Instagram)",
    summary: "the two screens are faces of a cube that turns to show `to`",
    operations: [.push, .pop],
    defaults: { _ in .init(0.5, .bezier(.easeInEaseOut)) },
    decode: { _ throws(SceneError) in .cube })

  static let sheet = PresetType(
    name: "sheet", seed: "the iOS 13+ page sheet (the default modal presentation)",
    summary: "`to` rises as a card over a dimmed `from`, which shrinks back behind it",
    operations: [.present, .dismiss],
    parameters: [
      .init(
        "top", "how far below the top the sheet stops, in points",
        default: "10 below the safe area's top, as UIKit places a page sheet (57 on an iPhone 14)",
        schema: #"{"type": "number", "minimum": 0}"#),
      .init(
        "inset", "how far in the screen behind shrinks on each side, in points", default: "16",
        schema: #"{"type": "number", "minimum": 0}"#),
      .init(
        "dim", "alpha of the black dimming view, 0 to 1", default: "0.25",
        schema: #"{"type": "number", "minimum": 0, "maximum": 1}"#),
    ],
    defaults: { _ in .init(0.5, .systemSpring) },
    decode: { parameters throws(SceneError) in
      .sheet(
        top: parameters.fields["top"] == nil
          ? nil
          : try parameters.number(
            "top", in: 0...SceneLimits.maxCoordinate, "a distance in points, not negative", default: 0),
        inset: try parameters.number(
          "inset", in: 0...SceneLimits.maxCoordinate, "a distance in points, not negative", default: 16),
        dim: try parameters.number("dim", in: 0...1, "an alpha from 0 to 1", default: 0.25))
    })
}
