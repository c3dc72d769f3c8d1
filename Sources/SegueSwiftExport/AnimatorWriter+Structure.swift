import SegueGeometry
import SegueMotion
import SegueScene

extension AnimatorWriter {
  /// Whether an animation changes screen `role`'s frame size, as the scene says it on every
  /// device: some frame it goes through (from, to, or a keyframe) is not, as a formula over the
  /// app's geometry, the size the screen has before anything moves (its own `size`, its preset's,
  /// or the frame UIKit gives it, which is the container's where the scene gives none, as Segue
  /// draws it). Never the numbers of the scene's own device: `[0, 844, 390, 844]` on a 390 x 844
  /// scene is a fixed size that the app's container is only there, so it resizes (a snapshot
  /// whose content stretches, as Segue draws it on every other device), while
  /// `{"of": "container", "shift": [0, 1]}` keeps the container's size everywhere (the app's view
  /// moves). The animator written from one device then makes the same choice as one written on
  /// any other.
  func screenChangesSize(_ role: ScreenRole) -> Bool {
    guard case .rect(let own)? = plan.initialFormula(.frame, of: .screen(role)) else { return true }
    let frames = tracks(of: .screen(role)).flatMap { track -> [PropertyFormula?] in
      let ends = track.formulas[.frame].map { [$0.from, $0.to] } ?? []
      return ends + (track.keyframes[.frame]?.formulas ?? [])
    }
    return frames.contains { formula in
      guard case .rect(let frame)? = formula else { return true }
      return !Self.sameOnEveryDevice(frame.width, own.width) || !Self.sameOnEveryDevice(frame.height, own.height)
    }
  }

  /// Whether screen `role`'s frame at `moment` is, as a formula over the app's geometry, the one
  /// it has before anything moves: on every device, not only where the numbers agree.
  func screenKeepsItsFrame(_ role: ScreenRole, at moment: Moment) -> Bool {
    guard case .rect(let own)? = plan.initialFormula(.frame, of: .screen(role)) else { return false }
    guard case .rect(let frame)? = plan.formulas(of: .screen(role), at: moment)[.frame] else { return false }
    return zip(frame.measures, own.measures).allSatisfy { Self.sameOnEveryDevice($0, $1) }
  }

  /// Whether two measures are the same number whatever the app's geometry: evaluated on
  /// containers, screens and views of unrelated sizes that no scene has (a screen the scene gives
  /// no size takes the container's, as Segue draws it), they agree on each. Two formulas that
  /// agree there agree on every device; two that only happen to agree on the scene's own device
  /// (a stated 390 and the container's width) do not.
  static func sameOnEveryDevice(_ a: Measure, _ b: Measure) -> Bool {
    for trial in 1...2 {
      let inputs = { (input: GeometryInput) in genericValue(of: input, trial: trial) }
      let (x, y) = (a.value(inputs), b.value(inputs))
      guard abs(x - y) <= 1e-9 * max(1, abs(x), abs(y)) else { return false }
    }
    return true
  }

  /// An input's number on a made-up app of trial `trial`: the container 1000.37·t wide and
  /// 2000.73·t tall (the screens the same), each view's frame and corner numbers drawn from its
  /// key so that no two inputs share one by chance.
  private static func genericValue(of input: GeometryInput, trial: Int) -> Double {
    let t = Double(trial)
    func component(_ part: GeometryInput.RectComponent) -> Double {
      switch part {
      case .x, .y: return 0
      case .width: return 1000.37 * t
      case .height: return 2000.73 * t
      }
    }
    /// A number in 10…1010 from a name, the same for the same name on every run (not `hashValue`,
    /// which Swift seeds per process).
    func drawn(_ name: String) -> Double {
      var hash: UInt64 = 0xCBF2_9CE4_8422_2325
      for byte in (name + "#\(trial)").utf8 { hash = (hash ^ UInt64(byte)) &* 0x100_0000_01B3 }
      return 10 + Double(hash % 1_000_000) / 1000
    }
    switch input {
    case .containerWidth: return component(.width)
    case .containerHeight: return component(.height)
    case .screen(_, let part): return component(part)
    case .view(let key, let part): return drawn("\(key).\(part)")
    case .viewCornerRadius(let key): return drawn("\(key).radius")
    case .safeArea(let edge): return drawn("safeArea.\(edge.rawValue)")
    }
  }
}
