import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

/// A PNG sequence into a folder that already holds one: the old sequence or the new one is there in full,
/// never a mix, and nothing else in the folder changes.
@Suite struct PNGSequenceReplacement {
    private func frames(_ count: Int, shade: UInt8) -> [PixelBuffer] {
        (0..<count).map { i in solid(4, 3, UInt8(i * 10), shade, 100) }
    }

    private func write(_ frames: [PixelBuffer], to directory: URL) throws {
        let sink = try PNGSequenceSink(directory: directory)
        for frame in frames { try sink.append(frame) }
        try sink.finish()
    }

    private func listing(_ directory: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: directory.path).sorted()
    }

    private func inode(_ url: URL) -> UInt64 {
        var info = stat()
        lstat(url.path, &info)
        return UInt64(info.st_ino)
    }

    /// Only files beside the frames: the folder is exchanged whole, its other files hard-linked across.
    @Test func aFolderOfFilesIsExchangedWhole() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.path("frames")
        try write(frames(5, shade: 1), to: directory)
        let notes = directory.appendingPathComponent("notes.txt")
        try writeBytes(Array("keep me".utf8), notes)
        try FileManager.default.createSymbolicLink(atPath: directory.appendingPathComponent("latest").path, withDestinationPath: "frame-00004.png")
        let notesInode = inode(notes), folderInode = inode(directory)

        let second = frames(2, shade: 200)
        try write(second, to: directory)
        #expect(AtomicOutput.renameExchange == nil || inode(directory) != folderInode, "exchanged, not merged")
        #expect(try listing(directory) == ["frame-00000.png", "frame-00001.png", "latest", "notes.txt"])
        #expect(try readBytes(notes) == Array("keep me".utf8))
        #expect(inode(notes) == notesInode, "the same file, not a copy")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: directory.appendingPathComponent("latest").path) == "frame-00004.png")
        #expect(try PNGCodec.decode(contentsOf: directory.appendingPathComponent("frame-00001.png")) == second[1])
        #expect(scratch.partials().isEmpty)
    }

    /// A sub-folder cannot be hard-linked: frames are replaced one by one, with a way back.
    @Test func aFolderWithSubfoldersIsReplacedFrameByFrame() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.path("frames")
        try write(frames(4, shade: 1), to: directory)
        let sub = directory.appendingPathComponent("thumbnails")
        try FileManager.default.createDirectory(at: sub, withIntermediateDirectories: false)
        try writeBytes([7], sub.appendingPathComponent("t.png"))
        let folderInode = inode(directory)

        let second = frames(3, shade: 90)
        try write(second, to: directory)
        #expect(try listing(directory) == ["frame-00000.png", "frame-00001.png", "frame-00002.png", "thumbnails"])
        #expect(try readBytes(sub.appendingPathComponent("t.png")) == [7])
        #expect(inode(directory) == folderInode)
        for (i, frame) in second.enumerated() {
            #expect(try PNGCodec.decode(contentsOf: directory.appendingPathComponent(PNGSequenceSink.frameName(i))) == frame)
        }
        #expect(scratch.partials().isEmpty)
    }

    /// A folder under a frame's name appears after the render started: finish refuses before moving
    /// anything, and the old sequence stays whole.
    @Test func aFolderUnderAFrameNameIsFoundBeforeAnythingMoves() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.path("frames")
        let old = frames(3, shade: 1)
        try write(old, to: directory)
        try FileManager.default.createDirectory(at: scratch.path("frames/sub"), withIntermediateDirectories: false)

        let sink = try PNGSequenceSink(directory: directory)
        for frame in frames(5, shade: 77) { try sink.append(frame) }
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("frame-00004.png"), withIntermediateDirectories: false)
        let error = #expect(throws: MediaError.self) { try sink.finish() }
        #expect(error?.description.contains("\(directory.path)/frame-00004.png is a directory") == true, "\(error.map { "\($0)" } ?? "")")
        #expect(error?.description.contains("Nothing was changed") == true)
        #expect(try listing(directory) == ["frame-00000.png", "frame-00001.png", "frame-00002.png", "frame-00004.png", "sub"])
        for (i, frame) in old.enumerated() {
            #expect(try PNGCodec.decode(contentsOf: directory.appendingPathComponent(PNGSequenceSink.frameName(i))) == frame)
        }
        #expect(scratch.partials().isEmpty)
    }

    @Test func aFolderUnderAFrameNameIsRefusedBeforeRendering() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let directory = scratch.path("frames")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("frame-00042.png"), withIntermediateDirectories: true)
        let error = #expect(throws: MediaError.self) { try PNGSequenceSink(directory: directory) }
        #expect(error?.description.contains("frame-00042.png is a directory") == true)
        #expect(scratch.partials().isEmpty)
    }

    /// A symbolic link to a folder stays a link; the frames land in the folder it points to.
    @Test func aLinkedFolderStaysALink() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let real = scratch.path("real")
        try write(frames(3, shade: 1), to: real)
        let link = scratch.path("link")
        try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: real.path)
        let second = frames(2, shade: 50)
        try write(second, to: link)
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == real.path)
        #expect(try listing(real) == ["frame-00000.png", "frame-00001.png"])
        #expect(try PNGCodec.decode(contentsOf: real.appendingPathComponent("frame-00001.png")) == second[1])
        #expect(scratch.partials().isEmpty)
    }

    /// Files written together (a plot and its legend) appear together or not at all.
    @Test func filesWrittenTogetherChangeTogether() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let a = scratch.path("plot.png"), b = scratch.path("plot.png.txt")
        try AtomicFiles.write([(a, [1]), (b, [2])])
        #expect(try readBytes(a) == [1] && readBytes(b) == [2])
        try AtomicFiles.write([(a, [3]), (b, [4])])
        #expect(try readBytes(a) == [3] && readBytes(b) == [4])
        // The second path cannot take a file: the first keeps its old bytes.
        let c = scratch.path("taken")
        try FileManager.default.createDirectory(at: c, withIntermediateDirectories: false)
        #expect(throws: MediaError.self) { try AtomicFiles.write([(a, [5]), (c, [6])]) }
        #expect(try readBytes(a) == [3])
        #expect(scratch.partials().isEmpty)
    }
}
