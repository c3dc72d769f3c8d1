#if canImport(UIKit)
  import Foundation

  /// A layer's transform as the parts a scene states it: a scale, one rotation (about z, x or y,
  /// in degrees), and a translation. A scene composes them as M = S · Rz · Rx · Ry · T (row
  /// vectors, Core Animation's order: the scale acts first, the translation last).
  ///
  /// A layer is flat, so only the rows its plane's points read (1, 2 and 4) decide what it
  /// draws: parts are read from those, and compared on those.
  struct TransformParts: Equatable {
    var scale: [Double] = [1, 1]
    var rotation = 0.0
    var rotationX = 0.0
    var rotationY = 0.0
    var translate: [Double] = [0, 0]
    var translateZ = 0.0

    static let properties = ["scale", "rotation", "rotationX", "rotationY", "translate", "translateZ"]

    /// The identity: each part at rest.
    init() {}

    /// A part as the scene's numbers.
    func value(_ property: String) -> [Double] {
      switch property {
      case "scale": return scale
      case "rotation": return [rotation]
      case "rotationX": return [rotationX]
      case "rotationY": return [rotationY]
      case "translate": return translate
      default: return [translateZ]
      }
    }

    mutating func set(_ property: String, _ numbers: [Double]) {
      switch property {
      case "scale": scale = numbers
      case "rotation": rotation = numbers[0]
      case "rotationX": rotationX = numbers[0]
      case "rotationY": rotationY = numbers[0]
      case "translate": translate = numbers
      default: translateZ = numbers[0]
      }
    }

    /// The sixteen fields of S · Rz · Rx · Ry · T.
    var matrix: [Double] {
      func turn(_ degrees: Double, _ axis: Int) -> [Double] {
        let (c, s) = (cos(degrees * .pi / 180), sin(degrees * .pi / 180))
        switch axis {
        case 2: return [c, s, 0, 0, -s, c, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
        case 0: return [1, 0, 0, 0, 0, c, s, 0, 0, -s, c, 0, 0, 0, 0, 1]
        default: return [c, 0, -s, 0, 0, 1, 0, 0, s, 0, c, 0, 0, 0, 0, 1]
        }
      }
      var m: [Double] = [scale[0], 0, 0, 0, 0, scale[1], 0, 0, 0, 0, 1, 0, 0, 0, 0, 1]
      m = TransformParts.product(m, turn(rotation, 2))
      m = TransformParts.product(m, turn(rotationX, 0))
      m = TransformParts.product(m, turn(rotationY, 1))
      return TransformParts.product(m, [1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, translate[0], translate[1], translateZ, 1])
    }

    static func product(_ a: [Double], _ b: [Double]) -> [Double] {
      (0..<16).map { index in
        let (row, column) = (index / 4, index % 4)
        return (0..<4).reduce(0) { $0 + a[row * 4 + $1] * b[$1 * 4 + column] }
      }
    }

    /// Whether two transforms draw a flat layer alike: rows 1, 2 and 4 within `tolerance`.
    static func drawsAlike(_ a: [Double], _ b: [Double], tolerance: Double) -> Bool {
      [0, 1, 2, 3, 4, 5, 6, 7, 12, 13, 14, 15].allSatisfy { abs(a[$0] - b[$0]) <= tolerance }
    }

    /// The parts of a transform with at most one rotation and no perspective, read from rows
    /// 1, 2 and 4, angles taken nearest `near`'s (so a turn past 180° goes on); nil for any
    /// other transform.
    init?(_ m: [Double], near: TransformParts? = nil, tolerance: Double = 1e-9) {
      guard abs(m[3]) <= tolerance, abs(m[7]) <= tolerance, abs(m[15] - 1) <= tolerance else { return nil }
      func unwrap(_ degrees: Double, _ previous: Double?) -> Double {
        guard let previous else { return degrees }
        return degrees + 360 * ((previous - degrees) / 360).rounded()
      }
      if abs(m[2]) <= tolerance && abs(m[6]) <= tolerance {
        // About z: rows sx·(c, s), sy·(−s, c).
        let angle = atan2(m[1], m[0])
        let (c, s) = (cos(angle), sin(angle))
        scale = [hypot(m[0], m[1]), m[5] * c - m[4] * s]
        rotation = unwrap(angle * 180 / .pi, near?.rotation)
      } else if abs(m[1]) <= tolerance && abs(m[4]) <= tolerance && abs(m[6]) <= tolerance {
        // About y: rows sx·(c, 0, −s), sy·(0, 1, 0).
        scale = [hypot(m[0], m[2]), m[5]]
        rotationY = unwrap(atan2(-m[2], m[0]) * 180 / .pi, near?.rotationY)
      } else if abs(m[1]) <= tolerance && abs(m[2]) <= tolerance && abs(m[4]) <= tolerance {
        // About x: rows sx·(1, 0, 0), sy·(0, c, s).
        scale = [m[0], hypot(m[5], m[6])]
        rotationX = unwrap(atan2(m[6], m[5]) * 180 / .pi, near?.rotationX)
      } else {
        return nil
      }
      translate = [m[12], m[13]]
      translateZ = m[14]
      guard TransformParts.drawsAlike(matrix, m, tolerance: 1e-9 * max(1, m.map(abs).max() ?? 1)) else { return nil }
    }
  }
#endif
