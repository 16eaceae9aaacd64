// Orientation and colour profiles read from the containers themselves, in Swift with every offset checked:
// JPEG's APP1 (EXIF) and APP2 (ICC, in numbered pieces) segments, PNG's eXIf and iCCP chunks, EXIF's TIFF
// IFD0 Orientation tag, and HEIF's irot/imir properties of the primary item. Malformed metadata is ignored
// (the pixels still decode), as ImageIO does.
internal import CPNG
import Foundation

/// Big- or little-endian reads from a byte array that return nil instead of reading past the end.
struct ByteReader {
    let bytes: [UInt8]
    var bigEndian = true

    func u8(_ at: Int) -> Int? { at >= 0 && at < bytes.count ? Int(bytes[at]) : nil }
    func u16(_ at: Int) -> Int? {
        guard at >= 0, at + 2 <= bytes.count else { return nil }
        let a = Int(bytes[at]), b = Int(bytes[at + 1])
        return bigEndian ? a << 8 | b : b << 8 | a
    }
    func u32(_ at: Int) -> Int? {
        guard at >= 0, at + 4 <= bytes.count else { return nil }
        let a = Int(bytes[at]), b = Int(bytes[at + 1]), c = Int(bytes[at + 2]), d = Int(bytes[at + 3])
        return bigEndian ? a << 24 | b << 16 | c << 8 | d : d << 24 | c << 16 | b << 8 | a
    }
    func matches(_ text: String, at: Int) -> Bool {
        let t = Array(text.utf8)
        return at >= 0 && at + t.count <= bytes.count && Array(bytes[at..<at + t.count]) == t
    }
}

enum ImageMetadata {
    // MARK: EXIF

    /// The Orientation tag (0x0112) of IFD0 in a TIFF structure ("II*\0" or "MM\0*"), if it is 1–8.
    static func exifOrientation(tiff: [UInt8]) -> Int? {
        var r = ByteReader(bytes: tiff)
        if r.matches("II", at: 0) { r.bigEndian = false } else if !r.matches("MM", at: 0) { return nil }
        guard r.u16(2) == 42, let ifd = r.u32(4), let count = r.u16(ifd) else { return nil }
        for i in 0..<min(count, 1000) {
            let entry = ifd + 2 + i * 12
            guard let tag = r.u16(entry) else { return nil }
            // Type 3 (SHORT), count 1: the value sits in the first two bytes of the value field.
            if tag == 0x0112, r.u16(entry + 2) == 3, let value = r.u16(entry + 8) {
                return (1...8).contains(value) ? value : nil
            }
        }
        return nil
    }

    /// EXIF as found in WebP's EXIF chunk or PNG's eXIf: a TIFF structure, sometimes after "Exif\0\0".
    static func exifOrientation(exifPayload bytes: [UInt8]) -> Int? {
        if ByteReader(bytes: bytes).matches("Exif\0\0", at: 0) { return exifOrientation(tiff: Array(bytes.dropFirst(6))) }
        return exifOrientation(tiff: bytes)
    }

    // MARK: JPEG

    /// The EXIF orientation and ICC profile of a JPEG: its segments up to the first scan.
    static func jpeg(_ bytes: [UInt8]) -> (orientation: Int?, icc: [UInt8]?) {
        let r = ByteReader(bytes: bytes)
        var orientation: Int?
        var iccPieces: [Int: [UInt8]] = [:], iccCount = 0
        var at = 2
        while at + 4 <= bytes.count {
            guard bytes[at] == 0xFF else { break }
            let marker = bytes[at + 1]
            if marker == 0xFF { at += 1; continue }                      // fill byte
            if marker == 0xD8 || (0xD0...0xD7).contains(marker) || marker == 0x01 { at += 2; continue }
            if marker == 0xDA || marker == 0xD9 { break }                // start of scan, end of image
            guard let length = r.u16(at + 2), length >= 2, at + 2 + length <= bytes.count else { break }
            let body = at + 4, bodyEnd = at + 2 + length
            if marker == 0xE1, orientation == nil, r.matches("Exif\0\0", at: body) {
                orientation = exifOrientation(tiff: Array(bytes[body + 6..<bodyEnd]))
            } else if marker == 0xE2, r.matches("ICC_PROFILE\0", at: body), bodyEnd >= body + 14 {
                // Pieces numbered 1…count, in any order.
                let index = Int(bytes[body + 12]), count = Int(bytes[body + 13])
                if index >= 1, index <= count, iccPieces[index] == nil {
                    iccPieces[index] = Array(bytes[body + 14..<bodyEnd])
                    iccCount = count
                }
            }
            at = bodyEnd
        }
        var icc: [UInt8]?
        if iccCount > 0, iccPieces.count == iccCount {
            icc = (1...iccCount).flatMap { iccPieces[$0]! }
        }
        return (orientation, icc)
    }

