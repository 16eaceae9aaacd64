import Foundation

#if canImport(Glibc)
import Glibc
#endif

/// Frame bytes kept on disk beside a sink's target until the sink can encode them: a GIF needs its palette
/// and an APNG its colour type before the first frame, and both are known only from every frame. Memory
/// stays at one frame whatever the clip's length. The spool is a partial file (`NAME.partial-…`), so a
/// crash leaves it where partials are cleared; `remove()` deletes it.
final class FrameSpool {
    private let target: URL
    private(set) var url: URL?
    private var writer: Int32 = -1
    private var reader: FileHandle?

    init(for target: URL) { self.target = target }

    /// Appends bytes of frame `index`, creating the spool on first use.
    func append(_ bytes: [UInt8], frame index: Int) throws {
        if url == nil {
            let url = AtomicOutput.freshPartialFile(for: target)
            let fd = open(url.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            guard fd >= 0 else { throw AtomicOutput.writeFailure(errno, writing: target) }
            self.url = url
            writer = fd
        }
        if let code = AtomicOutput.writeAll(bytes, to: writer) {
            if code == ENOSPC || code == EDQUOT { throw AtomicOutput.noSpace(writing: target) }
            throw MediaError("Cannot keep frame \(index) of \(target.path) in \(url!.path) until the end:"
                             + " \(AtomicOutput.errnoText(code)).\(AtomicOutput.hint(for: code))")
        }
    }

    /// The next `count` bytes, in the order they were appended (reading starts after the last append).
    func read(_ count: Int, frame index: Int) throws -> [UInt8] {
        guard let url else { throw MediaError("No frames were spooled for \(target.path).") }
        if reader == nil {
            closeWriter()
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

    private func closeWriter() {
        if writer >= 0 { _ = close(writer) }
        writer = -1
    }

    /// Closes and deletes the spool (after encoding, or when the sink is cancelled).
    func remove() {
        closeWriter()
        try? reader?.close()
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
