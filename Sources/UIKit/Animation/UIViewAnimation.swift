extension UIView {
    public struct AnimationOptions: OptionSet, Hashable, Sendable {
        public let rawValue: UInt
        public init(rawValue: UInt) { self.rawValue = rawValue }
        public static let layoutSubviews = AnimationOptions(rawValue: 1 << 0)
        public static let allowUserInteraction = AnimationOptions(rawValue: 1 << 1)
        public static let beginFromCurrentState = AnimationOptions(rawValue: 1 << 2)
        public static let `repeat` = AnimationOptions(rawValue: 1 << 3)
        public static let autoreverse = AnimationOptions(rawValue: 1 << 4)
        public static let overrideInheritedDuration = AnimationOptions(rawValue: 1 << 5)
        public static let overrideInheritedCurve = AnimationOptions(rawValue: 1 << 6)
        public static let allowAnimatedContent = AnimationOptions(rawValue: 1 << 7)
        public static let showHideTransitionViews = AnimationOptions(rawValue: 1 << 8)
        public static let overrideInheritedOptions = AnimationOptions(rawValue: 1 << 9)
        public static let curveEaseInOut = AnimationOptions(rawValue: 0 << 16)
        public static let curveEaseIn = AnimationOptions(rawValue: 1 << 16)
        public static let curveEaseOut = AnimationOptions(rawValue: 2 << 16)
        public static let curveLinear = AnimationOptions(rawValue: 3 << 16)

        var curve: AnimationCurve { AnimationCurve(rawValue: Int((rawValue >> 16) & 0xF)) ?? .easeInOut }
    }

    public enum AnimationCurve: Int, Sendable {
        case easeInOut = 0, easeIn = 1, easeOut = 2, linear = 3

        /// The cubic each curve stands for.
        public var timingFunction: CAMediaTimingFunction {
            switch self {
            case .easeInOut: CAMediaTimingFunction(name: .easeInEaseOut)
            case .easeIn: CAMediaTimingFunction(name: .easeIn)
            case .easeOut: CAMediaTimingFunction(name: .easeOut)
            case .linear: CAMediaTimingFunction(name: .linear)
            }
        }
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: nil)
    }

    public class func animate(withDuration duration: TimeInterval, animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        animate(withDuration: duration, delay: 0, options: [], animations: animations, completion: completion)
    }

    /// A cubic animation with the options' curve (ease-in-out by default). Non-additive properties start
    /// from their model value unless `.beginFromCurrentState` is given, then from the presentation value;
    /// `bounds`, `position` and `cornerRadius` always animate additively, as in UIKit.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        UIViewAnimationContext(duration: duration, delay: delay, options: options,
                               timing: .cubic(options.curve.timingFunction)).run(animations, completion: completion)
    }

    /// UIKit's spring: a mass-1 spring whose stiffness makes the envelope decay to 0.001 at `duration`,
    /// damping ratio clamped to at most 1, run in real time and cut at `duration`.
    /// `velocity` is relative: 1 = the whole distance per second.
    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval,
                              usingSpringWithDamping dampingRatio: CGFloat, initialSpringVelocity velocity: CGFloat,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        let spring = SpringCurve.uikit(duration: duration, dampingRatio: Double(dampingRatio),
                                       initialVelocity: Double(velocity))
        UIViewAnimationContext(duration: duration, delay: delay, options: options, timing: .spring(spring))
            .run(animations, completion: completion)
    }

    /// The iOS 17 spring: mass 1, stiffness (2π/duration)², damping ratio 1 − bounce (1/(1 + bounce) for a
    /// negative bounce), overdamping allowed; the animation lasts the spring's settling time.
    public class func animate(springDuration duration: TimeInterval = 0.5, bounce: CGFloat = 0,
                              initialSpringVelocity velocity: CGFloat = 0, delay: TimeInterval = 0,
                              options: AnimationOptions = [], animations: @escaping () -> Void,
                              completion: ((Bool) -> Void)? = nil) {
        let spring = SpringCurve.perceptual(duration: duration, bounce: Double(bounce), initialVelocity: Double(velocity))
        UIViewAnimationContext(duration: spring.settlingDuration, delay: delay, options: options, timing: .spring(spring))
            .run(animations, completion: completion)
    }

    /// Applies the changes in `actionsWithoutAnimation` at once, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        CATransaction.begin()
        CATransaction.setValue(AnimationRecorder.disabled, forKey: AnimationRecorder.transactionKey)
        actionsWithoutAnimation()
        CATransaction.commit()
    }

    /// The duration of the animation block being recorded now; 0 outside one (or inside
    /// `performWithoutAnimation`).
    public class var inheritedAnimationDuration: TimeInterval {
        (CATransaction.value(forKey: AnimationRecorder.transactionKey) as? AnimationRecorder)?.duration ?? 0
    }
}

