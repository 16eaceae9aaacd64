import Foundation
import Diagnostics

/// While a render runs, one line on standard error that rewrites itself: frames done of all, frames per
/// second, time left. Only when standard error is a terminal (a log or a pipe gets nothing) and not
/// `--quiet`; wall time is read here only, never by a scene, so pixels do not depend on it.
final class ProgressLine {
    private let label: String
    private let unit: String
    private let enabled: Bool
    private let start = DispatchTime.now().uptimeNanoseconds
    private var lastDrawn: UInt64?

    init(label: String, unit: String = "frames", enabled: Bool) {
        self.label = label
        self.unit = unit
        self.enabled = enabled
    }

    /// Whether standard error is a terminal that can show a line rewriting itself.
    static var standardErrorIsTerminal: Bool {
        isatty(STDERR_FILENO) != 0 && ProcessInfo.processInfo.environment["TERM"] != "dumb"
    }

    func update(done: Int, total: Int) {
        guard enabled else { return }
        let now = DispatchTime.now().uptimeNanoseconds
        // Ten updates a second are enough to read and cost nothing next to a frame.
        if let lastDrawn, now - lastDrawn < 100_000_000, done < total { return }
        lastDrawn = now
        let elapsed = Double(now - start) / 1e9
        FileHandle.standardError.write(Data(("\r\u{1B}[K" + Self.text(label: label, done: done, total: total, elapsed: elapsed, unit: unit)).utf8))
    }

    /// Removes the line, so the summary or an error starts on a clean line.
    func clear() {
        guard enabled, lastDrawn != nil else { return }
        FileHandle.standardError.write(Data("\r\u{1B}[K".utf8))
        lastDrawn = nil   // the next update draws at once
    }

    /// `card-expand  45/97 frames  31.2 fps  1.7 s left`
    static func text(label: String, done: Int, total: Int, elapsed: Double, unit: String = "frames") -> String {
        var parts = [label, "\(done)/\(total) \(unit)"]
        if done > 0, elapsed > 0 {
            let rate = Double(done) / elapsed
            if unit == "frames" { parts.append(String(format: "%.1f fps", rate)) }
            if done < total { parts.append(String(format: "%.1f s left", Double(total - done) / rate)) }
        }
        return parts.joined(separator: "  ")
    }
}

/// What one command wrote: the line a person reads at the end, or the same as JSON for scripts.
struct Summary {
    var scene: String
    /// The path written (a folder for a PNG sequence).
    var output: String
    /// mp4, gif, apng, png-sequence, still, filmstrip, plot, layer-tree, layer-trees (a folder, every frame).
    var kind: String
    /// What the output holds, for the line: "97 frames, 1.6 s at 60 fps".
    var contents: String
    var bytes: Int
    var fields: [(String, JSON)] = []
    var seconds: Double

    var line: String {
        "\(scene): \(contents) → \(output) (\(Self.size(bytes)) in \(String(format: "%.1f", seconds)) s)"
    }

    var json: JSON {
        .object([("scene", .string(scene)), ("output", .string(output)), ("kind", .string(kind)), ("bytes", .number(Double(bytes)))]
                + fields + [("seconds", .number((seconds * 1000).rounded() / 1000))])
    }

    static func size(_ bytes: Int) -> String {
        switch bytes {
        case ..<1000: "\(bytes) B"
        case ..<1_000_000: String(format: "%.0f kB", Double(bytes) / 1e3)
        default: String(format: "%.1f MB", Double(bytes) / 1e6)
        }
    }

    /// The size of a file, or of the PNG frames in a folder.
    static func bytes(at url: URL) -> Int {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: url.path, isDirectory: &isDirectory) else { return 0 }
        func size(_ path: String) -> Int { ((try? manager.attributesOfItem(atPath: path))?[.size] as? NSNumber)?.intValue ?? 0 }
        guard isDirectory.boolValue else { return size(url.path) }
        let frames = ((try? manager.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasPrefix("frame-") && $0.hasSuffix(".png") }
        return frames.reduce(0) { $0 + size(url.appendingPathComponent($1).path) }
    }
}

/// Wall time since a start, for summaries.
struct Stopwatch {
    private let start = DispatchTime.now().uptimeNanoseconds
    var seconds: Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }
}
