// Text drawn from Raster's glyph cache against the exact fill of the same outlines: within the stated
// bound (origins snapped to 1/4 px), the same bytes whatever the cache held before, and the exact road
// wherever the cache does not serve the placement.
import CoreGraphics
import Foundation
import Testing
import TestSupport
import Raster
@testable import Text

private let ink = CGColor(red: 0, green: 0, blue: 0, alpha: 1)
private let white = RGBA8(r: 255, g: 255, b: 255, a: 255)

/// A CGPath in Raster's terms.
private func rasterPath(_ path: CGPath) -> Path {
    var result = Path()
    for element in path.elements {
        switch element {
        case .move(let p): result.move(to: p)
        case .line(let p): result.line(to: p)
        case .quadCurve(let p, let c): result.quadCurve(to: p, control: c)
        case .curve(let p, let c1, let c2): result.curve(to: p, control1: c1, control2: c2)
        case .close: result.close()
        }
    }
    return result
}

/// Faces by identity, as the Compositor keeps them, and outlines in points (origin on the baseline, y down).
final class Outlines {
    var faces: [ObjectIdentifier: FontFace] = [:]
    func key(_ g: PositionedGlyph) -> GlyphKey {
        faces[ObjectIdentifier(g.font.face)] = g.font.face
        return GlyphKey(face: ObjectIdentifier(g.font.face), glyph: g.glyph, scale: Double(g.font.scale))
    }
    func outline(_ key: GlyphKey) -> Path {
        let s = CGFloat(key.scale)
        let place = { (p: CGPoint) in CGPoint(x: p.x * s, y: 0 - p.y * s) }
        var path = Path()
        for element in faces[key.face]!.outline(of: key.glyph).elements {
            switch element {
            case .move(let p): path.move(to: place(p))
            case .line(let p): path.line(to: place(p))
            case .quadCurve(let p, let c): path.quadCurve(to: place(p), control: place(c))
            case .curve(let p, let c1, let c2): path.curve(to: place(p), control1: place(c1), control2: place(c2))
            case .close: path.close()
            }
        }
        return path
    }
}

private let alphabet = Array("AaBbCcDdEeFfGgHhIiJjKkLlMmNnOoPpQqRrSsTtUuVvWwXxYyZz0123456789.,;:!?'\"()-–&@%ÅéøüßŁ ")

private struct Sample {
    var layout: TextLayout
    var placement: Transform2D
}

private func randomSample(_ rng: inout SplitMix64, scale: Double) -> Sample {
    let weights = [400.0, 500, 600, 700]
    let font = Font(face: FontRegistry.shared.systemFace(weight: weights[Int(rng.unit() * 4)]),
                    size: CGFloat(9 + rng.unit() * 30))
    let count = 1 + Int(rng.unit() * 14)
    let string = String((0..<count).map { _ in alphabet[Int(rng.unit() * Double(alphabet.count))] })
    let layout = TextLayout.make(AttributedText(string, font: font), width: nil)
    let placement = Transform2D(a: scale, b: 0, c: 3 + rng.unit() * 7, d: 0, e: scale, f: 2 + rng.unit() * 7)
    return Sample(layout: layout, placement: placement)
}

private func glyphs(_ layout: TextLayout, _ outlines: Outlines) -> [PlacedGlyph] {
    layout.lines.flatMap(\.glyphs).map {
        PlacedGlyph(key: outlines.key($0), x: Double($0.position.x), y: Double($0.position.y))
    }
}

private func canvas(_ s: Sample) -> PixelBuffer {
    let a = s.placement.a
    return PixelBuffer(width: Int((s.layout.size.width * a).rounded(.up)) + 24,
                       height: Int((s.layout.size.height * a).rounded(.up)) + 24, fill: white)
}

