import SegueGeometry

extension Pixmap {
  /// The 8 × 8 Bayer matrix: thresholds for ordered dithering, each of 0…63 once, spread so
  /// that every 2 × 2, 4 × 4 and 8 × 8 block holds an even share of them.
  static let bayer8: [UInt8] = {
    var matrix = [UInt8](repeating: 0, count: 64)
    for y in 0..<8 {
      for x in 0..<8 {
        // Interleave the bits of x ^ y and y, most significant first.
        let a = x ^ y
        var value = 0
        for bit in 0..<3 {
          value |= ((a >> bit) & 1) << (5 - 2 * bit)
          value |= ((y >> bit) & 1) << (4 - 2 * bit)
        }
        matrix[y * 8 + x] = UInt8(value)
      }
    }
    return matrix
  }()

  /// Fills the covered pixels of `clips` with `shader`, source-over, times `opacity`.
  /// `inverse` maps frame pixels to the layer's points, where the shader is defined; each pixel
  /// takes the colour at its centre.
  ///
  /// Quantizing: a channel value v (0…255, real) becomes floor(v + d) with the pixel's dither
  /// threshold d = (bayer(x mod 8, y mod 8) + 0.5) ÷ 64, so any 8 × 8 block of a ramp averages
  /// to v within 1/64 of a level: a gradient from #000 to #101010 over a screen shows no steps.
  public mutating func fillGradient(_ shader: GradientShader, inverse: Homography, clips: [Clip], opacity: Double = 1) {
    let alpha = Pixmap.alpha255(opacity)
    guard alpha > 0, !shader.stops.isEmpty else { return }
    let width = self.width
    let opaque = shader.stops.allSatisfy { $0.color.w == 255 }
    // One row's parameters and colours before blending, four columns at a time from a
    // multiple of 4 (so up to 3 columns on either side of a span).
    var parameters = [Double](repeating: 0, count: width + 8)
    var colors = [UInt32](repeating: 0, count: width + 8)
    let columns = Pixmap.separableColumns(shader, inverse: inverse, width: width + 8)
    let turned = columns == nil ? Pixmap.turnedColumns(shader, inverse: inverse, width: width + 8) : nil
    // Every column's term the same (a gradient top to bottom on an upright layer, a screen's
    // background): a row has one parameter, and its colours repeat every 8 columns with the
    // dither, so a row works out two runs and repeats them. (A term of ±0 against 0 makes the
    // same colours: t and −t of 0 mix to the first stop's colour.)
    let acrossOnly = columns.map { terms in terms.allSatisfy { $0 == terms[0] } } ?? false
    pixels.withUnsafeMutableBufferPointer { pixels in
      let base = pixels.baseAddress!
      parameters.withUnsafeMutableBufferPointer { parameters in
        colors.withUnsafeMutableBufferPointer { colors in
          Pixmap.forEachCoveredSpan(width: width, height: height, clips: clips) { y, span, inner, coverage in
            let first = span.lowerBound & ~3
            let runs = (span.upperBound - first + 3) / 4
            let t = parameters.baseAddress!
            let packed = colors.baseAddress!
            if let columns {
              // A row with no finite point on the layer draws nothing, as NaN parameters do.
              guard let row = Pixmap.separableRowTerm(shader, inverse: inverse, row: y) else { return }
              columns.withUnsafeBufferPointer { columns in
                let source = UnsafeRawPointer(columns.baseAddress! + first)
                let destination = UnsafeMutableRawPointer(t)
                for run in 0..<(acrossOnly ? min(runs, 2) : runs) {
                  let terms = source.loadUnaligned(fromByteOffset: run * 32, as: SIMD4<Double>.self)
                  destination.storeBytes(
                    of: shader.parameters(columnTerms: terms, rowTerm: row), toByteOffset: run * 32,
                    as: SIMD4<Double>.self)
                }
              }
            } else if let turned {
              Pixmap.turnedParameters(shader, turned, row: y, from: first, runs: runs, into: t)
            } else {
              Pixmap.gradientParameters(shader, inverse: inverse, row: y, from: first, runs: runs, into: t)
            }
            if acrossOnly && runs > 2 {
              Pixmap.gradientColors(shader, opaque: opaque, parameters: t, row: y, from: first, runs: 2, into: packed)
              for index in 8..<(runs * 4) {
                t[index] = t[index - 8]
                packed[index] = packed[index - 8]
              }
            } else {
              Pixmap.gradientColors(
                shader, opaque: opaque, parameters: t, row: y, from: first, runs: runs, into: packed)
            }
            let row = base + y * width
            /// Pixel by pixel: its coverage times the opacity, then source-over.
            @inline(__always) func blend(_ columns: Range<Int>) {
              for x in columns {
                let c = divide255(UInt32(coverage[x - span.lowerBound]) &* alpha)
                // NaN: a pixel centre with no finite point on the layer, which is not drawn.
                if c == 0 || t[x - first].isNaN { continue }
                let color = packed[x - first]
                row[x] = sourceOver(c == 255 ? color : scalePixel(color, by: c), row[x])
              }
            }
            // Where coverage is whole, every pixel's factor is the opacity alone: eight pixels
            // at a time, the same sums (unless some centre there has no point on the layer).
            let full = inner.clamped(to: span)
            guard !full.isEmpty, !Pixmap.containsNaN(t + (full.lowerBound - first), count: full.count) else {
              blend(span)
              return
            }
            blend(span.lowerBound..<full.lowerBound)
            blendRun(packed + (full.lowerBound - first), alpha: alpha, into: row + full.lowerBound, count: full.count)
            blend(full.upperBound..<span.upperBound)
          }
        }
      }
    }
  }

