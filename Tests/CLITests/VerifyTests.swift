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
        // The run says what it recorded, not that the scene differs.
        #expect(recorded.stdout.contains("verify: recorded 11 goldens of 1 scene (1 scene checked in"), "\(recorded.stdout)")
        let recordedReport = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(recordedReport.hasPrefix("# Transition goldens: recorded 11 goldens of 1 scene\n"), "\(recordedReport)")
        let files = try FileManager.default.contentsOfDirectory(atPath: goldens.path).sorted()
        #expect(files.count == 11 && files.contains("cross-dissolve.present-50.png") && files.contains("cross-dissolve.trace.txt"))

        let junit = out.appendingPathComponent("goldens.xml")
        let matched = try CLI.run(["verify", goldens.path, "--junit", junit.path] + common, environment: ["CI": ""])
        #expect(matched.status == 0, "\(matched.stdout)\(matched.stderr)")
        #expect(matched.stdout.contains("verify: all match; 20 scenes have no goldens (1 scene checked in"), "\(matched.stdout)")
        // Every other scene of the tool has no goldens: listed, not skipped silently, and not a failure here.
        #expect(matched.stdout.contains("card-expand: no goldens, not checked (record them: render-transition verify \(goldens.path) card-expand --record missing)"))
        #expect(try String(contentsOf: junit, encoding: .utf8).contains(#"failures="0""#))

        // One changed pixel in one golden: exit 1, a report with the images, a JUnit failure.
        let golden = goldens.appendingPathComponent("cross-dissolve.dismiss-50.png")
        var image = try PNGCodec.decode(contentsOf: golden)
        image[10, 10] = RGBA8(r: 0, g: 255, b: 0, a: 255)
        try Data(try PNGCodec.encode(image)).write(to: golden)
        let failed = try CLI.run(["verify", goldens.path, "--junit", junit.path] + common, environment: ["CI": ""])
        #expect(failed.status == 1)
        #expect(failed.stdout.contains("cross-dissolve: FAILED"), "\(failed.stdout)")
        let report = try String(contentsOf: out.appendingPathComponent("report.md"), encoding: .utf8)
        #expect(report.contains("| ❌ `cross-dissolve` | 11 | 10 | 0 | 1 | 0 |"), "\(report)")
        #expect(report.contains("![expected](cross-dissolve.dismiss-50.reference.png)"))
        #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("cross-dissolve.dismiss-50.diff.png").path))
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"<failure type="differs""#))
        // Paths in the report and the XML are relative to where they are written, so an uploaded folder works.
        #expect(report.contains("Goldens: `../goldens`"), "\(report)")
        #expect(!xml.contains(scratch.url.path), "\(xml)")
        #expect(xml.contains("cross-dissolve.dismiss-50.diff.png"), "\(xml)")
    }

    /// verify in CI: never records unless --record says so (whatever the tests' environment asks), a mistyped
    /// folder is an error that writes nothing, and scenes without goldens fail the run.
    @Test func safeForCI() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let goldens = scratch.path("goldens"), out = scratch.path("verify")
        let common = ["--scale", "0.25", "--out", out.path]
        // A folder that is not there: exit 2, nothing created, whatever the environment's record mode.
        let mistyped = try CLI.run(["verify", scratch.path("goldns").path] + common,
                                   environment: ["SNAPSHOT_TESTING_RECORD": "all"])
        #expect(mistyped.status == 2)
        #expect(mistyped.stderr.contains("there is no golden folder"), "\(mistyped.stderr)")
        #expect(!FileManager.default.fileExists(atPath: scratch.path("goldns").path))
        #expect(!FileManager.default.fileExists(atPath: out.path))
        // An empty folder with the environment asking to record: verify still records nothing.
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        let empty = try CLI.run(["verify", goldens.path, "cross-dissolve"] + common, environment: ["SNAPSHOT_TESTING_RECORD": "all"])
        #expect(empty.status == 1, "\(empty.stdout)")
        // Its hint is in the command's own words, not a test's record mode.
        #expect(empty.stdout.contains("record it with render-transition verify \(goldens.path) cross-dissolve --record missing"), "\(empty.stdout)")
        #expect(!empty.stdout.contains("SNAPSHOT_TESTING_RECORD"), "\(empty.stdout)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: goldens.path).isEmpty)
        // Goldens for one scene: the others are listed; with CI set they fail the run.
        _ = try CLI.run(["verify", goldens.path, "cross-dissolve", "--record", "missing"] + common)
        let local = try CLI.run(["verify", goldens.path] + common, environment: ["CI": ""])
        #expect(local.status == 0, "\(local.stdout)")
        let ci = try CLI.run(["verify", goldens.path] + common, environment: ["CI": "true"])
        #expect(ci.status == 1, "\(ci.stdout)")
        #expect(ci.stdout.contains("CI is set, so scenes without goldens fail the run"), "\(ci.stdout)")
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
        let matched = try CLI.run(["verify", goldens.path, "cross-dissolve", "--scale", "0.25"], environment: environment)
        #expect(matched.status == 0, "\(matched.stderr)")
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent("report.md").path))
    }

    @Test("bad verify requests", arguments: [
        (["verify"], "verify needs the folder of goldens"),
        (["verify", "/nonexistent-goldens", "--record", "never"], "no goldens in '/nonexistent-goldens'"),
        (["verify", "/nonexistent-goldens"], "there is no golden folder '/nonexistent-goldens'"),
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
