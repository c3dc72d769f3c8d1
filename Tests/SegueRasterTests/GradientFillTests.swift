import Foundation
import SegueGeometry
import Testing

@testable import SegueRaster

/// `fillGradient` works four columns at a time, channel by channel; every pixel must still be
/// what its definition gives on its own: the point under the pixel centre through the inverse
/// map, the gradient's colour there, each channel floor(v + d) with the pixel's Bayer threshold
/// d, no channel above alpha, times coverage and opacity, source-over what was there.
struct GradientFillTests {
  /// The definition, pixel by pixel, in the most direct form (a floor call, no lanes).
  func reference(
    _ shader: GradientShader, inverse: Homography, mask: CoverageMask, opacity: Double, over background: Pixmap
  ) -> Pixmap {
    var pixmap = background
    let alpha = UInt32((opacity * 255).rounded())
    for y in 0..<pixmap.height {
      for x in 0..<pixmap.width {
        let c = divide255(UInt32(mask.coverage(x: x, y: y)) * alpha)
        let (cx, cy) = (Double(x) + 0.5, Double(y) + 0.5)
        guard c > 0, inverse.w(cx, cy) != 0 else { continue }
        let point = inverse.apply(cx, cy)
        guard point.x.isFinite, point.y.isFinite else { continue }
        let color = shader.color(at: shader.parameter(at: point))
        let d = (Double(Pixmap.bayer8[(y % 8) * 8 + x % 8]) + 0.5) / 64
        func level(_ v: Double) -> UInt32 {
          let q = (v + d).rounded(.down)
          return q.isNaN ? 0 : UInt32(min(255, max(0, q)))
        }
        let a = level(color.w)
        let source = min(a, level(color.x)) | min(a, level(color.y)) << 8 | min(a, level(color.z)) << 16 | a << 24
        pixmap.pixels[y * pixmap.width + x] = sourceOver(
          scalePixel(source, by: c), pixmap.pixels[y * pixmap.width + x])
      }
    }
    return pixmap
  }

  /// A mask from column `left` on, of pseudo-random coverage: zeros, full and partial.
  func mask(left: Int, width: Int, height: Int, seed: UInt32) -> CoverageMask {
    var state = seed
    let values = (0..<(width * height)).map { _ -> UInt8 in
      state = state &* 1_664_525 &+ 1_013_904_223
      let r = state >> 24
      return r < 50 ? 0 : r < 130 ? 255 : UInt8(r)
    }
    return CoverageMask(x: left, y: 0, width: width, height: height, values: values)
  }

  func background(width: Int, height: Int) -> Pixmap {
    var pixmap = Pixmap(width: width, height: height)!
    for i in pixmap.pixels.indices {
      let a = UInt32(i * 37 % 256)
      pixmap.pixels[i] = (a * 3 / 4) | (a / 2) << 8 | (a / 5) << 16 | a << 24
    }
    return pixmap
  }

  static let red = RGBA8(r: 255, g: 55, b: 95)
  static let orange = RGBA8(r: 255, g: 159, b: 10)
  static let clearBlue = RGBA8(r: 10, g: 132, b: 255, a: 0)
  static let halfGreen = RGBA8(r: 48, g: 209, b: 88, a: 128)

