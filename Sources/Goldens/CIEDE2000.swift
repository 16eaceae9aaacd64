// Colour difference for perceptual tolerances: sRGB → CIELAB and CIEDE2000.
import Foundation

/// A colour in CIELAB (L* 0…100, a*, b*), relative to the D65 white of sRGB.
package struct LabColor: Sendable, Equatable, CustomStringConvertible {
    package var l: Double, a: Double, b: Double
    package init(l: Double, a: Double, b: Double) { self.l = l; self.a = a; self.b = b }

    /// An 8-bit sRGB colour (IEC 61966-2-1: its transfer function, its matrix, D65).
    package init(sRGB red: UInt8, green: UInt8, blue: UInt8) {
        self.init(linearRed: sRGBLinear[Int(red)], green: sRGBLinear[Int(green)], blue: sRGBLinear[Int(blue)])
    }

    /// Encoded sRGB components in 0…1 (not rounded to 8 bits, e.g. a colour composited over white).
    package init(sRGBComponents red: Double, green: Double, blue: Double) {
        self.init(linearRed: sRGBDecode(red), green: sRGBDecode(green), blue: sRGBDecode(blue))
    }

    init(linearRed r: Double, green g: Double, blue b: Double) {
        // IEC 61966-2-1's matrix. The reference white is this matrix's image of RGB (1, 1, 1)
        // (0.9505, 1, 1.0890), not D65 from its chromaticity: so every grey has a* = b* = 0 exactly and
        // comparing greys never meets CIEDE2000's hue discontinuities through rounding noise.
        let x = 0.4124 * r + 0.3576 * g + 0.1805 * b
        let y = 0.2126 * r + 0.7152 * g + 0.0722 * b
        let z = 0.0193 * r + 0.1192 * g + 0.9505 * b
        let fx = labF(x / 0.9505), fy = labF(y), fz = labF(z / 1.0890)
        self.init(l: 116 * fy - 16, a: 500 * (fx - fy), b: 200 * (fy - fz))
    }

    package var description: String { String(format: "L* %.2f a* %.2f b* %.2f", l, a, b) }
}

/// IEC 61966-2-1's decoding: encoded value in 0…1 → linear light.
@inline(__always)
func sRGBDecode(_ v: Double) -> Double {
    let c = Swift.min(Swift.max(v, 0), 1)
    return c <= 0.04045 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
}

/// The decoded value of each 8-bit code (the pow is the costly part of a conversion).
let sRGBLinear: [Double] = (0...255).map { sRGBDecode(Double($0) / 255) }

/// CIE 15's f(t), with the exact rational ε = 216/24389 and κ = 24389/27 so the two pieces meet.
@inline(__always)
func labF(_ t: Double) -> Double {
    t > 216.0 / 24389.0 ? cbrt(t) : (24389.0 / 27.0 * t + 16) / 116
}

/// The CIEDE2000 colour difference ΔE₀₀ (CIE 142-2001; kL = kC = kH = 1), following the implementation
/// notes of Sharma, Wu and Dalal (2005) for hue angles at zero chroma and the mean hue across 0°/360°.
/// Symmetric; about 1 is a just-noticeable difference, 2 is small but visible side by side.
package func deltaE2000(_ first: LabColor, _ second: LabColor) -> Double {
    let degrees = 180 / Double.pi, radians = Double.pi / 180
    let pow25to7 = 6_103_515_625.0   // 25⁷
    let c1 = (first.a * first.a + first.b * first.b).squareRoot()
    let c2 = (second.a * second.a + second.b * second.b).squareRoot()
    let cMean7 = pow((c1 + c2) / 2, 7)
    let g = 0.5 * (1 - (cMean7 / (cMean7 + pow25to7)).squareRoot())
    let a1 = (1 + g) * first.a, a2 = (1 + g) * second.a
    let cp1 = (a1 * a1 + first.b * first.b).squareRoot(), cp2 = (a2 * a2 + second.b * second.b).squareRoot()
    // Hue is undefined at zero chroma: the notes take 0 there.
    func hue(_ b: Double, _ a: Double) -> Double {
        if a == 0 && b == 0 { return 0 }
        let h = atan2(b, a) * degrees
        return h < 0 ? h + 360 : h
    }
    let h1 = hue(first.b, a1), h2 = hue(second.b, a2)
    let chromaProduct = cp1 * cp2

    let dL = second.l - first.l
    let dC = cp2 - cp1
    var dh = 0.0
    if chromaProduct != 0 {
        dh = h2 - h1
        if dh > 180 { dh -= 360 } else if dh < -180 { dh += 360 }
    }
    let dH = 2 * chromaProduct.squareRoot() * sin(dh / 2 * radians)

    let lMean = (first.l + second.l) / 2
    let cpMean = (cp1 + cp2) / 2
    var hMean = h1 + h2
    if chromaProduct != 0 {
        if abs(h1 - h2) > 180 { hMean += hMean < 360 ? 360 : -360 }
        hMean /= 2
    }
    let t = 1 - 0.17 * cos((hMean - 30) * radians) + 0.24 * cos(2 * hMean * radians)
        + 0.32 * cos((3 * hMean + 6) * radians) - 0.20 * cos((4 * hMean - 63) * radians)
    let dTheta = 30 * exp(-pow((hMean - 275) / 25, 2))
    let cpMean7 = pow(cpMean, 7)
    let rC = 2 * (cpMean7 / (cpMean7 + pow25to7)).squareRoot()
    let l50 = (lMean - 50) * (lMean - 50)
    let sL = 1 + 0.015 * l50 / (20 + l50).squareRoot()
    let sC = 1 + 0.045 * cpMean
    let sH = 1 + 0.015 * cpMean * t
    let rT = -sin(2 * dTheta * radians) * rC
    let l = dL / sL, c = dC / sC, h = dH / sH
    return (l * l + c * c + h * h + rT * c * h).squareRoot()
}
