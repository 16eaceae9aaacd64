// Glyphs at the cost of a fill: each glyph's coverage is made once per outline, size and subpixel phase
// and kept in a `GlyphCache`; a frame only adds the cached coverages of a run's glyphs into a row and
// composites that row with the run's colour through `fillRows` (clips and opacity as for any fill).
//
// Placement. A glyph's device origin (x, y) is snapped to the nearest 1/4 px (`GlyphCache.subpixelSteps`)
// in x and y; the mask is the exact area coverage of the outline drawn at the origin's phase (its
// fractional quarter), so a mask drawn at (⌊4x + ½⌋/4, ⌊4y + ½⌋/4) is the exact coverage of the glyph
// moved by at most 1/8 px along each axis. The tested bound against the exact fill of the unsnapped
// outlines is stated in docs/PERFORMANCE.md ("Text") and held by GlyphCoverageTests.
//
// Union. Each mask holds min(1, |∫ winding|) per pixel; a run's pixel gets min(1, Σ masks). For glyphs
// that do not overlap this is the coverage of their union, as the signed-area scan converter would give
// it for the whole run (areas of disjoint shapes add); overlapping glyphs saturate at 1.
//
// Only maps the masks can be reused under take this road (`GlyphCache.accepts`): a translation and a
// uniform scale that is a multiple of 1/64 (the canvas's 1×, 2×, 3×, …). Text under a rotation, a 3-D
// flip or an animating scale is filled exactly, as any path, and does not fill the cache with sizes seen
// once. The masks are a pure function of their key, so what a frame draws never depends on what was
// drawn before: a hit and a miss give the same bytes.
import CoreGraphics

/// A glyph outline's identity: its face (an object the caller keeps alive while the cache lives), glyph
/// id and size (layer points per font unit).
public struct GlyphKey: Hashable, Sendable {
    public var face: ObjectIdentifier
    public var glyph: UInt32
    public var scale: Double
    public init(face: ObjectIdentifier, glyph: UInt32, scale: Double) {
        self.face = face; self.glyph = glyph; self.scale = scale
    }
}

/// A glyph to draw: its outline and its origin (on the baseline) in the layer's space.
public struct PlacedGlyph: Hashable, Sendable {
    public var key: GlyphKey
    public var x: Double, y: Double
    /// A box around the outline (layer points, relative to the origin; y down), when the caller knows
    /// one: a glyph whose box lies outside what can be drawn (off the canvas, outside the clip) is not
    /// placed, so no mask is made for it. Null: always placed.
    public var inkBox: CGRect
    public init(key: GlyphKey, x: Double, y: Double, inkBox: CGRect = .null) {
        self.key = key; self.x = x; self.y = y; self.inkBox = inkBox
    }
}

/// Coverage masks of glyphs by outline, device scale and subpixel phase, bounded in bytes: when a new
/// mask would pass the budget the cache is emptied and refilled (what is drawn does not depend on it).
/// Not thread-safe: one per renderer.
public final class GlyphCache {
    /// Subpixel positions per pixel along x and along y.
    public static let subpixelSteps = 4
    /// The budget: mask values (5 bytes each: the Float and its byte) plus 64 bytes per entry.
    public let capacityBytes: Int
    /// How often the cache was emptied to stay within its budget (for tests and benchmarks).
    public private(set) var clears = 0
    /// Masks made (cache misses) since the cache was created.
    public private(set) var masksMade = 0
    public var count: Int { masks.count }
    public var bytesUsed: Int { used }

    struct MaskKey: Hashable {
        var glyph: GlyphKey
        var scale: Double
        var phaseX: Int8, phaseY: Int8

        /// Three words instead of six fields: every glyph of every frame looks its mask up. (Scales are
        /// positive and finite here — `accepts` — so equal values have equal bit patterns.)
        func hash(into hasher: inout Hasher) {
            hasher.combine(glyph.face)
            hasher.combine(UInt64(glyph.glyph) | UInt64(UInt8(bitPattern: phaseX)) << 32 | UInt64(UInt8(bitPattern: phaseY)) << 40)
            hasher.combine(glyph.scale.bitPattern &+ scale.bitPattern.multipliedReportingOverflow(by: 0x9E37_79B9_7F4A_7C15).partialValue)
        }
    }
    /// A mask's values in `storage`, row-major, and its box relative to the origin's snapped pixel.
    struct Mask {
        var offset: Int
        var left: Int32, top: Int32, width: Int32, height: Int32
    }
    /// A mask placed for one draw, in device pixels.
    struct Placed {
        var offset: Int
        var x: Int, y: Int, width: Int, height: Int
    }

