// Analytic drop shadows of axis-aligned rounded rectangles (drawRoundedRectShadow).
//
// What is computed: exactly what `drawShadow(of:)` computes for the filled shape, in closed form.
// There, the shape's alpha is its exact pixel coverage A_ij held constant over each pixel square, and
// the shadow at a target pixel centre (x, y) (minus the offset, in the shape's space) is
//   S(x, y) = Σ_ij A_ij · K(x − i) · K(y − j),   K(d) = Φ(d/σ) − Φ((d − 1)/σ)
// (the Gaussian integrated over the source pixel). The rounded rect's coverage is the rectangle's minus,
// for each corner, the corner piece's (corner box minus quarter disk, `cornerOutside`), so
//   S = Px(x)·Py(y) − Σ_corners Σ_ij C_ij · K(x − i) · K(y − j).
// • The rectangle part is separable and telescopes: Px(x) = (1 − a₀)·K(x − i₀) + Φ((x − i₀ − 1)/σ)
//   − Φ((x − i₁)/σ) + a₁·K(x − i₁), with i₀, i₁ the columns of the left and right edges and a₀, a₁ their
//   fractional positions — exact for every σ.
// • A corner for σ < 8: the same sum over the corner box's pixels, Σ_j K(y − j)·H_j(x) with
//   H_j(x) = Σ_i C_ij K(x − i) tabulated per call for the columns of the corner's zone: a row costs one
//   multiply-add per active box row (|y − j| ≤ 4σ + 1).
// • A corner for σ ≥ 8 (where drawShadow itself switches to its downsampled approximation): the blur of
//   the exact corner piece, by σ_c² = σ² + 1/6 (holding coverage constant over pixels adds a(1 − a)
//   of variance across an edge at fractional position a, 1/6 on average along an arc; the residual is
//   below 0.12/255 for σ ≥ 8):
//     F(u, v) = ∫₀^{π/2} g(v − s(θ))·[Φ(u/σ_c) − Φ((u − w(θ))/σ_c)]·r·cos θ dθ,
//   (u, v) the distances inward from the corner's two edges; the row at depth s = r(1 − sin θ) is outside
//   the circle over the width w = r(1 − cos θ), and the angle substitution removes the square-root
//   singularity of the row span at the edge. Composite Gauss–Legendre in θ makes F a sum of Q separable
//   terms A_q(v)·B_q(u); the node set depends only on (σ_c, r) and is cached (the cheapest that agrees
//   with a fine reference to 1e-5 over the zone: 4–16 nodes for card-like corners).
// Both corner forms are rank-Q sums: per call B_q is tabulated over the corner's zone columns, per row A_q,
// and a pixel costs Q multiply-adds. Φ and φ come from a cubic Hermite table (error < 1e-8). The only
// differences from drawShadow are its own approximations (large σ) and its 8-bit coverage.
//
// Where the work goes. Corner terms vanish (< Φ(−4)) beyond 4σ (+1 px) of the corner box, and Px is 1
// to within 2e-6 well inside the sides: each row is an exact left part, a constant middle run (the value
// Py(y)) and an exact right part. Pixels whose upper bound Px·Py cannot reach weight 1 are skipped, and so
// are the pixels of `skipInterior` and, given `skipCovered`, each row's pixels that shape covers
// entirely (the caller's opaque body drawn next overwrites them). Weights are round(S × opacity) (Float, as in drawShadow) × clip; the
// source is the shadow colour ⊗ weight, composited source-over. σ = 0 (no blur) is drawShadow's own
// bilinear case: the shape is rendered and passed to it.
import CoreGraphics
import Synchronization

