import Testing
import Foundation
@testable import Raster

private let black = CGColor(red: 0, green: 0, blue: 0, alpha: 1)

/// (1) Across a long straight edge of a large opaque rect the shadow is 0.5·erfc(d / (σ√2)), d the
/// distance from the pixel centre to the edge (positive outside).
@Test(arguments: [0.5, 2, 6, 12, 36, 60])
func edgeProfileIsErfc(_ sigma: Double) {
    let reach = Int((4 * sigma).rounded(.up)) + 10
    // The source is opaque everywhere; its other edges are ≥ reach away from the measured pixels.
    let sw = 2 * reach, sh = 2 * reach + 1
    let source = opaqueBuffer(width: sw, height: sh)
    for vertical in [false, true] {
        // Target: a 1-pixel band across the source's left (or top) edge, which lies at `reach`.
        var target = vertical ? PixelBuffer(width: 1, height: 2 * reach) : PixelBuffer(width: 2 * reach, height: 1)
        if vertical {
            target.drawShadow(of: source, atX: -reach, y: reach, offset: .zero, sigma: sigma, color: black, opacity: 1)
        } else {
            target.drawShadow(of: source, atX: reach, y: -reach, offset: .zero, sigma: sigma, color: black, opacity: 1)
        }
        var maxErr = 0.0
        for i in 0..<(2 * reach) {
            let d = Double(reach) - (Double(i) + 0.5)
            let expected = 0.5 * erfc(d / (sigma * 2.0.squareRoot()))
            let got = Double(vertical ? target[0, i].a : target[i, 0].a) / 255
            maxErr = max(maxErr, abs(got - expected))
        }
        #expect(maxErr <= 2.0 / 255, "σ = \(sigma) \(vertical ? "vertical" : "horizontal"): max error \(maxErr * 255)/255")
        // The profile must actually vary (guards against a blank result passing by accident).
        #expect((vertical ? target[0, 0].a : target[0, 0].a) < 5)
        #expect((vertical ? target[0, 2 * reach - 1].a : target[2 * reach - 1, 0].a) > 250)
    }
}

/// Compares the whole target with the closed form for a blurred rectangle; returns the max error.
private func rectShadowError(rect: (x: Int, y: Int, w: Int, h: Int), pad: Int, sigma: Double,
                             offset: CGPoint, expectedOffset: CGPoint? = nil, opacity: Double = 1,
                             target size: (Int, Int), at origin: (Int, Int)) -> (Double, PixelBuffer) {
    var source = PixelBuffer(width: rect.w + 2 * pad, height: rect.h + 2 * pad)
    source.fill(RoundedRect(rect: CGRect(x: pad, y: pad, width: rect.w, height: rect.h)), with: .solid(.white))
    var target = PixelBuffer(width: size.0, height: size.1)
    target.drawShadow(of: source, atX: origin.0, y: origin.1, offset: offset, sigma: sigma, color: black, opacity: opacity)
    let e = expectedOffset ?? offset
    let x0 = Double(origin.0 + pad) + Double(e.x), y0 = Double(origin.1 + pad) + Double(e.y)
    var maxErr = 0.0
    for y in 0..<size.1 { for x in 0..<size.0 {
        let expected = opacity * blurredRect(x0: x0, y0: y0, x1: x0 + Double(rect.w), y1: y0 + Double(rect.h), sigma: sigma,
                                             px: Double(x) + 0.5, py: Double(y) + 0.5)
        maxErr = max(maxErr, abs(Double(target[x, y].a) / 255 - expected))
    } }
    return (maxErr, target)
}

/// (2) A blurred rectangle equals (Φ-difference in x) × (Φ-difference in y) everywhere: centre, edges, corners.
@Test(arguments: [0.8, 3, 7, 20])
func blurredRectangleMatchesClosedForm(_ sigma: Double) {
    let m = Int((4 * sigma).rounded(.up)) + 6
    let (err, target) = rectShadowError(rect: (0, 0, 40, 30), pad: 3, sigma: sigma, offset: .zero,
                                        target: (46 + 2 * m, 36 + 2 * m), at: (m, m))
    #expect(err <= 2.0 / 255, "σ = \(sigma): max error \(err * 255)/255")
    // Spot checks: the centre and a corner of the rect.
    let cx = m + 3 + 20, cy = m + 3 + 15
    #expect(abs(Double(target[cx, cy].a) / 255 - blurredRect(x0: 0, y0: 0, x1: 40, y1: 30, sigma: sigma, px: 20.5, py: 15.5)) <= 1.0 / 255)
    #expect(abs(Double(target[m + 3, m + 3].a) / 255 - blurredRect(x0: 0, y0: 0, x1: 40, y1: 30, sigma: sigma, px: 0.5, py: 0.5)) <= 2.0 / 255)
}

