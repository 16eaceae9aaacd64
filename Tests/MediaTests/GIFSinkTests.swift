import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

/// GIFSink: what a GIF decoder (FFmpeg's) shows, the frame delays, merged still frames, atomic output.
@Suite struct GIFSinkTests {
    /// Frames of a few far-apart colours (exact palette entries, untouched by the dither): a square moves
    /// over a two-colour background, then holds still for three frames.
    static func frames() -> [PixelBuffer] {
        (0..<6).map { i in
            let step = min(i, 3)
            return makeImage(width: 40, height: 30) { x, y in
                if x >= 4 + 8 * step && x < 14 + 8 * step && y >= 10 && y < 20 { return (250, 40, 40, 255) }
                return x < 20 ? (20, 20, 200, 255) : (240, 240, 240, 255)
            }
        }
    }

    @Test func decodesToTheFramesWithMergedStillFramesAndExactDelays() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.path("clip.gif")
        let sink = try GIFSink(file: url, framesPerSecond: 30)
        for frame in Self.frames() { try sink.append(frame) }
        try sink.finish()
        #expect(scratch.partials().isEmpty)

        let bytes = [UInt8](try Data(contentsOf: url))
        #expect(Array(bytes.prefix(6)) == Array("GIF89a".utf8))
        // Frames start at round(100·i/30) cs: 0, 3, 7, 10, 13, 17, 20. Frames 3–5 are one picture, 10 cs.
        #expect(gifFrameDelays(bytes) == [3, 4, 3, 10])
        let info = try VideoInfo.probe(url)
        #expect(info.width == 40 && info.height == 30)
        for (index, expected) in Self.frames().prefix(4).enumerated() {
            let decoded = try VideoInfo.decodeFrame(url, index: index)
            #expect(decoded == expected, "frame \(index)")
        }
    }

    @Test func refusesRatesBrowsersWouldSlowDown() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        #expect(throws: MediaError.self) { try GIFSink(file: scratch.path("fast.gif"), framesPerSecond: 60) }
    }

    @Test func cancelLeavesNothingAndKeepsAnOldFile() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.path("clip.gif")
        try Data("old".utf8).write(to: url)
        let sink = try GIFSink(file: url, framesPerSecond: 30)
        try sink.append(Self.frames()[0])
        sink.cancel()
        #expect(try Data(contentsOf: url) == Data("old".utf8))
        #expect(scratch.partials().isEmpty)
    }

    @Test func lzwCodeStreamRoundTripsThroughTableResets() throws {
        // A long, varied image makes the LZW table fill (4096 codes) and clear several times.
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let url = scratch.path("noise.gif")
        var seed: UInt32 = 12345
        let image = makeImage(width: 200, height: 150) { _, _ in
            seed = seed &* 1_664_525 &+ 1_013_904_223
            let v = UInt8(truncatingIfNeeded: seed >> 24) & 0xE0
            return (v, 255 - v, v / 2, 255)
        }
        let sink = try GIFSink(file: url, framesPerSecond: 10)
        try sink.append(image)
        try sink.finish()
        let decoded = try VideoInfo.decodeFrame(url, index: 0)
        // 8 grey levels per channel are palette entries; the decoded picture is the source exactly.
        #expect(decoded == image)
    }
}
