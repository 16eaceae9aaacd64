// Paints: a solid colour or an axial gradient, evaluated at pixel centres as premultiplied RGBA8 words.
import CoreGraphics

/// A paint prepared for evaluation.
///
/// Gradients are evaluated exactly per pixel (t, stop search, interpolation, premultiplication), or —
/// when a fill covers many pixels (`prepareLookupTable`) — through a table of the exact colours at
/// t = k/4096, read at the nearest k (k stepped in fixed point along the row). A table entry is only
/// used where it is provably within 1/255 of the exact colour for every t that reads it: the colour's
/// slope times the half-cell width must stay under one 8-bit step, and no hard edge (two stops at one
/// location) may lie in the cell. The other cells hold a marker and are evaluated exactly, with the
/// exact t.
struct PaintEvaluator {
    /// The constant word, when the paint does not vary over the target.
    let constant: UInt32?
    /// The gradient varies along x only (the same row everywhere).
    let horizontalOnly: Bool
    /// The gradient varies along y only (constant along each row).
    let verticalOnly: Bool
    /// Every colour the paint produces is opaque.
    let isOpaque: Bool
    /// Stops sorted by location, five numbers each: location, red, green, blue, alpha (straight).
    private let stops: [Double]
    private let stopCount: Int
    private let sx: Double, sy: Double, dx: Double, dy: Double, invLength2: Double
    /// Buffer pixel space → gradient space; nil for the identity.
    private let transform: Transform2D?
    /// Empty, or `lookupSize + 1` words (entry k: t = k/lookupSize); `lookupMarker` = evaluate exactly.
    private(set) var lookup: [UInt32] = []
    /// Whether `lookup` holds any `lookupMarker` (rows then look for them after the table read).
    private(set) var hasMarkers = false

    static let lookupSize = 4096
    /// Not a valid premultiplied colour (alpha 0 with non-zero colour), so never a real entry.
    static let lookupMarker: UInt32 = 0x00FF_FFFF
    /// Fills of fewer pixels evaluate every pixel exactly (building the table would cost more).
    static let lookupMinimumPixels = 8 * lookupSize