/// The exact road: every glyph's outline in one path, filled with exact area coverage.
private func exact(_ s: Sample) -> PixelBuffer {
    var image = canvas(s)
    for (path, color) in s.layout.paths() {
        image.fill(rasterPath(path).applying(s.placement), with: .solid(color))
    }
    return image
}

private func cached(_ s: Sample, _ outlines: Outlines, cache: GlyphCache, clip: CoverageMask? = nil, opacity: Double = 1) -> PixelBuffer? {
    var image = canvas(s)
    let drawn = image.fillGlyphs(glyphs(s.layout, outlines), placement: s.placement, cache: cache,
                                 outline: outlines.outline, color: ink, opacity: opacity, clip: clip)
    return drawn ? image : nil
}

private func maxDifference(_ a: PixelBuffer, _ b: PixelBuffer) -> Int {
    var worst = 0
    for y in 0..<a.height { for x in 0..<a.width {
        let p = a[x, y], q = b[x, y]
        worst = max(worst, abs(Int(p.r) - Int(q.r)), abs(Int(p.g) - Int(q.g)), abs(Int(p.b) - Int(q.b)), abs(Int(p.a) - Int(q.a)))
    } }
    return worst
}

/// The bound the docs state: each pixel within this many 255ths of the exact coverage (measured: at
/// most 59 over these strings; a straight edge moved 1/8 px along x and y changes a pixel by ≤ 1/4).
let glyphSnapBound = 64

@Suite struct GlyphCoverageTests {
    @Test(arguments: [1.0, 2.0, 3.0, 1.5])
    func randomStringsStayWithinTheBoundOfTheExactFill(scale: Double) throws {
        var rng = SplitMix64(seed: 0x61F_C0DE ^ UInt64(scale * 64))
        let outlines = Outlines()
        let cache = GlyphCache()
        var worst = 0, total = 0.0, pixels = 0
        for _ in 0..<60 {
            let sample = randomSample(&rng, scale: scale)
            let reference = exact(sample)
            let image = try #require(cached(sample, outlines, cache: cache))
            worst = max(worst, maxDifference(image, reference))
            for y in 0..<image.height { for x in 0..<image.width where reference[x, y] != white || image[x, y] != white {
                total += Double(abs(Int(image[x, y].r) - Int(reference[x, y].r))); pixels += 1
            } }
        }
        #expect(worst <= glyphSnapBound, "max difference \(worst)/255 at \(scale)×")
        // Snapping moves edges by at most 1/8 px: on average the difference is small.
        #expect(total / Double(pixels) < 8, "mean difference \(total / Double(pixels))/255 over text pixels at \(scale)×")
    }

