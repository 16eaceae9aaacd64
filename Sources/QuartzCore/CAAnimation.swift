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

/// Core Animation's timing model, shared by layers and animations: local time is
/// (parent time − beginTime) · speed + timeOffset; the active span is `duration` repeated `repeatCount`
/// times (or for `repeatDuration`), each repeat played forwards then backwards with `autoreverses`.
public protocol CAMediaTiming: AnyObject {
    var beginTime: CFTimeInterval { get set }
    var duration: CFTimeInterval { get set }
    var speed: Float { get set }
    var timeOffset: CFTimeInterval { get set }
    var repeatCount: Float { get set }
    var repeatDuration: CFTimeInterval { get set }
    var autoreverses: Bool { get set }
    var fillMode: CAMediaTimingFillMode { get set }
}

/// What a layer does when one of its properties changes: the hook UIKit uses to turn property changes inside
/// an animation block into animations.
public protocol CAAction: AnyObject {
    func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?)
}

open class CAAnimation: NSObject, CAAction, CAMediaTiming {
    /// Time to begin in the layer's time space (media time for most layers, so `CACurrentMediaTime() + 0.5`
    /// starts half a second from now); 0 means "when added" (resolved to the layer's time then).
    public var beginTime: CFTimeInterval = 0
    /// One repeat's length (default 0.25 s). 0 jumps to the end value at once here (Core Animation
    /// plays 0 as 0.25 s; UIKit relies on 0 being instant).
    public var duration: CFTimeInterval = 0.25
    public var speed: Float = 1
    public var timeOffset: CFTimeInterval = 0
    /// How many times the animation plays (fractions play part of the last one; `.infinity` forever).
    /// 0 means once.
    public var repeatCount: Float = 0
    /// How long the animation repeats for, in its own time (used when `repeatCount` is 0).
    public var repeatDuration: CFTimeInterval = 0
    /// Each repeat plays forwards, then backwards (a repeat lasts twice the duration).
    public var autoreverses = false
    public var fillMode: CAMediaTimingFillMode = .removed
    public var isRemovedOnCompletion = true
    /// nil means linear.
    public var timingFunction: CAMediaTimingFunction?
    /// Held strongly, as Core Animation does.
    public var delegate: CAAnimationDelegate?
    /// Told when the animation stops (transaction completion blocks).
    var stopObservers: [() -> Void] = []
    var hasStopped = false

    public override init() { super.init() }

    /// The animation has ended or was removed: its delegate and transaction hear it.
    func didStop(finished: Bool) {
        // Once per run: an animation kept after it ends (isRemovedOnCompletion = false) and removed later
        // has already reported its stop.
        guard !hasStopped else { return }
        hasStopped = true
        delegate?.animationDidStop(self, finished: finished)
        let observers = stopObservers
        stopObservers = []
        for observer in observers { observer() }
    }

    /// Local time (seconds into the animation) at media time `t`, before clamping.
    func localTime(at t: CFTimeInterval) -> Double { (t - beginTime) * Double(speed) + timeOffset }

    /// One repeat: the duration, twice over with `autoreverses`.
    private var cycleDuration: Double { autoreverses ? 2 * duration : duration }

    /// How long the animation is active in its own time: the repeats (or `repeatDuration`); infinite for
    /// `repeatCount = .infinity`.
    var activeDuration: Double {
        if repeatCount > 0 { return cycleDuration * Double(repeatCount) }
        if repeatDuration > 0 { return repeatDuration }
        return cycleDuration
    }

    /// The media time at which the animation is over (infinite: it never ends on its own).
    var endTime: CFTimeInterval {
        speed == 0 ? .infinity : beginTime + max(activeDuration - timeOffset, 0) / abs(Double(speed))
    }

    /// Class defaults of key-value coding (Core Animation's `+defaultValueForKey:`): the timing defaults.
    open class func defaultValue(forKey key: String) -> Any? {
        switch key {
        case "duration": return CFTimeInterval(0.25)
        case "speed": return Float(1)
        case "removedOnCompletion", "isRemovedOnCompletion": return true
        default: return nil
        }
    }

    /// Inert: archiving (NSCoding) is not supported on Linux here; every key would be archived.
    open func shouldArchiveValue(forKey key: String) -> Bool { true }

    /// Progress (0 at from, 1 at to; springs may overshoot) at local time `local`, within 0…duration.
    func progress(atLocalTime local: Double) -> Double {
        let fraction = duration > 0 ? local / duration : 1
        return timingFunction?.progress(at: fraction) ?? fraction
    }

    /// Applies this animation to `state` at media time `t`. `model` is the layer's model state.
    func apply(to state: inout LayerState, model: LayerState, at t: CFTimeInterval) {}

