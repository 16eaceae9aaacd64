import Testing
import Foundation
import CoreGraphics
import Compositor
import Raster
import TestSupport

/// CGContext's gradient drawing through the Compositor's rasterizer, checked at chosen pixels against the
/// colour computed by hand: t from the geometry (in user space, through the CTM), colour = red → blue at t,
/// each channel ⌊v·255 + ½⌋; clipped pixels weighted by their exact coverage.
@Suite struct ContextGradient {
    init() { LayerRenderer.installContextRasterizer() }

    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    var gradient: CGGradient { CGGradient(colorsSpace: CGColorSpaceCreateDeviceRGB(), colors: [red, blue] as CFArray, locations: [0, 1])! }

    func expected(_ t: Double) -> [Int] {
        let t = min(max(t, 0), 1)
        return [Int(((1 - t) * 255 + 0.5).rounded(.down)), 0, Int((t * 255 + 0.5).rounded(.down)), 255]
    }

    func image(width: CGFloat = 100, height: CGFloat = 100, scale: CGFloat = 1, _ draw: (CGContext) -> Void) -> PixelBuffer {
        let context = CGContext(size: CGSize(width: width, height: height), scale: scale, opaque: false)
        draw(context)
        let cg = context.makeImage()!
        var buffer = PixelBuffer(width: cg.width, height: cg.height)
        buffer.bytes = cg.premultipliedRGBA
        return buffer
    }

    @Test func linearGradientStopsAtItsEndsUnlessTheOptionsExtendIt() {
        let start = CGPoint(x: 20, y: 0), end = CGPoint(x: 80, y: 0)
        let plain = image(height: 4) { $0.drawLinearGradient(gradient, start: start, end: end, options: []) }
        #expect(pixel(plain, 50, 2) == expected(30.5 / 60))
        #expect(pixel(plain, 20, 0) == expected(0.5 / 60) && pixel(plain, 79, 3) == expected(59.5 / 60))
        #expect(pixel(plain, 10, 2) == [0, 0, 0, 0] && pixel(plain, 90, 2) == [0, 0, 0, 0])
        let both = image(height: 4) {
            $0.drawLinearGradient(gradient, start: start, end: end, options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        #expect(pixel(both, 10, 2) == expected(0) && pixel(both, 90, 2) == expected(1) && pixel(both, 50, 2) == expected(30.5 / 60))
        let after = image(height: 4) { $0.drawLinearGradient(gradient, start: start, end: end, options: .drawsAfterEndLocation) }
        #expect(pixel(after, 10, 2) == [0, 0, 0, 0] && pixel(after, 90, 2) == expected(1))
    }

    @Test func locationsPlaceTheColours() {
        // Red until 0.25, blue from 0.75: the middle half interpolates.
        let g = CGGradient(colorsSpace: CGColorSpace(name: CGColorSpace.sRGB), colors: [red, blue] as CFArray, locations: [0.25, 0.75])!
        let drawn = image(height: 2) {
            $0.drawLinearGradient(g, start: .zero, end: CGPoint(x: 100, y: 0), options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        #expect(pixel(drawn, 10, 0) == expected(0) && pixel(drawn, 90, 0) == expected(1))
        #expect(pixel(drawn, 40, 0) == expected((40.5 - 25) / 50))
    }

    @Test func concentricRadialGradientRunsBetweenTheRadii() {
        let center = CGPoint(x: 50, y: 50)
        let plain = image { $0.drawRadialGradient(gradient, startCenter: center, startRadius: 10, endCenter: center, endRadius: 40, options: []) }
        func t(_ x: Int, _ y: Int) -> Double { (hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 50) - 10) / 30 }
        for (x, y) in [(70, 50), (50, 22), (35, 70)] { #expect(pixel(plain, x, y) == expected(t(x, y)), "pixel (\(x), \(y))") }
        #expect(pixel(plain, 50, 50) == [0, 0, 0, 0] && pixel(plain, 95, 50) == [0, 0, 0, 0])
        let filled = image {
            $0.drawRadialGradient(gradient, startCenter: center, startRadius: 10, endCenter: center, endRadius: 40,
                                  options: [.drawsBeforeStartLocation, .drawsAfterEndLocation])
        }
        #expect(pixel(filled, 50, 50) == expected(0) && pixel(filled, 95, 50) == expected(1))
    }

    @Test func offsetRadialGradientTakesTheCircleThroughEachPoint() {
        // A point at (30.5, 50.5) growing to radius 40 about (50.5, 50.5): on the axis the circle of t reaches
        // x = 30.5 + 60t to the right and x = 30.5 − 20t to the left.
        let drawn = image {
            $0.drawRadialGradient(gradient, startCenter: CGPoint(x: 30.5, y: 50.5), startRadius: 0,
                                  endCenter: CGPoint(x: 50.5, y: 50.5), endRadius: 40, options: [])
        }
        #expect(pixel(drawn, 79, 50) == expected(49.0 / 60) && pixel(drawn, 20, 50) == expected(0.5))
        #expect(pixel(drawn, 95, 50) == [0, 0, 0, 0])
    }

    @Test func theClipLimitsTheGradientWithExactCoverage() {
        let drawn = image(height: 4) {
            $0.clip(to: CGRect(x: 20, y: 0, width: 30.5, height: 4))   // pixel 50 half inside
            $0.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: [])
        }
        func half(_ v: Int) -> Int { let t = v * 128 + 128; return (t + (t >> 8)) >> 8 }
        #expect(pixel(drawn, 30, 1) == expected(30.5 / 100))
        #expect(pixel(drawn, 50, 1) == expected(50.5 / 100).map(half))
        #expect(pixel(drawn, 19, 1) == [0, 0, 0, 0] && pixel(drawn, 51, 1) == [0, 0, 0, 0])
        // A path clip: only inside the circle.
        let circle = image {
            $0.addEllipse(in: CGRect(x: 30, y: 30, width: 40, height: 40))
            $0.clip()
            $0.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: [])
        }
        #expect(pixel(circle, 50, 50) == expected(50.5 / 100) && pixel(circle, 32, 32) == [0, 0, 0, 0])
    }

    @Test func theCTMPlacesTheGradient() {
        // Rotated a quarter turn about (50, 50): the user x axis runs down the image, so t follows y only.
        let drawn = image {
            $0.translateBy(x: 50, y: 50)
            $0.rotate(by: .pi / 2)
            $0.drawLinearGradient(gradient, start: CGPoint(x: -40, y: 0), end: CGPoint(x: 40, y: 0), options: [])
        }
        #expect(pixel(drawn, 20, 50) == expected(40.5 / 80) && pixel(drawn, 80, 50) == expected(40.5 / 80))
        #expect(pixel(drawn, 50, 70) == expected(60.5 / 80))
        #expect(pixel(drawn, 50, 5) == [0, 0, 0, 0] && pixel(drawn, 50, 95) == [0, 0, 0, 0])
        // The scale multiplies pixels, not points: pixel 41 of a 2× context is at x = 20.75 points.
        let scaled = image(width: 50, height: 2, scale: 2) {
            $0.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 50, y: 0), options: [])
        }
        #expect(pixel(scaled, 41, 1) == expected(20.75 / 50))
    }

