// The glyph cache's row walk (boxes left to right, precomputed bytes where one box covers a pixel, sums
// only where boxes overlap) against the walk it replaced, kept here as the oracle: every mask added into
// a Float row in the sum's order, the run's whole span quantized. The same bytes on random runs with
// overlapping glyphs (negative kerning), several lines, cut by the canvas edges, under clips and opacity.
import CoreGraphics
import Foundation
import Testing
import TestSupport
@testable import Raster
@testable import Text

/// The walk before the sweep, verbatim: the oracle.
private struct SummingGlyphRunCoverage: CoverageRowSource {
    let region: PixelRect
    let store: Row<Float>
    let placed: Row<GlyphCache.Placed>
    let count: Int
    let accumulator: MutableRow<Float>
    let active: MutableRow<Int>
    private var activeCount = 0
    private var next = 0

    init(region: PixelRect, store: Row<Float>, placed: Row<GlyphCache.Placed>, count: Int,
         accumulator: MutableRow<Float>, active: MutableRow<Int>) {
        self.region = region; self.store = store; self.placed = placed; self.count = count
        self.accumulator = accumulator; self.active = active
    }

    mutating func row(_ py: Int, opacity: Double, weights: MutableRow<UInt8>, segments: inout [RowSegment]) {
        while next < count && placed[next].y <= py { active[activeCount] = next; activeCount += 1; next += 1 }
        var lo = region.maxX, hi = region.x
        var k = 0
        while k < activeCount {
            let p = placed[active[k]]
            if p.y + p.height <= py {
                for j in k..<(activeCount - 1) { active[j] = active[j + 1] }
                activeCount -= 1
                continue
            }
            k += 1
            let x0 = Swift.max(p.x, region.x), x1 = Swift.min(p.x + p.width, region.maxX)
            if x1 <= x0 { continue }
            lo = Swift.min(lo, x0); hi = Swift.max(hi, x1)
            let src = store.advanced(by: p.offset + (py - p.y) * p.width - p.x)
            for x in x0..<x1 { accumulator[x] += src[x] }
        }
        guard hi > lo else { return }
        let op = Float(opacity)
        for x in lo..<hi {
            let v = accumulator[x]
            accumulator[x] = 0
            weights[x] = quantize(Swift.min(v, 1) * op)
        }
        segments.append(RowSegment(start: lo, end: hi, weight: 0, perPixel: true))
    }
}

extension PixelBuffer {
    /// `fillGlyphs` through the oracle's walk.
    fileprivate mutating func summingFillGlyphs(_ glyphs: [PlacedGlyph], placement: Transform2D, cache: GlyphCache,
                                                outline: (GlyphKey) -> Path, color: CGColor, opacity: Double,
                                                clip: CoverageMask?) -> Bool {
        guard GlyphCache.accepts(placement) else { return false }
        guard cache.place(glyphs, scale: placement.a, tx: placement.c, ty: placement.f, visible: bounds, outline: outline) else { return false }
        guard !cache.placed.isEmpty else { return true }
        var box = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for p in cache.placed { box = box.union(PixelRect(x: p.x, y: p.y, width: p.width, height: p.height)) }
        let region = box.intersection(bounds)
        guard !region.isEmpty else { return true }
        var accumulator = [Float](repeating: 0, count: region.width)
        var active = [Int](repeating: 0, count: cache.placed.count)
        let placed = cache.placed, count = placed.count
        cache.storage.withRow { store in
            placed.withRow { placedRow in
                accumulator.withMutableRow(indexedFrom: region.x) { acc in
                    active.withMutableRow { act in
                        fillRows(bounds: region, paint: .gradient(.solid(color), .identity), opacity: opacity, clip: clip) { r in
                            SummingGlyphRunCoverage(region: r, store: store, placed: placedRow, count: count, accumulator: acc, active: act)
                        }
                    }
                }
            }
        }
        return true
    }
}

private let letters = Array("AaBbCcDdEeFfGgHhIiJjKkLlMmNnOoPpQqRrSsTtVvWwXxYyZz0123456789.,;:!?'\"()-–&@%ÅéøüßŁ fjgy ")

