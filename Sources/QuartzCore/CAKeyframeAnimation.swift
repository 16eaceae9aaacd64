import Foundation
import CoreGraphics

public struct CAAnimationCalculationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let linear = CAAnimationCalculationMode(rawValue: "linear")
    public static let discrete = CAAnimationCalculationMode(rawValue: "discrete")
    public static let paced = CAAnimationCalculationMode(rawValue: "paced")
    public static let cubic = CAAnimationCalculationMode(rawValue: "cubic")
    public static let cubicPaced = CAAnimationCalculationMode(rawValue: "cubicPaced")
}

public struct CAAnimationRotationMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateAuto = CAAnimationRotationMode(rawValue: "auto")
    public static let rotateAutoReverse = CAAnimationRotationMode(rawValue: "autoReverse")
}

/// Core Animation's keyframe animation: a property through `values` (or `position` along `path`) at
/// `keyTimes`, each segment with its own timing function, by one of the calculation modes:
/// - linear: straight interpolation between neighbouring values;
/// - discrete: each value held until the next key time (keyTimes has one more entry than values, or the
///   values are spread evenly);
/// - paced: key times ignored, values spaced so the animation moves at constant speed (by the distance
///   between values; evenly for types without one);
/// - cubic: a Catmull-Rom spline through the values (Core Animation's default tension, continuity and bias
///   of 0), for numbers, points, sizes and rects; other types interpolate linearly;
/// - cubicPaced: the spline, paced.
open class CAKeyframeAnimation: CAPropertyAnimation {
    public var values: [Any]?
    /// For `position`: the points along the path (overrides `values`). Each element's end is a keyframe;
    /// within an element the layer moves at constant speed along it.
    public var path: CGPath?
    /// Fractions 0…1 of the duration, one per value (discrete: one more), increasing.
    public var keyTimes: [NSNumber]?
    /// One per segment (values.count − 1); nil or missing entries are linear.
    public var timingFunctions: [CAMediaTimingFunction]?
    public var calculationMode: CAAnimationCalculationMode = .linear
    /// With a path: turns the layer to the path's tangent (its transform becomes a rotation about z, after
    /// the model's transform).
    public var rotationMode: CAAnimationRotationMode?
    /// Kochanek–Bartels parameters are accepted and not used (docs/UIKIT-COMPATIBILITY.md).
    public var tensionValues: [NSNumber]?
    public var continuityValues: [NSNumber]?
    public var biasValues: [NSNumber]?

    override func apply(to state: inout LayerState, model: LayerState, at t: CFTimeInterval) {
        guard let keyPath = effectiveKeyPath, let property = AnimatableProperty.all[keyPath], let local = activeLocalTime(at: t) else { return }
        let linearFraction = duration > 0 ? local / duration : 1
        let fraction = timingFunction?.progress(at: linearFraction) ?? linearFraction
        if let path, keyPath == "position" {
            guard let sample = pathKeyframes(path).sample(at: fraction) else { return }
            property.apply(&state, sample.point, sample.point, 0, isAdditive, model)
            if let rotationMode {
                let angle = sample.angle + (rotationMode == .rotateAutoReverse ? .pi : 0)
                state.transform = CATransform3DConcat(CATransform3DMakeRotation(CGFloat(angle), 0, 0, 1), state.transform)
            }
            return
        }
        guard let values, !values.isEmpty else { return }
        guard values.count > 1 else { property.apply(&state, values[0], values[0], 0, isAdditive, model); return }
        switch calculationMode {
        case .discrete:
            let times = discreteTimes(count: values.count)
            let index = max(0, min(values.count - 1, (times.lastIndex { $0 <= fraction } ?? 0)))
            property.apply(&state, values[index], values[index], 0, isAdditive, model)
        default:
            let paced = calculationMode == .paced || calculationMode == .cubicPaced
            let times = paced ? pacedTimes(values, property) : segmentTimes(count: values.count)
            var segment = values.count - 2
            for i in 0..<(values.count - 1) where fraction < times[i + 1] { segment = i; break }
            let span = times[segment + 1] - times[segment]
            // Before the first key time the first value holds; after the last, the last.
            var local = span > 0 ? min(max((fraction - times[segment]) / span, 0), 1) : 1
            if !paced, let functions = timingFunctions, segment < functions.count {
                local = functions[segment].progress(at: local)
            }
            let cubic = calculationMode == .cubic || calculationMode == .cubicPaced
            if cubic, let combine = property.combine {
                let p0 = values[max(segment - 1, 0)], p1 = values[segment], p2 = values[segment + 1]
                let p3 = values[min(segment + 2, values.count - 1)]
                if let value = combine([p0, p1, p2, p3], Self.catmullRomWeights(local)) {
                    property.apply(&state, value, value, 0, isAdditive, model)
                    return
                }
            }
            property.apply(&state, values[segment], values[segment + 1], local, isAdditive, model)
        }
    }

