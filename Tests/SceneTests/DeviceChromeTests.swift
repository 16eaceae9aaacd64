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

    /// A white screen with a button; tapping it turns the screen black and asks for light status bar
    /// content, inside a 0.4 s linear animation block (or, `Instant`, outside any animation).
    class StyleSwitch: Scene {
        class var name: String { "style-switch" }
        class var summary: String { "A tap turns the screen dark and the status bar light" }
        class var animated: Bool { true }
        required init() {}
        final class Controller: UIViewController {
            var dark = false
            var animated = true
            override var preferredStatusBarStyle: UIStatusBarStyle { dark ? .lightContent : .darkContent }
            let button = UIButton(configuration: .filled())
            override func viewDidLoad() {
                view.backgroundColor = .white
                button.configuration?.title = "Go dark"
                button.frame = CGRect(x: 100, y: 400, width: 193, height: 50)
                button.addAction(UIAction { [unowned self] _ in self.goDark() }, for: .primaryActionTriggered)
                view.addSubview(button)
            }
            func goDark() {
                let change = {
                    self.dark = true
                    self.view.backgroundColor = .black
                    self.setNeedsStatusBarAppearanceUpdate()
                }
                if animated { UIView.animate(withDuration: 0.4, delay: 0, options: .curveLinear, animations: change) } else { change() }
            }
        }
        let controller = Controller()
        func makeRootViewController() -> UIViewController { controller.animated = Self.animated; return controller }
        func script() -> Script {
            var script = Script()
            script.tap({ [unowned self] in self.controller.button })
            return script
        }
    }
    final class InstantStyleSwitch: StyleSwitch {
        override class var name: String { "instant-style-switch" }
        override class var animated: Bool { false }
    }

    /// The battery level's colour: the status bar's ink.
    static func ink(_ session: SceneSession, at time: TimeInterval) throws -> CGColor {
        session.advance(to: time)
        func find(_ layer: LayerSnapshot) -> LayerSnapshot? {
            layer.name == "BatteryLevel" ? layer : layer.sublayers.lazy.compactMap(find).first
        }
        return try #require(find(session.snapshot(chrome: true, scale: 1))?.state.backgroundColor)
    }

    /// The tap lifts at 0.3 s: the status bar goes from black to white along the block's linear curve,
    /// grey halfway (0.5 s), white from 0.7 s on; outside an animation it turns white at the tap.
    @Test func aStyleChangeInAnAnimationBlockCrossFadesTheStatusBar() throws {
        let session = SceneSession(StyleSwitch.self)
        #expect(try Self.ink(session, at: 0.25) == .black)
        #expect(try Self.ink(session, at: 0.3) == .black)
        let quarter = try Self.ink(session, at: 0.4), half = try Self.ink(session, at: 0.5)
        #expect(abs(quarter.red - 0.25) < 1e-6 && quarter.red == quarter.green && quarter.alpha == 1)
        #expect(abs(half.red - 0.5) < 1e-6 && half.red == half.blue)
        #expect(try Self.ink(session, at: 0.7) == .white)
        #expect(try Self.ink(session, at: 1.0) == .white)
        // Drawn: the home indicator (the same ink) is mid-grey halfway.
        let frames = try Stage.frames(StyleSwitch.definition, settings: RenderSettings(device: .iPhone16, scale: 1, chrome: true),
                                      times: [0.25, 0.5, 0.8])
        let greys = frames.map { Int($0[196, 841].r) }
        #expect(greys[0] == 0 && abs(greys[1] - 128) <= 1 && greys[2] == 255, "\(greys)")

        let instant = SceneSession(InstantStyleSwitch.self)
        #expect(try Self.ink(instant, at: 0.25) == .black)
        #expect(try Self.ink(instant, at: 0.31) == .white)   // the lift is at 0.2 + 0.1, a hair after 0.3
    }
}

