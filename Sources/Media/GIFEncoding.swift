// The pieces of a GIF89a file, in pure Swift: a median-cut palette from a colour histogram, ordered
// dithering into that palette, and the variable-width LZW code stream. GIFSink puts them together.

/// Colour counts at 5 bits per channel (32 768 boxes), with the exact sums per box so a palette entry is
/// the true mean of the colours it stands for.
struct ColorHistogram {
    private(set) var counts = [Int](repeating: 0, count: 1 << 15)
    private var sums = [Int](repeating: 0, count: 3 << 15)

    static func bin(_ r: UInt8, _ g: UInt8, _ b: UInt8) -> Int { Int(r >> 3) << 10 | Int(g >> 3) << 5 | Int(b >> 3) }

    /// Adds an RGBA frame (premultiplied; opaque in practice — a translucent pixel counts as over black).
    mutating func add(rgba bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { p in
            var i = 0
            while i < p.count {
                let bin = Self.bin(p[i], p[i + 1], p[i + 2])
                counts[bin] += 1
                sums[3 * bin] += Int(p[i]); sums[3 * bin + 1] += Int(p[i + 1]); sums[3 * bin + 2] += Int(p[i + 2])
                i += 4
            }
        }
    }

    /// Up to `size` colours by median cut: the box with the most pixels × widest side is split at its
    /// pixel median along that side, until there are `size` boxes or none can split.
    func palette(size: Int) -> [(r: UInt8, g: UInt8, b: UInt8)] {
        struct Box { var bins: [Int]; var pixels: Int }
        let used = counts.indices.filter { counts[$0] > 0 }
        guard !used.isEmpty else { return [(0, 0, 0)] }
        func channel(_ bin: Int, _ c: Int) -> Int { (bin >> (10 - 5 * c)) & 31 }
        func extent(_ box: Box) -> (channel: Int, width: Int) {
            (0..<3).map { c -> (Int, Int) in
                let values = box.bins.map { channel($0, c) }
                return (c, values.max()! - values.min()!)
            }.max { $0.1 < $1.1 || ($0.1 == $1.1 && $0.0 > $1.0) }!
        }
        var boxes = [Box(bins: used, pixels: used.reduce(0) { $0 + counts[$1] })]
        while boxes.count < size {
            let candidates = boxes.indices.filter { boxes[$0].bins.count > 1 }
            guard let pick = candidates.max(by: { a, b in
                let x = boxes[a].pixels * (extent(boxes[a]).width + 1), y = boxes[b].pixels * (extent(boxes[b]).width + 1)
                return x < y || (x == y && a > b)
            }) else { break }
            let box = boxes[pick]
            let c = extent(box).channel
            let sorted = box.bins.sorted { (channel($0, c), $0) < (channel($1, c), $1) }
            var running = 0, cut = 1
            for (i, bin) in sorted.enumerated() {
                running += counts[bin]
                if running * 2 >= box.pixels { cut = max(1, min(i + 1, sorted.count - 1)); break }
            }
            let low = Array(sorted[..<cut]), high = Array(sorted[cut...])
            boxes[pick] = Box(bins: low, pixels: low.reduce(0) { $0 + counts[$1] })
            boxes.append(Box(bins: high, pixels: high.reduce(0) { $0 + counts[$1] }))
        }
        return boxes.map { box in
            var total = 0, r = 0, g = 0, b = 0
            for bin in box.bins { total += counts[bin]; r += sums[3 * bin]; g += sums[3 * bin + 1]; b += sums[3 * bin + 2] }
            func mean(_ sum: Int) -> UInt8 { UInt8((sum + total / 2) / total) }
            return (mean(r), mean(g), mean(b))
        }
    }
}

/// Maps RGBA pixels to palette indices with a 4×4 ordered (Bayer) dither: the pattern is fixed to the
/// canvas, so still regions map to the same indices in every frame and cost nothing in a frame diff.
struct PaletteMapper {
    let palette: [(r: UInt8, g: UInt8, b: UInt8)]
    /// Nearest palette index per 6-bit-per-channel colour, filled on first use (-1: not yet).
    private var cache = [Int16](repeating: -1, count: 1 << 18)
    private static let bayer: [Int] = [0, 8, 2, 10, 12, 4, 14, 6, 3, 11, 1, 9, 15, 7, 13, 5]
    /// ±`amplitude` levels of dither around each colour: enough to break gradient bands between
    /// neighbouring palette entries, small enough that flat UI colours keep their entry.
    static let amplitude = 6

