// Gaussian drop shadows.
//
// The shadow of a source buffer is its alpha channel A, read as a piecewise-constant function over
// pixel squares, convolved with a 2-D Gaussian of standard deviation σ, moved by the offset and sampled
// at target pixel centres. The working step is s = max(1, ⌊σ/4⌋), and there are two ways to compute it:
//
// • Direct (s = 1, i.e. σ < 8 px, and σ = 0): an exact separable convolution. Target pixel centre u
//   (in source coordinates) receives Σᵢ A[i]·∫ over pixel i of g(u − t) dt, so the 1-D kernel is the
//   Gaussian integrated over each source pixel, k[j] = Φ((j + ½ − f)/σ) − Φ((j − ½ − f)/σ), where f is
//   the fractional part of the offset — fractional offsets cost nothing and lose nothing. For a shape
//   whose edges lie on pixel boundaries this is the analytic answer up to the kernel's truncation at
//   4σ + ½ px (then normalised) and float rounding. σ = 0 uses the bilinear weights (1 − f, f): an
//   exact copy when f = 0. Runs of identical source rows (the inside of most shapes) share one
//   horizontal pass, and output rows whose whole kernel lies in such a run are copies.
//
// • Downsampled (s ≥ 2): the alpha is box-averaged over s × s blocks, which is the shape convolved
//   with a box of width s (variance s²/12) sampled at block centres; blurred on the small grid with a
//   sampled, normalised Gaussian of σ_grid = √(σ² − s²/4)/s cells, truncated at 4σ_grid; and read back
//   with bilinear interpolation at the target pixel centres, which on average adds the variance of a
//   tent of width s (s²/6). The three variances add up to σ². The read-back is exact at block centres
//   and blurs a little more between them; across an edge that error is at most (s²/12)·max|f''| =
//   (s²/12)·0.242/σ² ≈ 0.0013 (a third of an 8-bit step), since s ≤ σ/4. Grid cells are anchored to
//   the source and the grid is padded by the kernel radius, so nothing is cut off and every value is
//   independent of the target buffer's size and of the clip.
//
// Measured against the analytic answer (tests): max error 0.33–0.92/255 across an edge for σ from 0.5
// to 60 px, ≤ 1.1/255 over a whole blurred 40 × 30 rectangle, of which 0.5/255 is the final rounding.
//
// Only the target region that can receive shadow (the source grown by 4σ + 3s + 2 px, moved by the
// offset, ∩ this buffer ∩ the clip's bounds) is visited, and only the source pixels that can reach it are
// read. Each target pixel's weight is round(blurred alpha × opacity) (8 bits) × clip; the source is the
// premultiplied shadow colour ⊗ weight, composited source-over (see Raster.swift).
import CoreGraphics

extension PixelBuffer {
    mutating func drawGaussianShadow(of source: PixelBuffer, x: Int, y: Int, offset: CGPoint, sigma: Double,
                                     color: CGColor, opacity: Double, clip: CoverageMask?) {
        let op = unitClamp(opacity)
        let paint = RGBA8(color).word
        guard op > 0, paint != 0, source.width > 0, source.height > 0, width > 0, height > 0 else { return }
        if sigma == .infinity { return }   // infinitely spread: nothing visible
        let sg = sigma > 0 ? sigma : 0     // negative and NaN → no blur
        let ox = Double(offset.x).isFinite ? Double(offset.x) : 0
        let oy = Double(offset.y).isFinite ? Double(offset.y) : 0
        guard abs(ox) < 1e9, abs(oy) < 1e9, sg < 1e6 else { return }

        let s = Swift.max(1, Int((sg / 4).rounded(.down)))
        let reach = Int((4 * sg).rounded(.up)) + 3 * s + 2
        let ix = Int(ox.rounded(.down)), iy = Int(oy.rounded(.down))
        var region = PixelRect(x: x + ix - reach, y: y + iy - reach,
                               width: source.width + 2 * reach + 1, height: source.height + 2 * reach + 1)
            .intersection(bounds)
        if let clip { clip.checkSize(); region = region.intersection(clip.bounds) }
        source.checkSize()
        guard !region.isEmpty else { return }

        if s == 1 {
            let field = DirectShadowField(source: source, region: region, originX: x + ix, originY: y + iy,
                                          fracX: ox - Double(ix), fracY: oy - Double(iy), sigma: sg)
            compositeShadow(field, region: region, paint: paint, opacity: op, clip: clip)
        } else {
            let field = GridShadowField(source: source, region: region, x: x, y: y, ox: ox, oy: oy, sigma: sg, step: s)
            compositeShadow(field, region: region, paint: paint, opacity: op, clip: clip)
        }
    }

