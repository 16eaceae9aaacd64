// Resampling to an exact size, separably. Along an axis that shrinks (or keeps its size), each output
// pixel is the area average of the source pixels under its footprint: output pixel j covers source
// [j·n/m, (j+1)·n/m] and each source pixel weighs its exact overlap with that interval. Along an axis that
// grows, bilinear interpolation between source pixel centres (clamped at the edges). Premultiplied
// values are averaged directly (which is correct for premultiplied colour) and rounded to nearest once.
import CoreGraphics

/// For each output index: the first source index and the weights of consecutive source indices.
struct AxisWeights {
    var first: [Int] = []
    var offset: [Int] = []     // into `weights`; offset[j+1] − offset[j] weights for output j
    var weights: [Float] = []

    init(source n: Int, destination m: Int) {
        offset.append(0)
        for j in 0..<m {
            var ws: [Double] = []
            var start = 0
            if m <= n {
                let lo = Double(j * n) / Double(m), hi = Double((j + 1) * n) / Double(m)
                start = Int(lo.rounded(.down))
                let end = Swift.min(n, Int(hi.rounded(.up)))
                for i in start..<end {
                    ws.append(Swift.max(0, Swift.min(Double(i + 1), hi) - Swift.max(Double(i), lo)))
                }
            } else {
                let c = Swift.min(Swift.max((Double(j) + 0.5) * Double(n) / Double(m) - 0.5, 0), Double(n - 1))
                start = Swift.min(Int(c.rounded(.down)), n - 1)
                let f = c - Double(start)
                ws = start + 1 < n ? [1 - f, f] : [1]
            }
            let sum = ws.reduce(0, +)
            first.append(start)
            weights.append(contentsOf: ws.map { Float($0 / sum) })
            offset.append(weights.count)
        }
    }
}

extension PixelBuffer {
    func areaResized(width m: Int, height mh: Int) -> PixelBuffer {
        let ow = Swift.max(0, m), oh = Swift.max(0, mh)
        if ow == width && oh == height { return self }
        var out = PixelBuffer(width: ow, height: oh)
        guard ow > 0, oh > 0, width > 0, height > 0 else { return out }
        checkSize()
        let xw = AxisWeights(source: width, destination: ow), yw = AxisWeights(source: height, destination: oh)
        let sh = height
        // Horizontal pass: every source row to `ow` columns (4 floats per pixel).
        var tmp = [Float](repeating: 0, count: sh * ow * 4)
        withBytes { src in
            tmp.withMutablePlane(width: ow * 4) { t in
                for y in 0..<sh {
                    let srow = src.row(y)
                    let trow = t.row(y)
                    for j in 0..<ow {
                        var r: Float = 0, g: Float = 0, b: Float = 0, a: Float = 0
                        var i = xw.first[j] * 4
                        for k in xw.offset[j]..<xw.offset[j + 1] {
                            let w = xw.weights[k]
                            r += w * Float(srow[i]); g += w * Float(srow[i + 1])
                            b += w * Float(srow[i + 2]); a += w * Float(srow[i + 3])
                            i += 4
                        }
                        trow[j * 4] = r; trow[j * 4 + 1] = g; trow[j * 4 + 2] = b; trow[j * 4 + 3] = a
                    }
                }
            }
        }
        // Vertical pass and rounding.
        tmp.withPlane(width: ow * 4) { t in
            out.withMutableBytes { o in
                var acc = [Float](repeating: 0, count: ow * 4)
                for y in 0..<oh {
                    for c in 0..<acc.count { acc[c] = 0 }
                    var row = yw.first[y]
                    for k in yw.offset[y]..<yw.offset[y + 1] {
                        let w = yw.weights[k]
                        let trow = t.row(row)
                        for c in 0..<acc.count { acc[c] += w * trow[c] }
                        row += 1
                    }
                    let orow = o.row(y)
                    for j in 0..<ow {
                        let a = roundedByte(acc[j * 4 + 3])
                        orow[j * 4] = Swift.min(roundedByte(acc[j * 4]), a)
                        orow[j * 4 + 1] = Swift.min(roundedByte(acc[j * 4 + 1]), a)
                        orow[j * 4 + 2] = Swift.min(roundedByte(acc[j * 4 + 2]), a)
                        orow[j * 4 + 3] = a
                    }
                }
            }
        }
        return out
    }
}
