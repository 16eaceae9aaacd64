// Animated PNG: the chunk layer both ways (CRC-32, chunk parsing and writing) and a decoder that composes
// the frames. Each frame's compressed data is rewrapped into a standalone PNG and decoded by PNGCodec, so
// there is one inflater (libpng's) for stills and animations alike.
import Foundation
import Raster

/// Decoding animated PNGs (acTL/fcTL/fdAT) into whole frames, for tests and clip comparisons.
public enum APNG {
    /// How long a frame shows: `num`/`den` seconds (a `den` of 0 means 100, as the format says).
    public struct Delay: Equatable, Hashable, Sendable, CustomStringConvertible {
        public var num: UInt16
        public var den: UInt16
        public init(num: UInt16, den: UInt16) { self.num = num; self.den = den }
        /// The denominator the format means: 0 stands for 100.
        public var effectiveDenominator: Int { den == 0 ? 100 : Int(den) }
        public var seconds: Double { Double(num) / Double(effectiveDenominator) }
        public var description: String { "\(num)/\(den) s" }
    }

    /// A decoded animation: every stored frame as the full canvas after it was rendered (premultiplied
    /// RGBA8, like `PNGCodec.decode`), with its delay.
    public struct Animation: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var frames: [PixelBuffer]
        public var delays: [Delay]
        /// acTL's num_plays: 0 loops forever.
        public var loops: Int

        /// The frames at a constant rate: each stored frame repeated delay × `framesPerSecond` times, so a
        /// clip whose still stretches were merged compares frame by frame with its source. Fails when a
        /// delay is not a whole number of frames at that rate.
        public func expandedFrames(framesPerSecond fps: Int) throws -> [PixelBuffer] {
            var result: [PixelBuffer] = []
            for (index, (frame, delay)) in zip(frames, delays).enumerated() {
                let ticks = Int(delay.num) * fps
                guard fps > 0, ticks % delay.effectiveDenominator == 0 else {
                    throw MediaError("Frame \(index) of the APNG shows for \(delay), which is not a whole number of frames at \(fps) fps. Expand it at the rate it was written at.")
                }
                result += repeatElement(frame, count: ticks / delay.effectiveDenominator)
            }
            return result
        }
    }

    /// A clip read back frame by frame: `frames` has one entry per frame time.
    public struct Decoded: Equatable, Sendable {
        public var frames: [PixelBuffer]
        /// The rate the delays are counted in when every delay is a whole number of 1/den s with one `den`
        /// (as APNGSink writes: den = fps), with `frames` expanded to one per frame time; else nil, with
        /// the stored frames once each.
        public var framesPerSecond: Double?
    }

    /// Decodes an APNG as a clip (for golden comparisons): stored frames repeated for their delays.
    public static func decode(_ bytes: [UInt8]) throws -> Decoded { try clip(decodeFrames(bytes)) }
    /// Decodes the APNG file at `url` as a clip; errors name the path.
    public static func decode(contentsOf url: URL) throws -> Decoded { try clip(decodeFrames(contentsOf: url)) }

    private static func clip(_ animation: Animation) throws -> Decoded {
        let dens = Set(animation.delays.map(\.effectiveDenominator))
        guard dens.count == 1, let den = dens.first, animation.delays.allSatisfy({ $0.num > 0 }) else {
            return Decoded(frames: animation.frames, framesPerSecond: nil)
        }
        return Decoded(frames: try animation.expandedFrames(framesPerSecond: den), framesPerSecond: Double(den))
    }

    /// Decodes every frame of an APNG. Errors say what is wrong and where (byte offsets, frame numbers):
    /// not a PNG, a PNG without animation, truncation, bad CRCs, sequence numbers out of order, frame
    /// regions outside the canvas.
    public static func decodeFrames(_ bytes: [UInt8]) throws -> Animation {
        var frames: [PixelBuffer] = [], delays: [Delay] = []
        let header = try forEachFrame(bytes, source: "The data") { frame, delay in
            frames.append(frame); delays.append(delay)
        }
        return Animation(width: header.width, height: header.height, frames: frames, delays: delays, loops: header.loops)
    }

    /// Decodes the APNG file at `url`; errors name the path.
    public static func decodeFrames(contentsOf url: URL) throws -> Animation {
        let bytes = try PNGCodec.readFile(url, what: "the APNG file")
        var frames: [PixelBuffer] = [], delays: [Delay] = []
        let header = try forEachFrame(bytes, source: url.path) { frame, delay in
            frames.append(frame); delays.append(delay)
        }
        return Animation(width: header.width, height: header.height, frames: frames, delays: delays, loops: header.loops)
    }

    /// Calls `body` with each composed frame in order, holding one canvas at a time (long clips decode
    /// without holding every frame).
    public static func forEachFrame(_ bytes: [UInt8], _ body: (PixelBuffer, Delay) throws -> Void) throws {
        _ = try forEachFrame(bytes, source: "The data", body)
    }
}

