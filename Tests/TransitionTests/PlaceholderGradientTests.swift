import Testing
import Foundation
@testable import UIKit
import Raster
import Compositor
import TestSupport

/// The placeholder photo iOS code draws, written as it is on iOS (no edits).
private func placeholderImage(size: CGSize) -> UIImage {
    let renderer = UIGraphicsImageRenderer(size: size)
    return renderer.image { context in
        let colors = [UIColor.systemGray5.cgColor, UIColor.systemGray3.cgColor]
        let colorSpace = CGColorSpaceCreateDeviceRGB()
        let gradient = CGGradient(colorsSpace: colorSpace, colors: colors as CFArray, locations: [0, 1])!
        context.cgContext.drawLinearGradient(gradient, start: .zero, end: CGPoint(x: 0, y: size.height), options: [])
    }
}

/// A spotlight placeholder: a radial gradient from a named colour space, clipped to a rounded rect.
private func spotlightImage(size: CGSize) -> UIImage {
    let format = UIGraphicsImageRendererFormat()
    format.scale = 1
    return UIGraphicsImageRenderer(size: size, format: format).image { context in
        let cg = context.cgContext
        UIBezierPath(roundedRect: CGRect(origin: .zero, size: size), cornerRadius: 12).addClip()
        let space = CGColorSpace(name: CGColorSpace.displayP3)!
        let gradient = CGGradient(colorsSpace: space, colors: [UIColor.white.cgColor, UIColor.systemBlue.cgColor] as CFArray,
                                  locations: nil)!
        let center = CGPoint(x: size.width / 2, y: size.height / 2)
        cg.drawRadialGradient(gradient, startCenter: center, startRadius: 0, endCenter: center, endRadius: size.width / 2,
                              options: .drawsAfterEndLocation)
    }
}

@Suite struct PlaceholderGradient {
    init() { LayerRenderer.installContextRasterizer() }

    @Test func theTypicalPlaceholderCodeDrawsAVerticalGradient() throws {
        let image = placeholderImage(size: CGSize(width: 40, height: 30))
        let p = pixels(image)
        let scale = Int(image.scale)
        #expect(p.width == 40 * scale && p.height == 30 * scale)
        // systemGray5 (0xE5E5EA) at the top → systemGray3 (0xC7C7CC) at the bottom, interpolated in y only.
        func expected(_ row: Int) -> [Int] {
            let t = (Double(row) + 0.5) / Double(30 * scale)
            func channel(_ a: Int, _ b: Int) -> Int { Int((Double(a) / 255 + (Double(b) - Double(a)) / 255 * t) * 255 + 0.5) }
            return [channel(0xE5, 0xC7), channel(0xE5, 0xC7), channel(0xEA, 0xCC), 255]
        }
        for row in [0, 15 * scale, 30 * scale - 1] {
            #expect(pixel(p, 0, row) == expected(row) && pixel(p, 40 * scale - 1, row) == expected(row), "row \(row)")
        }
        #expect(pixel(p, 0, 0) != pixel(p, 0, 30 * scale - 1))
    }

    @Test func aRadialPlaceholderFillsItsRoundedClip() {
        let image = spotlightImage(size: CGSize(width: 60, height: 60))
        let p = pixels(image)
        // White at the centre → systemBlue (0x007AFF) at radius 30: t is the pixel centre's distance / 30.
        let t = hypot(0.5, 0.5) / 30
        #expect(pixel(p, 30, 30) == [Int((1 - t) * 255 + 0.5), Int((1 + (122.0 / 255 - 1) * t) * 255 + 0.5), 255, 255])
        #expect(pixel(p, 0, 0) == [0, 0, 0, 0], "outside the rounded corner")
        #expect(pixel(p, 59, 15) == [0, 122, 255, 255], "past the end circle: systemBlue, extended")
        #expect(pixel(p, 15, 0) == [0, 122, 255, 255])
    }
}
