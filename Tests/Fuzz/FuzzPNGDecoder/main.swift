import SeguePNG

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A libFuzzer target: any bytes as a PNG file, through the header readers and every decoder
/// entry. Each must end in pixels or a `PNGError`; libpng's longjmp must never reach Swift.
/// The input callback libFuzzer calls (by this name when its own `main` runs).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDecoder(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let bytes = Array(UnsafeBufferPointer(start: data, count: count))
  _ = try? PNGHeader(bytes, path: "fuzz.png")
  _ = try? PNGDecoder.checkedSize(of: bytes, path: "fuzz.png")
  _ = try? PNGDecoder.bitDepth(of: bytes, path: "fuzz.png")
  _ = try? PNGDecoder.decode(bytes, path: "fuzz.png")
  _ = try? PNGDecoder.decodeNative(bytes, path: "fuzz.png")
  _ = try? PNGDecoder.decodeRGBA16(bytes, path: "fuzz.png")
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
exit(runFuzzerDriver(&argc, &argv) { data, count in fuzzPNGDecoder(data, count) })
