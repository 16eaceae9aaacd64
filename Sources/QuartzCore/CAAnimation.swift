import CoreGraphics

public protocol CAAnimationDelegate: AnyObject {
    func animationDidStart(_ anim: CAAnimation)
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool)
}
extension CAAnimationDelegate {
    public func animationDidStart(_ anim: CAAnimation) {}
    public func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {}
}

public struct CAMediaTimingFillMode: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let removed = CAMediaTimingFillMode(rawValue: "removed")
    public static let forwards = CAMediaTimingFillMode(rawValue: "forwards")
    public static let backwards = CAMediaTimingFillMode(rawValue: "backwards")
    public static let both = CAMediaTimingFillMode(rawValue: "both")
}

/// What a layer does when one of its properties changes: the hook UIKit uses to turn property changes inside
/// an animation block into animations.
public protocol CAAction: AnyObject {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

open class CAAnimation: CAAction {
    /// Absolute media time to begin; 0 means "when added" (resolved to `CACurrentMediaTime()` then).
    public var beginTime: CFTimeInterval = 0
    public var duration: CFTimeInterval = 0.25
    public var speed: Float = 1
    public var timeOffset: CFTimeInterval = 0
    public var fillMode: CAMediaTimingFillMode = .removed
    public var isRemovedOnCompletion = true
    /// nil means linear.
    public var timingFunction: CAMediaTimingFunction?
    /// Held strongly, as Core Animation does.
    public var delegate: CAAnimationDelegate?

    public init() {}

    /// Local time (seconds into the animation) at media time `t`, before clamping.
    func localTime(at t: CFTimeInterval) -> Double { (t - beginTime) * Double(speed) + timeOffset }

    /// The media time at which the animation is over (infinite: it never ends on its own).
    var endTime: CFTimeInterval {
        speed == 0 ? .infinity : beginTime + max(duration - timeOffset, 0) / abs(Double(speed))
    }

    /// Progress (0 at from, 1 at to; springs may overshoot) at local time `local`, within 0…duration.
    func progress(atLocalTime local: Double) -> Double {
        let fraction = duration > 0 ? local / duration : 1
        return timingFunction?.progress(at: fraction) ?? fraction
    }

    /// Applies this animation to `state` at media time `t`. `model` is the layer's model state.
    func apply(to state: inout LayerState, model: LayerState, at t: CFTimeInterval) {}

    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

open class CAPropertyAnimation: CAAnimation {
    public var keyPath: String?
    public var isAdditive = false

    public init(keyPath path: String?) { keyPath = path; super.init() }
    public override convenience init() { self.init(keyPath: nil) }
}

open class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: Any?
    public var toValue: Any?

    override func apply(to state: inout LayerState, model: LayerState, at t: CFTimeInterval) {
        guard let keyPath, let property = AnimatableProperty.all[keyPath] else { return }
        var local = localTime(at: t)
        if local < 0 {
            guard fillMode == .backwards || fillMode == .both else { return }
            local = 0
        }
        if local > duration {
            guard fillMode == .forwards || fillMode == .both || !isRemovedOnCompletion else { return }
            local = duration
        }
        property.apply(&state, fromValue, toValue, progress(atLocalTime: local), isAdditive, model)
    }
}

/// A spring: progress follows the damped oscillator in real seconds; `duration` only truncates it.
open class CASpringAnimation: CABasicAnimation {
    public var mass: CGFloat = 1 { didSet { if mass <= 0 { mass = 1 } } }
    public var stiffness: CGFloat = 100 { didSet { if stiffness <= 0 { stiffness = 100 } } }
    public var damping: CGFloat = 10 { didSet { if damping < 0 { damping = 10 } } }
    /// Progress units per second, positive towards the target.
    public var initialVelocity: CGFloat = 0
    public var allowsOverdamping = false

    /// The iOS 17 initialiser: mass 1, stiffness (2π/d)², damping from `bounce`, overdamping allowed, and
    /// `duration` set to the settling duration.
    public convenience init(perceptualDuration: TimeInterval, bounce: CGFloat) {
        self.init(keyPath: nil)
        let spring = SpringCurve.perceptual(duration: perceptualDuration, bounce: Double(bounce))
        mass = 1
        stiffness = CGFloat(spring.stiffness)
        damping = CGFloat(spring.damping)
        allowsOverdamping = true
        duration = settlingDuration
    }

    /// 2π·√(mass/stiffness).
    public var perceptualDuration: TimeInterval { curve.perceptualDuration }
    /// 1 − ζ for ζ ≤ 1, 1/ζ − 1 for ζ > 1.
    public var bounce: CGFloat { CGFloat(curve.bounce) }

    public var curve: SpringCurve {
        SpringCurve(mass: Double(mass), stiffness: Double(stiffness), damping: Double(damping),
                    initialVelocity: Double(initialVelocity), allowsOverdamping: allowsOverdamping)
    }
    public var settlingDuration: CFTimeInterval {
        speed == 0 ? Double(Float.greatestFiniteMagnitude) : curve.settlingDuration / abs(Double(speed))
    }

    override func progress(atLocalTime local: Double) -> Double {
        let fraction = duration > 0 ? local / duration : 1
        let eased = timingFunction?.progress(at: fraction) ?? fraction
        return curve.progress(at: eased * duration)
    }
}

/// An animation whose progress at each media time its owner supplies: UIViewPropertyAnimator drives its
/// property animations with these, re-timing them on pause, scrub, reverse and continue without replacing
/// them. It never ends on its own; the owner removes it. Not Core Animation API.
package final class DrivenPropertyAnimation: CABasicAnimation {
    /// Progress (0 at `fromValue`, 1 at `toValue`, may overshoot) at a media time.
    package var progressAt: (CFTimeInterval) -> Double
    /// The object driving it (UIKit's property animator), so hit testing can ask how the views it moves
    /// take touches.
    package weak var driver: AnyObject?

    package init(keyPath: String, progress: @escaping (CFTimeInterval) -> Double) {
        progressAt = progress
        super.init(keyPath: keyPath)
        duration = .infinity
    }

    override var endTime: CFTimeInterval { .infinity }

    override func apply(to state: inout LayerState, model: LayerState, at t: CFTimeInterval) {
        guard let keyPath, let property = AnimatableProperty.all[keyPath] else { return }
        property.apply(&state, fromValue, toValue, progressAt(t), isAdditive, model)
    }
}
