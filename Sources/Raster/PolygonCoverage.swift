// Coverage, row by row: exact-area polygons (signed-area accumulation), analytic rounded rects and rings.
//
// Polygons (the font-rs / stb_truetype v3 "exact area" scheme). The coverage of pixel (x, y) by a
// polygon is ∫ over the pixel square of the winding number. Each edge, cut into its pieces within pixel
// rows, adds to the cells of its row: a piece running from x = xa to x = xb over a height dy (signed by
// the edge's direction) changes ∫ winding by dy·(the fraction of each cell right of the piece), which is
// written as differences — the exact trapezoid areas in the cells the piece crosses, and the rest of dy
// in the cell after it — so that a prefix sum along the row gives every cell's ∫ winding. Cells no
// piece touches carry the running sum unchanged: the inside of the shape comes out as constant runs.
// Edges left of the region are clamped onto its left side (they still wind every cell), edges right
// of it are dropped.
//
// The winding integral A becomes coverage by the fill rule: nonzero min(1, |A|), even-odd the distance
// of |A| to the nearest even number (a triangle wave). Both are exact wherever the winding number
// inside a pixel takes at most two neighbouring values (k and k + 1: one edge, or several edges of one
// contour); a pixel crossed by edges of overlapping contours with the same direction is approximated
// (e.g. winding 0, 1 and 2 in one pixel: the 2-part counts twice before the clamp). Areas are accumulated
// in Double: an axis-aligned rectangle gets the analytic coverage to ~1e-15.
import CoreGraphics

/// A run of pixels of one row, [start, end) in absolute x: either one weight for all of them, or the
/// per-pixel weights written into the row's weight buffer.
struct RowSegment {
    var start: Int, end: Int
    var weight: UInt8
    var perPixel: Bool
}

/// Coverage of a shape within a fixed region, row by row (rows requested in increasing order).
protocol CoverageRowSource {
    var region: PixelRect { get }
    /// For row `py` of `region`: appends the segments of the row that may have non-zero weight (sorted,
    /// disjoint, inside region.x..<region.maxX) and writes per-pixel weights — round(coverage × opacity) —
    /// into `weights` (indexed by absolute x) for the per-pixel segments.
    mutating func row(_ py: Int, opacity: Double, weights: MutableRow<UInt8>, segments: inout [RowSegment])
}

// MARK: - Polygons

