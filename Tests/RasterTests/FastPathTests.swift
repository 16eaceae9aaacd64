import Testing
import Foundation
@testable import Raster
import TestSupport

// Fast paths against the general rule they replace, on random and edge inputs: byte for byte.

/// The gradient table row read pixel by pixel with the index clamped (the general rule).
private func referenceTableRow(_ table: [UInt32], acc: Int64, step: Int64, count: Int) -> [UInt32] {
    var a = acc
    return (0..<count).map { _ in
        let k = min(max(a >> 32, 0), Int64(PaintEvaluator.lookupSize))
        a &+= step
        return table[Int(k)]
    }
}

@Test func gradientTableRowMatchesClampedIndexing() {
    let n = PaintEvaluator.lookupSize
    let table = (0...n).map { UInt32($0) &* 2_654_435_761 }
    var rng = SplitMix64(seed: 7)
    let unit = Int64(1) << 32
    var cases: [(Int64, Int64, Int)] = [
        (0, 0, 5), (-1, 0, 5), (Int64(n + 1) * unit, 0, 3), (Int64(n + 1) * unit - 1, 0, 3),
        (-3 * unit, unit, 12), (Int64(n - 3) * unit, unit, 12), (Int64(n + 3) * unit, -unit, 12), (2 * unit, -unit, 12),
        (-1, 1, 9), (Int64(n + 1) * unit - 2, 1, 9), (0, -1, 9), (Int64(n + 1) * unit, -1, 9),
        (-999_999_999 * unit, 1_999_999_998 * unit, 1), (999_999_999 * unit, -1_999_999_998 / 7 * unit, 7),
        (0, unit, 0),
    ]
    for _ in 0..<4000 {
        let count = Int.random(in: 0...40, using: &rng)
        let scale = [Int64(1), 1 << 12, 1 << 24, unit, unit << 8][Int.random(in: 0...4, using: &rng)]
        let acc = Int64.random(in: -200...Int64(n + 200), using: &rng) * unit + Int64.random(in: -unit...unit, using: &rng)
        let step = Int64.random(in: -300...300, using: &rng) * scale / 64
        cases.append((acc, step, count))
    }
    for (acc, step, count) in cases {
        var out = [UInt32](repeating: 0xDEAD_BEEF, count: count + 1)
        table.withRow { t in
            out.withMutableRow { PaintEvaluator.tableRow(t, acc: acc, step: step, count: count, into: $0) }
        }
        #expect(Array(out[..<count]) == referenceTableRow(table, acc: acc, step: step, count: count), "acc \(acc) step \(step) count \(count)")
        #expect(out[count] == 0xDEAD_BEEF, "wrote past the row")
    }
}

/// A fill that skips a rect leaves exactly that rect alone and gives every other pixel the plain fill's bytes.
@Test func fillSkippingARectMatchesThePlainFillElsewhere() {
    var rng = SplitMix64(seed: 11)
    func unit() -> Double { Double.random(in: 0...1, using: &rng) }
    for round in 0..<150 {
        let w = 48, h = 40
        let base = randomPremultipliedBuffer(width: w, height: h, opaque: round % 3 == 0, using: &rng)
        let rect = CGRect(x: unit() * 20 - 4, y: unit() * 16 - 4, width: unit() * 40 + 1, height: unit() * 36 + 1)
        let shape = RoundedRect(rect: rect, radii: CornerRadii(topLeft: unit() * 10, topRight: unit() * 3, bottomLeft: 0, bottomRight: unit() * 12))
        let color = CGColor(red: unit(), green: unit(), blue: unit(), alpha: round % 2 == 0 ? 1 : unit())
        let paint: Paint = round % 4 == 1
            ? .axialGradient(start: CGPoint(x: unit() * 48, y: unit() * 40), end: CGPoint(x: unit() * 48, y: unit() * 40),
                             stops: [GradientStop(location: 0, color: color), GradientStop(location: 1, color: CGColor(red: unit(), green: 0.5, blue: 0, alpha: 1))])
            : .solid(color)
        let opacity = round % 5 == 0 ? unit() : 1
        var clip: CoverageMask?
        if round % 3 == 2 {
            var m = CoverageMask(bounds: PixelRect(x: Int.random(in: -3...10, using: &rng), y: Int.random(in: -3...10, using: &rng), width: 40, height: 30))
            for i in m.values.indices { m.values[i] = [0, 255, UInt8.random(in: 0...255, using: &rng)][Int.random(in: 0...2, using: &rng)] }
            clip = m
        }
        let skip = PixelRect(x: Int.random(in: -10...50, using: &rng), y: Int.random(in: -10...45, using: &rng),
                             width: Int.random(in: -2...40, using: &rng), height: Int.random(in: -2...40, using: &rng))
        var plain = base, skipped = base
        plain.fill(shape, with: paint, opacity: opacity, clip: clip)
        skipped.fill(shape, with: paint, opacity: opacity, clip: clip, skipping: skip)
        var mismatches = 0
        for y in 0..<h { for x in 0..<w {
            let inSkip = !skip.isEmpty && x >= skip.x && x < skip.maxX && y >= skip.y && y < skip.maxY
            if skipped[x, y] != (inSkip ? base[x, y] : plain[x, y]) { mismatches += 1 }
        } }
        #expect(mismatches == 0, "round \(round): \(mismatches) pixels differ")
    }
}

