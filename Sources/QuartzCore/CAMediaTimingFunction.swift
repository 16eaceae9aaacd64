import CoreGraphics

public struct CAMediaTimingFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAMediaTimingFunctionName(rawValue: "linear")
    public static let easeIn = CAMediaTimingFunctionName(rawValue: "easeIn")
    public static let easeOut = CAMediaTimingFunctionName(rawValue: "easeOut")
    public static let easeInEaseOut = CAMediaTimingFunctionName(rawValue: "easeInEaseOut")
    public static let `default` = CAMediaTimingFunctionName(rawValue: "default")
}

/// A cubic Bézier timing curve from (0,0) to (1,1) through two control points.
public final class CAMediaTimingFunction: NSObject, @unchecked Sendable {
    public let c1: CGPoint, c2: CGPoint
    // Polynomial coefficients, as in WebKit's UnitBezier: x(t) = ((ax·t + bx)·t + cx)·t.
    private let ax, bx, cx, ay, by, cy: Double
    private let samples: [Double]   // x(t) at t = 0, 0.1 … 1, for the initial guess

    public init(controlPoints c1x: Float, _ c1y: Float, _ c2x: Float, _ c2y: Float) {
        c1 = CGPoint(x: CGFloat(c1x), y: CGFloat(c1y)); c2 = CGPoint(x: CGFloat(c2x), y: CGFloat(c2y))
        let x1 = Double(c1x), y1 = Double(c1y), x2 = Double(c2x), y2 = Double(c2y)
        cx = 3 * x1; bx = 3 * (x2 - x1) - cx; ax = 1 - cx - bx
        cy = 3 * y1; by = 3 * (y2 - y1) - cy; ay = 1 - cy - by
        let (a, b, c) = (ax, bx, cx)
        samples = (0...10).map { i in let t = Double(i) / 10; return ((a * t + b) * t + c) * t }
    }

    /// Core Animation's named curves (control points from Apple's CAMediaTimingFunctionName documentation).
    public convenience init(name: CAMediaTimingFunctionName) {
        switch name {
        case .easeIn: self.init(controlPoints: 0.42, 0, 1, 1)
        case .easeOut: self.init(controlPoints: 0, 0, 0.58, 1)
        case .easeInEaseOut: self.init(controlPoints: 0.42, 0, 0.58, 1)
        case .default: self.init(controlPoints: 0.25, 0.1, 0.25, 1)
        default: self.init(controlPoints: 0, 0, 1, 1)
        }
    }

    public func getControlPoint(at index: Int, values: UnsafeMutablePointer<Float>) {
        let p: CGPoint = [CGPoint.zero, c1, c2, CGPoint(x: 1, y: 1)][index]
        values[0] = Float(p.x); values[1] = Float(p.y)
    }

    private func x(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }
    private func y(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }
    private func dx(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

    /// The curve parameter whose x is `x` (x in 0…1): sampled guess, Newton, then bisection.
    func solveT(forX x: Double) -> Double {
        let epsilon = 1e-12
        var i = 0
        while i < 9 && samples[i + 1] < x { i += 1 }
        let span = samples[i + 1] - samples[i]
        var t = (Double(i) + (span > 0 ? (x - samples[i]) / span : 0)) / 10
        for _ in 0..<8 {
            let error = self.x(t) - x
            if abs(error) < epsilon { return t }
            let slope = dx(t)
            if abs(slope) < 1e-7 { break }
            t -= error / slope
        }
        var lo = 0.0, hi = 1.0
        t = min(max(t, 0), 1)
        for _ in 0..<64 {
            let value = self.x(t)
            if abs(value - x) < epsilon { return t }
            if value < x { lo = t } else { hi = t }
            t = (lo + hi) / 2
        }
        return t
    }

    /// Progress (y) at time fraction `x`; outside 0…1 the curve continues along its end tangents.
    public func progress(at x: Double) -> Double {
        if x <= 0 {
            if c1.x > 0 { return x * Double(c1.y / c1.x) }
            return c2.x > 0 ? x * Double(c2.y / c2.x) : 0
        }
        if x >= 1 {
            if c2.x < 1 { return 1 + (x - 1) * Double((c2.y - 1) / (c2.x - 1)) }
            return c1.x < 1 ? 1 + (x - 1) * Double((c1.y - 1) / (c1.x - 1)) : 1
        }
        return y(solveT(forX: x))
    }

    /// The time fraction at which the curve first reaches progress `p` (the inverse UIKit uses to resume a
    /// scrubbed animator without a jump). Progress outside the curve's range gives 0 or 1.
    package func timeFraction(forProgress p: Double) -> Double {
        if p <= 0 { return 0 }
        // y(t) may leave 0…1 for control points outside it: bracket the first crossing on a grid, then bisect.
        let steps = 64
        var lo = 0.0, hi = 1.0, previous = y(0)
        var found = false
        for i in 1...steps {
            let t = Double(i) / Double(steps), value = y(t)
            if (previous - p) * (value - p) <= 0 { lo = Double(i - 1) / Double(steps); hi = t; found = true; break }
            previous = value
        }
        guard found else { return p < y(1) ? 0 : 1 }
        let rising = y(hi) >= y(lo)
        for _ in 0..<60 {
            let mid = (lo + hi) / 2
            if (y(mid) < p) == rising { lo = mid } else { hi = mid }
        }
        return x((lo + hi) / 2)
    }

    /// Two functions with the same control points are equal (and hash alike).
    public override func isEqual(_ object: Any?) -> Bool {
        guard let other = object as? CAMediaTimingFunction else { return false }
        return c1 == other.c1 && c2 == other.c2
    }
    public override var hash: Int { var h = Hasher(); h.combine(c1); h.combine(c2); return h.finalize() }
    public override var description: String { "CAMediaTimingFunction(\(c1.x), \(c1.y), \(c2.x), \(c2.y))" }
}
