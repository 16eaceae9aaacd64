// Palette indices for a frame: each colour is the nearest palette entry, or, where that is off by more
// than a level or two, an ordered (8×8 Bayer) mix of the two entries whose blend comes closest. The
// pattern is fixed to the canvas and depends only on the colour, so a still region maps to the same
// indices in every frame (no crawling noise; nothing to re-send in a frame diff), and a flat colour that
// has its own entry is never dithered.

struct PaletteMapper {
    let palette: [GIFColor]
    private let search: GIFNearest
    /// Colour → low entry | high entry << 8 | level << 16: the pixel takes the high entry where the Bayer
    /// threshold is below `level` (of 64).
    private var cache = GIFColorTable<UInt32>(empty: 0)

    /// 8×8 Bayer thresholds, 0…63.
    static let bayer: [UInt8] = {
        var m: [Int] = [0]
        var n = 1
        while n < 8 {
            var next = [Int](repeating: 0, count: 4 * n * n)
            for y in 0..<n {
                for x in 0..<n {
                    let v = 4 * m[y * n + x]
                    next[y * 2 * n + x] = v
                    next[y * 2 * n + x + n] = v + 2
                    next[(y + n) * 2 * n + x] = v + 3
                    next[(y + n) * 2 * n + x + n] = v + 1
                }
            }
            m = next
            n *= 2
        }
        return m.map(UInt8.init)
    }()
    static let levels = 64
    /// A colour this close to its nearest entry (weighted squared distance; 9 is one level in every
    /// channel) maps to it without dither: antialiasing and near-equal shades stay flat.
    static let tolerance = 2 * (GIFMetric.red + GIFMetric.green + GIFMetric.blue)
    /// How much a mix's own pattern counts against it (0: only the blend's colour matters, 1: the
    /// per-pixel error, which never dithers). Between the two, gradients dither and flat fills stay flat.
    static let patternWeight = 0.3

    init(palette: [GIFColor]) {
        self.palette = palette
        search = GIFNearest(palette)
    }

    /// Indices of a premultiplied RGBA frame (a translucent pixel maps as its colour over black). Pixels
    /// equal to `previous` take their index from `previousIndices` (the mapping depends only on colour and
    /// position, so this only saves work).
    mutating func indices(of bytes: [UInt8], width: Int, height: Int, previous: [UInt8]? = nil, previousIndices: [UInt8]? = nil) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: width * height)
        let reuse = previous != nil && previousIndices != nil && previous!.count == bytes.count && previousIndices!.count == out.count
        let old = previous ?? [], oldIndices = previousIndices ?? []
        bytes.withUnsafeBufferPointer { p in
            old.withUnsafeBufferPointer { q in
                oldIndices.withUnsafeBufferPointer { qi in
                    out.withUnsafeMutableBufferPointer { o in
                        var lastColor: GIFColor = 0, lastEntry: UInt32 = 0, haveLast = false
                        for y in 0..<height {
                            let row = (y & 7) * 8
                            for x in 0..<width {
                                let k = y * width + x, i = 4 * k
                                if reuse && p[i] == q[i] && p[i + 1] == q[i + 1] && p[i + 2] == q[i + 2] && p[i + 3] == q[i + 3] {
                                    o[k] = qi[k]
                                    continue
                                }
                                let color = GIFColor(p[i]) << 16 | GIFColor(p[i + 1]) << 8 | GIFColor(p[i + 2])
                                if !haveLast || color != lastColor {
                                    lastEntry = entry(color)
                                    lastColor = color
                                    haveLast = true
                                }
                                let level = lastEntry >> 16
                                o[k] = UInt8(truncatingIfNeeded: UInt32(Self.bayer[row + (x & 7)]) < level ? lastEntry >> 8 : lastEntry)
                            }
                        }
                    }
                }
            }
        }
        return out
    }

    /// The dither entry of `color`, computed once per colour.
    private mutating func entry(_ color: GIFColor) -> UInt32 {
        if let cached = cache.value(color) { return cached }
        let value = mix(color, nearest: search.nearest(color.red, color.green, color.blue))
        cache.update(color, default: value) { _ in }
        return value
    }

    /// The pair and level for `color`: the nearest entry alone, or the blend p1 + level/64·(p2 − p1) with
    /// the least blend error plus `patternWeight` × the pattern's own variance, if that beats it.
    func mix(_ color: GIFColor, nearest p1: Int) -> UInt32 {
        let wr = GIFMetric.red, wg = GIFMetric.green, wb = GIFMetric.blue, levels = Self.levels
        let base = palette[p1]
        let cr = color.red - base.red, cg = color.green - base.green, cb = color.blue - base.blue
        let e1 = wr * cr * cr + wg * cg * cg + wb * cb * cb
        guard e1 > Self.tolerance else { return UInt32(p1) | UInt32(p1) << 8 }
        var bestCost = Double(e1), best = UInt32(p1) | UInt32(p1) << 8
        for (j, other) in palette.enumerated() where j != p1 {
            let dr = other.red - base.red, dg = other.green - base.green, db = other.blue - base.blue
            let proj = wr * cr * dr + wg * cg * dg + wb * cb * db
            guard proj > 0 else { continue }
            let dd = wr * dr * dr + wg * dg * dg + wb * db * db
            let level = min(levels, (proj * levels * 2 + dd) / (2 * dd))
            guard level > 0 else { continue }
            let t = Double(level) / Double(levels)
            let cost = Double(e1) - 2 * t * Double(proj) + t * t * Double(dd) + Self.patternWeight * t * (1 - t) * Double(dd)
            if cost < bestCost { bestCost = cost; best = UInt32(p1) | UInt32(j) << 8 | UInt32(level) << 16 }
        }
        return best
    }
}
