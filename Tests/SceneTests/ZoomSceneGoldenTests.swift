import Testing
import Foundation
import Raster
import Stage
import UIKit
import TransitionTesting
@testable import Playback
@testable import Scenes

/// The zoom scenes in both appearances at the moments that show the zoom's look (SceneGoldens records
/// them in light only): mid-push, the finger holding the shrunk view, and the dismissal landing in its
/// rounded thumbnail. 1×, with the status bar.
@Suite struct ZoomSceneGoldens {
    static let moments: [(scene: Scene.Type, time: TimeInterval, name: String)] = [
        (ZoomPushScene.self, 0.62, "zoom-push-growing"),
        (ZoomSwipeDismissScene.self, 2.05, "zoom-swipe-held"),
        (ZoomSwipeDismissScene.self, 4.05, "zoom-swipe-landing"),
    ]

    @Test(arguments: [RenderSettings.Appearance.light, .dark])
    func zoomMoments(appearance: RenderSettings.Appearance) throws {
        for moment in Self.moments {
            let session = SceneSession(moment.scene, appearance: appearance)
            session.advance(to: moment.time)
            let frame = try session.render(scale: 1, chrome: true)
            assertImageSnapshot(frame, named: "\(moment.name)-\(appearance == .dark ? "dark" : "light")")
        }
    }
}