  /// Whether any of `count` parameters from `values` is NaN (a NaN is not equal to itself).
  @inline(__always)
  static func containsNaN(_ values: UnsafePointer<Double>, count: Int) -> Bool {
    var found = false
    for index in 0..<count { found = found || values[index] != values[index] }
    return found
  }

  /// The gradient's parameter at the pixel centres of `runs` runs of four columns of row `y`
  /// from column `first`, in `parameters` from its start; NaN where the centre has no finite
  /// point on the layer (`GradientShader.parameter(at:)` makes no NaN of a finite point: its
  /// clamps turn NaN into 0 or 1).
  ///
  /// The point of pixel centre (cx, cy) is ((a·cx + b·cy + c) ÷ w, (d·cx + e·cy + f) ÷ w) with
  /// w = g·cx + h·cy + i. The products of cy are the row's, and every sum adds in the order
  /// above, so each lane has the value a pixel on its own would.
  @inline(__always)
  static func gradientParameters(
    _ shader: GradientShader, inverse m: Homography, row y: Int, from first: Int, runs: Int,
    into parameters: UnsafeMutablePointer<Double>
  ) {
    let cy = Double(y) + 0.5
    let (by, ey, hy) = (m.b * cy, m.e * cy, m.h * cy)
    let destination = UnsafeMutableRawPointer(parameters)
    for run in 0..<runs {
      let cx = SIMD4(repeating: Double(first + run * 4)) + laneCentres
      let w = m.g * cx + hy + m.i
      let px = (m.a * cx + by + m.c) / w
      let py = (m.d * cx + ey + m.f) / w
      destination.storeBytes(
        of: finiteParameters(shader, x: px, y: py), toByteOffset: run * 32, as: SIMD4<Double>.self)
    }
  }

  /// The shader's parameters at four points of the layer, NaN where a point is not finite:
  /// finite where x − x is 0 (NaN at infinities and NaN; w = 0 makes one or the other).
  @inline(__always)
  static func finiteParameters(_ shader: GradientShader, x px: SIMD4<Double>, y py: SIMD4<Double>) -> SIMD4<Double> {
    finite(shader.parameters(x: px, y: py), x: px, y: py)
  }

  /// `parameters` with NaN where the point (x, y) is not finite.
  @inline(__always)
  static func finite(_ parameters: SIMD4<Double>, x px: SIMD4<Double>, y py: SIMD4<Double>) -> SIMD4<Double> {
    parameters.replacing(with: .nan, where: .!((px - px .== 0) .& (py - py .== 0)))
  }

  /// Each frame column's point on a layer turned about a vertical axis: x, and y as y₀ + cy · y₁.
  struct TurnedColumns {
    var x: [Double]
    var y0: [Double]
    var y1: [Double]
    /// For a separable gradient (`GradientShader.isSeparable`), each column's x term
    /// (`columnTerms`), worked out once for the whole column; empty for any other.
    var terms: [Double]
  }