    private mutating func compositeShadow<F: ShadowField>(_ field: F, region: PixelRect, paint: UInt32,
                                                          opacity: Double, clip: CoverageMask?) {
        let rw = region.width
        let scale = Float(opacity * 255)
        var values = [Float](repeating: 0, count: rw)
        var weights = [UInt8](repeating: 0, count: rw)
        withMutablePixels { pixels in
            values.withMutableRow { v in          // region-local: index 0 is column region.x
                weights.withMutableRow { w in
                    CoverageMask.withValues(of: clip) { clipValues in
                        for py in region.y..<region.maxY {
                            field.row(py - region.y, into: v)
                            // weight = round(value × opacity), then × clip.
                            quantizeShadowRow(v.readOnly, into: w, 0..<rw, scale: scale)
                            if let clipValues {
                                let crow = clipValues.row(py).advanced(by: region.x)
                                for c in 0..<rw where w[c] != 0 {
                                    w[c] = UInt8(truncatingIfNeeded: mul255(UInt32(w[c]), UInt32(crow[c])))
                                }
                            }
                            blendRuns(pixels.row(py).advanced(by: region.x), weights: w.readOnly, 0..<rw, word: paint)
                        }
                    }
                }
            }
        }
    }
}

/// Blurred, offset shadow alpha (0...1) for each row of the target region.
protocol ShadowField {
    /// Writes the values of region row `r` (0-based), `region.width` of them.
    func row(_ r: Int, into out: MutableRow<Float>)
}

/// The exact direct convolution (small σ).
struct DirectShadowField: ShadowField {
    private let width: Int
    private let kernelY: [Float]          // reversed: kernelY[t] weights padded row (r + t)
    private let rows: [Float]             // horizontally blurred padded rows, `width` each
    private let rowHasData: [Bool]
    private let rowClass: [Int]           // equal numbers: equal padded rows (runs of identical source rows)

    /// The 1-D kernel for the piecewise-constant signal sampled at u = m + ½ − f: weight of A[m − j] for
    /// j = j0 + k is weights[k].
    static func kernel(sigma: Double, frac f: Double) -> (j0: Int, weights: [Double]) {
        if sigma == 0 { return f == 0 ? (0, [1]) : (0, [1 - f, f]) }
        let r = gaussianReach(sigma: sigma)
        var w = [Double]()
        for j in -r...(r + 1) {
            w.append(standardNormalCDF((Double(j) + 0.5 - f) / sigma) - standardNormalCDF((Double(j) - 0.5 - f) / sigma))
        }
        let sum = w.reduce(0, +)
        return (-r, w.map { $0 / sum })
    }

    /// Target pixel X receives the shadow value at m = X − originX in source pixel indices.
    init(source: PixelBuffer, region: PixelRect, originX: Int, originY: Int, fracX: Double, fracY: Double, sigma: Double) {
        let kx = Self.kernel(sigma: sigma, frac: fracX), ky = Self.kernel(sigma: sigma, frac: fracY)
        let lx = kx.weights.count, ly = ky.weights.count
        let jx1 = kx.j0 + lx - 1, jy1 = ky.j0 + ly - 1
        let w = region.width
        width = w
        let mx0 = region.x - originX, my0 = region.y - originY
        let pc0 = mx0 - jx1, pr0 = my0 - jy1          // source column/row of padded column/row 0
        let pw = w + lx - 1, ph = region.height + ly - 1
        let kxr = kx.weights.reversed().map { Float($0) }
        kernelY = ky.weights.reversed().map { Float($0) }

        let sw = source.width, sh = source.height
        let colLo = Swift.max(0, pc0), colHi = Swift.min(sw, pc0 + pw)
        var rows = [Float](repeating: 0, count: ph * w)
        var hasData = [Bool](repeating: false, count: ph)
        var classes = [Int](repeating: 0, count: ph)
        var padded = [Float](repeating: 0, count: pw)
        if colLo < colHi {
            source.withBytes { sourceBytes in
                padded.withMutableRow { p in
                    rows.withMutablePlane(width: w) { horizontal in
                        kxr.withRow { kernel in
                            var cls = 0
                            var previousRow: Row<UInt8>? = nil   // alpha of the last source row with data
                            for r in 0..<ph {
                                let i = pr0 + r
                                guard i >= 0 && i < sh else {
                                    if previousRow != nil { cls += 1; previousRow = nil }
                                    classes[r] = cls
                                    continue
                                }
                                let alpha = sourceBytes.row(i).advanced(by: 3)   // pixel col's alpha at col * 4
                                var any = false, same = previousRow != nil
                                for col in colLo..<colHi {
                                    let a = alpha[col * 4]
                                    any = any || a != 0
                                    if same && previousRow![col * 4] != a { same = false }
                                }
                                // Rows of the same content (interior rows of most shapes) share one
                                // horizontal pass; `classes` numbers runs of equal padded rows.
                                if !any {
                                    if previousRow != nil { cls += 1; previousRow = nil }
                                    classes[r] = cls
                                    continue
                                }
                                let h = horizontal.row(r)
                                hasData[r] = true
                                if same {
                                    h.update(0..<w, from: horizontal.row(r - 1))
                                    classes[r] = cls
                                    continue
                                }
                                cls += 1
                                classes[r] = cls
                                previousRow = alpha
                                for col in colLo..<colHi { p[col - pc0] = Float(alpha[col * 4]) * (1 / 255) }
                                for t in 0..<lx {
                                    let k = kernel[t]
                                    let pt = p.advanced(by: t)
                                    for c in 0..<w { h[c] += k * pt[c] }
                                }
                                for col in colLo..<colHi { p[col - pc0] = 0 }
                            }
                        }
                    }
                }
            }
        }
        self.rows = rows
        rowHasData = hasData
        rowClass = classes
    }

