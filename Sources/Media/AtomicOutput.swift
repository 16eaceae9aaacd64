// Helpers for atomic output: partial files live next to their target under a name containing `.partial-`
// (git-ignored), and appear at the final path only through rename(2).
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Numbers the partials of this process.
private final class PartialCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0
    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
private let partialCounter = PartialCounter()

enum AtomicOutput {
    /// The text of the current `errno`.
    static func errnoText(_ code: Int32 = errno) -> String { String(cString: strerror(code)) }

    /// A hint for common POSIX failures, to append to an error message.
    static func hint(for code: Int32) -> String {
        switch code {
        case EACCES, EPERM: return " Check the permissions of the directory or choose another output path."
        case ENOSPC, EDQUOT: return " Free some disk space or choose another output location."
        case EROFS: return " The file system is read-only; choose another output location."
        case ENOENT: return " A directory on the way does not exist."
        case ENOTDIR: return " A component of the path is a file, not a directory."
        default: return ""
        }
    }

    /// `<dir>/<name>.partial-<pid>` for the first partial of `target` in this process, with `-<n>` added
    /// after that, so concurrent sinks in one process never share a partial.
    static func partialURL(for target: URL) -> URL {
        let n = partialCounter.next()
        let suffix = n == 1 ? "" : "-\(n)"
        let name = "\(target.lastPathComponent).partial-\(getpid())\(suffix)"
        return target.deletingLastPathComponent().appendingPathComponent(name)
    }

    /// Creates a new, empty partial directory next to `target` (mkdir(2), never reusing an existing one).
    static func makePartialDirectory(for target: URL) throws -> URL {
        while true {
            let candidate = partialURL(for: target)
            if mkdir(candidate.path, 0o777) == 0 { return candidate }
            let code = errno
            if code == EEXIST { continue }
            throw MediaError("Cannot create the working directory \(candidate.path) next to \(target.path):"
                             + " \(errnoText(code)).\(hint(for: code))")
        }
    }

    /// A partial file name next to `target` that does not exist yet.
    static func freshPartialFile(for target: URL) -> URL {
        while true {
            let candidate = partialURL(for: target)
            var info = stat()
            if lstat(candidate.path, &info) != 0 && errno == ENOENT { return candidate }
        }
    }

    /// What is at `path` (following symlinks).
    enum Kind { case missing, directory, other }
    static func kind(of path: String) -> Kind {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { return .missing }
        return isDirectory.boolValue ? .directory : .other
    }

    /// A file sink's target, checked at init before any rendering: not a directory, and with a parent that
    /// exists (made if missing) and is writable. `what` names the file in messages ("the GIF").
    static func prepareFileTarget(_ target: URL, what: String) throws {
        if kind(of: target.path) == .directory {
            throw MediaError("Cannot write \(what) to \(target.path): it is a directory. Remove it or choose another output path.")
        }
        try prepareParent(of: target, what: what)
    }

    /// Creates the parent directory of `target` if needed (mkdir -p) and checks it is writable, so that
    /// a sink fails at init, before any rendering, when its output could never be written.
    static func prepareParent(of target: URL, what: String) throws {
        let parent = target.deletingLastPathComponent().path
        switch kind(of: parent) {
        case .directory: break
        case .other:
            throw MediaError("Cannot write \(what) \(target.path): \(parent) is a file, not a directory.")
        case .missing:
            try makeDirectories(parent, for: "\(what) \(target.path)")
        }
        if access(parent, W_OK | X_OK) != 0 {
            let code = errno
            throw MediaError("Cannot write \(what) \(target.path): the directory \(parent) is not writable"
                             + " (\(errnoText(code))).\(hint(for: code))")
        }
    }

    /// mkdir -p with POSIX errors: creates `path` and any missing parents.
    static func makeDirectories(_ path: String, for what: String) throws {
        var missing: [String] = []
        var current = URL(fileURLWithPath: path).standardizedFileURL
        while kind(of: current.path) == .missing, current.path != "/" {
            missing.append(current.path)
            current = current.deletingLastPathComponent()
        }
        if kind(of: current.path) == .other {
            throw MediaError("Cannot create the directory \(path) for \(what): \(current.path) is a file, not a"
                             + " directory. Choose another output path.")
        }
        for directory in missing.reversed() {
            if mkdir(directory, 0o777) != 0 && errno != EEXIST {
                let code = errno
                throw MediaError("Cannot create the directory \(directory) for \(what): \(errnoText(code))."
                                 + hint(for: code) + " Create it yourself or choose another output path.")
            }
        }
    }

    /// Writes `bytes` to a new file at `url` (which must not exist).
    static func writeFile(_ bytes: [UInt8], to url: URL) throws {
        let path = url.path
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let code = errno
            throw MediaError("Cannot create \(path): \(errnoText(code)).\(hint(for: code))")
        }
        var offset = 0
        let failure: Int32? = bytes.withUnsafeBytes { raw -> Int32? in
            while offset < raw.count {
                let n = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                offset += n
            }
            return nil
        }
        let closeFailed = close(fd) != 0 ? errno : nil
        if let code = failure ?? closeFailed {
            unlink(path)
            throw MediaError("Cannot write \(path): \(errnoText(code)).\(hint(for: code))")
        }
    }

    /// rename(2): atomically puts `source` at `destination`, replacing a file there. Falls back to copy +
    /// rename within the destination's directory when they are on different file systems.
    static func move(_ source: URL, replacing destination: URL) throws {
        if rename(source.path, destination.path) == 0 { return }
        let code = errno
        if code == EXDEV {
            let staging = partialURL(for: destination)
            do {
                try FileManager.default.copyItem(atPath: source.path, toPath: staging.path)
            } catch {
                remove(staging)
                throw MediaError("Cannot copy \(source.path) to \(staging.path): \((error as NSError).localizedDescription)")
            }
            if rename(staging.path, destination.path) == 0 {
                remove(source)
                return
            }
            let code2 = errno
            remove(staging)
            throw MediaError("Cannot move the finished output into place at \(destination.path):"
                             + " \(errnoText(code2)).\(hint(for: code2))")
        }
        throw MediaError("Cannot move the finished output into place at \(destination.path): \(errnoText(code))."
                         + hint(for: code))
    }

    /// Best-effort removal of a file or directory tree (for partials); never throws.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(atPath: url.path)
    }
}
