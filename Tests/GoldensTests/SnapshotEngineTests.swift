import Testing
import Foundation
import Stage
@testable import Playback
@testable import Goldens
import Media
import Raster
import Scenes
import TestSupport

/// The golden engine that `assertTransitionSnapshots` and `verify` share: record modes, moment names,
/// what a run records, compares, reports and leaves to look at.
@Suite struct RecordModes {
    @Test func environmentChoosesTheMode() throws {
        #expect(try SnapshotRecordMode.fromEnvironment([:]) == .missing)
        #expect(try SnapshotRecordMode.fromEnvironment(["CI": "true"]) == .never)
        #expect(try SnapshotRecordMode.fromEnvironment(["CI": "false"]) == .missing)
        #expect(try SnapshotRecordMode.fromEnvironment(["CI": "1", "SNAPSHOT_TESTING_RECORD": "all"]) == .all)
        #expect(try SnapshotRecordMode.fromEnvironment(["RECORD_GOLDENS": "failed"]) == .failed)
        #expect(try SnapshotRecordMode.fromEnvironment(["SNAPSHOT_TESTING_RECORD": "never", "RECORD_GOLDENS": "all"]) == .never)
    }

    @Test func anUnknownModeIsRefusedWithTheAllowedOnes() {
        #expect(throws: InvalidRecordMode(value: "1", source: "RECORD_GOLDENS")) {
            try SnapshotRecordMode.fromEnvironment(["RECORD_GOLDENS": "1"])
        }
        let message = InvalidRecordMode(value: "yes", source: "SNAPSHOT_TESTING_RECORD").description
        #expect(message.hasPrefix("SNAPSHOT_TESTING_RECORD=yes is not a record mode: use one of never, missing, failed, all"))
    }
}

@Suite struct MomentNames {
    static let plan = ClipPlan(duration: 3, fps: 60, transitions: [
        TransitionSpan(label: "present A", start: 0, end: 0, completed: true),      // without animation
        TransitionSpan(label: "dismiss A", start: 0.3, end: 1.3, completed: true),
        TransitionSpan(label: "present B", start: 1.5, end: 1.9, completed: false),
        TransitionSpan(label: "block 1,2 right", start: 2, end: 2.5, completed: true),
    ])

    @Test func transitionsAreNamedByKindAndCountedFromTheSecond() throws {
        let moments = try SnapshotMoments.transitions(percents: [0, 50, 100]).resolve(in: Self.plan, scene: "s")
        #expect(moments.map(\.name) == ["dismiss-0", "dismiss-50", "dismiss-100", "present2-0", "present2-50", "present2-100",
                                        "block-0", "block-50", "block-100"])
        let expected = [0.3, 0.8, 1.3, 1.5, 1.7, 1.9, 2, 2.25, 2.5]
        #expect(zip(moments, expected).allSatisfy { abs($0.time - $1) < 1e-12 })
    }

    @Test func timesFramesAndProgressPoints() throws {
        #expect(try SnapshotMoments.times([0.8, 2]).resolve(in: Self.plan, scene: "s") == [NamedMoment(name: "t0.8", time: 0.8), NamedMoment(name: "t2", time: 2)])
        #expect(try SnapshotMoments.frames([48]).resolve(in: Self.plan, scene: "s") == [NamedMoment(name: "f48", time: 0.8)])
        let progress = try SnapshotMoments.progress([0.5], of: "present", occurrence: 2).resolve(in: Self.plan, scene: "s")
        #expect(progress.map(\.name) == ["present2-50"] && abs(progress[0].time - 1.7) < 1e-12)
        #expect(try SnapshotMoments.progress([1 / 3], of: "dismiss A").resolve(in: Self.plan, scene: "s").map(\.name) == ["dismiss-33.333"])
    }

    @Test("requests outside the clip say what exists", arguments: [
        (SnapshotMoments.times([4]), "4 s is outside s, which lasts 3 s"),
        (SnapshotMoments.frames([181]), "frame 181 is outside s, which has 181 frames at 60 fps (0 to 180)"),
        (SnapshotMoments.progress([0.5], of: "push"), "s has 0 transition(s) named 'push'"),
        (SnapshotMoments.transitions(percents: [120]), "120 % is not a point of a transition"),
    ])
    func badRequests(_ c: (SnapshotMoments, String)) {
        do {
            _ = try c.0.resolve(in: Self.plan, scene: "s")
            Issue.record("no error for \(c.0)")
        } catch let error as SnapshotRequestError {
            #expect(error.description.contains(c.1), "\(error.description)")
        } catch {
            Issue.record("\(error)")
        }
    }
}

@Suite(.serialized) struct SnapshotRuns {
    static let scene = CrossDissolveScene.definition

    static func check(_ directory: URL, _ artifacts: URL, _ mode: SnapshotRecordMode,
                      as strategies: [TransitionSnapshot] = TransitionSnapshot.default) throws -> SnapshotReport {
        try Snapshots.check(scene, as: strategies, directory: directory, prefix: "dissolve",
                            rendering: SnapshotRendering(scale: 0.25), record: mode, artifacts: ArtifactStore(directory: artifacts))
    }

