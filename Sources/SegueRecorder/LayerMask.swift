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
      case mask(SceneValue)
      /// What the scene cannot hold, in words.
      case refused(keyPath: String, reason: String)
    }

    static func read(_ host: CALayer) -> Reading {
      guard let model = host.mask else { return .none }
      let mask = model.presentation() ?? model
      guard LayerValues.fields(mask.transform) == LayerValues.identity, mask.opacity == 1 else {
        return .refused(
          keyPath: "mask", reason: "its mask layer is turned, scaled or faded, which the recorder does not record yet")
      }
      // The mask layer's frame in the host's points: its path's points are in the mask's own.
      let origin = CGPoint(
        x: mask.position.x - mask.anchorPoint.x * mask.bounds.width - mask.bounds.minX,
        y: mask.position.y - mask.anchorPoint.y * mask.bounds.height - mask.bounds.minY)
      if let shape = mask as? CAShapeLayer {
        guard let path = shape.path else { return .mask(.object([("path", .string("M0 0 Z"))])) }
        return .mask(.object([("path", .string(svg(path, offset: origin)))]))
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
        ]))
    }

    /// SVG path data of `path`, moved by `offset`: M, L, Q, C and Z with absolute points.
    static func svg(_ path: CGPath, offset: CGPoint) -> String {
      var parts: [String] = []
      func point(_ p: CGPoint) -> String {
        SceneValue.format(Double(p.x + offset.x)) + " " + SceneValue.format(Double(p.y + offset.y))
      }
      path.applyWithBlock { element in
        let points = element.pointee.points
        switch element.pointee.type {
        case .moveToPoint: parts.append("M" + point(points[0]))
        case .addLineToPoint: parts.append("L" + point(points[0]))
        case .addQuadCurveToPoint: parts.append("Q" + point(points[0]) + " " + point(points[1]))
        case .addCurveToPoint: parts.append("C" + point(points[0]) + " " + point(points[1]) + " " + point(points[2]))
        case .closeSubpath: parts.append("Z")
        @unknown default: break
        }
      }
      return parts.isEmpty ? "M0 0 Z" : parts.joined(separator: " ")
    }
  }
#endif
