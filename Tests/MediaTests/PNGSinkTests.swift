import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

@Suite struct PNGSequenceSinkTests {
    private func frames(_ count: Int, shade: UInt8) -> [PixelBuffer] {
        (0..<count).map { i in solid(8, 6, UInt8(i * 10), shade / 2, 100, i % 2 == 0 ? 255 : 128) }  // valid premultiplied
    }

    private func write(_ frames: [PixelBuffer], to directory: URL) throws {
        let sink = try PNGSequenceSink(directory: directory)
        for frame in frames { try sink.append(frame) }
        try sink.finish()
    }

    private func listing(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    @Test func frameNames() {
        #expect(PNGSequenceSink.frameName(0) == "frame-00000.png")
        #expect(PNGSequenceSink.frameName(42) == "frame-00042.png")
        #expect(PNGSequenceSink.frameName(123456) == "frame-123456.png")
        #expect(PNGSequenceSink.frameIndex(ofName: "frame-00042.png") == 42)
        #expect(PNGSequenceSink.frameIndex(ofName: "frame-123456.png") == 123456)
        #expect(PNGSequenceSink.frameIndex(ofName: "frame-42.png") == nil)
        #expect(PNGSequenceSink.frameIndex(ofName: "frame-000042.png") == nil)
        #expect(PNGSequenceSink.frameIndex(ofName: "frame-00042.png.bak") == nil)
    }

    @Test func writesNumberedFramesOnlyOnFinish() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.path("deep/er/frames")  // parent missing: created
        let input = frames(3, shade: 50)
        let sink = try PNGSequenceSink(directory: directory)
        for frame in input { try sink.append(frame) }
        #expect(!FileManager.default.fileExists(atPath: directory.path), "nothing at the final path before finish")
        #expect(scratch.partials(in: directory.deletingLastPathComponent()).count == 1)
        try sink.finish()
        #expect(try listing(directory) == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
        for (i, frame) in input.enumerated() {
            #expect(try PNGCodec.decode(contentsOf: directory.appendingPathComponent(PNGSequenceSink.frameName(i))) == frame)
        }
        #expect(scratch.partials(in: directory.deletingLastPathComponent()).isEmpty)
        #expect(throws: MediaError.self) { try sink.append(input[0]) }
    }

    @Test func rerunWithFewerFramesRemovesStaleFramesOnly() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.path("frames")
        try write(frames(5, shade: 1), to: directory)
        let notes = Array("keep me".utf8)
        try writeBytes(notes, directory.appendingPathComponent("notes.txt"))
        try writeBytes([1, 2, 3], directory.appendingPathComponent("frame-7.png"))  // not a name we write

