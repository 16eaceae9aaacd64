import Testing
import Foundation
import Media
import TestSupport
@testable import RenderTransitionCLI

/// `--png-level`, `--png-filter`, `--preset`, `--crf`: parsed, checked against the output, passed on.
@Suite(.serialized) struct EncodingOptions {
    typealias CLI = CommandLine

    @Test("bad values are refused with the range and the default", arguments: [
        (["card-expand", "--out", "f/", "--png-level", "10"], "invalid value '10' for --png-level: a zlib level from 0"),
        (["card-expand", "--out", "f/", "--png-level", "fast"], "invalid value 'fast' for --png-level"),
        (["card-expand", "--out", "f/", "--png-filter", "average"], "invalid value 'average' for --png-filter: one of none, sub, up, paeth, adaptive"),
        (["card-expand", "--out", "c.mp4", "--preset", "medum"], "Did you mean 'medium'?"),
        (["card-expand", "--out", "c.mp4", "--crf", "52"], "invalid value '52' for --crf: x264's constant rate factor, a whole number from 0 (lossless) to 51"),
        (["card-expand", "--out", "c.mp4", "--crf", "-1"], "invalid value '-1' for --crf"),
    ])
    func badValues(_ c: ([String], String)) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let result = try CLI.run(c.0, in: scratch.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains(c.1), "\(result.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty, "nothing written")
    }

    @Test("options for another output are refused", arguments: [
        (["card-expand", "--out", "c.mp4", "--png-level", "6"], "--png-level sets PNG compression, but --out is an MP4"),
        (["card-expand", "--out", "f/", "--crf", "20"], "--crf sets H.264 encoding, but --out is not an MP4"),
        (["card-expand", "--out", "c.gif", "--preset", "fast"], "--preset does not apply here"),
    ])
    func mismatchedOutput(_ c: ([String], String)) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let result = try CLI.run(c.0, in: scratch.url)
        #expect(result.status == 2)
        #expect(result.stderr.contains(c.1), "\(result.stderr)")
    }

    @Test func valuesReachTheEncoding() throws {
        let arguments = try Arguments.parse(["card-expand", "--out", "f/", "--png-level=6", "--png-filter", "Adaptive"])
        let encoding = Command.encoding(arguments)
        #expect(encoding.png == (try PNGOptions(level: 6, filter: .adaptive)))
        #expect(encoding.h264 == .default)
        let video = Command.encoding(try Arguments.parse(["card-expand", "--out", "c.mp4", "--preset", "ultrafast", "--crf", "28"]))
        #expect(video.h264 == (try H264Options(preset: .ultrafast, crf: 28)))
        #expect(video.png == .default)
    }

    @Test func helpListsTheOptions() throws {
        let help = try CLI.run(["--help"]).stdout
        for option in ["--png-level", "--png-filter", "--preset", "--crf"] { #expect(help.contains(option)) }
    }
}