    @Test func firstRunRecordsAndFailsSecondPassesAChangeFailsWithArtifacts() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let goldens = scratch.path("goldens"), artifacts = scratch.path("artifacts")

        let first = try Self.check(goldens, artifacts, .missing)
        #expect(!first.passed)
        #expect(first.recorded.count == 11)   // 5 moments of each of 2 transitions, and the trace
        #expect(first.message.contains("Recorded 11 goldens of cross-dissolve"))
        #expect(first.message.contains(goldens.appendingPathComponent("dissolve.present-50.png").path))
        #expect(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("dissolve.trace.txt").path))

        #expect(try Self.check(goldens, artifacts, .never).passed)

        // A changed golden: the frame fails with reference, actual, difference and heat map to look at.
        let golden = goldens.appendingPathComponent("dissolve.dismiss-50.png")
        var image = try PNGCodec.decode(contentsOf: golden)
        image[3, 3] = RGBA8(r: 255, g: 0, b: 0, a: 255)
        try Data(try PNGCodec.encode(image)).write(to: golden)
        let failed = try Self.check(goldens, artifacts, .never)
        let failure = try #require(failed.failures.first)
        #expect(failed.failures.count == 1 && failure.name == "dissolve.dismiss-50.png" && failure.status == .failed)
        #expect(failure.artifacts.map(\.lastPathComponent) == ["dissolve.dismiss-50.reference.png", "dissolve.dismiss-50.actual.png",
                                                                "dissolve.dismiss-50.diff.png", "dissolve.dismiss-50.heatmap.png"])
        #expect(failure.artifacts.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        #expect(failure.message.contains("differs from its golden"))
        #expect(FileManager.default.fileExists(atPath: artifacts.appendingPathComponent(".gitignore").path))

        // `failed` re-records it and says so; the next run passes and clears the artifacts.
        let rerecorded = try Self.check(goldens, artifacts, .failed)
        #expect(rerecorded.recorded.map(\.name) == ["dissolve.dismiss-50.png"])
        #expect(rerecorded.recorded[0].message.hasPrefix("re-recorded (record mode failed)"))
        #expect(try Self.check(goldens, artifacts, .never).passed)
        #expect(!FileManager.default.fileExists(atPath: failure.artifacts[0].path))
    }

    @Test func missingUnderNeverWritesWhatWasRenderedAndStaleGoldensAreNamed() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let goldens = scratch.path("goldens"), artifacts = scratch.path("artifacts")
        let missing = try Self.check(goldens, artifacts, .never, as: [.frames(.times([0.5]))])
        let result = try #require(missing.results.first)
        #expect(result.status == .missing && result.message.hasPrefix("no golden at"))
        #expect(result.artifacts.map(\.lastPathComponent) == ["dissolve.t0.5.actual.png"])
        #expect(FileManager.default.fileExists(atPath: result.artifacts[0].path))

        _ = try Self.check(goldens, artifacts, .missing, as: [.frames(.times([0.5]))])
        try Data("old".utf8).write(to: goldens.appendingPathComponent("dissolve.t0.9.png"))
        try Data("other".utf8).write(to: goldens.appendingPathComponent("dissolver.t0.9.png"))   // another prefix
        let stale = try Self.check(goldens, artifacts, .never, as: [.frames(.times([0.5]))])
        #expect(stale.stale.map(\.lastPathComponent) == ["dissolve.t0.9.png"])
        #expect(!stale.passed && stale.message.contains("match nothing this test makes any more"))
    }

    @Test func aChangedTraceSaysWhichPropertyAtWhichFrame() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let goldens = scratch.path("goldens"), artifacts = scratch.path("artifacts")
        _ = try Self.check(goldens, artifacts, .missing, as: [.trace])
        let trace = goldens.appendingPathComponent("dissolve.trace.txt")
        var lines = try String(contentsOf: trace, encoding: .utf8).components(separatedBy: "\n")
        let index = try #require(lines.firstIndex { $0.hasPrefix("f20 ") && $0.contains("opacity=") })
        let original = lines[index]
        lines[index] = original.replacingOccurrences(of: #"opacity=[0-9.]+"#, with: "opacity=0.123", options: .regularExpression)
        try Data(lines.joined(separator: "\n").utf8).write(to: trace)
        let report = try Self.check(goldens, artifacts, .never, as: [.trace])
        let message = try #require(report.failures.first?.message)
        #expect(message.contains("dissolve.trace.txt differs in 1 line:"))
        #expect(message.contains("line \(index + 1): frame 20 (0.333 s)"), "\(message)")
        #expect(message.contains("opacity 0.123 → "), "\(message)")
    }
}

@Suite struct Diagnoses {
    /// Golden frames are their indices; the actual clip repeats frame 4 three times, so from frame 5 on
    /// it shows what the golden showed three frames earlier.
    @Test func aDelayedMotionIsSaidInFramesAndSeconds() {
        let expected = Array(0..<20)
        let actual = Array(0..<5) + [4, 4, 4] + Array(5..<17)
        let diagnosis = TimingDiagnosis(expectedCount: expected.count, actualCount: actual.count, fps: 60) { i, j in actual[i] == expected[j] }
        #expect(diagnosis.runs == [TimingDiagnosis.Run(first: 5, last: 19, shift: 3)], "\(diagnosis.runs)")
        #expect(diagnosis.lines == ["frames 5–19: the motion runs 3 frames (0.05 s) late from t = 0.083 s"])
    }

