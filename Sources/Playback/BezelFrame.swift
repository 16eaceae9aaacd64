import Foundation
import UIKit
import Stage
import Raster

/// A frame set in the phone's outline, for docs media: a dark body with a faint rim, the display's rounded
/// corners cut from the screen (drawn through them, so nothing of its square corners shows past the body), the SE's home button, on the light grey filmstrips use.
enum BezelFrame {
    static let background = RGBA8(r: 242, g: 242, b: 247, a: 255)
    static let body = CGColor(red: 0.11, green: 0.11, blue: 0.118, alpha: 1)
    static let rim = CGColor(red: 0.23, green: 0.23, blue: 0.24, alpha: 1)

    static func frame(around screen: PixelBuffer, settings: RenderSettings) -> PixelBuffer {
        let bezel = settings.device.bezel, scale = Double(settings.scale)
        let pixels = settings.bezelPixels
        var out = PixelBuffer(width: settings.pixelWidth, height: settings.pixelHeight, fill: background)
        let outline = RoundedRect(rect: CGRect(x: 0, y: 0, width: out.width, height: out.height),
                                  radii: CornerRadii(all: Double(bezel.outerCornerRadius) * scale))
        out.fill(outline, with: .solid(body))
        let rimWidth = max(1, 1.5 * scale)
        let inside = RoundedRect(rect: outline.rect.insetBy(dx: rimWidth, dy: rimWidth),
                                 radii: CornerRadii(all: max(Double(bezel.outerCornerRadius) * scale - rimWidth, 0)))
        out.fillRing(outer: outline, inner: inside, with: .solid(rim))
        // The display's rounded corners: the screen is drawn through them, so what lies outside is the body
        // (or, past the body's own rounded outline, the ground), never the screen's square corner.
        let display = CGRect(x: pixels.side, y: pixels.top, width: screen.width, height: screen.height)
        var clip: CoverageMask?
        if bezel.displayCornerRadius > 0 {
            clip = CoverageMask(RoundedRect(rect: display, radii: CornerRadii(all: Double(bezel.displayCornerRadius) * scale)),
                                within: PixelRect(x: pixels.side, y: pixels.top, width: screen.width, height: screen.height))
        }
        out.composite(screen, atX: pixels.side, y: pixels.top, clip: clip)
        if bezel.homeButton {
            let radius = 22 * scale, centre = CGPoint(x: Double(out.width) / 2, y: Double(display.maxY) + Double(pixels.bottom) / 2)
            let ring = RoundedRect(rect: CGRect(x: centre.x - radius, y: centre.y - radius, width: 2 * radius, height: 2 * radius),
                                   radii: CornerRadii(all: radius))
            let hole = RoundedRect(rect: ring.rect.insetBy(dx: 2 * scale, dy: 2 * scale), radii: CornerRadii(all: radius - 2 * scale))
            out.fillRing(outer: ring, inner: hole, with: .solid(rim))
        }
        return out
    }
}
