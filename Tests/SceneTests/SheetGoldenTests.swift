import Testing
import Foundation
import Raster
import Stage
import UIKit
import TransitionTesting
@testable import Playback
@testable import Scenes

/// The sheet scenes in dark mode, one still each with the device chrome (the status bar and home indicator
/// show whether the presenter is pushed back): the elevated sheet backgrounds over the presenter's card on
/// black. The light frames are the scenes' own goldens (SceneGoldens). Looked at before recording.
@Suite struct SheetDarkGoldens {
    static let stills: [(scene: Scene.Type, at: TimeInterval)] = [
        (SheetPresentScene.self, 1.2),      // at rest: the list pushed back, New List at the large detent
        (SheetStackedScene.self, 2.1),      // the colour sheet over New List over the list
        (SheetDetentsScene.self, 2.0),      // the place card at the large detent after animateChanges
        (SheetSwipeDismissScene.self, 1.75), // New List pulled down 150 pt by the finger
    ]

    @Test(arguments: stills.indices)
    func darkStill(index: Int) throws {
        let (sceneType, time) = Self.stills[index]
        let session = SceneSession(sceneType.definition, appearance: .dark)
        session.advance(to: time)
        let frame = try session.render(scale: 1, touches: false, chrome: true)
        assertImageSnapshot(frame, named: "\(sceneType.name)-dark")
    }
}
