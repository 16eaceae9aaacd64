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

        /// The cubic each curve stands for (reference §2).
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

    public class func animate(withDuration duration: TimeInterval, delay: TimeInterval, options: AnimationOptions = [],
                              animations: @escaping () -> Void, completion: ((Bool) -> Void)? = nil) {
        UIViewAnimationContext(duration: duration, delay: delay, options: options,
                               timing: .cubic(options.curve.timingFunction)).run(animations, completion: completion)
    }

    /// UIKit's spring: a mass-1 spring whose stiffness makes the envelope decay to 0.001 at `duration`,
    /// damping ratio clamped to at most 1, run in real time and cut at `duration` (reference §1.a).
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

    /// Applies the changes in `actionsWithoutAnimation` at once, even inside an animation block.
    public class func performWithoutAnimation(_ actionsWithoutAnimation: () -> Void) {
        CATransaction.begin()
        CATransaction.setValue(UIViewAnimationContext.disabled, forKey: UIViewAnimationContext.transactionKey)
        actionsWithoutAnimation()
        CATransaction.commit()
    }

}

/// One animation block: collects the layer properties the block changes, then installs one animation
/// per changed property when the block returns.
final class UIViewAnimationContext {
    enum Timing {
        case cubic(CAMediaTimingFunction)
        case spring(SpringCurve)
    }

    static let transactionKey = "UIViewAnimationContext"
    /// Marks a `performWithoutAnimation` scope.
    static let disabled = NSObject()

    static var current: UIViewAnimationContext? {
        CATransaction.value(forKey: transactionKey) as? UIViewAnimationContext
    }

    let duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, timing: Timing
    private var changes: [(layer: CALayer, key: String, oldModel: Any?, oldPresentation: Any?)] = []

    init(duration: TimeInterval, delay: TimeInterval, options: UIView.AnimationOptions, timing: Timing) {
        precondition(duration.isFinite && delay.isFinite, "UIView.animate: duration and delay must be finite")
        self.duration = max(duration, 0); self.delay = max(delay, 0); self.options = options; self.timing = timing
    }

    /// Called before a layer property changes inside the block: remember where it started.
    func recordChange(of layer: CALayer, key: String) {
        guard AnimatableKeyPath.isAnimatable(key),
              !changes.contains(where: { $0.layer === layer && $0.key == key }) else { return }
        changes.append((layer, key, layer.value(forKey: key), layer.presentation()?.value(forKey: key)))
    }

    func run(_ animations: () -> Void, completion: ((Bool) -> Void)?) {
        CATransaction.begin()
        CATransaction.setValue(self, forKey: Self.transactionKey)
        animations()
        CATransaction.commit()
        commit(completion: completion)
    }

    private func commit(completion: ((Bool) -> Void)?) {
        let group = CompletionGroup(completion: completion)
        let begin = CACurrentMediaTime() + delay
        for change in changes {
            let newValue = change.layer.value(forKey: change.key)
            guard let newValue, !AnimatableKeyPath.areEqual(change.key, change.oldModel, newValue) else { continue }
            let animation = makeAnimation(keyPath: change.key)
            if AnimatableKeyPath.isAdditive(change.key), let old = change.oldModel,
               let from = AnimatableKeyPath.difference(change.key, old, newValue) {
                // Additive: presentation = model + (old − new)·(1 − p); a running animation keeps its momentum.
                animation.isAdditive = true
                animation.fromValue = from
                animation.toValue = AnimatableKeyPath.difference(change.key, newValue, newValue)
            } else {
                animation.fromValue = options.contains(.beginFromCurrentState)
                    ? (change.oldPresentation ?? change.oldModel) : change.oldModel
                animation.toValue = newValue
            }
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
            animation.duration = duration
            return animation
        }
    }

    /// Calls the block's completion once every animation it installed has stopped.
    private final class CompletionGroup: CAAnimationDelegate {
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
}
