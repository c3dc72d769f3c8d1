/// A view: a thin owner of its backing layer. Geometry and appearance live on the layer, so
/// `view.layer.presentation()` shows what is on screen. Transforms are 2D for conversions.
@MainActor
open class UIView: NSObject {
  public let layer: CALayer
  open class var layerClass: AnyClass { CALayer.self }
  public private(set) weak var superview: UIView?
  public private(set) var subviews: [UIView] = []
  open var tag: Int = 0
  open var accessibilityIdentifier: String?
  open var isUserInteractionEnabled = true
  open var contentMode: ContentMode = .scaleToFill
  open var autoresizingMask: UInt = 0
  open var translatesAutoresizingMaskIntoConstraints = true
  private var storedBackgroundColor: UIColor?
  /// Set on views made by `snapshotView(afterScreenUpdates:)` (not SDK API): the view it shows.
  public private(set) weak var standInSnapshotSource: UIView?
  /// Whether the snapshot was taken after screen updates (not SDK API).
  public private(set) var standInSnapshotAfterScreenUpdates = false
  /// Clock time when the snapshot was taken (not SDK API).
  public private(set) var standInSnapshotTime: CFTimeInterval = 0
  /// The source's presentation frame in its superview when the snapshot was taken (not SDK API).
  public private(set) var standInSnapshotSourceFrame: CGRect = .zero
  /// For a `resizableSnapshotView(from:…)`: the rectangle of the source it shows.
  public private(set) var standInSnapshotRect: CGRect?
  /// The source's descendants that were hidden (themselves, or under a hidden view) when the
  /// snapshot was taken, so left out of it (not SDK API).
  public private(set) var standInSnapshotHidden: [UIView] = []
  /// What the snapshot shows, as the scene JSON of the source's layers when it was taken
  /// (`StandInSnapshotScene`; not SDK API).
  public private(set) var standInSnapshotLayers: String?
  /// The size the snapshot was taken at: the source's bounds (or the rect a resizable one shows).
  /// Drawn into another size, its picture is stretched to it (not SDK API).
  public private(set) var standInSnapshotSize: CGSize = .zero

  /// The insets the device's screen gives this view (not SDK API: a test sets the container's,
  /// as a window gives its root views theirs); UIKit's `safeAreaInsets` returns them.
  public var standInSafeAreaInsets: UIEdgeInsets = .zero
  open var safeAreaInsets: UIEdgeInsets { standInSafeAreaInsets }
  /// The view's bounds inset by its safe area.
  public var safeAreaLayoutGuide: UILayoutGuide { UILayoutGuide(layoutFrame: bounds.inset(by: safeAreaInsets)) }

  public init(frame: CGRect) {
    let cls = (Self.layerClass as? CALayer.Type) ?? CALayer.self
    layer = cls.init()
    super.init()
    layer.standInOwningView = self
    layer.frame = frame
  }
  public convenience override init() { self.init(frame: .zero) }

  // MARK: Geometry

  open var frame: CGRect {
    get { layer.frame }
    set { layer.frame = newValue }
  }
  open var bounds: CGRect {
    get { layer.bounds }
    set { layer.bounds = newValue }
  }
  open var center: CGPoint {
    get { layer.position }
    set { layer.position = newValue }
  }
  open var transform: CGAffineTransform {
    get { CATransform3DGetAffineTransform(layer.transform) }
    set { layer.transform = CATransform3DMakeAffineTransform(newValue) }
  }
  open var transform3D: CATransform3D {
    get { layer.transform }
    set { layer.transform = newValue }
  }

  // MARK: Appearance

  open var alpha: CGFloat {
    get { CGFloat(layer.opacity) }
    set { layer.opacity = Float(newValue) }
  }
  open var backgroundColor: UIColor? {
    get { storedBackgroundColor }
    set {
      storedBackgroundColor = newValue
      layer.backgroundColor = newValue?.cgColor
    }
  }
  open var isHidden: Bool {
    get { layer.isHidden }
    set { layer.isHidden = newValue }
  }
  open var clipsToBounds: Bool {
    get { layer.masksToBounds }
    set { layer.masksToBounds = newValue }
  }
  open var isOpaque: Bool {
    get { layer.isOpaque }
    set { layer.isOpaque = newValue }
  }
  open var mask: UIView? {
    didSet { layer.mask = mask?.layer }
  }
  open var tintColor: UIColor! = UIColor(red: 0, green: 0.478, blue: 1, alpha: 1)
  open var window: AnyObject? { nil }

  // MARK: Hierarchy