  static let shaders: [GradientShader] = [
    // Two opaque stops at 0 and 1: the usual gradient.
    GradientShader(
      geometry: .axial(start: Point(x: 0, y: 0), end: Point(x: 30, y: 20)),
      stops: [.init(location: 0, color: red), .init(location: 1, color: orange)]),
    // Three stops, translucent ones among them.
    GradientShader(
      geometry: .radial(center: Point(x: 8, y: 5), radii: Size(width: 25, height: 14)),
      stops: [
        .init(location: 0, color: halfGreen), .init(location: 0.3, color: red), .init(location: 1, color: clearBlue),
      ]),
    // Two stops inside the axis (first and last colours outside them).
    GradientShader(
      geometry: .conic(center: Point(x: 10, y: 6), toward: Point(x: 30, y: 0)),
      stops: [.init(location: 0.2, color: orange), .init(location: 0.6, color: halfGreen)]),
    // A hard edge: two stops at one location.
    GradientShader(
      geometry: .axial(start: Point(x: 40, y: 0), end: Point(x: 0, y: 3)),
      stops: [
        .init(location: 0, color: red), .init(location: 0.5, color: orange), .init(location: 0.5, color: halfGreen),
        .init(location: 1, color: clearBlue),
      ]),
    // Two translucent stops at 0 and 1, and one stop alone.
    GradientShader(
      geometry: .axial(start: Point(x: 0, y: 0), end: Point(x: 0, y: 12)),
      stops: [.init(location: 0, color: clearBlue), .init(location: 1, color: halfGreen)]),
    GradientShader(
      geometry: .radial(center: Point(x: 0, y: 0), radii: Size(width: 5, height: 5)),
      stops: [.init(location: 0.5, color: red)]),
    // Four opaque stops inside the axis with a hard edge: the opaque path's segments, found once
    // a run for its three channels.
    GradientShader(
      geometry: .axial(start: Point(x: 2, y: 1), end: Point(x: 38, y: 9)),
      stops: [
        .init(location: 0.1, color: red), .init(location: 0.4, color: orange),
        .init(location: 0.4, color: RGBA8(r: 10, g: 132, b: 255)),
        .init(location: 0.9, color: RGBA8(r: 48, g: 209, b: 88)),
      ]),
    // Top to bottom through three opaque stops (a screen's background): on an upright layer a
    // row has one parameter, and its colours repeat every 8 columns.
    GradientShader(
      geometry: .axial(start: Point(x: 3, y: -2), end: Point(x: 3, y: 13)),
      stops: [
        .init(location: 0, color: red), .init(location: 0.55, color: orange),
        .init(location: 1, color: RGBA8(r: 18, g: 11, b: 34)),
      ]),
    // A shade: black from clear to half (a turning page's), its colour channels 0 at both stops
    // and left out of the sums; and a red fading in, green and blue 0 at both.
    GradientShader(
      geometry: .axial(start: Point(x: 40, y: 0), end: Point(x: 0, y: 11)),
      stops: [
        .init(location: 0, color: RGBA8(r: 0, g: 0, b: 0, a: 0)),
        .init(location: 1, color: RGBA8(r: 0, g: 0, b: 0, a: 128)),
      ]),
    GradientShader(
      geometry: .radial(center: Point(x: 20, y: 5), radii: Size(width: 18, height: 9)),
      stops: [.init(location: 0.2, color: RGBA8(r: 230, g: 0, b: 0, a: 200)), .init(location: 0.9, color: clearBlue)]),
  ]

  static let inverses: [Homography] = [
    // A stretch and a shift.
    Homography(0.75, 0, -2, 0, 1.25, 1, 0, 0, 1),
    // Perspective with w = 0 exactly on the centres of row 3 (w = 0.875 − 0.25·cy): those
    // pixels have no point; past them w < 0 and points come from behind the eye.
    Homography(1, 0.5, -3, 0.25, 1, 2, 0, -0.25, 0.875),
    // Perspective across columns: w = 0.02·cx − 0.01·cy + 0.15 grows along each row.
    Homography(0.9, 0.1, -2, -0.05, 1.1, 1, 0.02, -0.01, 0.15),
  ]

