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
