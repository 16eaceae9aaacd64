// An animated GIF of the appended frames, for docs (README galleries): small and honest rather than
// exact. One palette for the whole clip, frames stored as the rectangle that changed with unchanged
// pixels transparent, identical frames merged into one longer frame.
import Foundation
import Raster

#if canImport(Glibc)
import Glibc
#endif

/// An animated, looping GIF89a.
///
/// GIF needs one palette before the first frame, so frames are spooled to a raw partial file next to the
/// target (memory stays two frames, whatever the clip's length) while exact colour counts accumulate —
/// the first frame's pixels and then only those that changed, so the palette goes to what moves;
/// `finish()` builds a 255-colour palette (median cut refined by k-means, flat colours kept exact),
/// maps each frame into it (8×8 ordered dither where a colour falls between entries, fixed to the
/// canvas), stores each frame as the rectangle that changed with unchanged pixels transparent (disposal
/// "keep"), writes the GIF to a partial file and renames it over the target. Frame delays
/// are whole centiseconds, rounded so frame *i* starts at round(100·*i*/fps) cs: no drift at 30 fps
/// (3, 3, 4, …). `cancel()` leaves the target as it was.
public final class GIFSink: FrameSink {
    public let file: URL
    public let framesPerSecond: Int
    /// Browsers slow frames shorter than 2 cs down to 10 cs, so faster rates would play wrong.
    public static let fpsRange = 1...50
    /// Why `fpsRange` ends at 50, for messages.
    public static let frameRateLimitReason = "a GIF's frame delays are whole centiseconds and browsers slow frames under 2 cs, so a GIF plays right only up to 50 fps; 30 suits docs"
    /// The rate a GIF shows exactly and smoothest: every frame 2 cs.
    public static let exactFrameRate = 50

    private let spool: FrameSpool
    private var histogram = ColorHistogram()
    private var frameCount = 0
    private var size: (width: Int, height: Int)?
    private var state = SinkState.open

    public init(file: URL, framesPerSecond: Int) throws {
        let target = file.standardizedFileURL
        self.file = target
        self.framesPerSecond = framesPerSecond
        spool = FrameSpool(for: target)
        guard Self.fpsRange.contains(framesPerSecond) else {
            throw MediaError("Cannot write \(target.path) at \(framesPerSecond) fps: \(Self.frameRateLimitReason).")
        }
        try AtomicOutput.prepareFileTarget(target, what: "the GIF")
    }

    deinit { cancel() }

    public func append(_ frame: PixelBuffer) throws {
        try state.requireOpen("GIF sink", file.path)
        if let size, size != (frame.width, frame.height) {
            throw MediaError("Frame \(frameCount) for \(file.path) is \(frame.width)×\(frame.height) but the GIF is"
                             + " \(size.width)×\(size.height); all frames must have one size.")
        }
        guard frame.width <= 65535, frame.height <= 65535 else {
            throw MediaError("A GIF is at most 65535 pixels wide and high; \(file.path) would be \(frame.width)×\(frame.height). Render at a smaller scale.")
        }
        histogram.add(rgba: frame.bytes)
        try spool.append(frame.bytes, frame: frameCount)
        size = (frame.width, frame.height)
        frameCount += 1
    }