extension PixelBuffer {
    mutating func drawAnalyticShadow(_ shape: RoundedRect, offset: CGPoint, sigma: Double, color: CGColor,
                                     opacity: Double, clip: CoverageMask?, skipInterior: PixelRect?,
                                     skipCovered: RoundedRect? = nil) {
        let op = unitClamp(opacity)
        let paint = RGBA8(color).word
        guard op > 0, paint != 0, width > 0, height > 0 else { return }
        if sigma == .infinity { return }
        let sg = sigma > 0 ? sigma : 0
        let ox = Double(offset.x).isFinite ? Double(offset.x) : 0
        let oy = Double(offset.y).isFinite ? Double(offset.y) : 0
        guard abs(ox) < 1e9, abs(oy) < 1e9, sg < 1e6 else { return }
        let g = RoundedRectGeometry(shape)
        guard !g.isEmpty else { return }
        if let clip { clip.checkSize() }

        if sg == 0 {
            shadowByBlurring(g, offset: offset, sigma: sg, color: color, opacity: op, clip: clip, skipInterior: skipInterior)
            return
        }
        let field = RoundedRectShadowField(g, ox: ox, oy: oy, sigma: sg)
        var region = field.region.intersection(bounds)
        if let clip { region = region.intersection(clip.bounds) }
        guard !region.isEmpty else { return }
        let covered = skipCovered.map { RoundedRectGeometry($0) }.flatMap { $0.isEmpty ? nil : $0 }
        field.composite(into: &self, region: region, paint: paint, opacity: op, clip: clip, skip: skipInterior, skipCovered: covered)
    }

    /// σ = 0: render the shape opaque and blur it with drawShadow; pixels of `skipInterior` are restored.
    private mutating func shadowByBlurring(_ g: RoundedRectGeometry, offset: CGPoint, sigma: Double, color: CGColor,
                                           opacity: Double, clip: CoverageMask?, skipInterior: PixelRect?) {
        let pb = g.pixelBounds
        var source = PixelBuffer(width: pb.width, height: pb.height)
        source.fill(RoundedRect(rect: CGRect(x: g.x0 - Double(pb.x), y: g.y0 - Double(pb.y), width: g.x1 - g.x0, height: g.y1 - g.y0),
                                radii: CornerRadii(topLeft: g.tl, topRight: g.tr, bottomLeft: g.bl, bottomRight: g.br)),
                    with: .solid(.white))
        let keep = skipInterior.map { $0.intersection(bounds) } ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        // The pixels of `keep`, saved as a plane over the same rect.
        var saved = [UInt32](repeating: 0, count: keep.width * keep.height)
        if !keep.isEmpty {
            withPixels { pixels in
                saved.withMutablePlane(width: keep.width, originX: keep.x, originY: keep.y) { copy in
                    for y in keep.y..<keep.maxY { copy.row(y).update(keep.x..<keep.maxX, from: pixels.row(y)) }
                }
            }
        }
        drawGaussianShadow(of: source, x: pb.x, y: pb.y, offset: offset, sigma: sigma, color: color, opacity: opacity, clip: clip)
        if !keep.isEmpty {
            withMutablePixels { pixels in
                saved.withPlane(width: keep.width, originX: keep.x, originY: keep.y) { copy in
                    for y in keep.y..<keep.maxY { pixels.row(y).update(keep.x..<keep.maxX, from: copy.row(y)) }
                }
            }
        }
    }
}

// MARK: - The field

/// One corner's term as Σ_q A_q(row)·B_q(column) over its zone.
private struct CornerZone {
    /// Zone columns and rows (absolute, target space); B holds Q rows of (colEnd − colStart) values.
    let colStart: Int, colEnd: Int, rowStart: Int, rowEnd: Int
    let b: [Float]
    let count: Int
    let isLeft: Bool
    enum Kind {
        /// Q = box rows j0 ..< j0 + Q of the shape's pixel grid: A_q(y) = K(y − j).
        case discrete(j0: Int)
        /// Quadrature nodes at depth s from the edge at vOrigin (v = vSign·(y − vOrigin)).
        case continuous(CornerNodes, vOrigin: Double, vSign: Double, sigma: Double)
    }
    let kind: Kind

    /// Writes A_q for the row whose centre is at y (shape space) into `a`; returns the active q range.
    func rowWeights(y: Double, sigma: Double, into a: MutableRow<Float>) -> (Int, Int) {
        switch kind {
        case .discrete(let j0):
            let reach = 4 * sigma + 1
            let lo = Swift.max(0, clampedInt((y - reach - 1).rounded(.up)) - j0)
            let hi = Swift.min(count, clampedInt((y + reach).rounded(.down)) + 1 - j0)
            let inv = 1 / sigma
            if lo < hi {
                for q in lo..<hi {
                    let d = y - Double(j0 + q)
                    a[q] = Float(fastPhi(d * inv) - fastPhi((d - 1) * inv))
                }
            }
            return (lo, hi)
        case .continuous(let nodes, let vOrigin, let vSign, let sc):
            let v = vSign * (y - vOrigin)
            let (qa, qb) = nodes.activeRange(v: v, reach: 5 * sc)
            let inv = 1 / sc
            if qa < qb {
                for k in qa..<qb { a[k] = Float(nodes.c[k] * fastGaussian((v - nodes.s[k]) * inv) * inv) }
            }
            return (qa, qb)
        }
    }
}