    init(_ paint: Paint, transform: Transform2D = .identity) {
        self.transform = transform == .identity ? nil : transform
        switch paint {
        case .solid(let c):
            constant = RGBA8(c).word
            horizontalOnly = false; verticalOnly = false
            isOpaque = constant! >> 24 == 255
            stops = []; stopCount = 0; sx = 0; sy = 0; dx = 0; dy = 0; invLength2 = 0
        case .axialGradient(let start, let end, let rawStops):
            // Stops sorted by location; equal locations keep their order (a hard edge). NaN locations
            // count as 0 and infinite ones as ±1e300, so every difference of locations stays finite.
            let sorted = rawStops.enumerated().map { (i, s) -> (Int, Double, CGColor) in
                (i, s.location.isNaN ? 0 : Swift.min(Swift.max(s.location, -1e300), 1e300), s.color)
            }.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }
            stops = sorted.flatMap { [$0.1, Double($0.2.red), Double($0.2.green), Double($0.2.blue), Double($0.2.alpha)] }
            stopCount = sorted.count
            sx = Double(start.x); sy = Double(start.y)
            dx = Double(end.x) - sx; dy = Double(end.y) - sy
            let len2 = dx * dx + dy * dy
            if sorted.isEmpty {
                constant = 0
                invLength2 = 0
            } else if sorted.count == 1 || !(len2 > 0) || !len2.isFinite || !sx.isFinite || !sy.isFinite {
                // start == end (or a degenerate axis): the last stop's colour everywhere.
                let c = sorted[sorted.count - 1].2
                constant = premultipliedWord(red: Double(c.red), green: Double(c.green), blue: Double(c.blue), alpha: Double(c.alpha))
                invLength2 = 0
            } else {
                constant = nil
                invLength2 = 1 / len2
            }
            isOpaque = constant.map { $0 >> 24 == 255 } ?? sorted.allSatisfy { unitClamp(Double($0.2.alpha)) >= 1 }
            horizontalOnly = constant == nil && dy == 0 && self.transform == nil
            verticalOnly = constant == nil && dx == 0 && self.transform == nil
        }
    }

    /// Builds the lookup table when a fill of `pixelCount` pixels would evaluate the gradient per pixel
    /// (`PixelBuffer.lookupDecisionPixels`: the whole fill, on the whole canvas).
    mutating func prepareLookupTable(pixelCount: Int) {
        guard constant == nil, !horizontalOnly, !verticalOnly, pixelCount >= Self.lookupMinimumPixels, lookup.isEmpty else { return }
        let n = Self.lookupSize, count = stopCount
        let cellHalf = (0.5 + 1e-5) / Double(n)   // |t − k/n| for every t that reads entry k (see writeRow)
        var table = [UInt32](repeating: 0, count: n + 1)
        stops.withRow { s in
            for k in 0...n {
                let t = Double(k) / Double(n)
                let lo = Swift.max(0, t - cellHalf), hi = Swift.min(1, t + cellHalf)
                // The colour is linear between neighbouring stops (constant outside them). A cell is evaluated
                // exactly where a hard edge (two stops at one location) lies in it, or where a stop interval
                // meeting it has a premultiplied slope bound (|Δcolour| + |Δalpha|)/Δlocation that could move
                // the colour by an 8-bit step within half a cell. Kinks at stops need nothing more: the
                // slopes on both sides are bounded.
                var exact = false
                for j in 0..<Swift.max(0, count - 1) {
                    let l = s[j * 5], l1 = s[(j + 1) * 5]
                    let dl = l1 - l
                    if !(dl > 0) {
                        if l >= lo && l <= hi { exact = true; break }
                        continue
                    }
                    guard l1 > lo && l < hi else { continue }   // the interval does not meet the cell
                    let dc = Swift.max(abs(s[j * 5 + 6] - s[j * 5 + 1]), abs(s[j * 5 + 7] - s[j * 5 + 2]),
                                       abs(s[j * 5 + 8] - s[j * 5 + 3]))
                    let slope = (dc + abs(s[j * 5 + 9] - s[j * 5 + 4])) / dl
                    if slope * cellHalf * 255 >= 0.999 { exact = true; break }
                }
                table[k] = exact ? Self.lookupMarker : Self.exactWord(t, s, count)
            }
        }
        lookup = table
        hasMarkers = table.contains(Self.lookupMarker)
    }

    /// The premultiplied colour at the centre of pixel (px, py).
    func word(_ px: Int, _ py: Int) -> UInt32 {
        if let c = constant { return c }
        var out: UInt32 = 0
        withMutableRow(over: &out, at: px) { writeRow(py, from: px, to: px + 1, into: $0) }
        return out
    }

    /// The colour at parameter t in [0, 1]: linear between neighbouring stops in straight alpha, then
    /// premultiplied (each product rounded once); before the first stop and after the last, the end colours.
    @inline(__always)
    static func exactWord(_ t: Double, _ s: Row<Double>, _ n: Int) -> UInt32 {
        // The last stop whose location is ≤ t (stops are sorted).
        var i = -1
        while i + 1 < n && s[(i + 1) * 5] <= t { i += 1 }
        let r: Double, g: Double, b: Double, a: Double
        if i < 0 || i == n - 1 {
            let k = Swift.max(i, 0) * 5
            r = s[k + 1]; g = s[k + 2]; b = s[k + 3]; a = s[k + 4]
        } else {
            let k = i * 5
            let f = (t - s[k]) / (s[k + 5] - s[k])   // s[k + 5] > t ≥ s[k], so f ∈ [0, 1)
            r = s[k + 1] + (s[k + 6] - s[k + 1]) * f
            g = s[k + 2] + (s[k + 7] - s[k + 2]) * f
            b = s[k + 3] + (s[k + 8] - s[k + 3]) * f
            a = s[k + 4] + (s[k + 9] - s[k + 4]) * f
        }
        @inline(__always) func q(_ v: Double) -> UInt32 { UInt32(quantize(v)) }
        return q(r * a) | q(g * a) << 8 | q(b * a) << 16 | q(a) << 24
    }

    /// Writes the colours of pixels x0..<x1 of row py into out[x0..<x1].
    ///
    /// t is the projection of the pixel centre (mapped by the paint transform) onto start→end, clamped
    /// to [0, 1] (NaN → 0).
    func writeRow(_ py: Int, from x0: Int, to x1: Int, into out: MutableRow<UInt32>) {
        if let c = constant { out.update(x0..<x1, repeating: c); return }
        guard x1 > x0 else { return }
        let n = stopCount
        let sx = self.sx, sy = self.sy, dx = self.dx, dy = self.dy, inv = invLength2
        let hasTable = !lookup.isEmpty
        stops.withRow { s in
            lookup.withRow { table in
                @inline(__always) func clampT(_ v: Double) -> Double { v > 0 ? (v < 1 ? v : 1) : 0 }
                if let m = transform {
                    let cy = Double(py) + 0.5
                    for px in x0..<x1 {
                        let cx = Double(px) + 0.5
                        var X = m.a * cx + m.b * cy + m.c, Y = m.d * cx + m.e * cy + m.f
                        if !m.isAffine { let w = m.g * cx + m.h * cy + m.i; X /= w; Y /= w }
                        let t = clampT(((X - sx) * dx + (Y - sy) * dy) * inv)
                        out[px] = hasTable ? Self.tableWord(t, table, s, n) : Self.exactWord(t, s, n)
                    }
                    return
                }
                let yTerm = (Double(py) + 0.5 - sy) * dy
                if !hasTable {
                    for px in x0..<x1 {
                        let t = clampT(((Double(px) + 0.5 - sx) * dx + yTerm) * inv)
                        out[px] = Self.exactWord(t, s, n)
                    }
                } else {
                    let scale = Double(Self.lookupSize)
                    // The entry index k = ⌊t·4096 + ½⌋ = ⌊u⌋ with u linear in px: u is stepped in 32.32 fixed
                    // point (drift < 1e-6 of a cell over any row), k clamped to 0...4096 like t to [0, 1]. Where
                    // this k differs from the per-pixel one, t lies within 1e-6 of a cell boundary, i.e. half a
                    // cell from both entries — the accuracy the table's cells are built for.
                    let uStep = dx * inv * scale
                    let u0 = ((Double(x0) + 0.5 - sx) * dx + yTerm) * inv * scale + 0.5
                    let uEnd = u0 + uStep * Double(x1 - x0)
                    var px = x0
                    if abs(u0) < 1e9 && abs(uEnd) < 1e9 {
                        let unit = 4_294_967_296.0
                        let acc = Int64((u0 * unit).rounded())
                        let step = Int64((uStep * unit).rounded())
                        Self.tableRow(table, acc: acc, step: step, count: x1 - x0, into: out.advanced(by: x0))
                        if hasMarkers {
                            for q in x0..<x1 where out[q] == Self.lookupMarker {
                                out[q] = Self.exactWord(clampT(((Double(q) + 0.5 - sx) * dx + yTerm) * inv), s, n)
                            }
                        }
                        px = x1
                    }
                    while px < x1 {
                        let t = clampT(((Double(px) + 0.5 - sx) * dx + yTerm) * inv)
                        let w = table[Int(t * scale + 0.5)]
                        out[px] = w != Self.lookupMarker ? w : Self.exactWord(t, s, n)
                        px += 1
                    }
                }
            }
        }
    }

    /// out[i] = table[clamp((acc + i·step) >> 32, 0, lookupSize)] for i in 0..<count (32.32 fixed point,
    /// |acc| and |acc + count·step| below 2⁶²). The pixels whose index needs no clamping are found by
    /// exact integer division and written without the clamp, four at a time.
    @inline(__always)
    static func tableRow(_ table: Row<UInt32>, acc start: Int64, step: Int64, count: Int, into out: MutableRow<UInt32>) {
        let last = Int64(lookupSize)
        let limit = (last + 1) << 32   // acc in [0, limit) ⇔ acc >> 32 in 0...last
        // [lo, hi): the pixels whose acc lies in [0, limit) (acc is monotone along the row).
        var lo = 0, hi = count
        if step > 0 {
            if start < 0 { lo = Int(Swift.min(Int64(count), (-start - 1) / step + 1)) }    // first acc ≥ 0
            hi = start >= limit ? 0 : Int(Swift.min(Int64(count), (limit - start - 1) / step + 1))   // first acc ≥ limit
        } else if step < 0 {
            let s = -step
            if start >= limit { lo = Int(Swift.min(Int64(count), (start - limit) / s + 1)) }   // first acc < limit
            hi = start < 0 ? 0 : Int(Swift.min(Int64(count), start / s + 1))                 // first acc < 0
        } else if start < 0 || start >= limit {
            hi = 0
        }
        hi = Swift.max(hi, lo)
        var acc = start
        @inline(__always) func clamped(_ i: Int) {
            out[i] = table[Int(truncatingIfNeeded: Swift.min(Swift.max(acc >> 32, 0), last))]
            acc &+= step
        }
        for i in 0..<lo { clamped(i) }
        var i = lo
        // Unchecked index arithmetic (lo ≤ hi ≤ count): no overflow tests in the loop.
        let hi4 = lo &+ ((hi &- lo) & ~3)
        while i < hi4 {
            let a1 = acc &+ step, a2 = a1 &+ step, a3 = a2 &+ step
            out[i] = table[Int(truncatingIfNeeded: acc >> 32)]
            out[i &+ 1] = table[Int(truncatingIfNeeded: a1 >> 32)]
            out[i &+ 2] = table[Int(truncatingIfNeeded: a2 >> 32)]
            out[i &+ 3] = table[Int(truncatingIfNeeded: a3 >> 32)]
            acc = a3 &+ step
            i &+= 4
        }
        while i < hi { out[i] = table[Int(truncatingIfNeeded: acc >> 32)]; acc &+= step; i += 1 }
        while i < count { clamped(i); i += 1 }
    }

    /// The table's colour at t, or the exact one where the table holds the marker.
    @inline(__always)
    private static func tableWord(_ t: Double, _ table: Row<UInt32>, _ s: Row<Double>, _ n: Int) -> UInt32 {
        let w = table[Int(t * Double(lookupSize) + 0.5)]
        return w != lookupMarker ? w : exactWord(t, s, n)
    }
}