  /// For a map that turns the layer about a vertical axis (b = h = 0: the cube's, a door's, a
  /// page's), where W = g·cx + i is the same all down a column: each column's point x, and its
  /// point y as y₀ + cy · y₁ (y = (d·cx + e·cy + f) ÷ W), `width` columns from column 0, so a
  /// pixel's point costs a multiply-add and no division (0.96 of custom-page-flip's time and 0.93
  /// of custom-cube-carousel's at scale 3, farm-bench). Nil for any other map.
  static func turnedColumns(_ shader: GradientShader, inverse m: Homography, width: Int) -> TurnedColumns? {
    guard m.b == 0, m.h == 0 else { return nil }
    var columns = TurnedColumns(
      x: [Double](repeating: 0, count: width), y0: [Double](repeating: 0, count: width),
      y1: [Double](repeating: 0, count: width), terms: [])
    for column in 0..<width {
      let cx = Double(column) + 0.5
      let reciprocal = 1 / (m.g * cx + m.i)
      columns.x[column] = (m.a * cx + m.c) * reciprocal
      columns.y0[column] = (m.d * cx + m.f) * reciprocal
      columns.y1[column] = m.e * reciprocal
    }
    if shader.isSeparable {
      columns.terms = [Double](repeating: 0, count: width)
      for column in 0..<width { columns.terms[column] = shader.columnTerms(SIMD4(repeating: columns.x[column]))[0] }
    }
    return columns
  }

