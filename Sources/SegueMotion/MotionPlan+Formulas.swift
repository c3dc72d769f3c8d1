import SegueScene

extension MotionPlan {
  /// A geometric property of `target` at the start or the end as a formula: the same governing
  /// rule as `value(_:of:at:)` (the animation that started last governs; before the first starts,
  /// its `from`; untouched, the initial value), at progress 0 or 1. Nil for a property without
  /// geometry, or a moment in between.
  public func formula(_ property: AnimatableProperty, of target: Target, at moment: Moment) -> PropertyFormula? {
    let setting = (tracksByTarget[target] ?? []).map { tracks[$0] }.filter { $0.formulas[property] != nil }
    guard !setting.isEmpty else { return initialFormula(property, of: target) }
    var governing: (track: Track, q: Double)?
    for track in setting {
      let (started, q, _) = progress(of: track, at: moment)
      guard started else { continue }
      if let current = governing, (current.track.delay, current.track.order) > (track.delay, track.order) { continue }
      governing = (track, q)
    }
    guard let governing, let formulas = governing.track.formulas[property] else {
      let first = setting.min { ($0.delay, $0.order) < ($1.delay, $1.order) }
      return first?.formulas[property]?.from ?? initialFormula(property, of: target)
    }
    switch governing.q {
    case 0: return formulas.from
    case 1: return formulas.to
    default: return nil
    }
  }

  /// Every geometric property of `target` at the start or the end as formulas, with `end`
  /// applied at the end and a preset's cancel resets at the start (`state(of:at:)`).
  public func formulas(of target: Target, at moment: Moment) -> [AnimatableProperty: PropertyFormula] {
    var formulas: [AnimatableProperty: PropertyFormula] = [:]
    for property in AnimatableProperty.allCases {
      formulas[property] = formula(property, of: target, at: moment)
    }
    if moment == .end, case .state(let state)? = endAction(for: target) {
      for (property, value) in state.values {
        formulas[property] = state.formulas[property] ?? PropertyFormula(constant: value)
      }
      for property in state.resets { formulas[property] = initialFormula(property, of: target) }
    }
    if moment == .start {
      for property in custom.presetRules.cancelResets[target] ?? [] {
        formulas[property] = initialFormula(property, of: target)
      }
    }
    return formulas
  }
}