    init(palette: [(r: UInt8, g: UInt8, b: UInt8)]) { self.palette = palette }

    mutating func indices(of bytes: [UInt8], width: Int, height: Int) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        bytes.withUnsafeBufferPointer { p in
            for y in 0..<height {
                for x in 0..<width {
                    let i = 4 * (y * width + x)
                    let offset = (Self.bayer[(y & 3) * 4 + (x & 3)] * 2 - 15) * Self.amplitude / 15
                    func q(_ v: UInt8) -> Int { min(max(Int(v) + offset, 0), 255) >> 2 }
                    let key = q(p[i]) << 12 | q(p[i + 1]) << 6 | q(p[i + 2])
                    var index = cache[key]
                    if index < 0 {
                        index = Int16(nearest(r: (key >> 12) << 2 | 2, g: ((key >> 6) & 63) << 2 | 2, b: (key & 63) << 2 | 2))
                        cache[key] = index
                    }
                    out[y * width + x] = UInt8(index)
                }
            }
        }
        return out
    }

    private func nearest(r: Int, g: Int, b: Int) -> Int {
        var best = 0, bestDistance = Int.max
        for (i, c) in palette.enumerated() {
            let dr = Int(c.r) - r, dg = Int(c.g) - g, db = Int(c.b) - b
            // Weighted towards green, as the eye is.
            let d = 2 * dr * dr + 4 * dg * dg + 3 * db * db
            if d < bestDistance { bestDistance = d; best = i }
        }
        return best
    }
}

/// GIF's LZW: codes from 9 to 12 bits, least significant bit first, with a clear code whenever the
/// table is full; output packed into sub-blocks of at most 255 bytes.
enum GIFLZW {
    static func encode(_ indices: [UInt8], minimumCodeSize: Int = 8) -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var codeSize = minimumCodeSize + 1, next = end + 1
        // (prefix code, byte) → code; a generation number clears the table without touching it.
        var table = [UInt16](repeating: 0, count: 4096 * 256)
        var stamp = [UInt32](repeating: 0, count: 4096 * 256)
        var generation: UInt32 = 1
        var bytes: [UInt8] = [], bitBuffer = 0, bitCount = 0
        func emit(_ code: Int) {
            bitBuffer |= code << bitCount
            bitCount += codeSize
            while bitCount >= 8 { bytes.append(UInt8(bitBuffer & 0xFF)); bitBuffer >>= 8; bitCount -= 8 }
        }
        emit(clear)
        guard var prefix = indices.first.map(Int.init) else {
            emit(end)
            if bitCount > 0 { bytes.append(UInt8(bitBuffer & 0xFF)) }
            return subBlocks(bytes)
        }
        for byte in indices.dropFirst() {
            let key = prefix << 8 | Int(byte)
            if stamp[key] == generation { prefix = Int(table[key]); continue }
            emit(prefix)
            if next < 4096 {
                table[key] = UInt16(next); stamp[key] = generation
                next += 1
                if next > (1 << codeSize) && codeSize < 12 { codeSize += 1 }
            }
            if next >= 4096 {
                emit(clear)
                generation += 1
                codeSize = minimumCodeSize + 1
                next = end + 1
            }
            prefix = Int(byte)
        }
        emit(prefix)
        emit(end)
        if bitCount > 0 { bytes.append(UInt8(bitBuffer & 0xFF)) }
        return subBlocks(bytes)
    }

    /// Data sub-blocks (length byte + up to 255 bytes) and the zero-length terminator.
    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(data.count + data.count / 255 + 2)
        var start = 0
        while start < data.count {
            let n = min(255, data.count - start)
            out.append(UInt8(n))
            out += data[start..<start + n]
            start += n
        }
        out.append(0)
        return out
    }
}
