#if canImport(UIKit)
  import Foundation

  /// What `TransitionRecorder.record` read: a custom scene (its JSON and the pictures it draws)
  /// that Segue renders, previews and checks as any other scene.
  public struct TransitionRecording: Sendable {
    /// The scene's name: its file is `NAME.json`, its pictures in `NAME-pictures/`.
    public let name: String
    /// The scene, as its file holds it.
    public let scene: SceneValue
    /// The pictures the scene's layers draw, by their paths relative to the scene's folder.
    public let pictures: [String: Data]
    /// With `strict: false`: what the animator did that the scene does not hold.
    public let leftOut: [RecordingRefusal]
    /// What the recorder could not read here, which is not the animator's doing (a picture on a
    /// platform where UIKit draws none).
    public let notes: [String]

    /// The scene's JSON text.
    public var sceneText: String { scene.text }

    /// Writes `NAME.json` into `folder` (made if missing) and the pictures beside it, replacing
    /// an earlier recording of the same name; returns the scene file's URL.
    @discardableResult
    public func write(to folder: URL) throws -> URL {
      let files = FileManager.default
      try files.createDirectory(at: folder, withIntermediateDirectories: true)
      let pictureFolder = folder.appendingPathComponent("\(name)-pictures")
      if files.fileExists(atPath: pictureFolder.path) { try files.removeItem(at: pictureFolder) }
      for (path, png) in pictures.sorted(by: { $0.key < $1.key }) {
        let url = folder.appendingPathComponent(path)
        try files.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try png.write(to: url, options: .atomic)
      }
      let sceneFile = folder.appendingPathComponent("\(name).json")
      try Data(sceneText.utf8).write(to: sceneFile, options: .atomic)
      return sceneFile
    }
  }
#endif
