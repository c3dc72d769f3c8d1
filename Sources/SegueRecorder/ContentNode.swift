#if canImport(UIKit)
  import UIKit

  /// A view (or a layer of its own) and everything inside it, as it is at one instant: what a
  /// scene's layer tree says of it. Read before the animator runs for the two screens, and when
  /// the recorder first sees a view the animator made.
  @MainActor
  struct ContentNode {
    /// The view, or nil for a sublayer no view owns (a gradient or shape layer an app adds).
    let view: UIView?
    let layer: CALayer
    let values: LayerValues
    let identifier: String?
    let clips: Bool
    /// `isDoubleSided`: false hides it while it faces away.
    let doubleSided: Bool
    let continuousCorners: Bool
    let border: (width: Double, color: [Double])?
    let gradient: SceneValue?
    /// Whether the layer draws content of its own beyond its fill and border (an image, text, a
    /// shape, a `draw(_:)`), which only a picture of it holds.
    let drawsContent: Bool
    let children: [ContentNode]

    /// `view`'s tree: its layer's sublayers in drawing order, each the subview it belongs to or
    /// a layer of its own.
    static func read(_ view: UIView) -> ContentNode { read(view.layer, view: view) }

    static func read(_ layer: CALayer, view: UIView?) -> ContentNode {
      var owners: [ObjectIdentifier: UIView] = [:]
      for subview in view?.subviews ?? [] { owners[ObjectIdentifier(subview.layer)] = subview }
      let children = (layer.sublayers ?? []).map { sublayer in
        read(sublayer, view: owners[ObjectIdentifier(sublayer)])
      }
      var border: (Double, [Double])?
      if layer.borderWidth > 0, let color = layer.borderColor.flatMap(LayerValues.components), color[3] > 0 {
        border = (Double(layer.borderWidth), color)
      }
      return ContentNode(
        view: view, layer: layer, values: LayerValues(layer), identifier: view?.accessibilityIdentifier,
        clips: layer.masksToBounds, doubleSided: layer.isDoubleSided,
        continuousCorners: layer.cornerCurve == .continuous,
        border: border,
        gradient: (layer as? CAGradientLayer).flatMap(gradient), drawsContent: drawsContent(layer, view: view),
        children: children)
    }

    /// A `CAGradientLayer`'s fill as a scene's `gradient`: its type, colours, locations and
    /// points, which mean the same in both.
    static func gradient(_ layer: CAGradientLayer) -> SceneValue? {
      let colors = (layer.colors ?? []).compactMap(cgColor).compactMap(LayerValues.components)
      guard colors.count >= 2 else { return nil }
      var pairs: [(key: String, value: SceneValue)] = []
      switch layer.type {
      case .radial: pairs.append(("type", .string("radial")))
      case .conic: pairs.append(("type", .string("conic")))
      default: break
      }
      pairs.append(("colors", .array(colors.map { .string(LayerValues.hex($0)) })))
      if let locations = layer.locations, locations.count == colors.count {
        pairs.append(("locations", .numbers(locations.map { $0.doubleValue })))
      }
      pairs.append(("startPoint", .numbers([Double(layer.startPoint.x), Double(layer.startPoint.y)])))
      pairs.append(("endPoint", .numbers([Double(layer.endPoint.x), Double(layer.endPoint.y)])))
      return .object(pairs)
    }

    /// An element of `CAGradientLayer.colors` as the colour it is.
    static func cgColor(_ element: Any) -> CGColor? {
      #if canImport(ObjectiveC)
        guard CFGetTypeID(element as CFTypeRef) == CGColor.typeID else { return nil }
        return (element as! CGColor)
      #else
        return element as? CGColor
      #endif
    }

    /// Content a layer draws that its fill, corners and border do not say: an image or text in
    /// its contents, a shape layer's path, a view that draws itself.
    static func drawsContent(_ layer: CALayer, view: UIView?) -> Bool {
      if layer.contents != nil || layer is CAShapeLayer || isSnapshot(view) { return true }
      #if os(iOS) || os(tvOS) || os(visionOS)
        if view is UILabel || view is UIImageView { return true }
      #endif
      return false
    }

    /// Whether `view` is a snapshot UIKit made (`snapshotView(afterScreenUpdates:)`,
    /// `resizableSnapshotView`): a `_UIReplicantView`, whose picture the render server holds, not
    /// its layer, so `render(in:)` draws nothing of it and `drawHierarchy` is what draws it.
    static func isSnapshot(_ view: UIView?) -> Bool {
      guard let view else { return false }
      return String(describing: type(of: view)).contains("ReplicantView")
    }
  }
#endif