struct PolygonCoverage: CoverageRowSource {
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
        edges.reserveCapacity(polygon.points.count + 8)
        var start = 0
        for end in polygon.contourEnds {
            for k in start..<end {
                let p = polygon.points[k], q = polygon.points[k + 1 < end ? k + 1 : start]
                addEdge(Vec2(p.x - ox, p.y - oy), Vec2(q.x - ox, q.y - oy))
            }
            start = end
        }
        Self.sortByTop(&edges, rows: self.region.height)
    }

    /// A stable sort of `edges` by y0 (the order `sort { $0.y0 < $1.y0 }` gives, which is stable): by
    /// whole row first (a counting sort, stable), then by insertion within each row. Glyph outlines
    /// have a hundred short edges over a dozen rows, where this is a few times cheaper.
    private static func sortByTop(_ edges: inout [Edge], rows: Int) {
        let n = edges.count
        guard n > 1 else { return }
        guard rows > 0, rows <= 4 * n + 64 else {
            edges.sort { $0.y0 < $1.y0 }
            return
        }
        // y0 is region-local, within 0 ≤ y0 < rows (addPiece clips to the region).
        @inline(__always) func bucket(_ e: Edge) -> Int { Swift.min(Swift.max(Int(e.y0), 0), rows - 1) }
        var sorted = edges   // every slot is overwritten below
        var starts = [Int](repeating: 0, count: rows + 1)
        edges.withRow { src in
            sorted.withMutableRow { out in
                starts.withMutableRow { starts in
                    for i in 0..<n { starts[bucket(src[i]) + 1] += 1 }
                    for r in 0..<rows { starts[r + 1] += starts[r] }
                    for i in 0..<n {
                        let b = bucket(src[i])
                        out[starts[b]] = src[i]
                        starts[b] += 1
                    }
                    // Each row's edges now sit in one stretch, in their original order: insertion-sort it.
                    var begin = 0
                    for r in 0..<rows {
                        let end = starts[r]
                        if end - begin > 1 {
                            for i in (begin + 1)..<end {
                                let e = out[i]
                                var j = i
                                while j > begin && out[j - 1].y0 > e.y0 { out[j] = out[j - 1]; j -= 1 }
                                out[j] = e
                            }
                        }
                        begin = end
                    }
                }
            }
        }
        edges = sorted
    }

    /// Splits p→q at x = 0 and x = W, clamps the pieces left of the region onto x = 0, drops those right
    /// of it, and keeps the parts within 0 ≤ y ≤ H. The cut points are kept in a fixed-size buffer (no
    /// allocation per edge), ordered by parameter as a stable sort of [p, q, x = 0, x = W] would be.
    private mutating func addEdge(_ p: Vec2, _ q: Vec2) {
        if p.y == q.y { return }
        let W = Double(region.width)
        let crossesLeft = (p.x < 0) != (q.x < 0) && p.x != 0 && q.x != 0
        let crossesRight = (p.x < W) != (q.x < W) && p.x != W && q.x != W
        if !crossesLeft && !crossesRight {
            // One piece, p → q (the common case: an edge inside the region, or wholly left or right of it).
            var a = p, b = q
            let mid = (a.x + b.x) / 2
            if mid >= W { return }
            if mid <= 0 { a.x = 0; b.x = 0 } else {
                a.x = Swift.min(Swift.max(a.x, 0), W); b.x = Swift.min(Swift.max(b.x, 0), W)
            }
            addPiece(a, b)
            return
        }
        var ts = (0.0, 1.0, 0.0, 0.0)
        var pts = (p, q, p, p)
        var n = 2
        if crossesLeft {
            let t = (0 - p.x) / (q.x - p.x)
            Self.insert(&ts, &pts, &n, t, Vec2(0, p.y + (q.y - p.y) * t))
        }
        if crossesRight {
            let t = (W - p.x) / (q.x - p.x)
            Self.insert(&ts, &pts, &n, t, Vec2(W, p.y + (q.y - p.y) * t))
        }
        for k in 0..<(n - 1) {
            var a = Self.get(pts, k), b = Self.get(pts, k + 1)
            let mid = (a.x + b.x) / 2
            if mid >= W { continue }
            if mid <= 0 { a.x = 0; b.x = 0 } else {
                a.x = Swift.min(Swift.max(a.x, 0), W); b.x = Swift.min(Swift.max(b.x, 0), W)
            }
            addPiece(a, b)
        }
    }

    /// Stable insertion of the cut (t, c) after every entry with a parameter ≤ t.
    @inline(__always)
    private static func insert(_ ts: inout (Double, Double, Double, Double), _ pts: inout (Vec2, Vec2, Vec2, Vec2),
                               _ n: inout Int, _ t: Double, _ c: Vec2) {
        var k = n
        while k > 0 && get(ts, k - 1) > t {
            set(&ts, k, get(ts, k - 1)); set(&pts, k, get(pts, k - 1)); k -= 1
        }
        set(&ts, k, t); set(&pts, k, c)
        n += 1
    }

    @inline(__always) private static func get<T>(_ v: (T, T, T, T), _ k: Int) -> T {
        switch k { case 0: return v.0; case 1: return v.1; case 2: return v.2; default: return v.3 }
    }
    @inline(__always) private static func set<T>(_ v: inout (T, T, T, T), _ k: Int, _ x: T) {
        switch k { case 0: v.0 = x; case 1: v.1 = x; case 2: v.2 = x; default: v.3 = x }
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
    /// Adds row `py`'s edge pieces into `cells` (and their cell ranges into `ranges`), edges in `active`
    /// order: the one walk behind both ways of reading a row out, so both add the same numbers in the
    /// same order.
    private static func accumulateRow(_ py: Int, region: PixelRect, edges: [Edge], nextEdge: inout Int,
                                      active: inout [Int], cells: inout [Double], ranges: inout [(Int, Int)]) {
        let W = region.width
        let r = Double(py - region.y), rb = r + 1
        while nextEdge < edges.count && edges[nextEdge].y0 < rb {
            active.append(nextEdge); nextEdge += 1
        }
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
    }

    /// Writes row `py`'s coverage as Float into `out[0..<region.width]` (region-local x): the values
    /// `computeRow` reports, read out densely. For small regions (a glyph's mask) this is cheaper than
    /// tracking ranges: cells outside every range hold 0, and adding 0 leaves the running sum as it was.
    mutating func writeRow(_ py: Int, into out: MutableRow<Float>) {
        precondition(py > lastRow, "rows must be requested in increasing order")
        lastRow = py
        let W = region.width
        guard W > 0 else { return }
        let rule = self.rule
        var cells: [Double] = [], ranges: [(Int, Int)] = [], active: [Int] = []
        swap(&cells, &self.cells); swap(&ranges, &self.ranges); swap(&active, &self.active)
        defer { swap(&cells, &self.cells); swap(&ranges, &self.ranges); swap(&active, &self.active) }
        ranges.removeAll(keepingCapacity: true)
        Self.accumulateRow(py, region: region, edges: edges, nextEdge: &nextEdge, active: &active, cells: &cells, ranges: &ranges)
        if ranges.isEmpty { return }   // nothing added: the row is 0 (the caller's memory starts zeroed)
        var acc = 0.0
        cells.withMutableRow { a in
            for c in 0..<W {
                acc += a[c]; a[c] = 0
                out[c] = Float(Self.fold(acc, rule))
            }
            a[W] = 0; a[W + 1] = 0
        }
    }

    mutating func computeRow(_ py: Int, _ piece: (Int, Int, Double?) -> Void) {
        precondition(py > lastRow, "rows must be requested in increasing order")
        lastRow = py
        let W = region.width
        guard W > 0 else { return }
        let rule = self.rule
        // Work on local arrays (exclusive access), handed back at the end.
        var cells: [Double] = [], coverage: [Double] = [], ranges: [(Int, Int)] = [], active: [Int] = []
        swap(&cells, &self.cells); swap(&coverage, &self.coverage); swap(&ranges, &self.ranges); swap(&active, &self.active)
        defer { swap(&cells, &self.cells); swap(&coverage, &self.coverage); swap(&ranges, &self.ranges); swap(&active, &self.active) }
        ranges.removeAll(keepingCapacity: true)
        Self.accumulateRow(py, region: region, edges: edges, nextEdge: &nextEdge, active: &active, cells: &cells, ranges: &ranges)
        guard !ranges.isEmpty else { return }
        // Only the union of the ranges matters (merged below), so any order by start gives the same
        // runs; rows of text have a few dozen ranges, nearly in order: insertion sort, without closures.
        if ranges.count > 64 {
            ranges.sort { $0.0 < $1.0 }
        } else {
            for i in 1..<ranges.count {
                let r = ranges[i]
                var j = i
                while j > 0 && ranges[j - 1].0 > r.0 { ranges[j] = ranges[j - 1]; j -= 1 }
                ranges[j] = r
            }
        }
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

// MARK: - Rounded rects and rings

/// The analytic coverage of a rounded rect (the same weights as `fill(RoundedRect)`).
struct RoundedRectCoverage: CoverageRowSource {
    let region: PixelRect
    let g: RoundedRectGeometry
    init(_ shape: RoundedRect, region: PixelRect) {
        g = RoundedRectGeometry(shape)
        self.region = g.isEmpty ? PixelRect(x: region.x, y: region.y, width: 0, height: 0) : g.pixelBounds.intersection(region)
    }
    mutating func row(_ py: Int, opacity: Double, weights w: MutableRow<UInt8>, segments: inout [RowSegment]) {
        let span = g.rowSpan(py)
        let a = Swift.min(Swift.max(span.start, region.x), region.maxX)
        let b = Swift.min(Swift.max(span.end, a), region.maxX)
        if a > region.x {
            for px in region.x..<a { w[px] = quantize(g.coverage(px, py) * opacity) }
            segments.append(RowSegment(start: region.x, end: a, weight: 0, perPixel: true))
        }
        let inner = quantize(span.cy * opacity)
        if b > a && inner != 0 { segments.append(RowSegment(start: a, end: b, weight: inner, perPixel: false)) }
        if region.maxX > b {
            for px in b..<region.maxX { w[px] = quantize(g.coverage(px, py) * opacity) }
            segments.append(RowSegment(start: b, end: region.maxX, weight: 0, perPixel: true))
        }
    }
}

/// outer − inner, each exact (clamped to 0...1 per pixel).
struct RingCoverage: CoverageRowSource {
    let region: PixelRect
    let outer: RoundedRectGeometry, inner: RoundedRectGeometry
    private let innerBounds: PixelRect

    init(outer o: RoundedRect, inner i: RoundedRect, region: PixelRect) {
        outer = RoundedRectGeometry(o); inner = RoundedRectGeometry(i)
        innerBounds = inner.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : inner.pixelBounds
        self.region = outer.isEmpty ? PixelRect(x: region.x, y: region.y, width: 0, height: 0) : outer.pixelBounds.intersection(region)
    }

    mutating func row(_ py: Int, opacity: Double, weights w: MutableRow<UInt8>, segments: inout [RowSegment]) {
        let so = outer.rowSpan(py)
        let innerRow = !inner.isEmpty && py >= innerBounds.y && py < innerBounds.maxY
        let si = innerRow ? inner.rowSpan(py) : (cy: 0.0, start: 0, end: 0)
        // Points where either coverage changes from "constant" to "per pixel".
        var cuts = [region.x, region.maxX, so.start, so.end]
        if innerRow { cuts += [si.start, si.end, innerBounds.x, innerBounds.maxX] }
        cuts = cuts.map { Swift.min(Swift.max($0, region.x), region.maxX) }.sorted()
        var k = 0
        while k + 1 < cuts.count {
            let s = cuts[k], e = cuts[k + 1]
            k += 1
            if e <= s { continue }
            let outerConstant = s >= so.start && e <= so.end
            let innerZero = !innerRow || e <= innerBounds.x || s >= innerBounds.maxX
            let innerConstant = innerZero || (s >= si.start && e <= si.end)
            if outerConstant && innerConstant {
                let c = so.cy - (innerZero ? 0 : si.cy)
                let wt = quantize(Swift.max(0, Swift.min(1, c)) * opacity)
                if wt != 0 { appendMerging(&segments, RowSegment(start: s, end: e, weight: wt, perPixel: false)) }
            } else {
                for px in s..<e {
                    let oc = outerConstant ? so.cy : outer.coverage(px, py)
                    let ic = innerZero ? 0 : (innerConstant ? si.cy : inner.coverage(px, py))
                    w[px] = quantize(Swift.max(0, Swift.min(1, oc - ic)) * opacity)
                }
                appendMerging(&segments, RowSegment(start: s, end: e, weight: 0, perPixel: true))
            }
        }
    }

    private func appendMerging(_ segments: inout [RowSegment], _ s: RowSegment) {
        if let last = segments.last, last.end == s.start, last.perPixel == s.perPixel, last.weight == s.weight {
            segments[segments.count - 1].end = s.end
        } else {
            segments.append(s)
        }
    }
}
