// Paints: a solid colour or an axial gradient, evaluated at pixel centres as premultiplied RGBA8 words.
import CoreGraphics

/// A paint prepared for evaluation.
struct PaintEvaluator {
    /// The constant word, when the paint does not vary over the target.
    let constant: UInt32?
    /// The gradient varies along x only (the same row everywhere).
    let horizontalOnly: Bool
    /// The gradient varies along y only (constant along each row).
    let verticalOnly: Bool
    /// Stops sorted by location, five numbers each: location, red, green, blue, alpha (straight).
    private let stops: [Double]
    private let stopCount: Int
    private let sx: Double, sy: Double, dx: Double, dy: Double, invLength2: Double

    init(_ paint: Paint) {
        switch paint {
        case .solid(let c):
            constant = RGBA8(c).word
            horizontalOnly = false; verticalOnly = false
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
            horizontalOnly = constant == nil && dy == 0
            verticalOnly = constant == nil && dx == 0
        }
    }

    /// The premultiplied colour at the centre of pixel (px, py).
    func word(_ px: Int, _ py: Int) -> UInt32 {
        if let c = constant { return c }
        var out: UInt32 = 0
        withUnsafeMutablePointer(to: &out) { writeRow(py, from: px, to: px + 1, into: $0 - px) }
        return out
    }

    /// Writes the colours of pixels x0..<x1 of row py into out[x0..<x1].
    ///
    /// t is the projection of the pixel centre onto start→end, clamped to [0, 1]; the colour is linear
    /// between neighbouring stops in straight alpha, then premultiplied (each product rounded once);
    /// before the first stop and after the last, the end colours.
    func writeRow(_ py: Int, from x0: Int, to x1: Int, into out: UnsafeMutablePointer<UInt32>) {
        if let c = constant { (out + x0).update(repeating: c, count: x1 - x0); return }
        let yTerm = (Double(py) + 0.5 - sy) * dy
        let n = stopCount
        stops.withUnsafeBufferPointer { st in
            let s = st.baseAddress!
            for px in x0..<x1 {
                let t = Swift.min(Swift.max(((Double(px) + 0.5 - sx) * dx + yTerm) * invLength2, 0), 1)
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
                // Components are within 0...1 up to rounding (CGColor clamps, f ∈ [0, 1]), where
                // truncating v·255 + 0.5 is exactly `quantize`.
                @inline(__always) func q(_ v: Double) -> UInt32 { UInt32(truncatingIfNeeded: Int32(v * 255 + 0.5)) }
                out[px] = q(r * a) | q(g * a) << 8 | q(b * a) << 16 | q(a) << 24
            }
        }
    }
}

extension PixelBuffer {
    /// `fill`: visits only pixelBounds ∩ buffer ∩ clip bounds; the run of interior pixels of each row is
    /// written at once (a plain store when the paint is opaque and the weight full).
    mutating func fillShape(_ shape: RoundedRect, paint: Paint, opacity: Double, clip: CoverageMask?) {
        let op = unitClamp(opacity)
        guard op > 0 else { return }
        let g = RoundedRectGeometry(shape)
        guard !g.isEmpty else { return }
        var region = g.pixelBounds.intersection(bounds)
        if let clip { clip.checkSize(); region = region.intersection(clip.bounds) }
        guard !region.isEmpty else { return }
        let painter = PaintEvaluator(paint)
        if painter.constant == 0 { return }   // transparent paint changes nothing
        let width = self.width
        let rw = region.width

        var weights = [UInt8](repeating: 0, count: rw)
        var paints = [UInt32](repeating: painter.constant ?? 0, count: rw)
        var paintsRowValid = painter.constant != nil   // horizontal gradients: one row serves all
        let clipValues = clip?.values ?? []

        withWords { pixels in
            weights.withUnsafeMutableBufferPointer { wbuf in
                paints.withUnsafeMutableBufferPointer { pbuf in
                    clipValues.withUnsafeBufferPointer { cbuf in
                        let w = wbuf.baseAddress! - region.x   // indexed by absolute x
                        let p = pbuf.baseAddress! - region.x
                        for py in region.y..<region.maxY {
                            let row = pixels + py * width
                            let span = g.rowSpan(py)
                            let a = Swift.min(Swift.max(span.start, region.x), region.maxX)
                            let b = Swift.min(Swift.max(span.end, a), region.maxX)
                            let inner = quantize(span.cy * op)

                            let rowColor = painter.constant ?? (painter.verticalOnly ? painter.word(region.x, py) : nil)
                            if let c = rowColor, clip == nil {
                                // Hot path: one colour, edge pixels individually, the run in between at once.
                                let sc = spread(c)
                                for px in region.x..<a {
                                    blendPixel(row + px, sc, weight: quantize(g.coverage(px, py) * op))
                                }
                                blendRun(row + a, count: b - a, word: c, weight: inner)
                                for px in b..<region.maxX {
                                    blendPixel(row + px, sc, weight: quantize(g.coverage(px, py) * op))
                                }
                                continue
                            }

                            // General path: per-pixel weights (clip) and/or per-pixel paint (gradient).
                            for px in region.x..<a { w[px] = quantize(g.coverage(px, py) * op) }
                            if b > a { (w + a).update(repeating: inner, count: b - a) }
                            for px in b..<region.maxX { w[px] = quantize(g.coverage(px, py) * op) }
                            if let clip {
                                let crow = cbuf.baseAddress! + (py - clip.bounds.y) * clip.bounds.width - clip.bounds.x
                                for px in region.x..<region.maxX where w[px] != 0 {
                                    w[px] = UInt8(truncatingIfNeeded: mul255(UInt32(w[px]), UInt32(crow[px])))
                                }
                            }
                            if let c = rowColor {
                                blendRuns(row + region.x, weights: w + region.x, count: rw, word: c)
                                continue
                            }
                            if painter.constant == nil {
                                if painter.verticalOnly {
                                    (p + region.x).update(repeating: painter.word(region.x, py), count: rw)
                                } else if !(painter.horizontalOnly && paintsRowValid) {
                                    painter.writeRow(py, from: region.x, to: region.maxX, into: p)
                                    paintsRowValid = painter.horizontalOnly
                                }
                            }
                            for px in region.x..<region.maxX {
                                let wt = w[px]
                                if wt != 0 { blendPixel(row + px, spread(p[px]), weight: wt) }
                            }
                        }
                    }
                }
            }
        }
    }
}