    public func finish() throws {
        try state.requireOpen("GIF sink", file.path)
        guard let size else {
            throw MediaError("No frames were appended to the GIF sink for \(file.path); nothing was written. Append frames first, or cancel().")
        }
        do {
            try AtomicOutput.replace(file) { partial in
                try AtomicOutput.writeFile(try encode(width: size.width, height: size.height), to: partial, for: file)
            }
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
    }

    // MARK: Encoding

    private func encode(width: Int, height: Int) throws -> [UInt8] {
        // Index 255 is transparent: "unchanged since the previous frame".
        let palette = histogram.palette(size: 255)
        histogram = ColorHistogram()   // its table and last frame are no longer needed
        var mapper = PaletteMapper(palette: palette)
        var out: [UInt8] = Array("GIF89a".utf8)
        out += le16(width) + le16(height)
        out += [0xF7, 0, 0]  // global colour table of 256 entries, 8 bits per channel
        for i in 0..<256 {
            let c = i < palette.count ? palette[i] : 0
            out += [UInt8(c.red), UInt8(c.green), UInt8(c.blue)]
        }
        // Loop forever (NETSCAPE2.0 application extension).
        out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1, 0, 0, 0]

        let frameBytes = width * height * 4
        var previous: [UInt8]?, previousSource: [UInt8]?
        var pending: (delay: Int, image: [UInt8])?
        func flush() {
            guard let p = pending else { return }
            // Graphic control: disposal 1 (keep), transparent index 255, delay in cs.
            out += [0x21, 0xF9, 4, 0b0000_0101] + le16(min(p.delay, 65535)) + [255, 0]
            out += p.image
        }
        for index in 0..<frameCount {
            try Interruption.check()
            let data = try spool.read(frameBytes, frame: index)
            let indices = mapper.indices(of: data, width: width, height: height, previous: previousSource, previousIndices: previous)
            let delay = centiseconds(index + 1) - centiseconds(index)
            if let previous, let rect = changedRect(previous, indices, width: width, height: height) {
                flush()
                pending = (delay, imageBlock(indices, previous: previous, rect: rect, width: width))
            } else if previous == nil {
                pending = (delay, imageBlock(indices, previous: nil, rect: (0, 0, width, height), width: width))
            } else {
                pending!.delay += delay   // the same picture: show the last one longer
            }
            previous = indices
            previousSource = data
        }
        flush()
        out.append(0x3B)
        return out
    }

    /// When frame `index` starts, in whole centiseconds.
    private func centiseconds(_ index: Int) -> Int { (index * 100 + framesPerSecond / 2) / framesPerSecond }

    /// The bounding box of the pixels whose index changed (x, y, width, height), or nil.
    private func changedRect(_ a: [UInt8], _ b: [UInt8], width: Int, height: Int) -> (Int, Int, Int, Int)? {
        var minX = width, minY = height, maxX = -1, maxY = -1
        a.withUnsafeBufferPointer { a in
            b.withUnsafeBufferPointer { b in
                for y in 0..<height {
                    let row = y * width
                    var first = 0
                    while first < width && a[row + first] == b[row + first] { first += 1 }
                    guard first < width else { continue }
                    var last = width - 1
                    while a[row + last] == b[row + last] { last -= 1 }
                    minX = min(minX, first); maxX = max(maxX, last)
                    minY = min(minY, y); maxY = y
                }
            }
        }
        return maxX < 0 ? nil : (minX, minY, maxX - minX + 1, maxY - minY + 1)
    }

    /// An image descriptor and its LZW data for `rect`; pixels equal to `previous` become transparent.
    private func imageBlock(_ indices: [UInt8], previous: [UInt8]?, rect: (Int, Int, Int, Int), width: Int) -> [UInt8] {
        let (x0, y0, w, h) = rect
        var pixels = [UInt8](repeating: 0, count: w * h)
        let old = previous ?? []
        pixels.withUnsafeMutableBufferPointer { out in
            indices.withUnsafeBufferPointer { now in
                old.withUnsafeBufferPointer { old in
                    for y in 0..<h {
                        for x in 0..<w {
                            let i = (y0 + y) * width + x0 + x, value = now[i]
                            out[y * w + x] = !old.isEmpty && old[i] == value ? 255 : value
                        }
                    }
                }
            }
        }
        return [0x2C] + le16(x0) + le16(y0) + le16(w) + le16(h) + [0, 8] + GIFLZW.encode(pixels)
    }

    private func le16(_ v: Int) -> [UInt8] { [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF)] }
}
