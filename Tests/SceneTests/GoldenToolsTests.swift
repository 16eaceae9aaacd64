import Testing
import Foundation
@testable import Stage
import TransitionTesting
@testable import Playback
@testable import Diagnostics
import TestSupport

/// The pieces the scene goldens are built from: key moments from the transition spans, and text goldens
/// whose failures read as a diff.
@Suite struct GoldenTools {
    @Test func keyMomentsCoverEachAnimatedTransitionAndKeepIndicesOfAll() {
        let plan = ClipPlan(duration: 3, fps: 60, transitions: [
            TransitionSpan(label: "present A", start: 0, end: 0, completed: true),      // without animation
            TransitionSpan(label: "dismiss A", start: 0.3, end: 1.3, completed: true),
            TransitionSpan(label: "present B", start: 1.5, end: 1.9, completed: false),
        ])
        let moments = plan.keyMoments()
        #expect(moments.map { $0.name } == ["1-0", "1-25", "1-50", "1-75", "1-100", "2-0", "2-25", "2-50", "2-75", "2-100"])
        let expected = [0.3, 0.55, 0.8, 1.05, 1.3, 1.5, 1.6, 1.7, 1.8, 1.9]
        #expect(zip(moments, expected).allSatisfy { abs($0.time - $1) < 1e-12 })
    }

    @Test func textGoldenMismatchNamesTheLinesAndWritesTheActualText() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let golden = scratch.path("scene.txt")
        try GoldenText.verify("a\nb\nc\n", golden: golden, record: .missing, failuresDirectory: scratch.url)
        #expect(try String(contentsOf: golden, encoding: .utf8) == "a\nb\nc\n")
        try GoldenText.verify("a\nb\nc\n", golden: golden, record: .never, failuresDirectory: scratch.url)

        var message = ""
        do {
            try GoldenText.verify("a\nB\nc\nd\n", golden: golden, record: .never, failuresDirectory: scratch.url)
        } catch let mismatch as GoldenMismatch {
            message = mismatch.description
        }
        #expect(message.contains("2 lines"))
        #expect(message.contains("line 2:\n    - b\n    + B"))
        #expect(message.contains("line 4:\n    - (none)\n    + d"))
        #expect(try String(contentsOf: scratch.path("scene.actual.txt"), encoding: .utf8) == "a\nB\nc\nd\n")
        // The golden is untouched unless the mode says to re-record.
        #expect(try String(contentsOf: golden, encoding: .utf8) == "a\nb\nc\n")
    }

    @Test func traceNumbersAreShortAndStable() {
        #expect(ValueTrace.number(12.5) == "12.5")
        #expect(ValueTrace.number(1.0 / 3) == "0.333")
        #expect(ValueTrace.number(-0.0001) == "0")
        #expect(ValueTrace.number(-4) == "-4")
    }
}
