import Testing
import Foundation
import UIKit
import Raster
import Stage
@testable import Playback
@testable import TransitionTesting
@testable import Scenes

/// The flip and curl scenes in dark mode (SceneGoldens has them in light): the turning card mid-way and
/// the back side, the curl lifting and at rest. Both scenes present from 0.5 s to 1.25 s.
@Suite struct ModalStyleSceneGoldens {
    static func frames(_ scene: Scene.Type, at times: [TimeInterval]) throws -> [PixelBuffer] {
        try Stage.frames(scene.definition, settings: RenderSettings(device: .iPhone16, scale: 1, appearance: .dark), times: times)
    }

    @Test func flipInDark() throws {
        let frames = try Self.frames(FlipScene.self, at: [0.75, 1.05])
        assertImageSnapshot(frames[0], named: "flip-dark-turning")
        assertImageSnapshot(frames[1], named: "flip-dark-back")
    }

    @Test func curlInDark() throws {
        let frames = try Self.frames(CurlScene.self, at: [0.85, 1.5])
        assertImageSnapshot(frames[0], named: "curl-dark-lifting")
        assertImageSnapshot(frames[1], named: "curl-dark-resting")
    }

    /// The same frames on every run, and a frame streamed with the clip equals one rendered alone.
    @Test func curlIsDeterministic() throws {
        let alone = try Self.frames(CurlScene.self, at: [0.85])
        let streamed = try Self.frames(CurlScene.self, at: [0.5, 0.7, 0.85])
        #expect(alone[0].bytes == streamed[2].bytes)
    }
}
