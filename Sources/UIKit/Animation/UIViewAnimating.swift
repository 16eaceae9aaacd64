/// Where an animator is in its life: configured, running or paused, or stopped awaiting
/// `finishAnimation(at:)`.
public enum UIViewAnimatingState: Int, Sendable {
    /// Not started (or finished): blocks can be added, options set.
    case inactive = 0
    /// Started, running or paused.
    case active = 1
    /// Stopped with `stopAnimation(false)`; only `finishAnimation(at:)` may follow.
    case stopped = 2
}

/// Where the animated properties end up.
public enum UIViewAnimatingPosition: Int, Sendable {
    /// The values set in the animation blocks.
    case end = 0
    /// The values from before the animation blocks ran.
    case start = 1
    /// Wherever the animation was when it was stopped.
    case current = 2
}

/// An object that runs view animations that can be started, paused, scrubbed, reversed and stopped.
public protocol UIViewAnimating: AnyObject {
    var state: UIViewAnimatingState { get }
    var isRunning: Bool { get }
    var isReversed: Bool { get set }
    var fractionComplete: CGFloat { get set }
    func startAnimation()
    func startAnimation(afterDelay delay: TimeInterval)
    func pauseAnimation()
    func stopAnimation(_ withoutFinishing: Bool)
    func finishAnimation(at finalPosition: UIViewAnimatingPosition)
}

/// An animator that takes animation blocks and completions and can be re-timed. The methods are optional on
/// iOS (`@objc optional`); here a protocol extension supplies do-nothing defaults.
public protocol UIViewImplicitlyAnimating: UIViewAnimating {
    func addAnimations(_ animation: @escaping () -> Void)
    func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat)
    func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void)
    func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat)
}

extension UIViewImplicitlyAnimating {
    public func addAnimations(_ animation: @escaping () -> Void) {}
    public func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {}
    public func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {}
    public func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {}
}
