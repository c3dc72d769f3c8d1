import SegueGeometry
import SegueRaster
import SegueScene
import SegueSync

/// Gradient layers' backing stores: a gradient drawn once per size in device pixels into a
/// picture, which frames then stretch over the layer, as Core Animation draws a
/// `CAGradientLayer` at its bounds and scale and scales that picture with its transform.
///
/// A picture is keyed by everything that draws it (the gradient and the picture's size), so it
/// is never stale, and it is the same whichever frame or thread draws it first. A layer whose
/// bounds animate gets a picture for each size its bounds round to in device pixels: at least a
/// pixel apart. The store keeps the most recently used pictures within `byteLimit`.
///
/// Which layers take a picture: those seen upright but scaled (a card's contents stretched with
/// it, a screen shrunk behind a sheet), where the picture is drawn once and each frame only
/// resamples it. Not a layer seen upright at the frame's own density (unscaled, moved or
/// resized): its picture would land pixel for pixel on the frame's grid, and drawing the
/// gradient there directly is that picture. Not a layer turned in 3D either: resampling a picture
/// in perspective costs more than working the gradient out at each pixel (measured with
/// farm-bench at scale 3: custom-page-flip 1.04 and custom-cube-carousel 1.19 times the time with
/// pictures), and the two differ only by the picture's resampling.
final class GradientPictures: Sendable {
  struct Key: Hashable {
    let gradient: Gradient
    let width: Int
    let height: Int
  }

  private struct Entry {
    let key: Key
    let picture: Pixmap
    var lastUse: Int
  }

  private struct Store {
    var entries: [Entry] = []
    var bytes = 0
    var clock = 0
  }

  /// Pictures kept, in bytes, unless told otherwise: a picture the size of the largest frame
  /// (1290 × 2796 at scale 3) is 14 MB.
  static let defaultByteLimit = 48 << 20
  /// The most pixels one picture may have: a layer larger than this (stretched far past any
  /// frame) is drawn directly instead.
  static let pixelLimit = 16_000_000

  private let store = Guarded(Store())
  /// Bytes of pictures kept: past it the least recently used go.
  let byteLimit: Int

  init(byteLimit: Int = GradientPictures.defaultByteLimit) {
    self.byteLimit = byteLimit
  }

  /// The store seen from frames of one density.
  struct Context: Sendable {
    let store: GradientPictures
    /// The frame's pixels a point, across and down: the density pictures are drawn at.
    let density: Point

    /// The picture of `gradient` for a layer of `bounds` (points) mapped onto the frame by
    /// `map`; nil when it is drawn directly (not upright, upright at the frame's density, or too
    /// large).
    func picture(of gradient: Gradient, bounds: Size, map: Homography) -> Pixmap? {
      guard map.isUprightScaleTranslate, map.i != 0 else { return nil }
      let (sx, sy) = (map.a / map.i, map.e / map.i)
      if abs(sx - density.x) <= 1e-9 * density.x && abs(sy - density.y) <= 1e-9 * density.y { return nil }
      let width = (bounds.width * density.x).rounded()
      let height = (bounds.height * density.y).rounded()
      guard width.isFinite, height.isFinite,
        max(1, width) * max(1, height) <= Double(GradientPictures.pixelLimit)
      else { return nil }
      return store.picture(Key(gradient: gradient, width: max(1, Int(width)), height: max(1, Int(height))))
    }
  }

  /// The picture for `key`, drawn on a miss (outside the lock: two threads may both draw one, and
  /// both draw the same pixels).
  func picture(_ key: Key) -> Pixmap? {
    let found: Pixmap? = store.withLock { store in
      guard let index = store.entries.firstIndex(where: { $0.key == key }) else { return nil }
      store.clock += 1
      store.entries[index].lastUse = store.clock
      return store.entries[index].picture
    }
    if let found { return found }
    guard let picture = GradientPictures.draw(key) else { return nil }
    store.withLock { store in
      guard !store.entries.contains(where: { $0.key == key }) else { return }
      store.clock += 1
      store.entries.append(Entry(key: key, picture: picture, lastUse: store.clock))
      store.bytes += GradientPictures.bytes(of: picture)
      // The least recently used go first; the new one stays, whatever its size.
      while store.bytes > byteLimit, store.entries.count > 1 {
        let oldest = store.entries.indices.min { store.entries[$0].lastUse < store.entries[$1].lastUse }!
        store.bytes -= GradientPictures.bytes(of: store.entries[oldest].picture)
        store.entries.remove(at: oldest)
      }
    }
    return picture
  }

  /// The bytes the kept pictures hold.
  var bytes: Int { store.withLock { $0.bytes } }

  /// How many pictures are kept.
  var count: Int { store.withLock { $0.entries.count } }

  /// The gradient over a picture of the key's size: its unit square stretched over the picture,
  /// each pixel the colour at its centre (as `LayerPainter` draws a gradient on a frame).
  static func draw(_ key: Key) -> Pixmap? {
    guard var picture = Pixmap(width: key.width, height: key.height) else { return nil }
    let size = Size(width: Double(key.width), height: Double(key.height))
    picture.fillGradient(
      LayerPainter.shader(key.gradient, bounds: size), inverse: .identity, clips: [.rect(Rect(size: size))])
    return picture
  }

  static func bytes(of picture: Pixmap) -> Int { picture.width * picture.height * 4 }
}
