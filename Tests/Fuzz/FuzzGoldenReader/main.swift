import SegueGolden

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A libFuzzer target: any bytes as a golden or as a file `compare` reads, through the reader
/// both use (an LFS pointer, then the 16-bit or the 8-bit decoder by the header's bit depth).
/// Each must end in an image or a `LoadError`, never a crash or a trap.
/// The input callback libFuzzer calls (by this name when its own `main` runs).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzGoldenReader(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  do {
    let image = try GoldenStore.decode(bytes, path: "fuzz.png")
    // What a comparison reads of it: every pixel, at 8 and 16 bits.
    _ = image.rgba()
    _ = image.wideRGBA()
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
exit(runFuzzerDriver(&argc, &argv) { data, count in fuzzGoldenReader(data, count) })
