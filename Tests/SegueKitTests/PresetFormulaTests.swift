import Testing

@testable import SegueGeometry
@testable import SegueMotion
@testable import SegueScene

/// A preset's geometry is written once, over the running container: every geometric value of
/// every preset, each operation, each edge, expanded on a 390 x 844 container and evaluated on a
/// 430 x 932 one, gives the numbers the preset computes when it is expanded there (the animator
/// `segue swift` writes for one device moves as Segue draws another).
struct PresetFormulaTests {
  static let transitions: [String] = {
    var list: [String] = []
    for type in PresetCatalog.all {
      for operation in type.operations {
        list.append(#""type": "\#(type.name)", "operation": "\#(operation.rawValue)""#)
      }
    }
    for edge in ["top", "left", "bottom", "right"] {
      list.append(#""type": "slide", "operation": "present", "edge": "\#(edge)""#)
      if edge != "left" { list.append(#""type": "panel", "operation": "dismiss", "edge": "\#(edge)", "size": 0.4"#) }
      list.append(#""type": "spread", "operation": "push", "edge": "\#(edge)""#)
    }
    list.append(#""type": "sheet", "operation": "present", "top": 60, "inset": 20"#)
    return list
  }()

  static func plan(_ transition: String, size: String) throws -> MotionPlan {
    let text =
      #"{"size": \#(size), "from": {}, "to": {}, "transition": {\#(transition)}}"#
    return try MotionPlan(SceneDecoder.decode(Array(text.utf8), file: "p.json", defaultName: "p"), file: "p.json")
  }

  static func close(_ a: PropertyValue, _ b: PropertyValue) -> Bool {
    guard let x = PropertyFormula(constant: a)?.measures.compactMap(\.constant),
      let y = PropertyFormula(constant: b)?.measures.compactMap(\.constant), x.count == y.count
    else { return a == b }
    return zip(x, y).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($0)) }
  }

  @Test(arguments: transitions)
  func formulasWrittenOnOneContainerGiveAnothersNumbers(transition: String) throws {
    let phone = try Self.plan(transition, size: "[390, 844]")
    let large = try Self.plan(transition, size: "[430, 932]")
    #expect(phone.tracks.count == large.tracks.count)
    var container = 0
    for (written, there) in zip(phone.tracks, large.tracks) {
      for (property, formulas) in written.formulas {
        guard let values = there.values[property] else {
          Issue.record("\(transition): \(property) is not animated on 430 x 932")
          continue
        }
        let from = formulas.from.value(large.geometry.inputs)
        let to = formulas.to.value(large.geometry.inputs)
        #expect(Self.close(from, values.from), "\(transition) \(written.target) \(property): \(from) \(values.from)")
        #expect(Self.close(to, values.to), "\(transition) \(written.target) \(property): \(to) \(values.to)")
        container += (formulas.from.measures + formulas.to.measures).flatMap(\.inputs).count
      }
    }
    // Every preset but boom, fade and flip moves by the container's size.
    let fixed = ["\"boom\"", "\"fade\"", "\"flip\""].contains { transition.contains($0) }
    #expect(fixed ? container == 0 : container > 0, "\(transition)")
  }
}
