import Testing
import Foundation
import Media
import Raster
import TestSupport

/// `verify GOLDENS_DIR`: the goldens of a team that does not write Swift tests, with reports for people
/// (Markdown) and CI (JUnit), and exit codes a CI step can use.
@Suite(.serialized) struct Verify {
    typealias CLI = CommandLine

    @Test func recordsThenMatchesThenReportsAChange() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let goldens = scratch.path("goldens"), out = scratch.path("verify")
        let common = ["--scale", "0.25", "--out", out.path]

        let recorded = try CLI.run(["verify", goldens.path, "cross-dissolve", "--record", "missing"] + common)
        #expect(recorded.status == 0, "\(recorded.stderr)")   // asked to record: not a failure
        #expect(recorded.stdout.contains("cross-dissolve: recorded (11 goldens"), "\(recorded.stdout)")
        let files = try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted()
        #expect(files.count == 11 && files.contains("cross-dissolve.present-50.png") && files.contains("cross-dissolve.trace.txt"))

        let junit = out.appendingPathComponent("goldens.xml")
        let matched = try CLI.run(["verify", goldens.path, "--junit", junit.path] + common)
        #expect(matched.status == 0, "\(matched.stdout)\(matched.stderr)")
        #expect(matched.stdout.contains("verify: 1 of 1 scenes match their goldens"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains(#"failures="0""#))

        // One changed pixel in one golden: exit 1, a report with the images, a JUnit failure.
        let golden = goldens.appendingPathComponent("cross-dissolve.dismiss-50.png")
        var image = try PNGCodec.decode(contentsOf: golden)
        image[10, 10] = RGBA8(r: 0, g: 255, b: 0, a: 255)
        try Data(try PNGCodec.encode(image)).write(to: golden)
        let failed = try CLI.run(["verify", goldens.path, "--junit", junit.path] + common)
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("cross-dissolve: FAILED"), "\(failed.stdout)")
        let report = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("| ❌ `cross-dissolve` | 11 | 10 | 0 | 1 | 0 |"), "\(report)")
        #expect(report.contains("![expected](cross-dissolve.dismiss-50.reference.png)"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("cross-dissolve.dismiss-50.diff.png").path))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains(#"<failure type="differs""#))
    }

    /// CI sets SNAPSHOT_ARTIFACTS for the tests' failure images; `verify --out` still says where its report goes.
    @Test func outWinsOverTheEnvironmentsArtifactsFolder() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let goldens = scratch.path("goldens"), out = scratch.path("out"), artifacts = scratch.path("artifacts")
        let environment = ["SNAPSHOT_ARTIFACTS": artifacts.path]
        let recorded = try CLI.run(["verify", goldens.path, "cross-dissolve", "--record", "missing", "--scale", "0.25", "--out", out.path],
                                   environment: environment)
        #expect(recorded.status == 0, "\(recorded.stderr)")
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("report.md").path))
        #expect(!FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("report.md").path))
        // Without --out, the environment's folder.
        let matched = try CLI.run(["verify", goldens.path, "--scale", "0.25"], environment: environment)
        #expect(matched.status == 0, "\(matched.stderr)")
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("report.md").path))
    }

    @Test("bad verify requests", arguments: [
        (["verify"], "verify needs the folder of goldens"),
        (["verify", "/nonexistent-goldens", "--record", "never"], "no goldens in '/nonexistent-goldens'"),
        (["verify", "g", "--record", "sometimes"], "--record=sometimes is not a record mode: use one of never, missing, failed, all"),
        (["verify", "g", "--junit", "report.txt"], "--junit writes JUnit XML"),
        (["verify", "g", "--at", "1"], "--at does not apply to 'verify'"),
        (["card-expand", "--record", "all"], "--record belongs to 'verify'"),
        (["verify", "g", "card-explode"], "unknown scene 'card-explode'"),
    ])
    func badRequests(_ c: ([String], String)) throws {
        let result = try CLI.run(c.0)
        #expect(result.status == 2)
        #expect(result.stderr.contains(c.1), "\(result.stderr)")
    }
}
