// Raster — pixels for render-transition: exact-coverage rounded rectangles and paths, paints (solid,
// gradients, images), source-over compositing, Gaussian drop shadows and area-averaged resizing. It
// knows nothing of layers.
//
// # The rules (every function in this module follows them)
//
// Pixel model. Pixels are premultiplied RGBA8 whose values are sRGB-encoded; all blending happens on
// the encoded values, as Core Animation does (no linearisation). Pixel (x, y) covers the square
// [x, x+1] × [y, y+1]; its centre is (x + 0.5, y + 0.5); x grows to the right and y downward. A pixel's
// coverage by a shape is the exact area of that square inside the shape (never a few samples).
//
// Rounding. A real value v in 0...1 becomes an 8-bit value by rounding to nearest, half up:
// ⌊v·255 + 0.5⌋, clamped to 0...255 (NaN → 0). A product of two 8-bit values a·b/255 is the exactly
// rounded quotient, computed as (t + (t >> 8)) >> 8 with t = a·b + 128. A straight-alpha colour becomes a
// premultiplied pixel by rounding each product in real arithmetic (r·α, g·α, b·α, α) once.
//
// Source-over. C = Cs + Cd·(1 − αs) on premultiplied values, for the colour channels and for alpha:
// each channel is Cs + Cd·(255 − αs)/255 with the 8-bit product above (saturated at 255, which only
// matters for sources that break the premultiplied invariant).
//
// How sources are formed. Filling, compositing and shadows all reduce a pixel to "paint × weight":
//  • paint: the premultiplied RGBA8 colour (a solid colour, a gradient evaluated at the pixel centre,
//    a source pixel, or the shadow colour);
//  • weight: the real-valued factors that belong to the pixel — coverage × opacity for a fill, the blurred
//    alpha × opacity for a shadow, opacity for a composite — rounded once to 8 bits, then multiplied by
//    the clip mask's 8-bit value (an 8-bit product);
//  • the source is paint ⊗ weight (an 8-bit product per channel), and it is composited source-over.
// A weight of 255 leaves the paint unchanged, so an opaque pixel with full weight may simply be written —
// the fast path and the blend give the same bytes.
//
// Clip masks (CoverageMask) are in the target buffer's pixel space and are 0 outside their bounds.
//
// Determinism. Every function is a pure function of its inputs: no randomness, no threads, no
// dependence on timing; the same calls give the same bytes on every run.
//
// Shadows. The alpha channel of the source, read as piecewise constant over pixel squares, is blurred
// by a true Gaussian and sampled at target pixel centres. Small sigma (< 8 px): an exact separable
// convolution with the Gaussian integrated over each source pixel (fractional offsets folded into the
// kernel). Large sigma: box-downsample by s = ⌊sigma/4⌋, a sampled Gaussian whose width is compensated
// for the variance added by the downsample (s²/12) and the bilinear upsample (≈ s²/6), bilinear
// upsample. Error against the analytic blur ≤ 2/255 (tested from 0.5 to 60 px). See Shadow.swift.
//
// Resizing. Area-averaged (exact fractional footprints) when shrinking, bilinear when growing, per
// axis; premultiplied values are averaged directly. See Resize.swift.
//
// Paths (PathAPI.swift, Path.swift). Curves are flattened to polylines no farther than
// `Path.flatteningTolerance` = 0.002 px from the curve in the space being filled (so a pixel's coverage
// moves by at most ⅔ of that, 0.34/255); circular and elliptical arcs are flattened so that each arc's
// polygon has exactly the arc's area, which keeps the areas of circles and rounded rects exact. Under a
// projective map the path is flattened in its own space with the tolerance divided by a bound on the
// map's local scale, clipped to w > 0 and then mapped. Every contour is filled as if closed.
//
// Polygon coverage (PolygonCoverage.swift). A pixel's coverage is the exact area of its square inside
// the polygon (signed-area accumulation: exact trapezoid areas per cell, prefix sums along the row), for
// the nonzero rule min(1, |∫ winding|) and for even-odd the distance of |∫ winding| to the nearest even
// number. Both are exact wherever the winding number within a pixel takes two neighbouring values (one
// edge, or edges of one contour); pixels where edges of overlapping same-direction contours cross are
// approximated. An axis-aligned circular rounded rect (or circle) built by `Path(roundedRect:…)` or
// `Path(ellipseIn:)`, also after `applying` a uniform scale and translation, is filled with the analytic
// RoundedRect coverage instead — the same pixels as `fill(RoundedRect)`. Rings (`fillRing`) have
// coverage clamp(outer − inner, 0, 1), each exact.
//
// Gradients. A fill of at least 32768 pixels (whose gradient varies along both axes) reads the colour
// from a table of the exact colours at t = k/4096 (nearest k); cells where that could differ from the
// exact colour by an 8-bit step (steep stop intervals, hard edges) are evaluated exactly, so every pixel
// is within 1/255 of the exact evaluation (Paint.swift). Smaller fills are exact. A fill's paint
// transform maps buffer pixel centres to the gradient's space.
//
// Shadings (Shading.swift). Core Graphics' gradient drawing: the parameter t of each pixel centre (mapped
// into the shading's space) from the exact axial or two-circle radial geometry, the colour at t computed as
// the axial paint's exact colour (never through the table); pixels where no allowed t exists are untouched,
// so the extent's edge is decided at pixel centres. Weights are opacity × clip, as for fills.
//
// Images (ImagePaint). Bilinear sampling of the premultiplied image at the mapped pixel centre (image
// pixel centres at +0.5, fractions rounded to 1/4096, outside the image transparent), each channel
// rounded to nearest once; the sample is the paint, as for any fill (FillEngine.swift).
//
// Rounded-rect shadows (RoundedRectShadow.swift). `drawRoundedRectShadow` computes in closed form the
// same field as `drawShadow` of the filled shape (the blur of its pixel coverage): separable Φ sums for
// the rectangle, exact pixel sums (σ < 8) or a cached Gauss–Legendre quadrature (σ ≥ 8) for the
// corners; weights and compositing as for shadows above.
import CoreGraphics