// MARK: Chunks

/// One PNG chunk: its four-letter type and its data.
struct PNGChunk {
    var type: String
    var data: ArraySlice<UInt8>
    /// Where the chunk starts in the stream (its length field), for messages.
    var offset: Int
}

enum PNGChunks {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]
    /// The largest chunk length the format allows.
    static let maximumLength = Int(Int32.max)

    private static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    /// CRC-32 (ISO 3309, as PNG uses) over `type` then `data`.
    static func crc(type: [UInt8], data: some Collection<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for byte in type { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        for byte in data { c = crcTable[Int((c ^ UInt32(byte)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    /// A whole chunk: length, type, data, CRC.
    static func chunk(_ type: String, _ data: some Collection<UInt8>) -> [UInt8] {
        let typeBytes = Array(type.utf8)
        precondition(typeBytes.count == 4 && data.count <= maximumLength)
        var out = be32(UInt32(data.count)) + typeBytes
        out += data
        out += be32(crc(type: typeBytes, data: data))
        return out
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }
    static func be16(_ v: UInt16) -> [UInt8] { [UInt8(v >> 8), UInt8(v & 0xFF)] }
    static func readBE32(_ b: ArraySlice<UInt8>, _ at: Int) -> UInt32 {
        let i = b.startIndex + at
        return UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }
    static func readBE16(_ b: ArraySlice<UInt8>, _ at: Int) -> UInt16 {
        let i = b.startIndex + at
        return UInt16(b[i]) << 8 | UInt16(b[i + 1])
    }

    /// The chunks of a PNG stream up to and including IEND, with lengths and CRCs checked.
    static func parse(_ bytes: [UInt8], source: String) throws -> [PNGChunk] {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else {
            throw MediaError("\(source) is not a PNG: it does not start with the PNG signature (\(bytes.count) bytes).")
        }
        var chunks: [PNGChunk] = []
        var at = 8
        while true {
            guard bytes.count - at >= 12 else {
                throw MediaError("\(source) is truncated: it ends at byte \(bytes.count) before its IEND chunk"
                                 + " (after \(chunks.last.map { "a '\($0.type)' chunk" } ?? "the signature")). Write the file again.")
            }
            let length = Int(readBE32(bytes[...], at))
            let typeBytes = Array(bytes[(at + 4)..<(at + 8)])
            let type = String(decoding: typeBytes, as: UTF8.self)
            guard typeBytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
                throw MediaError("\(source) is corrupt: the chunk at byte \(at) has an invalid type \(typeBytes).")
            }
            guard length <= maximumLength else {
                throw MediaError("\(source) is corrupt: the '\(type)' chunk at byte \(at) claims \(length) bytes, more than a PNG chunk may hold.")
            }
            guard bytes.count - at - 12 >= length else {
                throw MediaError("\(source) is truncated: the '\(type)' chunk at byte \(at) claims \(length) bytes but only"
                                 + " \(max(0, bytes.count - at - 12)) remain. Write the file again.")
            }
            let data = bytes[(at + 8)..<(at + 8 + length)]
            let stored = readBE32(bytes[...], at + 8 + length)
            guard stored == crc(type: typeBytes, data: data) else {
                throw MediaError("\(source) is corrupt: the '\(type)' chunk at byte \(at) fails its CRC check.")
            }
            chunks.append(PNGChunk(type: type, data: data, offset: at))
            at += 12 + length
            if type == "IEND" { return chunks }
        }
    }
}

// MARK: Frame control

/// An fcTL chunk's fields.
struct FrameControl: Equatable {
    var sequence: UInt32
    var width: Int, height: Int, x: Int, y: Int
    var delay: APNG.Delay
    /// 0 none, 1 background (clear to transparent black), 2 previous (restore).
    var dispose: UInt8
    /// 0 source (replace), 1 over (alpha-composite).
    var blend: UInt8

    static let disposeNone: UInt8 = 0, disposeBackground: UInt8 = 1, disposePrevious: UInt8 = 2
    static let blendSource: UInt8 = 0, blendOver: UInt8 = 1

    var encoded: [UInt8] {
        PNGChunks.be32(sequence) + PNGChunks.be32(UInt32(width)) + PNGChunks.be32(UInt32(height))
            + PNGChunks.be32(UInt32(x)) + PNGChunks.be32(UInt32(y))
            + PNGChunks.be16(delay.num) + PNGChunks.be16(delay.den) + [dispose, blend]
    }

    init(sequence: UInt32, width: Int, height: Int, x: Int, y: Int, delay: APNG.Delay, dispose: UInt8, blend: UInt8) {
        self.sequence = sequence; self.width = width; self.height = height; self.x = x; self.y = y
        self.delay = delay; self.dispose = dispose; self.blend = blend
    }

    init(_ data: ArraySlice<UInt8>) {
        sequence = PNGChunks.readBE32(data, 0)
        width = Int(PNGChunks.readBE32(data, 4)); height = Int(PNGChunks.readBE32(data, 8))
        x = Int(PNGChunks.readBE32(data, 12)); y = Int(PNGChunks.readBE32(data, 16))
        delay = APNG.Delay(num: PNGChunks.readBE16(data, 20), den: PNGChunks.readBE16(data, 22))
        dispose = data[data.startIndex + 24]; blend = data[data.startIndex + 25]
    }
}

// MARK: Decoding

extension APNG {
    struct Header { var width: Int; var height: Int; var loops: Int }

    static func forEachFrame(_ bytes: [UInt8], source: String, _ body: (PixelBuffer, Delay) throws -> Void) throws -> Header {
        let chunks = try PNGChunks.parse(bytes, source: source)
        guard let ihdr = chunks.first, ihdr.type == "IHDR", ihdr.data.count == 13 else {
            throw MediaError("\(source) is not a valid PNG: its first chunk is '\(chunks.first?.type ?? "none")', not a 13-byte IHDR.")
        }
        let width = Int(PNGChunks.readBE32(ihdr.data, 0)), height = Int(PNGChunks.readBE32(ihdr.data, 4))
        guard width > 0, height > 0, width <= Int(Int32.max) / 4, width * height <= 1 << 28 else {
            throw MediaError("\(source) is a \(width)×\(height) PNG: too large (or empty) to decode as an animation.")
        }
        let firstIDAT = chunks.firstIndex { $0.type == "IDAT" } ?? chunks.count
        guard let actl = chunks[..<firstIDAT].first(where: { $0.type == "acTL" }) else {
            throw MediaError("\(source) is not an APNG: it has no acTL chunk before its image data (a still PNG"
                             + " decodes with PNGCodec.decode).")
        }
        guard actl.data.count == 8 else {
            throw MediaError("\(source) is corrupt: its acTL chunk at byte \(actl.offset) holds \(actl.data.count) bytes, not 8.")
        }
        let frameCount = Int(PNGChunks.readBE32(actl.data, 0)), loops = Int(PNGChunks.readBE32(actl.data, 4))
        guard firstIDAT < chunks.count else {
            throw MediaError("\(source) is corrupt: it has no IDAT chunk (no default image).")
        }
        // Chunks a standalone frame needs before its data: palette, transparency, colour space.
        let shared = chunks[1..<firstIDAT].filter { !["acTL", "fcTL", "fdAT"].contains($0.type) }

        // Frames in file order, each its control and its compressed data.
        var frames: [(control: FrameControl, data: [UInt8], offset: Int)] = []
        var expected: UInt32 = 0
        var current: (control: FrameControl, data: [UInt8], offset: Int)?
        var inDefaultImage = false, defaultImageDone = false
        func sequence(_ chunk: PNGChunk) throws {
            let number = PNGChunks.readBE32(chunk.data, 0)
            guard number == expected else {
                throw MediaError("\(source) is corrupt: the '\(chunk.type)' chunk at byte \(chunk.offset) has sequence number"
                                 + " \(number) where \(expected) was expected (fcTL and fdAT are numbered 0, 1, 2… in order).")
            }
            expected += 1
        }
        func finishFrame() throws {
            guard let frame = current else { return }
            guard !frame.data.isEmpty else {
                throw MediaError("\(source) is corrupt: frame \(frames.count) (fcTL at byte \(frame.offset)) has no image data.")
            }
            frames.append(frame)
            current = nil
        }
        for chunk in chunks {
            if inDefaultImage && chunk.type != "IDAT" {
                inDefaultImage = false; defaultImageDone = true
                try finishFrame()   // frame 0 when an fcTL came first; its data is the IDATs only
            }
            switch chunk.type {
            case "fcTL":
                guard chunk.data.count == 26 else {
                    throw MediaError("\(source) is corrupt: the fcTL chunk at byte \(chunk.offset) holds \(chunk.data.count) bytes, not 26.")
                }
                try sequence(chunk)
                try finishFrame()
                current = (FrameControl(chunk.data), [], chunk.offset)
            case "IDAT":
                if defaultImageDone {
                    throw MediaError("\(source) is corrupt: the IDAT chunk at byte \(chunk.offset) is separated from the other IDAT chunks.")
                }
                inDefaultImage = true
                // With an fcTL before it the default image is frame 0; without, it is not animated.
                if current != nil { current!.data += chunk.data }
            case "fdAT":
                guard chunk.data.count >= 4 else {
                    throw MediaError("\(source) is corrupt: the fdAT chunk at byte \(chunk.offset) is too short for its sequence number.")
                }
                try sequence(chunk)
                guard current != nil, defaultImageDone else {
                    throw MediaError("\(source) is corrupt: the fdAT chunk at byte \(chunk.offset) does not follow an fcTL chunk after the default image.")
                }
                current!.data += chunk.data.dropFirst(4)
            default:
                break
            }
        }
        try finishFrame()
        guard frames.count == frameCount else {
            throw MediaError("\(source) is corrupt: its acTL chunk announces \(frameCount) frames but it holds \(frames.count).")
        }
        guard frameCount > 0 else { throw MediaError("\(source) is corrupt: its acTL chunk announces no frames.") }

        var canvas = [UInt8](repeating: 0, count: width * height * 4)   // straight RGBA, as PNG stores it
        for (number, frame) in frames.enumerated() {
            let c = frame.control
            guard c.width > 0, c.height > 0, c.x + c.width <= width, c.y + c.height <= height else {
                throw MediaError("\(source) is corrupt: frame \(number) covers \(c.width)×\(c.height) at (\(c.x), \(c.y)),"
                                 + " outside the \(width)×\(height) canvas.")
            }
            guard c.dispose <= 2, c.blend <= 1 else {
                throw MediaError("\(source) is corrupt: frame \(number) has dispose_op \(c.dispose) and blend_op \(c.blend) (allowed: 0–2 and 0–1).")
            }
            // A frame on its own: IHDR with the frame's size, the shared chunks, its data as IDAT.
            var ihdrData = Array(ihdr.data)
            ihdrData.replaceSubrange(0..<8, with: PNGChunks.be32(UInt32(c.width)) + PNGChunks.be32(UInt32(c.height)))
            var png = PNGChunks.signature + PNGChunks.chunk("IHDR", ihdrData)
            for chunk in shared { png += PNGChunks.chunk(chunk.type, chunk.data) }
            png += PNGChunks.chunk("IDAT", frame.data) + PNGChunks.chunk("IEND", [])
            let image = try PNGCodec.decodeStraight(png, source: "Frame \(number) of \(source)")

            let saved = c.dispose == FrameControl.disposePrevious && number > 0 ? canvas : nil
            place(image.pixels, control: c, on: &canvas, canvasWidth: width)
            var output = canvas
            PNGCodec.premultiplyInPlace(&output)
            var buffer = PixelBuffer(width: width, height: height)
            buffer.bytes = output
            try body(buffer, c.delay)
            // Disposal happens after the frame has shown; PREVIOUS on the first frame means BACKGROUND.
            if let saved {
                canvas = saved
            } else if c.dispose != FrameControl.disposeNone {
                for y in c.y..<(c.y + c.height) {
                    let start = (y * width + c.x) * 4
                    canvas.replaceSubrange(start..<(start + c.width * 4), with: repeatElement(0, count: c.width * 4))
                }
            }
        }
        return Header(width: width, height: height, loops: loops)
    }

    /// Renders a frame's straight RGBA pixels into its region of the canvas, replacing (SOURCE) or
    /// compositing over (OVER) what is there.
    private static func place(_ pixels: [UInt8], control c: FrameControl, on canvas: inout [UInt8], canvasWidth: Int) {
        for row in 0..<c.height {
            let src = row * c.width * 4, dst = ((c.y + row) * canvasWidth + c.x) * 4
            if c.blend == FrameControl.blendSource {
                canvas.replaceSubrange(dst..<(dst + c.width * 4), with: pixels[src..<(src + c.width * 4)])
                continue
            }
            for i in stride(from: 0, to: c.width * 4, by: 4) {
                let sa = Double(pixels[src + i + 3]), da = Double(canvas[dst + i + 3])
                if sa == 0 { continue }
                if sa == 255 || da == 0 {
                    for k in 0..<4 { canvas[dst + i + k] = pixels[src + i + k] }
                    continue
                }
                let u = sa / 255, v = (1 - u) * da / 255, outA = u + v
                for k in 0..<3 {
                    let value = (Double(pixels[src + i + k]) * u + Double(canvas[dst + i + k]) * v) / outA
                    canvas[dst + i + k] = UInt8(min(255, value.rounded()))
                }
                canvas[dst + i + 3] = UInt8(min(255, (outA * 255).rounded()))
            }
        }
    }
}
