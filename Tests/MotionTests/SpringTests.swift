import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// UIKit's duration + damping-ratio springs: the stiffness whose envelope decays to 0.001
/// at the duration, found with 12 Newton steps.
@Suite struct UIKitSpringFit {
    @Test("published stiffness/damping pairs", arguments: [
        // (duration, damping ratio, stiffness, damping)
        (3.0, 0.25, 54.8336, 3.7025),
        (0.5, 1.0, 341.0, 36.93),
        (0.5, 0.7, 387.3, 27.55),
        (0.3, 0.8, 898.9, 47.97),
    ])
    func publishedPairs(_ c: (Double, Double, Double, Double)) {
        let spring = SpringCurve.uikit(duration: c.0, dampingRatio: c.1, initialVelocity: 0)
        #expect(spring.mass == 1)
        // The reference quotes 4 significant figures.
        #expect(abs(spring.stiffness - c.2) / c.2 < 5e-4, "stiffness \(spring.stiffness) vs \(c.2)")
        #expect(abs(spring.damping - c.3) / c.3 < 5e-4, "damping \(spring.damping) vs \(c.3)")
    }

    @Test func envelopeIsOneThousandthAtTheDuration() {
        for (duration, ratio) in [(1.0, 0.5), (0.7, 0.8), (2.0, 0.6), (0.35, 0.9)] {
            let s = SpringCurve.uikit(duration: duration, dampingRatio: ratio, initialVelocity: 0)
            let w0 = s.undampedAngularFrequency, zeta = s.dampingRatio
            let amplitude = zeta / (1 - zeta * zeta).squareRoot()
            #expect(abs(amplitude * exp(-zeta * w0 * duration) - 0.001) < 1e-9)
        }
    }

    @Test func dampingAboveOneIsClampedToCritical() {
        let clamped = SpringCurve.uikit(duration: 0.5, dampingRatio: 3, initialVelocity: 0)
        let critical = SpringCurve.uikit(duration: 0.5, dampingRatio: 1, initialVelocity: 0)
        #expect(clamped == critical)
        #expect(abs(clamped.dampingRatio - 1) < 1e-12)
    }

    @Test func initialVelocityChangesTheFit() {
        let still = SpringCurve.uikit(duration: 1, dampingRatio: 0.5, initialVelocity: 0)
        let moving = SpringCurve.uikit(duration: 1, dampingRatio: 0.5, initialVelocity: 5)
        #expect(still.stiffness != moving.stiffness)
        #expect(moving.initialVelocity == 5)
    }

    @Test func cardExpandSpringOvershoots() {
        // card-expand: 1.0 s, damping 0.5 — the frame passes the screen bounds before settling.
        let spring = SpringCurve.uikit(duration: 1, dampingRatio: 0.5, initialVelocity: 0)
        let peak = stride(from: 0.0, through: 1.0, by: 1.0 / 240).map(spring.progress(at:)).max()!
        // First overshoot of an underdamped spring: exp(−ζπ/√(1−ζ²)) = 16.3 % for ζ = 0.5.
        #expect(abs(peak - 1 - exp(-0.5 * .pi / 0.75.squareRoot())) < 2e-3)
        #expect(abs(spring.progress(at: 1) - 1) < 0.001)
    }
}

/// The closed forms against an independent numerical integration of m·x'' + c·x' + k·x = 0.
@Suite struct SpringClosedForms {
    func rk4(_ s: SpringCurve, until end: Double, step h: Double = 1e-4) -> [(t: Double, x: Double)] {
        let zeta = s.effectiveDampingRatio, w0 = s.undampedAngularFrequency
        var x = 1.0, v = -s.initialVelocity, t = 0.0
        var samples: [(Double, Double)] = [(0, 1)]
        func a(_ x: Double, _ v: Double) -> Double { -2 * zeta * w0 * v - w0 * w0 * x }
        while t < end - 1e-12 {
            let k1x = v, k1v = a(x, v)
            let k2x = v + h / 2 * k1v, k2v = a(x + h / 2 * k1x, v + h / 2 * k1v)
            let k3x = v + h / 2 * k2v, k3v = a(x + h / 2 * k2x, v + h / 2 * k2v)
            let k4x = v + h * k3v, k4v = a(x + h * k3x, v + h * k3v)
            x += h / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
            v += h / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            t += h
            samples.append((t, x))
        }
        return samples
    }

    @Test("under-, critically and over-damped", arguments: [
        SpringCurve(mass: 1, stiffness: 100, damping: 5, initialVelocity: 0),
        SpringCurve(mass: 1, stiffness: 54.8336, damping: 3.7025, initialVelocity: 2),
        SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: 0),
        SpringCurve(mass: 2, stiffness: 50, damping: 20, initialVelocity: 3),   // critical (ζ = 1) with velocity
        SpringCurve(mass: 3, stiffness: 1000, damping: 500, initialVelocity: -1, allowsOverdamping: true),
        SpringCurve(mass: 1, stiffness: 200, damping: 60, initialVelocity: 4, allowsOverdamping: true),
    ])
    func matchesIntegration(_ spring: SpringCurve) {
        for (index, sample) in rk4(spring, until: 2).enumerated() where index % 250 == 0 {
            #expect(abs(spring.displacement(at: sample.t) - sample.x) < 1e-7, "t = \(sample.t)")
        }
    }

    @Test func overdampingIsClampedUnlessAllowed() {
        let clamped = SpringCurve(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0)
        #expect(clamped.effectiveDampingRatio == 1)
        // The system spring, clamped to critical with ω0 = √(1000/3), is 99.9 % there at about 0.506 s.
        #expect(abs(clamped.displacement(at: 0.506)) < 0.0011)
        // Allowed to overdamp (ζ = 4.56) it crawls: 99.9 % only at 3.419 s (computed independently).
        let overdamped = SpringCurve(mass: 3, stiffness: 1000, damping: 500, initialVelocity: 0, allowsOverdamping: true)
        #expect(overdamped.displacement(at: 3.40) > 0.001)
        #expect(overdamped.displacement(at: 3.43) < 0.001)
    }
}

