// PNG writing with zlib directly: our own rows, filters and compression level. libpng's simplified writer
// fixes both (adaptive filtering at zlib's default level 6, ~200 ms for a 3× frame); its full API would
// reach them but reports errors by longjmp, which must never cross Swift frames.
internal import CPNG
import Foundation
import Raster

/// The PNG row filter (PNG spec §9): what each byte is stored as before compression.
public enum PNGFilter: String, CaseIterable, Equatable, Sendable {
    /// Bytes as they are.
    case none
    /// Each byte minus the byte one pixel to the left.
    case sub
    /// Each byte minus the byte above.
    case up
    /// Paeth: minus the left, above or upper-left byte, whichever predicts best.
    case paeth
    /// Per row, the filter (none, sub, up, average, paeth) whose output sums smallest, as libpng chooses.
    case adaptive
}

/// How PNG files are compressed: a zlib level and a row filter. Any setting decodes to the same pixels;
/// they trade file size for time.
public struct PNGOptions: Equatable, Sendable {
    /// 0 (stored, no compression) … 9 (smallest, slowest).
    public var level: Int
    public var filter: PNGFilter

    public static let levelRange = 0...9
    /// Chosen by measurement on our frames (docs/PERFORMANCE.md, "Outputs and cores"): UI frames repeat
    /// exact pixels, which zlib matches best unfiltered; at level 1 they come out about as small as
    /// libpng's level 6 with adaptive filtering, at a fraction of the time.
    public static let `default` = PNGOptions(uncheckedLevel: 1, filter: .none)

    /// Fails for a level outside 0…9.
    public init(level: Int, filter: PNGFilter) throws {
        guard Self.levelRange.contains(level) else {
            throw MediaError("PNG compression level \(level) is not supported: use a whole number from 0 (no"
                             + " compression, fastest) to 9 (smallest files, slowest); the default is \(Self.default.level).")
        }
        self.init(uncheckedLevel: level, filter: filter)
    }

    /// Fails for a level set outside 0…9 after `init`.
    public func validate() throws { _ = try PNGOptions(level: level, filter: filter) }

    init(uncheckedLevel level: Int, filter: PNGFilter) {
        self.level = level
        self.filter = filter
    }
}