    @Test func colourComponentsAndGraySpacesMakeTheSameStops() {
        let components: [CGFloat] = [1, 0, 0, 1, 0, 0, 1, 1]
        let fromComponents = CGGradient(colorSpace: CGColorSpaceCreateDeviceRGB(), colorComponents: components, locations: nil, count: 2)!
        let a = image(height: 2) { $0.drawLinearGradient(fromComponents, start: .zero, end: CGPoint(x: 100, y: 0), options: []) }
        let b = image(height: 2) { $0.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 100, y: 0), options: []) }
        #expect(a == b)
        let gray = CGGradient(colorSpace: CGColorSpace(name: CGColorSpace.genericGrayGamma2_2)!, colorComponents: [0, 1, 1, 1],
                              locations: [0, 1], count: 2)!
        let grayImage = image(height: 2) { $0.drawLinearGradient(gray, start: .zero, end: CGPoint(x: 100, y: 0), options: []) }
        let v = Int((0.605 * 255 + 0.5).rounded(.down))
        #expect(pixel(grayImage, 60, 0) == [v, v, v, 255])
        #expect(CGColorSpace(name: "not a colour space") == nil)
        #expect(CGGradient(colorsSpace: nil, colors: ["red"] as CFArray, locations: nil) == nil)
    }

    @Test func alphaAndTranslucentStopsBlendOverWhatIsThere() {
        let halfRed = CGColor(red: 1, green: 0, blue: 0, alpha: 0.5)
        let g = CGGradient(colorsSpace: nil, colors: [halfRed, halfRed] as CFArray, locations: nil)!
        let drawn = image(height: 2) {
            $0.setFillColor(blue)
            $0.fill(CGRect(x: 0, y: 0, width: 100, height: 2))
            $0.drawLinearGradient(g, start: .zero, end: CGPoint(x: 100, y: 0), options: [])
        }
        // Source-over: red 128 over blue 255·(1 − 128/255) = 127.
        #expect(pixel(drawn, 50, 0) == [128, 0, 127, 255])
    }
}