  @Test(arguments: 0..<shaders.count)
  func everyPixelIsItsDefinition(shaderIndex: Int) {
    let (width, height) = (43, 11)
    let shader = Self.shaders[shaderIndex]
    for (inverseIndex, inverse) in Self.inverses.enumerated() {
      // Spans that start at every column mod 8 and end at several.
      for left in 0..<9 {
        let mask = mask(left: left, width: width - left - (left * 5) % 7, height: height, seed: UInt32(left * 31 + 7))
        for opacity in [1, 0.6] {
          var pixmap = background(width: width, height: height)
          let expected = reference(shader, inverse: inverse, mask: mask, opacity: opacity, over: pixmap)
          pixmap.fillGradient(shader, inverse: inverse, clips: [.mask(mask)], opacity: opacity)
          let wrong = pixmap.pixels.indices.filter { pixmap.pixels[$0] != expected.pixels[$0] }
          #expect(
            wrong.isEmpty,
            """
            shader \(shaderIndex), inverse \(inverseIndex), mask from column \(left), opacity \(opacity): \
            \(wrong.count) pixels differ, first at \(wrong.first.map { ($0 % width, $0 / width) } as Any)
            """)
        }
      }
    }
  }

  /// On a layer seen upright, axial and radial parameters come from a term per column and a term
  /// per row (`separableColumns`): they must be the per-pixel parameters bit for bit, under
  /// stretches, shifts, mirrored maps and zeros of either sign.
  @Test func separableParametersAreThePerPixelOnesBitForBit() {
    let maps = [
      Homography(0.75, 0, -2, 0, 1.25, 1, 0, 0, 1),
      Homography(-0.5, -0.0, 30, -0.0, 2, -7.25, -0.0, 0, 1),
      Homography(1 / 3, 0, 0, 0, 1 / 7, 0, 0, -0.0, 0.5),
      Homography(0.0, 0, 4, 0, -3, 20, 0, 0, 2),
    ]
    let separable = Self.shaders.filter(\.isSeparable)
    #expect(separable.count == 9)
    let width = 37
    for shader in separable {
      for (index, map) in maps.enumerated() {
        guard let columns = Pixmap.separableColumns(shader, inverse: map, width: width + 8) else {
          Issue.record("map \(index) is upright: its columns should be separable")
          continue
        }
        for y in 0..<9 {
          var expected = [Double](repeating: 0, count: width + 8)
          expected.withUnsafeMutableBufferPointer {
            Pixmap.gradientParameters(
              shader, inverse: map, row: y, from: 0, runs: (width + 3) / 4, into: $0.baseAddress!)
          }
          let row = Pixmap.separableRowTerm(shader, inverse: map, row: y)!
          for run in 0..<((width + 3) / 4) {
            let terms = SIMD4(columns[run * 4], columns[run * 4 + 1], columns[run * 4 + 2], columns[run * 4 + 3])
            let values = shader.parameters(columnTerms: terms, rowTerm: row)
            for lane in 0..<4 {
              #expect(
                values[lane].bitPattern == expected[run * 4 + lane].bitPattern,
                "map \(index), row \(y), column \(run * 4 + lane)")
            }
          }
        }
      }
    }
    // Any other map, or a conic gradient, takes the pixel-by-pixel way.
    #expect(Pixmap.separableColumns(Self.shaders[0], inverse: Self.inverses[1], width: 8) == nil)
    #expect(Pixmap.separableColumns(Self.shaders[2], inverse: maps[0], width: 8) == nil)
  }

  /// Turned about a vertical axis (b = h = 0: W the same all down a column), a pixel's point is
  /// its column's x and y₀ + cy · y₁ (`turnedColumns`): the per-pixel parameters to a rounding,
  /// and NaN where they are NaN.
  @Test func turnedParametersFollowThePerPixelOnes() {
    // W = 0.004·cx + 0.8: a page turned away to the right; and one with W = 0 at column 20.
    let maps = [
      Homography(1.2, 0, -3, 0.05, 0.9, 1, 0.004, 0, 0.8),
      Homography(1, 0, 0, 0.1, 1, 0, -0.05, 0, 1.025),
    ]
    let width = 41
    var checked = 0
    for shader in Self.shaders {
      for (index, map) in maps.enumerated() {
        let columns = Pixmap.turnedColumns(shader, inverse: map, width: width + 8)!
        for y in 0..<9 {
          var expected = [Double](repeating: 0, count: width + 8)
          var turned = [Double](repeating: 0, count: width + 8)
          expected.withUnsafeMutableBufferPointer {
            Pixmap.gradientParameters(
              shader, inverse: map, row: y, from: 0, runs: (width + 3) / 4, into: $0.baseAddress!)
          }
          turned.withUnsafeMutableBufferPointer {
            Pixmap.turnedParameters(shader, columns, row: y, from: 0, runs: (width + 3) / 4, into: $0.baseAddress!)
          }
          for x in 0..<width {
            let (a, b) = (expected[x], turned[x])
            #expect(a.isNaN == b.isNaN, "map \(index), (\(x), \(y))")
            if !a.isNaN && !b.isNaN {
              #expect(abs(a - b) <= 1e-9, "map \(index), (\(x), \(y)): \(a) against \(b)")
              checked += 1
            }
          }
        }
      }
    }
    #expect(checked > 2000)
    #expect(Pixmap.turnedColumns(Self.shaders[0], inverse: Self.inverses[1], width: 8) == nil)
  }

  @Test func thePerspectiveCasesReachEveryKindOfPixel() {
    // The second map leaves row 3 without points (w = 0), so the fill must leave it alone even
    // under full coverage; the third has w > 0 across the canvas.
    let inverse = Self.inverses[1]
    #expect(inverse.w(0.5, 3.5) == 0 && inverse.w(40.5, 3.5) == 0)
    #expect(inverse.w(0.5, 2.5) > 0 && inverse.w(0.5, 4.5) < 0)
    var pixmap = background(width: 43, height: 11)
    let before = pixmap
    let full = CoverageMask(x: 0, y: 0, width: 43, height: 11, values: Array(repeating: 255, count: 43 * 11))
    pixmap.fillGradient(Self.shaders[0], inverse: inverse, clips: [.mask(full)])
    #expect((0..<43).allSatisfy { pixmap[$0, 3] == before[$0, 3] })
    #expect((0..<43).allSatisfy { pixmap[$0, 2].a == 255 && pixmap[$0, 4].a == 255 })
    #expect((0..<43).allSatisfy { Self.inverses[2].w(Double($0) + 0.5, 10.5) > 0 })
  }
}
