extension SVGPath {
  /// Reads SVG 1.1 path data (the `d` attribute's grammar) into absolute segments.
  ///
  /// A command letter is followed by its numbers, repeated without the letter as often as the
  /// data goes on (after a move, the repeats are lines). Numbers are separated by spaces, commas,
  /// a sign, or a second decimal point ("1.5.5" is 1.5 and .5); an arc's two flags are single
  /// digits that need no separator.
  struct Reader {
    let scalars: [Unicode.Scalar]
    var offset = 0
    /// The pen, the start of the current subpath, and the last curve's second control point
    /// (for S and T), with the letter of the command that left it.
    var current = Point(x: 0, y: 0)
    var subpathStart = Point(x: 0, y: 0)
    var lastControl: (point: Point, cubic: Bool)?
    var segments: [Segment] = []
    /// Whether the pen has a subpath open (a move was made and not closed since).
    var open = false

    init(_ scalars: [Unicode.Scalar]) { self.scalars = scalars }

    mutating func readPath() throws(SyntaxError) -> [Segment] {
      skipSeparators()
      guard offset < scalars.count else { throw SyntaxError(message: "the path is empty", offset: 0) }
      var command: Unicode.Scalar?
      while true {
        skipSeparators()
        guard offset < scalars.count else { break }
        let scalar = scalars[offset]
        if Self.commandLetters.contains(scalar) {
          command = scalar
          offset += 1
        } else if command == nil || !startsNumber(scalar) {
          throw SyntaxError(
            message: command == nil
              ? "path data starts with a move ('M' or 'm'), not '\(scalar)'"
              : "'\(scalar)' is not a command (M L H V C S Q T A Z, or lower case for relative) or a number",
            offset: offset)
        }
        guard let letter = command else { break }
        if segments.isEmpty && letter != "M" && letter != "m" {
          throw SyntaxError(message: "path data starts with a move ('M' or 'm'), not '\(letter)'", offset: offset - 1)
        }
        try readArguments(of: letter)
        // After a move, further pairs are lines of the same case.
        if letter == "M" { command = "L" }
        if letter == "m" { command = "l" }
        if letter == "Z" || letter == "z" { command = nil }
      }
      return segments
    }

    static let commandLetters = Set("MmLlHhVvCcSsQqTtAaZz".unicodeScalars)

    /// One command's numbers, added as segments.
    mutating func readArguments(of letter: Unicode.Scalar) throws(SyntaxError) {
      let relative = letter.properties.isLowercase
      let origin = relative ? current : Point(x: 0, y: 0)
      func at(_ x: Double, _ y: Double) -> Point { Point(x: origin.x + x, y: origin.y + y) }
      switch letter {
      case "Z", "z":
        if open { segments.append(.close) }
        current = subpathStart
        open = false
        lastControl = nil
      case "M", "m":
        let p = at(try number(), try number())
        try requireFinite([p])
        segments.append(.move(p))
        current = p
        subpathStart = p
        open = true
        lastControl = nil
      case "L", "l":
        try add(.line(at(try number(), try number())), control: nil)
      case "H", "h":
        let x = try number()
        try add(.line(Point(x: relative ? current.x + x : x, y: current.y)), control: nil)
      case "V", "v":
        let y = try number()
        try add(.line(Point(x: current.x, y: relative ? current.y + y : y)), control: nil)
      case "C", "c":
        let c1 = at(try number(), try number())
        let c2 = at(try number(), try number())
        let p = at(try number(), try number())
        try add(.cubic(control1: c1, control2: c2, to: p), control: (c2, true))
      case "S", "s":
        let c1 = reflected(cubic: true)
        let c2 = at(try number(), try number())
        let p = at(try number(), try number())
        try add(.cubic(control1: c1, control2: c2, to: p), control: (c2, true))
      case "Q", "q":
        let c = at(try number(), try number())
        let p = at(try number(), try number())
        try add(.quad(control: c, to: p), control: (c, false))
      case "T", "t":
        let c = reflected(cubic: false)
        let p = at(try number(), try number())
        try add(.quad(control: c, to: p), control: (c, false))
      default:  // A, a
        skipComma()
        let start = offset
        let rx = try number()
        let ry = try number()
        let rotation = try number()
        let large = try flag()
        let sweep = try flag()
        let p = at(try number(), try number())
        try requireFinite([p])
        guard
          let curves = SVGPath.arc(
            from: current, to: p, radii: (rx, ry), rotation: rotation, largeArc: large, sweep: sweep)
        else {
          throw SyntaxError(
            message: "an arc too large to draw (its radii are too far apart or its points too far away)",
            offset: start)
        }
        try requireFinite(curves.flatMap(\.points))
        reopen()
        segments += curves
        current = p
        lastControl = nil
      }
    }