    private var masks: [MaskKey: Mask] = [:]
    private(set) var storage: [Float] = []
    /// `quantize(min(v, 1))` of each value in `storage`, at the same offsets: a pixel that one glyph
    /// alone covers, drawn at full opacity, takes its weight from here without arithmetic.
    private(set) var bytes: [UInt8] = []
    private var used = 0
    // Scratch reused by every draw (no allocation per glyph or per frame once grown).
    var placed: [Placed] = []
    var active: [Int] = []
    var byX: [Int] = []
    var accumulator: [Float] = []

    public init(capacityBytes: Int = 16 << 20) {
        self.capacityBytes = capacityBytes
    }

    /// Whether glyphs under `placement` (layer space → device pixels) are drawn from masks: a translation
    /// and a uniform positive scale that is a multiple of 1/64, up to 64.
    public static func accepts(_ placement: Transform2D) -> Bool {
        let t = placement
        guard t.isAffine, t.b == 0, t.d == 0, t.a == t.e, t.a > 0, t.a <= 64 else { return false }
        guard t.c.isFinite, t.f.isFinite, abs(t.c) < 1e9, abs(t.f) < 1e9 else { return false }
        return (t.a * 64).rounded() == t.a * 64
    }

    /// Places the mask (made on a miss) of every glyph that may touch `visible` into `placed`, sorted by
    /// top row. False when the run's masks do not fit the budget together, or an origin is too far out:
    /// the caller fills exactly. A glyph whose ink box (grown by 2 px: a mask is its outline's pixel
    /// bounds at a phase within 1/8 px) misses `visible` would add nothing there, so skipping it changes
    /// no pixel of `visible`.
    func place(_ glyphs: [PlacedGlyph], scale a: Double, tx: Double, ty: Double, visible: PixelRect,
               outline: (GlyphKey) -> Path) -> Bool {
        let q = Double(Self.subpixelSteps)
        let vx0 = Double(visible.x) - 2, vx1 = Double(visible.maxX) + 2
        let vy0 = Double(visible.y) - 2, vy1 = Double(visible.maxY) + 2
        for _ in 0..<2 {
            let clearsBefore = clears
            placed.removeAll(keepingCapacity: true)
            for g in glyphs {
                let x = a * g.x + tx, y = a * g.y + ty
                guard abs(x) < 1e9, abs(y) < 1e9 else { return false }
                let ink = g.inkBox
                if !ink.isNull && (visible.isEmpty
                    || x + a * Double(ink.maxX) < vx0 || x + a * Double(ink.minX) > vx1
                    || y + a * Double(ink.maxY) < vy0 || y + a * Double(ink.minY) > vy1) {
                    continue
                }
                let nx = Int((x * q + 0.5).rounded(.down)), ny = Int((y * q + 0.5).rounded(.down))
                let steps = Self.subpixelSteps
                // Floor division and remainder (steps is a power of two).
                let px = nx & (steps - 1), py = ny & (steps - 1)
                let ix = (nx - px) / steps, iy = (ny - py) / steps
                let key = MaskKey(glyph: g.key, scale: a, phaseX: Int8(px), phaseY: Int8(py))
                guard let m = mask(key, outline) else { return false }
                if m.width > 0 && m.height > 0 {
                    placed.append(Placed(offset: m.offset, x: ix + Int(m.left), y: iy + Int(m.top),
                                         width: Int(m.width), height: Int(m.height)))
                }
            }
            if clears == clearsBefore {
                // By top row, ties in glyph order: the rows then add masks in a fixed order.
                if !placed.isEmpty {
                    for i in 1..<placed.count {
                        let p = placed[i]
                        var j = i
                        while j > 0 && placed[j - 1].y > p.y { placed[j] = placed[j - 1]; j -= 1 }
                        placed[j] = p
                    }
                }
                return true
            }
        }
        // Emptied twice: this run alone needs more than the budget.
        return false
    }

