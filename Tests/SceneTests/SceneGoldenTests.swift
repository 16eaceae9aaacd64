import Testing
import Foundation
import TransitionTesting
@testable import Scenes

/// Every built-in scene through the golden kit users have: frames at 0/25/50/75/100 % of each animated
/// transition (1×) and a text trace of its animated properties per frame, in
/// `__Snapshots__/SceneGoldenTests/<scene>.<transition>-<percent>.png` and `<scene>.trace.txt`. A new
/// scene is covered by adding it to `builtInScenes` and recording both after looking at them.
@Suite struct SceneGoldens {
    @Test("goldens of every scene", arguments: builtInScenes.map { $0.name })
    func goldens(scene name: String) throws {
        let sceneType = try #require(scene(named: name))
        assertTransitionSnapshots(of: sceneType, named: name)
    }
}
