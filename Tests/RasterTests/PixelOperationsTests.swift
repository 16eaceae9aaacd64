import Testing
import Foundation
@testable import Raster
import TestSupport

// The operations Raster lends the modules above it instead of pointers (PixelOperations.swift), each
// against a reference written here with plain array subscripts, on seeded random images.

/// The word of pixel (x, y) read byte by byte (r in the low byte).
private func word(_ image: PixelBuffer, _ x: Int, _ y: Int) -> UInt32 {
    let i = (y * image.width + x) * 4
    return UInt32(image.bytes[i]) | UInt32(image.bytes[i + 1]) << 8 | UInt32(image.bytes[i + 2]) << 16
        | UInt32(image.bytes[i + 3]) << 24
}

@Suite struct ReplaceRegion {
    @Test(arguments: [(0, 0, 7, 5), (3, 2, 1, 1), (1, 4, 6, 1), (0, 0, 9, 6)])
    func copiesTheSourceOverTheRegionOnly(x: Int, y: Int, width: Int, height: Int) {
        let original = randomPremultipliedBuffer(width: 9, height: 6, seed: 1)
        let source = randomPremultipliedBuffer(width: width, height: height, seed: 2)
        var image = original
        image.replace(PixelRect(x: x, y: y, width: width, height: height), with: source)
        for py in 0..<6 {
            for px in 0..<9 {
                let inside = px >= x && px < x + width && py >= y && py < y + height
                #expect(image[px, py] == (inside ? source[px - x, py - y] : original[px, py]), "(\(px), \(py))")
            }
        }
    }

    @Test func anEmptyRegionChangesNothing() {
        var image = randomPremultipliedBuffer(width: 4, height: 3, seed: 3)
        let before = image
        image.replace(PixelRect(x: 2, y: 1, width: 0, height: 0), with: PixelBuffer(width: 0, height: 0))
        #expect(image == before)
    }

    @Test func aColourFillsTheRegionClippedToTheBuffer() {
        let original = randomPremultipliedBuffer(width: 5, height: 4, seed: 4)
        var image = original
        let color = RGBA8(r: 9, g: 8, b: 7, a: 200)
        image.replace(PixelRect(x: 3, y: -2, width: 10, height: 4), with: color)
        for y in 0..<4 {
            for x in 0..<5 { #expect(image[x, y] == (x >= 3 && y < 2 ? color : original[x, y]), "(\(x), \(y))") }
        }
    }
}

@Suite struct BlendOver {
    /// Source-over in Double, rounded once (the touch overlay's blend, as it was before it moved here).
    private func reference(_ old: UInt8, _ value: Double, _ alpha: Double) -> UInt8 {
        UInt8((value * alpha + Double(old) * (1 - alpha)).rounded(.toNearestOrAwayFromZero))
    }

    @Test func blendsEachPixelOfTheRegionAsTheReference() {
        let original = randomPremultipliedBuffer(width: 11, height: 7, seed: 5)
        var rng = SplitMix64(seed: 6)
        // A colour and alpha per pixel, some alphas zero or negative (left alone) and some exactly 1.
        var colors: [[(Double, Double, Double, Double)]] = []
        for _ in 0..<7 {
            colors.append((0..<11).map { _ in
                let alpha = [0, -0.5, 1, rng.unit(), rng.unit()][Int(rng.next() % 5)]
                return (rng.unit() * 255, rng.unit() * 255, rng.unit() * 255, alpha)
            })
        }
        var image = original
        image.blendOver(in: PixelRect(x: -3, y: 2, width: 9, height: 40)) { x, y in colors[y][x] }
        for y in 0..<7 {
            for x in 0..<11 {
                let (r, g, b, alpha) = colors[y][x]
                let old = original[x, y]
                let inside = x < 6 && y >= 2
                let expected = inside && alpha > 0
                    ? RGBA8(r: reference(old.r, r, alpha), g: reference(old.g, g, alpha), b: reference(old.b, b, alpha),
                            a: reference(old.a, 255, alpha))
                    : old
                #expect(image[x, y] == expected, "(\(x), \(y))")
            }
        }
    }
}

@Suite struct MapAndAlpha {
    @Test func mapsTheRegionWithinBothBuffersOnly() {
        let source = randomPremultipliedBuffer(width: 6, height: 9, seed: 7)
        let original = randomPremultipliedBuffer(width: 8, height: 5, seed: 8)
        var image = original
        image.mapPixels(PixelRect(x: 1, y: -2, width: 20, height: 6), from: source) { $0 ^ 0x00FF_00FF }
        for y in 0..<5 {
            for x in 0..<8 {
                let inside = x >= 1 && x < 6 && y < 4
                #expect(word(image, x, y) == (inside ? word(source, x, y) ^ 0x00FF_00FF : word(original, x, y)), "(\(x), \(y))")
            }
        }
    }

