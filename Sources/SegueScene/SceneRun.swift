import SegueGeometry

/// One of the places a scene is drawn: a device of its `devices` and one of its `variants`
/// (or its own layout). A scene file with neither has one run, `plain`.
public struct SceneRun: Sendable, Equatable {
  /// A device the scene lists: a preset of `segue list devices` or a `[w, h]` size.
  public struct Device: Sendable, Equatable {
    /// The preset's name, or `WxH` for a size (`375x667`).
    public var name: String
    public var size: Size
    /// Pixels a point; nil for a size, which takes the scene's scale.
    public var scale: Double?
    /// The preset's safe area; nil for a size, which takes the scene's `safeArea`.
    public var safeArea: SafeArea? = nil
  }

  /// Nil: the scene's own `size` (and `device`).
  public var device: Device?
  /// Nil: the scene as written.
  public var variant: String?

  public init(device: Device? = nil, variant: String? = nil) {
    self.device = device
    self.variant = variant
  }

  /// The run of a scene without devices or variants.
  public static let plain = SceneRun()

  /// The name of the run's folder inside the scene's (`iphone-se`, `iphone-se+card-low`,
  /// `card-low`, and `default` for the scene's own layout beside its variants), or nil for the
  /// one run of a scene without devices and variants, whose frames stay in the scene's folder.
  /// The one place folder names of runs come from.
  public func folderName(among runs: [SceneRun]) -> String? {
    guard runs.count > 1 || self != .plain else { return nil }
    let parts = [device?.name, variant].compactMap { $0 }
    return parts.isEmpty ? SceneRun.defaultName : parts.joined(separator: "+")
  }

  /// The run of the scene's own layout, when it has variants and no devices.
  public static let defaultName = "default"
}
