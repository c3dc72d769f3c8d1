import FoundationEssentials
import Glibc
import SegueGolden
import SeguePNG
import SegueRaster
import SegueRender

/// Reading and writing the PNG files of goldens, frames and reports.
enum GoldenFiles {
  /// Why an image file could not be used; `path` names it.
  struct LoadError: Error, CustomStringConvertible {
    let path: String
    let reason: String
    var description: String { "\(path): \(reason)" }
  }

  /// The start of a Git LFS pointer file.
  static let lfsPrefix = Array("version https://git-lfs.github.com/spec/".utf8)

  /// The decoded image at `path`; a Git LFS pointer is recognised and said so.
  static func load(_ path: String) throws(LoadError) -> RGBAImage {
    let bytes: [UInt8]
    do {
      bytes = try PNGDecoder.readFile(path)
    } catch {
      throw LoadError(path: path, reason: (error as? PNGError).map(reason) ?? "\(error)")
    }
    if bytes.starts(with: lfsPrefix) {
      throw LoadError(
        path: path,
        reason: "is a Git LFS pointer, not a PNG: the golden was not fetched (run 'git lfs pull')")
    }
    do {
      let decoded = try PNGDecoder.decodeNative(bytes, path: path)
      return RGBAImage(width: decoded.width, height: decoded.height, bytes: decoded.bytes, channels: decoded.channels)
    } catch {
      throw LoadError(path: path, reason: (error as? PNGError).map(reason) ?? "\(error)")
    }
  }

  /// The reason part of a PNGError (its description without the leading path).
  static func reason(_ error: PNGError) -> String {
    switch error {
    case .unreadable(_, let reason): return "cannot read file: \(reason)"
    case .notPNG: return "not a PNG file"
    case .tooLarge(_, let width, let height): return "image is \(width)x\(height) pixels, larger than the limit"
    case .corrupt(_, let message): return "corrupt PNG: \(message)"
    case .encodingFailed(let message): return "cannot encode PNG: \(message)"
    }
  }

  /// Writes `image` as a PNG at `path`, creating its folder, through a temporary file.
  static func write(_ image: RGBAImage, to path: String, compression: PNGEncoder.Compression = .fast) throws(WriteError) {
    guard let pixmap = Pixmap(width: image.width, height: image.height, straightRGBA: image.rgba().bytes) else {
      throw WriteError(path: path, reason: "image size out of range")
    }
    let bytes: [UInt8]
    do {
      bytes = try PNGEncoder(compression: compression).encode(pixmap)
    } catch {
      throw WriteError(path: path, reason: "\(error)")
    }
    try writeBytes(bytes, to: path)
  }

  /// A rendered frame as an image: RGB when opaque (as its PNG stores it), RGBA otherwise.
  static func image(of pixmap: Pixmap) -> RGBAImage {
    pixmap.isOpaque
      ? RGBAImage(width: pixmap.width, height: pixmap.height, bytes: pixmap.rgbBytes(), channels: 3)
      : RGBAImage(width: pixmap.width, height: pixmap.height, bytes: pixmap.straightRGBA())
  }

  /// Writes bytes at `path`, creating its folder, through a temporary file.
  static func writeBytes(_ bytes: [UInt8], to path: String) throws(WriteError) {
    let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? ""
    if !folder.isEmpty {
      var isDirectory = false
      if FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) {
        guard isDirectory else { throw WriteError(path: folder, reason: "exists and is not a folder") }
      } else {
        do {
          try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
          throw WriteError(path: folder, reason: "cannot create folder")
        }
      }
    }
    let temporary = path + ".partial-\(ProcessInfo.processInfo.processIdentifier)"
    guard FileManager.default.createFile(atPath: temporary, contents: Data(bytes)) else {
      throw WriteError(path: path, reason: String(cString: strerror(errno)))
    }
    guard rename(temporary, path) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(temporary)
      throw WriteError(path: path, reason: reason)
    }
  }

  /// Frame files (`frame_NNNN.png`) in `folder` by index; empty when there is no folder.
  static func frameFiles(in folder: String) -> [Int: String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var result: [Int: String] = [:]
    for name in names where FrameWriter.isFrameFileName(name) {
      if let index = Int(name.dropFirst(6).dropLast(4)) { result[index] = name }
    }
    return result
  }

  /// True when the environment says this is a CI run (`CI` set, and not "false" or "0").
  static var isCI: Bool {
    guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
    return !value.isEmpty && value.lowercased() != "false" && value != "0"
  }
}