/// Collects the layer properties an animation block changes, with their values from before the change.
/// UIView, as its layer's delegate, reports every change made while a recorder is the current one.
final class AnimationRecorder {
    struct Change {
        let layer: CALayer
        let key: String
        let oldModel: Any?
        let oldPresentation: Any?
    }

    static let transactionKey = "UIViewAnimationRecorder"
    /// Marks a `performWithoutAnimation` scope (an immutable token, so sharing it across threads is safe).
    static let disabled = DisabledScope()
    final class DisabledScope: Sendable {}

    static var current: AnimationRecorder? {
        CATransaction.value(forKey: transactionKey) as? AnimationRecorder
    }

    /// The duration of the block (what `UIView.inheritedAnimationDuration` answers inside it).
    let duration: TimeInterval
    private(set) var changes: [Change] = []
    /// Work to do once the animations the block installs have ended, before its completion (a stack view
    /// hides a view it collapsed in the block).
    private(set) var finishHandlers: [() -> Void] = []

    func whenFinished(_ handler: @escaping () -> Void) { finishHandlers.append(handler) }

    init(duration: TimeInterval) { self.duration = duration }

    /// Called before a layer property changes inside the block: remember where it started.
    func recordChange(of layer: CALayer, key: String) {
        guard AnimatableKeyPath.isAnimatable(key),
              !changes.contains(where: { $0.layer === layer && $0.key == key }) else { return }
        changes.append(Change(layer: layer, key: key, oldModel: layer.value(forKey: key),
                              oldPresentation: layer.presentation()?.value(forKey: key)))
    }

    /// Runs `body` with this recorder collecting its changes.
    func record(_ body: () -> Void) {
        CATransaction.begin()
        CATransaction.setValue(self, forKey: Self.transactionKey)
        body()
        CATransaction.commit()
    }
}

/// Where one recorded change animates from and to.
struct AnimatedChange {
    let layer: CALayer
    let key: String
    /// Additive: `from` is old − new and `to` the zero of the type, added on top of the model.
    let isAdditive: Bool
    let from: Any
    let to: Any
    /// The model values at the two ends (what finishing at .start / .end writes; nil for a colour that was
    /// or becomes nil).
    let startValue: Any?
    let endValue: Any?

    /// nil when the value did not change. Additive keys add a new animation on top of any
    /// running one, so nothing jumps and the old momentum continues; other keys start from the presentation
    /// value with `beginFromCurrentState`, else from the old model value. A nil colour animates as the
    /// other end's colour with alpha 0 (a fade, as Core Animation draws a nil colour as nothing).
    init?(_ change: AnimationRecorder.Change, beginFromCurrentState: Bool) {
        let newValue = change.layer.value(forKey: change.key)
        guard !AnimatableKeyPath.areEqual(change.key, change.oldModel, newValue) else { return nil }
        layer = change.layer
        key = change.key
        endValue = newValue
        if AnimatableKeyPath.isAdditive(change.key), let old = change.oldModel, let newValue,
           let delta = AnimatableKeyPath.difference(change.key, old, newValue),
           let zero = AnimatableKeyPath.zero(change.key, like: delta) {
            isAdditive = true
            from = delta
            to = zero
            startValue = old
        } else {
            isAdditive = false
            let start = beginFromCurrentState ? (change.oldPresentation ?? change.oldModel) : change.oldModel
            startValue = start
            guard let a = start ?? (newValue as? CGColor)?.copy(alpha: 0),
                  let b = newValue ?? (start as? CGColor)?.copy(alpha: 0) else { return nil }
            from = a
            to = b
        }
    }