    // MARK: PNG

    /// Largest ICC profile inflated from a PNG's iCCP chunk.
    static let maximumProfileBytes = 4 << 20

    /// A PNG's EXIF orientation (eXIf) and colour tag: an sRGB chunk wins over iCCP, as the PNG spec says.
    static func png(_ bytes: [UInt8]) -> (orientation: Int?, color: ColorTag) {
        let r = ByteReader(bytes: bytes)
        var orientation: Int?
        var icc: [UInt8]?
        var sRGB = false
        var at = 8
        while let length = r.u32(at), at + 12 + length <= bytes.count {
            let type = String(decoding: bytes[at + 4..<at + 8], as: UTF8.self)
            let data = Array(bytes[at + 8..<at + 8 + length])
            switch type {
            case "eXIf": orientation = exifOrientation(exifPayload: data)
            case "sRGB": sRGB = true
            case "iCCP":
                // name (1–79 bytes), NUL, compression method 0, zlib stream.
                if let nul = data.firstIndex(of: 0), nul + 2 <= data.count, data[nul + 1] == 0 {
                    icc = inflate(Array(data[(nul + 2)...]), limit: maximumProfileBytes)
                }
            case "IDAT", "IEND": return (orientation, sRGB ? .untagged : icc.map(ColorTag.icc) ?? .untagged)
            default: break
            }
            at += 12 + length
        }
        return (orientation, sRGB ? .untagged : icc.map(ColorTag.icc) ?? .untagged)
    }