#if _endian(big)
#error("Raster packs RGBA8 pixels into little-endian 32-bit words")
#endif

// MARK: - Rounding helpers

/// A value on the 0…255 scale as a byte: ⌊x + 0.5⌋ clamped to 0...255; NaN → 0. The one rounding rule
/// for 8-bit results (quantize, shadow weights, resampled and filtered channels); branch-free selects,
/// so loops over it can vectorise. `quantizeShadowRow` is its four-wide form (tested byte-exact).
@inline(__always)
func roundedByte(_ x: Double) -> UInt8 {
    let q = x + 0.5
    let c = q > 0 ? (q < 255 ? q : 255) : 0   // NaN fails both comparisons: 0
    return UInt8(truncatingIfNeeded: Int32(c))
}

/// The Float version of `roundedByte`, for the inner loops.
@inline(__always)
func roundedByte(_ x: Float) -> UInt8 {
    let q = x + 0.5
    let c = q > 0 ? (q < 255 ? q : 255) : 0
    return UInt8(truncatingIfNeeded: Int32(c))
}

/// ⌊v·255 + 0.5⌋ clamped to 0...255; NaN → 0.
@inline(__always)
func quantize(_ v: Double) -> UInt8 { roundedByte(v * 255) }

/// The Float version of `quantize`.
@inline(__always)
func quantize(_ v: Float) -> UInt8 { roundedByte(v * 255) }

/// Φ, the standard normal cumulative distribution: the one definition behind every Gaussian kernel
/// (drop shadows, backdrop blur, the rounded-rect shadow's tables).
@inline(__always)
func standardNormalCDF(_ z: Double) -> Double { 0.5 * erfc(-z / 2.0.squareRoot()) }

/// How far a Gaussian kernel of σ pixels reaches, in whole pixels: ⌈4σ + ½⌉ (beyond it the integrated
/// weights are below 1e-4 of the total, and they are renormalised).
@inline(__always)
func gaussianReach(sigma: Double) -> Int { Int((4 * sigma + 0.5).rounded(.up)) }