struct RoundedRectShadowField {
    let sigma: Double
    /// The shape's edges (shape space) and the offset to target space.
    let x0: Double, y0: Double, x1: Double, y1: Double
    let ox: Double, oy: Double
    let reach: Double
    let region: PixelRect
    private let g: RoundedRectGeometry
    /// Corners use the blur of the exact piece from this σ on (see the file comment).
    static let continuousCornerSigma = 8.0

    init(_ g: RoundedRectGeometry, ox: Double, oy: Double, sigma: Double) {
        self.g = g
        self.sigma = sigma
        self.ox = ox; self.oy = oy
        x0 = g.x0; x1 = g.x1; y0 = g.y0; y1 = g.y1
        let sc = (sigma * sigma + 1.0 / 6).squareRoot()
        reach = Swift.max(4 * sigma + 1, 4 * sc + 1)
        region = PixelRect(enclosing: CGRect(x: x0 + ox - reach, y: y0 + oy - reach,
                                             width: x1 - x0 + 2 * reach, height: y1 - y0 + 2 * reach))
    }

    /// Σ_i A_i·K(p − i) for the 1-D coverage A of [a, b] (a < b): the rectangle's profile at p.
    @inline(__always)
    static func rectProfile(_ p: Double, _ a: Double, _ b: Double, inv: Double) -> Double {
        let i0 = a.rounded(.down), i1 = b.rounded(.up) - 1
        @inline(__always) func k(_ d: Double) -> Double { fastPhi(d * inv) - fastPhi((d - 1) * inv) }
        if i1 <= i0 { return (b - a) * k(p - i0) }
        return (i0 + 1 - a) * k(p - i0) + (fastPhi((p - i0 - 1) * inv) - fastPhi((p - i1) * inv)) + (b - i1) * k(p - i1)
    }

