import CoreGraphics

/// A damped harmonic oscillator normalised to move progress from 0 to 1 (as WebKit's SpringSolver).
/// `initialVelocity` is in progress units per second, positive towards the target.
public struct SpringCurve: Equatable, Sendable {
    public let mass: Double, stiffness: Double, damping: Double, initialVelocity: Double
    /// Whether damping above critical is kept (otherwise clamped to critical, as CASpringAnimation does).
    public let allowsOverdamping: Bool

    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double,
                allowsOverdamping: Bool = false) {
        self.mass = mass; self.stiffness = stiffness; self.damping = damping
        self.initialVelocity = initialVelocity; self.allowsOverdamping = allowsOverdamping
    }

    public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }
    /// ζ as configured (before any clamping).
    public var dampingRatio: Double { damping / (2 * (stiffness * mass).squareRoot()) }
    /// ζ as evaluated: clamped to 1 unless overdamping is allowed.
    public var effectiveDampingRatio: Double { allowsOverdamping ? dampingRatio : min(dampingRatio, 1) }

    /// Remaining displacement from the target, 1 at t = 0.
    public func displacement(at t: Double) -> Double {
        let w0 = undampedAngularFrequency, zeta = effectiveDampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - v0) / wd
            return exp(-zeta * w0 * t) * (cos(wd * t) + b * sin(wd * t))
        } else if zeta == 1 {
            return (1 + (w0 - v0) * t) * exp(-w0 * t)
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1), c1 = 1 - c2
            return c1 * exp(r1 * t) + c2 * exp(r2 * t)
        }
    }

    /// Progress towards the target at `t` seconds.
    public func progress(at t: Double) -> Double { 1 - displacement(at: t) }

    /// d(progress)/dt at `t` seconds, in progress units per second (the derivative of the closed form).
    public func velocity(at t: Double) -> Double {
        let w0 = undampedAngularFrequency, zeta = effectiveDampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let a = zeta * w0, wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (a - v0) / wd
            return -exp(-a * t) * ((b * wd - a) * cos(wd * t) - (wd + a * b) * sin(wd * t))
        } else if zeta == 1 {
            let c = w0 - v0
            return -exp(-w0 * t) * (c - w0 * (1 + c * t))
        } else {
            let root = (zeta * zeta - 1).squareRoot()
            let r1 = -w0 * (zeta - root), r2 = -w0 * (zeta + root)
            let c2 = (-v0 - r1) / (r2 - r1), c1 = 1 - c2
            return -(c1 * r1 * exp(r1 * t) + c2 * r2 * exp(r2 * t))
        }
    }

    /// The first time in 0…`limit` at which the displacement equals `d` (the spring's inverse, used to resume
    /// a paused spring where it shows a given progress), or nil if it never does there.
    package func firstTime(atDisplacement d: Double, within limit: Double) -> Double? {
        // 1 − d within rounding of the start counts as the start (a paused animator at progress 0).
        if abs(d - 1) < 1e-12 { return 0 }
        guard limit > 0 else { return nil }
        // The displacement may oscillate: bracket the first crossing on a grid, then bisect.
        let steps = 512
        var lo = 0.0, before = displacement(at: 0) - d
        for i in 1...steps {
            let hi = limit * Double(i) / Double(steps)
            let after = displacement(at: hi) - d
            if after == 0 { return hi }
            if (before < 0) != (after < 0) {
                var a = lo, b = hi
                for _ in 0..<60 {
                    let mid = (a + b) / 2
                    if (displacement(at: mid) - d < 0) == (before < 0) { a = mid } else { b = mid }
                }
                return (a + b) / 2
            }
            lo = hi; before = after
        }
        return nil
    }

    /// The same spring starting with another initial velocity.
    public func with(initialVelocity v: Double) -> SpringCurve {
        SpringCurve(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: v, allowsOverdamping: allowsOverdamping)
    }

    /// The iOS 17 duration/bounce parameterisation (`CASpringAnimation(perceptualDuration:bounce:)`,
    /// `UISpringTimingParameters(duration:bounce:)`): mass 1, stiffness (2π/d)², damping ratio 1 − bounce
    /// (bounce ≥ 0) or 1/(1 + bounce) (bounce < 0), overdamping allowed (as Flutter's `withDurationAndBounce`).
    public static func perceptual(duration: Double, bounce: Double, initialVelocity: Double = 0) -> SpringCurve {
        let d = max(duration, 1e-6)
        let stiffness = (2 * Double.pi / d) * (2 * Double.pi / d)
        let zeta = bounce >= 0 ? 1 - bounce : 1 / (1 + bounce)
        return SpringCurve(mass: 1, stiffness: stiffness, damping: 2 * zeta * stiffness.squareRoot(),
                           initialVelocity: initialVelocity, allowsOverdamping: true)
    }

    /// 2π·√(m/k): the inverse of `perceptual(duration:bounce:)` (Core Animation's getter).
    public var perceptualDuration: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }
    /// 1 − ζ for ζ ≤ 1, 1/ζ − 1 above (Core Animation's getter).
    public var bounce: Double { dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1 }

    /// Core Animation's `settlingDuration`: the time after which |displacement| stays below 0.001
    /// (as in Apple's examples). Underdamped: the L1 envelope bound; critical/overdamped: a 0.1 s walk.
    public var settlingDuration: Double {
        let epsilon = 0.001
        let w0 = undampedAngularFrequency, zeta = effectiveDampingRatio
        if zeta <= 0 { return .infinity }
        if zeta < 1 {
            let wd = w0 * (1 - zeta * zeta).squareRoot()
            let b = (zeta * w0 - initialVelocity) / wd
            return max(0, -log(epsilon / (1 + abs(b))) / (zeta * w0))
        }
        var t = 0.0, candidate = 0.0, settledFor = 0.0
        while t < 1000 {
            if abs(displacement(at: t)) < epsilon {
                settledFor += 0.1
                if settledFor > 1.0 { return candidate }
            } else {
                candidate = t + 0.1
                settledFor = 0
            }
            t += 0.1
        }
        return candidate
    }

    /// UIKit's spring for a duration and damping ratio (UIView spring animations,
    /// UISpringTimingParameters(dampingRatio:initialVelocity:)): mass 1 and the stiffness whose envelope has
    /// decayed to 0.001 at `duration`, found as UIKit does with 12 Newton steps from ω0 = 5/T
    /// (the algorithm Framer published as what iOS does).
    public static func uikit(duration: Double, dampingRatio: Double, initialVelocity: Double) -> SpringCurve {
        let epsilon = 0.001
        let zeta = min(max(dampingRatio, 1.1920929e-7), 1)
        let t = min(max(duration, 0.01), 10)
        let v = initialVelocity
        var w = 5 / t
        for _ in 0..<12 {
            let f: Double, df: Double
            if zeta < 1 {
                let s = (1 - zeta * zeta).squareRoot()
                let g = (zeta * w - v) / (w * s)
                let decay = exp(-zeta * w * t)
                f = epsilon - abs(g) * decay
                let dAbsG = (g < 0 ? -1.0 : 1.0) * v / (w * w * s)
                df = -decay * (dAbsG - zeta * t * abs(g))
            } else {
                let decay = exp(-w * t)
                let sign: Double = (w - v) < 0 ? -1 : 1
                f = ((w - v) * t + 1) * decay - sign * epsilon
                df = -t * t * (w - v) * decay
            }
            guard df != 0, df.isFinite else { break }
            w -= f / df
        }
        let stiffness = max(w * w, 0.01)
        let damping = 2 * zeta * stiffness.squareRoot()
        return SpringCurve(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: v)
    }
}