        let second = frames(2, shade: 200)
        try write(second, to: directory)
        #expect(try listing(directory) == ["frame-00000.png", "frame-00001.png", "frame-7.png", "notes.txt"])
        #expect(try readBytes(directory.appendingPathComponent("notes.txt")) == notes)
        #expect(try readBytes(directory.appendingPathComponent("frame-7.png")) == [1, 2, 3])
        #expect(try PNGCodec.decode(contentsOf: directory.appendingPathComponent("frame-00001.png")) == second[1])
        #expect(scratch.partials().isEmpty)
    }

    @Test func cancelLeavesExistingDirectoryUntouched() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.path("frames")
        try write(frames(3, shade: 1), to: directory)
        let before = try listing(directory).map { try readBytes(directory.appendingPathComponent($0)) }

        let sink = try PNGSequenceSink(directory: directory)
        for frame in frames(5, shade: 99) { try sink.append(frame) }
        #expect(scratch.partials().count == 1)
        sink.cancel()
        sink.cancel()  // idempotent
        #expect(try listing(directory) == ["frame-00000.png", "frame-00001.png", "frame-00002.png"])
        #expect(try listing(directory).map { try readBytes(directory.appendingPathComponent($0)) } == before)
        #expect(scratch.partials().isEmpty)
        #expect(throws: MediaError.self) { try sink.finish() }

        // A sink released without finish() cancels itself.
        do {
            let abandoned = try PNGSequenceSink(directory: scratch.path("other"))
            try abandoned.append(frames(1, shade: 3)[0])
        }
        #expect(scratch.partials().isEmpty)
        #expect(!FileManager.default.fileExists(atPath: scratch.path("other").path))
    }

    @Test func finishWithoutFramesIsAnError() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let sink = try PNGSequenceSink(directory: scratch.path("frames"))
        let error = #expect(throws: MediaError.self) { try sink.finish() }
        #expect(error?.description.contains("No frames") == true)
        sink.cancel()
        #expect(try listing(scratch.url).isEmpty)
    }

    @Test func directoryThatIsAFileIsRejectedAtInit() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("frames")
        try writeBytes([42], file)
        let error = #expect(throws: MediaError.self) { try PNGSequenceSink(directory: file) }
        #expect(error?.description.contains(file.path) == true)
        #expect(error?.description.contains("is a file") == true)
        #expect(try readBytes(file) == [42])
        #expect(scratch.partials().isEmpty)
    }

    @Test func framesMustShareOneSize() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let sink = try PNGSequenceSink(directory: scratch.path("frames"))
        try sink.append(solid(4, 4, 0, 0, 0))
        #expect(throws: MediaError.self) { try sink.append(solid(5, 4, 0, 0, 0)) }
        sink.cancel()
    }

    @Test(.enabled(if: getuid() != 0, "root may write anywhere"))
    func unwritableParentIsReportedAtInit() throws {
        let scratch = try TemporaryDirectory()
        defer {
            chmod(scratch.path("locked").path, 0o755)
            scratch.cleanUp()
        }
        try FileManager.default.createDirectory(at: scratch.path("locked"), withIntermediateDirectories: false)
        chmod(scratch.path("locked").path, 0o555)
        let error = #expect(throws: MediaError.self) { try PNGSequenceSink(directory: scratch.path("locked/sub/frames")) }
        #expect(error?.description.contains("locked") == true)
    }
}

@Suite struct PNGFileSinkTests {
    @Test func replacesAnExistingFileOnlyOnFinish() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("still.png")
        let old = solid(4, 4, 255, 0, 0)
        try writeBytes(try PNGCodec.encode(old), file)

        let new = solid(4, 4, 0, 0, 128, 128)
        let sink = try PNGFileSink(file: file)
        try sink.append(new)
        #expect(try PNGCodec.decode(contentsOf: file) == old, "untouched before finish")
        try sink.finish()
        #expect(try PNGCodec.decode(contentsOf: file) == new)
        #expect(scratch.partials().isEmpty)
    }

    @Test func cancelLeavesTheOldFile() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("still.png")
        let old = try PNGCodec.encode(solid(4, 4, 255, 0, 0))
        try writeBytes(old, file)
        let sink = try PNGFileSink(file: file)
        try sink.append(solid(4, 4, 0, 255, 0))
        sink.cancel()
        #expect(try readBytes(file) == old)
        #expect(scratch.partials().isEmpty)
        #expect(throws: MediaError.self) { try sink.finish() }

        let fresh = scratch.path("sub/dir/new.png")  // parent created
        do {
            let abandoned = try PNGFileSink(file: fresh)
            try abandoned.append(solid(2, 2, 1, 1, 1))
        }
        #expect(!FileManager.default.fileExists(atPath: fresh.path))
    }

    @Test func exactlyOneFrame() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let file = scratch.path("still.png")
        let empty = try PNGFileSink(file: file)
        let none = #expect(throws: MediaError.self) { try empty.finish() }
        #expect(none?.description.contains("No frame") == true)
        #expect(!FileManager.default.fileExists(atPath: file.path))

        let sink = try PNGFileSink(file: file)
        try sink.append(solid(2, 2, 9, 9, 9))
        let second = #expect(throws: MediaError.self) { try sink.append(solid(2, 2, 9, 9, 9)) }
        #expect(second?.description.contains("exactly one") == true)
        try sink.finish()
        #expect(try PNGCodec.decode(contentsOf: file) == solid(2, 2, 9, 9, 9))
    }

    @Test func fileThatIsADirectoryIsRejectedAtInit() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let error = #expect(throws: MediaError.self) { try PNGFileSink(file: scratch.url) }
        #expect(error?.description.contains("is a directory") == true)
    }
}