    /// The path flattened into timed segments, made once per path and settings (it is sampled every frame).
    private var pathCache: (key: PathKey, keyframes: PathKeyframes)?
    private struct PathKey: Equatable {
        let path: CGPath, paced: Bool, keyTimes: [Double]?, functions: [CAMediaTimingFunction]?
        static func == (a: PathKey, b: PathKey) -> Bool {
            a.path === b.path && a.paced == b.paced && a.keyTimes == b.keyTimes
                && a.functions?.map(ObjectIdentifier.init) == b.functions?.map(ObjectIdentifier.init)
        }
    }
    private func pathKeyframes(_ path: CGPath) -> PathKeyframes {
        let key = PathKey(path: path, paced: calculationMode == .paced || calculationMode == .cubicPaced,
                          keyTimes: keyTimes?.map(\.doubleValue), functions: timingFunctions)
        if let cached = pathCache, cached.key == key { return cached.keyframes }
        let keyframes = PathKeyframes(path, paced: key.paced, keyTimes: key.keyTimes, timingFunctions: key.functions)
        pathCache = (key, keyframes)
        return keyframes
    }

    /// The uniform Catmull-Rom spline's weights for P0…P3 at t within the segment P1 → P2.
    static func catmullRomWeights(_ t: Double) -> [Double] {
        let t2 = t * t, t3 = t2 * t
        return [0.5 * (-t3 + 2 * t2 - t), 0.5 * (3 * t3 - 5 * t2 + 2), 0.5 * (-3 * t3 + 4 * t2 + t), 0.5 * (t3 - t2)]
    }

    /// Key times for n values: the given ones when there are n, increasing, within 0…1; else evenly spread.
    private func segmentTimes(count n: Int) -> [Double] {
        if let given = keyTimes?.map(\.doubleValue), given.count == n, zip(given, given.dropFirst()).allSatisfy({ $0 <= $1 }) {
            return given
        }
        return (0..<n).map { Double($0) / Double(n - 1) }
    }

    /// Discrete mode: value i shows from times[i]; Core Animation asks for n + 1 key times (n also works).
    private func discreteTimes(count n: Int) -> [Double] {
        if let given = keyTimes?.map(\.doubleValue), given.count == n || given.count == n + 1 { return Array(given.prefix(n)) }
        return (0..<n).map { Double($0) / Double(n) }
    }

    /// Paced: each segment's share of the duration is its share of the total distance.
    private func pacedTimes(_ values: [Any], _ property: AnimatableProperty) -> [Double] {
        guard let distance = property.distance else { return segmentTimes(count: values.count) }
        var lengths: [Double] = []
        for (a, b) in zip(values, values.dropFirst()) {
            guard let d = distance(a, b) else { return segmentTimes(count: values.count) }
            lengths.append(d)
        }
        let total = lengths.reduce(0, +)
        guard total > 0 else { return segmentTimes(count: values.count) }
        var times = [0.0], walked = 0.0
        for length in lengths { walked += length; times.append(walked / total) }
        return times
    }
}

/// A path as keyframes: each element (after the first move) is a segment; curves are followed at constant
/// speed within their segment.
private struct PathKeyframes {
    /// Per segment: points along it (flattened) and their cumulative lengths.
    var segments: [(points: [CGPoint], lengths: [Double])] = []
    var times: [Double] = [0]
    let timingFunctions: [CAMediaTimingFunction]?
    let paced: Bool

