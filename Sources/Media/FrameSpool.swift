import Foundation

/// Frame bytes kept on disk beside a sink's target until the sink can encode them: a GIF needs its palette
/// and an APNG its colour type before the first frame, and both are known only from every frame. Memory
/// stays at one frame whatever the clip's length. The spool is a partial file (`NAME.partial-…`), so a
/// crash leaves it where partials are cleared; `remove()` deletes it.
final class FrameSpool {
    private let target: URL
    private(set) var url: URL?
    private var writer: FileHandle?
    private var reader: FileHandle?

    init(for target: URL) { self.target = target }

    /// Appends bytes of frame `index`, creating the spool on first use.
    func append(_ bytes: [UInt8], frame index: Int) throws {
        if writer == nil {
            let url = AtomicOutput.freshPartialFile(for: target)
            try AtomicOutput.writeFile([], to: url)
            self.url = url
            writer = try FileHandle(forWritingTo: url)
        }
        do { try writer!.write(contentsOf: bytes) } catch {
            throw MediaError("Cannot spool frame \(index) of \(target.path) to \(url!.path): \(error.localizedDescription)."
                             + " Free some disk space or choose another output location.")
        }
    }

    /// The next `count` bytes, in the order they were appended (reading starts after the last append).
    func read(_ count: Int, frame index: Int) throws -> [UInt8] {
        guard let url else { throw MediaError("No frames were spooled for \(target.path).") }
        if reader == nil {
            try? writer?.close()
            writer = nil
            guard let handle = FileHandle(forReadingAtPath: url.path) else {
                throw MediaError("Cannot read back the frames spooled for \(target.path) from \(url.path).")
            }
            reader = handle
        }
        guard let data = try reader!.read(upToCount: count), data.count == count else {
            throw MediaError("The frames spooled for \(target.path) in \(url.path) are shorter than expected (frame \(index)).")
        }
        return [UInt8](data)
    }

    /// Closes and deletes the spool (after encoding, or when the sink is cancelled).
    func remove() {
        try? writer?.close()
        try? reader?.close()
        writer = nil
        reader = nil
        if let url { AtomicOutput.remove(url) }
        url = nil
    }

    deinit { remove() }
}

extension AtomicOutput {
    /// Writes `target` through a fresh partial file beside it, renamed over it when `write` succeeds;
    /// on any error the partial is removed and `target` is as it was.
    static func replace(_ target: URL, _ write: (URL) throws -> Void) throws {
        let partial = freshPartialFile(for: target)
        do {
            try write(partial)
            try move(partial, replacing: target)
        } catch {
            remove(partial)
            throw error
        }
    }
}
