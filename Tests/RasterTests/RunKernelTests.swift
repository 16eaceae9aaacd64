import Testing
import Foundation
@testable import Raster
import TestSupport

// The run-skipping kernels (runs of 0 and 255 in weight and clip rows found eight bytes at a time, opaque
// runs copied, a translucent fill blended while the backdrop is copied) against the per-pixel rule they
// replace, byte for byte, on seeded random rows whose runs are long and short and start anywhere.

/// A row of runs: each run all 0, all 255 or random bytes, 1…40 long (so the eight-byte steps, their
/// tails and run ends inside a word all occur).
private func runRow(_ count: Int, _ rng: inout SplitMix64) -> [UInt8] {
    var out: [UInt8] = []
    while out.count < count {
        let run = Int(rng.next() % 40) + 1, kind = rng.next() % 3
        for _ in 0..<run where out.count < count {
            out.append(kind == 0 ? 0 : kind == 1 ? 255 : UInt8(truncatingIfNeeded: rng.next()))
        }
    }
    return out
}

private func randomRange(_ count: Int, _ rng: inout SplitMix64) -> Range<Int> {
    let a = Int(rng.next() % UInt64(count + 1)), b = Int(rng.next() % UInt64(count + 1))
    return min(a, b)..<max(a, b)
}

@Suite struct RunKernels {
    @Test func runEndIsTheFirstDifferentByte() {
        var rng = SplitMix64(seed: 90)
        for _ in 0..<400 {
            let row = runRow(70, &rng)
            let xs = randomRange(row.count, &rng)
            for i in xs {
                for value: UInt8 in [0, 255, row[i]] {
                    var expected = i
                    while expected < xs.upperBound && row[expected] == value { expected += 1 }
                    let end = row.withRow { runEnd($0, from: i, to: xs.upperBound, value: value) }
                    #expect(end == expected, "from \(i) in \(xs), value \(value)")
                }
            }
        }
    }

    @Test func multiplyWeightsIsThePointwiseProduct() {
        var rng = SplitMix64(seed: 91)
        for _ in 0..<600 {
            let count = Int(rng.next() % 90) + 1
            let weights = runRow(count, &rng), clip = runRow(count, &rng)
            let xs = randomRange(count, &rng)
            var out = weights
            clip.withRow { c in out.withMutableRow { multiplyWeights($0, by: c, xs) } }
            let expected = (0..<count).map { xs.contains($0) ? UInt8(mul255(UInt32(weights[$0]), UInt32(clip[$0]))) : weights[$0] }
            #expect(out == expected, "\(xs)")
        }
    }

    @Test func intersectionWithLongRunsIsThePointwiseProduct() {
        var rng = SplitMix64(seed: 92)
        for _ in 0..<300 {
            let bounds = PixelRect(x: Int(rng.next() % 9) - 4, y: Int(rng.next() % 5) - 2, width: Int(rng.next() % 80), height: Int(rng.next() % 6))
            var a = CoverageMask(bounds: bounds), b = CoverageMask(bounds: bounds)
            a.values = runRow(bounds.width * bounds.height, &rng)
            b.values = runRow(bounds.width * bounds.height, &rng)
            var expected = CoverageMask(bounds: bounds)
            for i in expected.values.indices { expected.values[i] = UInt8(mul255(UInt32(a.values[i]), UInt32(b.values[i]))) }
            #expect(a.intersected(with: b) == expected)
        }
    }

    /// One paint, per-pixel weights (runs of 0 and 255 and random bytes, any start and length): the
    /// pixels `blendPixel` gives, over valid premultiplied backdrops and over arbitrary bytes (where
    /// `over` saturates).
    @Test func blendRunsMatchesBlendPixel() {
        var rng = SplitMix64(seed: 97)
        for round in 0..<1500 {
            let count = Int(rng.next() % 90) + 1
            let word = randomPremultipliedBuffer(width: 1, height: 1, opaque: round % 2 == 0, using: &rng)[0, 0].word
            let base = randomPremultipliedBuffer(width: count, height: 1, opaque: round % 3 == 0, using: &rng)
            var fast = round % 5 == 4 ? (0..<count).map { _ in UInt32(truncatingIfNeeded: rng.next()) } : (0..<count).map { base[$0, 0].word }
            var slow = fast
            let weights = runRow(count, &rng)
            let xs = randomRange(count, &rng)
            weights.withRow { w in
                fast.withMutableRow { blendRuns($0, weights: w, xs, word: word) }
                slow.withMutableRow { row in for x in xs { blendPixel(row, at: x, spread(word), weight: w[x]) } }
            }
            #expect(fast == slow, "round \(round), \(xs)")
        }
    }

