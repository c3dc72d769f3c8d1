/// The values an animation can carry, with the arithmetic Core Animation applies to them.
enum AnimValue: CustomStringConvertible {
  case scalar(Double)
  case point(CGPoint)
  case size(CGSize)
  case rect(CGRect)
  case transform(CATransform3D)
  case color(CGColor?)
  case path(CGPath?)
  case bool(Bool)
  case array([AnimValue])
  case other(Any?)

  var description: String {
    switch self {
    case .scalar(let d): return String(format: "%.6g", d)
    case .point(let p): return "(\(fmt(p.x)), \(fmt(p.y)))"
    case .size(let s): return "(\(fmt(s.width)) × \(fmt(s.height)))"
    case .rect(let r): return "(\(fmt(r.origin.x)), \(fmt(r.origin.y)), \(fmt(r.width)) × \(fmt(r.height)))"
    case .transform(let t): return CATransform3DIsIdentity(t) ? "identity" : t.description
    case .color(let c): return c?.description ?? "nil"
    case .path(let p): return p?.description ?? "nil"
    case .bool(let b): return b ? "true" : "false"
    case .array(let a): return "[" + a.map(\.description).joined(separator: ", ") + "]"
    case .other(let o): return o.map { "\($0)" } ?? "nil"
    }
  }

  /// Converts an animation value given as `Any?` (what fromValue/toValue hold on Linux).
  static func from(_ any: Any?) -> AnimValue? {
    guard let any else { return nil }
    switch any {
    case let v as AnimValue: return v
    case let v as CGFloat: return .scalar(Double(v))
    case let v as Double: return .scalar(v)
    case let v as Float: return .scalar(Double(v))
    case let v as Int: return .scalar(Double(v))
    case let v as NSNumber: return .scalar(v.doubleValue)
    case let v as CGPoint: return .point(v)
    case let v as CGSize: return .size(v)
    case let v as CGRect: return .rect(v)
    case let v as CATransform3D: return .transform(v)
    case let v as CGAffineTransform: return .transform(CATransform3DMakeAffineTransform(v))
    case let v as CGColor: return .color(v)
    case let v as CGPath: return .path(v)
    case let v as Bool: return .bool(v)
    case let v as [Any]: return .array(v.compactMap { AnimValue.from($0) })
    default: return .other(any)
    }
  }

  /// The value as the SDK type a caller would expect from `value(forKeyPath:)`.
  var anyValue: Any? {
    switch self {
    case .scalar(let d): return CGFloat(d)
    case .point(let p): return p
    case .size(let s): return s
    case .rect(let r): return r
    case .transform(let t): return t
    case .color(let c): return c
    case .path(let p): return p
    case .bool(let b): return b
    case .array(let a): return a.map { $0.anyValue as Any }
    case .other(let o): return o
    }
  }

  var scalar: Double? {
    if case .scalar(let d) = self { return d }
    if case .bool(let b) = self { return b ? 1 : 0 }
    return nil
  }

