import Testing
import Foundation
@testable import Raster

/// Rounded rects with fractional origins and sizes, radii 0, small, large, clamped, per-corner.
let coverageShapes: [RoundedRect] = [
    RoundedRect(rect: CGRect(x: 10.3, y: 20.7, width: 100.25, height: 50.5)),
    RoundedRect(rect: CGRect(x: 10.3, y: 20.7, width: 100.25, height: 50.5), radii: CornerRadii(all: 3.3)),
    RoundedRect(rect: CGRect(x: 10.3, y: 20.7, width: 100.25, height: 50.5), radii: CornerRadii(all: 20)),
    RoundedRect(rect: CGRect(x: 10.3, y: 20.7, width: 100.25, height: 50.5), radii: CornerRadii(all: 100)),
    RoundedRect(rect: CGRect(x: 2.9, y: 3.1, width: 70.6, height: 40.45),
                radii: CornerRadii(topLeft: 0, topRight: 5.5, bottomLeft: 12.25, bottomRight: 30)),
    RoundedRect(rect: CGRect(x: 0.3, y: 0.4, width: 0.5, height: 0.6), radii: CornerRadii(all: 0.2)),
    RoundedRect(rect: CGRect(x: -5.5, y: -3.25, width: 20, height: 10), radii: CornerRadii(all: 4)),
    RoundedRect(rect: CGRect(x: 0, y: 0, width: 64, height: 64), radii: CornerRadii(all: 32)),
    RoundedRect(rect: CGRect(x: 7.77, y: 1.01, width: 33.3, height: 90.9), radii: CornerRadii(all: 16.65)),
    RoundedRect(rect: CGRect(x: 100.5, y: 50.5, width: 1, height: 1), radii: CornerRadii(all: 0.5)),
    RoundedRect(rect: CGRect(x: 3, y: 4, width: 50, height: 20),
                radii: CornerRadii(topLeft: -3, topRight: .nan, bottomLeft: 1e9, bottomRight: 0.75)),
]

/// The exact area: w·h − Σ (1 − π/4)·r² with each radius clamped to [0, min(w, h)/2].
func exactArea(_ s: RoundedRect) -> Double {
    let w = Double(s.rect.width), h = Double(s.rect.height), m = min(w, h) / 2
    func c(_ r: Double) -> Double { r.isNaN || r < 0 ? 0 : min(r, m) }
    let rs = [s.radii.topLeft, s.radii.topRight, s.radii.bottomLeft, s.radii.bottomRight].map(c)
    return w * h - rs.reduce(0) { $0 + (1 - Double.pi / 4) * $1 * $1 }
}

@Test(arguments: coverageShapes.indices)
func coverageSumsToExactArea(_ i: Int) {
    let s = coverageShapes[i]
    let b = s.pixelBounds
    var sum = 0.0
    for y in b.y..<b.maxY { for x in b.x..<b.maxX {
        let c = s.coverage(x: x, y: y)
        #expect(c >= 0 && c <= 1)
        sum += c
    } }
    let area = exactArea(s)
    #expect(abs(sum - area) <= 1e-9 * area, "shape \(i): Σ coverage \(sum) vs exact area \(area)")
    // Nothing outside pixelBounds; every edge row and column of pixelBounds is touched.
    for x in (b.x - 1)...b.maxX {
        #expect(s.coverage(x: x, y: b.y - 1) == 0 && s.coverage(x: x, y: b.maxY) == 0)
    }
    for y in (b.y - 1)...b.maxY {
        #expect(s.coverage(x: b.x - 1, y: y) == 0 && s.coverage(x: b.maxX, y: y) == 0)
    }
    #expect((b.x..<b.maxX).contains { s.coverage(x: $0, y: b.y) > 0 })
    #expect((b.x..<b.maxX).contains { s.coverage(x: $0, y: b.maxY - 1) > 0 })
    #expect((b.y..<b.maxY).contains { s.coverage(x: b.x, y: $0) > 0 })
    #expect((b.y..<b.maxY).contains { s.coverage(x: b.maxX - 1, y: $0) > 0 })
}

