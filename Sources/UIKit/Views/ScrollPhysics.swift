import QuartzCore

/// The arithmetic of scrolling, as pure functions of their inputs and of time since a motion began: no
/// state and no clock, so an offset at time t is the same however many frames were rendered before it.
/// Every constant's source is in docs/UIKIT-COMPATIBILITY.md ("Scrolling").
enum ScrollPhysics {
    // MARK: Rubber-banding

    /// The widely published approximation of UIKit's rubber-band curve (Grant Paul, 2014, reproduced in
    /// many reimplementations): `(1 − 1/(x·c/d + 1))·d`, c = 0.55. An approximation, not Apple's code.
    static let rubberBandCoefficient: CGFloat = 0.55

    /// How far content shows past an edge when the finger has pulled it `overscroll` points past it
    /// (signed), for a view `dimension` points long along that axis. Never reaches `dimension`.
    static func rubberBand(_ overscroll: CGFloat, dimension d: CGFloat) -> CGFloat {
        guard d > 0 else { return 0 }
        let x = abs(overscroll)
        let banded = (1 - 1 / (x * rubberBandCoefficient / d + 1)) * d
        return overscroll < 0 ? -banded : banded
    }

    /// The pull that shows `banded` points past an edge: the inverse of `rubberBand`, so a drag that
    /// catches content beyond an edge continues from where it is drawn.
    static func unbanded(_ banded: CGFloat, dimension d: CGFloat) -> CGFloat {
        guard d > 0 else { return 0 }
        let y = min(abs(banded), d * 0.999)
        let x = (1 / (1 - y / d) - 1) * d / rubberBandCoefficient
        return banded < 0 ? -x : x
    }

    /// A raw (finger-following) offset inside `lo…hi`, or rubber-banded beyond it.
    static func rubberBanded(_ raw: CGFloat, lo: CGFloat, hi: CGFloat, dimension: CGFloat) -> CGFloat {
        if raw < lo { return lo + rubberBand(raw - lo, dimension: dimension) }
        if raw > hi { return hi + rubberBand(raw - hi, dimension: dimension) }
        return raw
    }

    /// The inverse of `rubberBanded`.
    static func unbanded(_ offset: CGFloat, lo: CGFloat, hi: CGFloat, dimension: CGFloat) -> CGFloat {
        if offset < lo { return lo + unbanded(offset - lo, dimension: dimension) }
        if offset > hi { return hi + unbanded(offset - hi, dimension: dimension) }
        return offset
    }

    // MARK: Deceleration

    /// Our stopping rule: a decelerating axis stops when its speed falls under 0.2 pt/s (then at most
    /// 0.1 pt short of its target at `.normal`, which it lands on exactly). Not Apple's number.
    static let stopSpeed: CGFloat = 0.2

    /// A motion that keeps `rate` of its velocity per millisecond travels `v/1000 · r/(1 − r)` (the sum
    /// of its per-millisecond steps): `project(initialVelocity:decelerationRate:)`, here per axis.
    static func projection(velocity: CGFloat, rate: CGFloat) -> CGFloat {
        (velocity / 1000) * rate / (1 - rate)
    }

    // MARK: Bounce

    /// The return from beyond an edge: a critically damped spring, x(t) = (x₀ + (v₀ + ωx₀)t)·e^(−ωt),
    /// ω = 2π / 0.575 s ≈ 10.9 /s. Estimated from iOS 18 screen recordings (iPhone 16, 60 fps): a pull
    /// released at rest is back within 0.5 pt of the edge after about 0.6 s. Not Apple's constants.
    static let bounceOmega: CGFloat = 2 * .pi / 0.575
    /// A spring has settled when it is within this distance (pt) of its rest and slower than `stopSpeed`.
    static let bounceRestDistance: CGFloat = 0.1

    // MARK: Paging

    /// Above this release speed (pt/s along the paging axis) a paging scroll view moves on to the next
    /// page in the finger's direction; below it, it settles on the nearest page. Estimate (iOS 18).
    static let pagingFlickSpeed: CGFloat = 300