    /// A zlib stream inflated, or nil when it is corrupt or would exceed `limit` bytes.
    static func inflate(_ input: [UInt8], limit: Int) -> [UInt8]? {
        var stream = z_stream()
        guard inflateInit_(&stream, ZLIB_VERSION, Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { inflateEnd(&stream) }
        var output = [UInt8]()
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        var input = input
        return input.withUnsafeMutableBufferPointer { inBuffer -> [UInt8]? in
            stream.next_in = inBuffer.baseAddress
            stream.avail_in = UInt32(inBuffer.count)
            while true {
                let status = chunk.withUnsafeMutableBufferPointer { out -> Int32 in
                    stream.next_out = out.baseAddress
                    stream.avail_out = UInt32(out.count)
                    return CPNG.inflate(&stream, Z_NO_FLUSH)
                }
                let produced = chunk.count - Int(stream.avail_out)
                output.append(contentsOf: chunk[..<produced])
                if output.count > limit { return nil }
                if status == Z_STREAM_END { return output }
                guard status == Z_OK, produced > 0 || stream.avail_in > 0 else { return nil }
            }
        }
    }

    // MARK: HEIF

    /// The EXIF orientation equal to the primary item's irot/imir properties, applied in their order.
    static func heifOrientation(_ bytes: [UInt8]) -> Int {
        let r = ByteReader(bytes: bytes)
        /// The boxes between `start` and `end`: (type, payload start, payload end).
        func boxes(_ start: Int, _ end: Int) -> [(type: String, body: Int, end: Int)] {
            var found: [(String, Int, Int)] = []
            var at = start
            while at + 8 <= end, found.count < 10_000, let size32 = r.u32(at) {
                var header = 8, size = size32
                if size32 == 1 {
                    guard let high = r.u32(at + 8), let low = r.u32(at + 12), high == 0 else { break }
                    size = low; header = 16
                } else if size32 == 0 { size = end - at }
                guard size >= header, at + size <= end else { break }
                found.append((String(decoding: bytes[at + 4..<at + 8], as: UTF8.self), at + header, at + size))
                at += size
            }
            return found
        }
        guard let meta = boxes(0, bytes.count).first(where: { $0.type == "meta" }) else { return 1 }
        let metaChildren = boxes(meta.body + 4, meta.end)               // meta is a full box
        guard let pitm = metaChildren.first(where: { $0.type == "pitm" }),
              let pitmVersion = r.u8(pitm.body),
              let primary = pitmVersion == 0 ? r.u16(pitm.body + 4) : r.u32(pitm.body + 4),
              let iprp = metaChildren.first(where: { $0.type == "iprp" }) else { return 1 }
        let iprpChildren = boxes(iprp.body, iprp.end)
        guard let ipco = iprpChildren.first(where: { $0.type == "ipco" }) else { return 1 }
        let properties = boxes(ipco.body, ipco.end)
        var matrix = (1, 0, 0, 1)                                       // stored → shown, y down
        for ipma in iprpChildren where ipma.type == "ipma" {
            guard let version = r.u8(ipma.body), let flags = r.u8(ipma.body + 3),
                  let entries = r.u32(ipma.body + 4) else { continue }
            var at = ipma.body + 8
            for _ in 0..<min(entries, 100_000) {
                guard let item = version < 1 ? r.u16(at) : r.u32(at) else { break }
                at += version < 1 ? 2 : 4
                guard let count = r.u8(at) else { break }
                at += 1
                for _ in 0..<count {
                    let wide = flags & 1 == 1
                    guard let raw = wide ? r.u16(at) : r.u8(at) else { break }
                    at += wide ? 2 : 1
                    let index = raw & (wide ? 0x7FFF : 0x7F)
                    guard item == primary, index >= 1, index <= properties.count else { continue }
                    let property = properties[index - 1]
                    guard let value = r.u8(property.body) else { continue }
                    let step: (Int, Int, Int, Int)
                    switch property.type {
                    case "irot":
                        // Anticlockwise quarter turns: (x, y) → (y, −x) each.
                        switch value & 3 {
                        case 1: step = (0, 1, -1, 0)
                        case 2: step = (-1, 0, 0, -1)
                        case 3: step = (0, -1, 1, 0)
                        default: step = (1, 0, 0, 1)
                        }
                    case "imir":
                        // As libheif (which turns the pixels we start from) reads it, with the current
                        // HEIF text: axis 0 mirrors top and bottom, axis 1 left and right (the 2017
                        // edition said the opposite; libheif's own files and tests settle it).
                        step = value & 1 == 0 ? (1, 0, 0, -1) : (-1, 0, 0, 1)
                    default: continue
                    }
                    matrix = (step.0 * matrix.0 + step.1 * matrix.2, step.0 * matrix.1 + step.1 * matrix.3,
                              step.2 * matrix.0 + step.3 * matrix.2, step.2 * matrix.1 + step.3 * matrix.3)
                }
            }
        }
        return exifOrientation(matrix: matrix)
    }

    /// The EXIF orientation whose stored → shown map (y down) is `m` = (a, b, c, d): x' = a x + b y, y' = c x + d y.
    static func exifOrientation(matrix m: (Int, Int, Int, Int)) -> Int {
        switch m {
        case (-1, 0, 0, 1): return 2
        case (-1, 0, 0, -1): return 3
        case (1, 0, 0, -1): return 4
        case (0, 1, 1, 0): return 5
        case (0, -1, 1, 0): return 6
        case (0, -1, -1, 0): return 7
        case (0, 1, -1, 0): return 8
        default: return 1
        }
    }

    /// The orientation that undoes `exif`: quarter turns swap, flips undo themselves.
    static func inverse(ofEXIF exif: Int) -> Int { exif == 6 ? 8 : exif == 8 ? 6 : exif }
}