extension PixelBuffer {
    /// `fill`: visits only pixelBounds ∩ buffer ∩ clip bounds; the run of interior pixels of each row is
    /// written at once (a plain store when the paint is opaque and the weight full).
    /// `rows`: only these rows are drawn (each row gets the bytes of the whole fill).
    mutating func fillShape(_ shape: RoundedRect, paint: Paint, opacity: Double, clip: CoverageMask?,
                            skip: PixelRect? = nil, rows: Range<Int>? = nil) {
        let op = unitClamp(opacity)
        guard op > 0 else { return }
        let g = RoundedRectGeometry(shape)
        guard !g.isEmpty else { return }
        var region = g.pixelBounds.intersection(bounds)
        if let clip { clip.checkSize(); region = region.intersection(clip.bounds) }
        guard !region.isEmpty else { return }
        var painter = PaintEvaluator(paint)
        if painter.constant == 0 { return }   // transparent paint changes nothing
        painter.prepareLookupTable(pixelCount: lookupDecisionPixels(g.pixelBounds, clip: clip))   // decided by the whole fill
        if let rows {
            region = region.intersection(PixelRect(x: region.x, y: rows.lowerBound, width: region.width, height: rows.count))
            guard !region.isEmpty else { return }
        }
        let rw = region.width

        var weights = [UInt8](repeating: 0, count: rw)
        var paints = [UInt32](repeating: painter.constant ?? 0, count: rw)
        var paintsRowValid = painter.constant != nil   // horizontal gradients: one row serves all
        let skipRect = skip.map { $0.intersection(region) }.flatMap { $0.isEmpty ? nil : $0 } ?? PixelRect(x: 0, y: 0, width: 0, height: 0)

        withMutablePixels { pixels in
            weights.withMutableRow(indexedFrom: region.x) { w in   // indexed by absolute x
                paints.withMutableRow(indexedFrom: region.x) { p in
                    CoverageMask.withValues(of: clip) { clipValues in
                        for py in region.y..<region.maxY {
                            let row = pixels.row(py)
                            let span = g.rowSpan(py)
                            // Pixels of `skip` are left alone: the row is one range, or the two beside it.
                            let split = py >= skipRect.y && py < skipRect.maxY
                            for part in 0..<(split ? 2 : 1) {
                                let lo = !split || part == 0 ? region.x : Swift.min(region.maxX, Swift.max(skipRect.maxX, region.x))
                                let hi = split && part == 0 ? Swift.max(region.x, Swift.min(skipRect.x, region.maxX)) : region.maxX
                                if lo >= hi { continue }
                                let a = Swift.min(Swift.max(span.start, lo), hi)
                                let b = Swift.min(Swift.max(span.end, a), hi)
                                let inner = quantize(span.cy * op)

                                let rowColor = painter.constant ?? (painter.verticalOnly ? painter.word(region.x, py) : nil)
                                if let c = rowColor, clip == nil {
                                    // Hot path: one colour, edge pixels individually, the run in between at once.
                                    let sc = spread(c)
                                    for px in lo..<a {
                                        blendPixel(row, at: px, sc, weight: quantize(g.coverage(px, py) * op))
                                    }
                                    blendRun(row, a..<b, word: c, weight: inner)
                                    for px in b..<hi {
                                        blendPixel(row, at: px, sc, weight: quantize(g.coverage(px, py) * op))
                                    }
                                    continue
                                }

                                // General path: per-pixel weights (clip) and/or per-pixel paint (gradient).
                                for px in lo..<a { w[px] = quantize(g.coverage(px, py) * op) }
                                if b > a { w.update(a..<b, repeating: inner) }
                                for px in b..<hi { w[px] = quantize(g.coverage(px, py) * op) }
                                if let clipValues { multiplyWeights(w, by: clipValues.row(py), lo..<hi) }
                                if let c = rowColor {
                                    blendRuns(row, weights: w.readOnly, lo..<hi, word: c)
                                    continue
                                }
                                if clip == nil && inner == 255 && painter.isOpaque && b > a {
                                    // An opaque gradient at full weight: the interior run is written straight
                                    // into the row (what blending would give), the edge pixels are blended.
                                    if painter.horizontalOnly {
                                        if !paintsRowValid {
                                            painter.writeRow(py, from: region.x, to: region.maxX, into: p)
                                            paintsRowValid = true
                                        }
                                        row.update(a..<b, from: p)
                                    } else {
                                        painter.writeRow(py, from: lo, to: a, into: p)
                                        painter.writeRow(py, from: b, to: hi, into: p)
                                        painter.writeRow(py, from: a, to: b, into: row)
                                    }
                                    for px in lo..<a where w[px] != 0 { blendPixel(row, at: px, spread(p[px]), weight: w[px]) }
                                    for px in b..<hi where w[px] != 0 { blendPixel(row, at: px, spread(p[px]), weight: w[px]) }
                                    continue
                                }
                                if painter.constant == nil {
                                    if painter.verticalOnly {
                                        p.update(region.x..<region.maxX, repeating: painter.word(region.x, py))
                                    } else if !(painter.horizontalOnly && paintsRowValid) {
                                        painter.writeRow(py, from: region.x, to: region.maxX, into: p)
                                        paintsRowValid = painter.horizontalOnly
                                    }
                                }
                                blendPaintRow(row, paint: p.readOnly, weights: w.readOnly, lo..<hi, opaque: painter.isOpaque)
                            }
                        }
                    }
                }
            }
        }
    }
}