/// CASpringAnimation.settlingDuration and Apple's documented examples.
@Suite struct SettlingDuration {
    @Test func documentedExamples() {
        func settle(_ k: Double, _ c: Double, m: Double = 1) -> Double {
            SpringCurve(mass: m, stiffness: k, damping: c, initialVelocity: 0).settlingDuration
        }
        #expect(abs(settle(100, 5) - 2.855) < 0.001)   // "approximately 2.85 seconds"
        #expect(abs(settle(100, 15) - 1.022) < 0.001)  // "just over 1 second"
        #expect(abs(settle(100, 10) - 1.473) < 0.001)  // CASpringAnimation defaults
        #expect(abs(settle(1000, 500, m: 3) - 0.6) < 1e-9) // clamped-critical 0.1 s walk
    }

    @Test func caSpringAnimationDefaults() {
        let spring = CASpringAnimation(keyPath: "position")
        #expect(spring.mass == 1 && spring.stiffness == 100 && spring.damping == 10 && spring.initialVelocity == 0)
        #expect(!spring.allowsOverdamping)
        spring.stiffness = -1
        #expect(spring.stiffness == 100)
        #expect(abs(spring.settlingDuration - 1.473) < 0.001)
    }
}

/// The analytic velocity, the iOS 17 duration/bounce springs and UIKit's spring timing parameters.
@Suite struct SpringParameters {
    @Test("velocity is the derivative of the closed form", arguments: [
        SpringCurve(mass: 1, stiffness: 100, damping: 5, initialVelocity: 3),
        SpringCurve(mass: 1, stiffness: 100, damping: 20, initialVelocity: -2),
        SpringCurve(mass: 1, stiffness: 200, damping: 60, initialVelocity: 4, allowsOverdamping: true),
    ])
    func velocityIsTheDerivative(_ spring: SpringCurve) {
        #expect(abs(spring.velocity(at: 0) - spring.initialVelocity) < 1e-12)
        for t in stride(from: 0.01, through: 1.5, by: 0.07) {
            let h = 1e-6
            let numeric = (spring.progress(at: t + h) - spring.progress(at: t - h)) / (2 * h)
            #expect(abs(spring.velocity(at: t) - numeric) < 1e-5, "t = \(t)")
        }
    }

    @Test func durationAndBounce() {
        // k = (2π/d)², c = 4πζ/d: d 0.5 → k 157.914; bounce 0 / 0.15 / 0.3 → c 25.133 / 21.363 / 17.593.
        for (bounce, damping) in [(0.0, 25.133), (0.15, 21.363), (0.3, 17.593)] {
            let spring = SpringCurve.perceptual(duration: 0.5, bounce: bounce)
            #expect(spring.mass == 1 && spring.allowsOverdamping)
            #expect(abs(spring.stiffness - 157.914) < 1e-3)
            #expect(abs(spring.damping - damping) < 1e-3)
            #expect(abs(spring.perceptualDuration - 0.5) < 1e-12 && abs(spring.bounce - bounce) < 1e-12)
        }
        // A negative bounce is overdamped: ζ = 1/(1 + bounce), and it stays overdamped.
        let flat = SpringCurve.perceptual(duration: 0.5, bounce: -0.5)
        #expect(abs(flat.dampingRatio - 2) < 1e-12 && flat.effectiveDampingRatio == flat.dampingRatio)
        #expect(abs(flat.bounce + 0.5) < 1e-12)

        let animation = CASpringAnimation(perceptualDuration: 0.5, bounce: 0.3)
        #expect(abs(animation.stiffness - 157.914) < 1e-3 && animation.allowsOverdamping)
        #expect(animation.duration == animation.settlingDuration)
        #expect(abs(animation.perceptualDuration - 0.5) < 1e-9 && abs(animation.bounce - 0.3) < 1e-6)
    }

    @Test func springTimingParametersThatDecideTheirOwnDuration() {
        // The system spring, clamped to critical: Core Animation's 0.1 s walk gives 0.6 s.
        let system = UISpringTimingParameters()
        #expect(system.definesItsOwnDuration && abs(system.settlingDuration - 0.6) < 1e-9)
        #expect(system.timingCurveType == .spring && system.springTimingParameters === system && system.cubicTimingParameters == nil)
        // Core Animation's defaults as a physical spring: 1.473 s (Apple's settlingDuration example).
        let physical = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: .zero)
        #expect(abs(physical.settlingDuration - 1.473) < 1e-3)
        // A 2-D velocity: the slower-settling component decides.
        let moving = UISpringTimingParameters(mass: 1, stiffness: 100, damping: 10, initialVelocity: CGVector(dx: 0, dy: -20))
        let alone = SpringCurve(mass: 1, stiffness: 100, damping: 10, initialVelocity: -20).settlingDuration
        #expect(moving.settlingDuration == alone && alone > 1.473)
        // The ratio form uses the animator's duration.
        #expect(!UISpringTimingParameters(dampingRatio: 0.7).definesItsOwnDuration)
        #expect(UISpringTimingParameters(duration: 0.5, bounce: 0.2).definesItsOwnDuration)
    }
}
