import Foundation
import SegueGeometry
import SegueTestSupport
import Testing

@testable import SegueCompose
@testable import SegueMotion
@testable import SegueRaster
@testable import SegueScene

/// The compositor against `ReferenceCompositor` on seeded random display lists: every pixel,
/// every channel, within 4 levels (the reference's edge sampling error; see its comment).
///
/// The screens are blocks of distinct colours in every channel, so a pixel that shows the wrong
/// layer, or the background, is tens of levels off in some channel.
struct DifferentialTests {
  /// A screen picture: four coloured blocks, distinct in every channel from each other and
  /// from the backgrounds used.
  static func screen(width: Int, height: Int, colors: [RGBA8]) -> Pixmap {
    var pixmap = Pixmap(width: width, height: height)!
    for y in 0..<height {
      for x in 0..<width {
        let index = (x < width / 2 ? 0 : 1) + (y < height / 2 ? 0 : 2)
        pixmap[x, y] = colors[index].premultiplied
      }
    }
    return pixmap
  }

  static let fromColors = [
    RGBA8(r: 200, g: 40, b: 90), RGBA8(r: 170, g: 90, b: 30), RGBA8(r: 220, g: 140, b: 60),
    RGBA8(r: 150, g: 60, b: 120),
  ]
  static let toColors = [
    RGBA8(r: 30, g: 180, b: 220), RGBA8(r: 60, g: 210, b: 160), RGBA8(r: 20, g: 120, b: 250),
    RGBA8(r: 90, g: 230, b: 200),
  ]

  /// A random layer: a snapshot or a solid, moved, scaled (mirrored too), turned in 3D,
  /// faded, with corners and a mask, sometimes with a sublayer.
  static func randomLayer(_ random: inout SplitMix64, size: Size, allowSublayers: Bool) -> RenderLayer {
    func uniform(_ range: ClosedRange<Double>) -> Double { Double.random(in: range, using: &random) }
    let content: RenderLayer.Content
    switch Int.random(in: 0..<3, using: &random) {
    case 0: content = .snapshot(.from)
    case 1: content = .snapshot(.to)
    default:
      content = .solid(
        RGBA8(
          r: UInt8.random(in: 0...255, using: &random), g: UInt8.random(in: 0...255, using: &random),
          b: UInt8.random(in: 0...255, using: &random), a: Bool.random(using: &random) ? 255 : 160))
    }
    let frame = Rect(
      x: uniform(-4...10), y: uniform(-4...8), width: uniform(8...size.width), height: uniform(6...size.height))
    var state = MotionPlan.TargetState(
      frame: frame, anchor: Point(x: uniform(0...1), y: uniform(0...1)),
      translate: Point(x: uniform(-5...5), y: uniform(-5...5)),
      scale: Point(
        x: uniform(0.5...1.3) * (Int.random(in: 0..<6, using: &random) == 0 ? -1 : 1), y: uniform(0.5...1.3)),
      rotation: 0, rotationX: 0, rotationY: 0, opacity: Bool.random(using: &random) ? 1 : uniform(0.3...1),
      cornerRadii: .zero, cornerCurve: .circular, mask: nil, shadow: nil, color: .clear)
    switch Int.random(in: 0..<4, using: &random) {
    case 0: state.rotation = uniform(-40...40)
    case 1: state.rotationY = uniform(-70...70)
    case 2: state.rotationX = uniform(-60...60)
    default: break
    }
    if Bool.random(using: &random) {
      state.cornerRadii = CornerRadii(
        topLeft: uniform(0...8), topRight: uniform(0...8), bottomRight: uniform(0...8), bottomLeft: uniform(0...8))
    }
    switch Int.random(in: 0..<3, using: &random) {
    case 0:
      state.mask = .circle(
        center: Point(x: uniform(0...frame.width), y: uniform(0...frame.height)), radius: uniform(3...20))
    case 1:
      state.mask = .rect(
        Rect(
          x: uniform(-2...6), y: uniform(-2...6), width: uniform(5...frame.width), height: uniform(5...frame.height)),
        cornerRadius: Bool.random(using: &random) ? 0 : uniform(0...4))
    default: break
    }
    var sublayers: [RenderLayer] = []
    if allowSublayers, case .snapshot = content, Int.random(in: 0..<3, using: &random) == 0 {
      sublayers = [randomLayer(&random, size: size, allowSublayers: false)]
    }
    return RenderLayer(
      content: content, contentSize: size, bounds: frame.size, transform: state.transform, opacity: state.opacity,
      cornerRadii: state.cornerRadii, cornerCurve: .circular, mask: state.mask, shadow: nil, sublayers: sublayers)
  }

