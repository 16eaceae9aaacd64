import Testing
import Foundation
import UIKit
import Raster
import Stage
@testable import Playback

/// `RenderSettings.appearance`: a scene run in dark mode.
@Suite struct AppearanceTests {
    final class Screen: UIViewController {
        nonisolated(unsafe) static var seen: (style: UIUserInterfaceStyle, windows: Int, key: Bool, statusBar: CGFloat)?
        override func viewDidLoad() {
            view.backgroundColor = .systemBackground
            let label = UILabel(frame: CGRect(x: 20, y: 100, width: 200, height: 40))
            label.text = "Dark"
            view.addSubview(label)
        }
        override func viewDidAppear(_ animated: Bool) {
            let app = UIApplication.shared
            Self.seen = (traitCollection.userInterfaceStyle, app.windows.count, app.keyWindow === view.window,
                         app.statusBarFrame.height)
        }
    }
    final class DarkScene: Scene {
        static let name = "appearance"
        static let summary = "A system-background screen with a label"
        init() {}
        func makeRootViewController() -> UIViewController { Screen() }
        func script() -> Script { var script = Script(); script.wait(0.1); return script }
    }

    @Test func darkModeResolvesSystemColoursAndTheStatusBar() throws {
        let settings = RenderSettings(device: .iPhone16, scale: 1, chrome: true, appearance: .dark)
        let frame = try #require(Stage.frames(DarkScene.definition, settings: settings, times: [0.1]).first)
        #expect(frame[300, 400] == RGBA8(r: 0, g: 0, b: 0, a: 255))     // systemBackground, dark
        let seen = try #require(Screen.seen)
        #expect(seen.style == .dark && seen.windows == 1 && seen.key && seen.statusBar == 54)
        let session = SceneSession(DarkScene.self, appearance: .dark)
        session.advance(to: 0.1)
        func find(_ layer: LayerSnapshot) -> LayerSnapshot? {
            layer.name == "BatteryLevel" ? layer : layer.sublayers.lazy.compactMap(find).first
        }
        // `.default` shows light content in dark mode.
        #expect(try #require(find(session.snapshot(chrome: true, scale: 1))?.state.backgroundColor) == .white)

        let light = try #require(Stage.frames(DarkScene.definition, settings: RenderSettings(device: .iPhone16, scale: 1),
                                              times: [0.1]).first)
        #expect(light[300, 400] == RGBA8(r: 255, g: 255, b: 255, a: 255))
    }
}
