// A copy of a buffer with fills applied, made in one pass over memory.
import CoreGraphics

extension PixelBuffer {
    /// This buffer with `shapes` filled in order, each as `fill(_:with:opacity:)` — the same bytes as
    /// copying and then filling. Done in bands of rows, so each band is blended while the copy is still in
    /// cache: a translucent layer over a cached backdrop reads and writes the frame once instead of twice.
    public func copy(filling shapes: [RoundedRect], with paint: Paint, opacity: Double = 1) -> PixelBuffer {
        checkSize()
        var out = self
        let n = bytes.count
        guard n > 0, !shapes.isEmpty else { return out }
        // Every row is copied below before anything reads it.
        out.bytes = [UInt8](unsafeUninitializedCapacity: n) { _, count in count = n }
        let rowBytes = width * 4, band = 32
        for y0 in stride(from: 0, to: height, by: band) {
            let y1 = Swift.min(height, y0 + band)
            out.bytes.withUnsafeMutableBytes { target in
                bytes.withUnsafeBytes { source in
                    target.baseAddress!.advanced(by: y0 * rowBytes)
                        .copyMemory(from: source.baseAddress!.advanced(by: y0 * rowBytes), byteCount: (y1 - y0) * rowBytes)
                }
            }
            for shape in shapes { out.fillShape(shape, paint: paint, opacity: opacity, clip: nil, rows: y0..<y1) }
        }
        return out
    }
}