@Test func pixelBoundsOfFractionalRect() {
    let s = RoundedRect(rect: CGRect(x: 10.3, y: 20.7, width: 100.25, height: 50.5), radii: CornerRadii(all: 8))
    #expect(s.pixelBounds == PixelRect(x: 10, y: 20, width: 101, height: 52))   // x 10.3…110.55, y 20.7…71.2
    let aligned = RoundedRect(rect: CGRect(x: 4, y: 5, width: 10, height: 3))
    #expect(aligned.pixelBounds == PixelRect(x: 4, y: 5, width: 10, height: 3))
    #expect(RoundedRect(rect: CGRect(x: 4, y: 5, width: 0, height: 3)).pixelBounds.isEmpty)
    #expect(RoundedRect(rect: CGRect(x: Double.nan, y: 5, width: 3, height: 3)).pixelBounds.isEmpty)
}

@Test func radiiAreClampedToTheCapsule() {
    let s = RoundedRect(rect: CGRect(x: 0, y: 0, width: 40, height: 10),
                        radii: CornerRadii(topLeft: 100, topRight: -2, bottomLeft: .nan, bottomRight: 3))
    #expect(s.radii == CornerRadii(topLeft: 5, topRight: 0, bottomLeft: 0, bottomRight: 3))
    // A capsule: the two ends are half disks of radius 5.
    let capsule = RoundedRect(rect: CGRect(x: 0, y: 0, width: 40, height: 10), radii: CornerRadii(all: 50))
    var sum = 0.0
    for y in 0..<10 { for x in 0..<40 { sum += capsule.coverage(x: x, y: y) } }
    #expect(abs(sum - (30 * 10 + Double.pi * 25)) < 1e-9)
}

@Test func insideIsOneOutsideIsZero() {
    let s = RoundedRect(rect: CGRect(x: 10.3, y: 20.7, width: 100.25, height: 50.5), radii: CornerRadii(all: 12))
    #expect(s.coverage(x: 50, y: 40) == 1)
    #expect(s.coverage(x: 11, y: 40) == 1)           // inside the left edge, between the corners
    #expect(s.coverage(x: 18, y: 25) == 1)           // in the corner box but inside the circle
    #expect(s.coverage(x: 10, y: 21) == 0)           // corner pixel outside the arc
    #expect(s.coverage(x: 9, y: 40) == 0)
    #expect(s.coverage(x: 200, y: 40) == 0)
    #expect(abs(s.coverage(x: 10, y: 40) - 0.7) < 1e-12)   // left edge column: 0.7 of the pixel
    #expect(abs(s.coverage(x: 50, y: 20) - 0.3) < 1e-12)   // top edge row
    #expect(abs(s.coverage(x: 50, y: 71) - 0.2) < 1e-12)   // bottom edge row: 71.2 − 71
}

@Test func coverageIsSymmetricUnderMirroring() {
    let r = CGRect(x: 3.35, y: 7.8, width: 41.3, height: 29.45)
    let radii = CornerRadii(topLeft: 2.5, topRight: 9.75, bottomLeft: 14, bottomRight: 0.6)
    let s = RoundedRect(rect: r, radii: radii)
    // Mirror in x about x = 0 (pixel x ↔ −1 − x) and in y about y = 0.
    let mx = RoundedRect(rect: CGRect(x: -r.maxX, y: r.minY, width: r.width, height: r.height),
                         radii: CornerRadii(topLeft: radii.topRight, topRight: radii.topLeft,
                                            bottomLeft: radii.bottomRight, bottomRight: radii.bottomLeft))
    let my = RoundedRect(rect: CGRect(x: r.minX, y: -r.maxY, width: r.width, height: r.height),
                         radii: CornerRadii(topLeft: radii.bottomLeft, topRight: radii.bottomRight,
                                            bottomLeft: radii.topLeft, bottomRight: radii.topRight))
    var maxDiff = 0.0
    var nonTrivial = 0
    for y in 6..<40 { for x in 2..<47 {
        let c = s.coverage(x: x, y: y)
        if c > 0 && c < 1 { nonTrivial += 1 }
        maxDiff = max(maxDiff, abs(c - mx.coverage(x: -1 - x, y: y)), abs(c - my.coverage(x: x, y: -1 - y)))
    } }
    #expect(nonTrivial > 100)
    #expect(maxDiff < 1e-12)
}