    /// A glyph whose origin is on the 1/4 px grid is not moved: its mask is the exact coverage there
    /// (within the last bit's rounding), which pins the phase arithmetic (an off-by-one phase would not be).
    @Test func originsOnTheQuarterGridGiveTheExactFill() throws {
        var rng = SplitMix64(seed: 42)
        let outlines = Outlines()
        for trial in 0..<40 {
            let weights = [400.0, 700]
            let font = Font(face: FontRegistry.shared.systemFace(weight: weights[trial % 2]), size: CGFloat(10 + rng.unit() * 30))
            let character = alphabet[Int(rng.unit() * Double(alphabet.count - 1))]
            let layout = TextLayout.make(AttributedText(String(character), font: font), width: nil)
            let scale = [1.0, 2, 3][trial % 3]
            let by = scale * Double(layout.lines[0].glyphs[0].position.y)
            let gx = Double(Int(rng.unit() * 16)) / 4 + 4, gy = Double(Int(rng.unit() * 16)) / 4 + 4
            // Origin (gx, gy) exactly: x = 0 in the layout, y = by + (gy − by).
            let sample = Sample(layout: layout, placement: Transform2D(a: scale, b: 0, c: gx, d: 0, e: scale, f: gy - by))
            let difference = maxDifference(try #require(cached(sample, outlines, cache: GlyphCache())), exact(sample))
            #expect(difference <= 1, "\(character) at \(scale)×: \(difference)/255")
        }
    }

    /// What a frame draws never depends on what the cache held: a cold cache, a warm one and one so small
    /// that it is emptied over and over give the same bytes.
    @Test func aHitAndAMissGiveTheSameBytes() throws {
        var rng = SplitMix64(seed: 7)
        let outlines = Outlines()
        let samples = (0..<25).map { _ in randomSample(&rng, scale: 3) }
        let warm = GlyphCache()
        let tiny = GlyphCache(capacityBytes: 48 << 10)
        for sample in samples { _ = cached(sample, outlines, cache: warm) }
        for sample in samples.reversed() {
            let fresh = cached(sample, outlines, cache: GlyphCache())
            #expect(fresh != nil)
            #expect(cached(sample, outlines, cache: warm) == fresh)
            let small = cached(sample, outlines, cache: tiny)
            // A run whose masks exceed the budget is handed back to the exact road; otherwise the same bytes.
            if let small { #expect(small == fresh) }
        }
        #expect(tiny.clears > 0)
        #expect(tiny.bytesUsed <= tiny.capacityBytes && warm.bytesUsed <= warm.capacityBytes)
        // Warm: the second pass made no new mask.
        let made = warm.masksMade
        for sample in samples { _ = cached(sample, outlines, cache: warm) }
        #expect(warm.masksMade == made)
    }

    @Test func aRunLargerThanTheBudgetIsLeftToTheExactFill() {
        var rng = SplitMix64(seed: 9)
        let outlines = Outlines()
        let sample = randomSample(&rng, scale: 3)
        #expect(cached(sample, outlines, cache: GlyphCache(capacityBytes: 256)) == nil)
    }

    @Test func clipsAndOpacityApplyAsToAnyFill() throws {
        var rng = SplitMix64(seed: 11)
        let outlines = Outlines()
        let sample = randomSample(&rng, scale: 2)
        let full = try #require(cached(sample, outlines, cache: GlyphCache()))
        let clip = CoverageMask(RoundedRect(rect: CGRect(x: 0, y: 0, width: Double(full.width) / 2, height: Double(full.height)),
                                            radii: CornerRadii(all: 0)), within: PixelRect(x: 0, y: 0, width: full.width, height: full.height))
        let clipped = try #require(cached(sample, outlines, cache: GlyphCache(), clip: clip))
        let faded = try #require(cached(sample, outlines, cache: GlyphCache(), opacity: 0.5))
        var inkLeft = false
        for y in 0..<full.height { for x in 0..<full.width {
            if x >= full.width / 2 + 1 { #expect(clipped[x, y] == white) } else if x < full.width / 2 {
                #expect(clipped[x, y] == full[x, y])
            }
            if full[x, y] != white { inkLeft = true }
            // Half the ink: a channel of 255 − c becomes about 255 − c/2.
            let c = 255 - Int(full[x, y].r), f = 255 - Int(faded[x, y].r)
            #expect(abs(f - c / 2) <= 1)
        } }
        #expect(inkLeft)
    }

    @Test func onlyTranslationsAndGridScalesAreServed() {
        #expect(GlyphCache.accepts(.scale(3, 3).then(.translation(10.3, 4.7))))
        #expect(GlyphCache.accepts(.scale(1.5, 1.5)))
        #expect(!GlyphCache.accepts(.scale(2.9, 2.9)))              // an animating scale: exact road
        #expect(!GlyphCache.accepts(.scale(3, 2)))
        #expect(!GlyphCache.accepts(.rotation(0.1).then(.scale(3, 3))))
        #expect(!GlyphCache.accepts(Transform2D(a: 3, b: 0, c: 0, d: 0, e: 3, f: 0, g: 0.001, h: 0, i: 1)))
        #expect(!GlyphCache.accepts(.scale(-3, -3)))
    }
}
