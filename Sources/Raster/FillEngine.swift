// Row-wise fills of general shapes: a coverage source (polygon, rounded rect, ring) gives each row's
// weights as constant runs and per-pixel stretches; a paint (solid, gradient through a paint transform,
// image) gives each row's colours; the two meet in the usual source-over (see Raster.swift).
//
// Images are sampled bilinearly: the image pixel (i, j) holds its premultiplied value at its centre
// (i + ½, j + ½); a buffer pixel's centre is mapped by `deviceToImage`, the four image pixels around
// the mapped point are weighted by the bilinear fractions, each rounded to a multiple of 1/4096, and each
// channel's weighted sum is rounded to nearest once (exact integer arithmetic). Positions outside the
// texel centres clamp to the edge texels, as Core Animation samples a layer's contents: a magnified image
// keeps its edge colour right up to the rectangle it fills, whose own edge is anti-aliased by the shape's
// coverage (not by fading to transparent over the last half texel). A 1:1 placement at an integer offset
// therefore reproduces the image exactly.
import CoreGraphics

/// What a general fill paints with.
enum FillPaint {
    case gradient(Paint, Transform2D)
    case image(ImagePaint)
}

/// A paint ready to produce rows of premultiplied words.
private enum RowPaint {
    case constant(UInt32)
    case evaluator(PaintEvaluator)
    case sampler(ImageSampler)

    var isOpaque: Bool {
        switch self {
        case .constant(let c): return c >> 24 == 255
        case .evaluator(let e): return e.isOpaque
        case .sampler: return false
        }
    }

    func writeRow(_ py: Int, from x0: Int, to x1: Int, into out: MutableRow<UInt32>) {
        switch self {
        case .constant(let c): out.update(x0..<x1, repeating: c)
        case .evaluator(let e): e.writeRow(py, from: x0, to: x1, into: out)
        case .sampler(let s): s.writeRow(py, from: x0, to: x1, into: out)
        }
    }
}

extension PixelBuffer {
    mutating func fillPath(_ path: Path, rule: FillRule, paint: FillPaint, opacity: Double, clip: CoverageMask?) {
        if let shape = path.analytic {
            let g = RoundedRectGeometry(shape)
            fillRows(bounds: g.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : g.pixelBounds,
                     paint: paint, opacity: opacity, clip: clip) { RoundedRectCoverage(shape, region: $0) }
            return
        }
        guard !path.isEmpty else { return }
        let polygon = path.flattened()
        fillRows(bounds: polygon.pixelBounds, paint: paint, opacity: opacity, clip: clip) {
            PolygonCoverage(polygon, rule: rule, region: $0)
        }
    }

    mutating func fillRingRows(outer: RoundedRect, inner: RoundedRect, paint: Paint, opacity: Double, clip: CoverageMask?) {
        let g = RoundedRectGeometry(outer)
        fillRows(bounds: g.isEmpty ? PixelRect(x: 0, y: 0, width: 0, height: 0) : g.pixelBounds,
                 paint: .gradient(paint, .identity), opacity: opacity, clip: clip) {
            RingCoverage(outer: outer, inner: inner, region: $0)
        }
    }

    /// The pixels a fill of `shapeBounds` through `clip` covers on the whole canvas (`canvasBounds`, or this
    /// buffer): what decides a gradient's lookup table, so a region redrawn apart decides as the full
    /// canvas does.
    func lookupDecisionPixels(_ shapeBounds: PixelRect, clip: CoverageMask?) -> Int {
        var region = shapeBounds.intersection(canvasBounds ?? bounds)
        if let clip { region = region.intersection(clip.bounds) }
        return region.isEmpty ? 0 : region.width * region.height
    }

