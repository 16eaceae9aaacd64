import Foundation
import Stage
import Playback
import Diagnostics
import Raster
import Media

/// What to keep as goldens of a scene. Strategies are values, so a test lists what it wants:
/// `[.frames(), .trace]` (the default), `[.clip]`, `[.frames(.times([0.5])), .trace, .clip]`.
public struct TransitionSnapshot: Sendable, Equatable {
    enum Kind: Sendable, Equatable { case frames(SnapshotMoments), trace, clip }
    let kind: Kind

    /// PNG frames at `moments` (by default 0/25/50/75/100 % of every animated transition).
    public static func frames(_ moments: SnapshotMoments = .everyTransition) -> TransitionSnapshot { .init(kind: .frames(moments)) }
    /// The presentation value of every animating layer property at every frame, as text: a change in
    /// motion reads as "which property, which frame, old → new".
    public static let trace = TransitionSnapshot(kind: .trace)
    /// The whole clip as one animated PNG, compared frame by frame, with timing diagnosed.
    public static let clip = TransitionSnapshot(kind: .clip)

    public static let `default`: [TransitionSnapshot] = [.frames(), .trace]
}

/// How a scene is rendered for its goldens: 1× on its own device at 60 fps unless told otherwise.
package struct SnapshotRendering: Sendable, Equatable {
    package var device: Device?
    package var scale: CGFloat
    package var fps: Int
    /// Finger dots in the frames: off unless asked, so a golden shows the app as a user sees it.
    package var touches: Bool
    package init(device: Device? = nil, scale: CGFloat = 1, fps: Int = 60, touches: Bool = false) {
        self.device = device; self.scale = scale; self.fps = fps; self.touches = touches
    }
    func settings(for scene: SceneDefinition) -> RenderSettings {
        RenderSettings(device: device ?? scene.device ?? .default, scale: scale, fps: fps, touches: touches)
    }
}

/// The outcome of one golden file.
package struct SnapshotResult: Sendable {
    package enum Status: String, Sendable { case matched, recorded, failed, missing }
    /// The golden's file name (`cardModal.present-50.png`).
    package var name: String
    package var golden: URL
    package var status: Status
    /// What differs (measured against allowed), or what was recorded and why.
    package var message: String
    /// Files written to look at: reference, actual, difference, heat map.
    package var artifacts: [URL]
}

/// Every golden of one scene, checked in one run of it.
package struct SnapshotReport: Sendable {
    package var scene: String
    package var results: [SnapshotResult]
    /// Golden files with the run's prefix that no strategy produced any more.
    package var stale: [URL]

    package init(scene: String, results: [SnapshotResult], stale: [URL]) {
        self.scene = scene; self.results = results; self.stale = stale
    }

    package var passed: Bool { results.allSatisfy { $0.status == .matched } && stale.isEmpty }
    package var recorded: [SnapshotResult] { results.filter { $0.status == .recorded } }
    package var failures: [SnapshotResult] { results.filter { $0.status == .failed || $0.status == .missing } }

    /// What a failing test says: the trace first (it names what moved), then frames and clips, then
    /// recordings (a recording never passes silently), then stale files.
    package var message: String {
        var parts: [String] = []
        let failing = failures.sorted { ($0.name.hasSuffix(".txt") ? 0 : 1) < ($1.name.hasSuffix(".txt") ? 0 : 1) }
        parts += failing.map(\.message)
        if !recorded.isEmpty {
            parts.append("Recorded \(recorded.count) golden\(recorded.count == 1 ? "" : "s") of \(scene) (look at \(recorded.count == 1 ? "it" : "them"), then run again to compare):\n"
                         + recorded.map { "  \($0.golden.path) — \($0.message)" }.joined(separator: "\n"))
        }
        if !stale.isEmpty {
            parts.append("\(stale.count) golden\(stale.count == 1 ? "" : "s") of \(scene) match nothing this test makes any more; remove \(stale.count == 1 ? "it" : "them"):\n"
                         + stale.map { "  \($0.path)" }.joined(separator: "\n"))
        }
        return parts.joined(separator: "\n\n")
    }
}

/// Renders a scene once per strategy, compares with (or records) the goldens, and writes artifacts for
/// what differs. Used by `assertTransitionSnapshots` and by the command line's `verify`.
package enum Snapshots {
    /// Checks `scene`'s goldens `directory/<prefix>.<what>.<ext>`.
    package static func check(_ scene: SceneDefinition, as strategies: [TransitionSnapshot] = TransitionSnapshot.default,
                             directory: URL, prefix: String, rendering: SnapshotRendering = SnapshotRendering(),
                             tolerance: SnapshotTolerance = .exact, record: SnapshotRecordMode,
                             artifacts: ArtifactStore, recordHint: String = GoldenStore.testRecordHint) throws -> SnapshotReport {
        let settings = rendering.settings(for: scene)
        let plan = try Stage.plan(scene, settings: settings)
        var results: [SnapshotResult] = []
        let store = GoldenStore(directory: directory, record: record, artifacts: artifacts, recordHint: recordHint)
        for strategy in strategies {
            switch strategy.kind {
            case .frames(let moments):
                // A run only moves forward in time.
                let named = try moments.resolve(in: plan, scene: scene.name).sorted { $0.time < $1.time }
                let frames = try Stage.frames(scene, settings: settings, times: named.map(\.time))
                for (moment, frame) in zip(named, frames) {
                    results.append(try store.image(frame, name: "\(prefix).\(moment.name).png", at: moment.time, tolerance: tolerance))
                }
            case .trace:
                let text = try ValueTrace.record(scene, device: settings.device, fps: settings.fps)
                results.append(try store.text(text, name: "\(prefix).trace.txt"))
            case .clip:
                let frames = try Stage.frames(scene, settings: settings, times: (0..<plan.frameCount).map(plan.time(ofFrame:)))
                results.append(try store.clip(frames, fps: settings.fps, name: "\(prefix).clip.apng", tolerance: tolerance))
            }
        }
        let made = Set(results.map(\.name))
        let existing = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let stale = existing.filter { $0.hasPrefix(prefix + ".") && !made.contains($0) && !$0.hasPrefix(".") }
            .sorted().map { directory.appendingPathComponent($0) }
        return SnapshotReport(scene: scene.name, results: results, stale: stale)
    }
}
