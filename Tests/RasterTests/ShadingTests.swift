import Testing
import Foundation
import CoreGraphics
@testable import Raster
import TestSupport

/// Shadings (Core Graphics' gradient drawing) checked at chosen pixels against the colour computed by
/// hand from the geometry: t from the analytic formula for the case, colour = stops interpolated at t,
/// each channel ⌊v·255 + ½⌋.
@Suite struct ShadingTests {
    let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
    let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)
    var stops: [GradientStop] { [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)] }

    /// Red → blue at t (opaque), as bytes.
    func expected(_ t: Double) -> [Int] {
        let t = min(max(t, 0), 1)
        return [Int(((1 - t) * 255 + 0.5).rounded(.down)), 0, Int((t * 255 + 0.5).rounded(.down)), 255]
    }

    func draw(_ shading: Shading, width: Int = 100, height: Int = 100, transform: Transform2D = .identity) -> PixelBuffer {
        var buffer = PixelBuffer(width: width, height: height)
        buffer.fill(shading, deviceToShading: transform)
        return buffer
    }

    @Test func axialParameterIsTheProjectionAndStopsAtItsEndsUnlessExtended() {
        let geometry = Shading.Geometry.axial(start: CGPoint(x: 20, y: 0), end: CGPoint(x: 80, y: 0))
        let plain = draw(Shading(geometry, stops: stops), height: 4)
        #expect(pixel(plain, 50, 2) == expected(30.5 / 60))
        #expect(pixel(plain, 20, 0) == expected(0.5 / 60))
        #expect(pixel(plain, 79, 3) == expected(59.5 / 60))
        #expect(pixel(plain, 19, 2) == [0, 0, 0, 0] && pixel(plain, 80, 2) == [0, 0, 0, 0])
        let before = draw(Shading(geometry, stops: stops, extendsStart: true), height: 4)
        #expect(pixel(before, 0, 1) == expected(0) && pixel(before, 80, 1) == [0, 0, 0, 0])
        let after = draw(Shading(geometry, stops: stops, extendsEnd: true), height: 4)
        #expect(pixel(after, 0, 1) == [0, 0, 0, 0] && pixel(after, 99, 1) == expected(1))
    }

    @Test func concentricRadialParameterIsTheDistanceBetweenTheRadii() {
        // t = (d − r₀)/(r₁ − r₀), d the pixel centre's distance from the centre.
        let geometry = Shading.Geometry.radial(startCenter: CGPoint(x: 50, y: 50), startRadius: 10,
                                               endCenter: CGPoint(x: 50, y: 50), endRadius: 40)
        let plain = draw(Shading(geometry, stops: stops))
        func t(_ x: Int, _ y: Int) -> Double { (hypot(Double(x) + 0.5 - 50, Double(y) + 0.5 - 50) - 10) / 30 }
        for (x, y) in [(70, 50), (50, 22), (35, 70), (61, 61)] {
            #expect(pixel(plain, x, y) == expected(t(x, y)), "pixel (\(x), \(y))")
        }
        #expect(pixel(plain, 50, 50) == [0, 0, 0, 0], "inside the start circle")
        #expect(pixel(plain, 95, 50) == [0, 0, 0, 0], "outside the end circle")
        let extended = draw(Shading(geometry, stops: stops, extendsStart: true, extendsEnd: true))
        #expect(pixel(extended, 50, 50) == expected(0) && pixel(extended, 95, 50) == expected(1) && pixel(extended, 0, 0) == expected(1))
    }

    @Test func offsetRadialTakesTheCircleThroughThePoint() {
        // Start: a point at (30.5, 50.5); end: radius 40 about (50.5, 50.5). On the axis to the right the
        // circle of t reaches x = 30.5 + 60t, to the left x = 30.5 − 20t.
        let geometry = Shading.Geometry.radial(startCenter: CGPoint(x: 30.5, y: 50.5), startRadius: 0,
                                               endCenter: CGPoint(x: 50.5, y: 50.5), endRadius: 40)
        let plain = draw(Shading(geometry, stops: stops))
        #expect(pixel(plain, 79, 50) == expected(49.0 / 60))
        #expect(pixel(plain, 20, 50) == expected(10.0 / 20))
        #expect(pixel(plain, 30, 50) == expected(0))
        #expect(pixel(plain, 95, 50) == [0, 0, 0, 0] && pixel(plain, 5, 50) == [0, 0, 0, 0])
    }

    @Test func separateCirclesTakeTheLargerParameter() {
        // A cone from radius 5 at x = 20.5 to radius 10 at x = 80.5: at x = 50.5 on the axis both t = 25/65
        // (the circle's left side) and t = 35/55 (its right side) pass; the later one is drawn.
        let geometry = Shading.Geometry.radial(startCenter: CGPoint(x: 20.5, y: 50.5), startRadius: 5,
                                               endCenter: CGPoint(x: 80.5, y: 50.5), endRadius: 10)
        let plain = draw(Shading(geometry, stops: stops))
        #expect(pixel(plain, 50, 50) == expected(35.0 / 55))
        #expect(pixel(plain, 50, 20) == [0, 0, 0, 0], "outside the cone")
        #expect(pixel(plain, 5, 50) == [0, 0, 0, 0])
        // Before the start circle the cone continues backwards (t = −10/55 at x = 5.5) with the first colour.
        let extended = draw(Shading(geometry, stops: stops, extendsStart: true))
        #expect(pixel(extended, 5, 50) == expected(0))
    }

    @Test func theTransformMapsPixelsIntoTheShadingsSpace() {
        // Pixel space at twice the shading's scale: pixel x covers shading x/2.
        let geometry = Shading.Geometry.axial(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 50, y: 0))
        let buffer = draw(Shading(geometry, stops: stops), height: 2, transform: .scale(0.5, 0.5))
        #expect(pixel(buffer, 40, 1) == expected(20.25 / 50))
    }

    @Test func opacityAndClipWeighTheColour() {
        let geometry = Shading.Geometry.axial(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 0))
        let clip = CoverageMask(bounds: PixelRect(x: 10, y: 0, width: 20, height: 2), fill: 128)
        var buffer = PixelBuffer(width: 100, height: 2)
        buffer.fill(Shading(geometry, stops: stops), deviceToShading: .identity, opacity: 1, clip: clip)
        let full = expected(20.5 / 100)
        func half(_ v: Int) -> Int { let t = v * 128 + 128; return (t + (t >> 8)) >> 8 }
        #expect(pixel(buffer, 20, 1) == full.map(half))
        #expect(pixel(buffer, 9, 1) == [0, 0, 0, 0] && pixel(buffer, 30, 1) == [0, 0, 0, 0])
    }

    @Test func drawingIsDeterministic() {
        let geometry = Shading.Geometry.radial(startCenter: CGPoint(x: 13.3, y: 40.1), startRadius: 3,
                                               endCenter: CGPoint(x: 60.7, y: 52.9), endRadius: 35)
        let shading = Shading(geometry, stops: stops, extendsStart: true, extendsEnd: true)
        let rotation = Transform2D.rotation(0.3)
        #expect(draw(shading, transform: rotation) == draw(shading, transform: rotation))
    }
}
