import Testing
import Foundation
import Media
import Raster
import TestSupport

/// `verify --shard I/N`, `verify --merge-reports` and `verify --jobs`: CI jobs that split a suite check each
/// scene once, their reports merge into the report of the whole run, and checking scenes on several cores
/// writes the same files as checking them one by one.
@Suite(.serialized) struct VerifyShards {
    typealias CLI = CommandLine
    static let scenes = ["panel-present", "panel-dismiss", "cross-dissolve"]

    /// The scenes a run reports on, from its lines `<scene>: ok (…` / `<scene>: FAILED`.
    static func checked(_ stdout: String) -> [String] {
        stdout.split(separator: "\n").compactMap { line in
            Self.scenes.first { line.hasPrefix("\($0): ok") || line.hasPrefix("\($0): FAILED") }
        }
    }

    static func text(_ url: URL) throws -> String { try String(contentsOf: url, encoding: .utf8) }
    static func withoutTimes(_ xml: String) -> String {
        xml.replacingOccurrences(of: #"time="[0-9.]+""#, with: #"time="""#, options: .regularExpression)
    }

    @Test func shardsCheckEverySceneOnceAndTheirReportsMergeIntoTheWholeRunsReport() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let goldens = scratch.path("goldens")
        let common = Self.scenes + ["--scale", "0.25"]
        let recorded = try CLI.run(["verify", goldens.path, "--record", "missing", "--out", scratch.path("recorded").path] + common)
        #expect(recorded.status == 0, "\(recorded.stdout)\(recorded.stderr)")
        // One changed pixel: the reports carry a failure with its images.
        let golden = goldens.appendingPathComponent("cross-dissolve.dismiss-50.png")
        var image = try PNGCodec.decode(contentsOf: golden)
        image[5, 5] = RGBA8(r: 0, g: 255, b: 0, a: 255)
        try Data(try PNGCodec.encode(image)).write(to: golden)

        func verify(_ out: String, _ extra: [String]) throws -> CommandLine.Run {
            let folder = scratch.path(out)
            return try CLI.run(["verify", goldens.path, "--out", folder.path, "--junit", folder.appendingPathComponent("junit.xml").path]
                               + common + extra, environment: ["CI": ""])
        }
        let whole = try verify("whole", ["--jobs", "1"])
        #expect(whole.status == 1, "\(whole.stdout)\(whole.stderr)")
        #expect(Self.checked(whole.stdout) == Self.scenes, "\(whole.stdout)")

        // Two shards: every scene in exactly one, a verdict each, and a line saying what the other checks.
        var shardScenes: [String] = []
        for index in 1...2 {
            let run = try verify("shard-\(index)", ["--shard", "\(index)/2"])
            let mine = Self.checked(run.stdout)
            shardScenes += mine
            #expect(run.status == (mine.contains("cross-dissolve") ? 1 : 0), "\(run.stdout)\(run.stderr)")
            #expect(run.stdout.contains("verify: shard \(index)/2 has \(mine.count) of 3 scenes; \(3 - mine.count) skipped here, checked by the other 1 shard"),
                    "\(run.stdout)")
            #expect(run.stdout.contains(", shard \(index)/2); report →"), "\(run.stdout)")
        }
        #expect(shardScenes.sorted() == Self.scenes.sorted())
        // Round-robin over the sorted names (cross-dissolve, panel-dismiss, panel-present): 1, 2, 1.
        #expect(shardScenes == ["panel-present", "cross-dissolve", "panel-dismiss"])

