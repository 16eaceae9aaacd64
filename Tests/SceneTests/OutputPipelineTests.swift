import Testing
import Foundation
import Media
import Stage
import Output
import TestSupport
@testable import Scenes

/// `Stage.write` with rendering and encoding overlapped writes the bytes it writes in turn on one thread,
/// for every output kind but MP4: libx264 on its own threads is not byte-reproducible even in turn (three
/// sequential runs of this clip before the pipeline gave three different files), so an MP4 is held to
/// the same stream: codec, profile, size, frame rate, frame count, colour tags, faststart.
@Suite struct OutputPipeline {
    /// card-expand at a small scale and 20 fps: every kind of frame (still, moving, settled) in a short run.
    static let settings = RenderSettings(scale: 0.5, fps: 20)

    private func contents(_ url: URL) throws -> [String: [UInt8]] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return ["": [UInt8](try Data(contentsOf: url))]
        }
        var result: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: url.path) {
            result[name] = [UInt8](try Data(contentsOf: url.appendingPathComponent(name)))
        }
        return result
    }

    @Test(arguments: ["clip.mp4", "clip.gif", "clip.apng", "frames", "strip.png"])
    func pipelinedOutputEqualsSequential(name: String) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        func target(_ url: URL) -> OutputTarget {
            switch name {
            case "clip.mp4": .video(url)
            case "clip.gif": .gif(url)
            case "clip.apng": .apng(url)
            case "frames": .pngSequence(url)
            default: .filmstrip(url, count: 4)
            }
        }
        var outputs: [[String: [UInt8]]] = []
        var videos: [VideoInfo] = []
        for threads in [1, nil, 2, 3] {
            let url = scratch.path("\(threads.map(String.init) ?? "all")-\(name)")
            var progress: [Int] = []
            try Stage.write(CardExpandScene.definition, settings: Self.settings, to: target(url),
                            encoding: OutputEncoding(threads: threads), progress: { done, _ in progress.append(done) })
            #expect(progress == Array(1...progress.count), "progress arrives in order")
            if name.hasSuffix(".mp4") {
                videos.append(try VideoInfo.probe(url))
            } else {
                outputs.append(try contents(url))
            }
        }
        if name.hasSuffix(".mp4") {
            #expect(videos[0].frameCount == 33)
            for video in videos.dropFirst() { #expect(video == videos[0]) }
            return
        }
        #expect(!outputs[0].isEmpty)
        if name == "frames" { #expect(outputs[0].count == 33) }
        for (index, output) in outputs.enumerated().dropFirst() {
            #expect(output == outputs[0], "threads setting \(index) writes the sequential bytes")
        }
    }

    /// PNG level and filter reach the files; a level out of range is refused before anything is written.
    @Test func pngOptionsReachTheFilesAndBadOnesAreRefused() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let stored = scratch.path("stored.png"), small = scratch.path("small.png")
        try Stage.write(CardExpandScene.definition, settings: Self.settings, to: .still(stored, time: 0.8),
                        encoding: OutputEncoding(png: try PNGOptions(level: 0, filter: .none)))
        try Stage.write(CardExpandScene.definition, settings: Self.settings, to: .still(small, time: 0.8),
                        encoding: OutputEncoding(png: try PNGOptions(level: 9, filter: .adaptive)))
        let a = try PNGCodec.decode(contentsOf: stored), b = try PNGCodec.decode(contentsOf: small)
        #expect(a == b)
        #expect(try contents(small)[""]!.count * 3 < contents(stored)[""]!.count)

        var encoding = OutputEncoding()
        encoding.png.level = 10
        let bad = scratch.path("bad.png")
        #expect(throws: StageError.self) {
            try Stage.write(CardExpandScene.definition, settings: Self.settings, to: .still(bad, time: 0.8), encoding: encoding)
        }
        #expect(!FileManager.default.fileExists(atPath: bad.path))
        encoding = OutputEncoding()
        encoding.h264.crf = 52
        #expect(throws: StageError.self) {
            try Stage.write(CardExpandScene.definition, settings: Self.settings, to: .video(scratch.path("bad.mp4")), encoding: encoding)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["small.png", "stored.png"])
    }
}
