import SegueGeometry
import SegueJSON
import SegueRaster
import Testing

@testable import SegueCompose
@testable import SegueScene

/// A layer's `contentMode` says how its image fills its rect: aspect-fill (the default) crops
/// the image to the rect's aspect; `scaleToFill` stretches the whole image to the rect, as a
/// snapshot view's picture is stretched to its frame.
@Suite struct ContentModeTests {
  /// A 4 × 1 image, red, red, blue, blue, into a 10 × 10 layer at one pixel a point.
  func draw(_ mode: ContentMode) -> Pixmap {
    var image = Pixmap(width: 4, height: 1)!
    let red = RGBA8(r: 255, g: 0, b: 0).premultiplied
    let blue = RGBA8(r: 0, g: 0, b: 255).premultiplied
    for x in 0..<4 { image.pixels[x] = (x < 2 ? red : blue).packed }
    var layer = Layer(rect: Rect(x: 0, y: 0, width: 10, height: 10), image: "strip.png")
    layer.contentMode = mode
    var frame = Pixmap(width: 10, height: 10, fill: RGBA8(r: 255, g: 255, b: 255).premultiplied)!
    LayerPainter.draw(
      layer,
      LayerPainter.Placement(
        bounds: layer.rect.size, radii: .zero, curve: .circular, cropSize: layer.rect.size, map: .identity),
      images: ["strip.png": image], into: &frame)
    return frame
  }

  /// Stretched: each image pixel 2.5 points wide, so the left 4 columns are red, the right 4 blue
  /// (bilinear between the two middle image pixels only around x = 5).
  @Test func scaleToFillStretchesTheWholeImage() {
    let frame = draw(.scaleToFill)
    for x in [0, 1, 2, 3] { #expect(frame[x, 5] == RGBA8(r: 255, g: 0, b: 0).premultiplied, "x \(x)") }
    for x in [6, 7, 8, 9] { #expect(frame[x, 5] == RGBA8(r: 0, g: 0, b: 255).premultiplied, "x \(x)") }
  }

  /// Aspect-fill of a square: the image's middle 1 × 1 (x from 1.5 to 2.5: half of pixel 1, half
  /// of pixel 2), so the layer's edges are red and blue at most half and no column is pure red.
  @Test func aspectFillCropsToTheMiddle() {
    let frame = draw(.scaleAspectFill)
    for x in 0..<10 { #expect(frame[x, 5].r < 250 && frame[x, 5].b < 250, "x \(x): \(frame[x, 5])") }
  }

  /// Decoded from a layer's JSON, written back only when it is not the default, and refused with
  /// the valid choices named.
  @Test func theFieldIsReadWrittenAndChecked() throws {
    let scene = """
      {"size": [20, 20], "from": {"layers": [{"rect": [0, 0, 10, 10], "image": "a.png", "contentMode": "scaleToFill"},
       {"rect": [10, 0, 10, 10], "image": "a.png"}]}, "to": {}, "transition": {"type": "fade"}}
      """
    let decoded = try SceneDecoder.decode(Array(scene.utf8), file: "s.json", defaultName: "s")
    #expect(decoded.from.layers.map(\.contentMode) == [.scaleToFill, .scaleAspectFill])
    func keys(_ value: JSONValue) -> [String: JSONValue] {
      guard case .object(let members) = value else { return [:] }
      return Dictionary(members.map { ($0.key, $0.value) }, uniquingKeysWith: { a, _ in a })
    }
    #expect(keys(SceneEncoder.layer(decoded.from.layers[0]))["contentMode"] == .string("scaleToFill"))
    #expect(keys(SceneEncoder.layer(decoded.from.layers[1]))["contentMode"] == nil)
    let bad = scene.replacingOccurrences(of: "\"scaleToFill\"", with: "\"fit\"")
    #expect(throws: SceneErrors.self) { try SceneDecoder.decode(Array(bad.utf8), file: "s.json", defaultName: "s") }
  }
}