// MARK: - Blending primitives

/// Source-over of paint × weight onto pixel x of `row` (`sp` is the spread paint word).
@inline(__always)
func blendPixel(_ row: MutableRow<UInt32>, at x: Int, _ sp: UInt64, weight: UInt8) {
    if weight == 0 { return }
    let s = weight == 255 ? sp : mulLanes(sp, UInt64(weight))
    let sa = s >> 48
    if sa == 255 { row[x] = pack(s); return }
    if s == 0 { return }
    row[x] = over(s, inverseAlpha: 255 &- sa, row[x])
}

/// Source-over of per-pixel paints × per-pixel weights (both indexed like the row) over the pixels `xs`.
/// Runs of weight 0 are skipped and, for an opaque paint, runs of weight 255 are copied (what blending
/// gives there): the same bytes as `blendPixel` pixel by pixel.
@inline(__always)
func blendPaintRow(_ row: MutableRow<UInt32>, paint p: Row<UInt32>, weights w: Row<UInt8>, _ xs: Range<Int>, opaque: Bool) {
    let n = xs.upperBound
    var i = xs.lowerBound
    while i < n {
        let wt = w[i]
        if wt == 0 {
            i = runEnd(w, from: i + 1, to: n, value: 0)
        } else if wt == 255 && opaque {
            let j = runEnd(w, from: i + 1, to: n, value: 255)
            row.update(i..<j, from: p)
            i = j
        } else {
            blendPixel(row, at: i, spread(p[i]), weight: wt)
            i += 1
        }
    }
}

