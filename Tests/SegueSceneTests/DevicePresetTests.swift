import SegueGeometry
import SegueScene
import Testing

/// Device presets against Apple's published screens: points and scale as UIKit reports them,
/// and the panel's pixel size, which must be their product.
struct DevicePresetTests {
  struct Case: CustomTestStringConvertible, Sendable {
    let name: String
    let points: (Double, Double)
    let scale: Double
    let pixels: (Int, Int)
    var testDescription: String { name }
  }

  static let cases: [Case] = [
    Case(name: "iphone-17", points: (402, 874), scale: 3, pixels: (1206, 2622)),
    Case(name: "iphone-17-pro", points: (402, 874), scale: 3, pixels: (1206, 2622)),
    Case(name: "iphone-17-pro-max", points: (440, 956), scale: 3, pixels: (1320, 2868)),
    Case(name: "iphone-air", points: (420, 912), scale: 3, pixels: (1260, 2736)),
    Case(name: "iphone-16", points: (393, 852), scale: 3, pixels: (1179, 2556)),
    Case(name: "iphone-16-plus", points: (430, 932), scale: 3, pixels: (1290, 2796)),
    Case(name: "iphone-16-pro", points: (402, 874), scale: 3, pixels: (1206, 2622)),
    Case(name: "iphone-16-pro-max", points: (440, 956), scale: 3, pixels: (1320, 2868)),
    Case(name: "iphone-16e", points: (390, 844), scale: 3, pixels: (1170, 2532)),
    Case(name: "iphone-15", points: (393, 852), scale: 3, pixels: (1179, 2556)),
    Case(name: "iphone-15-plus", points: (430, 932), scale: 3, pixels: (1290, 2796)),
    Case(name: "iphone-15-pro", points: (393, 852), scale: 3, pixels: (1179, 2556)),
    Case(name: "iphone-15-pro-max", points: (430, 932), scale: 3, pixels: (1290, 2796)),
    Case(name: "iphone-14", points: (390, 844), scale: 3, pixels: (1170, 2532)),
    Case(name: "iphone-14-plus", points: (428, 926), scale: 3, pixels: (1284, 2778)),
    Case(name: "iphone-14-pro", points: (393, 852), scale: 3, pixels: (1179, 2556)),
    Case(name: "iphone-14-pro-max", points: (430, 932), scale: 3, pixels: (1290, 2796)),
    Case(name: "iphone-13", points: (390, 844), scale: 3, pixels: (1170, 2532)),
    Case(name: "iphone-13-mini", points: (375, 812), scale: 3, pixels: (1125, 2436)),
    Case(name: "iphone-13-pro", points: (390, 844), scale: 3, pixels: (1170, 2532)),
    Case(name: "iphone-13-pro-max", points: (428, 926), scale: 3, pixels: (1284, 2778)),
    Case(name: "iphone-mini", points: (375, 812), scale: 3, pixels: (1125, 2436)),
    Case(name: "iphone-se", points: (375, 667), scale: 2, pixels: (750, 1334)),
    Case(name: "ipad", points: (820, 1180), scale: 2, pixels: (1640, 2360)),
    Case(name: "ipad-mini", points: (744, 1133), scale: 2, pixels: (1488, 2266)),
    Case(name: "ipad-air-11", points: (820, 1180), scale: 2, pixels: (1640, 2360)),
    Case(name: "ipad-air-13", points: (1024, 1366), scale: 2, pixels: (2048, 2732)),
    Case(name: "ipad-pro-11", points: (834, 1210), scale: 2, pixels: (1668, 2420)),
    Case(name: "ipad-pro-13", points: (1032, 1376), scale: 2, pixels: (2064, 2752)),
    Case(name: "ipad-pro-12-9", points: (1024, 1366), scale: 2, pixels: (2048, 2732)),
  ]

  @Test(arguments: cases) func presetMatchesTheDevice(_ device: Case) throws {
    let preset = try #require(DevicePreset.named(device.name))
    #expect(preset.size == Size(width: device.points.0, height: device.points.1))
    #expect(preset.scale == device.scale)
    #expect(preset.pixelSize == device.pixels)
    #expect(!preset.model.isEmpty)
  }

  @Test(arguments: cases) func aSceneTakesItsSizeAndScaleFromThePreset(_ device: Case) throws {
    let text = #"{"device": "\#(device.name)", "from": {}, "to": {}, "transition": {"type": "fade"}}"#
    let scene = try SceneDecoder.decode(Array(text.utf8), file: "device.json", defaultName: "device")
    #expect(scene.size == Size(width: device.points.0, height: device.points.1) && scene.scale == device.scale)
    #expect(scene.pixelWidth == device.pixels.0 && scene.pixelHeight == device.pixels.1)
  }

  @Test func everyPresetIsTestedAndNamedOnce() {
    let names = DevicePreset.all.map(\.name)
    #expect(Set(names).count == names.count)
    #expect(Set(names) == Set(Self.cases.map(\.name)))
  }

  @Test func anUnknownDeviceSuggestsTheClosestName() {
    let text = #"{"device": "iphone-16-pro-mx", "from": {}, "to": {}, "transition": {"type": "fade"}}"#
    #expect {
      try SceneDecoder.decode(Array(text.utf8), file: "device.json", defaultName: "device")
    } throws: { error in
      "\(error)".contains("did you mean 'iphone-16-pro-max'?")
    }
  }
}