  /// Linear interpolation; transforms interpolate by decomposition, paths shape by shape when
  /// their structure matches, and anything else switches at the midpoint.
  static func interpolate(_ a: AnimValue, _ b: AnimValue, _ t: Double) -> AnimValue {
    func l(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(t) }
    switch (a, b) {
    case (.scalar(let x), .scalar(let y)): return .scalar(x + (y - x) * t)
    case (.point(let p), .point(let q)): return .point(CGPoint(x: l(p.x, q.x), y: l(p.y, q.y)))
    case (.size(let p), .size(let q)): return .size(CGSize(width: l(p.width, q.width), height: l(p.height, q.height)))
    case (.rect(let p), .rect(let q)):
      return .rect(
        CGRect(
          x: l(p.origin.x, q.origin.x), y: l(p.origin.y, q.origin.y),
          width: l(p.width, q.width), height: l(p.height, q.height)))
    case (.transform(let p), .transform(let q)): return .transform(DecomposedTransform.interpolate(p, q, t))
    case (.color(let p), .color(let q)):
      let pc = (p ?? CGColor.clear).rgba
      let qc = (q ?? CGColor.clear).rgba
      let c = zip(pc, qc).map { l($0, $1) }
      return .color(CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
    case (.path(let p), .path(let q)):
      if let p, let q, let shapes = interpolateShapes(p.shapes, q.shapes, t) { return .path(CGPath(shapes: shapes)) }
      return t < 0.5 ? a : b
    case (.array(let p), .array(let q)) where p.count == q.count:
      return .array(zip(p, q).map { interpolate($0, $1, t) })
    default: return t < 0.5 ? a : b
    }
  }

  /// a + b (for additive and cumulative animations). Transforms concatenate with `a` (the
  /// animation's value) applied first, then `b` (the underlying value); see README.
  static func add(_ a: AnimValue, _ b: AnimValue) -> AnimValue {
    switch (a, b) {
    case (.scalar(let x), .scalar(let y)): return .scalar(x + y)
    case (.point(let p), .point(let q)): return .point(CGPoint(x: p.x + q.x, y: p.y + q.y))
    case (.size(let p), .size(let q)): return .size(CGSize(width: p.width + q.width, height: p.height + q.height))
    case (.rect(let p), .rect(let q)):
      return .rect(
        CGRect(
          x: p.origin.x + q.origin.x, y: p.origin.y + q.origin.y,
          width: p.width + q.width, height: p.height + q.height))
    case (.transform(let p), .transform(let q)): return .transform(CATransform3DConcat(p, q))
    case (.color(let p), .color(let q)):
      let c = zip((p ?? .clear).rgba, (q ?? .clear).rgba).map { $0 + $1 }
      return .color(CGColor(red: c[0], green: c[1], blue: c[2], alpha: c[3]))
    case (.array(let p), .array(let q)) where p.count == q.count: return .array(zip(p, q).map { add($0, $1) })
    default: return a
    }
  }

  /// a − b, the inverse of `add` (for transforms: a · b⁻¹).
  static func subtract(_ a: AnimValue, _ b: AnimValue) -> AnimValue {
    switch (a, b) {
    case (.transform(let p), .transform(let q)): return .transform(CATransform3DConcat(p, CATransform3DInvert(q)))
    default: return add(a, negate(b))
    }
  }

  static func negate(_ a: AnimValue) -> AnimValue {
    switch a {
    case .scalar(let x): return .scalar(-x)
    case .point(let p): return .point(CGPoint(x: -p.x, y: -p.y))
    case .size(let s): return .size(CGSize(width: -s.width, height: -s.height))
    case .rect(let r): return .rect(CGRect(x: -r.origin.x, y: -r.origin.y, width: -r.width, height: -r.height))
    case .transform(let t): return .transform(CATransform3DInvert(t))
    case .color(let c):
      let v = (c ?? .clear).rgba.map { -$0 }
      return .color(CGColor(red: v[0], green: v[1], blue: v[2], alpha: v[3]))
    case .array(let a): return .array(a.map(negate))
    default: return a
    }
  }

  /// The zero of a value's type (additive identity).
  static func zero(like a: AnimValue) -> AnimValue {
    switch a {
    case .scalar: return .scalar(0)
    case .point: return .point(.zero)
    case .size: return .size(.zero)
    case .rect: return .rect(.zero)
    case .transform: return .transform(CATransform3DIdentity)
    case .color: return .color(CGColor(red: 0, green: 0, blue: 0, alpha: 0))
    case .array(let x): return .array(x.map(zero))
    default: return a
    }
  }

  static func scale(_ a: AnimValue, _ k: Double) -> AnimValue {
    switch a {
    case .scalar(let x): return .scalar(x * k)
    case .point(let p): return .point(CGPoint(x: p.x * CGFloat(k), y: p.y * CGFloat(k)))
    case .size(let s): return .size(CGSize(width: s.width * CGFloat(k), height: s.height * CGFloat(k)))
    case .rect(let r):
      return .rect(
        CGRect(
          x: r.origin.x * CGFloat(k), y: r.origin.y * CGFloat(k), width: r.width * CGFloat(k),
          height: r.height * CGFloat(k)))
    default: return a
    }
  }

  /// Euclidean distance (paced keyframes).
  static func distance(_ a: AnimValue, _ b: AnimValue) -> Double {
    switch (a, b) {
    case (.scalar(let x), .scalar(let y)): return abs(y - x)
    case (.point(let p), .point(let q)): return Double(hypot(q.x - p.x, q.y - p.y))
    case (.size(let p), .size(let q)): return Double(hypot(q.width - p.width, q.height - p.height))
    default: return 1
    }
  }

  static func interpolateShapes(_ a: [CGPathShape], _ b: [CGPathShape], _ t: Double) -> [CGPathShape]? {
    guard a.count == b.count else { return nil }
    func l(_ x: CGFloat, _ y: CGFloat) -> CGFloat { x + (y - x) * CGFloat(t) }
    func lr(_ p: CGRect, _ q: CGRect) -> CGRect {
      CGRect(x: l(p.minX, q.minX), y: l(p.minY, q.minY), width: l(p.width, q.width), height: l(p.height, q.height))
    }
    func lp(_ p: CGPoint, _ q: CGPoint) -> CGPoint { CGPoint(x: l(p.x, q.x), y: l(p.y, q.y)) }
    func lt(_ p: CGAffineTransform, _ q: CGAffineTransform) -> CGAffineTransform {
      CGAffineTransform(
        a: l(p.a, q.a), b: l(p.b, q.b), c: l(p.c, q.c), d: l(p.d, q.d), tx: l(p.tx, q.tx), ty: l(p.ty, q.ty))
    }
    var out: [CGPathShape] = []
    for (x, y) in zip(a, b) {
      switch (x, y) {
      case (.rect(let p, let pt), .rect(let q, let qt)): out.append(.rect(lr(p, q), transform: lt(pt, qt)))
      case (.roundedRect(let p, let pw, let ph, let pt), .roundedRect(let q, let qw, let qh, let qt)):
        out.append(.roundedRect(lr(p, q), cornerWidth: l(pw, qw), cornerHeight: l(ph, qh), transform: lt(pt, qt)))
      case (.rect(let p, let pt), .roundedRect(let q, let qw, let qh, let qt)):
        out.append(.roundedRect(lr(p, q), cornerWidth: l(0, qw), cornerHeight: l(0, qh), transform: lt(pt, qt)))
      case (.roundedRect(let p, let pw, let ph, let pt), .rect(let q, let qt)):
        out.append(.roundedRect(lr(p, q), cornerWidth: l(pw, 0), cornerHeight: l(ph, 0), transform: lt(pt, qt)))
      case (.ellipse(let p, let pt), .ellipse(let q, let qt)): out.append(.ellipse(lr(p, q), transform: lt(pt, qt)))
      case (.partlyRoundedRect(let p, let pr, let pt), .partlyRoundedRect(let q, let qr, let qt))
      where pr.count == qr.count:
        out.append(
          .partlyRoundedRect(
            lr(p, q), radii: zip(pr, qr).map { CGSize(width: l($0.width, $1.width), height: l($0.height, $1.height)) },
            transform: lt(pt, qt)))
      case (.arc(let pc, let pr, let pa, let pb, let pcw, let pt), .arc(let qc, let qr, let qa, let qb, _, let qt)):
        out.append(
          .arc(
            center: lp(pc, qc), radius: l(pr, qr), startAngle: l(pa, qa), endAngle: l(pb, qb), clockwise: pcw,
            transform: lt(pt, qt)))
      case (.move(let p), .move(let q)): out.append(.move(lp(p, q)))
      case (.line(let p), .line(let q)): out.append(.line(lp(p, q)))
      case (.quadCurve(let p, let pc), .quadCurve(let q, let qc)):
        out.append(.quadCurve(to: lp(p, q), control: lp(pc, qc)))
      case (.curve(let p, let p1, let p2), .curve(let q, let q1, let q2)):
        out.append(.curve(to: lp(p, q), control1: lp(p1, q1), control2: lp(p2, q2)))
      case (.close, .close): out.append(.close)
      default: return nil
      }
    }
    return out
  }
}

func fmt(_ v: CGFloat) -> String { String(format: "%.6g", Double(v)) }

// MARK: - Key paths

/// Key-path arithmetic: reading and writing struct fields and the `transform.*` pseudo-fields.
enum KeyPathSupport {
  /// Splits "transform.rotation.z" into ("transform", "rotation.z").
  static func split(_ keyPath: String) -> (base: String, sub: String?) {
    guard let dot = keyPath.firstIndex(of: ".") else { return (keyPath, nil) }
    return (String(keyPath[..<dot]), String(keyPath[keyPath.index(after: dot)...]))
  }

