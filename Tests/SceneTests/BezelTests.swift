import Testing
import Foundation
import Raster
import Stage
import TransitionTesting
@testable import Playback

/// `--bezel`: the screen sits in the phone's body. Past the body's rounded outline there is only the light
/// ground (no square "ears" of the screen or the body at the display's corners), and each device's corner
/// is a golden.
@Suite struct Bezel {
    static let white = RGBA8(r: 255, g: 255, b: 255, a: 255)

    static func framed(_ device: Device, scale: CGFloat) -> PixelBuffer {
        let settings = RenderSettings(device: device, scale: scale, bezel: true)
        let screen = PixelBuffer(width: settings.screenPixelWidth, height: settings.screenPixelHeight, fill: white)
        return BezelFrame.frame(around: screen, settings: settings)
    }

    static func crop(_ image: PixelBuffer, side: Int) -> PixelBuffer {
        var out = PixelBuffer(width: side, height: side)
        for y in 0..<side { for x in 0..<side { out[x, y] = image[x, y] } }
        return out
    }

    @Test(arguments: Device.all.map(\.id))
    func nothingShowsPastTheBodysRoundedOutline(id: String) throws {
        let device = try #require(Device.all.first { $0.id == id })
        let scale = 2.0
        let image = Self.framed(device, scale: scale)
        let radius = Double(device.bezel.outerCornerRadius) * scale
        // Every pixel wholly outside the outline's corner arc (its centre over a pixel's half-diagonal away)
        // is the ground, in all four corners.
        var outside = 0
        for y in 0..<Int(radius) { for x in 0..<Int(radius) {
            let dx = radius - (Double(x) + 0.5), dy = radius - (Double(y) + 0.5)
            guard (dx * dx + dy * dy).squareRoot() > radius + 0.71 else { continue }
            outside += 1
            for (px, py) in [(x, y), (image.width - 1 - x, y), (x, image.height - 1 - y), (image.width - 1 - x, image.height - 1 - y)] {
                #expect(image[px, py] == BezelFrame.background, "\(id): pixel \(px),\(py) outside the body is \(image[px, py])")
                if image[px, py] != BezelFrame.background { return }
            }
        } }
        #expect(outside > 100)
        // And the screen still shows inside the display: its middle is the screen's white.
        #expect(image[image.width / 2, image.height / 2] == Self.white)
    }

    @Test(arguments: Device.all.map(\.id))
    func cornerGolden(id: String) throws {
        let device = try #require(Device.all.first { $0.id == id })
        let image = Self.framed(device, scale: 2)
        let bezel = device.bezel   // the corner and a little of the screen inside it
        let side = Int((Double(max(bezel.outerCornerRadius, bezel.top)) + 20) * 2)
        assertImageSnapshot(Self.crop(image, side: side), named: "bezel-corner-\(id)")
    }
}
