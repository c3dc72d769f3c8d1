import Foundation
import SeguePNG
import SegueRaster

/// Runs the built `segue` binary (the release build `make test` names in SEGUE_BIN, else the
/// package's own build) and captures its exit code, stdout and stderr.
struct SegueProcess {
  struct Result {
    let status: Int32
    let stdout: String
    let stderr: String
  }

  static let binary: String = {
    if let path = ProcessInfo.processInfo.environment["SEGUE_BIN"], !path.isEmpty { return path }
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent()
    // Without SEGUE_BIN (`swift test` run by hand), the most recently built binary.
    let candidates = ["release", "debug"].map { root.appendingPathComponent(".build/\($0)/segue").path }
      .filter { FileManager.default.isExecutableFile(atPath: $0) }
    func modified(_ path: String) -> Date {
      ((try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date) ?? .distantPast
    }
    return candidates.max { modified($0) < modified($1) } ?? "segue"
  }()

  /// Runs segue; `environment` sets (or, with nil, removes) variables. `CI` is removed unless
  /// given, so tests see the same behaviour inside and outside CI.
  static func run(_ arguments: [String], in directory: String? = nil, environment: [String: String?] = [:]) throws -> Result {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: binary)
    process.arguments = arguments
    var variables = ProcessInfo.processInfo.environment
    variables["CI"] = nil
    for (key, value) in environment { variables[key] = value }
    process.environment = variables
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    let out = Pipe()
    let err = Pipe()
    process.standardOutput = out
    process.standardError = err
    try process.run()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
      stderr: String(decoding: errData, as: UTF8.self))
  }
}

/// A fresh temporary folder, removed by `remove()`.
struct TemporaryFolder {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("segue-test-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  func write(_ name: String, _ text: String) throws -> String {
    let file = path + "/" + name
    try FileManager.default.createDirectory(
      atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try Data(text.utf8).write(to: URL(fileURLWithPath: file))
    return file
  }

  func files(in folder: String) -> [String] {
    ((try? FileManager.default.contentsOfDirectory(atPath: path + "/" + folder)) ?? []).sorted()
  }

  func remove() {
    try? FileManager.default.removeItem(atPath: path)
  }
}

/// The PNG file at `path`, decoded.
func decodePNGFile(_ path: String) throws -> Pixmap {
  guard let data = FileManager.default.contents(atPath: path) else {
    throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: path])
  }
  return try PNGDecoder.decode([UInt8](data), path: path)
}
