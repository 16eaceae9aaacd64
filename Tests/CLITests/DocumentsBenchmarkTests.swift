import Testing
import Foundation
import TestSupport

/// `render-transition SCENE --dump-tree FOLDER/` writes every frame's layer tree, and `render-benchmark
/// documents FOLDER` renders such a folder as one clip: the route by which any workload becomes a benchmark.
@Suite(.serialized) struct DocumentsBenchmark {
    static var benchmark: URL { CommandLine.binary.deletingLastPathComponent().appendingPathComponent("render-benchmark") }

    static func runBenchmark(_ arguments: [String]) throws -> CommandLine.Run {
        try CommandLine.run(arguments, executable: benchmark)
    }

    func frames(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".json") }.sorted()
    }

    @Test func dumpsEveryFrameThenTimesThemAsOneClip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let folder = directory.url.appendingPathComponent("frames")
        // card-expand lasts 1.6 s: at 10 fps that is frames 0…16.
        let dump = try CommandLine.run(["card-expand", "--dump-tree", folder.path + "/", "--fps", "10", "--scale", "0.5", "--quiet"])
        #expect(dump.status == 0, "\(dump.stderr)")
        let names = try frames(in: folder)
        #expect(names.count == 17)
        #expect(names.first == "frame-00000.json" && names.last == "frame-00016.json")
        // A frame's document draws what a still of that moment draws.
        let still = directory.url.appendingPathComponent("still.png"), drawn = directory.url.appendingPathComponent("drawn.png")
        #expect(try CommandLine.run(["card-expand", "--at", "0.8", "--scale", "0.5", "--no-touches", "--out", still.path, "--quiet"]).status == 0)
        #expect(try CommandLine.run(["tree", folder.appendingPathComponent("frame-00008.json").path, "--out", drawn.path, "--quiet"]).status == 0)
        #expect(try Data(contentsOf: still) == Data(contentsOf: drawn))

        let result = try Self.runBenchmark(["documents", folder.path, "--json"])
        #expect(result.status == 0, "\(result.stderr)")
        let json = try #require(try JSONSerialization.jsonObject(with: Data(result.stdout.utf8)) as? [String: Any])
        #expect(json["frames"] as? Int == 17)
        #expect(json["width"] as? Int == 197 || json["width"] as? Int == 196)
        let ms = try #require(json["msPerFrame"] as? [String: Double])
        #expect(ms["min"]! <= ms["median"]! && ms["median"]! <= ms["max"]!)
        #expect((json["peakMemoryMiB"] as? Double ?? 0) > 0)
        let passes = try Self.runBenchmark(["documents", folder.path, "--passes", "2", "--fresh", "--scale", "0.25"])
        #expect(passes.status == 0, "\(passes.stderr)")
        #expect(passes.stdout.contains("34 frames at 0.25x"), "\(passes.stdout)")

        // A shorter dump into the same folder leaves exactly its own frames.
        let again = try CommandLine.run(["card-expand", "--dump-tree", folder.path + "/", "--fps", "5", "--scale", "0.5", "--quiet"])
        #expect(again.status == 0, "\(again.stderr)")
        #expect(try frames(in: folder).count == 9)
    }

    @Test func badFoldersAndOptionsAreExplained() throws {
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let empty = directory.url.appendingPathComponent("empty")
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let broken = directory.url.appendingPathComponent("broken")
        try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
        try Data("{\"canvas\": 3}".utf8).write(to: broken.appendingPathComponent("frame-00000.json"))
        let cases: [([String], [String])] = [
            (["documents"], ["documents needs a folder"]),
            (["documents", directory.url.appendingPathComponent("missing").path], ["no such folder", "missing"]),
            (["documents", empty.path], ["no .json", "--dump-tree"]),
            (["documents", broken.path], ["frame-00000.json"]),
            (["documents", empty.path, "--passes", "0"], ["--passes", "1 to 1000"]),
            (["documents", empty.path, "--scale", "-1"], ["--scale"]),
            (["documents", empty.path, "--fast"], ["unknown option '--fast'"]),
        ]
        for (arguments, mentions) in cases {
            let result = try Self.runBenchmark(arguments)
            #expect(result.status == 2, "\(arguments)")
            for word in mentions { #expect(result.stderr.contains(word), "\(arguments): \(result.stderr)") }
        }
    }
}