    /// The page offset a paging axis settles on: pages are `page` points apart from `lo`, the result is
    /// inside `lo…hi`. `current` is the offset at release, `velocity` the offset's velocity (pt/s).
    static func pageTarget(current: CGFloat, velocity: CGFloat, page: CGFloat, lo: CGFloat, hi: CGFloat) -> CGFloat {
        guard page > 0 else { return min(max(current, lo), hi) }
        let position = (current - lo) / page
        let index: CGFloat
        if velocity > pagingFlickSpeed { index = position.rounded(.down) + 1 }
        else if velocity < -pagingFlickSpeed { index = position.rounded(.up) - 1 }
        else { index = position.rounded() }
        // A flick moves at most one page from the page the drag started nearest to.
        return min(max(lo + index * page, lo), hi)
    }

    // MARK: Animated offsets

    /// `setContentOffset(_:animated:)`, `scrollRectToVisible(_:animated:)`, `setZoomScale(_:animated:)`
    /// and `zoom(to:animated:)`: 0.3 s on UIKit's ease-in-ease-out cubic. Estimated from iOS 18 screen
    /// recordings; Apple does not publish it.
    static let animationDuration: TimeInterval = 0.3
    static let animationCurve = CAMediaTimingFunction(name: .easeInEaseOut)
}

/// One axis of a scroll view's motion after the finger lifts, as a function of the seconds since it
/// lifted: a deceleration towards a target (the velocity decays by a fixed fraction per millisecond, so
/// the offset is `start + (target − start)(1 − r^(1000t))`), or a spring back to an edge, or a
/// deceleration that crosses an edge and then springs back to it (bouncing), or one that stops dead at
/// the edge (`bounces` off).
struct AxisMotion: Equatable {
    enum Kind: Equatable {
        /// At rest.
        case still
        /// Decay from `start` to `target` at `rate` per millisecond.
        case decay(start: CGFloat, target: CGFloat, rate: CGFloat)
        /// A critically damped spring from `start` (moving at `velocity` pt/s) to rest at `rest`.
        case spring(start: CGFloat, velocity: CGFloat, rest: CGFloat)
        /// A decay towards `target` (beyond `edge`) that reaches `edge` at `crossing` seconds, then
        /// springs back to `edge` (or, when `bounces` is off, stops there).
        case decayThenBounce(start: CGFloat, target: CGFloat, rate: CGFloat, edge: CGFloat, crossing: TimeInterval, bounces: Bool)
    }
    var kind: Kind
    /// When the motion has ended (seconds from its start); `value(at:)` is its final value from then on.
    private(set) var duration: TimeInterval = 0

    init(_ kind: Kind) {
        self.kind = kind
        duration = Self.duration(of: kind)
    }

    static let still = AxisMotion(.still)

    /// The final value.
    var end: CGFloat? {
        switch kind {
        case .still: nil
        case .decay(_, let target, _): target
        case .spring(_, _, let rest): rest
        case .decayThenBounce(_, _, _, let edge, _, _): edge
        }
    }

    func value(at t: TimeInterval, from current: CGFloat) -> CGFloat {
        if t >= duration { return end ?? current }
        switch kind {
        case .still:
            return current
        case let .decay(start, target, rate):
            return Self.decay(start: start, target: target, rate: rate, t: t)
        case let .spring(start, velocity, rest):
            return rest + Self.spring(x0: start - rest, v0: velocity, t: t)
        case let .decayThenBounce(start, target, rate, edge, crossing, bounces):
            if t < crossing { return Self.decay(start: start, target: target, rate: rate, t: t) }
            guard bounces else { return edge }
            let v = Self.decaySpeed(start: start, target: target, rate: rate, t: crossing)
            return edge + Self.spring(x0: 0, v0: v, t: t - crossing)
        }
    }

    /// Offset velocity (pt/s) at `t`, for a motion caught by a new touch.
    func velocity(at t: TimeInterval) -> CGFloat {
        guard t < duration else { return 0 }
        switch kind {
        case .still: return 0
        case let .decay(start, target, rate): return Self.decaySpeed(start: start, target: target, rate: rate, t: t)
        case let .spring(start, velocity, rest): return Self.springSpeed(x0: start - rest, v0: velocity, t: t)
        case let .decayThenBounce(start, target, rate, _, crossing, bounces):
            if t < crossing { return Self.decaySpeed(start: start, target: target, rate: rate, t: t) }
            guard bounces else { return 0 }
            let v = Self.decaySpeed(start: start, target: target, rate: rate, t: crossing)
            return Self.springSpeed(x0: 0, v0: v, t: t - crossing)
        }
    }

