import SegueGeometry
import SegueRaster

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A libFuzzer target: any bytes as SVG path data (a mask's `path`). Reading it must end in a
/// path or a `SyntaxError`, never a crash or a trap; a path that is read has only finite points
/// (arcs of any radii, rotation and flags included), and one within the scene's coordinate
/// limit flattens into finite contours, as a mask is drawn.
/// The input callback libFuzzer calls (by this name when its own `main` runs).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSVGPath(_ data: UnsafePointer<UInt8>?, _ count: Int) -> Int32 {
  let text = String(decoding: UnsafeBufferPointer(start: data, count: count), as: UTF8.self)
  guard let path = try? SVGPath(parsing: text) else { return 0 }
  let points = path.segments.flatMap(\.points)
  precondition(points.allSatisfy { $0.x.isFinite && $0.y.isFinite }, "a point that is not finite in \(path.segments)")
  // The scene decoder refuses points beyond ±1,000,000; what it accepts is drawn. A coarse
  // flatness keeps each input fast.
  guard points.allSatisfy({ abs($0.x) <= 1_000_000 && abs($0.y) <= 1_000_000 }) else { return 0 }
  let outline = Path.svg(path, flatness: 1)
  precondition(outline.contours.joined().allSatisfy { $0.x.isFinite && $0.y.isFinite })
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
exit(runFuzzerDriver(&argc, &argv) { data, count in fuzzSVGPath(data, count) })
