import Testing
import Foundation
@testable import Raster
import TestSupport

// The vectorised and fixed-point kernels against scalar references written here, byte for byte (bit for
// bit for Float results), on seeded random inputs: odd widths, every tail length, ranges that start
// anywhere. The kernels' fast forms (four and eight lanes, 32.32 stepping, two channels per word) must
// give exactly what their one-line rules say, or frames would change with the width of a row.

/// Row ranges that start at every offset and end with every tail length of a four- or eight-wide loop.
private func ranges(in count: Int) -> [Range<Int>] {
    var out: [Range<Int>] = []
    for start in 0..<min(5, count) {
        for length in [0, 1, 2, 3, 4, 5, 7, 8, 9, 13, 16, 17] where start + length <= count {
            out.append(start..<(start + length))
        }
    }
    out.append(0..<count)
    return out
}

// MARK: - One rounding rule

/// ⌊x + 0.5⌋ clamped to 0…255, NaN → 0, written with libm's floor.
private func referenceByte(_ q: Double) -> UInt8 {
    if q.isNaN { return 0 }
    return UInt8(min(max(q.rounded(.down), 0), 255))
}

@Test func roundedByteIsHalfUpClamped() {
    var rng = SplitMix64(seed: 40)
    var values: [Double] = [.nan, -.infinity, .infinity, -1e30, 1e30, -0.5, -0.4999, 0, 0.49999, 0.5, 1.5, 2.5,
                            254.49, 254.5, 254.51, 255, 255.5, 256, 1000]
    values += (0..<2000).map { _ in rng.unit() * 300 - 20 }
    values += (0...600).map { Double($0) / 2 - 20 }   // every half
    for x in values {
        #expect(roundedByte(x) == referenceByte(x + 0.5), "x = \(x)")
        let f = Float(x)
        #expect(roundedByte(f) == referenceByte(Double(f + 0.5)), "x = \(f)")
        #expect(quantize(x / 255) == referenceByte(x / 255 * 255 + 0.5), "v = \(x / 255)")
    }
}

// MARK: - Shadow kernels

@Test func quantizeShadowRowMatchesTheScalarRule() {
    var rng = SplitMix64(seed: 41)
    let count = 37
    for scale: Float in [255, 255 * 0.37, 1, 300] {
        var values = (0..<count).map { _ in Float(rng.unit() * 1.3 - 0.1) }
        // Halves exactly, and the special values.
        values[3] = 0.5 / scale; values[4] = 254.5 / scale; values[5] = .nan; values[6] = -.infinity
        values[7] = .infinity; values[8] = -0.0; values[9] = 1e-30
        for xs in ranges(in: count) {
            var weights = [UInt8](repeating: 77, count: count)
            values.withRow { v in weights.withMutableRow { w in quantizeShadowRow(v, into: w, xs, scale: scale) } }
            for x in 0..<count {
                let expected = xs.contains(x) ? referenceByte(Double(values[x] * scale + 0.5)) : 77
                #expect(weights[x] == expected, "x \(x) in \(xs), v = \(values[x]), scale \(scale)")
            }
        }
    }
}

/// Exactly rounded a·b/255 in Double.
private func times(_ a: UInt32, _ b: UInt32) -> UInt32 { UInt32((Double(a * b) / 255).rounded()) }

