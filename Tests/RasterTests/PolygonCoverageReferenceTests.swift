import Testing
import Foundation
@testable import Raster
import TestSupport

// The scan converter before it lost its per-edge allocations and per-row sort, kept verbatim as the
// reference: the current one must give the same segments and the same weights, bit for bit.

/// Random contours (some far outside the region, some degenerate) and a random region.
private func randomPolygon(_ rng: inout SplitMix64, trial: Int) -> (Polygon, PixelRect) {
    var polygon = Polygon()
    let contours = 1 + Int(rng.unit() * 4)
    let spread = trial % 3 == 0 ? 80.0 : 30.0
    for _ in 0..<contours {
        let start = polygon.points.count
        let n = 3 + Int(rng.unit() * 30)
        let cx = rng.unit() * 40 - 5, cy = rng.unit() * 40 - 5
        for _ in 0..<n {
            var p = Vec2(cx + (rng.unit() - 0.5) * spread, cy + (rng.unit() - 0.5) * spread)
            // Points on pixel lines and on the region's sides, where cuts tie.
            if rng.chance(0.2) { p.x = p.x.rounded() }
            if rng.chance(0.2) { p.y = p.y.rounded() }
            polygon.points.append(p)
        }
        polygon.endContour(from: start)
    }
    let region = PixelRect(x: Int(rng.unit() * 10) - 2, y: Int(rng.unit() * 10) - 2,
                           width: 1 + Int(rng.unit() * 40), height: 1 + Int(rng.unit() * 40))
    return (polygon, region)
}

@Suite struct PolygonCoverageReferenceTests {
    /// Random contours (some far outside the region, some degenerate), random regions and rules.
    @Test func matchesTheReferenceOnRandomPolygons() {
        var rng = SplitMix64(seed: 0x5CA7_C0DE)
        var rowsCompared = 0
        for trial in 0..<300 {
            let (polygon, region) = randomPolygon(&rng, trial: trial)
            let rule: FillRule = rng.chance(0.5) ? .nonZero : .evenOdd
            let opacity = rng.chance(0.5) ? 1 : rng.unit()
            var current = PolygonCoverage(polygon, rule: rule, region: region)
            var reference = ReferencePolygonCoverage(polygon, rule: rule, region: region)
            #expect(current.region == reference.region)
            let r = current.region
            guard !r.isEmpty else { continue }
            var w1 = [UInt8](repeating: 0, count: r.width), w2 = [UInt8](repeating: 0, count: r.width)
            for py in r.y..<r.maxY {
                var s1: [RowSegment] = [], s2: [RowSegment] = []
                w1.withMutableRow(indexedFrom: r.x) { current.row(py, opacity: opacity, weights: $0, segments: &s1) }
                w2.withMutableRow(indexedFrom: r.x) { reference.row(py, opacity: opacity, weights: $0, segments: &s2) }
                #expect(s1.map { [$0.start, $0.end, Int($0.weight), $0.perPixel ? 1 : 0] }
                        == s2.map { [$0.start, $0.end, Int($0.weight), $0.perPixel ? 1 : 0] }, "trial \(trial) row \(py)")
                for s in s1 where s.perPixel {
                    #expect(Array(w1[(s.start - r.x)..<(s.end - r.x)]) == Array(w2[(s.start - r.x)..<(s.end - r.x)]),
                            "trial \(trial) row \(py)")
                }
                #expect(current.coverage.map(\.bitPattern) == reference.coverage.map(\.bitPattern))
                rowsCompared += 1
            }
        }
        #expect(rowsCompared > 3000)
    }

    /// The dense read-out the glyph masks use (`writeRow`) gives, bit for bit, the Float of what the
    /// reference reports for every pixel of the row: its constant runs and its per-pixel coverage.
    @Test func denseRowsMatchTheReferenceBitForBit() {
        var rng = SplitMix64(seed: 0xDE45E)
        var rowsCompared = 0
        for trial in 0..<300 {
            let (polygon, region) = randomPolygon(&rng, trial: trial)
            let rule: FillRule = rng.chance(0.5) ? .nonZero : .evenOdd
            var dense = PolygonCoverage(polygon, rule: rule, region: region)
            var reference = ReferencePolygonCoverage(polygon, rule: rule, region: region)
            let r = dense.region
            guard !r.isEmpty else { continue }
            for py in r.y..<r.maxY {
                var written = [Float](repeating: 0, count: r.width)
                written.withMutableRow { dense.writeRow(py, into: $0) }
                var expected = [Float](repeating: 0, count: r.width)
                var pieces: [(Int, Int, Double?)] = []
                reference.computeRow(py) { pieces.append(($0, $1, $2)) }
                for (start, end, constant) in pieces {
                    for x in start..<end { expected[x] = constant.map { Float($0) } ?? Float(reference.coverage[x]) }
                }
                #expect(written.map(\.bitPattern) == expected.map(\.bitPattern), "trial \(trial) row \(py)")
                rowsCompared += 1
            }
        }
        #expect(rowsCompared > 3000)
    }
}

