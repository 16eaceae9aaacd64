import Testing
import Foundation
import Media
import TestSupport

#if canImport(Glibc)
import Glibc
#endif

/// The real executable, stopped mid-render by a signal: exit code, nothing left behind, the earlier
/// output untouched; and a later run clearing what a killed one left, and only that.
@Suite(.serialized) struct Interruptions {
    /// A render started in the background, its output in files (pipes could fill up and stall it).
    final class Background {
        let process = Process()
        let stderrURL: URL
        init(_ arguments: [String], in scratch: TemporaryDirectory) throws {
            process.executableURL = CommandLine.binary
            process.arguments = arguments
            stderrURL = scratch.path("stderr.txt")
            FileManager.default.createFile(atPath: stderrURL.path, contents: nil)
            process.standardOutput = FileHandle.nullDevice
            process.standardError = try FileHandle(forWritingTo: stderrURL)
            try process.run()
        }
        var stderr: String { (try? String(contentsOf: stderrURL, encoding: .utf8)) ?? "" }
        /// Sends `signal`, waits for the exit and returns the seconds that took.
        func stop(with signal: Int32) -> Double {
            let start = Date()
            kill(process.processIdentifier, signal)
            process.waitUntilExit()
            return Date().timeIntervalSince(start)
        }
    }

