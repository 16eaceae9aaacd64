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
    /// each band right after it is copied.
    func copyBands(into out: inout PixelBuffer, filling shapes: [RoundedRect], with paint: Paint, opacity: Double) {
        precondition(out.width == width && out.height == height && out.bytes.count == bytes.count)
        guard !bytes.isEmpty else { return }
        let band = shapes.isEmpty ? height : 32
        for y0 in stride(from: 0, to: height, by: band) {
            let y1 = Swift.min(height, y0 + band)
            out.withMutableBytes { target in
                withBytes { source in target.update(rows: y0..<y1, from: source) }
            }
            for shape in shapes { out.fillShape(shape, paint: paint, opacity: opacity, clip: nil, rows: y0..<y1) }
        }
    }
}
