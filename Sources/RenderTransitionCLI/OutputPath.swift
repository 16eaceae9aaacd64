import Foundation
import Stage
import Output

extension OutputTarget {
    /// `path` ending in `/` (or naming a directory) → PNG sequence; `.mp4` → clip; `.gif`, `.apng` →
    /// animation; `.png` with `at` → still; `.png` with `filmstrip` → filmstrip.
    static func resolve(path: String, at time: TimeInterval?, filmstrip: Int?) throws -> OutputTarget {
        guard !path.isEmpty else {
            throw StageError.unsupportedOutput(path: path, reason: "the path is empty. Give a file such as output/clip.mp4.")
        }
        let url = URL(fileURLWithPath: path)
        var isDirectory: ObjCBool = false
        let exists = FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory)
        if path.hasSuffix("/") || (exists && isDirectory.boolValue) {
            if time != nil {
                throw UsageError("--at picks one moment, but '\(path)' is a directory for a PNG sequence. Give a file such as still.png with --at, or drop --at.")
            }
            if filmstrip != nil {
                throw UsageError("--filmstrip writes one PNG, but '\(path)' is a directory. Give a file such as strip.png.")
            }
            return .pngSequence(url)
        }
        switch url.pathExtension.lowercased() {
        case "mp4":
            if time != nil || filmstrip != nil {
                throw UsageError("'\(path)' is a video of the whole clip; --at and --filmstrip write a .png. Drop them, or give a .png path.")
            }
            return .video(url)
        case "gif", "apng":
            if time != nil || filmstrip != nil {
                throw UsageError("'\(path)' is an animation of the whole clip; --at and --filmstrip write a .png. Drop them, or give a .png path.")
            }
            return url.pathExtension.lowercased() == "gif" ? .gif(url) : .apng(url)
        case "png":
            switch (time, filmstrip) {
            case (let t?, nil): return .still(url, time: t)
            case (nil, let n?): return .filmstrip(url, count: n)
            case (nil, nil):
                throw StageError.unsupportedOutput(path: path, reason: "a .png is a single image. Add --at SECONDS for a still or --filmstrip N for a filmstrip, or end the path with / for a PNG sequence.")
            case (_?, _?):
                throw UsageError("--at and --filmstrip both choose what a .png shows; use one of them.")
            }
        case "":
            throw StageError.unsupportedOutput(path: path, reason: "no file extension. Use .mp4 for a clip, .gif or .apng for an animation, .png with --at for a still, or end the path with / for a PNG sequence.")
        default:
            throw StageError.unsupportedOutput(path: path, reason: "'.\(url.pathExtension)' is not an output format. Use .mp4 for a clip, .gif or .apng for an animation, .png with --at for a still, or end the path with / for a PNG sequence.")
        }
    }
}

/// Output paths checked before any work, so a path the tool cannot write is a command-line error (exit 2)
/// said in the option's terms, and nothing is rendered in vain. Nothing is created: the deepest folder
/// that exists is probed with a file made and removed at once.
enum OutputPathCheck {
    /// Refuses `path` (given to `option`) when it cannot be written: a folder on the way is a file, the
    /// folder cannot be written to, or the path is a directory or device where a file is wanted.
    static func check(_ path: String, option: String, isDirectory wantsDirectory: Bool = false) throws {
        let url = URL(fileURLWithPath: path)
        func refuse(_ problem: String) -> UsageError {
            UsageError("cannot write \(option) '\(path)': \(problem)")
        }
        var info = stat()
        if lstat(url.path, &info) == 0 {
            let type = info.st_mode & S_IFMT
            if type == S_IFDIR && !wantsDirectory {
                throw refuse("it is a directory. Give a file name inside it, e.g. \(url.appendingPathComponent("output" + (url.pathExtension.isEmpty ? "" : "." + url.pathExtension)).path).")
            }
            if type != S_IFDIR && type != S_IFREG && type != S_IFLNK {
                throw refuse("it is a device, pipe or socket, not a file. Choose a path for a new file.")
            }
        }
        // The deepest existing folder on the way: missing folders below it would be created.
        var folder = wantsDirectory ? url : url.deletingLastPathComponent()
        while true {
            if stat(folder.path, &info) == 0 { break }
            if errno == ENOTDIR { break }
            let up = folder.deletingLastPathComponent()
            if up.path == folder.path { break }
            folder = up
        }
        let found = stat(folder.path, &info) == 0, code = errno
        if !found && code == ENOTDIR {
            // A folder above is a file: name it.
            var file = folder
            while stat(file.path, &info) != 0 || info.st_mode & S_IFMT == S_IFDIR {
                let up = file.deletingLastPathComponent()
                if up.path == file.path { break }
                file = up
            }
            throw refuse("'\(file.path)' is a file, not a folder. Choose a path whose folders are folders.")
        }
        if found && info.st_mode & S_IFMT != S_IFDIR {
            throw refuse("'\(folder.path)' is a file, not a folder. Choose a path whose folders are folders.")
        }
        // Permissions and read-only or virtual file systems (/proc, /sys) show only when trying.
        let probe = folder.appendingPathComponent(".render-transition-probe-\(getpid())").path
        let fd = open(probe, O_WRONLY | O_CREAT | O_EXCL, 0o600)
        guard fd >= 0 else {
            let code = errno
            if code == EEXIST { return }
            let reason = String(cString: strerror(code))
            let hint = code == EROFS ? "the file system is read-only" : code == EACCES || code == EPERM ? "no permission to create files there" : reason.lowercased()
            throw refuse("files cannot be created in '\(folder.path)' (\(hint)). Choose another folder.")
        }
        close(fd)
        unlink(probe)
    }
}