// MARK: - Blending primitives

/// Source-over of paint × weight onto one pixel (`sp` is the spread paint word).
@inline(__always)
func blendPixel(_ d: UnsafeMutablePointer<UInt32>, _ sp: UInt64, weight: UInt8) {
    if weight == 0 { return }
    let s = weight == 255 ? sp : mulLanes(sp, UInt64(weight))
    let sa = s >> 48
    if sa == 255 { d.pointee = pack(s); return }
    if s == 0 { return }
    d.pointee = over(s, inverseAlpha: 255 &- sa, d.pointee)
}

/// Source-over of one paint with per-pixel weights; runs of equal weight (a clip's or a shadow's inside,
/// the far outside) go through `blendRun`. The same bytes as `blendPixel` pixel by pixel.
@inline(__always)
func blendRuns(_ d: UnsafeMutablePointer<UInt32>, weights w: UnsafePointer<UInt8>, count: Int, word: UInt32) {
    let sp = spread(word)
    var c = 0
    while c < count {
        let wt = w[c]
        var e = c + 1
        while e < count && w[e] == wt { e += 1 }
        if wt != 0 {
            if e - c >= 4 {
                blendRun(d + c, count: e - c, word: word, weight: wt)
            } else {
                for k in c..<e { blendPixel(d + k, sp, weight: wt) }
            }
        }
        c = e
    }
}

/// Source-over of the same paint × weight onto `count` consecutive pixels.
@inline(__always)
func blendRun(_ d: UnsafeMutablePointer<UInt32>, count: Int, word: UInt32, weight: UInt8) {
    if count <= 0 || weight == 0 { return }
    let s = weight == 255 ? spread(word) : mulLanes(spread(word), UInt64(weight))
    let sa = s >> 48
    if sa == 255 { d.update(repeating: pack(s), count: count); return }
    if s == 0 { return }
    let ia = 255 &- sa
    // Two pixels per 64-bit word: red/blue and green/alpha bytes in 16-bit lanes. No lane can exceed
    // 255: the paint is validly premultiplied (Sc ≤ Sa), so Sc + Dc·(255 − Sa)/255 ≤ Sa + 255 − Sa.
    let s32 = pack(s)
    let srb = UInt64(s32 & 0x00FF_00FF) &* 0x1_0000_0001
    let sag = UInt64((s32 >> 8) & 0x00FF_00FF) &* 0x1_0000_0001
    let raw = UnsafeMutableRawPointer(d)
    var i = 0
    while i + 1 < count {
        let x = raw.loadUnaligned(fromByteOffset: i * 4, as: UInt64.self)
        let rb = mulLanes(x & laneMask, ia) &+ srb
        let ag = mulLanes((x >> 8) & laneMask, ia) &+ sag
        raw.storeBytes(of: rb | ag << 8, toByteOffset: i * 4, as: UInt64.self)
        i += 2
    }
    if i < count { d[i] = over(s, inverseAlpha: ia, d[i]) }
}