  /// An opaque screen turned about a vertical axis (as the cube and a door turn) on a frame
  /// wide enough for long replaced runs: the compositor finds each frame column's source column
  /// once and fills the pixels it replaces row by row, between anti-aliased ends it blends.
  @Test(arguments: [-60.0, -40, -8, 8, 40, 60])
  func aScreenTurnedAboutAVerticalAxisMatchesTheReference(degrees: Double) {
    let size = Size(width: 130, height: 36)
    let snapshots: [ScreenRole: Pixmap] = [
      .from: Self.screen(width: 130, height: 36, colors: Self.fromColors),
      .to: Self.screen(width: 130, height: 36, colors: Self.toColors),
    ]
    let state = MotionPlan.TargetState(
      frame: Rect(x: 9, y: 2, width: 110, height: 30), anchor: Point(x: degrees < 0 ? 1 : 0, y: 0.5),
      translate: Point(x: 0, y: 0), scale: Point(x: 1, y: 1), rotation: 0, rotationX: 0, rotationY: degrees,
      opacity: 1, cornerRadii: .zero, cornerCurve: .circular, mask: nil, shadow: nil, color: .clear)
    let layer = RenderLayer(
      content: .snapshot(.to), contentSize: size, bounds: state.frame.size, transform: state.transform, opacity: 1,
      cornerRadii: .zero, cornerCurve: .circular, mask: nil, shadow: nil, sublayers: [])
    let list = DisplayList(
      size: size, pixelWidth: 130, pixelHeight: 36, background: RGBA8(r: 10, g: 250, b: 60), perspective: 150,
      layers: [layer])
    let fast = Compositor(snapshots: snapshots.mapValues { Snapshot($0) }, images: [:]).compose(list)
    let reference = ReferenceCompositor(snapshots: snapshots).compose(list)
    var largest = 0
    var replaced = 0
    for y in 0..<36 {
      for x in 0..<130 {
        let (a, b) = (fast[x, y], reference[x, y])
        largest = max(
          largest,
          [abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a))]
            .max()!)
        if a.g < 240 { replaced += 1 }
      }
    }
    #expect(largest <= 4)
    #expect(replaced > 36 * 32)  // runs of replaced pixels across most rows
  }

  @Test func theCompositorMatchesTheReferenceOnRandomLayers() {
    var random = SplitMix64(state: 2026_11_30)
    var worst = 0
    for index in 0..<60 {
      let scale = [1.0, 1.5][index % 2]
      let size = Size(width: 28, height: 20)
      let pixelWidth = Int((size.width * scale).rounded())
      let pixelHeight = Int((size.height * scale).rounded())
      let snapshots: [ScreenRole: Pixmap] = [
        .from: Self.screen(width: pixelWidth, height: pixelHeight, colors: Self.fromColors),
        .to: Self.screen(width: pixelWidth, height: pixelHeight, colors: Self.toColors),
      ]
      let layers = (0..<Int.random(in: 1...3, using: &random)).map { _ in
        Self.randomLayer(&random, size: size, allowSublayers: true)
      }
      let list = DisplayList(
        size: size, pixelWidth: pixelWidth, pixelHeight: pixelHeight, background: RGBA8(r: 10, g: 250, b: 60),
        perspective: Double.random(in: 60...500, using: &random), layers: layers)
      let fast = Compositor(snapshots: snapshots.mapValues { Snapshot($0) }, images: [:]).compose(list)
      let reference = ReferenceCompositor(snapshots: snapshots).compose(list)
      var largest = 0
      var at = (0, 0)
      for y in 0..<pixelHeight {
        for x in 0..<pixelWidth {
          let a = fast[x, y]
          let b = reference[x, y]
          let difference = [
            abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)), abs(Int(a.a) - Int(b.a)),
          ].max()!
          if difference > largest {
            largest = difference
            at = (x, y)
          }
        }
      }
      worst = max(worst, largest)
      #expect(
        largest <= 4,
        "case \(index): \(largest) levels at \(at): fast \(fast[at.0, at.1]) reference \(reference[at.0, at.1]) \(layers.map { "[\($0.content) bounds \($0.bounds) opacity \($0.opacity) radii \($0.cornerRadii) mask \(String(describing: $0.mask)) subs \($0.sublayers.count) upright \((list.projection * $0.transform).planar.isUprightScaleTranslate)]" })"
      )
    }
    #expect(worst > 0)  // the two really are different implementations
  }
}
