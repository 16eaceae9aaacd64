// A GIF's one palette for the whole clip: exact colour counts weighted toward what changes, a median cut
// that splits where the squared error drops most, Lloyd (k-means) refinement, and flat colours kept
// exact. Everything is integer or IEEE arithmetic in a fixed order, so the palette is the same on every run.

/// A colour as 0x00RRGGBB.
typealias GIFColor = UInt32

extension GIFColor {
    var red: Int { Int(self >> 16) & 0xFF }
    var green: Int { Int(self >> 8) & 0xFF }
    var blue: Int { Int(self) & 0xFF }
    init(red: Int, green: Int, blue: Int) { self = UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue) }
}

/// Distance between colours: squared RGB differences weighted toward green, as the eye is (roughly
/// the luma weights, kept small and integral).
enum GIFMetric {
    static let red = 2, green = 4, blue = 3

    @inline(__always)
    static func distance(_ r: Int, _ g: Int, _ b: Int, _ c: GIFColor) -> Int {
        let dr = r - c.red, dg = g - c.green, db = b - c.blue
        return red * dr * dr + green * dg * dg + blue * db * db
    }
}

/// A map from 24-bit colours to values: open addressing with a fixed hash, so its contents and their order
/// depend only on what was inserted (Swift's Dictionary is seeded per process).
struct GIFColorTable<Value> {
    private(set) var keys: [UInt32]   // colour + 1; 0 is empty
    private(set) var values: [Value]
    private(set) var count = 0
    private var mask: Int
    private let empty: Value

    init(capacity: Int = 1 << 12, empty: Value) {
        var size = 16
        while size < capacity * 2 { size <<= 1 }
        keys = [UInt32](repeating: 0, count: size)
        values = [Value](repeating: empty, count: size)
        mask = size - 1
        self.empty = empty
    }

    @inline(__always)
    private func slot(_ color: GIFColor) -> Int {
        var i = Int((color &* 0x9E37_79B1) >> 8) & mask
        while keys[i] != 0 && keys[i] != color &+ 1 { i = (i + 1) & mask }
        return i
    }

    func value(_ color: GIFColor) -> Value? {
        let i = slot(color)
        return keys[i] == 0 ? nil : values[i]
    }

    /// Sets the value of `color`, or updates it in place.
    @inline(__always)
    mutating func update(_ color: GIFColor, default initial: Value, _ change: (inout Value) -> Void) {
        var i = slot(color)
        if keys[i] == 0 {
            if (count + 1) * 2 > keys.count { grow(); i = slot(color) }
            keys[i] = color &+ 1
            values[i] = initial
            count += 1
        }
        change(&values[i])
    }

    private mutating func grow() {
        let oldKeys = keys, oldValues = values
        keys = [UInt32](repeating: 0, count: oldKeys.count * 2)
        values = [Value](repeating: empty, count: oldKeys.count * 2)
        mask = keys.count - 1
        for (i, key) in oldKeys.enumerated() where key != 0 {
            let j = slot(key &- 1)
            keys[j] = key
            values[j] = oldValues[i]
        }
    }

    /// The entries sorted by colour.
    var sortedEntries: [(color: GIFColor, value: Value)] {
        keys.indices.filter { keys[$0] != 0 }.map { (keys[$0] &- 1, values[$0]) }.sorted { $0.color < $1.color }
    }
}

/// How often each exact colour appears in the pixels that matter: every pixel of the first frame, then
/// only the pixels that changed since the frame before (ffmpeg's `stats_mode=diff` idea). A still
/// background is then counted once rather than once a frame, and the palette's colours go to what moves.
/// Pixels are premultiplied RGBA; a translucent pixel counts as its colour over black.
struct ColorHistogram {
    private(set) var table = GIFColorTable<Int>(empty: 0)
    private var previous: [UInt8]?

    mutating func add(rgba bytes: [UInt8]) {
        if let previous, previous.count == bytes.count {
            bytes.withUnsafeBufferPointer { p in
                previous.withUnsafeBufferPointer { q in count(p, changedFrom: q) }
            }
        } else {
            bytes.withUnsafeBufferPointer { p in count(p, changedFrom: nil) }
        }
        previous = bytes
    }

