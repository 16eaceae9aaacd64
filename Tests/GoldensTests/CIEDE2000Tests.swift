import Testing
import Goldens

@Suite struct CIEDE2000Tests {
    /// Table 1 of Sharma, Wu and Dalal (2005), "The CIEDE2000 color-difference formula: implementation
    /// notes, supplementary test data, and mathematical observations" (Color Research and Application
    /// 30(1)): all 34 pairs, L* a* b* of each colour and ΔE₀₀ to four decimals. colour-science 0.4.7's
    /// `delta_E(method="CIE 2000")` agrees with every value to 5·10⁻⁵.
    static let table: [(Double, Double, Double, Double, Double, Double, Double)] = [
        (50.0000, 2.6772, -79.7751, 50.0000, 0.0000, -82.7485, 2.0425),
        (50.0000, 3.1571, -77.2803, 50.0000, 0.0000, -82.7485, 2.8615),
        (50.0000, 2.8361, -74.0200, 50.0000, 0.0000, -82.7485, 3.4412),
        (50.0000, -1.3802, -84.2814, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -1.1848, -84.8006, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, -0.9009, -85.5211, 50.0000, 0.0000, -82.7485, 1.0000),
        (50.0000, 0.0000, 0.0000, 50.0000, -1.0000, 2.0000, 2.3669),
        (50.0000, -1.0000, 2.0000, 50.0000, 0.0000, 0.0000, 2.3669),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0009, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0010, 7.1792),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0011, 7.2195),
        (50.0000, 2.4900, -0.0010, 50.0000, -2.4900, 0.0012, 7.2195),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0009, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0010, -2.4900, 4.8045),
        (50.0000, -0.0010, 2.4900, 50.0000, 0.0011, -2.4900, 4.7461),
        (50.0000, 2.5000, 0.0000, 50.0000, 0.0000, -2.5000, 4.3065),
        (50.0000, 2.5000, 0.0000, 73.0000, 25.0000, -18.0000, 27.1492),
        (50.0000, 2.5000, 0.0000, 61.0000, -5.0000, 29.0000, 22.8977),
        (50.0000, 2.5000, 0.0000, 56.0000, -27.0000, -3.0000, 31.9030),
        (50.0000, 2.5000, 0.0000, 58.0000, 24.0000, 15.0000, 19.4535),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.1736, 0.5854, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2972, 0.0000, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 1.8634, 0.5757, 1.0000),
        (50.0000, 2.5000, 0.0000, 50.0000, 3.2592, 0.3350, 1.0000),
        (60.2574, -34.0099, 36.2677, 60.4626, -34.1751, 39.4387, 1.2644),
        (63.0109, -31.0961, -5.8663, 62.8187, -29.7946, -4.0864, 1.2630),
        (61.2901, 3.7196, -5.3901, 61.4292, 2.2480, -4.9620, 1.8731),
        (35.0831, -44.1164, 3.7933, 35.0232, -40.0716, 1.5901, 1.8645),
        (22.7233, 20.0904, -46.6940, 23.0331, 14.9730, -42.5619, 2.0373),
        (36.4612, 47.8580, 18.3852, 36.2715, 50.5065, 21.2231, 1.4146),
        (90.8027, -2.0831, 1.4410, 91.1528, -1.6435, 0.0447, 1.4441),
        (90.9257, -0.5406, -0.9208, 88.6381, -0.8985, -0.7239, 1.5381),
        (6.7747, -0.2908, -2.4247, 5.8714, -0.0985, -2.2286, 0.6377),
        (2.0776, 0.0795, -1.1350, 0.9033, -0.0636, -0.5514, 0.9082),
    ]
    static let sharma: [(LabColor, LabColor, Double)] = table.map {
        (LabColor(l: $0.0, a: $0.1, b: $0.2), LabColor(l: $0.3, a: $0.4, b: $0.5), $0.6)
    }

    @Test func matchesTheThirtyFourPublishedPairsBothWays() {
        #expect(Self.sharma.count == 34)
        for (index, (first, second, expected)) in Self.sharma.enumerated() {
            let forward = deltaE2000(first, second), backward = deltaE2000(second, first)
            // The table rounds to 4 decimals.
            #expect(abs(forward - expected) <= 0.00005 + 1e-9, "pair \(index + 1): \(forward) vs \(expected)")
            #expect(abs(backward - expected) <= 0.00005 + 1e-9, "pair \(index + 1) swapped: \(backward) vs \(expected)")
        }
    }

    @Test func aColourDoesNotDifferFromItself() {
        for (first, second, _) in Self.sharma {
            #expect(deltaE2000(first, first) == 0)
            #expect(deltaE2000(second, second) == 0)
        }
    }

    /// References from colour-science 0.4.7: `XYZ_to_Lab(sRGB_to_XYZ(rgb / 255), XYZ_to_xy([0.9505, 1,
    /// 1.0890]))`, i.e. IEC 61966-2-1's transfer and matrix, with the matrix's own white (what LabColor
    /// uses; against the white from D65's chromaticity a* and b* move by under 0.01).
    @Test func sRGBToLabMatchesColourScience() {
        let references: [((UInt8, UInt8, UInt8), (Double, Double, Double))] = [
            ((255, 255, 255), (100.000000, 0.000000, 0.000000)),
            ((0, 0, 0), (0.000000, 0.000000, 0.000000)),
            ((255, 0, 0), (53.232882, 80.105327, 67.222782)),
            ((0, 255, 0), (87.737033, -86.188434, 83.186144)),
            ((0, 0, 255), (32.302587, 79.193638, -107.853734)),
            ((128, 128, 128), (53.585013, 0.000000, 0.000000)),
            ((18, 52, 86), (21.043062, 1.057139, -24.100138)),
            ((200, 150, 100), (65.758126, 12.758560, 33.563319)),
            ((1, 2, 3), (0.509855, -0.122406, -0.470586)),       // the linear segment of the transfer
            ((250, 250, 5), (95.457490, -21.202466, 92.729587)),
            ((10, 10, 10), (2.741748, 0.000000, 0.000000)),      // below CIE's ε: the linear piece of f
        ]
        for ((r, g, b), (l, a, bb)) in references {
            let lab = LabColor(sRGB: r, green: g, blue: b)
            #expect(abs(lab.l - l) < 1e-5 && abs(lab.a - a) < 1e-5 && abs(lab.b - bb) < 1e-5, "(\(r), \(g), \(b)): \(lab)")
        }
    }

    @Test func greysAreExactlyNeutralAndComponentsMatchBytes() {
        for v in stride(from: 0, through: 255, by: 17) {
            let grey = LabColor(sRGB: UInt8(v), green: UInt8(v), blue: UInt8(v))
            #expect(abs(grey.a) < 1e-12 && abs(grey.b) < 1e-12)
            #expect(LabColor(sRGBComponents: Double(v) / 255, green: Double(v) / 255, blue: Double(v) / 255) == grey)
        }
    }
}