/// (3) The shadow's mass is the shape's area × opacity.
@Test(arguments: [1.5, 10, 36])
func shadowMassIsAreaTimesOpacity(_ sigma: Double) {
    let m = Int((4 * sigma).rounded(.up)) + 6
    var source = PixelBuffer(width: 50, height: 40)
    let shape = RoundedRect(rect: CGRect(x: 5, y: 5, width: 40, height: 30), radii: CornerRadii(all: 6))
    source.fill(shape, with: .solid(.white))
    var target = PixelBuffer(width: 50 + 2 * m, height: 40 + 2 * m)
    target.drawShadow(of: source, atX: m, y: m, offset: CGPoint(x: 2, y: 3), sigma: sigma,
                      color: CGColor(red: 0.2, green: 0.3, blue: 0.4, alpha: 0.8), opacity: 0.75)
    let mass = target.bytes.enumerated().filter { $0.offset % 4 == 3 }.reduce(0.0) { $0 + Double($1.element) } / 255
    let area = 40.0 * 30 - (4 - Double.pi) * 36
    #expect(abs(mass - area * 0.8 * 0.75) <= 0.01 * area * 0.8 * 0.75, "σ = \(sigma): mass \(mass) vs \(area * 0.6)")
}

/// (4) Fractional offsets move the profile by the offset, in both regimes (direct and downsampled).
@Test(arguments: [(0.0, CGPoint(x: 0.5, y: -0.25)), (3, CGPoint(x: 2.5, y: -1.25)), (5, CGPoint(x: 0.3, y: 0.7)),
                  (24, CGPoint(x: 7.3, y: 3.6)), (40, CGPoint(x: -4.75, y: 12.5))])