    private func makeCorners(region: PixelRect) -> [CornerZone] {
        var out: [CornerZone] = []
        let inv = 1 / sigma
        for (r, left, top) in [(g.tl, true, true), (g.tr, false, true), (g.bl, true, false), (g.br, false, false)] where r > 0 {
            let bx0 = left ? x0 : x1 - r, bx1 = left ? x0 + r : x1
            let by0 = top ? y0 : y1 - r, by1 = top ? y0 + r : y1
            // Zone in target columns/rows: pixel centres within `reach` of the box (moved by the offset).
            let c0 = Swift.max(region.x, clampedInt((bx0 + ox - reach - 0.5).rounded(.down)))
            let c1 = Swift.min(region.maxX, clampedInt((bx1 + ox + reach - 0.5).rounded(.up)) + 1)
            let r0 = Swift.max(region.y, clampedInt((by0 + oy - reach - 0.5).rounded(.down)))
            let r1 = Swift.min(region.maxY, clampedInt((by1 + oy + reach - 0.5).rounded(.up)) + 1)
            guard c0 < c1, r0 < r1 else { continue }
            let n = c1 - c0
            if sigma < Self.continuousCornerSigma {
                // C_ij over the box's pixels, then H_j(x) = Σ_i C_ij K(x − i) per zone column.
                let i0 = clampedInt(bx0.rounded(.down)), i1 = clampedInt(bx1.rounded(.up))
                let j0 = clampedInt(by0.rounded(.down)), j1 = clampedInt(by1.rounded(.up))
                let nb = i1 - i0, q = j1 - j0
                var c = [Double](repeating: 0, count: nb * q)
                for j in 0..<q { for i in 0..<nb {
                    c[j * nb + i] = g.cornerOutside(Double(i0 + i), Double(j0 + j), bx0: bx0, bx1: bx1, by0: by0, by1: by1,
                                                    cx: left ? bx1 : bx0, cy: top ? by1 : by0, r: r, flipX: left, flipY: top)
                } }
                // Each box row as runs of equal C (the full part, the arc's pixels, the inside): a run
                // [ia, ib) contributes C·(Φ((x − ia)/σ) − Φ((x − ib)/σ)), from one table of Φ per column.
                var runStart = [Int](), runEnd = [Int](), runValue = [Double](), rowRuns = [0]
                for j in 0..<q {
                    var i = 0
                    while i < nb {
                        let v = c[j * nb + i]
                        var e = i + 1
                        while e < nb && c[j * nb + e] == v { e += 1 }
                        if v != 0 { runStart.append(i); runEnd.append(e); runValue.append(v) }
                        i = e
                    }
                    rowRuns.append(runStart.count)
                }
                var b = [Float](repeating: 0, count: q * n)
                var phi = [Double](repeating: 0, count: nb + 1)
                runStart.withRow { rs in runEnd.withRow { re in
                runValue.withRow { rv in phi.withMutableRow { ph in
                b.withMutableRow { bb in
                    for col in 0..<n {
                        let x = Double(c0 + col) + 0.5 - ox
                        for i in 0...nb { ph[i] = fastPhi((x - Double(i0 + i)) * inv) }
                        for j in 0..<q {
                            var sum = 0.0
                            for k in rowRuns[j]..<rowRuns[j + 1] { sum += rv[k] * (ph[rs[k]] - ph[re[k]]) }
                            bb[j * n + col] = Float(sum)
                        }
                    }
                } } } } }
                out.append(CornerZone(colStart: c0, colEnd: c1, rowStart: r0, rowEnd: r1, b: b, count: q, isLeft: left,
                                      kind: .discrete(j0: j0)))
            } else {
                let sc = (sigma * sigma + 1.0 / 6).squareRoot(), invc = 1 / sc
                let nodes = CornerNodes.cached(sigma: sc, radius: r)
                let q = nodes.count
                var b = [Float](repeating: 0, count: q * n)
                for col in 0..<n {
                    let x = Double(c0 + col) + 0.5 - ox
                    let u = left ? x - x0 : x1 - x
                    let pu = fastPhi(u * invc)
                    for k in 0..<q { b[k * n + col] = Float(pu - fastPhi((u - nodes.w[k]) * invc)) }
                }
                out.append(CornerZone(colStart: c0, colEnd: c1, rowStart: r0, rowEnd: r1, b: b, count: q, isLeft: left,
                                      kind: .continuous(nodes, vOrigin: top ? y0 : y1, vSign: top ? 1 : -1, sigma: sc)))
            }
        }
        return out
    }

