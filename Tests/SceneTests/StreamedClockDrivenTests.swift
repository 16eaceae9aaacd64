import Testing
import Foundation
import Stage
import Playback
@testable import Scenes

/// Scenes whose motion does not come from animations: UIKit Dynamics writes the items' model every
/// display frame (on its own 240 Hz steps), and a tab switch runs the delegate's animator through a new
/// container. A clip streamed through one renderer equals fresh stills of the same moments, each of which
/// replays the scene from its start: the renderer's caches see model writes exactly as they see animations.
@Suite struct StreamedClockDriven {
    @Test("streamed frames equal fresh stills", arguments: ["dynamics-pip", "dynamics-drop", "tab-slide"])
    func streamedEqualsFresh(scene name: String) throws {
        try expectStreamedFramesEqualFreshStills(scene: name)
    }
}

/// Renders the built-in scene `name` as one streamed clip (one renderer: damage tracking, cached
/// backdrops) and, at eight moments across it, as fresh stills that each replay the scene from its start;
/// expects them byte-identical and the scene to move.
func expectStreamedFramesEqualFreshStills(scene name: String) throws {
        let definition = try #require(scene(named: name)).definition
        let settings = RenderSettings(device: .iPhoneSE, scale: 1, fps: 30)
        let plan = try Stage.plan(definition, settings: settings)
        let times = (0..<plan.frameCount).map(plan.time(ofFrame:))
        let streamed = try Stage.frames(definition, settings: settings, times: times)
        #expect(Set(streamed.map(\.bytes)).count > 3, "the scene moves")
        for index in stride(from: 1, to: times.count, by: max(1, times.count / 8)) {
            let still = try #require(Stage.frames(definition, settings: settings, times: [times[index]]).first)
            #expect(streamed[index] == still, "\(name) frame \(index) (t = \(times[index]))")
        }
}
