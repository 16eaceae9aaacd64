import Testing
import Foundation
import Stage
import TransitionTesting
import TestSupport
@testable import Scenes
import Diagnostics

/// Every built-in scene, data-driven: golden frames at 0/25/50/75/100 % of each animated transition (at
/// 1×, Goldens/<scene>/<transition>-<percent>.png) and a text trace of its animated properties per frame
/// (Traces/<scene>.txt). A new scene is covered by adding it to `builtInScenes` and recording both after
/// looking at them.
@Suite struct SceneGoldens {
    static let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    static let failures = goldenFailuresDirectory

    @Test("golden frames of every transition", arguments: builtInScenes.map { $0.name })
    func keyMoments(scene name: String) throws {
        let sceneType = try #require(scene(named: name))
        try TransitionTesting.SceneGoldens.verify(sceneType, directory: Self.here.appendingPathComponent("Goldens/\(name)"),
                                                  failuresDirectory: Self.failures)
    }

    @Test("text trace of the animated properties", arguments: builtInScenes.map { $0.name })
    func trace(scene name: String) throws {
        let sceneType = try #require(scene(named: name))
        let text = try ValueTrace.record(SceneDefinition(sceneType))
        try GoldenText.verify(text, golden: Self.here.appendingPathComponent("Traces/\(name).txt"), failuresDirectory: Self.failures)
    }
}
