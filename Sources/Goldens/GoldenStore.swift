import Foundation
import Raster
import Media

/// Where failures are written to be looked at: `SNAPSHOT_ARTIFACTS` when set (point CI's artifact upload
/// at it), else a folder that ignores itself in git (it holds a `.gitignore` of `*`). Each golden's
/// artifacts are cleared when it passes again, so what is there is what fails now.
package struct ArtifactStore: Sendable {
    package let directory: URL

    package init(directory: URL) { self.directory = directory }

    /// `SNAPSHOT_ARTIFACTS`, or `fallback`.
    package static func fromEnvironment(fallback: URL, _ environment: [String: String] = ProcessInfo.processInfo.environment) -> ArtifactStore {
        if let path = environment["SNAPSHOT_ARTIFACTS"], !path.isEmpty { return ArtifactStore(directory: URL(fileURLWithPath: path)) }
        return ArtifactStore(directory: fallback)
    }

    /// Writes `bytes` as `<stem>.<kind>.<ext>`; returns its URL.
    func write(_ bytes: [UInt8], stem: String, kind: String, ext: String) throws -> URL {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let ignore = directory.appendingPathComponent(".gitignore")
        if !FileManager.default.fileExists(atPath: ignore.path), ProcessInfo.processInfo.environment["SNAPSHOT_ARTIFACTS"] == nil {
            try? Data("# Snapshot failures: reference, actual and difference images. Not for git.\n*\n".utf8).write(to: ignore)
        }
        let url = directory.appendingPathComponent("\(stem).\(kind).\(ext)")
        try AtomicFiles.write(bytes, to: url)
        return url
    }

    /// Removes every artifact of `stem` (it passes now).
    func clear(stem: String) {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory.path) else { return }
        for name in names where name.hasPrefix(stem + ".") {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(name))
        }
    }
}