/// Clamps to 0...1; NaN → 0.
@inline(__always)
func unitClamp(_ v: Double) -> Double { v.isNaN ? 0 : Swift.min(Swift.max(v, 0), 1) }

/// Exactly rounded a·b/255 for a, b in 0...255.
@inline(__always)
func mul255(_ a: UInt32, _ b: UInt32) -> UInt32 {
    let t = a &* b &+ 128
    return (t &+ (t >> 8)) >> 8
}

/// A Double rounded toward zero to an Int, clamped to ±2⁴⁰ (so pixel arithmetic never overflows).
@inline(__always)
func clampedInt(_ v: Double) -> Int {
    if v.isNaN { return 0 }
    let limit = 1_099_511_627_776.0
    return Int(Swift.min(Swift.max(v, -limit), limit))
}

/// The premultiplied pixel word of a straight-alpha colour (each product rounded once).
func premultipliedWord(red: Double, green: Double, blue: Double, alpha: Double) -> UInt32 {
    let a = unitClamp(alpha)
    let r = UInt32(quantize(unitClamp(red) * a)), g = UInt32(quantize(unitClamp(green) * a))
    let b = UInt32(quantize(unitClamp(blue) * a)), aa = UInt32(quantize(a))
    return r | g << 8 | b << 16 | aa << 24
}

// MARK: - Pixel words
//
// A pixel is handled as one little-endian UInt32 (r in the low byte, a in the high byte). For blending it
// is spread into four 16-bit lanes of a UInt64, so that one 64-bit multiply does all four channels.

extension RGBA8 {
    @inline(__always)
    init(word w: UInt32) {
        self.init(r: UInt8(truncatingIfNeeded: w), g: UInt8(truncatingIfNeeded: w >> 8),
                  b: UInt8(truncatingIfNeeded: w >> 16), a: UInt8(truncatingIfNeeded: w >> 24))
    }
    @inline(__always)
    var word: UInt32 { UInt32(r) | UInt32(g) << 8 | UInt32(b) << 16 | UInt32(a) << 24 }
}

let laneMask: UInt64 = 0x00FF_00FF_00FF_00FF

/// r, g, b, a bytes → 16-bit lanes.
@inline(__always)
func spread(_ w: UInt32) -> UInt64 {
    let x = UInt64(w)
    return (x & 0xFF) | (x & 0xFF00) << 8 | (x & 0xFF_0000) << 16 | (x & 0xFF00_0000) << 24
}

/// 16-bit lanes (each ≤ 255) → pixel word.
@inline(__always)
func pack(_ x: UInt64) -> UInt32 {
    UInt32(truncatingIfNeeded: (x & 0xFF) | (x >> 8) & 0xFF00 | (x >> 16) & 0xFF_0000 | (x >> 24) & 0xFF00_0000)
}

/// Each lane (≤ 255) times k (≤ 255), divided by 255 with exact rounding.
@inline(__always)
func mulLanes(_ x: UInt64, _ k: UInt64) -> UInt64 {
    let t = x &* k &+ 0x0080_0080_0080_0080
    return ((t &+ ((t >> 8) & laneMask)) >> 8) & laneMask
}

/// Source-over of a spread source `s` (alpha lane `sa`) onto the pixel word `d`.
@inline(__always)
func over(_ s: UInt64, inverseAlpha ia: UInt64, _ d: UInt32) -> UInt32 {
    var sum = s &+ mulLanes(spread(d), ia)
    // Saturate lanes above 255 (only possible for sources that are not validly premultiplied).
    sum |= ((sum >> 8) & 0x0001_0001_0001_0001) &* 0xFF
    return pack(sum)
}

