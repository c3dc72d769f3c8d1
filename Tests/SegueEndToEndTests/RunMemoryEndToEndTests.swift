import Foundation
import Testing

/// A scene's runs (devices times variants) are checked and drawn one at a time: what `validate`,
/// `render`, `batch` and `check` hold does not grow with the number of runs.
struct RunMemoryEndToEndTests {
  /// A 40 x 30 push with `layers` layers of `from`, on `devices` sizes, with `variants` variants
  /// each recolouring one layer: (variants + 1) x devices runs.
  static func scene(devices: Int, variants: Int, layers: Int) throws -> String {
    let root: [String: Any] = [
      "name": "runs",
      "devices": (0..<devices).map { [40 + $0, 30] },
      "variants": (0..<variants).map { ["name": "v\($0)", "set": ["from.l\($0).color": "#00FF00"]] },
      "scale": 1, "fps": 10,
      "from": [
        "layers": (0..<layers).map { ["id": "l\($0)", "rect": [$0 % 40, $0 / 40 % 30, 1, 1], "color": "#FF0000"] }
      ],
      "to": ["background": "#0000FF"],
      "transition": ["type": "push", "duration": 0.1],
    ]
    return String(decoding: try JSONSerialization.data(withJSONObject: root), as: UTF8.self)
  }

  /// 6 runs against 156 of 800 layers each. Held together, each checked run costs about 0.4 MiB
  /// (its plan and timeline of 800 layers): 150 more would add about 60 MiB.
  @Test func runsAreHeldOneAtATime() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let few = try folder.write("few.json", Self.scene(devices: 2, variants: 2, layers: 800))
    let many = try folder.write("many.json", Self.scene(devices: 12, variants: 12, layers: 800))
    // A check's first run records every golden, and fails (exit 1) saying so.
    let commands: [(arguments: [String], status: Int32)] = [
      (["validate"], 0), (["render", "--frames", "0", "--quiet", "-o"], 0), (["batch", "--quiet", "-o"], 0),
      (["check", "--quiet", "--golden"], 1),
    ]
    for (command, expected) in commands {
      var peaks: [Int] = []
      for (name, file) in [("few", few), ("many", many)] {
        let output = command.count > 1 ? [folder.path + "/\(command[0])-\(name)"] : []
        let (status, kilobytes) = SegueProcess.peakMemory([command[0], file] + command.dropFirst() + output)
        #expect(status == expected, "\(command[0]) \(name)")
        peaks.append(kilobytes)
      }
      #expect(peaks[1] - peaks[0] < 24 * 1024, "\(command[0]): 6 runs \(peaks[0]) KiB, 156 runs \(peaks[1]) KiB")
    }
    // Every run was drawn.
    #expect(folder.files(in: "render-many").count == 156)
    #expect(folder.files(in: "batch-many/runs").count == 156)
    #expect(folder.files(in: "check-many/runs").count == 156)
  }
}