/// Source-over of one paint with per-pixel weights (indexed like the row) over the pixels `xs`: the same
/// bytes as `blendPixel` pixel by pixel. Eight weights at a time: all 0 are skipped, all 255 under an
/// opaque paint are the paint; otherwise four pixels at once through `blendFour`, whose one formula is
/// `blendPixel`'s for every weight (its shortcuts for 0, 255 and an opaque result are what the formula
/// gives there).
@inline(__always)
func blendRuns(_ row: MutableRow<UInt32>, weights w: Row<UInt8>, _ xs: Range<Int>, word: UInt32) {
    let end = xs.upperBound
    var c = xs.lowerBound
    let opaque = word >> 24 == 255
    // The paint's bytes 0 and 2 (the "rb" lanes) and 1 and 3 (the "ag" lanes), as blendRun lays them out.
    let srb = SIMD8<UInt16>(repeating: UInt16(word & 0xFF)) &* SIMD8<UInt16>(1, 0, 1, 0, 1, 0, 1, 0)
        &+ SIMD8<UInt16>(repeating: UInt16((word >> 16) & 0xFF)) &* SIMD8<UInt16>(0, 1, 0, 1, 0, 1, 0, 1)
    let sag = SIMD8<UInt16>(repeating: UInt16((word >> 8) & 0xFF)) &* SIMD8<UInt16>(1, 0, 1, 0, 1, 0, 1, 0)
        &+ SIMD8<UInt16>(repeating: UInt16(word >> 24)) &* SIMD8<UInt16>(0, 1, 0, 1, 0, 1, 0, 1)
    let sa = SIMD8<UInt16>(repeating: UInt16(word >> 24))
    while c + 8 <= end {
        let eight = w.load(UInt64.self, at: c)
        if eight == 0 { c += 8; continue }
        if eight == ~0 && opaque { row.update(c..<(c + 8), repeating: word); c += 8; continue }
        blendFour(row, at: c, weights: UInt32(truncatingIfNeeded: eight), srb: srb, sag: sag, sa: sa)
        blendFour(row, at: c + 4, weights: UInt32(truncatingIfNeeded: eight >> 32), srb: srb, sag: sag, sa: sa)
        c += 8
    }
    if c < end {
        let sp = spread(word)
        for k in c..<end { blendPixel(row, at: k, sp, weight: w[k]) }
    }
}

