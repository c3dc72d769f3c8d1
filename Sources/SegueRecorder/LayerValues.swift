#if canImport(UIKit)
  import UIKit

  /// What one layer shows at one instant, in the units a scene states it: its untransformed
  /// frame in its superlayer's points, anchor, transform, opacity, corners, fill, shadow and
  /// whether it shows at all. Read from a model layer (what the app set) or its presentation
  /// (what Core Animation draws at that instant).
  struct LayerValues: Equatable {
    /// x, y, width, height: `position − anchorPoint × size`, the frame before the transform.
    var frame: [Double]
    var anchor: [Double]
    /// The sixteen fields of `transform`, m11 … m44, in Core Animation's order.
    var transform: [Double]
    var opacity: Double
    var cornerRadius: Double
    /// Which corners the radius rounds (`maskedCorners`): top-left, top-right, bottom-right,
    /// bottom-left, a scene's order of four radii.
    var roundedCorners: [Bool]
    /// Straight sRGB red, green, blue, alpha from 0 to 1; nil for no fill.
    var color: [Double]?
    var shadow: Shadow?
    var hidden: Bool
    /// `isDoubleSided`.
    var doubleSided: Bool
    /// Its mask as the scene's `mask` value (`LayerMask`); nil for none. Set by the reader,
    /// which reads it from the model layer's mask.
    var mask: SceneValue?
    /// Its mask layer's place, where a `transform` or `opacity` of the mask layer's own moves it
    /// (the scene's `X.mask` target): the anchor in units of the host's size, the transform
    /// about it, the opacity.
    var maskLayer: MaskLayer?

    struct MaskLayer: Equatable {
      var anchor: [Double]
      var transform: [Double]
      var opacity: Double
    }

    /// A layer's shadow; nil when its opacity is 0 (Core Animation draws none).
    struct Shadow: Equatable {
      var color: [Double]
      var opacity: Double
      var radius: Double
      var offset: [Double]
    }

    static let identity: [Double] = [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]

    init(_ layer: CALayer) {
      let size = layer.bounds.size
      let anchor = layer.anchorPoint
      frame = [
        Double(layer.position.x - anchor.x * size.width), Double(layer.position.y - anchor.y * size.height),
        Double(size.width), Double(size.height),
      ]
      self.anchor = [Double(anchor.x), Double(anchor.y)]
      transform = LayerValues.fields(layer.transform)
      opacity = Double(layer.opacity)
      // A spring to square corners passes below 0, which Core Animation draws as square
      // (a radius rounds corners only above 0) and a scene does not take.
      cornerRadius = max(0, Double(layer.cornerRadius))
      let corners = layer.maskedCorners
      roundedCorners = [
        corners.contains(.layerMinXMinYCorner), corners.contains(.layerMaxXMinYCorner),
        corners.contains(.layerMaxXMaxYCorner), corners.contains(.layerMinXMaxYCorner),
      ]
      color = layer.backgroundColor.flatMap(LayerValues.components)
      if layer.shadowOpacity > 0 {
        shadow = Shadow(
          color: layer.shadowColor.flatMap(LayerValues.components) ?? [0, 0, 0, 1],
          opacity: Double(layer.shadowOpacity), radius: Double(layer.shadowRadius),
          offset: [Double(layer.shadowOffset.width), Double(layer.shadowOffset.height)])
      }
      hidden = layer.isHidden
      doubleSided = layer.isDoubleSided
    }

    /// The corner radius as a scene says it: one number, or four where `maskedCorners` leaves
    /// some corners square.
    var cornerRadiusValue: SceneValue {
      roundedCorners.allSatisfy { $0 } ? .number(cornerRadius) : .numbers(roundedCorners.map { $0 ? cornerRadius : 0 })
    }

    /// Whether the layer is a circle: square, its corners all rounded by at least half its side.
    func isCircle(continuous: Bool) -> Bool {
      frame[2] == frame[3] && frame[2] > 0 && !continuous && roundedCorners.allSatisfy { $0 }
        && cornerRadius >= frame[2] / 2
    }

    /// The fields of a transform in Core Animation's order.
    static func fields(_ m: CATransform3D) -> [Double] {
      [
        m.m11, m.m12, m.m13, m.m14, m.m21, m.m22, m.m23, m.m24, m.m31, m.m32, m.m33, m.m34, m.m41, m.m42, m.m43,
        m.m44,
      ].map { Double($0) }
    }

    /// A colour's straight sRGB components, through UIColor, which converts grey and RGB
    /// colours alike (nil for a pattern, which a scene cannot fill with).
    static func components(_ color: CGColor) -> [Double]? {
      var (red, green, blue, alpha): (CGFloat, CGFloat, CGFloat, CGFloat) = (0, 0, 0, 0)
      guard UIColor(cgColor: color).getRed(&red, green: &green, blue: &blue, alpha: &alpha) else { return nil }
      return [red, green, blue, alpha].map { min(1, max(0, Double($0))) }
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when the colour is not opaque: each component rounded to the
    /// nearest of 256 levels, as a scene's colours are.
    static func hex(_ components: [Double]) -> String {
      let bytes = components.map { Int(($0 * 255).rounded()) }
      let shown = bytes[3] == 255 ? Array(bytes.prefix(3)) : bytes
      return "#" + shown.map { String(format: "%02X", $0) }.joined()
    }
  }
#endif