    func row(_ r: Int, into out: MutableRow<Float>) {
        rows.withPlane(width: width) { horizontal in
            // All the rows under the kernel are equal: the (normalised) kernel leaves them unchanged.
            if rowClass[r] == rowClass[r + kernelY.count - 1] {
                if rowHasData[r] {
                    out.update(0..<width, from: horizontal.row(r))
                } else {
                    out.update(0..<width, repeating: 0)
                }
                return
            }
            out.update(0..<width, repeating: 0)
            for t in 0..<kernelY.count where rowHasData[r + t] {
                let k = kernelY[t]
                let h = horizontal.row(r + t)
                for c in 0..<width { out[c] += k * h[c] }
            }
        }
    }
}

/// Box-downsample, compensated Gaussian on the small grid, bilinear read-back (large σ).
struct GridShadowField: ShadowField {
    private let width: Int
    private let upsampled: [Float]        // grid rows firstRow..., each upsampled horizontally to `width`
    private let rowIndex: [Int]           // per region row: index of the upper upsampled row
    private let rowFrac: [Float]

    init(source: PixelBuffer, region: PixelRect, x: Int, y: Int, ox: Double, oy: Double, sigma: Double, step s: Int) {
        let ds = Double(s)
        let sigmaGrid = Swift.max(sigma * sigma - ds * ds / 4, 1e-6).squareRoot() / ds
        let rg = Int((4 * sigmaGrid).rounded(.up))
        var kernel = (-rg...rg).map { j -> Double in exp(-Double(j * j) / (2 * sigmaGrid * sigmaGrid)) }
        let ksum = kernel.reduce(0, +)
        kernel = kernel.map { $0 / ksum }
        let k = kernel.map { Float($0) }

        // Grid cells are anchored to the source, not to the target region: absolute cell K covers source
        // pixels [K·s, (K+1)·s) and has its centre at (K + ½)·s, so a target pixel centre at source
        // coordinate u reads the grid at q = u/s − ½. Every value therefore depends only on the source,
        // the offset and σ — never on the buffer's size or the clip — so a partial redraw matches a full one.
        // The array holds cells K0 ..< K0 + cells, padded by the kernel radius around the cells read.
        func axis(_ first: Int, _ count: Int, _ origin: Int, _ off: Double) -> (g0: Int, cells: Int, j: [Int], f: [Float]) {
            var q = [Double](repeating: 0, count: count)
            for c in 0..<count {
                let u: Double = Double(first + c - origin) + 0.5 - off
                q[c] = u / ds - 0.5
            }
            let k = q.map { Int($0.rounded(.down)) }
            let k0 = k.min()! - rg - 1, k1 = k.max()! + 1 + rg + 1
            let f = zip(q, k).map { Float($0 - Double($1)) }
            return (k0 * s, k1 - k0 + 1, k.map { $0 - k0 }, f)
        }
        let ax = axis(region.x, region.width, x, ox), ay = axis(region.y, region.height, y, oy)
        let gw = ax.cells, gh = ay.cells
        width = region.width

        // 1. Box-downsample the alpha (only source pixels inside the grid are read).
        var grid = [Float](repeating: 0, count: gw * gh)
        var gridRowHasData = [Bool](repeating: false, count: gh)
        let sw = source.width, sh = source.height
        let colLo = Swift.max(0, ax.g0), colHi = Swift.min(sw, ax.g0 + gw * s)
        let rowLo = Swift.max(0, ay.g0), rowHi = Swift.min(sh, ay.g0 + gh * s)
        if colLo < colHi && rowLo < rowHi {
            var colSum = [UInt32](repeating: 0, count: gw * s)
            let inv = Float(1 / (255 * ds * ds))
            source.withBytes { sourceBytes in
                colSum.withMutableRow(indexedFrom: ax.g0) { sums in   // indexed by source column
                    grid.withMutablePlane(width: gw) { gridRows in
                        for jy in 0..<gh {
                            let r0 = Swift.max(rowLo, ay.g0 + jy * s), r1 = Swift.min(rowHi, ay.g0 + (jy + 1) * s)
                            guard r0 < r1 else { continue }
                            for col in colLo..<colHi { sums[col] = 0 }
                            var total: UInt32 = 0
                            for i in r0..<r1 {
                                let alpha = sourceBytes.row(i).advanced(by: 3)   // pixel col's alpha at col * 4
                                for col in colLo..<colHi {
                                    let a = UInt32(alpha[col * 4])
                                    sums[col] &+= a
                                    total |= a
                                }
                            }
                            guard total != 0 else { continue }
                            gridRowHasData[jy] = true
                            let g = gridRows.row(jy)
                            let jx0 = (colLo - ax.g0) / s, jx1 = (colHi - 1 - ax.g0) / s
                            for jx in jx0...jx1 {
                                let c0 = Swift.max(colLo, ax.g0 + jx * s), c1 = Swift.min(colHi, ax.g0 + (jx + 1) * s)
                                var sum: UInt32 = 0
                                for col in c0..<c1 { sum &+= sums[col] }
                                g[jx] = Float(sum) * inv
                            }
                        }
                    }
                }
            }
        }

        // 2. Separable Gaussian on the grid (zero outside it; the padding keeps every value that is read).
        var blurredX = [Float](repeating: 0, count: gw * gh)
        var blurred = [Float](repeating: 0, count: gw * gh)
        var blurredRowHasData = [Bool](repeating: false, count: gh)
        grid.withPlane(width: gw) { gridRows in
            blurredX.withMutablePlane(width: gw) { blurredXRows in
                blurred.withMutablePlane(width: gw) { blurredRows in
                    k.withRow(indexedFrom: -rg) { kc in          // kc[j] for j in −rg...rg
                        for jy in 0..<gh where gridRowHasData[jy] {
                            let g = gridRows.row(jy), t = blurredXRows.row(jy)
                            for jx in 0..<gw {
                                let lo = Swift.max(-rg, jx - (gw - 1)), hi = Swift.min(rg, jx)
                                var acc: Float = 0
                                if lo <= hi { for j in lo...hi { acc += kc[j] * g[jx - j] } }
                                t[jx] = acc
                            }
                        }
                        for jy in 0..<gh {
                            let b = blurredRows.row(jy)
                            for j in -rg...rg {
                                let src = jy - j
                                guard src >= 0 && src < gh && gridRowHasData[src] else { continue }
                                blurredRowHasData[jy] = true
                                let w = kc[j], t = blurredXRows.row(src)
                                for jx in 0..<gw { b[jx] += w * t[jx] }
                            }
                        }
                    }
                }
            }
        }

        // 3. Bilinear read-back: horizontally for every grid row that is read, vertically per target row.
        let colJ = ax.j, colF = ax.f, rowJ = ay.j
        let firstRow = rowJ.min()!, lastRow = rowJ.max()! + 1
        let w = region.width
        var up = [Float](repeating: 0, count: (lastRow - firstRow + 1) * w)
        blurred.withPlane(width: gw) { blurredRows in
            up.withMutablePlane(width: w) { upRows in
                for jy in firstRow...lastRow where blurredRowHasData[jy] {
                    let b = blurredRows.row(jy), u = upRows.row(jy - firstRow)
                    for c in 0..<w {
                        let j = colJ[c]
                        u[c] = b[j] + colF[c] * (b[j + 1] - b[j])
                    }
                }
            }
        }
        upsampled = up
        rowIndex = rowJ.map { $0 - firstRow }
        rowFrac = ay.f
    }

    func row(_ r: Int, into out: MutableRow<Float>) {
        let f = rowFrac[r], i = rowIndex[r]
        upsampled.withPlane(width: width) { rows in
            let a = rows.row(i), b = rows.row(i + 1)
            for c in 0..<width { out[c] = a[c] + f * (b[c] - a[c]) }
        }
    }
}
