import Testing
import Foundation
@testable import UIKit

func components(_ color: UIColor?, _ traits: UITraitCollection = UITraitCollection(userInterfaceStyle: .light)) -> [Double] {
    guard let color else { return [] }
    var r: CGFloat = 0, g: CGFloat = 0, b: CGFloat = 0, a: CGFloat = 0
    traits.performAsCurrent { color.getRed(&r, green: &g, blue: &b, alpha: &a) }
    return [r, g, b, a].map { Double($0) }
}

func close(_ a: [Double], _ b: [Double], within tolerance: Double = 1e-4) -> Bool {
    a.count == b.count && zip(a, b).allSatisfy { abs($0 - $1) <= tolerance }
}

@Suite struct DisplayP3Tests {
    // Expected values: the W3C CSS Color 4 conversion (its published lin_P3_to_XYZ and XYZ_to_lin_sRGB
    // matrices with the sRGB transfer function), computed with numpy; independent of the code, which
    // builds its matrix from the primaries.
    static let cases: [([Double], [Double])] = [
        ([1.0, 0.0, 0.0], [1.093066, -0.226742, -0.150135]),
        ([0.0, 1.0, 0.0], [-0.511605, 1.018266, -0.310675]),
        ([0.0, 0.0, 1.0], [0.0, 0.0, 1.042022]),
        ([1.0, 0.231, 0.188], [1.089228, 0.043488, 0.095376]),
        ([0.4, 0.6, 1.0], [0.333796, 0.606643, 1.030425]),
        ([0.5, 0.5, 0.5], [0.5, 0.5, 0.5]),
    ]
    @Test("Display P3 → extended sRGB", arguments: cases)
    func p3(_ p3: [Double], _ srgb: [Double]) {
        let color = UIColor(displayP3Red: p3[0], green: p3[1], blue: p3[2], alpha: 0.75)
        #expect(close(components(color), srgb + [0.75]))
        // Drawn clamped to the sRGB output.
        let cg = color.cgColor
        #expect(close([cg.red, cg.green, cg.blue].map(Double.init), srgb.map { min(max($0, 0), 1) }))
    }

    @Test func theMatrixMatchesThePublishedOne() {
        // CSS Color 4's matrices multiplied (the same numbers as above, as a matrix).
        let published = [1.224940, -0.224940, 0, -0.042057, 1.042057, 0, -0.019638, -0.078636, 1.098274]
        #expect(close(ColorSpaceConversion.p3ToSRGBLinear.map(Double.init), published, within: 2e-5))
    }

    @Test func extendedComponentsAreKeptAndDrawnClamped() {
        let color = UIColor(red: 1.2, green: -0.1, blue: 0.5, alpha: 1.5)
        #expect(close(components(color), [1.2, -0.1, 0.5, 1]))
        #expect(color.cgColor == CGColor(red: 1, green: 0, blue: 0.5, alpha: 1))
        #expect(color != UIColor(red: 1, green: 0, blue: 0.5, alpha: 1), "extended colours differ from their clamped ones")
    }
}

@Suite struct NamedColorTests {
    static let formatCases: [(String, [Double])] = [
        ("float", [0.5, 0.25, 1.0, 1.0]),
        ("int", [128.0 / 255, 64.0 / 255, 1.0, 0.5]),
        ("hex", [128.0 / 255, 64.0 / 255, 1.0, 1.0]),
        ("extended", [1.2, -0.1, 0.5, 1.0]),
        // Linear 0.214 is sRGB ≈ 0.5 (the sRGB curve), 1 stays 1.
        ("linear", [0.499956, 1.0, 0.0, 1.0]),
        // Gray gamma 2.2: 0.5^2.2 = 0.217638 linear, sRGB-encoded 0.503867.
        ("gray22", [0.503867, 0.503867, 0.503867, 1.0]),
        ("extgray", [0.5, 0.5, 0.5, 0.25]),
        ("Palette/accent", [52.0 / 255, 199.0 / 255, 89.0 / 255, 1.0]),
    ]
    @Test("component formats", arguments: formatCases)
    func formats(_ name: String, _ expected: [Double]) {
        let color = UIColor(named: name, in: fixtures, compatibleWith: nil)
        #expect(close(components(color), expected, within: 2e-6), "\(name): \(components(color))")
    }