/// Four pixels from `i` on: paint × weight (byte j of `weights` is pixel i + j's) over each, with
/// `blendPixel`'s arithmetic lane for lane — mulLanes' rounding for the weight and the inverse alpha,
/// `over`'s saturation at 255 — in 16-bit lanes laid out as in `blendRun`.
@inline(__always)
func blendFour(_ row: MutableRow<UInt32>, at i: Int, weights: UInt32, srb: SIMD8<UInt16>, sag: SIMD8<UInt16>, sa: SIMD8<UInt16>) {
    let w0 = UInt16(weights & 0xFF), w1 = UInt16((weights >> 8) & 0xFF)
    let w2 = UInt16((weights >> 16) & 0xFF), w3 = UInt16(weights >> 24)
    let k = SIMD8<UInt16>(w0, w0, w1, w1, w2, w2, w3, w3)
    let low = SIMD8<UInt16>(repeating: 0xFF), half = SIMD8<UInt16>(repeating: 0x80)
    var s1 = srb &* k &+ half
    s1 = (s1 &+ (s1 &>> 8)) &>> 8
    var s2 = sag &* k &+ half
    s2 = (s2 &+ (s2 &>> 8)) &>> 8
    // Each pixel's source alpha (the odd "ag" lanes of s2) in both of its lanes: the same product again.
    var alpha = sa &* k &+ half
    alpha = (alpha &+ (alpha &>> 8)) &>> 8
    let ia = low &- alpha
    let x = row.load(SIMD8<UInt16>.self, at: i)
    var rb = (x & low) &* ia &+ half
    rb = ((rb &+ (rb &>> 8)) &>> 8) &+ s1
    var ag = (x &>> 8) &* ia &+ half
    ag = ((ag &+ (ag &>> 8)) &>> 8) &+ s2
    rb = rb.replacing(with: low, where: rb .> low)
    ag = ag.replacing(with: low, where: ag .> low)
    row.store(rb | (ag &<< 8), at: i)
}

