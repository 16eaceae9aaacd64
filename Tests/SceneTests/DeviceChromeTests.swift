import Testing
import Foundation
import UIKit
import Raster
import Stage
@testable import Playback
@testable import Scenes

/// The device around the app: on when asked (the CLI asks by default), in the top controller's status bar
/// style, and absent from snapshot goldens unless asked.
@Suite struct DeviceChrome {
    final class DarkController: UIViewController {
        override var preferredStatusBarStyle: UIStatusBarStyle { .lightContent }
        override func viewDidLoad() { view.backgroundColor = .black }
    }
    final class DarkScene: Scene {
        static let name = "dark"
        static let summary = "A black screen that asks for light status bar content"
        init() {}
        func makeRootViewController() -> UIViewController { DarkController() }
        func script() -> Script { var script = Script(); script.wait(0.1); return script }
    }

    static func frame(_ scene: SceneDefinition, device: Device = .iPhone16, chrome: Bool) throws -> PixelBuffer {
        try #require(Stage.frames(scene, settings: RenderSettings(device: device, scale: 1, chrome: chrome), times: [0.1]).first)
    }

    /// The brightest and darkest pixel of a region.
    static func range(_ image: PixelBuffer, _ rect: PixelRect) -> (dark: Int, light: Int) {
        var dark = 255, light = 0
        for y in rect.y..<(rect.y + rect.height) { for x in rect.x..<(rect.x + rect.width) {
            let p = image[x, y]; let v = (Int(p.r) + Int(p.g) + Int(p.b)) / 3
            dark = min(dark, v); light = max(light, v)
        } }
        return (dark, light)
    }

    @Test func chromeIsOffUnlessAskedAndDrawsTheIslandTimeAndIndicator() throws {
        let scene = CardExpandScene.definition
        let plain = try Self.frame(scene, chrome: false), dressed = try Self.frame(scene, chrome: true)
        #expect(plain != dressed)
        // The Dynamic Island's middle is black; without chrome it is the list's white.
        #expect(dressed[196, 29] == RGBA8(r: 0, g: 0, b: 0, a: 255) && plain[196, 29] != dressed[196, 29])
        // Dark "9:41" in the left ear, dark icons in the right one, a dark home indicator.
        #expect(Self.range(dressed, PixelRect(x: 40, y: 20, width: 50, height: 20)).dark < 60)
        #expect(Self.range(dressed, PixelRect(x: 290, y: 20, width: 80, height: 20)).dark < 60)
        #expect(dressed[196, 841] == RGBA8(r: 0, g: 0, b: 0, a: 255))
        // Below the status bar, nothing changed.
        #expect(Self.range(plain, PixelRect(x: 0, y: 120, width: 393, height: 600)) == Self.range(dressed, PixelRect(x: 0, y: 120, width: 393, height: 600)))
    }

    @Test func aDarkControllerGetsLightContent() throws {
        let dressed = try Self.frame(DarkScene.definition, chrome: true)
        #expect(Self.range(dressed, PixelRect(x: 40, y: 20, width: 50, height: 20)).light > 200)   // white "9:41"
        #expect(dressed[196, 841] == RGBA8(r: 255, g: 255, b: 255, a: 255))                        // white indicator
    }

    @Test func theSEHasNoIslandNorIndicatorAndANotchDeviceHasANotch() throws {
        let se = try Self.frame(CardExpandScene.definition, device: .iPhoneSE, chrome: true)
        #expect(Self.range(se, PixelRect(x: 160, y: 3, width: 55, height: 14)).dark < 80)         // the time, centred
        let notch = try Self.frame(CardExpandScene.definition, device: .iPhone14, chrome: true)
        #expect(notch[195, 5] == RGBA8(r: 0, g: 0, b: 0, a: 255))
    }
}