    static func decay(start: CGFloat, target: CGFloat, rate: CGFloat, t: TimeInterval) -> CGFloat {
        start + (target - start) * (1 - pow(rate, 1000 * t))
    }
    static func decaySpeed(start: CGFloat, target: CGFloat, rate: CGFloat, t: TimeInterval) -> CGFloat {
        (target - start) * -log(rate) * 1000 * pow(rate, 1000 * t)
    }
    static func spring(x0: CGFloat, v0: CGFloat, t: TimeInterval) -> CGFloat {
        let w = ScrollPhysics.bounceOmega
        return (x0 + (v0 + w * x0) * t) * exp(-w * t)
    }
    static func springSpeed(x0: CGFloat, v0: CGFloat, t: TimeInterval) -> CGFloat {
        let w = ScrollPhysics.bounceOmega
        return (v0 - w * (v0 + w * x0) * t) * exp(-w * t)
    }

    /// The seconds until the decay's speed falls under `stopSpeed`: closed form.
    static func decayDuration(distance: CGFloat, rate: CGFloat) -> TimeInterval {
        let initial = abs(distance) * -log(rate) * 1000
        guard initial > ScrollPhysics.stopSpeed else { return 0 }
        return log(ScrollPhysics.stopSpeed / initial) / (1000 * log(rate))
    }

    /// The seconds until a spring has settled, found by stepping whole milliseconds (the same steps on
    /// every run), at most 10 s.
    static func springDuration(x0: CGFloat, v0: CGFloat) -> TimeInterval {
        var ms = 0
        while ms < 10_000 {
            let t = Double(ms) / 1000
            if abs(spring(x0: x0, v0: v0, t: t)) < ScrollPhysics.bounceRestDistance,
               abs(springSpeed(x0: x0, v0: v0, t: t)) < ScrollPhysics.stopSpeed * 10 { return t }
            ms += 1
        }
        return 10
    }

    private static func duration(of kind: Kind) -> TimeInterval {
        switch kind {
        case .still: 0
        case let .decay(start, target, rate): decayDuration(distance: target - start, rate: rate)
        case let .spring(start, velocity, rest): springDuration(x0: start - rest, v0: velocity)
        case let .decayThenBounce(start, target, rate, _, crossing, bounces):
            bounces ? crossing + springDuration(x0: 0, v0: decaySpeed(start: start, target: target, rate: rate, t: crossing))
                    : crossing
        }
    }

    /// The motion after a release at `start` with offset velocity `velocity` (pt/s) towards `target`
    /// (already chosen: projected, paged or the delegate's) in `lo…hi`.
    /// - `projected`: where the decay would come to rest unbounded (beyond the range it bounces).
    static func release(start: CGFloat, velocity: CGFloat, target: CGFloat, projected: CGFloat, rate: CGFloat,
                        lo: CGFloat, hi: CGFloat, bounces: Bool) -> AxisMotion {
        // Released beyond an edge (rubber-banded): spring to the target (the edge) from there.
        if start < lo || start > hi {
            return AxisMotion(.spring(start: start, velocity: velocity, rest: target))
        }
        // A decay whose rest lies beyond an edge and which the delegate did not move: it crosses the edge,
        // then bounces (or stops there).
        if projected != target, projected < lo || projected > hi, target == (projected < lo ? lo : hi) {
            let edge = target
            let fraction = (edge - start) / (projected - start)
            guard fraction > 0, fraction < 1 else { return AxisMotion(.decay(start: start, target: target, rate: rate)) }
            let crossing = log(1 - fraction) / (1000 * log(rate))
            return AxisMotion(.decayThenBounce(start: start, target: projected, rate: rate, edge: edge,
                                               crossing: crossing, bounces: bounces))
        }
        if target == start { return .still }
        return AxisMotion(.decay(start: start, target: target, rate: rate))
    }
}