/// Source-over of the same paint × weight onto the pixels `xs` of `row`.
@inline(__always)
func blendRun(_ row: MutableRow<UInt32>, _ xs: Range<Int>, word: UInt32, weight: UInt8) {
    blendRun(row, xs, word: word, weight: weight, from: row.readOnly, copying: false)
}

/// `source`'s pixels `xs` copied into `row` with the same paint × weight composited over them: the bytes
/// of a copy followed by `blendRun`, in one pass (`copying` false: `source` is `row` itself).
@inline(__always)
func blendRun(_ row: MutableRow<UInt32>, _ xs: Range<Int>, word: UInt32, weight: UInt8, from source: Row<UInt32>, copying: Bool) {
    if xs.isEmpty { return }
    let s = weight == 0 ? 0 : weight == 255 ? spread(word) : mulLanes(spread(word), UInt64(weight))
    let sa = s >> 48
    if sa == 255 { row.update(xs, repeating: pack(s)); return }
    if s == 0 {
        if copying { row.update(xs, from: source) }
        return
    }
    let ia = 255 &- sa
    // Two pixels per 64-bit word: red/blue and green/alpha bytes in 16-bit lanes. No lane can exceed
    // 255: the paint is validly premultiplied (Sc ≤ Sa), so Sc + Dc·(255 − Sa)/255 ≤ Sa + 255 − Sa.
    let s32 = pack(s)
    let srb = UInt64(s32 & 0x00FF_00FF) &* 0x1_0000_0001
    let sag = UInt64((s32 >> 8) & 0x00FF_00FF) &* 0x1_0000_0001
    let end = xs.upperBound
    var i = xs.lowerBound
    // Four pixels per 128-bit vector, the same lane arithmetic: the 16 bytes read as eight 16-bit lanes
    // hold r|g<<8 and b|a<<8, so masking and shifting give the red/blue and green/alpha lanes directly
    // (no widening conversions, which the compiler does not vectorise).
    let low = SIMD8<UInt16>(repeating: 0xFF), half = SIMD8<UInt16>(repeating: 0x80), ia8 = SIMD8<UInt16>(repeating: UInt16(ia))
    let srb8 = SIMD8<UInt16>(repeating: UInt16(s32 & 0xFF)) &* SIMD8<UInt16>(1, 0, 1, 0, 1, 0, 1, 0)
        &+ SIMD8<UInt16>(repeating: UInt16((s32 >> 16) & 0xFF)) &* SIMD8<UInt16>(0, 1, 0, 1, 0, 1, 0, 1)
    let sag8 = SIMD8<UInt16>(repeating: UInt16((s32 >> 8) & 0xFF)) &* SIMD8<UInt16>(1, 0, 1, 0, 1, 0, 1, 0)
        &+ SIMD8<UInt16>(repeating: UInt16(s32 >> 24)) &* SIMD8<UInt16>(0, 1, 0, 1, 0, 1, 0, 1)
    while i + 4 <= end {
        let x = source.load(SIMD8<UInt16>.self, at: i)
        var rb = (x & low) &* ia8 &+ half
        rb = ((rb &+ (rb &>> 8)) &>> 8) &+ srb8
        var ag = (x &>> 8) &* ia8 &+ half
        ag = ((ag &+ (ag &>> 8)) &>> 8) &+ sag8
        row.store(rb | (ag &<< 8), at: i)
        i += 4
    }
    while i + 1 < end {
        let x = source.load(UInt64.self, at: i)
        let rb = mulLanes(x & laneMask, ia) &+ srb
        let ag = mulLanes((x >> 8) & laneMask, ia) &+ sag
        row.store(rb | ag << 8, at: i)
        i += 2
    }
    if i < end { row[i] = over(s, inverseAlpha: ia, source[i]) }
}
