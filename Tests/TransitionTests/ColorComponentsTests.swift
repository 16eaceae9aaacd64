import Testing
import UIKit

// HSB colours and the component getters, checked against the hexcone conversion's known points.
@Suite struct ColorComponentsTests {
    private func rgba(_ color: UIColor) -> [CGFloat] {
        var r: CGFloat = -1, g: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        #expect(color.getRed(&r, green: &g, blue: &b, alpha: &a))
        return [r, g, b, a]
    }

    private static let hexcone: [(hue: CGFloat, rgb: [CGFloat])] = [
        (0, [1, 0, 0]), (1.0 / 6, [1, 1, 0]), (1.0 / 3, [0, 1, 0]), (0.5, [0, 1, 1]),
        (2.0 / 3, [0, 0, 1]), (5.0 / 6, [1, 0, 1]), (1, [1, 0, 0]), (1.0 / 12, [1, 0.5, 0]),
    ]

    @Test(arguments: 0..<8) func hueWalksTheHexcone(point: Int) {
        let (hue, expected) = Self.hexcone[point]
        let c = rgba(UIColor(hue: hue, saturation: 1, brightness: 1, alpha: 0.5))
        for (got, want) in zip(c, expected) { #expect(abs(got - want) < 1e-12) }
        #expect(c[3] == 0.5)
    }

    @Test func saturationAndBrightnessScaleTowardsGreyAndBlack() {
        let c = rgba(UIColor(hue: 2.0 / 3, saturation: 0.5, brightness: 0.8, alpha: 1))
        #expect(abs(c[0] - 0.4) < 1e-12 && abs(c[1] - 0.4) < 1e-12 && abs(c[2] - 0.8) < 1e-12)
        #expect(rgba(UIColor(hue: 0.3, saturation: 0, brightness: 0.25, alpha: 1)).prefix(3).allSatisfy { abs($0 - 0.25) < 1e-12 })
    }

    @Test(arguments: 0..<24) func hsbRoundTrips(step: Int) {
        let hue = CGFloat(step) / 24
        var h: CGFloat = -1, s: CGFloat = -1, b: CGFloat = -1, a: CGFloat = -1
        #expect(UIColor(hue: hue, saturation: 0.7, brightness: 0.9, alpha: 1).getHue(&h, saturation: &s, brightness: &b, alpha: &a))
        #expect(abs(h - hue) < 1e-9 && abs(s - 0.7) < 1e-9 && abs(b - 0.9) < 1e-9 && a == 1)
    }

    @Test func whiteOfAGreyIsItsLevelAndNilPointersAreSkipped() {
        var w: CGFloat = -1
        #expect(UIColor(white: 0.3, alpha: 1).getWhite(&w, alpha: nil))
        #expect(abs(w - 0.3) < 1e-12)
        #expect(UIColor.red.getRed(nil, green: nil, blue: nil, alpha: nil))
        var h: CGFloat = -1, s: CGFloat = -1
        #expect(UIColor.gray.getHue(&h, saturation: &s, brightness: nil, alpha: nil))
        #expect(h == 0 && s == 0)
    }

    @Test func aSystemColourResolvesUnderTheCurrentTraits() {
        let dark = UITraitCollection(userInterfaceStyle: .dark)
        let light = UITraitCollection(userInterfaceStyle: .light)
        var inDark: [CGFloat] = [], inLight: [CGFloat] = []
        dark.performAsCurrent { inDark = rgba(.systemBlue) }
        light.performAsCurrent { inLight = rgba(.systemBlue) }
        #expect(inDark != inLight)
    }
}