/// Copying and filling in one pass gives the bytes of a copy followed by the fills, one after another
/// (overlapping, fractional, partly outside; solid and gradient paints; translucent and opaque).
@Test func copyFillingMatchesCopyThenFills() {
    var rng = SplitMix64(seed: 23)
    func unit() -> Double { Double.random(in: 0...1, using: &rng) }
    for round in 0..<60 {
        let w = Int.random(in: 1...70, using: &rng), h = Int.random(in: 1...90, using: &rng)   // bands of 32 rows and a remainder
        var base = PixelBuffer(width: w, height: h)
        for i in 0..<w * h {
            base.bytes[i * 4 + 3] = 255
            for c in 0..<3 { base.bytes[i * 4 + c] = UInt8.random(in: 0...255, using: &rng) }
        }
        let shapes = (0..<Int.random(in: 0...4, using: &rng)).map { _ in
            RoundedRect(rect: CGRect(x: unit() * Double(w) - 5, y: unit() * Double(h) - 5, width: unit() * Double(w), height: unit() * Double(h)),
                        radii: CornerRadii(all: round % 2 == 0 ? 0 : unit() * 8))
        }
        let color = CGColor(red: unit(), green: unit(), blue: unit(), alpha: round % 3 == 0 ? 1 : unit())
        let paint: Paint = round % 4 == 3
            ? .axialGradient(start: .zero, end: CGPoint(x: Double(w), y: Double(h)),
                             stops: [GradientStop(location: 0, color: color), GradientStop(location: 1, color: CGColor(red: 0, green: 0.2, blue: 1, alpha: 1))])
            : .solid(color)
        let opacity = round % 5 == 0 ? 1 : unit()
        var expected = base
        for shape in shapes { expected.fill(shape, with: paint, opacity: opacity) }
        let fused = base.copy(filling: shapes, with: paint, opacity: opacity)
        #expect(fused == expected, "round \(round)")
    }
}

/// The vector run kernel (four pixels per step, then pairs, then one) against blendPixel pixel by pixel,
/// for random premultiplied paints, weights, destinations, lengths and alignments.
@Test func blendRunMatchesBlendPixel() {
    var rng = SplitMix64(seed: 5)
    for round in 0..<3000 {
        let a = UInt32([0, 1, 255, UInt8.random(in: 0...255, using: &rng)][round % 4])
        func channel() -> UInt32 { UInt32.random(in: 0...a, using: &rng) }
        let word = channel() | channel() << 8 | channel() << 16 | a << 24
        let weight = [UInt8(255), 0, 1, UInt8.random(in: 0...255, using: &rng)][(round / 4) % 4]
        let count = Int.random(in: 0...37, using: &rng), offset = Int.random(in: 0...3, using: &rng)
        var dst = (0..<count + offset + 1).map { _ in
            let da = UInt32.random(in: 0...255, using: &rng)
            return UInt32.random(in: 0...da, using: &rng) | UInt32.random(in: 0...da, using: &rng) << 8
                | UInt32.random(in: 0...da, using: &rng) << 16 | da << 24
        }
        var expected = dst
        expected.withMutableRow { e in
            for k in 0..<count { blendPixel(e, at: offset + k, spread(word), weight: weight) }
        }
        dst.withMutableRow { blendRun($0, offset..<(offset + count), word: word, weight: weight) }
        #expect(dst == expected, "word \(String(word, radix: 16)) weight \(weight) count \(count)")
    }
}