func fractionalOffsetsShiftTheProfile(_ sigma: Double, _ offset: CGPoint) {
    let m = Int((4 * sigma).rounded(.up)) + 20
    let (err, shifted) = rectShadowError(rect: (0, 0, 30, 24), pad: 2, sigma: sigma, offset: offset,
                                         target: (34 + 2 * m, 28 + 2 * m), at: (m, m))
    if sigma == 0 {
        // No blur: bilinear weights of a shifted box; compare with the box's area in each pixel instead.
        var source = PixelBuffer(width: 34, height: 28)
        source.fill(RoundedRect(rect: CGRect(x: 2, y: 2, width: 30, height: 24)), with: .solid(.white))
        var target = PixelBuffer(width: 40, height: 40)
        target.drawShadow(of: source, atX: 3, y: 4, offset: offset, sigma: 0, color: black, opacity: 1)
        let moved = RoundedRect(rect: CGRect(x: 5 + 0.5, y: 6 - 0.25, width: 30, height: 24))
        for y in 0..<40 { for x in 0..<40 { #expect(Int(target[x, y].a) == ref8(moved.coverage(x: x, y: y))) } }
    } else {
        #expect(err <= 2.0 / 255, "σ = \(sigma), offset \(offset): max error \(err * 255)/255")
        // The centroid of the shadow moves by exactly the offset, fraction included.
        let (_, zero) = rectShadowError(rect: (0, 0, 30, 24), pad: 2, sigma: sigma, offset: .zero,
                                        target: (34 + 2 * m, 28 + 2 * m), at: (m, m))
        let a = centroid(shifted), b = centroid(zero)
        #expect(abs(a.x - b.x - Double(offset.x)) < 0.05 && abs(a.y - b.y - Double(offset.y)) < 0.05,
                "σ = \(sigma): centroid moved by (\(a.x - b.x), \(a.y - b.y)), offset \(offset)")
    }
}

private func centroid(_ b: PixelBuffer) -> (x: Double, y: Double) {
    var m = 0.0, mx = 0.0, my = 0.0
    for y in 0..<b.height { for x in 0..<b.width {
        let a = Double(b[x, y].a)
        m += a; mx += a * (Double(x) + 0.5); my += a * (Double(y) + 0.5)
    } }
    return (mx / m, my / m)
}

/// (5) σ = 0 and an integer offset: an exact copy of the alpha, tinted.
@Test func zeroSigmaCopiesTheAlpha() {
    let source = patternBuffer(width: 23, height: 17)
    var target = PixelBuffer(width: 30, height: 30)
    target.drawShadow(of: source, atX: 5, y: 6, offset: CGPoint(x: 3, y: -2), sigma: 0,
                      color: CGColor(red: 1, green: 0, blue: 0, alpha: 1), opacity: 1)
    for y in 0..<30 { for x in 0..<30 {
        let sx = x - 8, sy = y - 4
        let a = sx >= 0 && sy >= 0 && sx < 23 && sy < 17 ? source[sx, sy].a : 0
        #expect(target[x, y] == RGBA8(r: a, g: 0, b: 0, a: a), "(\(x), \(y))")
    } }
    // A translucent colour and opacity: paint ⊗ round(alpha × opacity).
    var t2 = PixelBuffer(width: 30, height: 30)
    t2.drawShadow(of: source, atX: 5, y: 6, offset: .zero, sigma: 0,
                  color: CGColor(red: 0, green: 0, blue: 1, alpha: 0.5), opacity: 0.5)
    for y in 6..<23 { for x in 5..<28 {
        let w = ref8(Double(source[x - 5, y - 6].a) / 255 * 0.5)
        #expect(t2[x, y] == RGBA8(r: 0, g: 0, b: UInt8(ref255(128, w)), a: UInt8(ref255(128, w))))
    } }
}

/// (6) The clip: nothing outside its bounds, weight × clip inside.
@Test(arguments: [0.0, 2.5, 18])
func shadowHonoursTheClip(_ sigma: Double) {
    var source = PixelBuffer(width: 30, height: 20)
    source.fill(RoundedRect(rect: CGRect(x: 2, y: 2, width: 26, height: 16), radii: CornerRadii(all: 5)), with: .solid(.white))
    let base = patternBuffer(width: 80, height: 70, seed: 9)
    var mask = CoverageMask(bounds: PixelRect(x: 10, y: -5, width: 45, height: 50))
    for i in mask.values.indices { mask.values[i] = UInt8((i * 53) % 256) }
    var clipped = base, clear = PixelBuffer(width: 80, height: 70), clearClipped = clear
    let color = CGColor(red: 0.1, green: 0.2, blue: 0.3, alpha: 1)
    clipped.drawShadow(of: source, atX: 25, y: 25, offset: CGPoint(x: 1.5, y: 2), sigma: sigma, color: color, opacity: 0.9, clip: mask)
    clear.drawShadow(of: source, atX: 25, y: 25, offset: CGPoint(x: 1.5, y: 2), sigma: sigma, color: color, opacity: 0.9)
    clearClipped.drawShadow(of: source, atX: 25, y: 25, offset: CGPoint(x: 1.5, y: 2), sigma: sigma, color: color, opacity: 0.9, clip: mask)
    var touched = 0
    for y in 0..<70 { for x in 0..<80 {
        let inMask = x >= 10 && x < 55 && y < 45
        if !inMask { #expect(clipped[x, y] == base[x, y]); #expect(clearClipped[x, y] == .clear); continue }
        // On transparent black with an opaque colour, the alpha written is the weight itself.
        #expect(Int(clearClipped[x, y].a) == ref255(Int(clear[x, y].a), Int(mask[x, y])))
        if clipped[x, y] != base[x, y] { touched += 1 }
    } }
    #expect(touched > 100)
}

@Test func shadowOfAnEmptyOrDistantSourceDrawsNothing() {
    var target = patternBuffer(width: 20, height: 20)
    let before = target
    target.drawShadow(of: PixelBuffer(width: 10, height: 10), atX: 0, y: 0, offset: .zero, sigma: 4, color: black, opacity: 1)
    target.drawShadow(of: opaqueBuffer(width: 10, height: 10), atX: 500, y: 0, offset: .zero, sigma: 30, color: black, opacity: 1)
    target.drawShadow(of: opaqueBuffer(width: 10, height: 10), atX: 0, y: 0, offset: .zero, sigma: 4, color: .clear, opacity: 1)
    target.drawShadow(of: opaqueBuffer(width: 10, height: 10), atX: 0, y: 0, offset: .zero, sigma: 4, color: black, opacity: 0)
    #expect(target == before)
}
