import Foundation
import Raster
import Testing
@testable import Media
import TestSupport

/// Noise does not compress: every sink needs about its raw size on disk.
private func noise(_ seed: UInt64, width: Int = 128, height: Int = 128) -> PixelBuffer {
    var rng = SplitMix64(seed: seed)
    return randomPremultipliedBuffer(width: width, height: height, opaque: true, using: &rng)
}

@Suite(.serialized, .enabled(if: TinyDisk.available, "needs root to mount a small tmpfs"))
struct DiskFull {
    /// Runs `write` against a 64 kB disk holding an old file at `name`: it must fail with the disk-full
    /// error naming the target, leave the old file as it was, and leave no partial.
    func expectDiskFull(_ name: String, old: [UInt8]? = Array("old".utf8), _ write: (URL) throws -> Void) throws {
        let disk = try TinyDisk(kilobytes: 64)
        defer { disk.remove() }
        let target = disk.path(name)
        if let old { try writeBytes(old, target) }
        let before = disk.usedBytes
        do {
            try write(target)
            Issue.record("\(name): writing 64 kB of noise or more onto a 64 kB disk succeeded")
        } catch let error as MediaError {
            guard case .noSpace(let path) = error.kind else { Issue.record("not a disk-full error: \(error)"); return }
            #expect(path.hasPrefix(target.path), "\(error)")
            #expect(error.description.contains(target.path), "\(error)")
            #expect(error.description.contains("the disk is full"), "\(error)")
            #expect(error.description.contains("free some space, or choose an output path on another disk"), "\(error)")
        }
        if let old { #expect(try readBytes(target) == old) } else { #expect(!FileManager.default.fileExists(atPath: target.path)) }
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == (old == nil ? [] : [name]))
        #expect(disk.usedBytes <= before, "the partial's space was given back")
    }

    @Test func mp4() throws {
        try expectDiskFull("clip.mp4") { url in
            let sink = try MP4Sink(file: url, width: 128, height: 128, framesPerSecond: 30, preset: "ultrafast")
            for seed in 0..<40 { try sink.append(noise(UInt64(seed))) }
            try sink.finish()
        }
    }

    @Test func gif() throws {
        try expectDiskFull("clip.gif") { url in
            let sink = try GIFSink(file: url, framesPerSecond: 30)
            for seed in 0..<8 { try sink.append(noise(UInt64(seed))) }
            try sink.finish()
        }
    }

    @Test func apng() throws {
        try expectDiskFull("clip.apng") { url in
            let sink = try APNGSink(file: url, framesPerSecond: 30)
            for seed in 0..<8 { try sink.append(noise(UInt64(seed))) }
            try sink.finish()
        }
    }

    @Test func png() throws {
        try expectDiskFull("still.png") { url in
            let sink = try PNGFileSink(file: url)
            try sink.append(noise(1, width: 200, height: 200))
            try sink.finish()
        }
    }

    @Test func pngSequence() throws {
        try expectDiskFull("frames", old: nil) { url in
            let sink = try PNGSequenceSink(directory: url)
            for seed in 0..<8 { try sink.append(noise(UInt64(seed))) }
            try sink.finish()
        }
    }

    @Test func textFiles() throws {
        try expectDiskFull("report.md") { url in
            try AtomicFiles.write(Array(repeating: 65, count: 100_000), to: url)
        }
    }
}
