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
