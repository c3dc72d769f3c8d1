/// Bounds that reject absurd scenes quickly, before anything is allocated for them.
public enum SceneLimits {
  /// Largest frame side in pixels.
  public static let maxSide = 8192
  /// Most pixels in a frame (64 Mpx).
  public static let maxPixels = 64 * 1_000_000
  public static let fps: ClosedRange<Int> = 1...240
  /// Longest transition, and longest interactive timeline, in seconds.
  public static let maxDuration = 60.0
  /// Most layers on one screen, at every depth together.
  public static let maxLayers = 10_000
  /// Deepest nesting of groups (a screen's own layers are depth 0).
  public static let maxLayerDepth = 24
  /// Most overlays in a custom transition: each is a target drawn in every frame, as a layer is.
  public static let maxOverlays = 10_000
  /// Most snapshots in a custom transition: each is a target drawn in every frame, and a view the
  /// animator makes, as an overlay is.
  public static let maxSnapshots = 10_000
  /// Most colours in one gradient (each is looked up for every pixel it fills).
  public static let maxGradientStops = 64
  /// Largest scene file in bytes.
  public static let maxFileSize = 16 * 1024 * 1024
  /// Largest pixel scale.
  public static let maxScale = 16.0
  /// Largest coordinate magnitude in points.
  public static let maxCoordinate = 1_000_000.0
  /// Largest circle mask radius in points: three times `maxCoordinate`, so that a circle centred
  /// anywhere within the coordinate limits can reach every corner of the largest container (the
  /// circle preset's default end radius, which `segue expand` writes out).
  public static let maxMaskRadius = 3 * maxCoordinate
  /// Longest SVG path data of a mask, in characters: a detailed logo takes a few thousand.
  public static let maxPathLength = 100_000
}