/// The end of the run of bytes equal to `value` that starts at i (i < n): the first j in i...n with
/// `bytes[j] != value`, or n. Eight bytes per step while they all match (a clip's or a weight row's long
/// inside and outside runs).
@inline(__always)
func runEnd(_ bytes: Row<UInt8>, from i: Int, to n: Int, value: UInt8) -> Int {
    let pattern = UInt64(value) &* 0x0101_0101_0101_0101
    var j = i
    while j + 8 <= n {
        let x = bytes.load(UInt64.self, at: j) ^ pattern
        if x != 0 { return j + (x.trailingZeroBitCount >> 3) }   // little-endian: the lowest differing byte
        j += 8
    }
    while j < n && bytes[j] == value { j += 1 }
    return j
}

/// One row of `CoverageMask.intersected`: out[x] = mul255(a[x], b[x]) for x in `xs` (the three rows indexed
/// alike). Runs where one side is 0 or 255 are written as zeros or copied from the other side
/// (mul255(0, v) = 0 and mul255(255, v) = v for every byte v), so the bytes are those of the product
/// everywhere.
@inline(__always)
func intersectRow(_ a: Row<UInt8>, _ b: Row<UInt8>, into out: MutableRow<UInt8>, _ xs: Range<Int>) {
    let n = xs.upperBound
    var i = xs.lowerBound
    while i < n {
        let x = a[i], y = b[i]
        if x == 255 || y == 255 || x == 0 || y == 0 {
            // Extend the run on which `a` (or `b`) stays at this value.
            let j: Int
            if x == 255 {
                j = runEnd(a, from: i + 1, to: n, value: 255)
                out.update(i..<j, from: b)
            } else if x == 0 {
                j = runEnd(a, from: i + 1, to: n, value: 0)
                out.update(i..<j, repeating: 0)
            } else if y == 255 {
                j = runEnd(b, from: i + 1, to: n, value: 255)
                out.update(i..<j, from: a)
            } else {
                j = runEnd(b, from: i + 1, to: n, value: 0)
                out.update(i..<j, repeating: 0)
            }
            i = j
        } else {
            out[i] = UInt8(truncatingIfNeeded: mul255(UInt32(x), UInt32(y)))
            i += 1
        }
    }
}

/// weights[x] = mul255(weights[x], clip[x]) for x in `xs`, by runs: where the clip is 255 the weight stays,
/// where it is 0 the weight becomes 0 (the bytes of the product everywhere).
@inline(__always)
func multiplyWeights(_ w: MutableRow<UInt8>, by clip: Row<UInt8>, _ xs: Range<Int>) {
    let n = xs.upperBound
    var i = xs.lowerBound
    while i < n {
        let c = clip[i]
        if c == 255 {
            i = runEnd(clip, from: i + 1, to: n, value: 255)
        } else if c == 0 {
            let j = runEnd(clip, from: i + 1, to: n, value: 0)
            w.update(i..<j, repeating: 0)
            i = j
        } else {
            w[i] = UInt8(truncatingIfNeeded: mul255(UInt32(w[i]), UInt32(c)))
            i += 1
        }
    }
}

extension CoverageMask {
    /// A mask over `bounds` (negative sizes → 0) whose values the caller overwrites entirely: in `storage`'s
    /// memory when it is not shared and large enough (leaving `storage` empty), else in new memory.
    init(uninitializedBounds bounds: PixelRect, reusing storage: inout [UInt8]) {
        let b = PixelRect(x: bounds.x, y: bounds.y, width: Swift.max(0, bounds.width), height: Swift.max(0, bounds.height))
        let n = b.width * b.height
        var reused: [UInt8] = []
        swap(&reused, &storage)
        if n > 0, reused.capacity >= n {
            // A mutable lend of the values copies them first if anyone else still holds the array.
            if reused.count > n { reused.removeLast(reused.count - n) }
            else if reused.count < n { reused.append(contentsOf: repeatElement(0, count: n - reused.count)) }
            self.init(bounds: b, values: reused)
        } else {
            self.init(bounds: b, values: [UInt8](uninitializedCount: n))
        }
    }
    init(bounds: PixelRect, values: [UInt8]) {
        self.bounds = bounds
        self.values = values
    }
}