    init(_ path: CGPath, paced: Bool, keyTimes: [Double]?, timingFunctions: [CAMediaTimingFunction]?) {
        self.paced = paced
        self.timingFunctions = timingFunctions
        var current = CGPoint.zero, start = CGPoint.zero
        func add(_ points: [CGPoint]) {
            var lengths = [0.0]
            for (a, b) in zip(points, points.dropFirst()) { lengths.append(lengths.last! + Double(hypot(b.x - a.x, b.y - a.y))) }
            segments.append((points, lengths))
        }
        func cubic(_ p0: CGPoint, _ c1: CGPoint, _ c2: CGPoint, _ p3: CGPoint) -> [CGPoint] {
            (0...32).map { i in
                let t = CGFloat(i) / 32, u = 1 - t
                return CGPoint(x: u * u * u * p0.x + 3 * u * u * t * c1.x + 3 * u * t * t * c2.x + t * t * t * p3.x,
                               y: u * u * u * p0.y + 3 * u * u * t * c1.y + 3 * u * t * t * c2.y + t * t * t * p3.y)
            }
        }
        for element in path.elements {
            switch element {
            case .move(let p): current = p; start = p
            case .line(let p): add([current, p]); current = p
            case .quadCurve(let p, let c):
                add(cubic(current, CGPoint(x: current.x + 2 / 3 * (c.x - current.x), y: current.y + 2 / 3 * (c.y - current.y)),
                          CGPoint(x: p.x + 2 / 3 * (c.x - p.x), y: p.y + 2 / 3 * (c.y - p.y)), p))
                current = p
            case .curve(let p, let c1, let c2): add(cubic(current, c1, c2, p)); current = p
            case .close: if current != start { add([current, start]) }; current = start
            }
        }
        if segments.isEmpty { segments.append(([current], [0])) }
        let n = segments.count
        if paced {
            let total = segments.reduce(0) { $0 + $1.lengths.last! }
            var walked = 0.0
            times = [0] + segments.map { walked += $0.lengths.last!; return total > 0 ? walked / total : 1 }
        } else if let keyTimes, keyTimes.count == n + 1 {
            times = keyTimes
        } else {
            times = (0...n).map { Double($0) / Double(n) }
        }
    }

    func sample(at fraction: Double) -> (point: CGPoint, angle: Double)? {
        guard !segments.isEmpty else { return nil }
        var index = segments.count - 1
        for i in 0..<segments.count where fraction < times[i + 1] { index = i; break }
        let span = times[index + 1] - times[index]
        var local = span > 0 ? min(max((fraction - times[index]) / span, 0), 1) : 1
        if !paced, let functions = timingFunctions, index < functions.count { local = functions[index].progress(at: local) }
        let (points, lengths) = segments[index]
        guard points.count > 1, let total = lengths.last, total > 0 else { return (points[0], 0) }
        let target = local * total
        var k = 1
        while k < lengths.count - 1 && lengths[k] < target { k += 1 }
        let a = points[k - 1], b = points[k]
        let piece = lengths[k] - lengths[k - 1]
        let u = piece > 0 ? (target - lengths[k - 1]) / piece : 0
        let point = CGPoint(x: a.x + (b.x - a.x) * CGFloat(u), y: a.y + (b.y - a.y) * CGFloat(u))
        return (point, Double(atan2(b.y - a.y, b.x - a.x)))
    }
}

/// Several animations on one layer under one timing: each child's `beginTime` is relative to the group's
/// start and its time is cut at the group's duration. The group's own timing function is not applied to
/// its children's time (docs/UIKIT-COMPATIBILITY.md).
open class CAAnimationGroup: CAAnimation {
    public var animations: [CAAnimation]?

    override func apply(to state: inout LayerState, model: LayerState, at t: CFTimeInterval) {
        guard let local = activeLocalTime(at: t) else { return }
        for child in animations ?? [] { child.apply(to: &state, model: model, at: local) }
    }
}
