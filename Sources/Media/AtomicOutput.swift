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
        case ENOSPC, EDQUOT: return " The disk is full: free some space, or choose an output path on another disk."
        case EROFS: return " The file system is read-only; choose another output location."
        case ENOENT: return " A directory on the way does not exist."
        case ENOTDIR: return " A component of the path is a file, not a directory."
        default: return ""
        }
    }

    /// The error for a failed write of `target` (errno `code`), naming the final path (not the partial
    /// being written): a full disk says so and how to get out of it.
    static func writeFailure(_ code: Int32, writing target: URL, what: String = "") -> MediaError {
        let subject = what.isEmpty ? target.path : "\(what) \(target.path)"
        if code == ENOSPC || code == EDQUOT {
            return noSpace(writing: target, subject: subject)
        }
        return MediaError("Cannot write \(subject): \(errnoText(code)).\(hint(for: code))")
    }

    /// The disk-full error for `target`: what (no space left), where (the path and its folder), how.
    static func noSpace(writing target: URL, subject: String? = nil) -> MediaError {
        MediaError("Cannot write \(subject ?? target.path): the disk is full (no space left on the device that holds"
                   + " \(target.deletingLastPathComponent().path)). Nothing was written there; free some space, or"
                   + " choose an output path on another disk.", kind: .noSpace(path: target.path))
    }

    /// Removes the partials of `target` that runs no longer alive left behind (a run killed by SIGKILL, a
    /// crash, a power cut): the entries beside it named `<name>.partial-<pid>` or `<name>.partial-<pid>-<n>`
    /// whose process does not exist. Partials of live processes (this one included) and every other file
    /// stay. Best effort: what cannot be removed is left for a later run.
    static func removeStalePartials(of target: URL) {
        let directory = target.deletingLastPathComponent().path
        let prefix = target.lastPathComponent + ".partial-"
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return }
        for name in names where name.hasPrefix(prefix) {
            let rest = name.dropFirst(prefix.count).split(separator: "-", omittingEmptySubsequences: false)
            guard (1...2).contains(rest.count),
                  rest.allSatisfy({ !$0.isEmpty && $0.count <= 10 && $0.allSatisfy { $0.isASCII && $0.isNumber } }),
                  let pid = Int32(rest[0]), pid > 0, pid != getpid(), !processExists(pid) else { continue }
            remove(URL(fileURLWithPath: directory).appendingPathComponent(name))
        }
    }

    /// Whether a process `pid` exists (kill(pid, 0); EPERM means it exists under another user).
    static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno != ESRCH
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
        removeStalePartials(of: target)
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

    /// Writes `bytes` to a new file at `url` (which must not exist); errors name `target` (the path the
    /// file is for, when `url` is its partial).
    static func writeFile(_ bytes: [UInt8], to url: URL, for target: URL? = nil) throws {
        let path = url.path
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
        guard fd >= 0 else {
            let code = errno
            if code == ENOSPC || code == EDQUOT { throw noSpace(writing: target ?? url) }
            throw MediaError("Cannot create \(path): \(errnoText(code)).\(hint(for: code))")
        }
        let failure = writeAll(bytes, to: fd)
        let closeFailed = close(fd) != 0 ? errno : nil
        if let code = failure ?? closeFailed {
            unlink(path)
            throw writeFailure(code, writing: target ?? url)
        }
    }

    /// write(2) until every byte is written; the errno of a failure, or nil.
    static func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
        var offset = 0
        return bytes.withUnsafeBytes { raw -> Int32? in
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

/// Whole files, written atomically: each appears at its path complete or not at all (a partial beside it
/// renamed into place), and files written in one call appear together: if any cannot be written, none
/// changes. Missing parent folders are created; a folder at a file's path is refused.
public enum AtomicFiles {
    public static func write(_ bytes: [UInt8], to url: URL) throws {
        try write([(url, bytes)])
    }

    public static func write(_ files: [(url: URL, bytes: [UInt8])]) throws {
        let targets = files.map { $0.url.standardizedFileURL }
        for target in targets { try AtomicOutput.prepareFileTarget(target, what: "the file") }
        // Every new file is written in full before any target changes.
        var partials: [URL] = []
        defer { partials.forEach(AtomicOutput.remove) }
        for (target, file) in zip(targets, files) {
            let partial = AtomicOutput.freshPartialFile(for: target)
            partials.append(partial)
            try AtomicOutput.writeFile(file.bytes, to: partial, for: target)
        }
        guard targets.count > 1 else {
            try AtomicOutput.move(partials[0], replacing: targets[0])
            return
        }
        // Several files: keep a hard link to each old one so that a failed rename can put them all back.
        var backups: [URL?] = []
        defer { backups.compactMap { $0 }.forEach(AtomicOutput.remove) }
        for target in targets {
            guard AtomicOutput.kind(of: target.path) != .missing else { backups.append(nil); continue }
            let backup = AtomicOutput.freshPartialFile(for: target)
            if link(target.path, backup.path) != 0 {
                do { try FileManager.default.copyItem(atPath: target.path, toPath: backup.path) } catch {
                    AtomicOutput.remove(backup)
                    throw MediaError("Cannot replace \(target.path) safely: no copy of it could be kept while the"
                                     + " new files go into place (\((error as NSError).localizedDescription)). Nothing was changed.")
                }
            }
            backups.append(backup)
        }
        for (index, target) in targets.enumerated() {
            do {
                try AtomicOutput.move(partials[index], replacing: target)
            } catch {
                for earlier in (0..<index).reversed() {
                    if let backup = backups[earlier] {
                        _ = rename(backup.path, targets[earlier].path)
                    } else {
                        unlink(targets[earlier].path)
                    }
                }
                throw error
            }
        }
    }
}