@Test func blendShadowRowIsSourceOverOfThePaintTimesEachWeight() {
    var rng = SplitMix64(seed: 42)
    let count = 29
    for _ in 0..<6 {
        let paint = randomPremultipliedBuffer(width: 1, height: 1, using: &rng)
        let paintWord = RGBA8(r: paint.bytes[0], g: paint.bytes[1], b: paint.bytes[2], a: paint.bytes[3]).word
        let table = ShadowBlendTable(paintWord)
        let pixels = randomPremultipliedBuffer(width: count, height: 1, using: &rng)
        let before = (0..<count).map { pixels[$0, 0].word }
        // Weights with runs of zeros and full weights, as shadow rows have.
        let weights = (0..<count).map { _ -> UInt8 in
            switch rng.next() % 4 { case 0: 0; case 1: 255; default: UInt8(truncatingIfNeeded: rng.next()) }
        }
        for xs in ranges(in: count) {
            var row = before
            row.withMutableRow { r in weights.withRow { w in blendShadowRow(r, weights: w, xs, table) } }
            for x in 0..<count {
                var expected = before[x]
                if xs.contains(x) && weights[x] != 0 {
                    let w = UInt32(weights[x])
                    var out: UInt32 = 0
                    let sourceAlpha = times(paintWord >> 24, w)
                    for c in 0..<4 {
                        let s = times((paintWord >> (8 * UInt32(c))) & 0xFF, w)
                        let d = (before[x] >> (8 * UInt32(c))) & 0xFF
                        out |= (times(d, 255 - sourceAlpha) + s) << (8 * UInt32(c))
                    }
                    expected = out
                }
                #expect(row[x] == expected, "x \(x) in \(xs), weight \(weights[x]), paint \(String(paintWord, radix: 16))")
            }
        }
    }
}

@Test func subtractCornerTermsMatchesTheScalarSumBitForBit() {
    var rng = SplitMix64(seed: 43)
    let count = 23, terms = 7
    let a = (0..<terms).map { _ in Float(rng.unit() * 2 - 1) }
    let b = (0..<(terms * count)).map { _ in Float(rng.unit()) }
    let start = (0..<count).map { _ in Float(rng.unit() * 4) }
    for qs in [0..<0, 0..<1, 2..<5, 0..<terms] {
        for xs in ranges(in: count) {
            var v = start
            v.withMutableRow { vr in
                a.withRow { ar in b.withPlane(width: count) { bp in subtractCornerTerms(vr, ar, bp, qs, xs) } }
            }
            for x in 0..<count {
                var expected = start[x]
                if xs.contains(x) { for q in qs { expected -= a[q] * b[q * count + x] } }
                #expect(v[x].bitPattern == expected.bitPattern, "x \(x) in \(xs), terms \(qs)")
            }
        }
    }
}

// MARK: - The image sampler

/// One image pixel as four channels, transparent outside the image.
private func channels(_ image: PixelBuffer, _ x: Int, _ y: Int) -> [UInt64] {
    guard x >= 0, y >= 0, x < image.width, y < image.height else { return [0, 0, 0, 0] }
    let p = image[x, y]
    return [UInt64(p.r), UInt64(p.g), UInt64(p.b), UInt64(p.a)]
}

/// Bilinear interpolation with 12-bit fractions, each channel rounded once: the sampler's rule.
private func bilinear(_ image: PixelBuffer, _ ix: Int, _ iy: Int, _ fx: UInt64, _ fy: UInt64) -> UInt32 {
    let p00 = channels(image, ix, iy), p10 = channels(image, ix + 1, iy)
    let p01 = channels(image, ix, iy + 1), p11 = channels(image, ix + 1, iy + 1)
    let gx = 4096 - fx, gy = 4096 - fy
    var word: UInt32 = 0
    for c in 0..<4 {
        let sum = p00[c] * gx * gy + p10[c] * fx * gy + p01[c] * gx * fy + p11[c] * fx * fy
        word |= UInt32((sum + (1 << 23)) >> 24) << (8 * UInt32(c))
    }
    return word
}