  static func get(_ v: AnimValue, _ sub: String) -> AnimValue? {
    switch v {
    case .point(let p):
      switch sub {
      case "x": return .scalar(Double(p.x))
      case "y": return .scalar(Double(p.y))
      default: return nil
      }
    case .size(let s):
      switch sub {
      case "width": return .scalar(Double(s.width))
      case "height": return .scalar(Double(s.height))
      default: return nil
      }
    case .rect(let r):
      switch sub {
      case "origin": return .point(r.origin)
      case "size": return .size(r.size)
      case "origin.x": return .scalar(Double(r.origin.x))
      case "origin.y": return .scalar(Double(r.origin.y))
      case "size.width": return .scalar(Double(r.width))
      case "size.height": return .scalar(Double(r.height))
      default: return nil
      }
    case .transform(let t):
      guard let d = DecomposedTransform(t) else { return nil }
      switch sub {
      case "rotation.x": return .scalar(d.rotation[0])
      case "rotation.y": return .scalar(d.rotation[1])
      case "rotation.z", "rotation": return .scalar(d.rotation[2])
      case "scale.x": return .scalar(d.scale[0])
      case "scale.y": return .scalar(d.scale[1])
      case "scale.z": return .scalar(d.scale[2])
      case "scale": return .scalar((d.scale[0] + d.scale[1] + d.scale[2]) / 3)
      case "translation.x": return .scalar(d.translation[0])
      case "translation.y": return .scalar(d.translation[1])
      case "translation.z": return .scalar(d.translation[2])
      case "translation": return .size(CGSize(width: d.translation[0], height: d.translation[1]))
      default: return nil
      }
    default: return nil
    }
  }