    /// Waits (up to 120 s) until `condition` holds, polling; false if it never did.
    static func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(120)
        while Date() < deadline {
            if condition() { return true }
            usleep(20_000)
        }
        return false
    }

    static func partials(in directory: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).filter { $0.contains(".partial-") }
    }

    static func contents(_ directory: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            result[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return result
    }

    /// 240 fps at 1×: 385 frames, long enough to be caught mid-render even in a release build.
    static let slowRender = ["card-expand", "--scale", "1", "--fps", "240", "--quiet"]

    @Test(arguments: [(SIGINT, Int32(130), "SIGINT"), (SIGTERM, Int32(143), "SIGTERM")])
    func aSignalStopsAnMP4RenderAndKeepsThePreviousFile(_ c: (signal: Int32, status: Int32, name: String)) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let clip = scratch.path("clip.mp4")
        try Data("the previous clip".utf8).write(to: clip)
        let run = try Background(Self.slowRender + ["--out", clip.path], in: scratch)
        // Mid-render: the encoder's partial file exists and holds frames.
        #expect(Self.wait {
            Self.partials(in: scratch.url).contains { name in
                ((try? FileManager.default.attributesOfItem(atPath: scratch.path(name).path)[.size] as? Int) ?? 0) > 0
            }
        })
        #expect(run.process.isRunning, "the render finished before it could be interrupted")
        let seconds = run.stop(with: c.signal)
        #expect(run.process.terminationReason == .exit)
        #expect(run.process.terminationStatus == c.status, "\(run.stderr)")
        #expect(run.stderr.contains("interrupted by \(c.name)"), "\(run.stderr)")
        #expect(seconds < 30, "stopping took \(seconds) s")
        #expect(Self.partials(in: scratch.url).isEmpty)
        #expect(try Data(contentsOf: clip) == Data("the previous clip".utf8))
    }

    @Test func aSignalStopsAPNGSequenceAndKeepsTheFolderAsItWas() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let frames = scratch.path("frames")
        try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        for (name, text) in [("frame-00000.png", "old 0"), ("frame-00001.png", "old 1"), ("notes.txt", "mine")] {
            try Data(text.utf8).write(to: frames.appendingPathComponent(name))
        }
        let before = try Self.contents(frames)
        let run = try Background(Self.slowRender + ["--out", frames.path + "/"], in: scratch)
        // Mid-render: some new frames are in the partial folder.
        #expect(Self.wait {
            Self.partials(in: scratch.url).contains { name in
                ((try? FileManager.default.contentsOfDirectory(atPath: scratch.path(name).path).count) ?? 0) >= 3
            }
        })
        _ = run.stop(with: SIGINT)
        #expect(run.process.terminationStatus == 130, "\(run.stderr)")
        #expect(Self.partials(in: scratch.url).isEmpty)
        #expect(try Self.contents(frames) == before)
    }

    @Test func aSignalStopsAGIFWhileItsFramesAreSpooled() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let gif = scratch.path("clip.gif")
        let run = try Background(["card-expand", "--scale", "1", "--fps", "50", "--quiet", "--out", gif.path], in: scratch)
        #expect(Self.wait { !Self.partials(in: scratch.url).isEmpty })
        _ = run.stop(with: SIGTERM)
        #expect(run.process.terminationStatus == 143, "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["stderr.txt"])
    }

    @Test func theNextRunClearsAKilledRunsPartialsAndNothingElse() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let clip = scratch.path("clip.mp4")
        // SIGKILL cannot be caught: the partial stays.
        let killed = try Background(Self.slowRender + ["--out", clip.path], in: scratch)
        #expect(Self.wait { !Self.partials(in: scratch.url).isEmpty })
        let deadPID = killed.process.processIdentifier
        _ = killed.stop(with: SIGKILL)
        #expect(killed.process.terminationReason == .uncaughtSignal)
        let left = Self.partials(in: scratch.url)
        #expect(left == ["clip.mp4.partial-\(deadPID)"])

        // Beside it: a live process's partial for the same name, another output's stale partial, names that
        // only look alike, and the user's own file.
        let live = "clip.mp4.partial-\(getpid())"
        let others = [live, "clip.mp4.partial-\(deadPID)-2", "other.mp4.partial-\(deadPID)", "clip.mp4.partial-\(deadPID).keep",
                      "clip.mp4.partial-x\(deadPID)", "clip.mp4.partial-", "notes.txt"]
        for name in others { try Data(name.utf8).write(to: scratch.path(name)) }
        try FileManager.default.createDirectory(at: scratch.path("frames.partial-\(deadPID)"), withIntermediateDirectories: false)

        let next = try CommandLine.run(["card-expand", "--scale", "1", "--fps", "10", "--quiet", "--out", clip.path])
        #expect(next.status == 0, "\(next.stderr)")
        #expect(try VideoInfo.probe(clip).frameCount == 17)
        let names = Set(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path))
        #expect(!names.contains("clip.mp4.partial-\(deadPID)"), "the killed run's partial is cleared")
        #expect(!names.contains("clip.mp4.partial-\(deadPID)-2"), "and its second partial")
        for name in others where name != "clip.mp4.partial-\(deadPID)-2" {
            #expect(names.contains(name), "\(name) is not a stale partial of clip.mp4")
            #expect(try Data(contentsOf: scratch.path(name)) == Data(name.utf8))
        }
        #expect(names.contains("frames.partial-\(deadPID)"), "another output's partial stays until that output is written")
    }

    @Test func aPNGSequenceIsRefusedWholeWhenAFrameNameIsAFolder() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let frames = scratch.path("frames")
        try FileManager.default.createDirectory(at: frames.appendingPathComponent("frame-00003.png"), withIntermediateDirectories: true)
        for (name, text) in [("frame-00000.png", "old 0"), ("frame-00001.png", "old 1"), ("notes.txt", "mine")] {
            try Data(text.utf8).write(to: frames.appendingPathComponent(name))
        }
        let before = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        let result = try CommandLine.run(["card-expand", "--scale", "1", "--fps", "10", "--out", frames.path + "/"])
        #expect(result.status == 1)
        #expect(result.stderr.contains("\(frames.path)/frame-00003.png is a directory"), "\(result.stderr)")
        #expect(result.stderr.contains("Nothing was changed"), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted() == before)
        #expect(try Data(contentsOf: frames.appendingPathComponent("frame-00000.png")) == Data("old 0".utf8))
        #expect(Self.partials(in: scratch.url).isEmpty)
    }

    @Test func aPlotAndItsLegendAppearTogetherOrNotAtAll() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let plot = scratch.path("plot.png")
        try Data("old plot".utf8).write(to: plot)
        // The legend's path is taken by a folder: neither file may change.
        try FileManager.default.createDirectory(at: scratch.path("plot.png.txt"), withIntermediateDirectories: false)
        let result = try CommandLine.run(["card-expand", "--plot", plot.path])
        // Refused before any work: an output path the tool cannot write is a usage error.
        #expect(result.status == 2)
        #expect(result.stderr.contains("plot.png.txt"), "\(result.stderr)")
        #expect(try Data(contentsOf: plot) == Data("old plot".utf8))
        #expect(Self.partials(in: scratch.url).isEmpty)
    }
}

@Suite(.serialized, .enabled(if: TinyDisk.available, "needs root to mount a small tmpfs"))
struct FullDisk {
    @Test func aFullDiskIsSaidPlainlyAndTheOldClipStays() throws {
        let disk = try TinyDisk(kilobytes: 48)
        defer { disk.remove() }
        let clip = disk.path("clip.mp4")
        try Data("the previous clip".utf8).write(to: clip)
        let result = try CommandLine.run(["card-expand", "--scale", "1", "--fps", "30", "--out", clip.path])
        #expect(result.status == 1)
        #expect(result.stderr.contains("no space left on the device to write \(clip.path)"), "\(result.stderr)")
        #expect(result.stderr.contains("free some space, or give --out a path on another disk"), "\(result.stderr)")
        #expect(!result.stderr.contains("FFmpeg"), "\(result.stderr)")
        #expect(try Data(contentsOf: clip) == Data("the previous clip".utf8))
        #expect(try FileManager.default.contentsOfDirectory(atPath: disk.url.path) == ["clip.mp4"])
    }
}
