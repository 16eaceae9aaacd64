import Foundation
import Raster
import Media
import Stage
import Diagnostics

/// The whole clip as one golden: an animated PNG (lossless, every frame), compared frame by frame.
extension GoldenStore {
    func clip(_ frames: [PixelBuffer], fps: Int, name: String, tolerance: SnapshotTolerance) throws -> SnapshotResult {
        let url = directory.appendingPathComponent(name)
        let stem = (name as NSString).deletingPathExtension
        let exists = FileManager.default.fileExists(atPath: url.path)
        if record == .all || (!exists && record != .never) {
            try writeClip(frames, fps: fps, to: url)
            artifacts.clear(stem: stem)
            return SnapshotResult(name: name, golden: url, status: .recorded,
                                  message: "\(exists ? "re-recorded (record mode all)" : "new"), \(frames.count) frames at \(fps) fps", artifacts: [])
        }
        guard exists else {
            let actual = try writeActualClip(frames, fps: fps, stem: stem)
            return SnapshotResult(name: name, golden: url, status: .missing,
                                  message: "no golden at \(url.path); what this run rendered is at \(actual.path). Look at it, then \(recordHint).",
                                  artifacts: [actual])
        }
        let golden = try APNG.decode(contentsOf: url)
        let expected = golden.frames
        let goldenFPS = golden.framesPerSecond
        var problems: [String] = []
        if let goldenFPS, goldenFPS != Double(fps) {
            problems.append("the frame rate is \(fps) fps; the golden's is \(format(goldenFPS)) fps")
        }
        if expected.count != frames.count {
            problems.append("the clip has \(frames.count) frames (\(format(Double(frames.count) / Double(fps))) s); the golden has \(expected.count)")
        }
        // Exact comparisons go through a hash of each frame first: a timing search compares many pairs.
        let exact = tolerance == .exact
        let expectedKeys = exact ? expected.map { $0.bytes.hashValue } : []
        let actualKeys = exact ? frames.map { $0.bytes.hashValue } : []
        func same(_ i: Int, _ j: Int) -> Bool {
            if exact, actualKeys[i] != expectedKeys[j] { return false }
            return ImageDiff.compare(expected[j], frames[i], tolerance: tolerance).passes
        }
        let diagnosis = TimingDiagnosis(expectedCount: expected.count, actualCount: frames.count, fps: fps, same: same)
        let differing = diagnosis.runs.reduce(0) { $0 + $1.last - $1.first + 1 }
        if problems.isEmpty && differing == 0 {
            artifacts.clear(stem: stem)
            return SnapshotResult(name: name, golden: url, status: .matched, message: "\(frames.count) frames identical", artifacts: [])
        }
        if record == .failed {
            try writeClip(frames, fps: fps, to: url)
            artifacts.clear(stem: stem)
            return SnapshotResult(name: name, golden: url, status: .recorded,
                                  message: "re-recorded (record mode failed): \(differing) of \(frames.count) frames differed", artifacts: [])
        }
        artifacts.clear(stem: stem)
        var files = [try writeActualClip(frames, fps: fps, stem: stem)]
        var message = "\(name) differs from its golden: \(differing) of \(frames.count) frames differ"
        if let first = diagnosis.runs.first?.first {
            let j = min(first, expected.count - 1)
            let comparison = ImageDiff.compare(expected[j], frames[first], tolerance: tolerance)
            message += "; at frame \(first): \(comparison.summary)"
            let frameStem = "\(stem).f\(first)"
            files += [
                try artifacts.write(try PNGCodec.encode(expected[j]), stem: frameStem, kind: "reference", ext: "png"),
                try artifacts.write(try PNGCodec.encode(frames[first]), stem: frameStem, kind: "actual", ext: "png"),
                try artifacts.write(try PNGCodec.encode(ImageDiff.difference(expected[j], frames[first])), stem: frameStem, kind: "diff", ext: "png"),
            ]
        }
        files.append(try writeComparison(expected: expected, actual: frames, fps: fps, stem: stem))
        message += "."
        for line in problems + diagnosis.lines { message += "\n  " + line }
        message += "\n  " + files.map(\.path).joined(separator: "\n  ")
        return SnapshotResult(name: name, golden: url, status: .failed, message: message, artifacts: files)
    }

    private func writeClip(_ frames: [PixelBuffer], fps: Int, to url: URL) throws {
        let sink = try APNGSink(file: url, framesPerSecond: fps)
        do {
            for frame in frames { try sink.append(frame) }
            try sink.finish()
        } catch {
            sink.cancel()
            throw error
        }
    }

    /// expected | actual | difference, frame by frame, as an MP4 for a reviewer who would rather watch, each
    /// column titled; the shorter clip holds its last frame.
    private func writeComparison(expected: [PixelBuffer], actual: [PixelBuffer], fps: Int, stem: String) throws -> URL {
        let url = artifacts.directory.appendingPathComponent("\(stem).comparison.mp4")
        let count = max(expected.count, actual.count)
        let gap = 8
        var titles: PixelBuffer?
        func composite(_ i: Int) -> PixelBuffer {
            let e = expected[min(i, expected.count - 1)], a = actual[min(i, actual.count - 1)]
            let panels = [e, a, ImageDiff.difference(e, a)]
            let body = ImageDiff.sideBySide(panels, gap: gap)
            let header = titles ?? Caption.titles(["expected", "actual", "difference"], widths: panels.map(\.width), gap: gap)
            titles = header
            var frame = PixelBuffer(width: body.width, height: header.height + body.height, fill: RGBA8(r: 128, g: 128, b: 128, a: 255))
            frame.composite(header, atX: 0, y: 0)
            frame.composite(body, atX: 0, y: header.height)
            return frame
        }
        let first = composite(0)
        let sink = try MP4Sink(file: url, width: first.width, height: first.height, framesPerSecond: fps)
        do {
            try sink.append(first)
            for i in 1..<max(count, 1) { try sink.append(composite(i)) }
            try sink.finish()
        } catch {
            sink.cancel()
            throw error
        }
        return url
    }

    private func writeActualClip(_ frames: [PixelBuffer], fps: Int, stem: String) throws -> URL {
        artifacts.clear(stem: stem)
        let url = artifacts.directory.appendingPathComponent("\(stem).actual.apng")
        try writeClip(frames, fps: fps, to: url)
        return url
    }
}
