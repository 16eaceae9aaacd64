import Foundation
import Stage
import Playback

/// Golden frames of a scene's transitions: for every animated transition found in a run (from the
/// timeline's `transition.begin` / `transition.end` marks), the screen at 0, 25, 50, 75 and 100 % of its
/// time span, compared with `<directory>/<transition index>-<percent>.png`.
public enum SceneGoldens {
    /// Renders the key moments in one run and verifies each; collects every mismatch into one error so a
    /// failing scene shows all its wrong frames at once. `excluding` names moments (`1-100`) not to compare,
    /// e.g. frames known to be wrong until a fix lands; no golden may exist for them.
    /// `settings` nil: 1× on the scene's own device (or the default one).
    public static func verify(_ scene: SceneDefinition, directory: URL, settings: RenderSettings? = nil,
                              percents: [Int] = [0, 25, 50, 75, 100], excluding: Set<String> = [],
                              tolerance: GoldenTolerance = .exact,
                              record: GoldenRecordMode = .fromEnvironment, failuresDirectory: URL) throws {
        let settings = settings ?? RenderSettings(device: scene.device ?? .default, scale: 1)
        let plan = try Stage.plan(scene, settings: settings)
        let moments = plan.keyMoments(percents: percents).filter { !excluding.contains($0.name) }
        guard !moments.isEmpty else {
            throw GoldenMismatch(description: "\(scene.name) ran no animated transition, so it has no key moments to compare.")
        }
        let frames = try Stage.frames(scene, settings: settings, times: moments.map(\.time))
        var problems: [String] = []
        for (moment, frame) in zip(moments, frames) {
            do {
                try GoldenImage.verify(frame, golden: directory.appendingPathComponent("\(moment.name).png"), tolerance: tolerance,
                                       record: record, failuresDirectory: failuresDirectory.appendingPathComponent(scene.name))
            } catch let mismatch as GoldenMismatch {
                problems.append(mismatch.description)
            }
        }
        // A golden for a transition the scene no longer runs is stale: say so rather than ignore it.
        let expected = Set(moments.map { "\($0.name).png" })
        let present = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for stale in present.filter({ $0.hasSuffix(".png") && !expected.contains($0) }).sorted() {
            problems.append("\(directory.appendingPathComponent(stale).path) matches no key moment of \(scene.name) (its transitions: \(plan.transitions.map(\.label))); remove it.")
        }
        guard problems.isEmpty else {
            throw GoldenMismatch(description: "\(scene.name): \(problems.count) problem(s):\n" + problems.joined(separator: "\n"))
        }
    }

    public static func verify(_ sceneType: Scene.Type, directory: URL, settings: RenderSettings? = nil,
                              percents: [Int] = [0, 25, 50, 75, 100], excluding: Set<String> = [],
                              tolerance: GoldenTolerance = .exact,
                              record: GoldenRecordMode = .fromEnvironment, failuresDirectory: URL) throws {
        try verify(sceneType.definition, directory: directory, settings: settings, percents: percents, excluding: excluding,
                   tolerance: tolerance, record: record, failuresDirectory: failuresDirectory)
    }
}