    /// The first control point of S or T: the previous curve's last control point mirrored about
    /// the pen, when that curve was of the same kind; else the pen.
    func reflected(cubic: Bool) -> Point {
      guard let last = lastControl, last.cubic == cubic else { return current }
      return Point(x: 2 * current.x - last.point.x, y: 2 * current.y - last.point.y)
    }

    /// Fails when a point is not a finite number: one a relative offset or a mirrored control
    /// point (2 × pen − control) carried past the largest double.
    func requireFinite(_ points: [Point]) throws(SyntaxError) {
      guard points.allSatisfy({ $0.x.isFinite && $0.y.isFinite }) else {
        throw SyntaxError(message: "a point too far away to draw (past the largest number)", offset: offset)
      }
    }

    /// A drawing segment: after a close, it starts a new subpath where the last one began.
    mutating func add(_ segment: Segment, control: (Point, Bool)?) throws(SyntaxError) {
      try requireFinite(segment.points)
      reopen()
      segments.append(segment)
      if let end = segment.points.last { current = end }
      lastControl = control.map { (point: $0.0, cubic: $0.1) }
    }

    mutating func reopen() {
      if !open {
        segments.append(.move(current))
        subpathStart = current
        open = true
      }
    }

    mutating func skipSeparators() {
      while offset < scalars.count, [" ", "\t", "\n", "\r", "\u{0C}"].contains(scalars[offset]) { offset += 1 }
    }

    mutating func skipComma() {
      skipSeparators()
      if offset < scalars.count, scalars[offset] == "," {
        offset += 1
        skipSeparators()
      }
    }

    func startsNumber(_ scalar: Unicode.Scalar) -> Bool {
      scalar == "+" || scalar == "-" || scalar == "." || ("0"..."9").contains(scalar)
    }

    /// A number: sign, digits with at most one decimal point, and an exponent.
    mutating func number() throws(SyntaxError) -> Double {
      skipComma()
      let start = offset
      func digits() -> Int {
        let before = offset
        while offset < scalars.count, ("0"..."9").contains(scalars[offset]) { offset += 1 }
        return offset - before
      }
      if offset < scalars.count, scalars[offset] == "+" || scalars[offset] == "-" { offset += 1 }
      var count = digits()
      if offset < scalars.count, scalars[offset] == "." {
        offset += 1
        count += digits()
      }
      guard count > 0 else {
        let found = start < scalars.count ? "'\(scalars[start])'" : "the end"
        throw SyntaxError(message: "expected a number, found \(found)", offset: start)
      }
      if offset < scalars.count, scalars[offset] == "e" || scalars[offset] == "E" {
        let mark = offset
        offset += 1
        if offset < scalars.count, scalars[offset] == "+" || scalars[offset] == "-" { offset += 1 }
        if digits() == 0 { offset = mark }
      }
      let text = String(String.UnicodeScalarView(scalars[start..<offset]))
      guard let value = Double(text), value.isFinite else {
        throw SyntaxError(message: "'\(text)' is not a finite number", offset: start)
      }
      return value
    }

    /// An arc flag: the digit 0 or 1.
    mutating func flag() throws(SyntaxError) -> Bool {
      skipComma()
      guard offset < scalars.count, scalars[offset] == "0" || scalars[offset] == "1" else {
        let found = offset < scalars.count ? "'\(scalars[offset])'" : "the end"
        throw SyntaxError(message: "expected an arc flag (0 or 1), found \(found)", offset: offset)
      }
      offset += 1
      return scalars[offset - 1] == "1"
    }
  }
}