    /// Counts runs of one colour at once: UI frames are mostly long runs.
    private mutating func count(_ p: UnsafeBufferPointer<UInt8>, changedFrom q: UnsafeBufferPointer<UInt8>?) {
        var run: GIFColor = 0, length = 0
        var i = 0
        while i < p.count {
            if let q, p[i] == q[i] && p[i + 1] == q[i + 1] && p[i + 2] == q[i + 2] && p[i + 3] == q[i + 3] { i += 4; continue }
            let color = GIFColor(p[i]) << 16 | GIFColor(p[i + 1]) << 8 | GIFColor(p[i + 2])
            if length > 0 && color != run {
                let n = length
                table.update(run, default: 0) { $0 += n }
                length = 0
            }
            run = color
            length += 1
            i += 4
        }
        if length > 0 { table.update(run, default: 0) { $0 += length } }
    }

    /// Up to `size` colours for these counts (see `GIFPalette.build`).
    func palette(size: Int) -> [GIFColor] { GIFPalette.build(table.sortedEntries, size: size) }
}

enum GIFPalette {
    /// Lloyd iterations after the median cut; each moves every entry to the mean of the colours nearest it.
    static let refinements = 6
    /// Colours × iterations at most: a clip of photos (a million distinct colours) gets one pass, so the
    /// palette's cost stays bounded; UI clips (tens of thousands) get all six.
    static let refinementBudget = 1_000_000

    /// Up to `size` colours for `histogram` (colours sorted, with counts). A clip with no more colours
    /// than that gets them exactly. Otherwise: median cut (the box with the largest squared error is split
    /// on its widest channel where the two halves' error is least), then Lloyd refinement, then each entry
    /// whose cluster is mostly one colour becomes that colour exactly, so flat UI fills map without error
    /// and without dither.
    static func build(_ histogram: [(color: GIFColor, value: Int)], size: Int) -> [GIFColor] {
        guard !histogram.isEmpty else { return [0] }
        if histogram.count <= size { return histogram.map(\.color) }
        let n = histogram.count
        let colors = histogram.map(\.color), weights = histogram.map(\.value)
        var order = Array(0..<n)

        struct Box { var start: Int, end: Int, error: Double }
        let channelWeight = [Double(GIFMetric.red), Double(GIFMetric.green), Double(GIFMetric.blue)]
        func channel(_ color: GIFColor, _ c: Int) -> Int { Int(color >> (16 - 8 * UInt32(c))) & 0xFF }
        /// Weighted squared error of each channel of order[start..<end] about its mean.
        func channelErrors(_ start: Int, _ end: Int) -> [Double] {
            var w = 0.0, s = [0.0, 0.0, 0.0], q = [0.0, 0.0, 0.0]
            for k in start..<end {
                let i = order[k], wi = Double(weights[i])
                w += wi
                for c in 0..<3 { let v = Double(channel(colors[i], c)); s[c] += wi * v; q[c] += wi * v * v }
            }
            return (0..<3).map { c in channelWeight[c] * max(0, q[c] - s[c] * s[c] / w) }
        }
        func box(_ start: Int, _ end: Int) -> Box {
            Box(start: start, end: end, error: end - start > 1 ? channelErrors(start, end).reduce(0, +) : 0)
        }

        var boxes = [box(0, n)]
        while boxes.count < size {
            var pick = -1
            for (i, b) in boxes.enumerated() where b.error > 0 && (pick < 0 || b.error > boxes[pick].error) { pick = i }
            guard pick >= 0 else { break }
            let (start, end) = (boxes[pick].start, boxes[pick].end)
            let errors = channelErrors(start, end)
            var axis = 0
            for c in 1..<3 where errors[c] > errors[axis] { axis = c }
            order[start..<end].sort { a, b in
                let x = channel(colors[a], axis), y = channel(colors[b], axis)
                return x != y ? x < y : colors[a] < colors[b]
            }
            // The cut between two distinct values of the axis that leaves the least error in the halves.
            var total = (w: 0.0, s: [0.0, 0.0, 0.0], q: [0.0, 0.0, 0.0])
            for k in start..<end {
                let i = order[k], wi = Double(weights[i])
                total.w += wi
                for c in 0..<3 { let v = Double(channel(colors[i], c)); total.s[c] += wi * v; total.q[c] += wi * v * v }
            }
            var left = (w: 0.0, s: [0.0, 0.0, 0.0], q: [0.0, 0.0, 0.0])
            var bestCut = -1, bestError = Double.infinity
            for k in start..<(end - 1) {
                let i = order[k], wi = Double(weights[i])
                left.w += wi
                for c in 0..<3 { let v = Double(channel(colors[i], c)); left.s[c] += wi * v; left.q[c] += wi * v * v }
                guard channel(colors[order[k + 1]], axis) != channel(colors[i], axis) else { continue }
                let rightW = total.w - left.w
                var e = 0.0
                for c in 0..<3 {
                    let rs = total.s[c] - left.s[c], rq = total.q[c] - left.q[c]
                    e += channelWeight[c] * ((left.q[c] - left.s[c] * left.s[c] / left.w) + (rq - rs * rs / rightW))
                }
                if e < bestError { bestError = e; bestCut = k + 1 }
            }
            guard bestCut > 0 else { boxes[pick].error = 0; continue }
            boxes[pick] = box(start, bestCut)
            boxes.append(box(bestCut, end))
        }

        var palette = boxes.map { b -> GIFColor in
            var w = 0, r = 0, g = 0, bl = 0
            for k in b.start..<b.end {
                let i = order[k]
                w += weights[i]; r += weights[i] * colors[i].red; g += weights[i] * colors[i].green; bl += weights[i] * colors[i].blue
            }
            return GIFColor(red: (r + w / 2) / w, green: (g + w / 2) / w, blue: (bl + w / 2) / w)
        }
        var nearest = [Int](repeating: 0, count: n)
        for _ in 0..<max(1, min(refinements, refinementBudget / n)) {
            let search = GIFNearest(palette)
            var w = [Int](repeating: 0, count: palette.count), sums = [Int](repeating: 0, count: 3 * palette.count)
            for i in 0..<n {
                let c = colors[i], j = search.nearest(c.red, c.green, c.blue)
                nearest[i] = j
                w[j] += weights[i]; sums[3 * j] += weights[i] * c.red; sums[3 * j + 1] += weights[i] * c.green; sums[3 * j + 2] += weights[i] * c.blue
            }
            var moved = false
            for j in palette.indices where w[j] > 0 {
                let m = GIFColor(red: (sums[3 * j] + w[j] / 2) / w[j], green: (sums[3 * j + 1] + w[j] / 2) / w[j], blue: (sums[3 * j + 2] + w[j] / 2) / w[j])
                if m != palette[j] { palette[j] = m; moved = true }
            }
            if !moved { break }
        }
        // A cluster that is mostly one colour (a flat fill and its antialiased edges) gets that colour.
        let search = GIFNearest(palette)
        var clusterWeight = [Int](repeating: 0, count: palette.count)
        var top = [(weight: Int, color: GIFColor)](repeating: (0, 0), count: palette.count)
        for i in 0..<n {
            let c = colors[i], j = search.nearest(c.red, c.green, c.blue)
            clusterWeight[j] += weights[i]
            if weights[i] > top[j].weight { top[j] = (weights[i], c) }
        }
        for j in palette.indices where top[j].weight * 2 >= clusterWeight[j] && clusterWeight[j] > 0 { palette[j] = top[j].color }
        return palette
    }
}

