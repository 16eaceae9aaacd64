import Testing
import Foundation
import Media
import TestSupport

/// The real executable, run as a user would: exit codes, messages, and what lands on disk.
@Suite(.serialized) struct CommandLine {
    /// The render-transition binary SwiftPM built next to this test bundle.
    static var binary: URL {
        var directory = Bundle.main.bundleURL
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("render-transition").path),
              directory.path != "/" {
            directory.deleteLastPathComponent()
        }
        return directory.appendingPathComponent("render-transition")
    }

    struct Run { var status: Int32; var stdout: String; var stderr: String }

    /// `environment`: variables set for this run on top of the test's own.
    static func run(_ arguments: [String], in directory: URL? = nil, environment: [String: String] = [:],
                    executable: URL = binary) throws -> Run {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        if !environment.isEmpty { process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 } }
        if let directory { process.currentDirectoryURL = directory }
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func helpDescribesUsageAndOptions() throws {
        let result = try Self.run(["--help"])
        #expect(result.status == 0)
        for word in ["Usage:", "--out", "--fps", "--scale", "--at", "--list"] { #expect(result.stdout.contains(word)) }
    }

    @Test func listShowsCardExpandWithItsDuration() throws {
        let result = try Self.run(["--list"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("card-expand"))
        #expect(result.stdout.contains("1.60 s"))
    }

    @Test func listShowsEverySceneWithItsDurationAndSummary() throws {
        let result = try Self.run(["--list"])
        #expect(result.status == 0)
        // Durations come from a run to the end on the virtual clock at the default device.
        for (name, duration) in [("card-collapse", "1.30 s"), ("cross-dissolve", "1.70 s"), ("half-way-spring", "3.35 s")] {
            let line = result.stdout.split(separator: "\n").first { $0.hasPrefix(name + " ") }
            #expect(line?.contains(duration) == true, "\(name): \(line ?? "missing")")
            #expect((line?.count ?? 0) > 40, "\(name) has a summary")
        }
    }

    /// Names longer than the others (panel-present-interrupted) are listed whole, so they can be typed back.
    @Test func listShowsEveryNameWhole() throws {
        let result = try Self.run(["--list"])
        let names = result.stdout.split(separator: "\n").map { $0.split(separator: " ").first.map(String.init) ?? "" }
        for name in ["panel-present-interrupted", "panel-dismiss-interrupted", "card-expand"] {
            #expect(names.contains(name), "\(name) missing from --list")
        }
    }

    @Test func gifOutputWritesALoopingGIFOfTheClip() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let gif = scratch.path("clip.gif")
        let result = try Self.run(["cross-dissolve", "--scale", "0.25", "--fps", "20", "--out", gif.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("35 frames"))
        let info = try VideoInfo.probe(gif)
        #expect(info.codec == "gif" && info.width == 98 && info.height == 213)

        let tooFast = try Self.run(["cross-dissolve", "--fps", "60", "--out", scratch.path("fast.gif").path])
        #expect(tooFast.status == 2)
        #expect(tooFast.stderr.contains("--fps") && tooFast.stderr.contains("50"))
    }

    /// An APNG holds every frame of the clip exactly: decoded and expanded (still stretches are stored
    /// once, with a longer delay) it is the PNG sequence of the same render, byte for byte.
    @Test func apngOutputIsTheWholeClipLosslessly() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let apng = scratch.path("clip.apng")
        let result = try Self.run(["cross-dissolve", "--scale", "0.25", "--fps", "20", "--out", apng.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let summary = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(summary["kind"] as? String == "apng" && (summary["frames"] as? NSNumber)?.intValue == 35)

        let animation = try APNG.decodeFrames(contentsOf: apng)
        #expect(animation.width == 98 && animation.height == 213 && animation.loops == 0)
        #expect(animation.delays.allSatisfy { $0.den == 20 })
        let frames = try animation.expandedFrames(framesPerSecond: 20)
        #expect(frames.count == 35)

        let sequence = scratch.path("frames/")
        #expect(try Self.run(["cross-dissolve", "--scale", "0.25", "--fps", "20", "--out", sequence.path + "/"]).status == 0)
        for (index, frame) in frames.enumerated() {
            let png = try PNGCodec.decode(contentsOf: sequence.appendingPathComponent(PNGSequenceSink.frameName(index)))
            #expect(pixelDifference(frame, png) == nil, "frame \(index)")
        }

        let still = try Self.run(["cross-dissolve", "--out", scratch.path("a.apng").path, "--at", "0.5"])
        #expect(still.status == 2 && still.stderr.contains("--at and --filmstrip write a .png"), "\(still.stderr)")
        // A failed run leaves the earlier file as it was.
        let before = try Data(contentsOf: apng)
        let failed = try Self.run(["cross-dissolve", "--scale", "0.001", "--out", apng.path])
        #expect(failed.status == 2)
        #expect(try Data(contentsOf: apng) == before)
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).sorted() == ["clip.apng", "frames"])
    }

    @Test func galleryTakesOnlyAnOutputDirectory() throws {
        let result = try Self.run(["gallery", "--fps", "30"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--fps does not apply to 'gallery'"))
    }

    @Test func unknownSceneListsTheAvailableOnes() throws {
        let result = try Self.run(["card-explode", "--out", "x.mp4"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("unknown scene 'card-explode'"))
        #expect(result.stderr.contains("card-expand"))
    }

    @Test("bad option values name the option and what is allowed", arguments: [
        (["--fps", "0"], "--fps"), (["--fps", "abc"], "--fps"), (["--scale", "-1"], "--scale"),
        (["--scale", "9"], "--scale"), (["--at", "soon"], "--at"), (["--device", "nokia"], "--device"),
        (["--frobnicate", "1"], "unknown option '--frobnicate'"), (["--out"], "--out needs a value"),
    ])
    func badValues(_ c: ([String], String)) throws {
        let result = try Self.run(["card-expand"] + c.0)
        #expect(result.status == 2)
        #expect(result.stderr.contains(c.1), "\(result.stderr)")
    }

    @Test func unsupportedOutputsAreRefusedBeforeRendering() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        for (args, message) in [(["--out", "clip.mov"], "'.mov' is not an output format"),
                                (["--out", "still.png"], "--at SECONDS"),
                                (["--out", "clip.mp4", "--at", "0.5"], "--at"),
                                (["--out", "still.png", "--at", "9"], "outside card-expand, which lasts 1.6 s")] {
            let result = try Self.run(["card-expand", "--scale", "1"] + args, in: scratch.url)
            #expect(result.status == 2, "\(args)")
            #expect(result.stderr.contains(message), "\(result.stderr)")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
    }

    @Test func aFailedRenderLeavesAnExistingFileAlone() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let still = scratch.path("still.png")
        try Data("precious".utf8).write(to: still)
        let result = try Self.run(["card-expand", "--scale", "1", "--out", still.path, "--at", "42"])
        #expect(result.status == 2)
        #expect(try Data(contentsOf: still) == Data("precious".utf8))
    }

    @Test func stillIsThePNGOfTheScreenAtThatTime() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let still = scratch.path("nested/still.png")
        let result = try Self.run(["card-expand", "--scale", "1", "--out", still.path, "--at", "0.8"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGCodec.decode(contentsOf: still)
        #expect(image.width == 393 && image.height == 852)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: still.deletingLastPathComponent().path)
        #expect(leftovers == ["still.png"])
    }

    @Test func mp4HasTheTaggedFormatAndTheFrameCountOfTheTimeline() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let clip = scratch.path("card.mp4")
        let result = try Self.run(["card-expand", "--scale", "1", "--out", clip.path])
        #expect(result.status == 0, "\(result.stderr)")
        #expect(result.stdout.contains("97 frames"))
        let info = try VideoInfo.probe(clip)
        #expect(info.codec == "h264")
        #expect(info.pixelFormat == "yuv420p")
        #expect(info.colorPrimaries == "bt709" && info.colorTransfer == "bt709" && info.colorMatrix == "bt709")
        #expect(info.colorRange == "tv")
        #expect(info.framesPerSecond == 60)
        #expect(info.frameCount == 97)
        // 393 pt at 1× is odd; the clip is padded to even dimensions.
        #expect(info.width == 394 && info.height == 852)
        #expect(info.moovBeforeMdat)
    }

    @Test func pngSequenceHasOneFilePerFrame() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let frames = scratch.path("frames/")
        let result = try Self.run(["card-expand", "--scale", "1", "--fps", "10", "--out", frames.path + "/"])
        #expect(result.status == 0, "\(result.stderr)")
        let names = try FileManager.default.contentsOfDirectory(atPath: frames.path).sorted()
        // 1.6 s at 10 fps: frames at 0, 0.1 … 1.6.
        #expect(names.count == 17)
        #expect(names.first == "frame-00000.png" && names.last == "frame-00016.png")
    }

    @Test func plotWritesTheImageAndItsLegendAndNothingElse() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let plot = scratch.path("plots/card.png")
        let result = try Self.run(["card-expand", "--plot", plot.path], in: scratch.url)
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGCodec.decode(contentsOf: plot)
        #expect(image.width == 1400 && image.height == 760)
        let legend = try String(contentsOf: URL(fileURLWithPath: plot.path + ".txt"), encoding: .utf8)
        // The legend names the properties with their colours, on stdout too.
        for text in ["#1F77B4  position", "opacity", "CardDetailViewController.view/UIButton", "transition.begin present"] {
            #expect(legend.contains(text) && result.stdout.contains(text), "\(text)")
        }
        // Without --out, only the plot is written.
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path) == ["plots"])
        #expect(try FileManager.default.contentsOfDirectory(atPath: plot.deletingLastPathComponent().path).sorted()
                == ["card.png", "card.png.txt"])
    }

    @Test func plotMustBeAPNG() throws {
        let result = try Self.run(["card-expand", "--plot", "plot.mp4"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--plot writes a .png image"))
    }
}

/// `--dump-tree` and `tree`: a dumped tree renders to the same PNG as the still.
@Suite(.serialized) struct LayerTreeCommands {
    @Test func dumpThenRenderGivesTheSamePNG() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let tree = scratch.path("tree.json"), still = scratch.path("still.png")
        let redrawn = scratch.path("redrawn.png")
        let dump = try CommandLine.run(["card-expand", "--scale", "1", "--dump-tree", tree.path, "--at", "0.6", "--out", still.path])
        #expect(dump.status == 0, "\(dump.stderr)")
        let render = try CommandLine.run(["tree", tree.path, "--out", redrawn.path])
        #expect(render.status == 0, "\(render.stderr)")
        #expect(try Data(contentsOf: still) == Data(contentsOf: redrawn))
    }

    @Test func dumpNeedsATime() throws {
        let result = try CommandLine.run(["card-expand", "--dump-tree", "x.json"])
        #expect(result.status == 2)
        #expect(result.stderr.contains("--dump-tree needs --at"))
    }

    @Test func badDocumentIsRefusedWithItsPathAndNothingIsWritten() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let tree = scratch.path("bad.json"), out = scratch.path("out.png")
        try Data(#"{"format": "render-transition.layer-tree", "version": 1, "canvas": {"width": 10, "height": 10}, "root": {"opacity": true}}"#.utf8).write(to: tree)
        let result = try CommandLine.run(["tree", tree.path, "--out", out.path])
        #expect(result.status == 2)
        #expect(result.stderr.contains("root.opacity: expected a number, got a boolean"))
        #expect(!FileManager.default.fileExists(atPath: out.path))
    }
}