    /// Opaque and translucent paints, weights with long 0 and 255 runs: the pixels `blendPixel` gives.
    @Test func blendPaintRowMatchesBlendPixel() {
        var rng = SplitMix64(seed: 93)
        for round in 0..<600 {
            let count = Int(rng.next() % 90) + 1
            let opaque = round % 2 == 0
            let paint = randomPremultipliedBuffer(width: count, height: 1, opaque: opaque, using: &rng)
            let base = randomPremultipliedBuffer(width: count, height: 1, opaque: round % 3 == 0, using: &rng)
            let weights = runRow(count, &rng)
            let xs = randomRange(count, &rng)
            let words = (0..<count).map { paint[$0, 0].word }
            var fast = (0..<count).map { base[$0, 0].word }, slow = fast
            words.withRow { p in weights.withRow { w in
                fast.withMutableRow { blendPaintRow($0, paint: p, weights: w, xs, opaque: opaque) }
                slow.withMutableRow { row in for x in xs { blendPixel(row, at: x, spread(p[x]), weight: w[x]) } }
            } }
            #expect(fast == slow, "round \(round), \(xs)")
        }
    }

    /// blendRun reading another row: the bytes of copying that row and then blending in place.
    @Test func blendRunFromASourceEqualsCopyThenBlend() {
        var rng = SplitMix64(seed: 94)
        for round in 0..<800 {
            let count = Int(rng.next() % 40) + 1
            let source = randomPremultipliedBuffer(width: count, height: 1, opaque: round % 3 == 0, using: &rng)
            let color = randomPremultipliedBuffer(width: 1, height: 1, opaque: round % 4 == 0, using: &rng)[0, 0].word
            let weight: UInt8 = [0, 255, UInt8(truncatingIfNeeded: rng.next())][round % 3]
            let xs = randomRange(count, &rng)
            let from = (0..<count).map { source[$0, 0].word }
            var fused = [UInt32](repeating: 0xDEAD_BEEF, count: count)
            var expected = fused
            from.withRow { f in
                fused.withMutableRow { blendRun($0, xs, word: color, weight: weight, from: f, copying: true) }
                expected.withMutableRow { row in row.update(xs, from: f); blendRun(row, xs, word: color, weight: weight) }
            }
            #expect(fused == expected, "round \(round), \(xs), weight \(weight)")
        }
    }