    @Test func earlyAndChangedMotion() {
        let early = TimingDiagnosis(expectedCount: 10, actualCount: 10, fps: 30) { i, j in j == min(i + 2, 9) }
        #expect(early.lines.first == "frames 0–7: the motion runs 2 frames (0.067 s) early from t = 0 s")
        let changed = TimingDiagnosis(expectedCount: 10, actualCount: 10, fps: 30) { i, j in i < 6 && i == j }
        #expect(changed.lines == ["frames 6–9 (t = 0.2–0.3 s) differ, and no golden frame within 30 frames matches: the motion itself changed"])
    }

    @Test func aTraceSaysWhichPropertyRunsLate() {
        func trace(_ frames: ClosedRange<Int>, _ value: (Int) -> Int) -> String {
            "# s on iphone-16 at 60 fps: …\n" + frames.map { "f\($0) \(Double($0) / 60) Card position=\(value($0)),0" }.joined(separator: "\n") + "\n"
        }
        let old = trace(10...20) { $0 }, new = trace(10...22) { $0 < 12 ? 10 : $0 - 2 }
        #expect(TraceTiming.diagnose(expected: old, actual: new) == ["Card position: frames 11–22: the motion runs 2 frames (0.033 s) late from t = 0.183 s"])
        let changed = trace(10...20) { $0 * 1000 }
        #expect(TraceTiming.diagnose(expected: old, actual: changed)
                == ["Card position: frames 10–20 (t = 0.167–0.333 s) differ, and no golden frame within 30 frames matches: the motion itself changed"])
    }

    @Test func textDifferences() {
        let differences = TextDifference.lines("a\nf3 0.05 Card position=1,2 opacity=1\nc\n", "a\nf3 0.05 Card position=1,3 opacity=1\nc\nd\n")
        #expect(differences.map(\.description) == ["line 2: frame 3 (0.05 s) Card: position 1,2 → 1,3", "line 4:\n    - (none)\n    + d"])
    }
}

@Suite struct Reports {
    static func report() -> [SnapshotReport] {
        let base = URL(fileURLWithPath: "/work/out")
        let failed = SnapshotResult(name: "card.present-50.png", golden: URL(fileURLWithPath: "/g/card.present-50.png"), status: .failed,
                                    message: "card.present-50.png (t = 0.8 s) differs from its golden: 3 pixels <differ>.\n  /work/out/card.present-50.reference.png",
                                    artifacts: ["reference", "actual", "diff", "heatmap"].map { base.appendingPathComponent("card.present-50.\($0).png") })
        let trace = SnapshotResult(name: "card.trace.txt", golden: URL(fileURLWithPath: "/g/card.trace.txt"), status: .failed,
                                   message: "card.trace.txt differs in 1 line:\n  line 2: frame 3 (0.05 s) Card: position 1,2 → 1,3",
                                   artifacts: [base.appendingPathComponent("card.trace.actual.txt")])
        let ok = SnapshotResult(name: "list.present-0.png", golden: URL(fileURLWithPath: "/g/list.present-0.png"), status: .matched,
                                message: "identical", artifacts: [])
        return [SnapshotReport(scene: "card", results: [failed, trace], stale: [URL(fileURLWithPath: "/g/card.old.png")]),
                SnapshotReport(scene: "list", results: [ok], stale: [])]
    }

    @Test func markdownShowsTheTraceFirstAndImagesSideBySide() {
        let page = VerifyReport.markdown(Self.report(), relativeTo: URL(fileURLWithPath: "/work/out"), goldens: URL(fileURLWithPath: "/g"))
        #expect(page.hasPrefix("# Transition goldens: 1 of 2 scenes differ\n"))
        #expect(page.contains("| ❌ `card` | 2 | 0 | 0 | 2 | 1 |"))
        #expect(page.contains("| ✅ `list` | 1 | 1 | 0 | 0 | 0 |"))
        let trace = page.range(of: "### `card.trace.txt`")!.lowerBound, frame = page.range(of: "### `card.present-50.png`")!.lowerBound
        #expect(trace < frame)
        #expect(page.contains("| expected | actual | difference | heat map |"))
        #expect(page.contains("![expected](card.present-50.reference.png) | ![actual](card.present-50.actual.png)"))
        #expect(page.contains("- stale golden `card.old.png`: remove it"))
    }

    @Test func junitHasACasePerGoldenAndEscapes() {
        let xml = VerifyReport.junit(Self.report(), seconds: 1.5)
        #expect(xml.contains(#"<testsuites name="transition goldens" tests="4" failures="3" time="1.500">"#))
        #expect(xml.contains(#"<testcase classname="list" name="list.present-0.png"/>"#))
        #expect(xml.contains("3 pixels &lt;differ&gt;."))
        #expect(xml.contains(#"<failure type="stale""#))
    }
}
