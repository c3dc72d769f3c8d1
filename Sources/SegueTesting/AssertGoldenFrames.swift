import SegueKit

#if canImport(Testing)
  import Testing
#endif
#if canImport(XCTest)
  import XCTest
#endif

/// Fails the current test when `scene`'s frames differ from its goldens, in the spirit of
/// swift-snapshot-testing's `assertSnapshot`: `segue check`'s policy and tolerances
/// (`GoldenFrames`), missing goldens recorded (never under CI, where they fail), and a failure
/// message that names the frames and where their pictures were written.
///
/// ```swift
/// @Test func cardExpands() throws {
///   let scene = try TransitionScene.load("scenes/custom-card-expand.json", scale: 1)
///   assertGoldenFrames(of: scene, in: GoldenFrames(golden: "Tests/Goldens", frames: "0,25%,50%,75%,last"))
/// }
/// ```
///
/// From Swift Testing the failure is an issue of the running test; from XCTest, an
/// `XCTFail`; both at the caller's line.
public func assertGoldenFrames(
  of scene: TransitionScene, in goldens: GoldenFrames, fileID: String = #fileID, filePath: StaticString = #filePath,
  line: UInt = #line, column: UInt = #column
) {
  guard let failure = goldens.check(scene) else { return }
  report(failure, fileID: fileID, filePath: filePath, line: line, column: column)
}

/// The same for the scene file at `path`, loaded at `scale` and `fps` (nil: the file's); a
/// scene that cannot be loaded fails the test with its errors.
public func assertGoldenFrames(
  ofSceneAt path: String, scale: Double? = nil, fps: Int? = nil, in goldens: GoldenFrames,
  fileID: String = #fileID, filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
) {
  do {
    let scene = try TransitionScene.load(path, scale: scale, fps: fps)
    assertGoldenFrames(of: scene, in: goldens, fileID: fileID, filePath: filePath, line: line, column: column)
  } catch {
    report("\(error)", fileID: fileID, filePath: filePath, line: line, column: column)
  }
}

/// Records `message` as a failure of whichever test framework is running the caller.
func report(_ message: String, fileID: String, filePath: StaticString, line: UInt, column: UInt) {
  #if canImport(Testing)
    if Test.current != nil {
      Issue.record(
        Comment(rawValue: message),
        sourceLocation: SourceLocation(
          fileID: fileID, filePath: "\(filePath)", line: Int(line), column: Int(column)))
      return
    }
  #endif
  #if canImport(XCTest)
    XCTFail(message, file: filePath, line: line)
  #else
    fatalError(message)
  #endif
}