/// The nearest palette entry under `GIFMetric`: entries sorted by green, searched outward from the
/// query's green until green alone is farther than the best so far. Ties go to the lowest index.
struct GIFNearest {
    let palette: [GIFColor]
    private let byGreen: [(green: Int, index: Int)]

    init(_ palette: [GIFColor]) {
        self.palette = palette
        byGreen = palette.enumerated().map { ($0.element.green, $0.offset) }.sorted { $0.green != $1.green ? $0.green < $1.green : $0.index < $1.index }
    }

    func nearest(_ r: Int, _ g: Int, _ b: Int) -> Int {
        // Start at the first entry with green >= g.
        var lo = 0, hi = byGreen.count
        while lo < hi { let mid = (lo + hi) / 2; if byGreen[mid].green < g { lo = mid + 1 } else { hi = mid } }
        var best = -1, bestDistance = Int.max
        func consider(_ k: Int) {
            let index = byGreen[k].index
            let d = GIFMetric.distance(r, g, b, palette[index])
            if d < bestDistance || (d == bestDistance && index < best) { bestDistance = d; best = index }
        }
        var up = lo, down = lo - 1
        while up < byGreen.count || down >= 0 {
            if up < byGreen.count {
                let dg = byGreen[up].green - g
                if GIFMetric.green * dg * dg > bestDistance { up = byGreen.count } else { consider(up); up += 1 }
            }
            if down >= 0 {
                let dg = g - byGreen[down].green
                if GIFMetric.green * dg * dg > bestDistance { down = -1 } else { consider(down); down -= 1 }
            }
        }
        return best
    }
}