struct ReferencePolygonCoverage {
    struct Edge {
        var x0: Double, y0: Double, x1: Double, y1: Double   // region-local, y0 < y1
        var dxdy: Double
        var dir: Double                                       // +1 downward in the path, −1 upward
    }

    let region: PixelRect
    let rule: FillRule
    private var edges: [Edge] = []       // sorted by y0
    private var nextEdge = 0
    private var active: [Int] = []
    private var cells: [Double]          // width + 2 differences (the last two catch the right border)
    private var ranges: [(Int, Int)] = []
    /// Per-pixel coverage of the last row (region-local x), valid in its per-pixel pieces.
    private(set) var coverage: [Double]
    private var lastRow = Int.min

    init(_ polygon: Polygon, rule: FillRule, region: PixelRect) {
        self.rule = rule
        let ok = polygon.points.count >= 3 && polygon.isFinite && !region.isEmpty
        self.region = ok ? region : PixelRect(x: region.x, y: region.y, width: 0, height: 0)
        cells = [Double](repeating: 0, count: Swift.max(0, self.region.width) + 2)
        coverage = [Double](repeating: 0, count: Swift.max(0, self.region.width))
        guard ok else { return }
        let ox = Double(region.x), oy = Double(region.y)
        var start = 0
        for end in polygon.contourEnds {
            for k in start..<end {
                let p = polygon.points[k], q = polygon.points[k + 1 < end ? k + 1 : start]
                addEdge(Vec2(p.x - ox, p.y - oy), Vec2(q.x - ox, q.y - oy))
            }
            start = end
        }
        edges.sort { $0.y0 < $1.y0 }
    }

    /// Splits p→q at x = 0 and x = W, clamps the pieces left of the region onto x = 0, drops those right
    /// of it, and keeps the parts within 0 ≤ y ≤ H.
    private mutating func addEdge(_ p: Vec2, _ q: Vec2) {
        if p.y == q.y { return }
        let W = Double(region.width)
        var cuts: [(Double, Vec2)] = [(0, p), (1, q)]
        for X in [0, W] where (p.x < X) != (q.x < X) && p.x != X && q.x != X {
            let t = (X - p.x) / (q.x - p.x)
            cuts.append((t, Vec2(X, p.y + (q.y - p.y) * t)))
        }
        cuts.sort { $0.0 < $1.0 }
        for k in 0..<(cuts.count - 1) {
            var a = cuts[k].1, b = cuts[k + 1].1
            let mid = (a.x + b.x) / 2
            if mid >= W { continue }
            if mid <= 0 { a.x = 0; b.x = 0 } else {
                a.x = Swift.min(Swift.max(a.x, 0), W); b.x = Swift.min(Swift.max(b.x, 0), W)
            }
            addPiece(a, b)
        }
    }

    private mutating func addPiece(_ p: Vec2, _ q: Vec2) {
        let H = Double(region.height)
        let dir: Double = q.y > p.y ? 1 : -1
        var a = q.y > p.y ? p : q, b = q.y > p.y ? q : p
        if b.y <= 0 || a.y >= H || a.y == b.y { return }
        let dxdy = (b.x - a.x) / (b.y - a.y)
        if a.y < 0 { a = Vec2(a.x + (0 - a.y) * dxdy, 0) }
        if b.y > H { b = Vec2(a.x + (H - a.y) * dxdy, H) }
        let W = Double(region.width)
        a.x = Swift.min(Swift.max(a.x, 0), W); b.x = Swift.min(Swift.max(b.x, 0), W)
        if b.y <= a.y { return }
        edges.append(Edge(x0: a.x, y0: a.y, x1: b.x, y1: b.y, dxdy: dxdy, dir: dir))
    }

    /// Accumulates one piece (x from xa to xb within a row, signed height d) into the cell differences.
    @inline(__always)
    private static func accumulate(_ a: MutableRow<Double>, _ xa: Double, _ xb: Double, _ d: Double,
                                   _ ranges: inout [(Int, Int)]) {
        // 0 ≤ x0 ≤ x1 ≤ W: truncation is the floor (no libm calls).
        let x0 = Swift.min(xa, xb), x1 = Swift.max(xa, xb)
        let x0i = Int(x0)
        let x0floor = Double(x0i)
        var x1i = Int(x1)
        if Double(x1i) < x1 { x1i += 1 }
        let x1ceil = Double(x1i)
        if x1i <= x0i + 1 {
            // Within one cell: the average distance from the cell's left side.
            let xmf = 0.5 * (xa + xb) - x0floor
            a[x0i] += d - d * xmf
            a[x0i + 1] += d * xmf
            ranges.append((x0i, x0i + 1))
        } else {
            let s = 1 / (x1 - x0)
            let x0f = x0 - x0floor
            let a0 = 0.5 * s * (1 - x0f) * (1 - x0f)
            let x1f = x1 - x1ceil + 1
            let am = 0.5 * s * x1f * x1f
            a[x0i] += d * a0
            if x1i == x0i + 2 {
                a[x0i + 1] += d * (1 - a0 - am)
            } else {
                let a1 = s * (1.5 - x0f)
                a[x0i + 1] += d * (a1 - a0)
                if x0i + 2 < x1i - 1 {
                    for xi in (x0i + 2)..<(x1i - 1) { a[xi] += d * s }
                }
                let a2 = a1 + Double(x1i - x0i - 3) * s
                a[x1i - 1] += d * (1 - a2 - am)
            }
            a[x1i] += d * am
            ranges.append((x0i, x1i))
        }
    }

