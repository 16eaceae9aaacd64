import Testing
import Foundation
import UIKit
import Stage
import Scenes
import Media
import Raster
import TestSupport
import RenderTransitionCLI

/// A team's own device (an iPad, a size not shipped yet): made with the public initializer, checked, and
/// rendered by a scene that names it.
@Suite struct CustomDevices {
    static let size = CGSize(width: 300, height: 500)
    static func tablet(size: CGSize = size, scale: CGFloat = 1, insets: UIEdgeInsets = UIEdgeInsets(top: 24, left: 0, bottom: 20, right: 0),
                       radius: CGFloat = 18) throws -> Device {
        try Device(id: "tablet-mini", name: "A small tablet", size: size, scale: scale, safeAreaInsets: insets,
                   displayCornerRadius: radius, chrome: .homeIndicator(screen: size, statusBarHeight: 24))
    }

    @Test func aDeviceKeepsWhatItWasGiven() throws {
        let device = try Self.tablet(scale: 2)
        #expect(device.id == "tablet-mini" && device.name == "A small tablet")
        #expect(device.size == Self.size && device.scale == 2 && device.safeAreaInsets.top == 24)
        #expect(device.chrome.homeIndicator == CGRect(x: 83, y: 487, width: 134, height: 5))
        #expect(device.bezel.displayCornerRadius == 18 && !device.bezel.homeButton)
        // The name defaults to the id; a home-button device's bezel draws the button.
        let classic = try Device(id: "classic", size: CGSize(width: 320, height: 568), scale: 2, chrome: .homeButton())
        #expect(classic.name == "classic" && classic.bezel.homeButton)
        // The built-in devices are unchanged by the stored bezel.
        #expect(Device.iPhone16.bezel.displayCornerRadius == 55 && Device.iPhoneSE.bezel.homeButton)
        #expect(Device.iPhone14.bezel.outerCornerRadius == 59.33)
    }

    @Test("numbers that describe no screen are refused, saying which", arguments: [
        (CGSize(width: 0, height: 500), 1.0, "greater than 0"),
        (CGSize(width: -300, height: 500), 1.0, "greater than 0"),
        (CGSize(width: CGFloat.nan, height: 500), 1.0, "greater than 0"),
        (CGSize(width: 300, height: 500), 0.0, "from 1 to 4"),
        (CGSize(width: 300, height: 500), 50.0, "from 1 to 4"),
        (CGSize(width: 300, height: 500), Double.infinity, "from 1 to 4"),
        (CGSize(width: 3000, height: 5000), 3.0, "the limit is 8192"),
    ])
    func badSizesAndScales(_ c: (CGSize, Double, String)) {
        #expect {
            _ = try Self.tablet(size: c.0, scale: CGFloat(c.1))
        } throws: { error in
            guard case .invalidDevice(let id, let problem)? = error as? StageError else { return false }
            return id == "tablet-mini" && problem.contains(c.2) && "\(error)".hasPrefix("device 'tablet-mini': ")
        }
    }

    @Test func badInsetsRadiiAndIdsAreRefused() {
        #expect(throws: StageError.self) { try Self.tablet(insets: UIEdgeInsets(top: -1, left: 0, bottom: 0, right: 0)) }
        #expect(throws: StageError.self) { try Self.tablet(insets: UIEdgeInsets(top: 300, left: 0, bottom: 300, right: 0)) }
        #expect(throws: StageError.self) { try Self.tablet(radius: 151) }
        #expect(throws: StageError.self) { try Device(id: "my tablet", size: Self.size, scale: 1, chrome: .homeButton()) }
        #expect(throws: StageError.self) { try Device(id: "t", size: Self.size, scale: 1, chrome: .homeButton(statusBarHeight: 600)) }
        #expect(throws: StageError.self) {
            try Device(id: "t", size: Self.size, scale: 1, chrome: .homeIndicator(screen: CGSize(width: 900, height: 900)))
        }
    }

    /// A scene on a custom device renders at that device's size: the app fills the whole screen (no
    /// black where a phone-sized window would end), and the bezel frames it.
    @Test func aSceneRendersOnACustomDevice() throws {
        let scratch = try TemporaryDirectory()
        defer { scratch.cleanUp() }
        let device = try Self.tablet(scale: 2)
        let scenes = [CrossDissolveScene.variant("cross-dissolve-tablet", device: device) { CrossDissolveScene() }]
        let still = scratch.path("tablet.png"), framed = scratch.path("framed.png")
        #expect(RenderTransitionCLI.run(["cross-dissolve-tablet", "--at", "0", "--no-chrome", "--out", still.path, "-q"], scenes: scenes) == 0)
        let image = try PNGCodec.decode(contentsOf: still)
        #expect(image.width == 600 && image.height == 1000)
        let black = RGBA8(r: 0, g: 0, b: 0, a: 255)
        for (x, y) in [(599, 999), (0, 0), (300, 500), (599, 0), (0, 999)] { #expect(image[x, y] != black, "(\(x), \(y))") }
        // With the chrome: a home indicator bar near the bottom centre, darker or lighter than the app beside it.
        let dressed = scratch.path("dressed.png")
        #expect(RenderTransitionCLI.run(["cross-dissolve-tablet", "--at", "0", "--out", dressed.path, "-q"], scenes: scenes) == 0)
        let chrome = try PNGCodec.decode(contentsOf: dressed)
        #expect(chrome[300, 979] != chrome[100, 979], "home indicator at 2× (300, 979)")
        #expect(RenderTransitionCLI.run(["cross-dissolve-tablet", "--at", "0", "--scale", "1", "--bezel", "--out", framed.path, "-q"],
                                        scenes: scenes) == 0)
        let bezel = try PNGCodec.decode(contentsOf: framed)
        #expect(bezel.width == 324 && bezel.height == 524)
    }
}
