import Foundation
import Testing

/// A frame's memory does not grow with its layers: a turned full-screen layer's coverage mask is
/// made when the layer is drawn and dropped after, so hundreds of them cost what a few do.
struct FrameMemoryEndToEndTests {
  /// `count` full-screen layers of a 390 x 844 scene at scale 3, each turned by its own angle
  /// (none upright, so each is drawn through a coverage mask of about the frame's size), and a
  /// 3D group of as many faces, each turned about y.
  static func scene(_ count: Int) throws -> String {
    let layers = (0..<count).map { index -> [String: Any] in
      [
        "id": "r\(index)", "rect": [0, 0, 390, 844],
        "color": String(format: "#%02X%02X80", index % 256, index * 7 % 256),
      ]
    }
    let faces = (0..<count).map { index -> [String: Any] in
      ["id": "f\(index)", "rect": [0, 0, 390, 844], "color": String(format: "#%02X4080", index % 256)]
    }
    var animations: [[String: Any]] = (0..<count).map { (index: Int) -> [String: Any] in
      let rotation: Double = 10 + Double(index) / 10
      return ["target": "from.r\(index)", "to": ["rotation": rotation]]
    }
    animations += (0..<count).map { (index: Int) -> [String: Any] in
      let degrees = Double(index * 37 % 60 - 30)
      return ["target": "from.f\(index)", "to": ["rotationY": degrees]]
    }
    let cube: [String: Any] = ["id": "cube", "rect": [0, 0, 390, 844], "preserves3D": true, "layers": faces]
    let root: [String: Any] = [
      "name": "memory-\(count)", "size": [390, 844], "scale": 3, "fps": 4,
      "from": [
        "layers": [cube] + layers
      ],
      "to": [String: Any](),
      "transition": ["type": "custom", "duration": 0.5, "stack": ["from"], "animations": animations],
    ]
    return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
  }

  @Test func aFramesPeakMemoryDoesNotGrowWithItsLayers() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    var peaks: [Int: Int] = [:]
    for count in [10, 300] {
      let file = try folder.write("memory-\(count).json", Self.scene(count))
      let (status, kilobytes) = SegueProcess.peakMemory(
        ["render", file, "-o", folder.path + "/out-\(count)", "--frames", "1", "--jobs", "1"])
      #expect(status == 0)
      peaks[count] = kilobytes
    }
    // One 1170 x 2532 frame buffer is 11.6 MiB; each mask held at once would add about 3 MiB.
    let frame = 1170 * 2532 * 4 / 1024
    let growth = (peaks[300] ?? 0) - (peaks[10] ?? 0)
    #expect(growth < 2 * frame, "10 layers: \(peaks[10] ?? 0) KiB, 300: \(peaks[300] ?? 0) KiB")
  }
}