    /// The mask of `key`, made on a miss; nil when it alone exceeds the budget.
    private func mask(_ key: MaskKey, _ outline: (GlyphKey) -> Path) -> Mask? {
        if let m = masks[key] { return m }
        let q = Double(Self.subpixelSteps)
        let map = Transform2D(a: key.scale, b: 0, c: Double(key.phaseX) / q, d: 0, e: key.scale, f: Double(key.phaseY) / q)
        let polygon = outline(key.glyph).applying(map).flattened()
        let box = polygon.pixelBounds
        let area = box.isEmpty ? 0 : box.width * box.height
        let cost = area * 5 + 64
        if cost > capacityBytes { return nil }
        if used + cost > capacityBytes {
            masks.removeAll(keepingCapacity: true)
            storage.removeAll(keepingCapacity: true)
            bytes.removeAll(keepingCapacity: true)
            used = 0
            clears += 1
        }
        masksMade += 1
        var m = Mask(offset: storage.count, left: 0, top: 0, width: 0, height: 0)
        if area > 0 {
            m = Mask(offset: storage.count, left: Int32(box.x), top: Int32(box.y), width: Int32(box.width), height: Int32(box.height))
            storage.append(contentsOf: repeatElement(0, count: area))
            var coverage = PolygonCoverage(polygon, rule: .nonZero, region: box)
            let w = box.width
            storage.withMutableRow { out in
                for row in 0..<box.height {
                    coverage.writeRow(box.y + row, into: out.advanced(by: m.offset + row * w))
                }
            }
            bytes.append(contentsOf: repeatElement(0, count: area))
            storage.withRow { values in
                bytes.withMutableRow { out in
                    for k in m.offset..<(m.offset + area) { out[k] = quantize(Swift.min(values[k], 1)) }
                }
            }
        }
        used += cost
        masks[key] = m
        return m
    }
}

/// The summed masks of a run's placed glyphs, row by row.
///
/// A pixel's weight is quantize(min(1, Σ masks) × opacity), the sum taken in `active` order (top row,
/// then glyph order) starting from 0, so it never depends on how the row is walked. The walk goes left to
/// right through the glyphs' boxes (`byX`): where one box alone covers a pixel the sum is that mask's
/// value (0 + v = v), and at full opacity its weight is the mask's precomputed byte; only where boxes
/// overlap are the covering masks added in `active` order. Each stretch of touching boxes becomes one
/// per-pixel segment, so the gaps between words are neither written nor blended (weight 0 there blends
/// to nothing).
struct GlyphRunCoverage: CoverageRowSource {
    let region: PixelRect
    let store: Row<Float>
    let bytes: Row<UInt8>
    let placed: Row<GlyphCache.Placed>
    let count: Int
    let accumulator: MutableRow<Float>   // indexed by absolute x
    let active: MutableRow<Int>          // the sum's order: top row, then glyph order
    let byX: MutableRow<Int>             // the same glyphs by left edge
    private var activeCount = 0
    private var next = 0
    private var firstEnd = Int.max   // the first row below an active mask: no glyph leaves before it

    init(region: PixelRect, store: Row<Float>, bytes: Row<UInt8>, placed: Row<GlyphCache.Placed>, count: Int,
         accumulator: MutableRow<Float>, active: MutableRow<Int>, byX: MutableRow<Int>) {
        self.region = region; self.store = store; self.bytes = bytes; self.placed = placed; self.count = count
        self.accumulator = accumulator; self.active = active; self.byX = byX
    }

    mutating func row(_ py: Int, opacity: Double, weights: MutableRow<UInt8>, segments: inout [RowSegment]) {
        while next < count && placed[next].y <= py {
            active[activeCount] = next
            let x = placed[next].x
            var j = activeCount
            while j > 0 && placed[byX[j - 1]].x > x { byX[j] = byX[j - 1]; j -= 1 }
            byX[j] = next
            firstEnd = Swift.min(firstEnd, placed[next].y + placed[next].height)
            activeCount += 1; next += 1
        }
        if py >= firstEnd {
            // Finished glyphs leave both lists, the rest keeping their order.
            var kept = 0
            firstEnd = Int.max
            for k in 0..<activeCount {
                let i = active[k]
                let end = placed[i].y + placed[i].height
                if end > py { active[kept] = i; kept += 1; firstEnd = Swift.min(firstEnd, end) }
            }
            var keptX = 0
            for k in 0..<activeCount {
                let i = byX[k]
                if placed[i].y + placed[i].height > py { byX[keptX] = i; keptX += 1 }
            }
            activeCount = kept
        }
        guard activeCount > 0 else { return }

        let op = Float(opacity)
        let unit = op == 1
        var segmentStart = 0
        var filled = Int.min   // the end of the stretch written so far
        for k in 0..<activeCount {
            let p = placed[byX[k]]
            let x0 = Swift.max(p.x, region.x), x1 = Swift.min(p.x + p.width, region.maxX)
            if x1 <= x0 { continue }
            if x0 > filled {
                if filled != Int.min { segments.append(RowSegment(start: segmentStart, end: filled, weight: 0, perPixel: true)) }
                segmentStart = x0
                filled = x0
            } else if x0 < filled {
                // Boxes overlap here: every covering mask, added in the sum's order.
                sum(x0..<Swift.min(x1, filled), py: py, opacity: op, weights: weights)
            }
            if x1 > filled {
                let base = p.offset + (py - p.y) * p.width - p.x
                if unit {
                    weights.update(filled..<x1, from: bytes.advanced(by: base))
                } else {
                    let src = store.advanced(by: base)
                    for x in filled..<x1 { weights[x] = quantize(Swift.min(src[x], 1) * op) }
                }
                filled = x1
            }
        }
        if filled != Int.min { segments.append(RowSegment(start: segmentStart, end: filled, weight: 0, perPixel: true)) }
    }

