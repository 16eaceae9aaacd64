import CoreGraphics

// Frame storage reused across frames. A 3× frame is 12 MB; glibc gives freed blocks of that size back to
// the kernel, so a frame drawn into fresh memory pays ~3000 page faults and the kernel's zeroing before
// the first pixel. A frame loop that hands back the buffer it no longer needs avoids both.
//
// Reuse never changes what anyone sees: storage is overwritten only when no other copy of the buffer
// value exists (copies share a `BufferIdentity`), and the bytes themselves are still an Array, whose
// copy-on-write protects an array someone took out of `bytes`.

/// What the copies of one buffer value share; its reference count tells whether a copy is still held.
final class BufferIdentity: Sendable {}

extension PixelBuffer {
    /// A width × height buffer whose bytes the caller overwrites entirely: in `storage`'s memory (leaving
    /// `storage` empty) when no other copy of `storage` exists and its capacity suffices, else in new
    /// (uninitialized) memory.
    init(width: Int, height: Int, overwriting storage: inout PixelBuffer) {
        precondition(width >= 0 && height >= 0, "PixelBuffer \(width)×\(height)")
        self.width = width; self.height = height
        let n = width * height * 4
        if n > 0, isKnownUniquelyReferenced(&storage.identity), storage.bytes.capacity >= n {
            var reused: [UInt8] = []
            swap(&reused, &storage.bytes)
            storage = PixelBuffer(width: 0, height: 0)
            if reused.count > n {
                reused.removeLast(reused.count - n)
            } else if reused.count < n {
                reused.append(contentsOf: repeatElement(0, count: n - reused.count))
            }
            bytes = reused
        } else {
            bytes = [UInt8](uninitializedCount: n)
        }
    }

    /// `init(width:height:fill:)` built in `storage`'s memory when no other copy of `storage` exists (any
    /// size that fits its capacity), else in new memory. `storage` is left empty when its memory is taken.
    /// Negative sizes are treated as 0.
    public init(width: Int, height: Int, fill: RGBA8 = .clear, reusing storage: inout PixelBuffer) {
        self.init(width: Swift.max(0, width), height: Swift.max(0, height), overwriting: &storage)
        guard self.width * self.height > 0 else { return }
        let word = fill.word
        withMutablePixels { $0.update(repeating: word) }
    }

    /// This buffer with `shapes` filled in order, each as `fill(_:with:opacity:)` — the same bytes as
    /// copying and then filling — made in `storage`'s memory when no other copy of `storage` exists, else
    /// in new memory; `storage` is left empty when its memory is taken. Without shapes it is a plain copy.
    public func copy(filling shapes: [RoundedRect] = [], with paint: Paint = .solid(.clear), opacity: Double = 1,
                     reusing storage: inout PixelBuffer) -> PixelBuffer {
        copy(filling: shapes, with: paint, opacity: opacity, overwritten: [], reusing: &storage)
    }

    /// `copy(filling:with:opacity:reusing:)` for a caller that will overwrite the pixels of `overwritten`
    /// (apart from the shapes) whatever they hold — a frame's opaque layers over its backdrop: those pixels
    /// may be left unwritten (holding what the reused memory held), which saves copying them. Every other
    /// pixel has the bytes of the copy and fills.
    package func copy(filling shapes: [RoundedRect], with paint: Paint, opacity: Double, overwritten: [PixelRect],
                      reusing storage: inout PixelBuffer) -> PixelBuffer {
        checkSize()
        var out = PixelBuffer(width: width, height: height, overwriting: &storage)
        copyBands(into: &out, filling: shapes, with: paint, opacity: opacity, overwritten: overwritten)
        return out
    }
}
