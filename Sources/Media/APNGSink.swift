// An animated PNG of the appended frames: lossless, so every decoded frame is the rendered frame byte for
// byte, and timed exactly (delays are fractions, 1/fps each). Frames are spooled to disk and encoded at
// finish, when the colour type (RGB if every frame was opaque, else RGBA) is known.
import Foundation
import Raster

#if canImport(Glibc)
import Glibc
#endif

/// A looping APNG (acTL num_plays 0) of every appended frame, frame *i* starting at exactly *i*/fps s.
///
/// Each appended frame is compared with the one before: only the rectangle that changed is spooled to a
/// raw partial file next to the target, and a frame identical to the one before lengthens that frame's
/// delay instead (memory stays one frame, whatever the clip's length). `finish()` encodes each stored
/// rectangle (through `PNGCodec`, the frames of a batch on all cores) and lifts its compressed data into the animation: frame 0
/// is the default image (IDAT), later frames are fdAT regions with blend SOURCE over the kept previous
/// frame (dispose NONE). The file is written to a partial file and renamed over the target; `cancel()`
/// leaves the target as it was.
public final class APNGSink: FrameSink {
    public let file: URL
    public let framesPerSecond: Int
    /// A delay is num/den seconds with a 16-bit denominator: 1/fps is exact for these rates.
    public static let fpsRange = 1...Int(UInt16.max)

    /// A stored frame: the region spooled for it, how many frame times it shows, and the canvas's first
    /// pixel while it shows (to continue a still longer than a 16-bit delay).
    private struct StoredFrame { var rect: PixelRect; var ticks: Int; var firstPixel: [UInt8] }

    private let spool: FrameSpool
    private var frameCount = 0
    private var size: (width: Int, height: Int)?
    private var opaque = true
    /// The last frame appended, in storage of the sink's own, so the caller's buffer can be reused.
    private var previous: [UInt8] = []
    private var stored: [StoredFrame] = []
    private var state = SinkState.open
    /// How each frame's data is compressed.
    public let options: PNGOptions

    public init(file: URL, framesPerSecond: Int, options: PNGOptions = .default) throws {
        self.options = options
        let target = file.standardizedFileURL
        self.file = target
        spool = FrameSpool(for: target)
        self.framesPerSecond = framesPerSecond
        guard Self.fpsRange.contains(framesPerSecond) else {
            throw MediaError("Cannot write \(target.path) at \(framesPerSecond) fps: an APNG frame delay is 1/fps s with"
                             + " fps from \(Self.fpsRange.lowerBound) to \(Self.fpsRange.upperBound).")
        }
        try AtomicOutput.prepareFileTarget(target, what: "the APNG")
    }

    deinit { cancel() }

    public func append(_ frame: PixelBuffer) throws {
        try state.requireOpen("APNG sink", file.path)
        if let size, size != (frame.width, frame.height) {
            throw MediaError("Frame \(frameCount) for \(file.path) is \(frame.width)×\(frame.height) but the APNG is"
                             + " \(size.width)×\(size.height); all frames must have one size.")
        }
        guard frame.width > 0, frame.height > 0, frame.bytes.count == frame.width * frame.height * 4 else {
            throw MediaError("Frame \(frameCount) for \(file.path) is \(frame.width)×\(frame.height) with \(frame.bytes.count) bytes;"
                             + " an APNG frame needs at least 1×1 pixels of 4 bytes each.")
        }
        if opaque { opaque = PNGCodec.isOpaque(frame) }
        let rect: PixelRect
        if stored.isEmpty {
            rect = frame.bounds
            previous = frame.bytes
        } else if let changed = Self.changedRect(previous, frame.bytes, width: frame.width, height: frame.height) {
            rect = changed
            Self.copy(changed, from: frame.bytes, width: frame.width, to: &previous, width: frame.width, x: changed.x, y: changed.y)
        } else {
            stored[stored.count - 1].ticks += 1   // the same picture: show it one frame longer
            frameCount += 1
            return
        }
        var region = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        Self.copy(rect, from: frame.bytes, width: frame.width, to: &region, width: rect.width, x: 0, y: 0)
        try spool.append(region, frame: frameCount)
        stored.append(StoredFrame(rect: rect, ticks: 1, firstPixel: Array(previous[0..<4])))
        size = (frame.width, frame.height)
        frameCount += 1
    }

    public func finish() throws {
        try state.requireOpen("APNG sink", file.path)
        guard size != nil else {
            throw MediaError("No frames were appended to the APNG sink for \(file.path); nothing was written. Append frames first, or cancel().")
        }
        do {
            try AtomicOutput.replace(file) { partial in try encode(to: partial) }
        } catch {
            cancel()
            throw error
        }
        spool.remove()
        state = .finished
    }