/// Reads, compares and records golden files of one kind each (PNG, text, APNG).
package struct GoldenStore {
    let directory: URL
    let record: SnapshotRecordMode
    let artifacts: ArtifactStore
    /// How the one who ran this records a missing golden, in the words of what they ran: a test's record mode,
    /// or `verify … --record missing`.
    let recordHint: String
    package static let testRecordHint = "record with SNAPSHOT_TESTING_RECORD=missing (or record: .missing)"

    package init(directory: URL, record: SnapshotRecordMode, artifacts: ArtifactStore, recordHint: String = testRecordHint) {
        self.directory = directory; self.record = record; self.artifacts = artifacts; self.recordHint = recordHint
    }
    private var manager: FileManager { .default }

    /// The artifact stem of a golden file name: `cardModal.present-50.png` → `cardModal.present-50`.
    private func stem(_ name: String) -> String { (name as NSString).deletingPathExtension }

    private func writeGolden(_ bytes: [UInt8], to url: URL) throws {
        do {
            try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try AtomicFiles.write(bytes, to: url)
        } catch {
            throw StageErrorBridge.output(url.path, error)
        }
    }

    /// The first decision every kind makes: record without comparing (all, or missing and absent), report a
    /// missing golden (never), or compare.
    private enum Plan { case record(String), missing, compare }
    private func plan(for url: URL) -> Plan {
        let exists = manager.fileExists(atPath: url.path)
        if record == .all { return .record(exists ? "re-recorded (record mode all)" : "new") }
        if !exists { return record == .never ? .missing : .record("new") }
        return .compare
    }

    private func missingMessage(_ url: URL, actual: URL?) -> String {
        "no golden at \(url.path)" + (actual.map { "; what this run rendered is at \($0.path)" } ?? "")
            + ". Look at it, then \(recordHint)."
    }

    // MARK: Images

    /// `time`: the moment on the clip's clock, for messages (nil for an image that is not of a clip).
    package func image(_ image: PixelBuffer, name: String, at time: TimeInterval?, tolerance: SnapshotTolerance) throws -> SnapshotResult {
        let when = time.map { " at \(format($0)) s" } ?? ""
        let url = directory.appendingPathComponent(name)
        let stem = stem(name)
        switch plan(for: url) {
        case .record(let why):
            try writeGolden(try PNGCodec.encode(image), to: url)
            artifacts.clear(stem: stem)
            return SnapshotResult(name: name, golden: url, status: .recorded, message: "\(why), \(image.width)×\(image.height) px\(when)", artifacts: [])
        case .missing:
            let actual = try artifacts.write(try PNGCodec.encode(image), stem: stem, kind: "actual", ext: "png")
            return SnapshotResult(name: name, golden: url, status: .missing, message: missingMessage(url, actual: actual), artifacts: [actual])
        case .compare:
            let expected = try PNGCodec.decode(contentsOf: url)
            let comparison = ImageDiff.compare(expected, image, tolerance: tolerance)
            if comparison.passes {
                artifacts.clear(stem: stem)
                return SnapshotResult(name: name, golden: url, status: .matched, message: comparison.summary, artifacts: [])
            }
            if record == .failed {
                try writeGolden(try PNGCodec.encode(image), to: url)
                artifacts.clear(stem: stem)
                return SnapshotResult(name: name, golden: url, status: .recorded,
                                      message: "re-recorded (record mode failed): it differed, \(comparison.summary)", artifacts: [])
            }
            let files = try writeImageArtifacts(expected: expected, actual: image, stem: stem, tolerance: tolerance)
            return SnapshotResult(name: name, golden: url, status: .failed,
                                  message: "\(name)\(time.map { " (t = \(format($0)) s)" } ?? "") differs from its golden: \(comparison.summary).\n  "
                                      + files.map(\.path).joined(separator: "\n  "),
                                  artifacts: files)
        }
    }

    /// reference, actual, difference and heat map of one image.
    private func writeImageArtifacts(expected: PixelBuffer, actual: PixelBuffer, stem: String,
                                     tolerance: SnapshotTolerance) throws -> [URL] {
        artifacts.clear(stem: stem)
        return [
            try artifacts.write(try PNGCodec.encode(expected), stem: stem, kind: "reference", ext: "png"),
            try artifacts.write(try PNGCodec.encode(actual), stem: stem, kind: "actual", ext: "png"),
            try artifacts.write(try PNGCodec.encode(ImageDiff.difference(expected, actual)), stem: stem, kind: "diff", ext: "png"),
            try artifacts.write(try PNGCodec.encode(ImageDiff.heatMap(expected, actual, tolerance: tolerance)), stem: stem, kind: "heatmap", ext: "png"),
        ]
    }

    // MARK: Text

    /// Shown differences in a message; the whole actual text is in the artifacts.
    static let shownTextDifferences = 12

    package func text(_ text: String, name: String) throws -> SnapshotResult {
        let url = directory.appendingPathComponent(name)
        let stem = stem(name)
        switch plan(for: url) {
        case .record(let why):
            try writeGolden(Array(text.utf8), to: url)
            artifacts.clear(stem: stem)
            return SnapshotResult(name: name, golden: url, status: .recorded, message: "\(why), \(text.split(separator: "\n").count) lines", artifacts: [])
        case .missing:
            let actual = try artifacts.write(Array(text.utf8), stem: stem, kind: "actual", ext: "txt")
            return SnapshotResult(name: name, golden: url, status: .missing, message: missingMessage(url, actual: actual), artifacts: [actual])
        case .compare:
            let expected: String
            do { expected = try String(contentsOf: url, encoding: .utf8) } catch {
                throw StageErrorBridge.unreadable(url.path, error)
            }
            if expected == text {
                artifacts.clear(stem: stem)
                return SnapshotResult(name: name, golden: url, status: .matched, message: "identical", artifacts: [])
            }
            let differences = TextDifference.lines(expected, text)
            if record == .failed {
                try writeGolden(Array(text.utf8), to: url)
                artifacts.clear(stem: stem)
                return SnapshotResult(name: name, golden: url, status: .recorded,
                                      message: "re-recorded (record mode failed): \(differences.count) lines differed", artifacts: [])
            }
            artifacts.clear(stem: stem)
            let actual = try artifacts.write(Array(text.utf8), stem: stem, kind: "actual", ext: "txt")
            var message = "\(name) differs in \(differences.count) line\(differences.count == 1 ? "" : "s"):\n"
            message += differences.prefix(Self.shownTextDifferences).map { "  " + $0.description }.joined(separator: "\n")
            if differences.count > Self.shownTextDifferences { message += "\n  … \(differences.count - Self.shownTextDifferences) more" }
            if name.hasSuffix(".trace.txt") {
                let timing = TraceTiming.diagnose(expected: expected, actual: text)
                if !timing.isEmpty { message += "\n  Timing:\n" + timing.map { "    " + $0 }.joined(separator: "\n") }
            }
            message += "\n  Compare: diff \(url.path) \(actual.path)"
            return SnapshotResult(name: name, golden: url, status: .failed, message: message, artifacts: [actual])
        }
    }
}

import Stage

/// File problems said in the library's terms.
enum StageErrorBridge {
    static func output(_ path: String, _ error: Error) -> StageError {
        StageError.output(path: path, reason: (error as? MediaError)?.description ?? error.localizedDescription)
    }
    static func unreadable(_ path: String, _ error: Error) -> StageError {
        StageError.invalidDocument(path: path, problem: "cannot be read as a golden (\(error.localizedDescription))")
    }
}