  open func addSubview(_ view: UIView) { insertSubview(view, at: subviews.count) }
  open func insertSubview(_ view: UIView, at index: Int) {
    if view === self { return }
    view.removeFromSuperview()
    let i = max(0, min(index, subviews.count))
    if i < subviews.count {
      layer.insertSublayer(view.layer, below: subviews[i].layer)
    } else if let last = subviews.last {
      layer.insertSublayer(view.layer, above: last.layer)
    } else {
      layer.addSublayer(view.layer)
    }
    subviews.insert(view, at: i)
    view.superview = self
  }
  open func insertSubview(_ view: UIView, aboveSubview sibling: UIView) {
    guard let i = subviews.firstIndex(where: { $0 === sibling }) else {
      addSubview(view)
      return
    }
    let target = view.superview === self && (subviews.firstIndex { $0 === view } ?? 0) < i ? i : i + 1
    view.removeFromSuperview()
    insertSubview(view, at: min(target, subviews.count))
  }
  open func insertSubview(_ view: UIView, belowSubview sibling: UIView) {
    guard subviews.contains(where: { $0 === sibling }) else {
      addSubview(view)
      return
    }
    view.removeFromSuperview()
    insertSubview(view, at: subviews.firstIndex { $0 === sibling }!)
  }
  open func bringSubviewToFront(_ view: UIView) {
    guard view.superview === self else { return }
    addSubview(view)
  }
  open func sendSubviewToBack(_ view: UIView) {
    guard view.superview === self else { return }
    insertSubview(view, at: 0)
  }
  open func exchangeSubview(at index1: Int, withSubviewAt index2: Int) {
    guard index1 != index2, subviews.indices.contains(index1), subviews.indices.contains(index2) else { return }
    let a = subviews[index1]
    let b = subviews[index2]
    let lo = min(index1, index2)
    let hi = max(index1, index2)
    let first = index1 < index2 ? a : b
    let second = index1 < index2 ? b : a
    second.removeFromSuperview()
    insertSubview(second, at: lo)
    first.removeFromSuperview()
    insertSubview(first, at: hi)
  }
  open func removeFromSuperview() {
    guard let s = superview else { return }
    s.subviews.removeAll { $0 === self }
    layer.removeFromSuperlayer()
    superview = nil
  }
  open func isDescendant(of view: UIView) -> Bool {
    var v: UIView? = self
    while let c = v {
      if c === view { return true }
      v = c.superview
    }
    return false
  }
  open func viewWithTag(_ tag: Int) -> UIView? {
    if self.tag == tag { return self }
    for s in subviews { if let v = s.viewWithTag(tag) { return v } }
    return nil
  }

  // MARK: Layout

  open func setNeedsLayout() {}
  open func layoutIfNeeded() { layoutSubviews() }
  open func layoutSubviews() {}
  open func sizeThatFits(_ size: CGSize) -> CGSize { bounds.size }
  open func sizeToFit() {}
  open func setNeedsDisplay() {}

  // MARK: Coordinate conversion (2D: the affine part of each transform; 3D parts are ignored)

  /// Maps a point in this view's bounds coordinates to its superview's.
  func standInToSuperview(_ p: CGPoint) -> CGPoint {
    let b = layer.bounds
    let a = layer.anchorPoint
    let pos = layer.position
    let local = CGPoint(x: p.x - b.minX - a.x * b.width, y: p.y - b.minY - a.y * b.height)
    let t = local.applying(CATransform3DGetAffineTransform(layer.transform))
    return CGPoint(x: t.x + pos.x, y: t.y + pos.y)
  }
  func standInFromSuperview(_ p: CGPoint) -> CGPoint {
    let b = layer.bounds
    let a = layer.anchorPoint
    let pos = layer.position
    let inv = CATransform3DGetAffineTransform(layer.transform).inverted()
    let local = CGPoint(x: p.x - pos.x, y: p.y - pos.y).applying(inv)
    return CGPoint(x: local.x + b.minX + a.x * b.width, y: local.y + b.minY + a.y * b.height)
  }
  private var ancestors: [UIView] {
    var r: [UIView] = []
    var v: UIView? = self
    while let c = v {
      r.append(c)
      v = c.superview
    }
    return r
  }
  /// Point in this view → the root of its hierarchy (the topmost superview).
  private func toRoot(_ p: CGPoint) -> CGPoint {
    var q = p
    var v: UIView = self
    while let s = v.superview {
      q = v.standInToSuperview(q)
      v = s
    }
    return q
  }
  private func fromRoot(_ p: CGPoint) -> CGPoint {
    var q = p
    for v in ancestors.reversed().dropFirst() { q = v.standInFromSuperview(q) }
    return q
  }
  open func convert(_ point: CGPoint, to view: UIView?) -> CGPoint {
    let r = toRoot(point)
    guard let view else { return r }
    return view.fromRoot(r)
  }
  open func convert(_ point: CGPoint, from view: UIView?) -> CGPoint {
    let r = view.map { $0.toRoot(point) } ?? point
    return fromRoot(r)
  }
  open func convert(_ rect: CGRect, to view: UIView?) -> CGRect {
    boundingBox(of: rect) { self.convert($0, to: view) }
  }
  open func convert(_ rect: CGRect, from view: UIView?) -> CGRect {
    boundingBox(of: rect) { self.convert($0, from: view) }
  }
  private func boundingBox(of rect: CGRect, _ f: (CGPoint) -> CGPoint) -> CGRect {
    let r = rect.standardized
    let pts = [
      CGPoint(x: r.minX, y: r.minY), CGPoint(x: r.maxX, y: r.minY),
      CGPoint(x: r.minX, y: r.maxY), CGPoint(x: r.maxX, y: r.maxY),
    ].map(f)
    let xs = pts.map(\.x)
    let ys = pts.map(\.y)
    return CGRect(x: xs.min()!, y: ys.min()!, width: xs.max()! - xs.min()!, height: ys.max()! - ys.min()!)
  }