    public func cancel() {
        if state == .open { state = .cancelled }
        spool.remove()
        previous = []
        stored = []
    }

    // MARK: Encoding

    /// IDAT and fdAT payloads are cut at this size: few chunks, far below the format's limit.
    private static let dataChunkSize = 1 << 20

    private func encode(to partial: URL) throws {
        let out = try ChunkWriter(partial, for: file)
        defer { out.discard() }
        let alpha = !opaque
        var sequence: UInt32 = 0
        var written: UInt32 = 0
        var actlOffset = 0

        func writeFrame(_ rect: PixelRect, _ data: [UInt8], ticks: Int) throws {
            let control = FrameControl(sequence: sequence, width: rect.width, height: rect.height, x: rect.x, y: rect.y,
                                       delay: APNG.Delay(num: UInt16(ticks), den: UInt16(framesPerSecond)),
                                       dispose: FrameControl.disposeNone, blend: FrameControl.blendSource)
            try out.append(PNGChunks.chunk("fcTL", control.encoded))
            sequence += 1
            var start = 0
            repeat {
                let piece = data[start..<min(data.count, start + Self.dataChunkSize)]
                if written == 0 {
                    try out.append(PNGChunks.chunk("IDAT", piece))
                } else {
                    try out.append(PNGChunks.chunk("fdAT", PNGChunks.be32(sequence) + piece))
                    sequence += 1
                }
                start += Self.dataChunkSize
            } while start < data.count
            written += 1
        }

        // Frames are compressed a batch at a time, one per core, and written in order: the same bytes
        // as one at a time.
        let batch = max(1, ProcessInfo.processInfo.activeProcessorCount)
        var first = 0
        while first < stored.count {
            try Interruption.check()
            let range = first..<min(stored.count, first + batch)
            let regions = try range.map { index -> PixelBuffer in
                let rect = stored[index].rect
                var region = PixelBuffer(width: rect.width, height: rect.height)
                region.bytes = try spool.read(rect.width * rect.height * 4, frame: index)
                return region
            }
            let compressed = try Self.compressed(regions, alpha: alpha, options: options, file: file)
            for (index, encoded) in zip(range, compressed) {
                let frame = stored[index]
                if index == 0 {
                    try out.append(PNGChunks.signature + encoded.ihdr)
                    for chunk in encoded.ancillary { try out.append(chunk) }
                    actlOffset = out.offset
                    try out.append(PNGChunks.chunk("acTL", [UInt8](repeating: 0, count: 8)))   // counted at the end
                }
                let limit = Int(UInt16.max)
                try writeFrame(frame.rect, encoded.data, ticks: min(frame.ticks, limit))
                // Longer than a 16-bit delay: go on with one unchanged pixel, so the picture stays.
                var remaining = frame.ticks - limit
                if remaining > 0 {
                    var pixel = PixelBuffer(width: 1, height: 1)
                    pixel.bytes = frame.firstPixel
                    let pixelData = try Self.compressedData(of: pixel, alpha: alpha, options: options, file: file).data
                    while remaining > 0 {
                        try writeFrame(PixelRect(x: 0, y: 0, width: 1, height: 1), pixelData, ticks: min(remaining, limit))
                        remaining -= limit
                    }
                }
            }
            first = range.upperBound
        }
        try out.append(PNGChunks.chunk("IEND", []))
        // num_frames is known only now; num_plays 0 loops forever.
        try out.overwrite(PNGChunks.chunk("acTL", PNGChunks.be32(written) + PNGChunks.be32(0)), at: actlOffset)
        try out.finish()
    }

    typealias Compressed = (data: [UInt8], ihdr: [UInt8], ancillary: [[UInt8]])

    /// `compressedData` of each image, on as many threads as there are images.
    private static func compressed(_ images: [PixelBuffer], alpha: Bool, options: PNGOptions, file: URL) throws -> [Compressed] {
        if images.count == 1 { return [try compressedData(of: images[0], alpha: alpha, options: options, file: file)] }
        // Each thread writes only its own slot.
        final class Slots: @unchecked Sendable {
            var results: UnsafeMutableBufferPointer<Result<Compressed, Error>?>
            init(_ count: Int) {
                results = .allocate(capacity: count)
                results.initialize(repeating: nil)
            }
            deinit { results.deinitialize(); results.deallocate() }
        }
        let slots = Slots(images.count)
        DispatchQueue.concurrentPerform(iterations: images.count) { index in
            slots.results[index] = Result { try compressedData(of: images[index], alpha: alpha, options: options, file: file) }
        }
        return try slots.results.map { try $0!.get() }
    }

