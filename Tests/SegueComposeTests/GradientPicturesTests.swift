import SegueGeometry
import SegueMotion
import SegueRaster
import SegueScene
import Testing

@testable import SegueCompose

/// Gradient layers seen upright but scaled take their picture from a backing store: drawn once
/// per size in device pixels, never stale, bounded.
struct GradientPicturesTests {
  static let base = Gradient(
    kind: .axial, colors: [RGBA8(r: 10, g: 132, b: 255), RGBA8(r: 94, g: 92, b: 230)], locations: [0, 1],
    startPoint: Point(x: 0, y: 0), endPoint: Point(x: 1, y: 1))

  /// Each thing that draws a picture, changed alone: the store hands back that gradient's own
  /// picture (what a store that never saw the base would draw), never the base's.
  @Test func aPictureIsKeyedByEverythingThatDrawsIt() {
    let store = GradientPictures()
    let key = GradientPictures.Key(gradient: Self.base, width: 24, height: 16)
    let first = store.picture(key)!
    var variants: [(String, GradientPictures.Key)] = []
    func changed(_ name: String, _ change: (inout Gradient) -> Void) {
      var gradient = Self.base
      change(&gradient)
      variants.append((name, GradientPictures.Key(gradient: gradient, width: 24, height: 16)))
    }
    changed("kind") { $0.kind = .radial }
    changed("colors") { $0.colors[1] = RGBA8(r: 255, g: 55, b: 95) }
    changed("locations") { $0.locations = [0.3, 1] }
    changed("startPoint") { $0.startPoint = Point(x: 0.5, y: 0) }
    changed("endPoint") { $0.endPoint = Point(x: 1, y: 0) }
    variants.append(("width", GradientPictures.Key(gradient: Self.base, width: 25, height: 16)))
    variants.append(("height", GradientPictures.Key(gradient: Self.base, width: 24, height: 17)))
    for (name, variant) in variants {
      let cached = store.picture(variant)!
      let fresh = GradientPictures.draw(variant)!
      #expect(cached.pixels == fresh.pixels, "\(name): the store's picture is not the gradient's own")
      #expect(cached.width != first.width || cached.height != first.height || cached.pixels != first.pixels, "\(name)")
    }
    // The base, asked again, is the base.
    #expect(store.picture(key)!.pixels == first.pixels)
    #expect(store.count == variants.count + 1)
  }

  /// A layer's size is rounded to device pixels: sizes less than a pixel apart on the same side
  /// of a half share a picture, a pixel apart do not.
  @Test func aPictureIsDrawnAgainOnlyForAnotherSizeInPixels() {
    let context = GradientPictures.Context(store: GradientPictures(), density: Point(x: 3, y: 3))
    // Upright, scaled by 1.5 on the frame (not the frame's density of 3).
    let map = Homography.scaleTranslate(sx: 4.5, sy: 4.5, tx: 10, ty: 20)
    _ = context.picture(of: Self.base, bounds: Size(width: 100, height: 50), map: map)
    _ = context.picture(of: Self.base, bounds: Size(width: 100.1, height: 50.1), map: map)  // 300.3 → 300
    #expect(context.store.count == 1)
    let wider = context.picture(of: Self.base, bounds: Size(width: 100.4, height: 50), map: map)  // 301.2 → 301
    #expect(context.store.count == 2)
    #expect(wider?.width == 301 && wider?.height == 150)
  }

  /// Upright at the frame's own density (the picture would land pixel for pixel) and turned in
  /// 3D (a picture there measured slower than the gradient worked out per pixel): drawn
  /// directly, no picture.
  @Test func unscaledAndTurnedLayersAreDrawnDirectly() {
    let context = GradientPictures.Context(store: GradientPictures(), density: Point(x: 2, y: 2))
    let bounds = Size(width: 40, height: 30)
    #expect(context.picture(of: Self.base, bounds: bounds, map: .scaleTranslate(sx: 2, sy: 2, tx: 7.5, ty: 3)) == nil)
    let turned = Homography(2, 0, 5, 0.1, 2, 0, 0.001, 0, 1)
    #expect(context.picture(of: Self.base, bounds: bounds, map: turned) == nil)
    #expect(context.picture(of: Self.base, bounds: bounds, map: .scaleTranslate(sx: 1.8, sy: 2)) != nil)
    #expect(context.store.count == 1)
  }

  /// The store keeps the most recently used pictures within its byte limit, and always the one
  /// just drawn.
  @Test func theStoreStaysWithinItsByteLimit() {
    // 40 × 40 pixels, 6,400 bytes a picture: a limit of 20,000 bytes holds three.
    let store = GradientPictures(byteLimit: 20_000)
    var keys: [GradientPictures.Key] = []
    for index in 0..<6 {
      var gradient = Self.base
      gradient.startPoint = Point(x: Double(index) / 6, y: 0)
      keys.append(GradientPictures.Key(gradient: gradient, width: 40, height: 40))
      _ = store.picture(keys[index])
      #expect(store.bytes <= 20_000)
      // The first, used after every other one, stays: the least recently used go first.
      _ = store.picture(keys[0])
    }
    #expect(store.count == 3)
    #expect(store.bytes == 3 * 6_400)
    // A picture larger than the whole limit is still drawn and kept alone.
    _ = store.picture(GradientPictures.Key(gradient: Self.base, width: 100, height: 100))
    #expect(store.count == 1)
  }

  /// A gradient card scaled to 0.6 on a frame of density 2: the compositor's frame (picture
  /// resampled) against the same layer drawn with no store (the gradient worked out at each
  /// pixel), within a few levels, edges included.
  @Test func aScaledGradientLayerMatchesOneDrawnDirectly() {
    let size = Size(width: 60, height: 40)
    let card = Layer(
      rect: Rect(x: 0, y: 0, width: 50, height: 30), cornerRadius: CornerRadii(6), gradient: Self.base)
    let layer = RenderLayer(
      content: .layer(card), contentSize: card.rect.size, bounds: card.rect.size,
      transform: .translation(7.3, 5.6, 0) * .scale(0.6, 0.6), cornerRadii: card.cornerRadius)
    let list = DisplayList(
      size: size, pixelWidth: 120, pixelHeight: 80, background: RGBA8(r: 255, g: 255, b: 255), layers: [layer])
    let compositor = Compositor(snapshots: [:], images: [:])
    let frame = compositor.compose(list)
    #expect(compositor.gradientPictures.count == 1)
    var direct = Pixmap(width: 120, height: 80, fill: RGBA8(r: 255, g: 255, b: 255).premultiplied)!
    let map = (list.projection * layer.transform).planar
    LayerPainter.draw(
      card,
      LayerPainter.Placement(
        bounds: card.rect.size, radii: card.cornerRadius, curve: .circular, cropSize: card.rect.size, map: map),
      images: [:], into: &direct)
    var largest = 0
    var inside = 0
    for y in 0..<80 {
      for x in 0..<120 {
        let (a, b) = (frame[x, y], direct[x, y])
        largest = max(largest, abs(Int(a.r) - Int(b.r)), abs(Int(a.g) - Int(b.g)), abs(Int(a.b) - Int(b.b)))
        if a.r < 200 { inside += 1 }
      }
    }
    #expect(largest <= 4)
    // The card covers 0.6 · 50 · 2 by 0.6 · 30 · 2 = 60 × 36 pixels, less its corners.
    #expect(inside > 2000)
  }
}
