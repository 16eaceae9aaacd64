// PNG frame sinks with atomic output.
import Foundation
import Raster

#if canImport(Glibc)
import Glibc
#endif

/// Where a sink is in its life.
enum SinkState: Equatable {
    case open, finished, cancelled

    func requireOpen(_ what: String, _ path: String) throws {
        switch self {
        case .open: return
        case .finished: throw MediaError("The \(what) for \(path) is already finished; create a new sink to write again.")
        case .cancelled: throw MediaError("The \(what) for \(path) was cancelled (or failed earlier); create a new sink to write again.")
        }
    }
}

/// Numbered PNG frames `frame-00000.png`, `frame-00001.png`… in a directory (5 digits, more past 99999).
///
/// Frames are written into a partial directory `<directory>.partial-<pid>` next to the target while
/// rendering. `finish()` renames it to the target when the target does not exist. When it does, the
/// sequence in it is replaced as a whole: every `frame-NNNNN.png` there must be a file (checked at init
/// and again before anything moves), the new frames take their names and stale frames numbered past the
/// new count (from an older, longer run) go; no other entry of the directory is touched. Either the old
/// sequence or the new one is there in full, never a mix (see `publish`). `cancel()` removes the partial
/// directory and leaves the target as it was.
///
/// Every frame must have the size of the first one.
public final class PNGSequenceSink: FrameSink {
    /// The directory the frames end up in.
    public let directory: URL
    /// `directory` with symbolic links resolved: where the files really go, so the partial directory is
    /// beside it, on its file system.
    let resolved: URL
    private var partial: URL?
    /// How the frames are compressed.
    public let options: PNGOptions
    // `frameSize` and `admitted` belong to the thread that appends; `frameCount` to the one that writes
    // (another one under `PipelinedSink`).
    private var frameCount = 0, admitted = 0
    private var frameSize: (width: Int, height: Int)?
    private var state = SinkState.open

    /// Fails (before any rendering) when `directory` exists as a file, holds a `frame-NNNNN.png` that is
    /// not a file, or its parent can neither be found nor created, or is not writable.
    public init(directory: URL, options: PNGOptions = .default) throws {
        self.options = options
        let target = directory.standardizedFileURL
        self.directory = target
        if AtomicOutput.kind(of: target.path) == .other {
            throw MediaError("Cannot write a PNG sequence to \(target.path): it exists and is a file, not a"
                             + " directory. Remove it or choose another output path.")
        }
        resolved = AtomicOutput.kind(of: target.path) == .directory ? target.resolvingSymlinksInPath() : target
        try AtomicOutput.prepareParent(of: resolved, what: "the PNG sequence")
        if AtomicOutput.kind(of: resolved.path) == .directory {
            _ = try Self.existingFrames(in: resolved, shownAs: target)
        }
        AtomicOutput.removeStalePartials(of: resolved)
        partial = try AtomicOutput.makePartialDirectory(for: resolved)
    }

    deinit { cancel() }

    /// `frame-00042.png`: the name of frame `index`.
    public static func frameName(_ index: Int) -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(0, 5 - digits.count)) + digits + ".png"
    }

    /// The index of a file named exactly as `frameName(_:)` would name it, else nil.
    static func frameIndex(ofName name: String) -> Int? {
        guard name.hasPrefix("frame-"), name.hasSuffix(".png") else { return nil }
        let digits = name.dropFirst(6).dropLast(4)
        guard digits.count >= 5, digits.allSatisfy({ $0.isASCII && $0.isNumber }), let index = Int(digits),
              frameName(index) == name else { return nil }
        return index
    }

    public func append(_ frame: PixelBuffer) throws {
        try admit(frame)
        try appendEncoded(try PNGCodec.encode(frame, options: options), index: frameCount)
    }

    /// Checks a frame before it is encoded: the sink is open and the frame has the first frame's size.
    /// (`PipelinedSink` calls this on the caller's thread, then encodes elsewhere.)
    func admit(_ frame: PixelBuffer) throws {
        try state.requireOpen("PNG sequence sink", directory.path)
        if let frameSize, frameSize != (frame.width, frame.height) {
            throw MediaError("Frame \(admitted) for \(directory.path) is \(frame.width)×\(frame.height) but the"
                             + " sequence is \(frameSize.width)×\(frameSize.height); all frames must have one size.")
        }
        frameSize = (frame.width, frame.height)
        admitted += 1
    }

    /// Writes the PNG bytes of frame `index`, the next in order, into the partial directory.
    func appendEncoded(_ bytes: [UInt8], index: Int) throws {
        guard let partial else { return }
        assert(index == frameCount, "PNG sequence frames are written in order")
        let name = Self.frameName(frameCount)
        try AtomicOutput.writeFile(bytes, to: partial.appendingPathComponent(name), for: directory.appendingPathComponent(name))
        frameCount += 1
    }

    public func finish() throws {
        try state.requireOpen("PNG sequence sink", directory.path)
        guard let partial else { return }
        guard frameCount > 0 else {
            throw MediaError("No frames were appended to the PNG sequence for \(directory.path); nothing was"
                             + " written and the directory is unchanged. Append frames first, or cancel().")
        }
        do {
            try publish(partial, frameCount: frameCount)
        } catch {
            cancel()
            throw error
        }
        state = .finished
        self.partial = nil
    }

    public func cancel() {
        if state == .open { state = .cancelled }
        if let partial {
            AtomicOutput.remove(partial)
            self.partial = nil
        }
    }
}

/// Exactly one PNG image at a path.
///
/// `finish()` writes the image to a partial file `<name>.partial-<pid>` in the same directory and renames
/// it over the target (replacing an existing file atomically). `cancel()` leaves the target as it was.
public final class PNGFileSink: FrameSink {
    /// The file the image ends up in.
    public let file: URL
    /// How the image is compressed.
    public let options: PNGOptions
    private var encoded: [UInt8]?
    private var state = SinkState.open

    /// Fails (before any rendering) when `file` is an existing directory or its parent can neither be
    /// found nor created, or is not writable.
    public init(file: URL, options: PNGOptions = .default) throws {
        let target = file.standardizedFileURL
        self.file = target
        self.options = options
        try AtomicOutput.prepareFileTarget(target, what: "the PNG file")
    }

    deinit { cancel() }

    public func append(_ frame: PixelBuffer) throws {
        try state.requireOpen("PNG file sink", file.path)
        guard encoded == nil else {
            throw MediaError("A PNG file sink holds exactly one image, but a second frame was appended for"
                             + " \(file.path). Use PNGSequenceSink for several frames, or render one frame.")
        }
        encoded = try PNGCodec.encode(frame, options: options)
    }

    public func finish() throws {
        try state.requireOpen("PNG file sink", file.path)
        guard let encoded else {
            throw MediaError("No frame was appended to the PNG file sink for \(file.path); nothing was written."
                             + " Append exactly one frame before finish().")
        }
        try AtomicOutput.replace(file) { partial in try AtomicOutput.writeFile(encoded, to: partial, for: file) }
        state = .finished
        self.encoded = nil
    }

    public func cancel() {
        if state == .open { state = .cancelled }
        encoded = nil
    }
}
