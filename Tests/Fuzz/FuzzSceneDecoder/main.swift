import SegueKit
import SegueScene

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A libFuzzer target: any bytes as a scene file. Decoding it, planning the transition and
/// laying out its timeline (what `validate` does, images aside) must end in a scene or a
/// `SceneError`, never a crash, a trap or a hang.
/// The input callback libFuzzer calls (by this name when its own `main` runs).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSceneDecoder(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  do {
    let scene = try SceneDecoder.decode(bytes, file: "fuzz.json", defaultName: "fuzz")
    _ = try LoadedScene(scene: scene, file: "fuzz.json")
  } catch {
    _ = error.description
  }
  return 0
}

/// libFuzzer's driver, when a program has its own `main` (SwiftPM gives every executable one).
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(
  _ argc: UnsafeMutablePointer<Int32>,
  _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
  _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
) -> Int32

var argc = CommandLine.argc
var argv = CommandLine.unsafeArgv
exit(runFuzzerDriver(&argc, &argv) { data, count in fuzzSceneDecoder(data, count) })