    /// `image` encoded as a PNG in the animation's colour type: the zlib stream of its IDATs, its IHDR
    /// chunk, and the ancillary chunks before the data (sRGB).
    private static func compressedData(of image: PixelBuffer, alpha: Bool, options: PNGOptions, file: URL) throws -> Compressed {
        let png = try PNGCodec.encodeImage(image, alpha: alpha, options: options)
        let chunks = try PNGChunks.parse(png, source: "the PNG encoding of a frame of \(file.path)")
        var data: [UInt8] = [], ihdr: [UInt8] = [], ancillary: [[UInt8]] = []
        for chunk in chunks {
            switch chunk.type {
            case "IHDR": ihdr = PNGChunks.chunk("IHDR", chunk.data)
            case "IDAT": data += chunk.data
            case "IEND": break
            default: if data.isEmpty { ancillary.append(PNGChunks.chunk(chunk.type, chunk.data)) }
            }
        }
        return (data, ihdr, ancillary)
    }

    /// Copies `rect` of an RGBA8 image `sourceWidth` pixels wide to (x, y) of one `destinationWidth` wide.
    private static func copy(_ rect: PixelRect, from source: [UInt8], width sourceWidth: Int,
                             to destination: inout [UInt8], width destinationWidth: Int, x: Int, y: Int) {
        source.withUnsafeBytes { src in
            destination.withUnsafeMutableBytes { dst in
                for row in 0..<rect.height {
                    let from = ((rect.y + row) * sourceWidth + rect.x) * 4
                    let to = ((y + row) * destinationWidth + x) * 4
                    memcpy(dst.baseAddress! + to, src.baseAddress! + from, rect.width * 4)
                }
            }
        }
    }

    /// The bounding box of the pixels that differ, or nil when the frames are identical.
    static func changedRect(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> PixelRect? {
        a.withUnsafeBytes { ra in
            b.withUnsafeBytes { rb in
                let pa = ra.bindMemory(to: UInt32.self), pb = rb.bindMemory(to: UInt32.self)
                let rowBytes = width * 4
                func rowDiffers(_ y: Int) -> Bool { memcmp(ra.baseAddress! + y * rowBytes, rb.baseAddress! + y * rowBytes, rowBytes) != 0 }
                guard let top = (0..<height).first(where: rowDiffers) else { return nil }
                let bottom = (top..<height).last(where: rowDiffers)!
                var minX = width, maxX = -1
                for y in top...bottom {
                    let row = y * width
                    var x = 0
                    while x < minX && pa[row + x] == pb[row + x] { x += 1 }
                    if x < minX { minX = x }
                    x = width - 1
                    while x > maxX && pa[row + x] == pb[row + x] { x -= 1 }
                    if x > maxX { maxX = x }
                }
                return PixelRect(x: minX, y: top, width: maxX - minX + 1, height: bottom - top + 1)
            }
        }
    }
}

/// Appends bytes to a new partial file (buffered), with one write back at an earlier offset for the
/// header field known last. POSIX errors become MediaErrors with a hint.
private final class ChunkWriter {
    let url: URL
    /// The APNG the partial `url` becomes, for messages.
    let target: URL
    private var fd: Int32
    private var buffer: [UInt8] = []
    private(set) var offset = 0

    init(_ url: URL, for target: URL) throws {
        self.url = url
        self.target = target
        fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else { try fail(errno) }
    }

    func append(_ bytes: [UInt8]) throws {
        buffer += bytes
        offset += bytes.count
        if buffer.count >= 1 << 22 { try drain() }
    }

    /// Overwrites bytes already written at `at` (same length as before).
    func overwrite(_ bytes: [UInt8], at: Int) throws {
        try drain()
        let failed = bytes.withUnsafeBytes { raw in pwrite(fd, raw.baseAddress, raw.count, off_t(at)) != raw.count }
        if failed { try fail(errno) }
    }

    func finish() throws {
        try drain()
        let code = close(fd) != 0 ? errno : 0
        fd = -1
        if code != 0 { try fail(code) }
    }

    /// Closes without flushing (after a failure; the caller removes the file).
    func discard() {
        if fd >= 0 { _ = close(fd); fd = -1 }
    }

    private func drain() throws {
        if let code = AtomicOutput.writeAll(buffer, to: fd) { try fail(code) }
        buffer.removeAll(keepingCapacity: true)
    }

    private func fail(_ code: Int32) throws -> Never {
        throw AtomicOutput.writeFailure(code, writing: target, what: "the APNG")
    }
}