    init(layer: CALayer, key: String, isAdditive: Bool, from: Any, to: Any, startValue: Any?, endValue: Any?) {
        self.layer = layer; self.key = key; self.isAdditive = isAdditive
        self.from = from; self.to = to; self.startValue = startValue; self.endValue = endValue
    }

    /// For `position`: the x and y components as separate changes (`position.x`, `position.y`), so each
    /// can have its own spring velocity (UIKit uses dx for x and dy for y).
    var components: (x: AnimatedChange, y: AnimatedChange)? {
        guard key == "position", let f = from as? CGPoint, let t = to as? CGPoint,
              let s = startValue as? CGPoint, let e = endValue as? CGPoint else { return nil }
        return (AnimatedChange(layer: layer, key: "position.x", isAdditive: isAdditive, from: f.x, to: t.x, startValue: s.x, endValue: e.x),
                AnimatedChange(layer: layer, key: "position.y", isAdditive: isAdditive, from: f.y, to: t.y, startValue: s.y, endValue: e.y))
    }
}

/// One `UIView.animate` block: records the layer properties the block changes, then installs one Core
/// Animation animation per changed property when the block returns.
final class UIViewAnimationContext {
    enum Timing {
        case cubic(CAMediaTimingFunction)
        case spring(SpringCurve)
    }

    let duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, timing: Timing

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, timing: Timing) {
        checkUsage(duration.isFinite && delay.isFinite, "UIView.animate: duration and delay must be finite")
        self.duration = max(duration, 0); self.delay = max(delay, 0); self.options = options; self.timing = timing
    }

    func run(_ animations: () -> Void, completion: ((Bool) -> Void)?) {
        let recorder = AnimationRecorder(duration: duration)
        recorder.record(animations)
        commit(recorder.changes, completion: recorder.finishHandlers.completing(completion))
    }

    private func commit(_ changes: [AnimationRecorder.Change], completion: ((Bool) -> Void)?) {
        let group = AnimationCompletionGroup(completion: completion)
        let begin = CACurrentMediaTime() + delay
        for change in changes {
            guard let endpoints = AnimatedChange(change, beginFromCurrentState: options.contains(.beginFromCurrentState)) else { continue }
            let animation = makeAnimation(keyPath: change.key)
            animation.isAdditive = endpoints.isAdditive
            animation.fromValue = endpoints.from
            animation.toValue = endpoints.to
            animation.beginTime = begin
            animation.fillMode = .backwards
            animation.delegate = group
            group.pending += 1
            change.layer.add(animation, forKey: animation.isAdditive ? nil : change.key)
        }
        if group.pending == 0 {
            // Nothing animatable changed: UIKit still calls the completion, right away.
            Timeline.current.schedule(at: CACurrentMediaTime()) { completion?(true) }
        }
    }

    private func makeAnimation(keyPath: String) -> CABasicAnimation {
        switch timing {
        case .cubic(let function):
            let animation = CABasicAnimation(keyPath: keyPath)
            animation.duration = duration
            animation.timingFunction = function
            return animation
        case .spring(let curve):
            let animation = CASpringAnimation(keyPath: keyPath)
            animation.mass = CGFloat(curve.mass)
            animation.stiffness = CGFloat(curve.stiffness)
            animation.damping = CGFloat(curve.damping)
            animation.initialVelocity = CGFloat(curve.initialVelocity)
            animation.allowsOverdamping = curve.allowsOverdamping
            animation.duration = duration
            return animation
        }
    }
}


extension Array where Element == () -> Void {
    /// `completion` preceded by these handlers (the completion itself when there are none).
    func completing(_ completion: ((Bool) -> Void)?) -> ((Bool) -> Void)? {
        guard !isEmpty else { return completion }
        return { finished in
            for handler in self { handler() }
            completion?(finished)
        }
    }
}

/// Calls an animation block's completion once every animation it installed has stopped (UIView.animate,
/// keyframes and view transitions share it).
final class AnimationCompletionGroup: CAAnimationDelegate {
    var pending = 0
    var allFinished = true
    let completion: ((Bool) -> Void)?
    init(completion: ((Bool) -> Void)?) { self.completion = completion }
    func animationDidStop(_ anim: CAAnimation, finished flag: Bool) {
        allFinished = allFinished && flag
        pending -= 1
        if pending == 0 { completion?(allFinished) }
    }
}