  /// `gradientParameters` for a map turned about a vertical axis, from its columns' terms; NaN
  /// where the centre has no finite point on the layer.
  @inline(__always)
  static func turnedParameters(
    _ shader: GradientShader, _ columns: TurnedColumns, row y: Int, from first: Int, runs: Int,
    into parameters: UnsafeMutablePointer<Double>
  ) {
    let cy = Double(y) + 0.5
    let destination = UnsafeMutableRawPointer(parameters)
    columns.x.withUnsafeBufferPointer { xs in
      columns.y0.withUnsafeBufferPointer { y0s in
        columns.y1.withUnsafeBufferPointer { y1s in
          let (xBytes, y0Bytes, y1Bytes) = (
            UnsafeRawPointer(xs.baseAddress! + first), UnsafeRawPointer(y0s.baseAddress! + first),
            UnsafeRawPointer(y1s.baseAddress! + first)
          )
          // Two loops, not a test a run: one loop that chose between them cost custom-page-flip 1%
          // more instructions.
          guard !columns.terms.isEmpty else {
            for run in 0..<runs {
              let offset = run * 32
              let px = xBytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
              let py =
                y0Bytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self) + cy
                * y1Bytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
              destination.storeBytes(
                of: finiteParameters(shader, x: px, y: py), toByteOffset: offset, as: SIMD4<Double>.self)
            }
            return
          }
          // A separable gradient: each column's x term is kept, so a pixel works out its y
          // term and the finish alone, the same operations `parameters(x:y:)` takes, in order.
          columns.terms.withUnsafeBufferPointer { terms in
            let termBytes = UnsafeRawPointer(terms.baseAddress! + first)
            for run in 0..<runs {
              let offset = run * 32
              let px = xBytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
              let py =
                y0Bytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self) + cy
                * y1Bytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self)
              let t = shader.parameters(
                columnTerms: termBytes.loadUnaligned(fromByteOffset: offset, as: SIMD4<Double>.self),
                rowTerms: shader.rowTerms(py))
              destination.storeBytes(of: finite(t, x: px, y: py), toByteOffset: offset, as: SIMD4<Double>.self)
            }
          }
        }
      }
    }
  }

  /// For a separable gradient (`GradientShader.isSeparable`) seen through an upright map (b, d,
  /// g and h zero): the x term of each column's pixel centres, `width` of them from column 0;
  /// nil for any other gradient or map, or one that takes some column to no finite point.
  ///
  /// Upright, `gradientParameters`' point ((a·cx + b·cy + c) ÷ w, (d·cx + e·cy + f) ÷ w) with
  /// w = g·cx + h·cy + i has x of the column alone and y of the row alone: b·cy, d·cx, g·cx and
  /// h·cy are zeros whose signs are the zero entries' (cx and cy are positive), the same for
  /// every pixel, so x and y, and each term, come out as that function works them out.
  static func separableColumns(_ shader: GradientShader, inverse m: Homography, width: Int) -> [Double]? {
    guard shader.isSeparable, m.b == 0, m.d == 0, m.g == 0, m.h == 0 else { return nil }
    let (by, hy) = (m.b * 0.5, m.h * 0.5)
    var terms = [Double](repeating: 0, count: width + 3)
    for run in 0..<((width + 3) / 4) {
      let cx = SIMD4(repeating: Double(run * 4)) + laneCentres
      let w = m.g * cx + hy + m.i
      let px = (m.a * cx + by + m.c) / w
      guard all(px - px .== 0) else { return nil }
      let values = shader.columnTerms(px)
      for lane in 0..<4 { terms[run * 4 + lane] = values[lane] }
    }
    return terms
  }

  /// The y term of row `y` for `separableColumns`' gradient and map; nil where the row's point
  /// is not finite.
  static func separableRowTerm(_ shader: GradientShader, inverse m: Homography, row y: Int) -> Double? {
    let cy = Double(y) + 0.5
    let w = m.g * 0.5 + m.h * cy + m.i
    let py = (m.d * 0.5 + m.e * cy + m.f) / w
    return py - py == 0 ? shader.rowTerm(py) : nil
  }

  /// The dithered, premultiplied colours of `runs` runs of four parameters of row `y` from column
  /// `first` (a multiple of 4: lane k of a run has dither column k or k + 4), packed into
  /// `colors` (what a NaN parameter makes is not drawn). With every stop opaque, alpha is 255
  /// and caps nothing, and each run's three channels are made at once; otherwise channel by
  /// channel, alpha first (no channel above it, whatever the dither did), each pass a short
  /// loop. With two stops (most gradients), a colour channel is
  /// c0 + (c1 − c0)·f with f = (t − l0) ÷ (l1 − l0), as `GradientShader.color(at:)` computes it
  /// (a segment of no length is its second colour), c0 at or before l0 and c1 at or past l1.
  @inline(__always)
  static func gradientColors(
    _ shader: GradientShader, opaque: Bool, parameters: UnsafePointer<Double>, row y: Int, from first: Int,
    runs: Int, into colors: UnsafeMutablePointer<UInt32>
  ) {
    let ditherRow = ditherRows[y & 7]
    let dither = (ditherRow.lowHalf, ditherRow.highHalf)
    let source = UnsafeRawPointer(parameters)
    let destination = UnsafeMutableRawPointer(colors)
    @inline(__always) func t(_ run: Int) -> SIMD4<Double> {
      source.loadUnaligned(fromByteOffset: run * 32, as: SIMD4<Double>.self)
    }
    let half = (first >> 2) & 1
    @inline(__always) func d(_ run: Int) -> SIMD4<Double> { (run + half) & 1 == 0 ? dither.0 : dither.1 }
    @inline(__always) func packed(_ run: Int) -> SIMD4<UInt32> {
      destination.loadUnaligned(fromByteOffset: run * 16, as: SIMD4<UInt32>.self)
    }
    @inline(__always) func store(_ run: Int, _ value: SIMD4<UInt32>) {
      destination.storeBytes(of: value, toByteOffset: run * 16, as: SIMD4<UInt32>.self)
    }
    let stops = shader.stops
    let two = stops.count == 2
    let (l0, l1) = (stops[0].location, stops[stops.count - 1].location)
    let span = l1 - l0
    let unit = l0 == 0 && span == 1
    @inline(__always) func channel(_ channel: Int, _ run: Int) -> SIMD4<Double> {
      let t = t(run)
      guard two else { return shader.channel(channel, at: t) }
      let (c0, c1) = (stops[0].color[channel], stops[1].color[channel])
      // (t − 0) ÷ 1 is t, NaN and −0 included: the usual 0…1 gradient skips the division.
      var value = span > 0 ? c0 + (c1 - c0) * (unit ? t : (t - l0) / span) : SIMD4(repeating: c1)
      value.replace(with: c1, where: t .>= l1)
      value.replace(with: c0, where: t .<= l0)
      return value
    }
    if opaque {
      // Every stop opaque: its channels are whole numbers in 0…255, so every mix is within
      // 0…255 (to a rounding), v + d lies in (0, 256) and the clamps of `quantized` change
      // nothing (at 255 or more its floor is 255 anyway). With two stops at 0 and 1 (most
      // gradients) the mix at t = 0 and t = 1 is exactly c0 and c1, so the replacements change
      // nothing either. NaN parameters are not drawn, whatever they make.
      if two && unit {
        for run in 0..<runs {
          var pixel = SIMD4<UInt32>(repeating: 0xFF00_0000)
          let t = t(run)
          let d = d(run)
          for c in 0..<3 {
            let (c0, c1) = (stops[0].color[c], stops[1].color[c])
            pixel |= floored(c0 + (c1 - c0) * t + d) &<< UInt32(c * 8)
          }
          store(run, pixel)
        }
        return
      }
      // Any other stops: each run's segments found once for its three channels.
      for run in 0..<runs {
        let d = d(run)
        let (r, g, b) = two ? (channel(0, run), channel(1, run), channel(2, run)) : shader.colorChannels(at: t(run))
        store(run, 0xFF00_0000 | floored(r + d) | floored(g + d) &<< 8 | floored(b + d) &<< 16)
      }
      return
    }
    if two {
      // Two stops, some translucent (a shade, a scrim): a channel's mix lies between its two
      // premultiplied stops, within 0…255 (to a rounding), so v + d lies in (0, 256) for every
      // finite parameter and `floored` is `quantized` there; NaN parameters are not drawn. The
      // four channels of a run then come in one pass, each colour channel capped by the alpha
      // as below. A channel 0 at both stops (a black shade's three) is 0 everywhere: 0 + d
      // floors to 0, so only the others are worked out.
      var colored = 0
      for c in 0..<3 where stops[0].color[c] != 0 || stops[1].color[c] != 0 { colored |= 1 << c }
      for run in 0..<runs {
        let d = d(run)
        let alpha = floored(channel(3, run) + d)
        var pixel = alpha &<< 24
        for c in 0..<3 where colored & 1 << c != 0 {
          pixel |= pointwiseMin(floored(channel(c, run) + d), alpha) &<< UInt32(c * 8)
        }
        store(run, pixel)
      }
      return
    }
    for run in 0..<runs { store(run, quantized(channel(3, run), d(run)) &<< 24) }
    for c in 0..<3 {
      for run in 0..<runs {
        let value = pointwiseMin(quantized(channel(c, run), d(run)), packed(run) &>> 24)
        store(run, packed(run) | value &<< UInt32(c * 8))
      }
    }
  }

  /// ⌊q⌋ of each lane for 0 < q < 2⁵¹, as `quantized` takes it without its clamps.
  @inline(__always)
  static func floored(_ q: SIMD4<Double>) -> SIMD4<UInt32> {
    let magic = SIMD4<Double>(repeating: 0x1p52)
    let nearest = (q + magic) - magic
    let floor = nearest.replacing(with: nearest - 1, where: nearest .> q)
    return SIMD4(truncatingIfNeeded: unsafeBitCast(floor + magic, to: SIMD4<UInt64>.self))
  }

  /// floor(v + d) clamped to 0…255, NaN to 0, lane by lane: the scalar `v + d > 0 ?
  /// UInt32(min(255, v + d)) : 0`, where v + d > 0 makes truncating the floor.
  ///
  /// The floor without a conversion a lane: adding and taking away 2⁵² rounds a value in 0…255
  /// to the nearest whole number (no bits below the units survive the sum), one less is the
  /// floor where that rounded up, and the floor plus 2⁵² has the floor in its low bits (its bit
  /// pattern is 2⁵²'s, 0x4330…0, plus the floor).
  @inline(__always)
  static func quantized(_ value: SIMD4<Double>, _ dither: SIMD4<Double>) -> SIMD4<UInt32> {
    let q = value + dither
    let high = SIMD4<Double>(repeating: 255).replacing(with: q, where: q .< 255)
    let clamped = SIMD4<Double>(repeating: 0).replacing(with: high, where: q .> 0)
    let magic = SIMD4<Double>(repeating: 0x1p52)
    let nearest = (clamped + magic) - magic
    let floor = nearest.replacing(with: nearest - 1, where: nearest .> clamped)
    return SIMD4(truncatingIfNeeded: unsafeBitCast(floor + magic, to: SIMD4<UInt64>.self))
  }

  /// Pixel centres of a run of four columns from its first: 0.5, 1.5, 2.5, 3.5.
  static let laneCentres = SIMD4<Double>(0.5, 1.5, 2.5, 3.5)

  /// The dither thresholds (bayer + 0.5) ÷ 64 of each row of the Bayer matrix, column k in lane k.
  static let ditherRows: [SIMD8<Double>] = (0..<8).map { y in
    var row = SIMD8<Double>()
    for x in 0..<8 { row[x] = (Double(bayer8[y * 8 + x]) + 0.5) / 64 }
    return row
  }
}