  // MARK: Snapshots

  /// A new view of the same size that stands for an image of this view (it records what it
  /// snapshots: `standInSnapshotSource`), of UIKit's class for snapshots, `_UIReplicantView`.
  /// Its frame is (0, 0, bounds.size), as in UIKit.
  open func snapshotView(afterScreenUpdates afterUpdates: Bool) -> UIView? {
    replicant(afterScreenUpdates: afterUpdates, showing: nil)
  }

  /// A snapshot of the view, or of `rect` of it (a resizable snapshot's).
  private func replicant(afterScreenUpdates afterUpdates: Bool, showing rect: CGRect?) -> UIView {
    let v = _UIReplicantView(frame: CGRect(origin: .zero, size: rect?.size ?? bounds.size))
    v.standInSnapshotSource = self
    v.standInSnapshotAfterScreenUpdates = afterUpdates
    v.standInSnapshotTime = StandInClock.now
    v.standInSnapshotSourceFrame = layer.presentation()?.frame ?? frame
    var pending = subviews.map { ($0, false) }
    while let (view, underHidden) = pending.popLast() {
      let hidden = underHidden || view.isHidden
      if hidden { v.standInSnapshotHidden.append(view) }
      pending += view.subviews.map { ($0, hidden) }
    }
    v.layer.name = "snapshot"
    v.standInSnapshotRect = rect
    v.standInSnapshotSize = rect?.size ?? bounds.size
    v.standInSnapshotLayers = StandInSnapshotScene.layers(of: self, hidden: v.standInSnapshotHidden, showing: rect)
    return v
  }

  /// Draws what the view shows into the current image context (UIKit). The stand-in draws a
  /// snapshot (`StandInSnapshotScene`), nothing else.
  @discardableResult
  open func drawHierarchy(in rect: CGRect, afterScreenUpdates afterUpdates: Bool) -> Bool {
    guard let context = CGContext.current.last, let layers = standInSnapshotLayers else { return false }
    context.standInDrawn.append(
      (layers, standInSnapshotSize, rect.offsetBy(dx: context.standInTranslation.x, dy: context.standInTranslation.y)))
    return true
  }
  open func resizableSnapshotView(
    from rect: CGRect, afterScreenUpdates afterUpdates: Bool, withCapInsets capInsets: UIEdgeInsets
  ) -> UIView? {
    replicant(afterScreenUpdates: afterUpdates, showing: rect)
  }

  open nonisolated override var description: String {
    MainActor.assumeIsolated {
      var s = "\(type(of: self))"
      if tag != 0 { s += " tag \(tag)" }
      if let id = accessibilityIdentifier { s += " '\(id)'" }
      if let src = standInSnapshotSource { s += " snapshot of \(src)" }
      return s
    }
  }
}

/// A rectangle that constraints and code may use for layout (UIKit): here, a view's safe area.
public final class UILayoutGuide: NSObject {
  public let layoutFrame: CGRect
  public init(layoutFrame: CGRect) { self.layoutFrame = layoutFrame }
}

/// Edge insets (UIKit).
public struct UIEdgeInsets: Equatable, Hashable, Sendable {
  public var top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat
  public init() {
    top = 0
    left = 0
    bottom = 0
    right = 0
  }
  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
  public static let zero = UIEdgeInsets()
}

extension CGRect {
  /// The rect inset by `insets` (UIEdgeInsetsInsetRect).
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: minX + insets.left, y: minY + insets.top,
      width: width - insets.left - insets.right, height: height - insets.top - insets.bottom)
  }
}

/// The class of the views `snapshotView(afterScreenUpdates:)` and `resizableSnapshotView` return
/// (UIKit's private `_UIReplicantView`: its picture is the render server's, not its layer's).
public final class _UIReplicantView: UIView {}