/// Devices and filmstrips, as a user asks for them.
@Suite(.serialized) struct DevicesAndFilmstrips {
    /// card-expand only taps, so touches are off by default; `--touches` draws the dot while the finger is
    /// down (0.2–0.3 s), fading for 0.25 s after the lift, and changes nothing once it has faded.
    @Test func touchesDrawsTheFingerOnlyWhenAskedWhileItIsDownAndFading() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        func still(_ at: String, _ flags: [String]) throws -> [UInt8] {
            let url = scratch.path("\(at)\(flags.joined()).png")
            let result = try CommandLine.run(["card-expand", "--scale", "1", "--at", at, "--out", url.path] + flags)
            #expect(result.status == 0, "\(result.stderr)")
            return try PNGCodec.decode(contentsOf: url).bytes
        }
        let plain = try still("0.25", []), dotted = try still("0.25", ["--touches"])
        #expect(plain != dotted)
        #expect(try still("0.25", ["--no-touches"]) == plain)
        #expect(try still("0.45", ["--touches"]) != still("0.45", []))
        #expect(try still("0.6", ["--touches"]) == still("0.6", []))
        let twice = try CommandLine.run(["card-expand", "--touches", "--no-touches"])
        #expect(twice.status == 2 && twice.stderr.contains("--no-touches conflicts"))
        let tree = try CommandLine.run(["tree", "x.json", "--out", "x.png", "--touches"])
        #expect(tree.status == 2 && tree.stderr.contains("--touches/--no-touches does not apply"))
        #expect(try CommandLine.run(["--help"]).stdout.contains("--no-touches"))
    }

    @Test func deviceSetsTheCanvasAndScale() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let still = scratch.path("se.png")
        let result = try CommandLine.run(["card-expand", "--device", "iphone-se", "--out", still.path, "--at", "1"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGCodec.decode(contentsOf: still)
        // iPhone SE: 375×667 pt at 2×.
        #expect(image.width == 750 && image.height == 1334)
    }

    @Test func filmstripHasOneThumbnailPerMoment() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let strip = scratch.path("strip.png")
        let result = try CommandLine.run(["card-expand", "--scale", "1", "--out", strip.path, "--filmstrip", "4"])
        #expect(result.status == 0, "\(result.stderr)")
        let image = try PNGCodec.decode(contentsOf: strip)
        // Thumbnails 480 px high, 24 px gaps around and between the four of them.
        let thumbnailWidth = Int((393.0 * 480 / 852).rounded())
        #expect(image.height == 480 + 48)
        #expect(image.width == 24 + 4 * (thumbnailWidth + 24))
        let bad = try CommandLine.run(["card-expand", "--out", strip.path, "--filmstrip", "1"])
        #expect(bad.status == 2)
        #expect(bad.stderr.contains("--filmstrip"))
    }
}
