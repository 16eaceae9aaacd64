import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

/// Rendering and encoding overlapped: the same bytes as the sinks alone, bounded memory, errors that stop both sides.
@Suite struct PipelinedSinkTests {
    /// Frames that differ from each other in content (and in opacity, for the PNG colour type).
    private func frames(_ count: Int, width: Int = 24, height: Int = 18, seed: UInt64 = 1) -> [PixelBuffer] {
        (0..<count).map { i in
            var rng = SplitMix64(seed: seed &+ UInt64(i))
            return randomPremultipliedBuffer(width: width, height: height, opaque: i % 3 != 0, using: &rng)
        }
    }

    private func files(in directory: URL) throws -> [String: [UInt8]] {
        var result: [String: [UInt8]] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            result[name] = try readBytes(directory.appendingPathComponent(name))
        }
        return result
    }

    /// A PNG sequence compressed on 1, 2 or 5 threads is the sequence the sink writes alone, file for file.
    @Test func pngSequenceIsByteIdenticalOnAnyThreadCount() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let input = frames(23)
        let alone = scratch.path("alone")
        let sink = try PNGSequenceSink(directory: alone, options: PNGOptions(level: 3, filter: .adaptive))
        for frame in input { try sink.append(frame) }
        try sink.finish()
        let expected = try files(in: alone)
        #expect(expected.count == 23)
        for workers in [1, 2, 5] {
            let directory = scratch.path("workers-\(workers)")
            let pipelined = PipelinedSink(try PNGSequenceSink(directory: directory, options: PNGOptions(level: 3, filter: .adaptive)),
                                          workers: workers)
            for frame in input { try pipelined.append(frame) }
            try pipelined.finish()
            #expect(try files(in: directory) == expected, "\(workers) workers")
        }
        #expect(scratch.partials().isEmpty)
    }

    /// MP4, APNG and one PNG through the pipeline: the same file as the sink alone (for the MP4, the same
    /// stream: libx264 on its own threads may decide a macroblock differently when the machine is loaded,
    /// with or without the pipeline, so its bytes are not compared).
    @Test func statefulSinksWriteTheSameBytes() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let input = frames(12, width: 32, height: 20)
        let opaqueInput = frames(12, width: 32, height: 20, seed: 99).map { frame in
            var copy = frame
            for i in stride(from: 3, to: copy.bytes.count, by: 4) { copy.bytes[i] = 255 }  // colour ≤ alpha still holds
            return copy
        }
        let makers: [(String, [PixelBuffer], (URL) throws -> FrameSink)] = [
            ("clip.mp4", opaqueInput, { try MP4Sink(file: $0, width: 32, height: 20, framesPerSecond: 30,
                                                     options: H264Options(preset: .veryfast, crf: 23)) }),
            ("clip.apng", input, { try APNGSink(file: $0, framesPerSecond: 30) }),
            ("still.png", [input[4]], { try PNGFileSink(file: $0) }),
        ]
        for (name, frames, make) in makers {
            let alone = scratch.path("alone-" + name), piped = scratch.path("piped-" + name)
            let sink = try make(alone)
            for frame in frames { try sink.append(frame) }
            try sink.finish()
            let pipelined = PipelinedSink(try make(piped))
            for frame in frames { try pipelined.append(frame) }
            try pipelined.finish()
            if name.hasSuffix(".mp4") {
                let info = try VideoInfo.probe(piped)
                #expect(info == (try VideoInfo.probe(alone)), "\(name)")
                #expect(info.frameCount == frames.count && info.width == 32 && info.height == 20, "\(name)")
            } else {
                #expect(try readBytes(piped) == readBytes(alone), "\(name)")
            }
        }
    }

    /// However long the clip, the pipeline holds at most depth + workers frames, the sink sees every
    /// frame in order, and the frames it sees live in a few recycled buffers.
    @Test(arguments: [1, 3])
    func memoryIsBoundedWhateverTheClipLength(depth: Int) throws {
        let sink = RecordingSink(delayEvery: 3)
        let pipelined = PipelinedSink(sink, depth: depth)
        var kept: [PixelBuffer] = []  // the caller keeps its frames, so only the pipeline's recycling can repeat storage
        for i in 0..<300 {
            let frame = solid(16, 4, UInt8(i % 256), UInt8(i / 256), 0)
            kept.append(frame)
            try pipelined.append(frame)
        }
        try pipelined.finish()
        #expect(sink.finished)
        #expect(sink.firstBytes == (0..<300).map { UInt8($0 % 256) })
        #expect(pipelined.peakFramesHeld <= depth + 1)
        #expect(pipelined.peakFramesHeld >= 1)
        #expect(Set(sink.addresses).count <= depth + 2, "frames are copied into recycled storage")
    }

    /// An encoder error stops the caller within a few frames, cancels the wrapped sink and leaves no partial.
    @Test func encoderErrorStopsRendering() throws {
        let sink = RecordingSink(failAt: 5)
        let pipelined = PipelinedSink(sink)
        var appended = 0
        let message = errorText {
            for i in 0..<1000 {
                try pipelined.append(solid(4, 4, UInt8(i % 256), 0, 0))
                appended += 1
            }
            try pipelined.finish()
        }
        #expect(message == "encoder failed at frame 5")
        #expect(appended <= 5 + PipelinedSink.defaultDepth + 2)
        pipelined.cancel()  // as Stage.render does on any error
        #expect(sink.cancelled)
        #expect(!sink.finished)
    }

    /// A PNG sequence whose frame changes size fails at that frame; cancelling leaves the target as it was.
    @Test func pngSequenceErrorsLeaveNothingBehind() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.path("frames")
        let pipelined = PipelinedSink(try PNGSequenceSink(directory: directory), workers: 2)
        for frame in frames(6) { try pipelined.append(frame) }
        let message = errorText { try pipelined.append(solid(5, 5, 1, 1, 1)) }
        #expect(message?.contains("Frame 6") == true && message?.contains("all frames must have one size") == true)
        pipelined.cancel()
        #expect(!FileManager.default.fileExists(atPath: directory.path))
        #expect(scratch.partials().isEmpty)
    }

    /// The caller stopping (an error while rendering, Ctrl-C) cancels the encoder side: no file, no partial.
    @Test func cancelStopsEncodersAndRemovesPartials() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("clip.apng")
        let pipelined = PipelinedSink(try APNGSink(file: file, framesPerSecond: 30))
        for frame in frames(8) { try pipelined.append(frame) }
        pipelined.cancel()
        #expect(!FileManager.default.fileExists(atPath: file.path))
        #expect(scratch.partials().isEmpty)
        #expect(throws: MediaError.self) { try pipelined.append(frames(1)[0]) }
    }
}

/// Records what reaches it; optionally slow (a short sleep, so the queue fills) or failing at a frame.
private final class RecordingSink: FrameSink, @unchecked Sendable {
    private let lock = NSLock()
    private var _firstBytes: [UInt8] = [], _addresses: [Int] = []
    private var _finished = false, _cancelled = false
    let delayEvery: Int?, failAt: Int?

    init(delayEvery: Int? = nil, failAt: Int? = nil) { self.delayEvery = delayEvery; self.failAt = failAt }

    var firstBytes: [UInt8] { lock.withLock { _firstBytes } }
    var addresses: [Int] { lock.withLock { _addresses } }
    var finished: Bool { lock.withLock { _finished } }
    var cancelled: Bool { lock.withLock { _cancelled } }

    func append(_ frame: PixelBuffer) throws {
        let index = lock.withLock { _firstBytes.count }
        if index == failAt { throw MediaError("encoder failed at frame \(index)") }
        if let delayEvery, index % delayEvery == 0 { usleep(200) }
        lock.withLock {
            _firstBytes.append(frame.bytes[0])
            _addresses.append(storageAddress(of: frame))
        }
    }
    func finish() throws { lock.withLock { _finished = true } }
    func cancel() { lock.withLock { _cancelled = true } }
}
