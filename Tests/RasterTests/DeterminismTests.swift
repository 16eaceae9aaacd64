import Testing
import Foundation
@testable import Raster

/// A small scene that uses every operation.
private func scene() -> PixelBuffer {
    var card = PixelBuffer(width: 90, height: 70)
    card.fill(RoundedRect(rect: CGRect(x: 0.5, y: 0.25, width: 88.7, height: 69.1), radii: CornerRadii(all: 9.5)),
              with: .axialGradient(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 90, y: 70),
                                   stops: [GradientStop(location: 0, color: CGColor(red: 1, green: 0.5, blue: 0.2, alpha: 1)),
                                           GradientStop(location: 1, color: CGColor(red: 0.1, green: 0.2, blue: 0.9, alpha: 0.7))]))
    var b = PixelBuffer(width: 160, height: 140, fill: RGBA8(r: 240, g: 240, b: 240, a: 255))
    let clip = CoverageMask(RoundedRect(rect: CGRect(x: 4, y: 4, width: 150, height: 130), radii: CornerRadii(all: 20)),
                            within: b.bounds)
    for sigma in [0.0, 3.3, 14] {
        b.drawShadow(of: card, atX: 30, y: 30, offset: CGPoint(x: 1.5, y: 6.25), sigma: sigma,
                     color: CGColor(red: 0, green: 0, blue: 0, alpha: 0.3), opacity: 0.8, clip: clip)
    }
    b.composite(card, atX: 30, y: 30, opacity: 0.9, clip: clip)
    b.fill(RoundedRect(rect: CGRect(x: 10, y: 100.5, width: 60, height: 20)), with: .solid(CGColor(red: 0, green: 0.6, blue: 0.3, alpha: 0.5)))
    return b.resized(width: 61, height: 53)
}

@Test func sameCallsGiveTheSameBytes() {
    let a = scene(), b = scene()
    #expect(a == b)
    #expect(a.bytes.contains { $0 != 240 && $0 != 255 })
}

@Test(arguments: [2.5, 30])
func shadowDoesNotDependOnTheTargetRegion(_ sigma: Double) {
    // Drawing into a big buffer, or into a crop of it at another origin, or through a clip, gives the
    // same pixels where they overlap: values depend only on the source, offset and σ.
    var source = PixelBuffer(width: 60, height: 40)
    source.fill(RoundedRect(rect: CGRect(x: 3, y: 2, width: 54, height: 36), radii: CornerRadii(all: 10)), with: .solid(.white))
    var big = PixelBuffer(width: 300, height: 260)
    big.drawShadow(of: source, atX: 120, y: 110, offset: CGPoint(x: 3.7, y: 9.2), sigma: sigma, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1), opacity: 1)
    var crop = PixelBuffer(width: 70, height: 50)
    crop.drawShadow(of: source, atX: 120 - 133, y: 110 - 97, offset: CGPoint(x: 3.7, y: 9.2), sigma: sigma, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1), opacity: 1)
    var clipped = PixelBuffer(width: 300, height: 260)
    clipped.drawShadow(of: source, atX: 120, y: 110, offset: CGPoint(x: 3.7, y: 9.2), sigma: sigma, color: CGColor(red: 0, green: 0, blue: 0, alpha: 1), opacity: 1,
                       clip: CoverageMask(bounds: PixelRect(x: 133, y: 97, width: 70, height: 50), fill: 255))
    for y in 0..<50 { for x in 0..<70 {
        #expect(crop[x, y] == big[133 + x, 97 + y])
        #expect(clipped[133 + x, 97 + y] == big[133 + x, 97 + y])
    } }
}