    @inline(__always)
    private static func fold(_ acc: Double, _ rule: FillRule) -> Double {
        let v = abs(acc)
        switch rule {
        case .nonZero:
            return Swift.min(v, 1)
        case .evenOdd:
            let m = v - 2 * (v * 0.5).rounded(.down)
            return m > 1 ? 2 - m : m
        }
    }

    /// Computes row `py`: calls `piece(start, end, constant)` (region-local x) for each run, with
    /// `constant` nil when the per-pixel values are in `coverage`.
    mutating func computeRow(_ py: Int, _ piece: (Int, Int, Double?) -> Void) {
        precondition(py > lastRow, "rows must be requested in increasing order")
        lastRow = py
        let W = region.width
        guard W > 0 else { return }
        let r = Double(py - region.y), rb = r + 1
        while nextEdge < edges.count && edges[nextEdge].y0 < rb {
            active.append(nextEdge); nextEdge += 1
        }
        let rule = self.rule
        // Work on local arrays (exclusive access), handed back at the end.
        var cells: [Double] = [], coverage: [Double] = [], ranges: [(Int, Int)] = [], active: [Int] = []
        swap(&cells, &self.cells); swap(&coverage, &self.coverage); swap(&ranges, &self.ranges); swap(&active, &self.active)
        defer { swap(&cells, &self.cells); swap(&coverage, &self.coverage); swap(&ranges, &self.ranges); swap(&active, &self.active) }
        ranges.removeAll(keepingCapacity: true)
        var k = 0
        edges.withRow { edge in
            cells.withMutableRow { a in
                while k < active.count {
                    let e = edge[active[k]]
                    if e.y1 <= r { active.swapAt(k, active.count - 1); active.removeLast(); continue }
                    k += 1
                    let ya = Swift.max(e.y0, r), yb = Swift.min(e.y1, rb)
                    if yb <= ya { continue }
                    let xa = ya == e.y0 ? e.x0 : Swift.min(Swift.max(e.x0 + (ya - e.y0) * e.dxdy, 0), Double(W))
                    let xb = yb == e.y1 ? e.x1 : Swift.min(Swift.max(e.x0 + (yb - e.y0) * e.dxdy, 0), Double(W))
                    Self.accumulate(a, xa, xb, (yb - ya) * e.dir, &ranges)
                }
            }
        }
        guard !ranges.isEmpty else { return }
        ranges.sort { $0.0 < $1.0 }
        var acc = 0.0
        var x = 0
        var i = 0
        cells.withMutableRow { a in
            coverage.withMutableRow { cov in
                while i < ranges.count {
                    let lo = ranges[i].0
                    var hi = ranges[i].1
                    i += 1
                    while i < ranges.count && ranges[i].0 <= hi + 1 { hi = Swift.max(hi, ranges[i].1); i += 1 }
                    if lo > x && x < W { piece(x, Swift.min(lo, W), Self.fold(acc, rule)) }
                    for c in lo...hi {
                        acc += a[c]; a[c] = 0
                        if c < W { cov[c] = Self.fold(acc, rule) }
                    }
                    if lo < W { piece(lo, Swift.min(hi + 1, W), nil) }
                    x = hi + 1
                }
                if x < W { piece(x, W, Self.fold(acc, rule)) }
            }
        }
    }

    mutating func row(_ py: Int, opacity: Double, weights: MutableRow<UInt8>, segments: inout [RowSegment]) {
        let x0 = region.x
        var segs: [RowSegment] = []
        swap(&segs, &segments)
        computeRow(py) { s, e, constant in
            if let c = constant {
                let w = quantize(c * opacity)
                if w != 0 { segs.append(RowSegment(start: x0 + s, end: x0 + e, weight: w, perPixel: false)) }
            } else {
                segs.append(RowSegment(start: x0 + s, end: x0 + e, weight: 0, perPixel: true))
            }
        }
        coverage.withRow(indexedFrom: x0) { cov in
            for s in segs where s.perPixel {
                for x in s.start..<s.end { weights[x] = quantize(cov[x] * opacity) }
            }
        }
        swap(&segs, &segments)
    }
}