    func composite(into buffer: inout PixelBuffer, region: PixelRect, paint: UInt32, opacity: Double,
                   clip: CoverageMask?, skip: PixelRect?, skipCovered: RoundedRectGeometry? = nil) {
        let rw = region.width
        let inv = 1 / sigma
        let px = (0..<rw).map { k in Float(Self.rectProfile(Double(region.x + k) + 0.5 - ox, x0, x1, inv: inv)) }
        let corners = makeCorners(region: region)
        let scale = Float(opacity * 255)
        // A value below `zeroBelow` gets weight 0 (with a margin for the Float arithmetic).
        let zeroBelow = Float(0.5 / (opacity * 255) * (1 - 1e-4))
        // The columns where Px is 1 to within 2e-6: the constant middle of each row.
        var peak = 0
        for k in 0..<rw where px[k] > px[peak] { peak = k }
        var flatL = peak, flatR = peak
        while flatL > 0 && px[flatL - 1] >= 1 - 2e-6 { flatL -= 1 }
        while flatR < rw && px[flatR] >= 1 - 2e-6 { flatR += 1 }
        if px[peak] < 1 - 2e-6 { flatR = flatL }
        let pxMax = px[peak]
        let skipRect = skip.map { $0.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : $0 } ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
        let table = ShadowBlendTable(paint)

        // Row buffers, indexed by absolute x: Px (P), values (V), weights (W), clipped weights (K); and
        // A_q of the row (A).
        var values = [Float](repeating: 0, count: rw), weights = [UInt8](repeating: 0, count: rw)
        var clipped = [UInt8](repeating: 0, count: rw)
        var rowTerms = [Float](repeating: 0, count: corners.map { $0.count }.max() ?? 0)
        px.withRow(indexedFrom: region.x) { P in values.withMutableRow(indexedFrom: region.x) { V in
        weights.withMutableRow(indexedFrom: region.x) { W in clipped.withMutableRow(indexedFrom: region.x) { K in
        rowTerms.withMutableRow { A in
        buffer.withMutablePixels { pixels in CoverageMask.withValues(of: clip) { clipValues in
                var intervals: [(Int, Int, Bool)] = []      // [start, end), constant?
                var parts: [(Int, Int)] = []
                var active: [Int] = []
                // Rows without corner terms and with the same Py share their weights.
                var cachedKey: (Float, Int, Int, Int, Int)? = nil
                for py in region.y..<region.maxY {
                    let cy = Double(py) + 0.5 - oy   // the row's centre in shape space
                    let fpy = Float(Self.rectProfile(cy, y0, y1, inv: inv))
                    if fpy * pxMax < zeroBelow { continue }
                    // Columns whose upper bound Px·Py can give a non-zero weight.
                    let thr = zeroBelow / fpy
                    var lo = 0, hi = peak          // first k in [0, peak] with px[k] ≥ thr
                    while lo < hi { let m = (lo + hi) / 2; if P[region.x + m] >= thr { hi = m } else { lo = m + 1 } }
                    let xa = region.x + lo
                    lo = peak; hi = rw             // first k in [peak, rw) with px[k] < thr
                    while lo < hi { let m = (lo + hi) / 2; if P[region.x + m] < thr { hi = m } else { lo = m + 1 } }
                    let xb = region.x + lo
                    if xa >= xb { continue }
                    // The constant middle, narrowed by the corner zones active in this row.
                    var mL = region.x + flatL, mR = region.x + flatR
                    active.removeAll(keepingCapacity: true)
                    for (k, z) in corners.enumerated() where py >= z.rowStart && py < z.rowEnd {
                        active.append(k)
                        if z.isLeft { mL = Swift.max(mL, z.colEnd) } else { mR = Swift.min(mR, z.colStart) }
                    }
                    mL = Swift.min(Swift.max(mL, xa), xb); mR = Swift.min(Swift.max(mR, mL), xb)
                    if mR <= mL { mL = xb; mR = xb }
                    parts.removeAll(keepingCapacity: true)
                    parts.append((xa, mL))
                    if mR < xb { parts.append((mR, xb)) }

                    // Weights of the per-pixel parts.
                    let key = (fpy, xa, mL, mR, xb)
                    let reuse = active.isEmpty && cachedKey.map { $0 == key } == true
                    if !reuse {
                        for (s, e) in parts where e > s {
                            for x in s..<e { V[x] = P[x] * fpy }
                            for k in active {
                                let z = corners[k]
                                let cs = Swift.max(s, z.colStart), ce = Swift.min(e, z.colEnd)
                                if cs >= ce { continue }
                                let (qa, qb) = z.rowWeights(y: cy, sigma: sigma, into: A)
                                if qa >= qb { continue }
                                z.b.withPlane(width: z.colEnd - z.colStart, originX: z.colStart) { terms in
                                    subtractCornerTerms(V, A.readOnly, terms, qa..<qb, cs..<ce)
                                }
                            }
                            quantizeShadowRow(V.readOnly, into: W, s..<e, scale: scale)
                        }
                        cachedKey = active.isEmpty ? key : nil
                    }

                    // Runs to draw: the parts and the middle, minus skipInterior.
                    intervals.removeAll(keepingCapacity: true)
                    intervals.append((xa, mL, false))
                    if mR > mL { intervals.append((mL, mR, true)) }
                    if xb > mR && mR > mL { intervals.append((mR, xb, false)) }
                    if !skipRect.isEmpty && py >= skipRect.y && py < skipRect.maxY {
                        cutIntervals(&intervals, skipRect.x, skipRect.maxX)
                    }
                    if let covered = skipCovered {
                        // The pixels of this row that the shape covers entirely (coverage exactly 1).
                        let span = covered.rowSpan(py)
                        if span.cy >= 1 && span.end > span.start { cutIntervals(&intervals, span.start, span.end) }
                    }
                    let row = pixels.row(py)
                    let crow = clipValues?.row(py)
                    for (s, e, constant) in intervals where e > s {
                        if constant {
                            let wt = roundedByte(fpy * scale)
                            if wt == 0 { continue }
                            if let crow {
                                for x in s..<e { K[x] = UInt8(truncatingIfNeeded: mul255(UInt32(wt), UInt32(crow[x]))) }
                                blendShadowRow(row, weights: K.readOnly, s..<e, table)
                            } else {
                                blendRun(row, s..<e, word: paint, weight: wt)
                            }
                        } else if let crow {
                            for x in s..<e { K[x] = UInt8(truncatingIfNeeded: mul255(UInt32(W[x]), UInt32(crow[x]))) }
                            blendShadowRow(row, weights: K.readOnly, s..<e, table)
                        } else {
                            blendShadowRow(row, weights: W.readOnly, s..<e, table)
                        }
                    }
                }
        } } } } } } }
    }
}