    /// A copy with fills of whole-pixel rectangles (blended while copying when they are disjoint) equals
    /// the copy followed by the fills, for overlapping, fractional and rounded shapes too.
    @Test func copyFillingRectsEqualsCopyThenFill() {
        var rng = SplitMix64(seed: 95)
        for round in 0..<300 {
            let w = Int(rng.next() % 50) + 1, h = Int(rng.next() % 30) + 1
            let source = randomPremultipliedBuffer(width: w, height: h, opaque: round % 2 == 0, using: &rng)
            var shapes: [RoundedRect] = []
            for _ in 0..<Int(rng.next() % 4) {
                var rect = CGRect(x: Int(rng.next() % 60) - 5, y: Int(rng.next() % 40) - 5,
                                  width: Int(rng.next() % 30), height: Int(rng.next() % 20))
                if round % 7 == 3 { rect.origin.x += 0.5 }
                shapes.append(RoundedRect(rect: rect, radii: CornerRadii(all: round % 11 == 5 ? 3 : 0)))
            }
            if round % 5 == 0, let first = shapes.first {
                // Disjoint by construction: the rest of the rows below the first shape.
                shapes = [first, RoundedRect(rect: CGRect(x: 0, y: first.rect.maxY, width: CGFloat(w), height: CGFloat(h)))]
            }
            let color = CGColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: round % 3 == 0 ? 1 : rng.unit())
            let opacity = [1, 0, rng.unit(), 0.3][round % 4]
            var expected = source
            for shape in shapes { expected.fill(shape, with: .solid(color), opacity: opacity) }
            var storage = randomPremultipliedBuffer(width: w, height: h, using: &rng)
            let fused = source.copy(filling: shapes, with: .solid(color), opacity: opacity, reusing: &storage)
            #expect(fused == expected, "round \(round): \(shapes.map(\.rect))")

            // Pixels a caller promises to overwrite may be left alone; every other pixel is the same.
            let holes = (0..<Int(rng.next() % 3)).map { _ in
                PixelRect(x: Int(rng.next() % 60) - 5, y: Int(rng.next() % 40) - 5, width: Int(rng.next() % 25), height: Int(rng.next() % 15))
            }
            var reused = randomPremultipliedBuffer(width: w, height: h, using: &rng)
            let partial = source.copy(filling: shapes, with: .solid(color), opacity: opacity, overwritten: holes, reusing: &reused)
            let outside = differingPixels(partial, expected).filter { p in !holes.contains { p.x >= $0.x && p.x < $0.maxX && p.y >= $0.y && p.y < $0.maxY } }
            #expect(outside.isEmpty, "round \(round): \(outside.count) pixels outside the holes differ")
        }
    }

    /// Solid and gradient fills of rounded rects under a clip of long 0/255 runs and partial values: each
    /// pixel is paint ⊗ mul255(coverage weight, clip) composited source-over, the paint evaluated along the
    /// whole row of the fill's region (the rule the general path follows), including the table gradients of
    /// large fills.
    @Test func clippedFillsMatchThePerPixelRule() {
        var rng = SplitMix64(seed: 96)
        for round in 0..<60 {
            let large = round % 3 == 0
            let w = large ? 260 : 70, h = large ? 150 : 40
            let base = randomPremultipliedBuffer(width: w, height: h, opaque: round % 2 == 0, using: &rng)
            let rect = CGRect(x: rng.unit() * 20 - 5, y: rng.unit() * 10 - 5,
                              width: rng.unit() * Double(w) + 5, height: rng.unit() * Double(h) + 5)
            let shape = RoundedRect(rect: rect, radii: CornerRadii(all: rng.unit() * 20))
            let c0 = CGColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: round % 4 == 1 ? rng.unit() : 1)
            let c1 = CGColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: 1)
            // Diagonal gradients, and horizontal (round % 5 == 2) and vertical (round % 5 == 3) ones.
            let start = CGPoint(x: rng.unit() * Double(w), y: rng.unit() * Double(h))
            var end = CGPoint(x: rng.unit() * Double(w), y: rng.unit() * Double(h))
            if round % 5 == 2 { end.y = start.y }
            if round % 5 == 3 { end.x = start.x }
            let paint: Paint = round % 5 == 4 ? .solid(c0)
                : .axialGradient(start: start, end: end, stops: [GradientStop(location: 0, color: c0), GradientStop(location: 1, color: c1)])
            let opacity = round % 4 == 2 ? rng.unit() : 1
            var clip = CoverageMask(bounds: PixelRect(x: Int(rng.next() % 9) - 4, y: Int(rng.next() % 9) - 4, width: w - 2, height: h - 3))
            clip.values = runRow(clip.values.count, &rng)

            var fast = base
            fast.fill(shape, with: paint, opacity: opacity, clip: clip)

            var slow = base
            let g = RoundedRectGeometry(shape)
            let region = g.pixelBounds.intersection(slow.bounds).intersection(clip.bounds)
            var painter = PaintEvaluator(paint)
            painter.prepareLookupTable(pixelCount: region.width * region.height)
            var paints = [UInt32](repeating: 0, count: w)
            let op = unitClamp(opacity)
            slow.withMutablePixels { pixels in
                for py in region.y..<max(region.y, region.maxY) {
                    paints.withMutableRow { painter.writeRow(py, from: region.x, to: region.maxX, into: $0) }
                    let row = pixels.row(py)
                    for px in region.x..<region.maxX {
                        let weight = UInt8(mul255(UInt32(quantize(g.coverage(px, py) * op)), UInt32(clip[px, py])))
                        blendPixel(row, at: px, spread(paints[px]), weight: weight)
                    }
                }
            }
            #expect(fast == slow, "round \(round): \(differingPixels(fast, slow).count) pixels differ")
        }
    }

    /// A shadow that leaves alone the pixels its caster's shape covers entirely, under the opaque caster
    /// filled next: the bytes of the whole shadow under the same fill (small and large σ, fractional edges).
    @Test func shadowSkippingTheCoveredPixelsUnderAnOpaqueBodyIsUnchanged() {
        var rng = SplitMix64(seed: 97)
        var skippedSomething = 0
        for round in 0..<40 {
            let w = 90, h = 80
            let base = randomPremultipliedBuffer(width: w, height: h, opaque: round % 2 == 0, using: &rng)
            let rect = CGRect(x: rng.unit() * 40 - 10, y: rng.unit() * 30 - 10, width: 5 + rng.unit() * 70, height: 5 + rng.unit() * 60)
            let shape = RoundedRect(rect: rect, radii: CornerRadii(topLeft: rng.unit() * 12, topRight: rng.unit() * 4,
                                                                   bottomLeft: 0, bottomRight: rng.unit() * 20))
            let sigma = [0.7, 3, 9, 14][round % 4] * (0.5 + rng.unit())
            let offset = CGPoint(x: rng.unit() * 6 - 3, y: rng.unit() * 8)
            let shadow = CGColor(red: 0, green: 0, blue: 0.2, alpha: 0.3 + 0.6 * rng.unit())
            let body = CGColor(red: rng.unit(), green: rng.unit(), blue: rng.unit(), alpha: 1)
            var whole = base, skipped = base
            whole.drawRoundedRectShadow(shape, offset: offset, sigma: sigma, color: shadow, opacity: 0.8)
            skipped.drawRoundedRectShadow(shape, offset: offset, sigma: sigma, color: shadow, opacity: 0.8, skipCovered: shape)
            if whole != skipped { skippedSomething += 1 }
            whole.fill(shape, with: .solid(body))
            skipped.fill(shape, with: .solid(body))
            #expect(whole == skipped, "round \(round): \(differingPixels(whole, skipped).count) pixels differ")
        }
        #expect(skippedSomething > 20, "the covered pixels were drawn anyway")
    }
}