    @Test func aMaskOfTheAlphaChannel() {
        let image = randomPremultipliedBuffer(width: 7, height: 3, seed: 9)
        let mask = CoverageMask(alphaOf: image)
        #expect(mask.bounds == PixelRect(x: 0, y: 0, width: 7, height: 3))
        #expect(mask.values == (0..<21).map { image.bytes[$0 * 4 + 3] })
        #expect(CoverageMask(alphaOf: PixelBuffer(width: 0, height: 4)).values.isEmpty)
    }
}

@Suite struct DifferingPixels {
    private func collect(_ a: PixelBuffer, _ b: PixelBuffer) -> (pixels: [[Int]], examined: Int) {
        var found: [[Int]] = []
        let examined = PixelBuffer.forEachDifferingPixel(a, b) { x, y, p, q in found.append([x, y, Int(p), Int(q)]) }
        return (found, examined)
    }

    /// Every pixel of the common area whose words differ, in row order, by a plain double loop.
    private func reference(_ a: PixelBuffer, _ b: PixelBuffer) -> [[Int]] {
        var found: [[Int]] = []
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) where word(a, x, y) != word(b, x, y) {
                found.append([x, y, Int(word(a, x, y)), Int(word(b, x, y))])
            }
        }
        return found
    }

    @Test(arguments: [(13, 5, 13, 5), (13, 5, 9, 7), (1, 1, 1, 1), (8, 3, 17, 2)])
    func findsWhatAPlainLoopFinds(aw: Int, ah: Int, bw: Int, bh: Int) {
        let a = randomPremultipliedBuffer(width: aw, height: ah, seed: 10)
        var b = randomPremultipliedBuffer(width: bw, height: bh, seed: 10)
        // Mostly equal: copy a's common area into b, then change a few pixels.
        for y in 0..<min(ah, bh) { for x in 0..<min(aw, bw) { b[x, y] = a[x, y] } }
        b[0, 0] = RGBA8(r: 1, g: 2, b: 3, a: 4)
        b[min(aw, bw) - 1, min(ah, bh) - 1] = RGBA8(r: 200, g: 0, b: 0, a: 255)
        let (pixels, examined) = collect(a, b)
        #expect(pixels == reference(a, b))
        // Only the rows with a difference were looked at pixel by pixel.
        let rows = Set(pixels.map { $0[1] })
        #expect(examined == rows.count * min(aw, bw))
    }

    @Test func equalImagesAreNotExamined() {
        let a = randomPremultipliedBuffer(width: 10, height: 4, seed: 11)
        var b = a
        b.bytes[0] = a.bytes[0]   // copy-on-write: b's own storage, same bytes
        #expect(storageAddress(of: a) != storageAddress(of: b))
        #expect(collect(a, b).examined == 0 && collect(a, b).pixels.isEmpty)
        #expect(collect(a, a).examined == 0)
        #expect(collect(PixelBuffer(width: 0, height: 3), a).examined == 0)
    }
}