/// Removes [a, b) from each interval (start, end, constant?).
private func cutIntervals(_ intervals: inout [(Int, Int, Bool)], _ a: Int, _ b: Int) {
    var cut: [(Int, Int, Bool)] = []
    for (s, e, c) in intervals {
        if s < a { cut.append((s, Swift.min(e, a), c)) }
        if e > b { cut.append((Swift.max(s, b), e, c)) }
    }
    intervals = cut
}

/// For each weight w: the source paint ⊗ w and 255 − its alpha, as four 16-bit lanes each (weight 0:
/// source 0, factor 255, which leaves a pixel unchanged).
struct ShadowBlendTable {
    let source: [SIMD4<UInt16>]
    let inverse: [SIMD4<UInt16>]
    init(_ paint: UInt32) {
        let words = (0..<256).map { w -> UInt32 in w == 0 ? 0 : (w == 255 ? paint : pack(mulLanes(spread(paint), UInt64(w)))) }
        source = words.map { SIMD4(UInt16($0 & 0xFF), UInt16(($0 >> 8) & 0xFF), UInt16(($0 >> 16) & 0xFF), UInt16($0 >> 24)) }
        inverse = words.map { SIMD4(repeating: UInt16(255 - ($0 >> 24))) }
    }
}

/// Source-over of the table's source for each weight, over the pixels `xs` of `row` (the weights indexed
/// like the row). The same bytes as `blendPixel`: the paint is validly premultiplied, so no channel can
/// exceed 255, and a weight of 0 multiplies by 255/255.
@inline(__always)
func blendShadowRow(_ row: MutableRow<UInt32>, weights w: Row<UInt8>, _ xs: Range<Int>, _ table: ShadowBlendTable) {
    table.source.withRow { S in
        table.inverse.withRow { I in
            let end = xs.upperBound
            var k = xs.lowerBound
            while k + 1 < end {
                let w0 = Int(w[k]), w1 = Int(w[k + 1])
                if w0 | w1 == 0 { k += 2; continue }
                let x = SIMD8<UInt16>(truncatingIfNeeded: row.load(SIMD8<UInt8>.self, at: k))
                let ia = SIMD8<UInt16>(lowHalf: I[w0], highHalf: I[w1])
                let s = SIMD8<UInt16>(lowHalf: S[w0], highHalf: S[w1])
                var t = x &* ia &+ 128
                t = (t &+ (t &>> 8)) &>> 8
                row.store(SIMD8<UInt8>(truncatingIfNeeded: t &+ s), at: k)
                k += 2
            }
            if k < end {
                let w0 = Int(w[k])
                if w0 != 0 {
                    let x = SIMD4<UInt16>(truncatingIfNeeded: row.load(SIMD4<UInt8>.self, at: k))
                    var t = x &* I[w0] &+ 128
                    t = (t &+ (t &>> 8)) &>> 8
                    row.store(SIMD4<UInt8>(truncatingIfNeeded: t &+ S[w0]), at: k)
                }
            }
        }
    }
}

// MARK: - Corner quadrature

/// Quadrature nodes for one corner: for each node, the row depth s, the outside width w and the weight
/// c (Gauss–Legendre weight × r·cos θ), sorted by s.
struct CornerNodes: Sendable {
    let s: [Double], w: [Double], c: [Double]
    var count: Int { s.count }

    /// Nodes with |v − s| ≤ reach: a contiguous range since s is sorted.
    func activeRange(v: Double, reach: Double) -> (Int, Int) {
        var lo = 0, hi = s.count
        while lo < hi { let m = (lo + hi) / 2; if s[m] < v - reach { lo = m + 1 } else { hi = m } }
        let a = lo
        hi = s.count
        while lo < hi { let m = (lo + hi) / 2; if s[m] <= v + reach { lo = m + 1 } else { hi = m } }
        return (a, lo)
    }

