#if canImport(UIKit)
  import Foundation

  /// Why `assertTransition` failed: what differs (or that it recorded), and the commands that
  /// show it in frames. Thrown, so XCTest (`func test() throws`) and Swift Testing (`@Test func
  /// f() throws`) both fail the test with this message, and the recorder needs neither.
  public struct TransitionMismatch: Error, CustomStringConvertible, Sendable {
    public let message: String
    public var description: String { message }
  }

  /// Checks that an animator still draws what a scene in the repository says, in the spirit of
  /// swift-snapshot-testing's `assertSnapshot`:
  ///
  ///     @MainActor func testCardPush() throws {
  ///       try assertTransition(
  ///         try TransitionRecorder.record(CardPushAnimator(), operation: .push, from: list, to: detail,
  ///                                       container: CGSize(width: 390, height: 844)),
  ///         matches: "Scenes/card-push.json")
  ///     }
  ///
  /// The recording is compared with the scene by what it draws, not by its text: the timeline
  /// (each target's properties at each time, values within 1e-6), the screens, overlays, stack
  /// and end state. On a difference it writes the recording beside the scene (`NAME-recorded.json`)
  /// and throws a `TransitionMismatch` naming the first difference and the `segue` commands that
  /// show both in frames. With `record: true`, or when there is no scene yet, it writes the
  /// recording as the scene and throws, so a recording run never passes unnoticed.
  ///
  /// - Parameters:
  ///   - scene: the scene file; a relative path is taken from the folder of `filePath` (the test
  ///     file's).
  @MainActor
  public func assertTransition(
    _ recording: @autoclosure () throws -> TransitionRecording, matches scene: String, record: Bool = false,
    filePath: StaticString = #filePath
  ) throws {
    let recorded = try recording()
    let file =
      scene.hasPrefix("/")
      ? URL(fileURLWithPath: scene)
      : URL(fileURLWithPath: "\(filePath)").deletingLastPathComponent().appendingPathComponent(scene)
    let folder = file.deletingLastPathComponent()
    let name = file.deletingPathExtension().lastPathComponent
    let expectedData = FileManager.default.contents(atPath: file.path)
    if record || expectedData == nil {
      try recorded.renamed(name).write(to: folder)
      throw TransitionMismatch(
        message: record
          ? "recorded (record: true) as \(file.path); check it in, and assert without record: true"
          : "no scene at \(file.path): recorded it there; check it in, and the next run compares with it")
    }
    guard let data = expectedData, let json = try? JSONSerialization.jsonObject(with: data),
      let expected = SceneValue(json: json)
    else {
      throw TransitionMismatch(message: "\(file.path) is not a scene's JSON")
    }
    guard
      let difference = SceneTimeline.difference(
        SceneTimeline(recorded.scene), SceneTimeline(expected), expectedName: file.lastPathComponent)
    else { return }
    let written = try recorded.renamed(name + "-recorded").write(to: folder)
    let out = "out/" + name
    throw TransitionMismatch(
      message: """
        the animator no longer draws \(file.lastPathComponent): \(difference)
        the recording is in \(written.path); to see both in frames:
          segue render \(file.path) -o \(out)/expected && segue render \(written.path) -o \(out)/recorded && segue compare \(out)/expected \(out)/recorded --diff \(out)/diff
        (assert with record: true to take the recording as the scene)
        """)
  }

  extension TransitionRecording {
    /// The same recording under another name: its file, its pictures' folder and the scene's
    /// `name`, with the pictures' paths in the scene, follow.
    func renamed(_ newName: String) -> TransitionRecording {
      let old = name + "-pictures/"
      let new = newName + "-pictures/"
      func rename(_ value: SceneValue) -> SceneValue {
        switch value {
        case .string(let text) where text.hasPrefix(old): return .string(new + text.dropFirst(old.count))
        case .array(let items): return .array(items.map(rename))
        case .object(let pairs): return .object(pairs.map { ($0.key, rename($0.value)) })
        default: return value
        }
      }
      var scene = scene
      if case .object(let pairs) = scene {
        scene = .object(pairs.map { ($0.key, $0.key == "name" ? .string(newName) : rename($0.value)) })
      }
      return TransitionRecording(
        name: newName, scene: scene,
        pictures: Dictionary(
          uniqueKeysWithValues: pictures.map {
            ($0.key.hasPrefix(old) ? new + $0.key.dropFirst(old.count) : $0.key, $0.value)
          }),
        leftOut: leftOut, notes: notes)
    }
  }
#endif