    /// Seconds into the animation at time `t` (0…duration), or nil when it has no effect then: before its
    /// start without a backwards fill, after its end without a forwards fill (or removal on completion).
    func activeLocalTime(at t: CFTimeInterval) -> Double? {
        let local = localTime(at: t)
        if local < 0 { return fillMode == .backwards || fillMode == .both ? 0 : nil }
        let active = activeDuration
        if local > active {
            guard fillMode == .forwards || fillMode == .both || !isRemovedOnCompletion else { return nil }
            return timeInRepeat(active)
        }
        return timeInRepeat(local)
    }

    /// Seconds into the simple duration at `local` seconds into the active span: the time within the
    /// current repeat, mirrored in its second half with `autoreverses`. The end of a repeat is its end
    /// (not the start of the next), so a finished animation holds its final value.
    private func timeInRepeat(_ local: Double) -> Double {
        let cycle = cycleDuration
        guard cycle > 0, local > 0 else { return max(local, 0) }
        var within = local.truncatingRemainder(dividingBy: cycle)
        if within == 0 { within = cycle }
        return autoreverses && within > duration ? cycle - within : within
    }

    public func run(forKey event: String, object anObject: Any, arguments dict: [AnyHashable: Any]?) {
        (anObject as? CALayer)?.add(self, forKey: event)
    }
}

public struct CAValueFunctionName: RawRepresentable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let rotateX = CAValueFunctionName(rawValue: "rotateX")
    public static let rotateY = CAValueFunctionName(rawValue: "rotateY")
    public static let rotateZ = CAValueFunctionName(rawValue: "rotateZ")
    public static let scale = CAValueFunctionName(rawValue: "scale")
    public static let scaleX = CAValueFunctionName(rawValue: "scaleX")
    public static let scaleY = CAValueFunctionName(rawValue: "scaleY")
    public static let scaleZ = CAValueFunctionName(rawValue: "scaleZ")
    public static let translate = CAValueFunctionName(rawValue: "translate")
    public static let translateX = CAValueFunctionName(rawValue: "translateX")
    public static let translateY = CAValueFunctionName(rawValue: "translateY")
    public static let translateZ = CAValueFunctionName(rawValue: "translateZ")
}

/// Turns an animation's numbers into a transform: set on a `transform` animation, its from/to values are
/// the function's input (an angle, a scale, an offset), interpolated before the transform is made.
public final class CAValueFunction {
    public let name: CAValueFunctionName
    /// nil for a name Core Animation does not know.
    public init?(name: CAValueFunctionName) {
        guard Self.keyPaths[name] != nil else { return nil }
        self.name = name
    }

    /// The key path of this project's key table that applies the same function (`transform.rotation.z`, …).
    var keyPath: String { Self.keyPaths[name]! }
    private static let keyPaths: [CAValueFunctionName: String] = [
        .rotateX: "transform.rotation.x", .rotateY: "transform.rotation.y", .rotateZ: "transform.rotation.z",
        .scale: "transform.scale", .scaleX: "transform.scale.x", .scaleY: "transform.scale.y", .scaleZ: "transform.scale.z",
        .translate: "transform.translation", .translateX: "transform.translation.x",
        .translateY: "transform.translation.y", .translateZ: "transform.translation.z",
    ]
}

open class CAPropertyAnimation: CAAnimation {
    public var keyPath: String?
    public var isAdditive = false
    /// Each repeat starts where the previous one ended. Stored: repeats here all start from the from-value
    /// (docs/UIKIT-COMPATIBILITY.md).
    public var isCumulative = false
    /// Applied to a `transform` animation's values (see `CAValueFunction`).
    public var valueFunction: CAValueFunction?

    /// The key path whose table entry applies this animation: the value function's on a `transform`
    /// animation, else `keyPath`.
    var effectiveKeyPath: String? {
        if let valueFunction, keyPath == "transform" { return valueFunction.keyPath }
        return keyPath
    }

    public init(keyPath path: String?) { keyPath = path; super.init() }
    public override convenience init() { self.init(keyPath: nil) }
}

open class CABasicAnimation: CAPropertyAnimation {
    public var fromValue: Any?
    public var toValue: Any?
    /// Used with one of `fromValue` / `toValue` (or alone, from the current value); number, point, size and
    /// rect key paths.
    public var byValue: Any?

    override func apply(to state: inout LayerState, model: LayerState, at t: CFTimeInterval) {
        guard let keyPath = effectiveKeyPath, let property = AnimatableProperty.all[keyPath], let local = activeLocalTime(at: t) else { return }
        // Core Animation's rules for a missing end: from + by, to − by, or the model (presentation) value.
        var from = fromValue, to = toValue
        if let by = byValue {
            if from == nil, let t = to { from = property.combine?([t, by], [1, -1]) }
            else if to == nil, let f = from { to = property.combine?([f, by], [1, 1]) }
            else if from == nil, to == nil, let current = property.read(model) { from = current; to = property.combine?([current, by], [1, 1]) }
        }
        property.apply(&state, from, to, progress(atLocalTime: local), isAdditive, model)
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