    init(radius r: Double, panels: Int, points m: Int) {
        let (xs, ws) = gaussLegendre(m)
        var nodes: [(Double, Double, Double)] = []
        let h = (Double.pi / 2) / Double(panels)
        for p in 0..<panels {
            let mid = (Double(p) + 0.5) * h
            for k in 0..<m {
                let theta = mid + 0.5 * h * xs[k]
                let weight = 0.5 * h * ws[k]
                nodes.append((r * (1 - sin(theta)), r * (1 - cos(theta)), weight * r * cos(theta)))
            }
        }
        nodes.sort { $0.0 < $1.0 }
        s = nodes.map { $0.0 }; w = nodes.map { $0.1 }; c = nodes.map { $0.2 }
    }

    /// F_r(u, v) by these nodes (Double; for choosing the node set).
    func corner(u: Double, v: Double, sigma: Double) -> Double {
        let inv = 1 / sigma
        let pu = fastPhi(u * inv)
        var sum = 0.0
        for k in 0..<count {
            sum += c[k] * fastGaussian((v - s[k]) * inv) * inv * (pu - fastPhi((u - w[k]) * inv))
        }
        return sum
    }

    /// Node sets by (σ, r), shared by every render in the process (parallel renders and tests included):
    /// the Mutex is the only way to the dictionary, so no access can skip the lock. Two threads missing
    /// the same key both compute it; the choice is deterministic, so either result is the same value.
    private static let cache = Mutex<[SIMD2<Double>: CornerNodes]>([:])

    /// The cheapest node set that agrees with a fine reference to 1e-5 over the corner's zone.
    static func cached(sigma: Double, radius r: Double) -> CornerNodes {
        let key = SIMD2(sigma, r)
        if let hit = cache.withLock({ $0[key] }) { return hit }
        // A panel of θ-width Δ moves s and w by at most r·Δ; 8 points per panel integrate a Gaussian of
        // width σ over 2σ to ~1e-7.
        let apriori = Swift.max(1, Int((Double.pi / 2 * r / (2 * sigma)).rounded(.up)))
        var chosen = CornerNodes(radius: r, panels: apriori, points: 8)
        if apriori <= 4 {
            let reference = CornerNodes(radius: r, panels: 4 * apriori, points: 8)
            let grid = (0..<9).map { -2 * sigma + (r + 4 * sigma) * Double($0) / 8 }
            let refValues = grid.flatMap { u in grid.map { v in reference.corner(u: u, v: v, sigma: sigma) } }
            let candidates = [(1, 4), (1, 5), (1, 6), (1, 8), (2, 5), (2, 6), (2, 8), (3, 6), (3, 8), (4, 8)]
            for (p, m) in candidates where p * m <= apriori * 8 {
                let trial = CornerNodes(radius: r, panels: p, points: m)
                var k = 0, ok = true
                for u in grid { for v in grid {
                    if abs(trial.corner(u: u, v: v, sigma: sigma) - refValues[k]) > 1e-5 { ok = false }
                    k += 1
                } }
                if ok { chosen = trial; break }
            }
        }
        cache.withLock { cache in
            if cache.count > 64 { cache.removeAll() }
            cache[key] = chosen
        }
        return chosen
    }
}

/// Gauss–Legendre nodes and weights on [−1, 1] (Newton iteration on the Legendre polynomial P_m, m ≥ 2).
func gaussLegendre(_ m: Int) -> ([Double], [Double]) {
    var xs = [Double](), ws = [Double]()
    for i in 1...m {
        var x = cos(Double.pi * (Double(i) - 0.25) / (Double(m) + 0.5))
        var dp = 1.0
        for _ in 0..<100 {
            var p0 = 1.0, p1 = x
            for k in 2...m {
                let p2 = ((2 * Double(k) - 1) * x * p1 - (Double(k) - 1) * p0) / Double(k)
                p0 = p1; p1 = p2
            }
            dp = Double(m) * (x * p1 - p0) / (x * x - 1)
            let dx = p1 / dp
            x -= dx
            if abs(dx) < 1e-16 { break }
        }
        xs.append(x); ws.append(2 / ((1 - x * x) * dp * dp))
    }
    return (xs, ws)
}

// MARK: - Φ and φ tables