    /// Source-over of paint × weight × clip over the rows of `makeSource(region)`, region = shapeBounds ∩
    /// this buffer ∩ the clip's bounds.
    mutating func fillRows<S: CoverageRowSource>(bounds shapeBounds: PixelRect, paint fillPaint: FillPaint, opacity: Double,
                                                 clip: CoverageMask?, _ makeSource: (PixelRect) -> S) {
        let op = unitClamp(opacity)
        guard op > 0 else { return }
        var region = shapeBounds.intersection(bounds)
        if let clip { clip.checkSize(); region = region.intersection(clip.bounds) }
        guard !region.isEmpty else { return }
        var source = makeSource(region)
        region = source.region
        guard !region.isEmpty else { return }

        let paint: RowPaint
        switch fillPaint {
        case .gradient(let p, let t):
            var e = PaintEvaluator(p, transform: t)
            if let c = e.constant {
                if c == 0 { return }   // transparent paint changes nothing
                paint = .constant(c)
            } else {
                e.prepareLookupTable(pixelCount: lookupDecisionPixels(shapeBounds, clip: clip))
                paint = .evaluator(e)
            }
        case .image(let ip):
            guard ip.image.width > 0, ip.image.height > 0 else { return }
            ip.image.checkSize()
            paint = .sampler(ImageSampler(ip))
        }
        let opaquePaint = paint.isOpaque

        let rw = region.width
        var weights = [UInt8](repeating: 0, count: rw)
        var paints = [UInt32](repeating: 0, count: rw)
        var segments: [RowSegment] = []
        segments.reserveCapacity(16)
        withMutablePixels { pixels in
            weights.withMutableRow(indexedFrom: region.x) { w in   // indexed by absolute x
                paints.withMutableRow(indexedFrom: region.x) { p in
                    CoverageMask.withValues(of: clip) { clipValues in
                        for py in region.y..<region.maxY {
                            segments.removeAll(keepingCapacity: true)
                            source.row(py, opacity: op, weights: w, segments: &segments)
                            if segments.isEmpty { continue }
                            if let clipValues {
                                // Every weight × the clip's value: all segments become per-pixel.
                                let crow = clipValues.row(py)
                                for k in segments.indices {
                                    let s = segments[k]
                                    if !s.perPixel && s.weight == 255 {
                                        w.update(s.start..<s.end, from: crow)   // mul255(255, c) = c
                                    } else {
                                        if !s.perPixel { w.update(s.start..<s.end, repeating: s.weight) }
                                        multiplyWeights(w, by: crow, s.start..<s.end)
                                    }
                                    segments[k].perPixel = true
                                }
                            }
                            let row = pixels.row(py)
                            for s in segments {
                                let n = s.end - s.start
                                if n <= 0 || (!s.perPixel && s.weight == 0) { continue }
                                if case .constant(let c) = paint {
                                    if s.perPixel {
                                        blendRuns(row, weights: w.readOnly, s.start..<s.end, word: c)
                                    } else {
                                        blendRun(row, s.start..<s.end, word: c, weight: s.weight)
                                    }
                                    continue
                                }
                                if !s.perPixel && s.weight == 255 && opaquePaint {
                                    paint.writeRow(py, from: s.start, to: s.end, into: row)
                                    continue
                                }
                                paint.writeRow(py, from: s.start, to: s.end, into: p)
                                if s.perPixel {
                                    blendPaintRow(row, paint: p.readOnly, weights: w.readOnly, s.start..<s.end, opaque: opaquePaint)
                                } else {
                                    let wt = s.weight
                                    for px in s.start..<s.end { blendPixel(row, at: px, spread(p[px]), weight: wt) }
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

// MARK: - Image sampling

struct ImageSampler {
    let image: PixelBuffer
    let t: Transform2D
    /// A translation by whole pixels: buffer pixel (x, y) reads image pixel (x + dx, y + dy).
    let integerShift: (dx: Int, dy: Int)?

    init(_ paint: ImagePaint) {
        image = paint.image
        t = paint.deviceToImage
        if t.isAxisAligned && t.a == 1 && t.e == 1 && t.c == t.c.rounded() && t.f == t.f.rounded()
            && abs(t.c) < 1e15 && abs(t.f) < 1e15 {
            integerShift = (Int(t.c), Int(t.f))
        } else {
            integerShift = nil
        }
    }

    func writeRow(_ py: Int, from x0: Int, to x1: Int, into out: MutableRow<UInt32>) {
        guard x1 > x0 else { return }
        let iw = image.width, ih = image.height
        image.withPixels { src in
            if let (sdx, sdy) = integerShift {
                let srow = src.row(Swift.min(Swift.max(py + sdy, 0), ih - 1))
                for px in x0..<x1 { out[px] = srow[Swift.min(Swift.max(px + sdx, 0), iw - 1)] }
                return
            }
            @inline(__always) func fetch(_ x: Int, _ y: Int) -> UInt32 {
                x >= 0 && y >= 0 && x < iw && y < ih ? src.row(y)[x] : 0
            }
            let cy = Double(py) + 0.5
            let m = t
            let wMax = Double(iw - 1), hMax = Double(ih - 1)
            let lo = x0, hi = x1
            // The bilinear sample with 12-bit fractions fx, fy (0 ≤ f < 4096) at image pixel (ix, iy).
            @inline(__always) func sample(_ ix: Int, _ iy: Int, _ fx: UInt64, _ fy: UInt64) -> UInt32 {
                let p00: UInt32, p10: UInt32, p01: UInt32, p11: UInt32
                if ix >= 0 && iy >= 0 && ix + 1 < iw && iy + 1 < ih {
                    let top = src.row(iy), bottom = src.row(iy + 1)
                    p00 = top[ix]; p10 = top[ix + 1]; p01 = bottom[ix]; p11 = bottom[ix + 1]
                } else {
                    p00 = fetch(ix, iy); p10 = fetch(ix + 1, iy); p01 = fetch(ix, iy + 1); p11 = fetch(ix + 1, iy + 1)
                }
                if fx == 0 && fy == 0 { return p00 }
                if p00 | p10 | p01 | p11 == 0 { return 0 }
                // Two channels per 64-bit word in 32-bit lanes: 255·4096·4096 + 2²³ < 2³².
                @inline(__always) func lanes(_ w: UInt32) -> (UInt64, UInt64) {
                    (UInt64(w & 0xFF) | UInt64(w & 0xFF_0000) << 16, UInt64((w >> 8) & 0xFF) | UInt64((w >> 8) & 0xFF_0000) << 16)
                }
                let gx = 4096 &- fx, gy = 4096 &- fy
                let (a00, b00) = lanes(p00), (a10, b10) = lanes(p10), (a01, b01) = lanes(p01), (a11, b11) = lanes(p11)
                let ta = a00 &* gx &+ a10 &* fx, tb = b00 &* gx &+ b10 &* fx
                let ba = a01 &* gx &+ a11 &* fx, bb = b01 &* gx &+ b11 &* fx
                let ra = ((ta &* gy &+ ba &* fy &+ 0x0080_0000_0080_0000) >> 24) & 0x0000_00FF_0000_00FF
                let rb = ((tb &* gy &+ bb &* fy &+ 0x0080_0000_0080_0000) >> 24) & 0x0000_00FF_0000_00FF
                return UInt32(truncatingIfNeeded: ra | ra >> 16) | UInt32(truncatingIfNeeded: rb | rb >> 16) << 8
            }
            if m.isAffine && abs(m.a) < 1e6 && abs(m.d) < 1e6 && iw < 1 << 28 && ih < 1 << 28 {
                // The image position steps linearly along the row: 32.32 fixed point (drift < 1e-9 px per
                // row), rounded to the 1/4096 grid with the carry into the integer part.
                let unit = 4_294_967_296.0
                let cx0 = Double(lo) + 0.5
                var accU = Int64(((m.a * cx0 + m.b * cy + m.c - 0.5) * unit).rounded())
                var accV = Int64(((m.d * cx0 + m.e * cy + m.f - 0.5) * unit).rounded())
                let stepU = Int64((m.a * unit).rounded()), stepV = Int64((m.d * unit).rounded())
                // Clamped to the edge texels' centres: 0 … (w − 1) in 32.32.
                let maxU = Int64(iw - 1) << 32, maxV = Int64(ih - 1) << 32
                for px in lo..<hi {
                    let ru = Swift.min(Swift.max(accU &+ (1 << 19), 0), maxU), rv = Swift.min(Swift.max(accV &+ (1 << 19), 0), maxV)
                    accU &+= stepU; accV &+= stepV
                    let ix = Int(truncatingIfNeeded: ru >> 32), iy = Int(truncatingIfNeeded: rv >> 32)
                    out[px] = sample(ix, iy, UInt64(truncatingIfNeeded: (ru >> 20) & 0xFFF), UInt64(truncatingIfNeeded: (rv >> 20) & 0xFFF))
                }
                return
            }
            for px in lo..<hi {
                let cx = Double(px) + 0.5
                var X = m.a * cx + m.b * cy + m.c, Y = m.d * cx + m.e * cy + m.f
                if !m.isAffine { let w = m.g * cx + m.h * cy + m.i; X /= w; Y /= w }
                guard !X.isNaN, !Y.isNaN else { out[px] = 0; continue }
                let u = Swift.min(Swift.max(X - 0.5, 0), wMax), v = Swift.min(Swift.max(Y - 0.5, 0), hMax)
                // u, v > −1: truncating u + 1 is ⌊u⌋ + 1 (no libm calls in this loop).
                var ix = Int(u + 1) - 1, iy = Int(v + 1) - 1
                var fx = UInt64((u - Double(ix)) * 4096 + 0.5), fy = UInt64((v - Double(iy)) * 4096 + 0.5)
                if fx == 4096 { fx = 0; ix += 1 }
                if fy == 4096 { fy = 0; iy += 1 }
                out[px] = sample(ix, iy, fx, fy)
            }
        }
    }
}
