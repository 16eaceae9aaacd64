// Backdrop filters: a region of an image blurred by a Gaussian, its saturation scaled and a tint laid over
// it — what UIVisualEffectView's blur materials do to the content behind them.
//
// Blur. The region is extended beyond its edges by its edge pixels (clamp to edge: a blur view at the top
// of the screen does not darken toward the edge), read as piecewise constant over pixel squares, and
// convolved with a 2-D Gaussian of standard deviation σ px, sampled at pixel centres. Per axis, output
// pixel u receives Σᵢ in[clamp(i)]·(Φ((u − i + ½)/σ) − Φ((u − i − ½)/σ)); across a sharp edge (0 left of
// column 0, 1 from it on) that is Φ((u + ½)/σ) = ½·erfc(−(u + ½)/(σ√2)), the erf profile the tests check.
// Two ways to compute it, as for shadows (Shadow.swift has the derivation and its error bound):
//
// • Direct (σ < 8 px): the exact separable convolution with the Gaussian integrated over each pixel,
//   truncated at 4σ + ½ px and normalised.
// • Downsampled (σ ≥ 8 px): cells of s × s pixels (s = ⌊σ/4⌋, anchored at the region's origin, the
//   clamped extension included) are averaged (variance s²/12), blurred on the cell grid by a sampled,
//   normalised Gaussian of σ_grid = √(σ² − s²/4)/s cells truncated at 4σ_grid, and read back bilinearly at
//   pixel centres (variance ≈ s²/6): the variances add to σ². A 3× full-screen blur of σ = 90 px works on
//   a grid of 54 × 117 cells, so its cost is the read-back: a few passes over the region.
// Measured against the exact convolution (tests): within 2/255 across an edge for σ from 1.5 to 90 px.
//
// Colour. On the blurred premultiplied values (sRGB-encoded, as every blend here): saturation by the
// luminance-preserving matrix c' = L + k·(c − L), L = 0.2126·r + 0.7152·g + 0.0722·b (Rec. 709 weights,
// the matrix of Apple's UIImageEffects sample), clamped to 0…α; then the tint composited source-over.
// Each channel is rounded once at the end (⌊v·255 + 0.5⌋, Raster.swift's rule).
//
// The result depends only on the region's pixels and the parameters: no threads, the same bytes every run.
import CoreGraphics

/// What a backdrop filter does to the pixels behind it.
public struct BackdropFilterParameters: Equatable, Sendable {
    /// Standard deviation of the Gaussian, in pixels (0: no blur).
    public var sigma: Double
    /// Saturation factor k (1: unchanged, 0: grey).
    public var saturation: Double
    /// Laid over the blurred, saturated pixels (straight alpha); nil or alpha 0: none.
    public var tint: CGColor?
    public init(sigma: Double, saturation: Double = 1, tint: CGColor? = nil) {
        self.sigma = sigma; self.saturation = saturation; self.tint = tint
    }
}

extension PixelBuffer {
    /// This whole buffer filtered (blurred with edges extended, saturated, tinted), as a new buffer of the same size.
    public func backdropFiltered(_ p: BackdropFilterParameters) -> PixelBuffer {
        checkSize()
        guard width > 0, height > 0 else { return self }
        let sigma = p.sigma.isFinite && p.sigma > 0 ? Swift.min(p.sigma, 1e5) : 0
        let colour = ColourStage(p)
        var out = PixelBuffer(width: width, height: height)
        let step = Swift.max(1, Int((sigma / 4).rounded(.down)))
        if step >= 2 {
            gridBlur(sigma: sigma, step: step, colour: colour, into: &out.bytes)
            return out
        }
        let planes = blurredPlanes(sigma: sigma)
        planes.withRow { v in
            out.bytes.withMutableRow { o in
                for i in 0..<(width * height) {
                    colour.write(v[4 * i], v[4 * i + 1], v[4 * i + 2], v[4 * i + 3], to: o, at: 4 * i)
                }
            }
        }
        return out
    }

    /// The buffer blurred by the exact kernel (σ < 8 px, or 0 for none), as interleaved RGBA floats in 0…1.
    func blurredPlanes(sigma: Double) -> [Float] {
        let w = width, h = height
        var values = [Float](repeating: 0, count: w * h * 4)
        bytes.withRow { src in
            values.withMutableRow { dst in
                for i in 0..<(w * h * 4) { dst[i] = Float(src[i]) / 255 }
            }
        }
        guard sigma > 0 else { return values }
        let kernel = integratedGaussian(sigma: sigma)
        return convolveColumns(convolveRows(values, width: w, height: h, kernel: kernel), width: w, height: h, kernel: kernel)
    }