    /// The weights of `xs` from the sum of every active mask covering them, in `active` order.
    private func sum(_ xs: Range<Int>, py: Int, opacity op: Float, weights: MutableRow<UInt8>) {
        accumulator.update(xs, repeating: 0)
        for k in 0..<activeCount {
            let p = placed[active[k]]
            let x0 = Swift.max(p.x, region.x, xs.lowerBound), x1 = Swift.min(p.x + p.width, region.maxX, xs.upperBound)
            if x1 <= x0 { continue }
            let src = store.advanced(by: p.offset + (py - p.y) * p.width - p.x)
            for x in x0..<x1 { accumulator[x] += src[x] }
        }
        for x in xs { weights[x] = quantize(Swift.min(accumulator[x], 1) * op) }
    }
}

extension PixelBuffer {
    /// Source-over of a run of glyphs in one colour, their outlines (`outline(key)`: layer points, origin
    /// on the baseline, y down) placed by `placement` (layer space → this buffer's pixels), drawn from
    /// `cache`'s masks. Returns false, drawing nothing, when the placement is not one the cache serves
    /// (`GlyphCache.accepts`) or the run's masks exceed its budget: the caller then fills the outlines.
    public mutating func fillGlyphs(_ glyphs: [PlacedGlyph], placement: Transform2D, cache: GlyphCache,
                                    outline: (GlyphKey) -> Path, color: CGColor, opacity: Double = 1,
                                    clip: CoverageMask? = nil) -> Bool {
        guard GlyphCache.accepts(placement) else { return false }
        let visible = clip.map { bounds.intersection($0.bounds) } ?? bounds
        guard cache.place(glyphs, scale: placement.a, tx: placement.c, ty: placement.f, visible: visible,
                          outline: outline) else { return false }
        guard !cache.placed.isEmpty, color.alpha > 0 else { return true }
        var box = PixelRect(x: 0, y: 0, width: 0, height: 0)
        for p in cache.placed { box = box.union(PixelRect(x: p.x, y: p.y, width: p.width, height: p.height)) }
        let region = box.intersection(bounds)
        guard !region.isEmpty else { return true }
        if cache.accumulator.count < region.width { cache.accumulator = [Float](repeating: 0, count: region.width) }
        if cache.active.count < cache.placed.count {
            cache.active = [Int](repeating: 0, count: cache.placed.count)
            cache.byX = cache.active
        }
        var accumulator = cache.accumulator, active = cache.active, byX = cache.byX
        cache.accumulator = []; cache.active = []; cache.byX = []
        defer { cache.accumulator = accumulator; cache.active = active; cache.byX = byX }
        let placed = cache.placed, count = placed.count
        cache.storage.withRow { store in
            cache.bytes.withRow { bytes in
                placed.withRow { placedRow in
                    accumulator.withMutableRow(indexedFrom: region.x) { acc in
                        active.withMutableRow { act in
                            byX.withMutableRow { order in
                                fillRows(bounds: region, paint: .gradient(.solid(color), .identity), opacity: opacity, clip: clip) { r in
                                    GlyphRunCoverage(region: r, store: store, bytes: bytes, placed: placedRow, count: count,
                                                     accumulator: acc, active: act, byX: order)
                                }
                            }
                        }
                    }
                }
            }
        }
        return true
    }
}