  static func set(_ v: AnimValue, _ sub: String, _ new: AnimValue) -> AnimValue {
    let s = new.scalar.map { CGFloat($0) }
    switch v {
    case .point(var p):
      switch sub {
      case "x": p.x = s ?? p.x
      case "y": p.y = s ?? p.y
      default: break
      }
      return .point(p)
    case .size(var z):
      switch sub {
      case "width": z.width = s ?? z.width
      case "height": z.height = s ?? z.height
      default: break
      }
      return .size(z)
    case .rect(var r):
      switch sub {
      case "origin": if case .point(let p) = new { r.origin = p }
      case "size": if case .size(let z) = new { r.size = z }
      case "origin.x": r.origin.x = s ?? r.origin.x
      case "origin.y": r.origin.y = s ?? r.origin.y
      case "size.width": r.size.width = s ?? r.size.width
      case "size.height": r.size.height = s ?? r.size.height
      default: break
      }
      return .rect(r)
    case .transform(let t):
      guard var d = DecomposedTransform(t) else { return v }
      let x = new.scalar ?? 0
      switch sub {
      case "rotation.x": d.rotation[0] = x
      case "rotation.y": d.rotation[1] = x
      case "rotation.z", "rotation": d.rotation[2] = x
      case "scale.x": d.scale[0] = x
      case "scale.y": d.scale[1] = x
      case "scale.z": d.scale[2] = x
      case "scale": d.scale = [x, x, x]
      case "translation.x": d.translation[0] = x
      case "translation.y": d.translation[1] = x
      case "translation.z": d.translation[2] = x
      case "translation":
        if case .size(let z) = new {
          d.translation[0] = Double(z.width)
          d.translation[1] = Double(z.height)
        }
      default: return v
      }
      return .transform(d.recomposeFromEuler())
    default: return v
    }
  }
}