/// Fine numerical integration over one pixel of a region given column by column: `span(x)` is the
/// region's vertical extent at abscissa x. Midpoint rule over n columns, exact length in each column.
func integratedCoverage(_ span: (Double) -> (Double, Double)?, x: Int, y: Int, n: Int) -> Double {
    var sum = 0.0
    let h = 1 / Double(n), top = Double(y), bottom = Double(y + 1)
    for i in 0..<n {
        guard let (a, b) = span(Double(x) + (Double(i) + 0.5) * h) else { continue }
        sum += max(0, min(b, bottom) - max(a, top))
    }
    return sum * h
}

/// The same by n × n point samples.
func sampledCoverage(_ span: (Double) -> (Double, Double)?, x: Int, y: Int, n: Int) -> Double {
    var count = 0
    let h = 1 / Double(n)
    for i in 0..<n {
        guard let (a, b) = span(Double(x) + (Double(i) + 0.5) * h) else { continue }
        for j in 0..<n {
            let py = Double(y) + (Double(j) + 0.5) * h
            if py >= a && py <= b { count += 1 }
        }
    }
    return Double(count) / Double(n * n)
}

@Test func arcPixelsMatchNumericalIntegration() {
    let r = 30.6
    let s = RoundedRect(rect: CGRect(x: 0.25, y: 0.5, width: 100, height: 100), radii: CornerRadii(all: r))
    let cx = 0.25 + r, cy = 0.5 + r
    // The shape's vertical extent at x, written independently of the module (only the top-left corner
    // matters for the pixels below).
    let span: (Double) -> (Double, Double)? = { x in
        guard x >= 0.25 && x <= 100.25 else { return nil }
        let top = x < cx ? cy - (r * r - (x - cx) * (x - cx)).squareRoot() : 0.5
        return (top, 100.5)
    }
    // Pixels crossed by the top-left arc, every 7.5°, plus the two where the arc meets the straight edges.
    var pixels: [(Int, Int)] = []
    for k in 1..<12 {
        let theta = Double(k) * Double.pi / 24
        pixels.append((Int((cx - r * cos(theta)).rounded(.down)), Int((cy - r * sin(theta)).rounded(.down))))
    }
    pixels += [(0, 31), (30, 0)]
    for (x, y) in pixels {
        let c = s.coverage(x: x, y: y)
        #expect(c > 0 && c < 1, "(\(x), \(y)) should be partly covered: \(c)")
        // Exact in y, 20 000 columns in x: error well under 1e-6.
        let integrated = integratedCoverage(span, x: x, y: y, n: 20_000)
        #expect(abs(c - integrated) < 1e-6, "(\(x), \(y)): exact \(c) vs integrated \(integrated)")
    }
    // 2000 × 2000 point samples (error of order 1e-5 from the sampling itself) on a few pixels.
    for (x, y) in pixels.prefix(3) {
        let sampled = sampledCoverage(span, x: x, y: y, n: 2000)
        #expect(abs(s.coverage(x: x, y: y) - sampled) < 3e-5, "(\(x), \(y)) vs sampled \(sampled)")
    }
}

@Test func filledShapeAlphaMatchesArea() {
    for (i, s) in coverageShapes.enumerated() where s.rect.minX >= 0 && s.rect.minY >= 0 {
        var buf = PixelBuffer(width: 120, height: 100)
        buf.fill(s, with: .solid(.white))
        var sum = 0.0, edge = 0
        for y in 0..<100 { for x in 0..<120 {
            let c = s.coverage(x: x, y: y), a = buf[x, y].a
            if c > 0 && c < 1 { edge += 1 }
            #expect(Int(a) == ref8(c), "shape \(i) pixel (\(x), \(y))")
            #expect(buf[x, y] == RGBA8(r: a, g: a, b: a, a: a))
            sum += Double(a) / 255
        } }
        let area = exactArea(s)
        #expect(abs(sum - area) <= 0.5 * Double(edge) / 255 + 1e-9, "shape \(i): Σα \(sum) vs area \(area)")
    }
}
