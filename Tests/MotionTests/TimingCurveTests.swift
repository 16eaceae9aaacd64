import Testing
@testable import QuartzCore
@testable import UIKit

/// CAMediaTimingFunction against values computed independently.
@Suite struct TimingCurves {
    static let xs: [Double] = [0.01, 0.1, 0.25, 0.4, 0.5, 0.6, 0.75, 0.9, 0.99]

    /// y at the x values above. Computed with Python's mpmath at 60 digits: control points rounded to
    /// float32 (as Apple's API stores them), x(t) inverted by 200-step bisection on the Bernstein form
    /// 3(1−t)²t·p1 + 3(1−t)t²·p2 + t³, then y(t) — no Newton, no polynomial coefficients.
    static let table: [(name: String, points: (Float, Float, Float, Float), ys: [Double])] = [
        ("easeIn", (0.42, 0, 1, 1), [0.000186853206848337, 0.0170266104913761, 0.0934646540157634, 0.214860944144388,
                                    0.315356818763848, 0.429119775693504, 0.621861874648952, 0.839427848665525, 0.983090295027074]),
        ("easeOut", (0, 0, 0.58, 1), [0.0169097057934548, 0.160572157932336, 0.378138137792098, 0.570880238845558,
                                     0.684643195307309, 0.785139068109008, 0.906535353477279, 0.98297339141729, 0.999813146819029]),
        ("easeInEaseOut", (0.42, 0, 0.58, 1), [0.000189819597075779, 0.019722454785956, 0.12916193876119, 0.331883886555391,
                                              0.500000019268743, 0.668116147286464, 0.870838077756456, 0.980277547964291,
                                              0.99981018042984]),
        ("default", (0.25, 0.1, 0.25, 1), [0.00448781526703263, 0.0947963062040277, 0.408510591993736, 0.682540506401154,
                                          0.80240338786712, 0.885229310047951, 0.960458978411119, 0.994316477493799,
                                          0.999946339478998]),
        ("back", (0.68, -0.55, 0.265, 1.55), [-0.00795942731173135, -0.0662914789818622, -0.0828071164854565, 0.142922954224707,
                                             0.606679890721699, 0.947542430720145, 1.08916576010836, 1.06237318785252,
                                             1.00737133268161]),
        ("flutterPush", (0.35, 0.91, 0.33, 0.97), [0.0260293770192053, 0.261468860565182, 0.624827249248121, 0.850313616113894,
                                                  0.920071889138559, 0.956445024451123, 0.982689318792561, 0.994906689726537,
                                                  0.999547573960036]),
    ]

    @Test("tabulated values", arguments: table.indices)
    func tabulated(_ index: Int) {
        let entry = Self.table[index]
        let (a, b, c, d) = entry.points
        let function = CAMediaTimingFunction(controlPoints: a, b, c, d)
        for (x, expected) in zip(Self.xs, entry.ys) {
            // 1e-6 in progress would be enough; the solver gets far closer.
            #expect(abs(function.progress(at: x) - expected) < 1e-9, "\(entry.name) at \(x): \(function.progress(at: x)) vs \(expected)")
        }
    }

    @Test func namedCurvesHaveCoreAnimationsControlPoints() {
        func points(_ name: CAMediaTimingFunctionName) -> [Float] {
            let f = CAMediaTimingFunction(name: name)
            var values: [Float] = [0, 0]
            var result: [Float] = []
            for i in 1...2 { f.getControlPoint(at: i, values: &values); result += values }
            return result
        }
        #expect(points(.linear) == [0, 0, 1, 1])
        #expect(points(.easeIn) == [0.42, 0, 1, 1])
        #expect(points(.easeOut) == [0, 0, 0.58, 1])
        #expect(points(.easeInEaseOut) == [0.42, 0, 0.58, 1])
        #expect(points(.default) == [0.25, 0.1, 0.25, 1])
        for x in stride(from: 0.0, through: 1.0, by: 0.05) {
            #expect(abs(CAMediaTimingFunction(name: .linear).progress(at: x) - x) < 1e-12)
        }
    }

    @Test func endsAndOutsideTheUnitInterval() {
        let ease = CAMediaTimingFunction(name: .easeOut)
        #expect(ease.progress(at: 0) == 0)
        #expect(abs(ease.progress(at: 1) - 1) < 1e-12)
        // Outside 0…1 the curve continues along its end tangents: easeOut starts with slope 0/0 → uses P2,
        // slope 1/0.58 at the start.
        #expect(abs(ease.progress(at: -0.1) - (-0.1 / 0.58)) < 1e-6)
        #expect(abs(CAMediaTimingFunction(name: .easeIn).progress(at: 1.1) - (1 + 0.1 / 0.58)) < 1e-6)
    }

    @Test func inverseFindsTheFirstTimeAProgressIsReached() {
        for name in [CAMediaTimingFunctionName.easeIn, .easeOut, .easeInEaseOut, .default] {
            let f = CAMediaTimingFunction(name: name)
            for p in stride(from: 0.0, through: 1.0, by: 0.05) {
                let x = f.timeFraction(forProgress: p)
                #expect(abs(f.progress(at: x) - p) < 1e-9, "\(name.rawValue) p = \(p)")
            }
        }
        // "back" dips below 0 first: progress 0.1 is first reached after the dip, not at x ≈ 0.
        let back = CAMediaTimingFunction(controlPoints: 0.68, -0.55, 0.265, 1.55)
        let x = back.timeFraction(forProgress: 0.1)
        #expect(x > 0.3 && abs(back.progress(at: x) - 0.1) < 1e-9)
    }

    @Test func animationCurvesMapToTheirCubics() {
        // UIView.AnimationCurve raw values: 0 easeInOut, 1 easeIn, 2 easeOut, 3 linear.
        #expect(UIView.AnimationCurve(rawValue: 0) == .easeInOut)
        #expect(UIView.AnimationCurve(rawValue: 3) == .linear)
        #expect(UIView.AnimationCurve.easeInOut.timingFunction == CAMediaTimingFunction(name: .easeInEaseOut))
        #expect(UIView.AnimationCurve.easeIn.timingFunction == CAMediaTimingFunction(name: .easeIn))
        #expect(UIView.AnimationCurve.easeOut.timingFunction == CAMediaTimingFunction(name: .easeOut))
        #expect(UIView.AnimationCurve.linear.timingFunction == CAMediaTimingFunction(name: .linear))
        #expect(UIView.AnimationOptions.curveEaseIn.curve == .easeIn)
        #expect(UIView.AnimationOptions([]).curve == .easeInOut)
    }

    @Test func cubicTimingParameters() {
        // No arguments: Core Animation's default curve (UIKit's private curve 5).
        let plain = UICubicTimingParameters()
        #expect(plain.controlPoint1 == CGPoint(x: 0.25, y: 0.1) && plain.controlPoint2 == CGPoint(x: 0.25, y: 1))
        #expect(plain.timingFunction == CAMediaTimingFunction(name: .default))
        let named = UICubicTimingParameters(animationCurve: .easeOut)
        #expect(named.animationCurve == .easeOut && named.timingCurveType == .builtin)
        #expect(named.timingFunction == CAMediaTimingFunction(name: .easeOut))
        let custom = UICubicTimingParameters(controlPoint1: CGPoint(x: 0.2, y: 0.8), controlPoint2: CGPoint(x: 0.3, y: 1))
        #expect(custom.timingCurveType == .cubic && custom.cubicTimingParameters === custom && custom.springTimingParameters == nil)
    }
}