    /// The downsampled Gaussian (see the top of the file): cell averages over the clamped extension, a
    /// sampled Gaussian on the padded grid, bilinear read-back at pixel centres fused with the colour stage.
    private func gridBlur(sigma: Double, step s: Int, colour: ColourStage, into output: inout [UInt8]) {
        let w = width, h = height
        let sigmaGrid = (sigma * sigma - Double(s * s) / 4).squareRoot() / Double(s)
        let kernel = sampledGaussian(sigma: sigmaGrid)
        let r = kernel.count / 2
        // Cells −pad ..< n + pad along each axis; the read-back needs cells −1 … n.
        let pad = r + 2
        let nx = (w + s - 1) / s, ny = (h + s - 1) / s
        let gx = nx + 2 * pad, gy = ny + 2 * pad
        let inv = 1 / (255 * Float(s))
        // Horizontal cell averages of every pixel row (h rows × gx cells); columns are clamped to the image.
        let columns = (0..<(gx * s)).map { Swift.min(Swift.max($0 - pad * s, 0), w - 1) * 4 }
        var rows = [Float](repeating: 0, count: h * gx * 4)
        bytes.withRow { src in
            rows.withMutableRow { dst in
                columns.withRow { col in
                    for y in 0..<h {
                        let row = y * w * 4
                        for c in 0..<gx {
                            var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                            for k in (c * s)..<(c * s + s) {
                                let i = row + col[k]
                                s0 += Float(src[i]); s1 += Float(src[i + 1]); s2 += Float(src[i + 2]); s3 += Float(src[i + 3])
                            }
                            let o = (y * gx + c) * 4
                            dst[o] = s0 * inv; dst[o + 1] = s1 * inv; dst[o + 2] = s2 * inv; dst[o + 3] = s3 * inv
                        }
                    }
                }
            }
        }
        // Vertical cell averages: gy × gx cells.
        let cellStride = gx * 4
        var cells = [Float](repeating: 0, count: gy * cellStride)
        let rowScale = 1 / Float(s)
        rows.withRow { src in
            cells.withMutableRow { dst in
                for cy in 0..<gy {
                    let first = (cy - pad) * s, o = cy * cellStride
                    for k in 0..<s {
                        let i = Swift.min(Swift.max(first + k, 0), h - 1) * cellStride
                        for c in 0..<cellStride { dst[o + c] += src[i + c] }
                    }
                    for c in 0..<cellStride { dst[o + c] *= rowScale }
                }
            }
        }
        // The grid blurred (cells beyond the padding clamp to it; they lie past the reach of the cells read back).
        let blurred = convolveColumns(convolveRows(cells, width: gx, height: gy, kernel: kernel), width: gx, height: gy, kernel: kernel)
        // Read back: pixel centre u + ½ is at grid coordinate (u + ½)/s − ½ (+ pad in the padded grid).
        func position(_ u: Int) -> (Int, Float) {
            let g = (Double(u) + 0.5) / Double(s) - 0.5 + Double(pad)
            let c0 = Int(g.rounded(.down))
            return (c0, Float(g - Double(c0)))
        }
        let cellOfX = (0..<w).map { position($0).0 * 4 }, fractionOfX = (0..<w).map { position($0).1 }
        var line = [Float](repeating: 0, count: cellStride)
        blurred.withRow { grid in
            output.withMutableRow { o in
                line.withMutableRow { line in
                    cellOfX.withRow { cellOfX in
                        fractionOfX.withRow { fractionOfX in
                            for y in 0..<h {
                                let (c0, f) = position(y)
                                let a = c0 * cellStride, b = a + cellStride
                                for c in 0..<cellStride { line[c] = grid[a + c] + f * (grid[b + c] - grid[a + c]) }
                                let rowStart = y * w * 4
                                for x in 0..<w {
                                    let i = cellOfX[x], fx = fractionOfX[x]
                                    colour.write(line[i] + fx * (line[i + 4] - line[i]), line[i + 1] + fx * (line[i + 5] - line[i + 1]),
                                                 line[i + 2] + fx * (line[i + 6] - line[i + 2]), line[i + 3] + fx * (line[i + 7] - line[i + 3]),
                                                 to: o, at: rowStart + 4 * x)
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Saturation, tint and rounding of one blurred pixel (values premultiplied, in 0…1).
private struct ColourStage {
    let k: Float
    let tint: (r: Float, g: Float, b: Float, a: Float)

    init(_ p: BackdropFilterParameters) {
        k = Float(p.saturation.isFinite ? p.saturation : 1)
        if let t = p.tint, t.alpha > 0 {
            let a = Float(unitClamp(Double(t.alpha)))
            tint = (Float(t.red) * a, Float(t.green) * a, Float(t.blue) * a, a)
        } else {
            tint = (0, 0, 0, 0)
        }
    }

    @inline(__always)
    func write(_ r0: Float, _ g0: Float, _ b0: Float, _ a0: Float, to o: MutableRow<UInt8>, at i: Int) {
        var r = r0, g = g0, b = b0
        var a = Swift.min(Swift.max(a0, 0), 1)
        if k != 1 {
            let l = 0.2126 * r + 0.7152 * g + 0.0722 * b
            r = l + k * (r - l); g = l + k * (g - l); b = l + k * (b - l)
        }
        r = Swift.min(Swift.max(r, 0), a); g = Swift.min(Swift.max(g, 0), a); b = Swift.min(Swift.max(b, 0), a)
        if tint.a > 0 {
            let keep = 1 - tint.a
            r = tint.r + r * keep; g = tint.g + g * keep; b = tint.b + b * keep; a = tint.a + a * keep
        }
        o[i] = quantize(r); o[i + 1] = quantize(g); o[i + 2] = quantize(b); o[i + 3] = quantize(a)
    }
}

/// The Gaussian integrated over each pixel, k[j] for j in −r…r (r = ⌈4σ + ½⌉), normalised.
func integratedGaussian(sigma: Double) -> [Float] {
    let r = gaussianReach(sigma: sigma)
    let k = (-r...r).map { j in standardNormalCDF((Double(j) + 0.5) / sigma) - standardNormalCDF((Double(j) - 0.5) / sigma) }
    let total = k.reduce(0, +)
    return k.map { Float($0 / total) }
}

/// A sampled Gaussian of σ cells, k[j] for j in −r…r (r = ⌈4σ⌉), normalised.
private func sampledGaussian(sigma: Double) -> [Float] {
    let r = Swift.max(1, Int((4 * sigma).rounded(.up)))
    let k = (-r...r).map { j in exp(-Double(j * j) / (2 * sigma * sigma)) }
    let total = k.reduce(0, +)
    return k.map { Float($0 / total) }
}

/// Each row convolved with `kernel` (centred), indices clamped to the row.
private func convolveRows(_ v: [Float], width w: Int, height h: Int, kernel: [Float]) -> [Float] {
    let r = kernel.count / 2
    var out = [Float](repeating: 0, count: v.count)
    v.withRow { src in
        out.withMutableRow { dst in
            kernel.withRow { kernel in
                for y in 0..<h {
                    let row = y * w * 4
                    for x in 0..<w {
                        var s0: Float = 0, s1: Float = 0, s2: Float = 0, s3: Float = 0
                        for j in 0...(2 * r) {
                            let weight = kernel[j]
                            let i = row + Swift.min(Swift.max(x + j - r, 0), w - 1) * 4
                            s0 += weight * src[i]; s1 += weight * src[i + 1]; s2 += weight * src[i + 2]; s3 += weight * src[i + 3]
                        }
                        let o = row + x * 4
                        dst[o] = s0; dst[o + 1] = s1; dst[o + 2] = s2; dst[o + 3] = s3
                    }
                }
            }
        }
    }
    return out
}

/// Each column convolved with `kernel` (centred), indices clamped to the column.
private func convolveColumns(_ v: [Float], width w: Int, height h: Int, kernel: [Float]) -> [Float] {
    let r = kernel.count / 2, stride = w * 4
    var out = [Float](repeating: 0, count: v.count)
    v.withRow { src in
        out.withMutableRow { dst in
            for y in 0..<h {
                let o = y * stride
                for (j, weight) in kernel.enumerated() {
                    let i = Swift.min(Swift.max(y + j - r, 0), h - 1) * stride
                    for c in 0..<stride { dst[o + c] += weight * src[i + c] }
                }
            }
        }
    }
    return out
}
