import SegueFiles
import SeguePNG
import SegueRaster

#if canImport(FoundationEssentials)
  import FoundationEssentials
#else
  import Foundation
#endif
#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reading and writing the PNG files of goldens, frames and reports.
public enum GoldenStore {
  /// Why an image file could not be used; `path` names it.
  public struct LoadError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    /// The file is a Git LFS pointer: not fetched, never to be overwritten.
    public var isLFSPointer = false
    public var description: String { "\(path): \(reason)" }
  }

  /// The start of a Git LFS pointer file.
  public static let lfsPrefix = Array("version https://git-lfs.github.com/spec/".utf8)

  /// The decoded image at `path`; a Git LFS pointer is recognised and said so.
  public static func load(_ path: String) throws(LoadError) -> RGBAImage {
    let bytes: [UInt8]
    do {
      bytes = try FileReader.read(path, limit: FileReader.imageLimit, what: "a PNG")
    } catch {
      throw LoadError(path: path, reason: error.reason)
    }
    return try decode(bytes, path: path)
  }

  /// The image in a golden's or frame's bytes (8- or 16-bit, as stored); `path` names the file
  /// in errors. What `load` and `compare` read files with, and what the fuzz target feeds.
  public static func decode(_ bytes: [UInt8], path: String) throws(LoadError) -> RGBAImage {
    if isLFSPointer(bytes) {
      throw LoadError(
        path: path, reason: "is a Git LFS pointer, not a PNG: the golden was not fetched (run 'git lfs pull')",
        isLFSPointer: true)
    }
    do {
      if try PNGDecoder.bitDepth(of: bytes, path: path) == 16 {
        let decoded = try PNGDecoder.decodeRGBA16(bytes, path: path)
        return RGBAImage(width: decoded.width, height: decoded.height, wide: decoded.samples)
      }
      let decoded = try PNGDecoder.decodeNative(bytes, path: path)
      return RGBAImage(width: decoded.width, height: decoded.height, bytes: decoded.bytes, channels: decoded.channels)
    } catch {
      throw LoadError(path: path, reason: (error as? PNGError).map(reason) ?? "\(error)")
    }
  }

  /// True when `bytes` are a Git LFS pointer file rather than the file it stands for.
  public static func isLFSPointer(_ bytes: [UInt8]) -> Bool { bytes.starts(with: lfsPrefix) }

  /// The reason part of a PNGError (its description without the leading path).
  public static func reason(_ error: PNGError) -> String {
    switch error {
    case .notPNG: return "not a PNG file"
    case .tooLarge(_, let width, let height): return "image is \(width)x\(height) pixels, larger than the limit"
    case .corrupt(_, let message): return "corrupt PNG: \(message)"
    case .encodingFailed(let message): return "cannot encode PNG: \(message)"
    }
  }

  /// Writes `image` as a PNG at `path`, creating its folder, through one atomic file.
  public static func write(_ image: RGBAImage, to path: String, compression: PNGEncoder.Compression = .fast)
    throws(WriteError)
  {
    try AtomicFile.write(encode(image, compression: compression, path: path), to: path)
  }

  /// The PNG file of `image`; `path` names it in an error.
  public static func encode(_ image: RGBAImage, compression: PNGEncoder.Compression = .fast, path: String)
    throws(WriteError) -> [UInt8]
  {
    guard let pixmap = Pixmap(width: image.width, height: image.height, straightRGBA: image.rgba().bytes) else {
      throw WriteError(path: path, reason: "the image size is out of range")
    }
    do {
      return try PNGEncoder(compression: compression).encode(pixmap)
    } catch {
      throw WriteError(path: path, reason: "\(error)")
    }
  }

  /// A rendered frame as an image: RGB when opaque (as its PNG stores it), RGBA otherwise.
  /// A frame given as rows, as an image: RGB when opaque (as its PNG stores it), RGBA
  /// otherwise. Rows are read where they are, as the PNG encoder reads them.
  public static func image(of frame: RowImage) -> RGBAImage {
    let width = frame.width
    let channels = frame.isOpaque ? 3 : 4
    var bytes = [UInt8](repeating: 0, count: width * frame.height * channels)
    bytes.withUnsafeMutableBufferPointer { out in
      for y in 0..<frame.height {
        frame.withRow(y) { row in
          for x in 0..<width {
            let pixel = PremultipliedRGBA8(packed: row[x])
            let base = (y * width + x) * channels
            if channels == 3 {
              out[base] = pixel.r
              out[base + 1] = pixel.g
              out[base + 2] = pixel.b
            } else {
              let straight = pixel.straight
              out[base] = straight.r
              out[base + 1] = straight.g
              out[base + 2] = straight.b
              out[base + 3] = straight.a
            }
          }
        }
      }
    }
    return RGBAImage(width: width, height: frame.height, bytes: bytes, channels: channels)
  }

  public static func image(of pixmap: Pixmap) -> RGBAImage {
    pixmap.isOpaque
      ? RGBAImage(width: pixmap.width, height: pixmap.height, bytes: pixmap.rgbBytes(), channels: 3)
      : RGBAImage(width: pixmap.width, height: pixmap.height, bytes: pixmap.straightRGBA())
  }

  /// Writes bytes at `path`, creating its folder, through one atomic file.
  public static func writeBytes(_ bytes: [UInt8], to path: String) throws(WriteError) {
    try AtomicFile.write(bytes, to: path)
  }

  /// The goldens in a folder: regular files named like frames.
  public struct FrameFiles: Sendable, Equatable {
    /// Goldens by frame index, each under the name Segue gives that frame.
    public var frames: [Int: String] = [:]
    /// Files named like frames that are no frame's name: a number past
    /// `FrameFolderNames.maxIndex` (`frame_9223372036854775807.png`) or spelt otherwise
    /// (`frame_00007.png` beside `frame_0007.png`); sorted. File names are untrusted input.
    public var foreign: [String] = []

    public init(frames: [Int: String] = [:], foreign: [String] = []) {
      self.frames = frames
      self.foreign = foreign
    }
  }

  /// The goldens in `folder`; empty when there is no folder.
  public static func frameFiles(in folder: String) -> FrameFiles {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
    var result = FrameFiles()
    for name in names.sorted() where FrameFolder.isFrameName(name) && FileKind.at(folder + "/" + name).isRegular {
      if let index = FrameFolderNames.index(of: name) {
        result.frames[index] = name
      } else {
        result.foreign.append(name)
      }
    }
    return result
  }

  /// True when the environment says this is a CI run (`CI` set, and not "false" or "0").
  public static var isCI: Bool {
    guard let value = ProcessInfo.processInfo.environment["CI"] else { return false }
    return !value.isEmpty && value.lowercased() != "false" && value != "0"
  }
}