/// The sampler's rule, one pixel at a time: pixel centre → image position (u, v) = mapped − ½, clamped to
/// the edge texels' centres, rounded to 1/4096. Affine maps step the position along the row in 32.32
/// fixed point from the segment's first pixel (x0); the sample at pixel x0 + k is the start plus k steps.
private func referenceRow(_ image: PixelBuffer, _ m: Transform2D, row py: Int, _ x0: Int, _ x1: Int) -> [UInt32] {
    let iw = image.width, ih = image.height
    let cy = Double(py) + 0.5
    if m.isAxisAligned && m.a == 1 && m.e == 1 && m.c == m.c.rounded(.down) && m.f == m.f.rounded(.down) {
        return (x0..<x1).map { px in
            image[min(max(px + Int(m.c), 0), iw - 1), min(max(py + Int(m.f), 0), ih - 1)].word
        }
    }
    if m.isAffine {
        let unit = 4_294_967_296.0, cx0 = Double(x0) + 0.5
        let startU = Int64(((m.a * cx0 + m.b * cy + m.c - 0.5) * unit).rounded())
        let startV = Int64(((m.d * cx0 + m.e * cy + m.f - 0.5) * unit).rounded())
        let stepU = Int64((m.a * unit).rounded()), stepV = Int64((m.d * unit).rounded())
        return (x0..<x1).map { px in
            let k = Int64(px - x0)
            let u = min(max(startU + k * stepU + (1 << 19), 0), Int64(iw - 1) << 32)
            let v = min(max(startV + k * stepV + (1 << 19), 0), Int64(ih - 1) << 32)
            return bilinear(image, Int(u >> 32), Int(v >> 32), UInt64((u >> 20) & 0xFFF), UInt64((v >> 20) & 0xFFF))
        }
    }
    return (x0..<x1).map { px in
        let cx = Double(px) + 0.5
        let w = m.g * cx + m.h * cy + m.i
        let X = (m.a * cx + m.b * cy + m.c) / w, Y = (m.d * cx + m.e * cy + m.f) / w
        if X.isNaN || Y.isNaN { return 0 }
        let u = min(max(X - 0.5, 0), Double(iw - 1)), v = min(max(Y - 0.5, 0), Double(ih - 1))
        var ix = Int(u.rounded(.down)), iy = Int(v.rounded(.down))
        var fx = UInt64(((u - Double(ix)) * 4096 + 0.5).rounded(.down)), fy = UInt64(((v - Double(iy)) * 4096 + 0.5).rounded(.down))
        if fx == 4096 { fx = 0; ix += 1 }
        if fy == 4096 { fy = 0; iy += 1 }
        return bilinear(image, ix, iy, fx, fy)
    }
}

@Test func imageSamplerMatchesThePerPixelRule() {
    var rng = SplitMix64(seed: 44)
    for (iw, ih) in [(1, 1), (2, 3), (7, 5), (13, 9)] {
        let image = randomPremultipliedBuffer(width: iw, height: ih, using: &rng)
        func random(_ lo: Double, _ hi: Double) -> Double { lo + (hi - lo) * rng.unit() }
        var transforms: [Transform2D] = [
            .identity, .translation(3, -2), .translation(0.25, 0.5), .scale(0.37, 0.61), .scale(2.5, 1),
            Transform2D(a: 1, b: 0, c: -4, d: 0, e: 1, f: 7),                              // whole-pixel shift
            Transform2D(a: 0.2, b: 0.05, c: 1, d: -0.04, e: 0.3, f: 0.5, g: 0.003, h: 0.002, i: 1),  // projective
        ]
        for _ in 0..<6 {   // random rotations, scales and shears
            let angle = random(-3.2, 3.2), sx = random(0.1, 3), sy = random(0.1, 3)
            transforms.append(Transform2D.rotation(angle).then(.scale(sx, sy))
                .then(.translation(random(-5, 5), random(-5, 5))))
            transforms.append(Transform2D(a: random(-1, 1), b: random(-1, 1), c: random(-9, 9),
                                          d: random(-1, 1), e: random(-1, 1), f: random(-9, 9)))
        }
        for m in transforms {
            let sampler = ImageSampler(ImagePaint(image: image, deviceToImage: m))
            for py in [-3, 0, 2, 11] {
                for (x0, x1) in [(-4, 21), (0, 1), (3, 4), (5, 16), (-2, -1)] {
                    var out = [UInt32](repeating: 0xDEAD_BEEF, count: x1 - x0)
                    out.withMutableRow(indexedFrom: x0) { sampler.writeRow(py, from: x0, to: x1, into: $0) }
                    let expected = referenceRow(image, m, row: py, x0, x1)
                    #expect(out == expected, "\(iw)×\(ih) image, \(m), row \(py), pixels \(x0)..<\(x1)")
                }
            }
        }
    }
}
