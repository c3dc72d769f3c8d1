#if canImport(UIKit)
  import UIKit

  /// A layer's mask as a scene's `mask` says it, in the layer's own points: a `CAShapeLayer`'s
  /// path as SVG path data (`{"path": "M0 0 L100 0 … Z"}`), or a plain layer's filled rectangle
  /// with its corners (`{"rect": [x, y, w, h], "cornerRadius": r}`). Read from the mask's
  /// presentation, so an animated path is read as it is at that instant.
  @MainActor
  enum LayerMask {
    enum Reading: Equatable {
      case none
      /// The mask, and where its layer is (its anchor at its position in units of the host's
      /// size, its transform about it, its opacity).
      case mask(SceneValue, layer: LayerValues.MaskLayer)
      /// What the scene cannot hold, in words.
      case refused(keyPath: String, reason: String)
    }

    static func read(_ host: CALayer) -> Reading {
      guard let model = host.mask else { return .none }
      let mask = model.presentation() ?? model
      let size = host.bounds.size
      let moved = LayerValues.fields(mask.transform) != LayerValues.identity || mask.opacity != 1
      if moved, size.width <= 0 || size.height <= 0 {
        return .refused(keyPath: "mask", reason: "its mask layer moves on a host of no size")
      }
      // The mask layer as the scene's X.mask: the host's bounds for a frame, turning about the
      // mask's anchor (at its position), its path's points offset into the host's.
      let layer = LayerValues.MaskLayer(
        anchor: size.width > 0 && size.height > 0
          ? [Double(mask.position.x / size.width), Double(mask.position.y / size.height)] : [0.5, 0.5],
        transform: LayerValues.fields(mask.transform), opacity: Double(mask.opacity))
      // The mask layer's frame in the host's points: its path's points are in the mask's own.
      let origin = CGPoint(
        x: mask.position.x - mask.anchorPoint.x * mask.bounds.width - mask.bounds.minX,
        y: mask.position.y - mask.anchorPoint.y * mask.bounds.height - mask.bounds.minY)
      if let shape = mask as? CAShapeLayer {
        guard let path = shape.path else { return .mask(.object([("path", .string("M0 0 Z"))]), layer: layer) }
        if let circle = circle(path, offset: origin) {
          return .mask(.object([("circle", .numbers(circle))]), layer: layer)
        }
        if let rect = rectangle(path, offset: origin) {
          return .mask(.object([("rect", .numbers(rect)), ("cornerRadius", .number(0))]), layer: layer)
        }
        return .mask(.object([("path", .string(svg(path, offset: origin)))]), layer: layer)
      }
      guard mask.contents == nil, mask.sublayers?.isEmpty ?? true, let color = mask.backgroundColor,
        (LayerValues.components(color)?[3] ?? 0) >= 1
      else {
        return .refused(
          keyPath: "mask", reason: "its mask is not a shape layer or a filled rectangle (an image or a tree of layers)")
      }
      return .mask(
        .object([
          (
            "rect",
            .numbers([Double(origin.x), Double(origin.y), Double(mask.bounds.width), Double(mask.bounds.height)])
          ),
          ("cornerRadius", .number(Double(mask.cornerRadius))),
        ]), layer: layer)
    }

    /// The centre and radius of a path that is a circle as `UIBezierPath(ovalIn:)` and
    /// `CGPath(ellipseIn:)` make one of a square (a move, four quarter arcs as cubics with the
    /// usual control distance 4/3·tan(π/8) of the radius, a close), moved by `offset`; nil for any
    /// other path. A scene's circle mask is that circle.
    static func circle(_ path: CGPath, offset: CGPoint) -> [Double]? {
      var points: [CGPoint] = []
      var kinds: [CGPathElementType] = []
      path.applyWithBlock { element in
        kinds.append(element.pointee.type)
        switch element.pointee.type {
        case .moveToPoint, .addLineToPoint: points.append(element.pointee.points[0])
        case .addQuadCurveToPoint: points += [element.pointee.points[0], element.pointee.points[1]]
        case .addCurveToPoint: points += (0..<3).map { element.pointee.points[$0] }
        default: break
        }
      }
      guard
        kinds == [.moveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .addCurveToPoint, .closeSubpath]
      else { return nil }
      let xs = points.map { Double($0.x) }
      let ys = points.map { Double($0.y) }
      let (cx, cy) = ((xs.min()! + xs.max()!) / 2, (ys.min()! + ys.max()!) / 2)
      let radius = (xs.max()! - xs.min()!) / 2
      guard radius > 0, abs((ys.max()! - ys.min()!) / 2 - radius) <= 1e-9 * max(1, radius) else { return nil }
      // Every on-curve point on the circle, every control point a tangent's 4/3·tan(π/8) away.
      let k = 4.0 / 3.0 * tan(Double.pi / 8)
      let onCurve = [0, 3, 6, 9, 12].map { points[$0] }
      for p in onCurve where abs(hypot(Double(p.x) - cx, Double(p.y) - cy) - radius) > 1e-9 * max(1, radius) {
        return nil
      }
      for (index, control) in [1, 2, 4, 5, 7, 8, 10, 11].enumerated() {
        let anchor = onCurve[index / 2 + index % 2]
        let distance = hypot(Double(points[control].x - anchor.x), Double(points[control].y - anchor.y))
        guard abs(distance - k * radius) <= 1e-6 * max(1, radius) else { return nil }
      }
      return [cx + Double(offset.x), cy + Double(offset.y), radius]
    }

    /// The rectangle of a path that is one (a single closed outline whose every point is a
    /// corner of its bounding box, as a rect or a rounded rect of radius 0 makes), moved by
    /// `offset`: x, y, width, height; nil for any other path.
    static func rectangle(_ path: CGPath, offset: CGPoint) -> [Double]? {
      var points: [CGPoint] = []
      var moves = 0
      path.applyWithBlock { element in
        switch element.pointee.type {
        case .moveToPoint:
          moves += 1
          points.append(element.pointee.points[0])
        case .addLineToPoint: points.append(element.pointee.points[0])
        case .addQuadCurveToPoint: points += [element.pointee.points[0], element.pointee.points[1]]
        case .addCurveToPoint: points += (0..<3).map { element.pointee.points[$0] }
        default: break
        }
      }
      guard moves == 1, !points.isEmpty else { return nil }
      let (minX, maxX) = (points.map(\.x).min()!, points.map(\.x).max()!)
      let (minY, maxY) = (points.map(\.y).min()!, points.map(\.y).max()!)
      guard maxX > minX, maxY > minY,
        points.allSatisfy({ ($0.x == minX || $0.x == maxX) && ($0.y == minY || $0.y == maxY) })
      else { return nil }
      // All four corners, so it is the whole rectangle and not a triangle of three of them.
      let corners = Set(points.map { "\($0.x == minX) \($0.y == minY)" })
      guard corners.count == 4 else { return nil }
      return [minX + offset.x, minY + offset.y, maxX - minX, maxY - minY].map { Double($0) }
    }

    /// SVG path data of `path`, moved by `offset`: M, L, Q, C and Z with absolute points, and A
    /// for a cubic that is a quarter circle (`quarterCircle`).
    static func svg(_ path: CGPath, offset: CGPoint) -> String {
      var parts: [String] = []
      func point(_ p: CGPoint) -> String {
        SceneValue.format(Double(p.x + offset.x)) + " " + SceneValue.format(Double(p.y + offset.y))
      }
      var current = CGPoint.zero
      var start = CGPoint.zero
      path.applyWithBlock { element in
        let points = element.pointee.points
        switch element.pointee.type {
        case .moveToPoint:
          parts.append("M" + point(points[0]))
          (current, start) = (points[0], points[0])
        case .addLineToPoint:
          parts.append("L" + point(points[0]))
          current = points[0]
        case .addQuadCurveToPoint:
          parts.append("Q" + point(points[0]) + " " + point(points[1]))
          current = points[1]
        case .addCurveToPoint:
          if let (radius, sweep) = quarterCircle(current, points[0], points[1], points[2]) {
            let r = SceneValue.format(radius)
            parts.append("A\(r) \(r) 0 0 \(sweep ? 1 : 0) " + point(points[2]))
          } else {
            parts.append("C" + point(points[0]) + " " + point(points[1]) + " " + point(points[2]))
          }
          current = points[2]
        case .closeSubpath:
          parts.append("Z")
          current = start
        @unknown default: break
        }
      }
      return parts.isEmpty ? "M0 0 Z" : parts.joined(separator: " ")
    }

    /// The radius and SVG sweep flag of a cubic from `p0` that is a quarter circle as Core
    /// Graphics makes one (`addArc`, `addRelativeArc`, the corners `UIBezierPath(roundedRect:
    /// byRoundingCorners:cornerRadii:)` and apps' own paths draw): with u, v the unit vectors
    /// from the centre C to its ends, p0 = C + r·u, p3 = C + r·v, p1 = p0 + k·r·v and
    /// p2 = p3 + k·r·u, k = 4/3·tan(π/8). Nil for any other cubic. Written as an arc, the scene
    /// draws the circle the app meant (the cubic strays from it by 0.027% of r), as `circle`
    /// does for a whole one.
    static func quarterCircle(_ p0: CGPoint, _ p1: CGPoint, _ p2: CGPoint, _ p3: CGPoint) -> (Double, Bool)? {
      let k = 4.0 / 3.0 * tan(Double.pi / 8)
      let (x0, y0, x1, y1) = (Double(p0.x), Double(p0.y), Double(p1.x), Double(p1.y))
      let (x2, y2, x3, y3) = (Double(p2.x), Double(p2.y), Double(p3.x), Double(p3.y))
      let radius = hypot(x1 - x0, y1 - y0) / k
      guard radius > 0, radius.isFinite else { return nil }
      // v from p0's tangent, u from p3's; the centre both ways.
      let (vx, vy) = ((x1 - x0) / (k * radius), (y1 - y0) / (k * radius))
      let (ux, uy) = ((x2 - x3) / (k * radius), (y2 - y3) / (k * radius))
      let tolerance = 1e-6 * max(1, radius)
      guard abs(hypot(ux, uy) - 1) * radius <= tolerance, abs(ux * vx + uy * vy) * radius <= tolerance,
        abs((x0 - radius * ux) - (x3 - radius * vx)) <= tolerance,
        abs((y0 - radius * uy) - (y3 - radius * vy)) <= tolerance
      else { return nil }
      // From u to v in the positive sense of y-down coordinates: SVG's sweep flag 1.
      return (radius, ux * vy - uy * vx > 0)
    }
  }
#endif