@Suite struct GlyphRunSweepTests {
    @Test(arguments: [1.0, 2.0, 3.0])
    func theSweepDrawsTheBytesOfTheSummingWalk(scale: Double) throws {
        var rng = SplitMix64(seed: 0x5EE9 ^ UInt64(scale * 8))
        let outlines = Outlines()
        let cache = GlyphCache()
        var overlapping = 0, multiLine = 0
        for trial in 0..<80 {
            let weights = [400.0, 600, 700, 800]
            let font = Font(face: FontRegistry.shared.systemFace(weight: weights[Int(rng.unit() * 4)]),
                            size: CGFloat(8 + rng.unit() * 34))
            // Negative kerning makes neighbouring boxes overlap, sometimes three deep.
            let kern = CGFloat(trial % 3 == 0 ? -rng.unit() * Double(font.pointSize) * 0.35 : 0)
            let count = 1 + Int(rng.unit() * 40)
            let string = String((0..<count).map { _ in letters[Int(rng.unit() * Double(letters.count))] })
            let width: CGFloat? = trial % 2 == 0 ? CGFloat(40 + rng.unit() * 160) : nil
            let layout = TextLayout.make(AttributedText(runs: [TextRun(string, font: font, kern: kern)]), paragraph: ParagraphStyle(), width: width)
            if layout.lines.count > 1 { multiLine += 1 }
            if kern < 0 && count > 1 { overlapping += 1 }
            let glyphs = layout.lines.flatMap(\.glyphs).map {
                PlacedGlyph(key: outlines.key($0), x: Double($0.position.x), y: Double($0.position.y))
            }
            // Origins anywhere (parts of the run off the canvas), any phase.
            let placement = Transform2D(a: scale, b: 0, c: -30 + rng.unit() * 60, d: 0, e: scale, f: -20 + rng.unit() * 40)
            let w = 40 + Int(rng.unit() * 400), h = 20 + Int(rng.unit() * 200)
            let background = RGBA8(r: UInt8(rng.unit() * 255), g: 200, b: 180, a: 255)
            let opacity = [1, 0.5, rng.unit()][trial % 3]
            let clip: CoverageMask? = trial % 4 == 1
                ? CoverageMask(RoundedRect(rect: CGRect(x: rng.unit() * Double(w) / 2, y: 0, width: Double(w) / 2, height: Double(h)),
                                           radii: CornerRadii(all: 9)), within: PixelRect(x: 0, y: 0, width: w, height: h))
                : nil
            let color = CGColor(red: rng.unit(), green: rng.unit(), blue: 0.2, alpha: trial % 5 == 0 ? 0.6 : 1)
            var swept = PixelBuffer(width: w, height: h, fill: background)
            var summed = swept
            let a = swept.fillGlyphs(glyphs, placement: placement, cache: cache, outline: outlines.outline,
                                     color: color, opacity: opacity, clip: clip)
            let b = summed.summingFillGlyphs(glyphs, placement: placement, cache: cache, outline: outlines.outline,
                                             color: color, opacity: opacity, clip: clip)
            #expect(a == b)
            #expect(swept == summed, "trial \(trial): \(string.debugDescription) at \(scale)×, kern \(kern), opacity \(opacity)")
        }
        #expect(overlapping > 10 && multiLine > 10)
    }

    /// Glyphs with ink boxes outside the canvas or the clip are not placed (no mask is made for them),
    /// and the pixels are those of placing every glyph.
    @Test func skippingUnseenGlyphsChangesNoPixel() throws {
        var rng = SplitMix64(seed: 0x1B0C)
        let outlines = Outlines()
        var skipped = 0
        for trial in 0..<60 {
            let font = Font(face: FontRegistry.shared.systemFace(weight: 400 + Double(trial % 4) * 100), size: CGFloat(9 + rng.unit() * 30))
            let string = String((0..<(5 + Int(rng.unit() * 60))).map { _ in letters[Int(rng.unit() * Double(letters.count))] })
            let layout = TextLayout.make(AttributedText(string, font: font), paragraph: ParagraphStyle(), width: CGFloat(60 + rng.unit() * 120))
            let glyphs = layout.lines.flatMap(\.glyphs).map { g -> PlacedGlyph in
                let key = outlines.key(g)
                let b = g.font.face.outline(of: g.glyph).boundingBox
                let s = CGFloat(key.scale)
                let ink = b.isNull ? CGRect.null : CGRect(x: b.minX * s, y: -b.maxY * s, width: b.width * s, height: b.height * s)
                return PlacedGlyph(key: key, x: Double(g.position.x), y: Double(g.position.y), inkBox: ink)
            }
            let blind = glyphs.map { PlacedGlyph(key: $0.key, x: $0.x, y: $0.y) }
            let scale = [1.0, 2, 3][trial % 3]
            // The canvas shows only part of the text: origins pushed up and left, a small canvas.
            let placement = Transform2D(a: scale, b: 0, c: -rng.unit() * 80, d: 0, e: scale, f: -rng.unit() * 120)
            let w = 30 + Int(rng.unit() * 200), h = 20 + Int(rng.unit() * 120)
            let clip: CoverageMask? = trial % 2 == 0
                ? CoverageMask(RoundedRect(rect: CGRect(x: rng.unit() * Double(w) / 2, y: rng.unit() * Double(h) / 2, width: Double(w) / 3, height: Double(h) / 3),
                                           radii: CornerRadii(all: 4)), within: PixelRect(x: 0, y: 0, width: w, height: h))
                : nil
            var seeing = PixelBuffer(width: w, height: h, fill: RGBA8(r: 250, g: 250, b: 240, a: 255)), all = seeing
            let cache = GlyphCache(), blindCache = GlyphCache()
            let a = seeing.fillGlyphs(glyphs, placement: placement, cache: cache, outline: outlines.outline,
                                      color: CGColor(red: 0, green: 0, blue: 0, alpha: 1), opacity: 1, clip: clip)
            let b = all.fillGlyphs(blind, placement: placement, cache: blindCache, outline: outlines.outline,
                                   color: CGColor(red: 0, green: 0, blue: 0, alpha: 1), opacity: 1, clip: clip)
            #expect(a && b)
            #expect(seeing == all, "trial \(trial)")
            #expect(cache.masksMade <= blindCache.masksMade)
            skipped += blindCache.masksMade - cache.masksMade
        }
        #expect(skipped > 100)
    }
}