/// Φ and φ at z = −8.5 + k/32, for cubic Hermite interpolation (error < 1e-8).
private let normalTables: (cdf: [Double], pdf: [Double]) = {
    let n = 17 * 32
    var cdf = [Double](), pdf = [Double]()
    for k in 0...n {
        let z = -8.5 + Double(k) / 32
        cdf.append(standardNormalCDF(z))
        pdf.append(exp(-0.5 * z * z) / (2 * Double.pi).squareRoot())
    }
    return (cdf, pdf)
}()

/// Φ(z), the standard normal distribution, from the table.
@inline(__always)
func fastPhi(_ z: Double) -> Double {
    if !(z > -8.5) { return 0 }
    if z >= 8.5 { return 1 }
    let p = (z + 8.5) * 32
    let k = Int(p)
    let t = p - Double(k)
    return normalTables.cdf.withRow { c in
        normalTables.pdf.withRow { d in
            let h = 1.0 / 32
            let f0 = c[k], f1 = c[k + 1], m0 = d[k] * h, m1 = d[k + 1] * h
            let t2 = t * t, t3 = t2 * t
            return (2 * t3 - 3 * t2 + 1) * f0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * f1 + (t3 - t2) * m1
        }
    }
}

/// φ(z), the standard normal density, from the table.
@inline(__always)
func fastGaussian(_ z: Double) -> Double {
    if !(z > -8.5) || z >= 8.5 { return 0 }
    let p = (z + 8.5) * 32
    let k = Int(p)
    let t = p - Double(k)
    return normalTables.pdf.withRow { d in
        let h = 1.0 / 32
        let z0 = -8.5 + Double(k) * h, z1 = z0 + h
        let f0 = d[k], f1 = d[k + 1], m0 = -z0 * f0 * h, m1 = -z1 * f1 * h
        let t2 = t * t, t3 = t2 * t
        return (2 * t3 - 3 * t2 + 1) * f0 + (t3 - 2 * t2 + t) * m0 + (-2 * t3 + 3 * t2) * f1 + (t3 - t2) * m1
    }
}


/// `roundedByte(v[x] · scale)` into w[x] for x in `xs`, four at a time without float-to-integer
/// conversions (which do not vectorize): r = (c + 2²³) − 2²³ rounds c ∈ [0, 255] to nearest, one less
/// where that exceeds c gives ⌊c⌋, and the low byte of ⌊c⌋ + 2²³'s bit pattern is ⌊c⌋.
@inline(__always)
func quantizeShadowRow(_ v: Row<Float>, into w: MutableRow<UInt8>, _ xs: Range<Int>, scale: Float) {
    let magic = SIMD4<Float>(repeating: 8_388_608)
    let end = xs.upperBound
    var k = xs.lowerBound
    while k + 4 <= end {
        let q = v.load(SIMD4<Float>.self, at: k) * scale + 0.5
        let c = q.replacing(with: 0, where: .!(q .> 0)).replacing(with: 255, where: q .> 255)
        let r = (c + magic) - magic
        let f = r.replacing(with: r - 1, where: r .> c) + magic
        let bits = SIMD4<UInt32>(f[0].bitPattern, f[1].bitPattern, f[2].bitPattern, f[3].bitPattern)
        w.store(SIMD4<UInt8>(truncatingIfNeeded: bits), at: k)
        k += 4
    }
    while k < end { w[k] = roundedByte(v[k] * scale); k += 1 }
}

/// v[x] −= Σ_{q in qs} a[q]·b.row(q)[x] for x in `xs`, four columns at a time with the sum kept in
/// registers (one load and store of v per column instead of one per term).
@inline(__always)
func subtractCornerTerms(_ v: MutableRow<Float>, _ a: Row<Float>, _ b: Plane<Float>, _ qs: Range<Int>, _ xs: Range<Int>) {
    let end = xs.upperBound
    var x = xs.lowerBound
    while x + 4 <= end {
        var acc = v.load(SIMD4<Float>.self, at: x)
        for q in qs {
            acc -= a[q] * b.row(q).load(SIMD4<Float>.self, at: x)
        }
        v.store(acc, at: x)
        x += 4
    }
    while x < end {
        var acc = v[x]
        for q in qs { acc -= a[q] * b.row(q)[x] }
        v[x] = acc
        x += 1
    }
}
