// A copy of a buffer with fills applied, made in one pass over memory.
import CoreGraphics

extension PixelBuffer {
    /// This buffer with `shapes` filled in order, each as `fill(_:with:opacity:)` — the same bytes as
    /// copying and then filling. Done in bands of rows, so each band is blended while the copy is still in
    /// cache: a translucent layer over a cached backdrop reads and writes the frame once instead of twice.
    public func copy(filling shapes: [RoundedRect], with paint: Paint, opacity: Double = 1) -> PixelBuffer {
        checkSize()
        guard !bytes.isEmpty, !shapes.isEmpty else { return self }
        var storage = PixelBuffer(width: 0, height: 0)
        return copy(filling: shapes, with: paint, opacity: opacity, reusing: &storage)
    }

    /// Copies every row into `out` (same size, contents arbitrary), band by band, filling `shapes` over
    /// each band right after it is copied. When the shapes are disjoint whole-pixel rectangles of a solid
    /// paint, each pixel is blended as it is copied, and the pixels of `overwritten` outside them may be
    /// left as they were in `out` (see `copy(filling:with:opacity:overwritten:reusing:)`).
    func copyBands(into out: inout PixelBuffer, filling shapes: [RoundedRect], with paint: Paint, opacity: Double,
                   overwritten: [PixelRect] = []) {
        precondition(out.width == width && out.height == height && out.bytes.count == bytes.count)
        guard !bytes.isEmpty else { return }
        if let rects = disjointPixelRects(shapes), case .solid = paint, let word = PaintEvaluator(paint).constant {
            // A hole that meets a filled rect is copied after all (copying is always right).
            let holes = overwritten.map { $0.intersection(bounds) }
                .filter { h in !h.isEmpty && !rects.contains { !$0.intersection(h).isEmpty } }
            copyBlending(into: &out, rects: rects, holes: holes, word: word, weight: quantize(unitClamp(opacity)))
            return
        }
        let band = shapes.isEmpty ? height : 32
        for y0 in stride(from: 0, to: height, by: band) {
            let y1 = Swift.min(height, y0 + band)
            out.withMutableBytes { target in
                withBytes { source in target.update(rows: y0..<y1, from: source) }
            }
            for shape in shapes { out.fillShape(shape, paint: paint, opacity: opacity, clip: nil, rows: y0..<y1) }
        }
    }

    /// The shapes as pixel rects (clipped to this buffer) when each is a square-cornered rectangle on whole
    /// pixels and no two overlap: then every pixel inside one has coverage 1, so its weight is the fill's
    /// opacity, and the order of the fills does not matter. nil otherwise.
    func disjointPixelRects(_ shapes: [RoundedRect]) -> [PixelRect]? {
        var rects: [PixelRect] = []
        for shape in shapes {
            let r = shape.rect, c = shape.radii
            guard c.topLeft == 0, c.topRight == 0, c.bottomLeft == 0, c.bottomRight == 0 else { return nil }
            let values = [Double(r.minX), Double(r.minY), Double(r.maxX), Double(r.maxY)]
            guard values.allSatisfy({ $0.isFinite && $0 == $0.rounded() && abs($0) < 1e15 }) else { return nil }
            let rect = PixelRect(x: Int(values[0]), y: Int(values[1]), width: Int(values[2]) - Int(values[0]),
                                 height: Int(values[3]) - Int(values[1])).intersection(bounds)
            if rect.isEmpty { continue }
            if rects.contains(where: { !$0.intersection(rect).isEmpty }) { return nil }
            rects.append(rect)
        }
        return rects
    }

    /// Copies every row into `out`, compositing `word` × `weight` over the pixels of `rects` (disjoint, inside
    /// this buffer) as they are copied: the bytes of a copy followed by `blendRun` over each rect, reading
    /// and writing the frame once. Pixels of `holes` (inside this buffer, apart from `rects`) are not
    /// written.
    func copyBlending(into out: inout PixelBuffer, rects: [PixelRect], holes: [PixelRect], word: UInt32, weight: UInt8) {
        // Per row: (start, end, blend?) sorted by start; holes may overlap one another.
        var spans: [(Int, Int, Bool)] = []
        withPixels { source in
            out.withMutablePixels { target in
                for y in 0..<height {
                    spans.removeAll(keepingCapacity: true)
                    for r in rects where y >= r.y && y < r.maxY { spans.append((r.x, r.maxX, true)) }
                    for h in holes where y >= h.y && y < h.maxY { spans.append((h.x, h.maxX, false)) }
                    spans.sort { $0.0 < $1.0 }
                    let from = source.row(y), into = target.row(y)
                    var x = 0
                    for (start, end, blend) in spans {
                        let s = Swift.max(start, x)
                        if end <= s { continue }
                        if start > x { into.update(x..<start, from: from) }
                        if blend { blendRun(into, s..<end, word: word, weight: weight, from: from, copying: true) }
                        x = end
                    }
                    if x < width { into.update(x..<width, from: from) }
                }
            }
        }
    }
}
