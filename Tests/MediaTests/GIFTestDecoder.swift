// A small GIF89a decoder for the tests: the file's structure (graphic controls, image rectangles, the
// global palette) and each frame as a viewer shows it (disposal and transparency applied), so tests can
// check what the encoder wrote, not only what FFmpeg makes of it.

struct DecodedGIF {
    struct Frame {
        var delay: Int
        var disposal: Int
        var transparentIndex: Int?
        var rect: (x: Int, y: Int, width: Int, height: Int)
        var hasLocalPalette: Bool
        /// The whole canvas after this frame, RGBA (transparent pixels never drawn are 0, 0, 0, 0).
        var canvas: [UInt8]
    }
    var width = 0, height = 0
    var palette: [(UInt8, UInt8, UInt8)] = []
    var loops = false
    var frames: [Frame] = []

    struct Malformed: Error, CustomStringConvertible { let description: String }

    init(_ bytes: [UInt8]) throws {
        func need(_ ok: Bool, _ what: String) throws { if !ok { throw Malformed(description: what) } }
        try need(bytes.count > 13 && Array(bytes.prefix(6)) == Array("GIF89a".utf8), "no GIF89a header")
        width = Int(bytes[6]) | Int(bytes[7]) << 8
        height = Int(bytes[8]) | Int(bytes[9]) << 8
        var i = 13
        if bytes[10] & 0x80 != 0 {
            let n = 2 << Int(bytes[10] & 7)
            palette = (0..<n).map { (bytes[i + 3 * $0], bytes[i + 3 * $0 + 1], bytes[i + 3 * $0 + 2]) }
            i += 3 * n
        }
        var canvas = [UInt8](repeating: 0, count: width * height * 4)
        var control: (delay: Int, disposal: Int, transparent: Int?) = (0, 0, nil)
        func subBlocks() throws -> [UInt8] {
            var data: [UInt8] = []
            while true {
                try need(i < bytes.count, "truncated sub-blocks")
                let n = Int(bytes[i]); i += 1
                if n == 0 { return data }
                try need(i + n <= bytes.count, "truncated sub-block")
                data += bytes[i..<i + n]; i += n
            }
        }
        loop: while i < bytes.count {
            switch bytes[i] {
            case 0x21:
                let label = bytes[i + 1]; i += 2
                if label == 0xF9 {
                    let block = try subBlocks()
                    try need(block.count == 4, "graphic control of \(block.count) bytes")
                    control = (Int(block[1]) | Int(block[2]) << 8, Int(block[0] >> 2) & 7, block[0] & 1 != 0 ? Int(block[3]) : nil)
                } else {
                    let block = try subBlocks()
                    if label == 0xFF && block.count >= 11 && Array(block.prefix(11)) == Array("NETSCAPE2.0".utf8) { loops = true }
                }
            case 0x2C:
                func u16(_ k: Int) -> Int { Int(bytes[i + k]) | Int(bytes[i + k + 1]) << 8 }
                let rect = (x: u16(1), y: u16(3), width: u16(5), height: u16(7))
                let flags = bytes[i + 9]
                i += 10
                var colors = palette
                if flags & 0x80 != 0 {
                    let n = 2 << Int(flags & 7)
                    colors = (0..<n).map { (bytes[i + 3 * $0], bytes[i + 3 * $0 + 1], bytes[i + 3 * $0 + 2]) }
                    i += 3 * n
                }
                try need(rect.x + rect.width <= width && rect.y + rect.height <= height, "frame \(frames.count) outside the canvas")
                let minimum = Int(bytes[i]); i += 1
                let indices = try Self.lzwDecode(try subBlocks(), minimumCodeSize: minimum, count: rect.width * rect.height)
                let before = canvas
                for y in 0..<rect.height {
                    for x in 0..<rect.width {
                        let index = Int(indices[y * rect.width + x])
                        if index == control.transparent { continue }
                        try need(index < colors.count, "index \(index) outside the palette")
                        let c = colors[index], o = 4 * ((rect.y + y) * width + rect.x + x)
                        canvas[o] = c.0; canvas[o + 1] = c.1; canvas[o + 2] = c.2; canvas[o + 3] = 255
                    }
                }
                frames.append(Frame(delay: control.delay, disposal: control.disposal, transparentIndex: control.transparent,
                                    rect: rect, hasLocalPalette: flags & 0x80 != 0, canvas: canvas))
                if control.disposal == 2 {
                    for y in rect.y..<rect.y + rect.height { for x in rect.x..<rect.x + rect.width { for c in 0..<4 { canvas[4 * (y * width + x) + c] = 0 } } }
                } else if control.disposal == 3 {
                    canvas = before
                }
                control = (0, 0, nil)
            case 0x3B:
                break loop
            default:
                throw Malformed(description: "unknown block 0x\(String(bytes[i], radix: 16)) at \(i)")
            }
        }
    }

    static func lzwDecode(_ data: [UInt8], minimumCodeSize: Int, count: Int) throws -> [UInt8] {
        let clear = 1 << minimumCodeSize, end = clear + 1
        var prefixes = [Int](repeating: -1, count: 4096), suffixes = [UInt8](repeating: 0, count: 4096)
        for k in 0..<clear { suffixes[k] = UInt8(truncatingIfNeeded: k) }
        var codeSize = minimumCodeSize + 1, next = end + 1, previous = -1
        var out: [UInt8] = [], bit = 0
        func string(_ code: Int) -> [UInt8] {
            var s: [UInt8] = [], c = code
            while c >= 0 { s.append(suffixes[c]); c = prefixes[c] }
            return s.reversed()
        }
        while bit + codeSize <= data.count * 8 {
            var code = 0
            for k in 0..<codeSize { code |= Int(data[(bit + k) / 8] >> ((bit + k) % 8) & 1) << k }
            bit += codeSize
            if code == clear { codeSize = minimumCodeSize + 1; next = end + 1; previous = -1; continue }
            if code == end { break }
            let entry: [UInt8]
            if code < next && (code < clear || code > end) {
                entry = string(code)
            } else if code == next && previous >= 0 {
                let p = string(previous); entry = p + [p[0]]
            } else {
                throw DecodedGIF.Malformed(description: "LZW code \(code) not in the table (next \(next))")
            }
            if previous >= 0 && next < 4096 {
                prefixes[next] = previous; suffixes[next] = entry[0]; next += 1
                if next == 1 << codeSize && codeSize < 12 { codeSize += 1 }
            }
            out += entry
            previous = code
        }
        guard out.count == count else { throw DecodedGIF.Malformed(description: "LZW gave \(out.count) indices for \(count) pixels") }
        return out
    }
}
