import Testing
import Foundation
@testable import Raster

private let red = CGColor(red: 1, green: 0, blue: 0, alpha: 1)
private let blue = CGColor(red: 0, green: 0, blue: 1, alpha: 1)

private func filled(_ paint: Paint, width: Int = 101, height: Int = 3) -> PixelBuffer {
    var b = PixelBuffer(width: width, height: height)
    b.fill(RoundedRect(rect: CGRect(x: 0, y: 0, width: width, height: height)), with: paint)
    return b
}

@Test func gradientEndpointsMidpointAndClamping() {
    // Pixel x has centre x + 0.5; start at 10.5 and end at 90.5 put pixel 10 at t = 0, 50 at 0.5, 90 at 1.
    let b = filled(.axialGradient(start: CGPoint(x: 10.5, y: 0), end: CGPoint(x: 90.5, y: 0),
                                  stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]))
    #expect(b[10, 1] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(b[0, 1] == RGBA8(r: 255, g: 0, b: 0, a: 255))      // before the start: clamped
    #expect(b[90, 1] == RGBA8(r: 0, g: 0, b: 255, a: 255))
    #expect(b[100, 1] == RGBA8(r: 0, g: 0, b: 255, a: 255))    // beyond the end: clamped
    #expect(b[50, 1] == RGBA8(r: 128, g: 0, b: 128, a: 255))   // 0.5·255 rounds up
    #expect(b[30, 1] == RGBA8(r: UInt8(ref8(0.75)), g: 0, b: UInt8(ref8(0.25)), a: 255))
    #expect(b[30, 0] == b[30, 2])
}

@Test func gradientInterpolatesStraightAlphaThenPremultiplies() {
    let b = filled(.axialGradient(start: CGPoint(x: 10.5, y: 0), end: CGPoint(x: 90.5, y: 0),
                                  stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: .clear)]))
    // Straight: r = 0.5, a = 0.5 → premultiplied 0.25 → 64; a → 128.
    #expect(b[50, 0] == RGBA8(r: 64, g: 0, b: 0, a: 128))
}

@Test func gradientStopsAreSortedAndEndsHeld() {
    let green = CGColor(red: 0, green: 1, blue: 0, alpha: 1)
    // Unsorted stops inside (0, 1): before 0.25 the first colour, after 0.75 the last.
    let b = filled(.axialGradient(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 0),
                                  stops: [GradientStop(location: 0.75, color: blue), GradientStop(location: 0.25, color: red),
                                          GradientStop(location: 0.5, color: green)]))
    #expect(b[5, 0] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(b[95, 0] == RGBA8(r: 0, g: 0, b: 255, a: 255))
    // Pixel 37: t = 0.375, halfway from red to green.
    #expect(b[37, 0] == RGBA8(r: 128, g: 128, b: 0, a: 255))
    // A hard edge (two stops at the same location): left colour before, right colour from it on.
    let h = filled(.axialGradient(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 100, y: 0),
                                  stops: [GradientStop(location: 0, color: red), GradientStop(location: 0.5, color: red),
                                          GradientStop(location: 0.5, color: blue), GradientStop(location: 1, color: blue)]))
    #expect(h[49, 0] == RGBA8(r: 255, g: 0, b: 0, a: 255))
    #expect(h[50, 0] == RGBA8(r: 0, g: 0, b: 255, a: 255))
}

@Test func gradientAlongAnyAxis() {
    // Vertical, and diagonal: t is the projection of the pixel centre.
    let v = filled(.axialGradient(start: CGPoint(x: 0, y: 0.5), end: CGPoint(x: 0, y: 8.5),
                                  stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]),
                   width: 5, height: 9)
    #expect(v[3, 0] == RGBA8(r: 255, g: 0, b: 0, a: 255) && v[0, 4] == RGBA8(r: 128, g: 0, b: 128, a: 255))
    #expect(v[4, 8] == RGBA8(r: 0, g: 0, b: 255, a: 255))
    let d = filled(.axialGradient(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 20, y: 20),
                                  stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]),
                   width: 20, height: 20)
    // Pixel (4, 9): centre (4.5, 9.5), t = (4.5 + 9.5)/40 = 0.35. Pixel (9, 4) lies on the same line.
    #expect(d[4, 9] == RGBA8(r: UInt8(ref8(0.65)), g: 0, b: UInt8(ref8(0.35)), a: 255))
    #expect(d[9, 4] == d[4, 9])
    // start == end: the last stop's colour everywhere.
    let same = filled(.axialGradient(start: CGPoint(x: 3, y: 3), end: CGPoint(x: 3, y: 3),
                                     stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]),
                      width: 4, height: 4)
    #expect(same == PixelBuffer(width: 4, height: 4, fill: RGBA8(r: 0, g: 0, b: 255, a: 255)))
    // No stops: nothing is drawn.
    #expect(filled(.axialGradient(start: .zero, end: CGPoint(x: 1, y: 0), stops: []), width: 3, height: 3)
            == PixelBuffer(width: 3, height: 3))
}

@Test func degenerateGradientsDoNotTrap() {
    // Infinite and NaN locations, an infinite axis: finite, deterministic colours and no crash.
    let weird = filled(.axialGradient(start: CGPoint(x: 0, y: 0), end: CGPoint(x: 10, y: 0),
                                      stops: [GradientStop(location: -.infinity, color: red), GradientStop(location: .nan, color: blue),
                                              GradientStop(location: .infinity, color: red)]), width: 12, height: 2)
    #expect(weird.bytes.count == 12 * 2 * 4)
    let infiniteAxis = filled(.axialGradient(start: CGPoint(x: 0, y: 0), end: CGPoint(x: Double.infinity, y: 0),
                                             stops: [GradientStop(location: 0, color: red), GradientStop(location: 1, color: blue)]),
                              width: 3, height: 3)
    #expect(infiniteAxis == PixelBuffer(width: 3, height: 3, fill: RGBA8(r: 0, g: 0, b: 255, a: 255)))
    // A single stop: its colour everywhere.
    #expect(filled(.axialGradient(start: .zero, end: CGPoint(x: 5, y: 5), stops: [GradientStop(location: 0.3, color: red)]),
                   width: 3, height: 3) == PixelBuffer(width: 3, height: 3, fill: RGBA8(r: 255, g: 0, b: 0, a: 255)))
}