        let merged = scratch.path("merged")
        let merge = try CLI.run(["verify", "--merge-reports", scratch.path("shard-2").path, scratch.path("shard-1").path,
                                 "--out", merged.path, "--junit", merged.appendingPathComponent("junit.xml").path], environment: ["CI": ""])
        #expect(merge.status == 1, "\(merge.stdout)\(merge.stderr)")
        #expect(merge.stdout.contains("verify: 1 of 3 scenes differ (3 scenes checked, merged from 2 reports); report → \(merged.path)/report.md"),
                "\(merge.stdout)")
        // The same report as the whole run's, line for line (timings aside), with its images beside it.
        let wholeReport = try Self.text(scratch.path("whole/report.md"))
        #expect(try Self.text(merged.appendingPathComponent("report.md")) == wholeReport)
        #expect(wholeReport.contains("![difference](cross-dissolve.dismiss-50.diff.png)"), "\(wholeReport)")
        #expect(try Self.withoutTimes(Self.text(merged.appendingPathComponent("junit.xml")))
                == Self.withoutTimes(Self.text(scratch.path("whole/junit.xml"))))
        for kind in ["reference", "actual", "diff", "heatmap"] {
            let name = "cross-dissolve.dismiss-50.\(kind).png"
            #expect(FileManager.default.contents(atPath: merged.appendingPathComponent(name).path)
                    == FileManager.default.contents(atPath: scratch.path("whole/\(name)").path), "\(name)")
        }

        // On every core: the same lines, reports and images as one scene at a time.
        let parallel = try verify("parallel", ["--jobs", "3"])
        #expect(parallel.status == 1)
        let lines = { (run: CommandLine.Run) in run.stdout.replacingOccurrences(of: #"\([0-9.]+ s\)"#, with: "", options: .regularExpression)
            .replacingOccurrences(of: "/parallel/", with: "/whole/") }
        #expect(lines(parallel) == lines(whole))
        let files = try FileManager.default.contentsOfDirectory(atPath: scratch.path("whole").path).sorted()
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.path("parallel").path).sorted() == files)
        for name in files where !["junit.xml", "report.json"].contains(name) {
            #expect(FileManager.default.contents(atPath: scratch.path("parallel/\(name)").path)
                    == FileManager.default.contents(atPath: scratch.path("whole/\(name)").path), "\(name)")
        }

        // Merging needs every shard of one run, once.
        let missing = try CLI.run(["verify", "--merge-reports", scratch.path("shard-1").path, "--out", scratch.path("m2").path])
        #expect(missing.status == 2)
        #expect(missing.stderr.contains("shard 2/2 missing: a merged report needs every shard of the run"), "\(missing.stderr)")
        let twice = try CLI.run(["verify", "--merge-reports", scratch.path("shard-1").path, scratch.path("shard-1").path,
                                 "--out", scratch.path("m3").path])
        #expect(twice.status == 2)
        #expect(twice.stderr.contains("shard 1/2 is given twice"), "\(twice.stderr)")
        let unsharded = try CLI.run(["verify", "--merge-reports", scratch.path("whole").path, scratch.path("shard-1").path,
                                     "--out", scratch.path("m4").path])
        #expect(unsharded.status == 2)
        #expect(unsharded.stderr.contains("is the report of a whole run, not of a shard"), "\(unsharded.stderr)")
        let notAReport = try CLI.run(["verify", "--merge-reports", goldens.path, "--out", scratch.path("m5").path])
        #expect(notAReport.status == 2)
        #expect(notAReport.stderr.contains("report.json' is not there"), "\(notAReport.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("m2/report.md").path))
    }

    @Test("bad shard, jobs and merge requests", arguments: [
        (["verify", "goldens", "--shard", "0/2"], "invalid value '0/2' for --shard: shard 0 of 2 does not exist; I runs from 1 to 2"),
        (["verify", "goldens", "--shard", "2"], "invalid value '2' for --shard: a shard is I/N, the I-th of N parts counted from 1, e.g. 1/3"),
        (["verify", "goldens", "--shard", "1/0"], "N, the number of parts, must be at least 1"),
        (["verify", "goldens", "--jobs", "0"], "invalid value '0' for --jobs: how many scenes to work on at once, from 1 to 64"),
        (["card-expand", "--shard", "1/2"], "--shard belongs to 'verify'"),
        (["verify", "--merge-reports"], "verify --merge-reports needs the shards' report folders"),
        (["verify", "--merge-reports", "a", "b"], "verify --merge-reports needs --out DIR"),
        (["verify", "--merge-reports", "a", "--out", "m", "--record", "all"], "--record does not apply to 'verify --merge-reports'"),
        (["verify", "--merge-reports", "no-such-folder", "--out", "m"], "there is no 'no-such-folder'"),
    ])
    func badRequests(_ c: ([String], String)) throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let run = try CLI.run(c.0, in: scratch.url)
        #expect(run.status == 2, "\(run.stdout)\(run.stderr)")
        #expect(run.stderr.contains(c.1), "\(run.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: scratch.url.path).isEmpty)
    }
}
