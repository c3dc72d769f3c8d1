#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// CIEDE2000 colour difference (Sharma, Wu and Dalal, 2005) between sRGB colours, via CIELAB
/// with the D65 white point.
public enum CIEDE2000 {
  /// CIELAB L*, a*, b*.
  public struct Lab: Sendable, Equatable {
    public let l: Double
    public let a: Double
    public let b: Double
  }

  /// sRGB (0…255) to CIELAB: linearize, to XYZ (sRGB matrix, D65), then
  /// L* = 116 f(Y/Yn) − 16, a* = 500 (f(X/Xn) − f(Y/Yn)), b* = 200 (f(Y/Yn) − f(Z/Zn)).
  public static func lab(r: Double, g: Double, b: Double) -> Lab {
    func linear(_ c: Double) -> Double {
      let v = c / 255
      return v <= 0.04045 ? v / 12.92 : pow((v + 0.055) / 1.055, 2.4)
    }
    let (lr, lg, lb) = (linear(r), linear(g), linear(b))
    let x = (0.4124564 * lr + 0.3575761 * lg + 0.1804375 * lb) / 0.95047
    let y = 0.2126729 * lr + 0.7151522 * lg + 0.0721750 * lb
    let z = (0.0193339 * lr + 0.1191920 * lg + 0.9503041 * lb) / 1.08883
    func f(_ t: Double) -> Double { t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116 }
    let (fx, fy, fz) = (f(x), f(y), f(z))
    return Lab(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
  }

  /// ΔE00 between two CIELAB colours (kL = kC = kH = 1).
  public static func difference(_ first: Lab, _ second: Lab) -> Double {
    let (l1, a1, b1) = (first.l, first.a, first.b)
    let (l2, a2, b2) = (second.l, second.a, second.b)
    let c1 = (a1 * a1 + b1 * b1).squareRoot()
    let c2 = (a2 * a2 + b2 * b2).squareRoot()
    let cMean = (c1 + c2) / 2
    let c7 = pow(cMean, 7)
    let g = 0.5 * (1 - (c7 / (c7 + pow(25, 7))).squareRoot())
    let a1p = (1 + g) * a1
    let a2p = (1 + g) * a2
    let c1p = (a1p * a1p + b1 * b1).squareRoot()
    let c2p = (a2p * a2p + b2 * b2).squareRoot()
    func hue(_ b: Double, _ a: Double) -> Double {
      if a == 0 && b == 0 { return 0 }
      let angle = atan2(b, a) * 180 / Double.pi
      return angle < 0 ? angle + 360 : angle
    }
    let h1p = hue(b1, a1p)
    let h2p = hue(b2, a2p)
    let dLp = l2 - l1
    let dCp = c2p - c1p
    var dhp = 0.0
    if c1p * c2p != 0 {
      dhp = h2p - h1p
      if dhp > 180 { dhp -= 360 } else if dhp < -180 { dhp += 360 }
    }
    let dHp = 2 * (c1p * c2p).squareRoot() * sin(dhp * Double.pi / 360)
    let lMean = (l1 + l2) / 2
    let cpMean = (c1p + c2p) / 2
    var hMean = h1p + h2p
    if c1p * c2p != 0 {
      if abs(h1p - h2p) <= 180 {
        hMean = (h1p + h2p) / 2
      } else if h1p + h2p < 360 {
        hMean = (h1p + h2p + 360) / 2
      } else {
        hMean = (h1p + h2p - 360) / 2
      }
    }
    func rad(_ degrees: Double) -> Double { degrees * Double.pi / 180 }
    let t =
      1 - 0.17 * cos(rad(hMean - 30)) + 0.24 * cos(rad(2 * hMean)) + 0.32 * cos(rad(3 * hMean + 6))
      - 0.20 * cos(rad(4 * hMean - 63))
    let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
    let cp7 = pow(cpMean, 7)
    let rc = 2 * (cp7 / (cp7 + pow(25, 7))).squareRoot()
    let l50 = (lMean - 50) * (lMean - 50)
    let sl = 1 + 0.015 * l50 / (20 + l50).squareRoot()
    let sc = 1 + 0.045 * cpMean
    let sh = 1 + 0.015 * cpMean * t
    let rt = -sin(rad(2 * dTheta)) * rc
    let lTerm = dLp / sl
    let cTerm = dCp / sc
    let hTerm = dHp / sh
    return (lTerm * lTerm + cTerm * cTerm + hTerm * hTerm + rt * cTerm * hTerm).squareRoot()
  }

  /// ΔE00 between two straight RGBA pixels, each composited over white first (so a change of
  /// alpha alone is seen as the colour change it makes).
  public static func difference(_ p: (UInt8, UInt8, UInt8, UInt8), _ q: (UInt8, UInt8, UInt8, UInt8)) -> Double {
    func overWhite(_ c: UInt8, _ a: UInt8) -> Double { 255 + (Double(c) - 255) * Double(a) / 255 }
    let first = lab(r: overWhite(p.0, p.3), g: overWhite(p.1, p.3), b: overWhite(p.2, p.3))
    let second = lab(r: overWhite(q.0, q.3), g: overWhite(q.1, q.3), b: overWhite(q.2, q.3))
    return difference(first, second)
  }
}
