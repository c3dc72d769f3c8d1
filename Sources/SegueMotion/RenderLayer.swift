import SegueGeometry
import SegueScene

/// One thing a frame draws (a screen's snapshot, a lifted layer, an overlay, a morphing matched
/// layer), placed in 3D: what it shows, its bounds and transform, and how it is clipped, faded
/// and shadowed. The compositor walks these; it knows nothing of transitions.
public struct RenderLayer: Sendable, Equatable {
  /// What fills the layer's bounds.
  public enum Content: Sendable, Equatable {
    /// The screen's snapshot without its lifted layers, stretched to the bounds.
    case snapshot(ScreenRole)
    /// A scene layer drawn from its description into the bounds (its fill, image and border),
    /// with its image cropped as its original rectangle aspect-fills it.
    case layer(Layer)
    /// One colour (an overlay).
    case solid(RGBA8)
    /// A matched layer: the two layers' pixels, each stretched to the bounds, mixed
    /// (1 − q)·A + q·B, where q is `mix`, inside one outline that morphs between their shapes.
    /// `radiiY`, when set, makes the corners quarter ellipses: `cornerRadii` across, `radiiY`
    /// down (an ellipse is the rounded rectangle with radii half its sides).
    case morph(from: Layer, to: Layer, mix: Double, radiiY: CornerRadii? = nil)
  }

  public var content: Content
  /// The size of the content's own points: a screen's size, a layer's rectangle; content is
  /// stretched from it to `bounds`.
  public var contentSize: Size
  /// The layer's current size (its frame's): clips, masks and corner radii are in these points.
  public var bounds: Size
  /// For a snapshot: the part of its picture the layer shows, in units of the picture (Core
  /// Animation's `contentsRect`), stretched to the bounds: a piece of a screen is one picture
  /// with one edge, not the whole screen clipped (whose edges, where they meet the piece's,
  /// would be anti-aliased twice).
  public var contentsRect = Rect(x: 0, y: 0, width: 1, height: 1)
  /// Maps the layer's points (0…width, 0…height, z = 0) to its parent's points: the
  /// container's for top-level layers, the screen's content points for sublayers.
  public var transform: Transform3D
  /// 0…1, of the layer and its sublayers as one group.
  public var opacity: Double
  public var cornerRadii: CornerRadii
  public var cornerCurve: CornerCurve
  /// What shows of the layer: its shape in the mask layer's points (in the layer's own points
  /// unless `maskTransform` moves it).
  public var mask: Mask?
  /// Maps the mask layer's points to the layer's points: the mask layer's frame, anchor and
  /// transform (a `to.mask` target), identity when it covers the layer's bounds unmoved.
  public var maskTransform: Transform3D = .identity
  /// The mask layer's opacity: what the mask lets through, times this.
  public var maskOpacity: Double = 1
  public var shadow: Shadow?
  /// Drawn over the content, in the content's points.
  public var sublayers: [RenderLayer]
  /// Whether the sublayers are clipped to the layer's shape: always for a screen (its frame),
  /// for a layer when it `clips`.
  public var clipsSublayers: Bool
  /// False: not drawn while it faces away from the eye of the plane it is flattened into.
  public var doubleSided: Bool
  /// Its sublayers stay in 3D (a `CATransformLayer`), drawn back to front by their centres'
  /// depth; otherwise they are flattened into its plane, drawn in order of `zPosition`.
  public var preserves3D: Bool
  /// Applied to the sublayers in its content's points (a perspective about its centre).
  public var sublayerTransform: Transform3D
  /// Siblings in a flattening parent are drawn in this order (ties in list order); the depth
  /// itself is part of `transform`.
  public var zPosition: Double

  public init(
    content: Content, contentSize: Size, bounds: Size, transform: Transform3D = .identity, opacity: Double = 1,
    cornerRadii: CornerRadii = .zero, cornerCurve: CornerCurve = .circular, mask: Mask? = nil, shadow: Shadow? = nil,
    sublayers: [RenderLayer] = [], clipsSublayers: Bool = true, doubleSided: Bool = true, preserves3D: Bool = false,
    sublayerTransform: Transform3D = .identity, zPosition: Double = 0
  ) {
    self.content = content
    self.contentSize = contentSize
    self.bounds = bounds
    self.transform = transform
    self.opacity = opacity
    self.cornerRadii = cornerRadii
    self.cornerCurve = cornerCurve
    self.mask = mask
    self.shadow = shadow
    self.sublayers = sublayers
    self.clipsSublayers = clipsSublayers
    self.doubleSided = doubleSided
    self.preserves3D = preserves3D
    self.sublayerTransform = sublayerTransform
    self.zPosition = zPosition
  }

  /// The same layer with its mask layer moved and faded as given (unchanged for nil).
  func masked(by maskLayer: (transform: Transform3D, opacity: Double)?) -> RenderLayer {
    guard let maskLayer, mask != nil else { return self }
    var layer = self
    layer.maskTransform = maskLayer.transform
    layer.maskOpacity = min(1, max(0, maskLayer.opacity))
    return layer
  }

  /// Whether its outline is the ellipse in its bounds (a scene layer of `ellipse` shape): what it
  /// clips its sublayers to and what casts its shadow.
  public var isEllipse: Bool {
    if case .layer(let layer) = content { return layer.shape == .ellipse }
    return false
  }

  /// Maps content points to the parent's points: the stretch from `contentSize` to `bounds`,
  /// then `transform`.
  public var contentTransform: Transform3D {
    let sx = contentSize.width > 0 ? bounds.width / contentSize.width : 1
    let sy = contentSize.height > 0 ? bounds.height / contentSize.height : 1
    return transform * .scale(sx, sy)
  }
}