    @Test func aColourSetIsDynamic() {
        let brand = UIColor(named: "brand", in: fixtures, compatibleWith: nil)!
        #expect(close(components(brand), [1.089228, 0.043488, 0.095376, 1]))
        #expect(close(components(brand, UITraitCollection(userInterfaceStyle: .dark)), [0.333796, 0.606643, 1.030425, 1]))
        let high = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .light), UITraitCollection(accessibilityContrast: .high)])
        #expect(close(components(brand, high), [0.6, 0, 0, 1]))
        let darkHigh = UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: .dark), UITraitCollection(accessibilityContrast: .high)])
        #expect(close(components(brand, darkHigh), [1, 0.5, 0.5, 1]))
        // Two lookups of one name are equal (as two uses of one system colour are).
        #expect(brand == UIColor(named: "brand", in: fixtures, compatibleWith: nil))
        // With traits, the variant for them, fixed.
        let dark = UIColor(named: "brand", in: fixtures, compatibleWith: UITraitCollection(userInterfaceStyle: .dark))!
        #expect(close(components(dark, UITraitCollection(userInterfaceStyle: .light)), [0.333796, 0.606643, 1.030425, 1]))
    }

    @Test func aViewShowsTheVariantForItsStyle() {
        let view = UIView(frame: CGRect(x: 0, y: 0, width: 10, height: 10))
        view.backgroundColor = UIColor(named: "Palette/accent", in: fixtures, compatibleWith: nil)
        #expect(view.layer.backgroundColor == CGColor(red: 0x34 / 255.0, green: 0xC7 / 255.0, blue: 0x59 / 255.0, alpha: 1))
        view.overrideUserInterfaceStyle = .dark
        #expect(view.layer.backgroundColor == CGColor(red: 0x30 / 255.0, green: 0xD1 / 255.0, blue: 0x58 / 255.0, alpha: 1))
    }

    @Test func aSystemColourReference() {
        let color = UIColor(named: "system", in: fixtures, compatibleWith: nil)
        #expect(close(components(color), [0, 122.0 / 255, 1, 1]))
        #expect(close(components(color, UITraitCollection(userInterfaceStyle: .dark)), [10.0 / 255, 132.0 / 255, 1, 1]))
    }
}

@Suite struct SystemColorVariantTests {
    static func traits(_ style: UIUserInterfaceStyle, high: Bool = false, elevated: Bool = false) -> UITraitCollection {
        UITraitCollection(traitsFrom: [UITraitCollection(userInterfaceStyle: style),
                                       UITraitCollection(accessibilityContrast: high ? .high : .normal),
                                       UITraitCollection(userInterfaceLevel: elevated ? .elevated : .base)])
    }
    static func hex(_ color: UIColor, _ traits: UITraitCollection) -> UInt32 {
        let c = color.resolvedColor(with: traits).cgColor
        return UInt32((c.red * 255).rounded()) << 16 | UInt32((c.green * 255).rounded()) << 8 | UInt32((c.blue * 255).rounded())
    }

    @Test func elevatedBackgroundsInDarkSheets() {
        #expect(Self.hex(.systemBackground, Self.traits(.dark)) == 0x000000)
        #expect(Self.hex(.systemBackground, Self.traits(.dark, elevated: true)) == 0x1C1C1E)
        #expect(Self.hex(.secondarySystemBackground, Self.traits(.dark, elevated: true)) == 0x2C2C2E)
        #expect(Self.hex(.systemGroupedBackground, Self.traits(.dark, elevated: true)) == 0x1C1C1E)
        #expect(Self.hex(.systemBackground, Self.traits(.light, elevated: true)) == 0xFFFFFF, "light elevated is light")
        #expect(Self.hex(.systemBackground, Self.traits(.dark, high: true, elevated: true)) == 0x242426)
    }

    @Test func increasedContrastTints() {
        #expect(Self.hex(.systemBlue, Self.traits(.light, high: true)) == 0x0040DD)
        #expect(Self.hex(.systemBlue, Self.traits(.dark, high: true)) == 0x409CFF)
        #expect(Self.hex(.systemRed, Self.traits(.light, high: true)) == 0xD70015)
        #expect(Self.hex(.systemGray6, Self.traits(.dark, high: true)) == 0x242426)
        #expect(Self.hex(.systemBlue, Self.traits(.light)) == 0x007AFF, "normal contrast unchanged")
    }

    @Test func theScreenCarriesIncreaseContrast() {
        let (hex, _) = onScreen(accessibility: .darkerSystemColors) {
            (UIScreen.main.traitCollection.accessibilityContrast, Self.hex(.systemBlue, UITraitCollection.current))
        }
        #expect(hex.0 == .high)
        #expect(hex.1 == 0x0040DD)
    }
}