enum PNGWriter {
    /// PNG bytes of `image`: IHDR, sRGB, IDAT…, IEND. 8-bit RGB when `alpha` is false (the image must be
    /// opaque), else 8-bit straight RGBA. Rows are converted from premultiplied one at a time into a row
    /// buffer, filtered and fed to zlib: the only copy of the pixels is that conversion.
    static func encode(_ image: PixelBuffer, alpha: Bool, options: PNGOptions) throws -> [UInt8] {
        try options.validate()
        let width = image.width, height = image.height
        let channels = alpha ? 4 : 3
        let rowBytes = width * channels

        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr = [UInt8]()
        append32(&ihdr, UInt32(width))
        append32(&ihdr, UInt32(height))
        ihdr += [8, alpha ? 6 : 2, 0, 0, 0]  // depth 8, colour type RGBA or RGB, deflate, adaptive filtering, no interlace
        appendChunk(&out, "IHDR", ihdr)
        appendChunk(&out, "sRGB", [0])  // perceptual intent, as libpng's simplified writer tags sRGB

        var stream = z_stream()
        // Window 15, memory level 8: zlib's defaults. The default strategy: on our frames Z_FILTERED was no smaller.
        let status = deflateInit2_(&stream, Int32(options.level), Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY,
                                   ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size))
        guard status == Z_OK else {
            throw MediaError("zlib could not start compressing a \(width)×\(height) PNG (deflateInit2: \(status)).")
        }
        defer { deflateEnd(&stream) }
        let idat = IDATWriter(out: out)
        // Row buffers: the previous and current straight rows, and one filtered row per candidate filter.
        let candidates = options.filter == .adaptive ? 5 : 1
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * rowBytes + candidates * (rowBytes + 1))
        defer { scratch.deallocate() }
        var previous = scratch, current = scratch + rowBytes
        let filtered = scratch + 2 * rowBytes
        previous.initialize(repeating: 0, count: rowBytes)  // the row above the first is zero

        try image.bytes.withUnsafeBufferPointer { pixels in
            let source = pixels.baseAddress!
            for y in 0..<height {
                straightRow(source + y * width * 4, width: width, alpha: alpha, into: current)
                let row = filter(current, previous: previous, count: rowBytes, bpp: channels,
                                 filter: options.filter, into: filtered)
                try idat.deflate(&stream, row, count: rowBytes + 1, finish: y == height - 1)
                swap(&previous, &current)
            }
        }
        out = idat.finish()
        appendChunk(&out, "IEND", [])
        return out
    }

    // MARK: Rows

    /// One row of premultiplied RGBA8 → straight RGB8 (`alpha` false) or RGBA8 (a = 0 → 0,0,0,0): the one copy a PNG's pixels go through.
    @inline(__always)
    private static func straightRow(_ src: UnsafePointer<UInt8>, width: Int, alpha: Bool, into out: UnsafeMutablePointer<UInt8>) {
        if !alpha {
            for i in 0..<width {
                out[3 * i] = src[4 * i]; out[3 * i + 1] = src[4 * i + 1]; out[3 * i + 2] = src[4 * i + 2]
            }
            return
        }
        for i in 0..<width {
            let a = src[4 * i + 3]
            switch a {
            case 0:
                out[4 * i] = 0; out[4 * i + 1] = 0; out[4 * i + 2] = 0
            case 255:
                out[4 * i] = src[4 * i]; out[4 * i + 1] = src[4 * i + 1]; out[4 * i + 2] = src[4 * i + 2]
            default:
                out[4 * i] = PNGCodec.unpremultiply(src[4 * i], alpha: a)
                out[4 * i + 1] = PNGCodec.unpremultiply(src[4 * i + 1], alpha: a)
                out[4 * i + 2] = PNGCodec.unpremultiply(src[4 * i + 2], alpha: a)
            }
            out[4 * i + 3] = a
        }
    }

    /// Filters `row` (with `previous` above it) into `into` as filter byte + bytes; returns the start of the
    /// chosen filtered row (for adaptive, one of five written side by side).
    static func filter(_ row: UnsafePointer<UInt8>, previous: UnsafePointer<UInt8>, count: Int, bpp: Int,
                       filter: PNGFilter, into: UnsafeMutablePointer<UInt8>) -> UnsafePointer<UInt8> {
        switch filter {
        case .none: apply(0, row, previous, count, bpp, into)
        case .sub: apply(1, row, previous, count, bpp, into)
        case .up: apply(2, row, previous, count, bpp, into)
        case .paeth: apply(4, row, previous, count, bpp, into)
        case .adaptive:
            // libpng's heuristic: the smallest sum of the bytes read as signed magnitudes; ties go to the
            // lower filter type.
            var best = 0, bestSum = Int.max
            for type in 0..<5 {
                let out = into + type * (count + 1)
                apply(UInt8(type), row, previous, count, bpp, out)
                var sum = 0
                for i in 1...count {
                    let v = Int(out[i])
                    sum += v < 128 ? v : 256 - v
                }
                if sum < bestSum { best = type; bestSum = sum }
            }
            return UnsafePointer(into + best * (count + 1))
        }
        return UnsafePointer(into)
    }

    @inline(__always)
    private static func apply(_ type: UInt8, _ row: UnsafePointer<UInt8>, _ up: UnsafePointer<UInt8>,
                              _ count: Int, _ bpp: Int, _ out: UnsafeMutablePointer<UInt8>) {
        out[0] = type
        let o = out + 1
        switch type {
        case 0:
            o.update(from: row, count: count)
        case 1:
            for i in 0..<bpp { o[i] = row[i] }
            for i in bpp..<count { o[i] = row[i] &- row[i - bpp] }
        case 2:
            for i in 0..<count { o[i] = row[i] &- up[i] }
        case 3:
            for i in 0..<bpp { o[i] = row[i] &- up[i] / 2 }
            for i in bpp..<count { o[i] = row[i] &- UInt8((UInt16(row[i - bpp]) + UInt16(up[i])) / 2) }
        default:
            for i in 0..<bpp { o[i] = row[i] &- up[i] }  // Paeth with a = c = 0 predicts b
            for i in bpp..<count {
                let a = Int(row[i - bpp]), b = Int(up[i]), c = Int(up[i - bpp])
                let p = a + b - c
                let pa = abs(p - a), pb = abs(p - b), pc = abs(p - c)
                let predictor = pa <= pb && pa <= pc ? a : pb <= pc ? b : c
                o[i] = row[i] &- UInt8(predictor)
            }
        }
    }

    // MARK: Chunks

    private static func append32(_ out: inout [UInt8], _ value: UInt32) {
        out += [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }

    private static func appendChunk(_ out: inout [UInt8], _ type: String, _ data: [UInt8]) {
        append32(&out, UInt32(data.count))
        let start = out.count
        out += Array(type.utf8)
        out += data
        let crc = out.withUnsafeBufferPointer { p in crc32(0, p.baseAddress! + start, UInt32(out.count - start)) }
        append32(&out, UInt32(crc))
    }

    /// zlib's output, through a small scratch buffer, into the file's bytes as IDAT chunks of about
    /// `chunkLimit` bytes (the compressed bytes are copied once; the pixels never are).
    private final class IDATWriter {
        /// Big enough that a frame is a few chunks, small enough that no chunk nears the format's 2³¹ limit.
        static let chunkLimit = 1 << 20
        static let scratchSize = 1 << 16
        var out: [UInt8]
        /// Where the open chunk's length field starts (-1: none open), and how many data bytes it holds.
        var chunkStart = -1
        var chunkData = 0
        let scratch = UnsafeMutablePointer<UInt8>.allocate(capacity: scratchSize)

        init(out: [UInt8]) { self.out = out }
        deinit { scratch.deallocate() }

        func deflate(_ stream: inout z_stream, _ input: UnsafePointer<UInt8>, count: Int, finish: Bool) throws {
            stream.next_in = UnsafeMutablePointer(mutating: input)
            stream.avail_in = UInt32(count)
            while true {
                stream.next_out = scratch
                stream.avail_out = UInt32(Self.scratchSize)
                let result = CPNG.deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                guard result == Z_OK || result == Z_STREAM_END || result == Z_BUF_ERROR else {
                    throw MediaError("zlib failed while compressing a PNG (deflate: \(result)).")
                }
                let written = Self.scratchSize - Int(stream.avail_out)
                if written > 0 {
                    if chunkStart < 0 { openChunk() }
                    out.append(contentsOf: UnsafeBufferPointer(start: scratch, count: written))
                    chunkData += written
                    if chunkData >= Self.chunkLimit { closeChunk() }
                }
                if result == Z_STREAM_END { closeChunk(); return }
                // zlib holds input back only when the scratch was full.
                if !finish && stream.avail_out > 0 { return }
            }
        }

        private func openChunk() {
            chunkStart = out.count
            chunkData = 0
            out += [0, 0, 0, 0, 0x49, 0x44, 0x41, 0x54]  // length (patched on close), "IDAT"
        }

        private func closeChunk() {
            guard chunkStart >= 0 else { return }
            let length = UInt32(chunkData)
            out[chunkStart] = UInt8(length >> 24); out[chunkStart + 1] = UInt8((length >> 16) & 0xFF)
            out[chunkStart + 2] = UInt8((length >> 8) & 0xFF); out[chunkStart + 3] = UInt8(length & 0xFF)
            let crc = out.withUnsafeBufferPointer { p in
                crc32(0, p.baseAddress! + chunkStart + 4, UInt32(4 + chunkData))
            }
            PNGWriter.append32(&out, UInt32(crc))
            chunkStart = -1
            chunkData = 0
        }

        func finish() -> [UInt8] { out }
    }
}
