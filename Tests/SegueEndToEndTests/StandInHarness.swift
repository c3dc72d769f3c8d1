import Foundation
import Testing

/// Compiles generated animators against Tests/UIKitStandIn (a module named UIKit that declares
/// the iOS API the animators use and plays Core Animation's animations on a virtual clock), with
/// a driver that runs them in fake transition contexts, and returns what the driver printed.
enum StandInHarness {
  /// Tests/UIKitStandIn, beside this file's folder.
  static let standIn: String = {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("UIKitStandIn").path
  }()

  /// Whole-module builds: half the processor time of the default batch mode for these modules
  /// (the stand-in 6 s of a core against 11, the 58 scenes' animators and driver 16 s against 26).
  static let wholeModule = ["-wmo", "-num-threads", "2"]

  /// The Swift compiler of the toolchain on PATH.
  static func swiftc(_ arguments: [String], in folder: String) throws -> SegueProcess.Result {
    try SegueProcess.start(["swiftc"] + arguments, in: folder, program: "/usr/bin/env").wait()
  }

  /// The stand-in, built once for the whole test process (a build takes about 10 s of a core,
  /// and half a dozen tests compile against it): the flags a client compiles with, or nil when
  /// the build failed (recorded as an issue by the test that built it).
  static let shared: [String]? = {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "segue-standin-\(ProcessInfo.processInfo.processIdentifier)"
    ).path
    try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    // Removed when the test process ends.
    atexit {
      let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "segue-standin-\(ProcessInfo.processInfo.processIdentifier)"
      ).path
      try? FileManager.default.removeItem(atPath: folder)
    }
    return try? buildStandIn(into: folder)
  }()

  /// The stand-in built into `folder`: the flags a client compiles with.
  static func buildStandIn(into folder: String) throws -> [String] {
    let sources = try FileManager.default.contentsOfDirectory(atPath: standIn + "/UIKit")
      .filter { $0.hasSuffix(".swift") }.sorted().map { standIn + "/UIKit/" + $0 }
    let result = try swiftc(
      wholeModule + [
        "-swift-version", "6", "-parse-as-library", "-module-name", "UIKit", "-emit-module", "-emit-module-path",
        folder + "/UIKit.swiftmodule", "-emit-library", "-static", "-o", folder + "/libUIKit.a",
      ] + sources, in: folder)
    #expect(result.status == 0, "the UIKit stand-in does not compile:\n\(result.stderr)")
    // SEGUE_UIKIT_STAND_IN: the recorder's sources take their iOS drawing path, which the
    // stand-in answers (snapshots drawn through Segue).
    return ["-I", folder, "-L", folder, "-lUIKit", "-D", "SEGUE_UIKIT_STAND_IN"]
  }

  /// Compiles `files` against the stand-in as `run` does, `-O` when `optimized` (where an
  /// `assertionFailure` does not stop the program, as in an app's release build), and runs the
  /// program when it compiled; records nothing, so a test can expect a failure.
  static func build(_ files: [String: String], in folder: String, optimized: Bool = false) throws -> (
    compiled: SegueProcess.Result, ran: SegueProcess.Result?
  ) {
    guard let flags = shared else { return (SegueProcess.Result(status: -1, stdout: "", stderr: "no stand-in"), nil) }
    var paths: [String] = []
    for (name, text) in files.sorted(by: { $0.key < $1.key }) {
      let path = folder + "/" + name
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    let compiled = try swiftc(
      wholeModule + ["-swift-version", "6", "-parse-as-library", "-warnings-as-errors", "-o", folder + "/program"]
        + (optimized ? ["-O"] : []) + flags + paths, in: folder)
    guard compiled.status == 0 else { return (compiled, nil) }
    return (compiled, try SegueProcess.start([], in: folder, program: folder + "/program").wait())
  }

  /// Compiles `files` (Swift sources, the driver with `@main` among them) against the stand-in,
  /// any warning an error, and runs the program: its standard output, or nil (and a recorded issue) when it fails.
  static func run(_ files: [String: String], in folder: String) throws -> String? {
    guard let flags = shared else {
      Issue.record("the UIKit stand-in could not be built")
      return nil
    }
    var paths: [String] = []
    for (name, text) in files.sorted(by: { $0.key < $1.key }) {
      let path = folder + "/" + name
      try text.write(toFile: path, atomically: true, encoding: .utf8)
      paths.append(path)
    }
    // The animators go into the app's build as they are: a warning in them would be one there.
    let compiled = try swiftc(
      wholeModule + ["-swift-version", "6", "-parse-as-library", "-warnings-as-errors", "-o", folder + "/driver"]
        + flags + paths, in: folder)
    guard compiled.status == 0 else {
      Issue.record("the generated animators do not compile against the stand-in:\n\(compiled.stderr)")
      return nil
    }
    // The stand-in draws snapshots by running Segue (SEGUE_BIN).
    let ran = try SegueProcess.start(
      [], in: folder, environment: ["SEGUE_BIN": SegueProcess.binary], program: folder + "/driver"
    ).wait()
    guard ran.status == 0 else {
      Issue.record("the driver failed (\(ran.status)):\n\(ran.stderr)")
      return nil
    }
    return ran.stdout
  }
}
