import Testing
import Foundation
import Media
import UIKit
import Stage
@testable import Goldens
import TestSupport

/// A square that slides right when tapped, after `delay` seconds of waiting: two renders of it differ
/// only in time.
final class SlidingSquareScene: Scene {
    static let name = "sliding-square"
    static let summary = "A square slides right when tapped"
    let delay: TimeInterval
    private var square: UIControl!
    init() { delay = 0 }
    init(delay: TimeInterval) { self.delay = delay }

    func makeRootViewController() -> UIViewController {
        let controller = UIViewController()
        controller.view.backgroundColor = .white
        square = UIControl(frame: CGRect(x: 20, y: 200, width: 80, height: 80))
        square.backgroundColor = .systemBlue
        square.addAction(UIAction { [unowned self] _ in
            UIView.animate(withDuration: 0.3) { self.square.frame.origin.x = 260 }
        }, for: .touchUpInside)
        controller.view.addSubview(square)
        return controller
    }

    func script() -> Script {
        var script = Script()
        if delay > 0 { script.wait(delay) }
        script.tap { [unowned self] in self.square }
        script.waitUntilIdle()
        return script
    }
}

@Suite(.serialized) struct ClipGoldens {
    static func scene(delay: TimeInterval) -> SceneDefinition {
        SlidingSquareScene.variant("sliding-square") { SlidingSquareScene(delay: delay) }
    }

    static func check(_ delay: TimeInterval, _ goldens: URL, _ artifacts: URL, _ mode: SnapshotRecordMode) throws -> SnapshotReport {
        try Snapshots.check(scene(delay: delay), as: [.clip], directory: goldens, prefix: "square",
                            rendering: SnapshotRendering(scale: 0.25), record: mode, artifacts: ArtifactStore(directory: artifacts))
    }

    @Test func aLateMotionIsDiagnosedAsLate() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let goldens = scratch.path("goldens"), artifacts = scratch.path("artifacts")
        let recorded = try Self.check(0, goldens, artifacts, .missing)
        #expect(recorded.recorded.map(\.name) == ["square.clip.apng"])
        #expect(try Self.check(0, goldens, artifacts, .never).passed)

        let late = try Self.check(0.05, goldens, artifacts, .never)
        let failure = try #require(late.failures.first)
        #expect(failure.message.contains("the clip has"), "\(failure.message)")
        #expect(failure.message.contains("the motion runs 3 frames (0.05 s) late from t = "), "\(failure.message)")
        let names = failure.artifacts.map(\.lastPathComponent)
        #expect(names.contains("square.clip.actual.apng") && names.contains("square.clip.comparison.mp4"), "\(names)")
        #expect(failure.artifacts.allSatisfy { FileManager.default.fileExists(atPath: $0.path) })
        // The comparison clip: expected | actual | difference, under a strip of titles (white on grey).
        let comparison = try #require(failure.artifacts.first { $0.lastPathComponent.hasSuffix(".comparison.mp4") })
        let frame = try VideoInfo.decodeFrame(comparison, index: 0)
        if let folder = ProcessInfo.processInfo.environment["COMPARISON_FRAME_OUT"] {
            try Data(try PNGCodec.encode(frame)).write(to: URL(fileURLWithPath: folder).appendingPathComponent("comparison.png"))
        }
        #expect(frame.height >= 28 + 2, "\(frame.width)×\(frame.height)")
        var light = 0
        for y in 4..<24 { for x in 0..<frame.width where frame[x, y].r > 200 { light += 1 } }
        #expect(light > 30, "the titles' white letters")
    }
}

/// A changed motion is said once, without a delay claim for stretches that match a shifted golden frame by
/// chance (a new spring settling where the old one did).
@Suite struct ChangedMotionIsNotADelay {
    @Test func oneLineWhenAnyRunMatchesNothing() {
        // Actual frames 10–19 match no golden frame; frames 20–29 happen to match the golden one frame earlier.
        let diagnosis = TimingDiagnosis(expectedCount: 40, actualCount: 40, fps: 60) { i, j in
            if i < 10 || i >= 30 { return i == j }
            if i < 20 { return false }
            return j == i - 1
        }
        #expect(diagnosis.runs.count == 2)
        #expect(diagnosis.lines == ["frames 10–29 (t = 0.167–0.483 s) differ, and no golden frame within 30 frames matches: the motion itself changed"])
    }

    @Test func aDelayAloneIsStillADelay() {
        let diagnosis = TimingDiagnosis(expectedCount: 40, actualCount: 40, fps: 60) { i, j in
            i < 10 || i >= 30 ? i == j : j == i - 3
        }
        #expect(diagnosis.lines == ["frames 10–29: the motion runs 3 frames (0.05 s) late from t = 0.167 s"])
    }
}
