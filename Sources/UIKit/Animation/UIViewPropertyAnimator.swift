/// Animates view property changes on its own clock and lets them be paused, scrubbed, reversed, re-timed
/// and stopped.
///
/// How it works here. The animator owns a fraction clock `u` (0 at the start, 1 at the end, in the forward
/// sense whatever `isReversed` says) that moves linearly in media time while running and stands still while
/// paused. Every property an animation block changes becomes a track with a driven Core Animation
/// animation whose progress at time t is the track's segment evaluated at `u(t)`. A segment is a cubic (or
/// linear, while scrubbing) or a spring laid along `u`. Pause, scrub, reverse and continue only re-time the
/// clock and re-base the segments (each through the track's current value), so nothing ever jumps unless
/// the caller asks for it by setting `fractionComplete`.
open class UIViewPropertyAnimator: NSObject, UIViewImplicitlyAnimating {
    // MARK: Configuration

    /// The timing the animator was created with.
    public let timingParameters: UITimingCurveProvider?
    /// The length of the animation in seconds: the given duration, or for a spring that decides its own
    /// duration (mass/stiffness/damping, duration/bounce, the system spring) its settling time.
    public let duration: TimeInterval
    /// The delay of the last `startAnimation(afterDelay:)` (0 until then).
    public private(set) var delay: TimeInterval = 0

    /// Default true. False: the views this animator animates take no touches while it is active (running
    /// or paused). Setting it on an active animator is a programmer error, as on iOS.
    public var isUserInteractionEnabled = true {
        willSet { requireInactive("isUserInteractionEnabled") }
    }
    /// Default false: the views this animator animates are hit-tested where they are drawn (their
    /// presentation values), as UIKit does for you. True: hit testing uses their model values, and
    /// catching them where they are drawn is the app's job (override `hitTest` / `point(inside:with:)`).
    public var isManualHitTestingEnabled = false
    /// Default true. Must be true to pause, scrub, reverse, continue or stop; settable only while inactive.
    public var isInterruptible = true {
        willSet { requireInactive("isInterruptible") }
    }
    /// Default true: while paused, setting `fractionComplete` moves every property linearly; false follows
    /// the animator's timing curve.
    public var scrubsLinearly = true
    /// Default false. When true, reaching the end pauses the animator (it stays active, completions do not
    /// run), so it can be reversed or scrubbed again.
    public var pausesOnCompletion = false

    // MARK: State

    public private(set) var state: UIViewAnimatingState = .inactive
    /// True while the animations advance (also during a start delay); false when paused or stopped.
    public private(set) var isRunning = false

    private var baseTiming: Timing
    /// The timing in force: `baseTiming` until `continueAnimation` overrides it, until the next inactive state.
    private var timing: Timing
    private var pendingBlocks: [(animations: () -> Void, delayFactor: Double)] = []
    private var tracks: [Track] = []
    private var completions: [(UIViewAnimatingPosition) -> Void] = []
    /// The blocks' finish handlers (`AnimationRecorder.whenFinished`): run when the animator ends,
    /// finished or stopped.
    private var finishHandlers: [() -> Void] = []
    private var reversed = false

    // The clock: u(t) = clockU until clockTime, then clockU + rate·(t − clockTime), clamped to 0…1.
    private var clockU = 0.0
    private var clockTime = 0.0
    private var rate = 0.0
    /// Seconds per unit of u at the current (or last) speed; springs are laid along u with it.
    private var secondsPerU: Double
    /// Whether the segments are the linear scrubbing ones (set through `fractionComplete` while paused).
    private var linearScrub = false
    private var completionEvent: Int?

    // MARK: Creating

    /// The animator with a cubic or spring timing. A spring that defines its own duration (see
    /// `UISpringTimingParameters`) ignores `duration`.
    public required init(duration: TimeInterval, timingParameters parameters: UITimingCurveProvider) {
        checkUsage(duration.isFinite, "UIViewPropertyAnimator: duration must be finite, not \(duration)")
        timingParameters = parameters
        let timing = Timing(parameters)
        baseTiming = timing
        self.timing = timing
        if let spring = parameters.springTimingParameters, case .physicalSpring = timing {
            self.duration = spring.settlingDuration
        } else {
            self.duration = max(duration, 0)
        }
        secondsPerU = self.duration
    }

    /// NSObject's initializer, as iOS code reaches it (`private var animator = UIViewPropertyAnimator()`): no
    /// duration and the default cubic curve, an inactive placeholder to be replaced or given animations.
    public override convenience init() {
        self.init(duration: 0, timingParameters: UICubicTimingParameters())
    }

    /// One of UIKit's named curves (ease-in-out, ease-in, ease-out, linear).
    public convenience init(duration: TimeInterval, curve: UIView.AnimationCurve, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: curve))
        if let animations { addAnimations(animations) }
    }

    /// A cubic Bézier curve through two control points.
    public convenience init(duration: TimeInterval, controlPoint1 point1: CGPoint, controlPoint2 point2: CGPoint,
                            animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UICubicTimingParameters(controlPoint1: point1, controlPoint2: point2))
        if let animations { addAnimations(animations) }
    }

    /// UIKit's duration-fitted spring with this damping ratio (clamped to at most 1).
    public convenience init(duration: TimeInterval, dampingRatio ratio: CGFloat, animations: (() -> Void)? = nil) {
        self.init(duration: duration, timingParameters: UISpringTimingParameters(dampingRatio: ratio))
        if let animations { addAnimations(animations) }
    }

    /// Creates an animator with the options' curve, adds the block and the completion and starts it after
    /// `delay`.
    @discardableResult
    open class func runningPropertyAnimator(withDuration duration: TimeInterval, delay: TimeInterval,
                                            options: UIView.AnimationOptions = [], animations: @escaping () -> Void,
                                            completion: ((UIViewAnimatingPosition) -> Void)? = nil) -> Self {
        let animator = Self(duration: duration, timingParameters: UICubicTimingParameters(animationCurve: options.curve))
        animator.addAnimations(animations)
        if let completion { animator.addCompletion(completion) }
        animator.startAnimation(afterDelay: delay)
        return animator
    }

    // MARK: Blocks and completions

    open func addAnimations(_ animation: @escaping () -> Void) {
        addAnimations(animation, delayFactor: 0)
    }

    /// Inactive: the block runs when the animator starts, delayed by `delayFactor × duration` and lasting
    /// the rest. Active: it runs now and is squeezed into the remaining time, starting `delayFactor ×
    /// duration` from now (Apple's example: duration 2, factor 0.25, added at fractionComplete 0.25 → runs
    /// 1.0 s).
    open func addAnimations(_ animation: @escaping () -> Void, delayFactor: CGFloat) {
        checkUsage(state != .stopped, "UIViewPropertyAnimator.addAnimations: the animator is stopped; call finishAnimation(at:) and use a new animator")
        checkUsage(delayFactor >= 0 && delayFactor <= 1,
                     "UIViewPropertyAnimator.addAnimations(_:delayFactor:): delayFactor must be in 0…1, not \(delayFactor)")
        if state == .inactive {
            pendingBlocks.append((animation, Double(delayFactor)))
            return
        }
        let u = currentU
        runBlock(animation, windowStart: min(u + Double(delayFactor), 1))
    }

    /// Completions run in the order they were added, with the position the properties ended at.
    open func addCompletion(_ completion: @escaping (UIViewAnimatingPosition) -> Void) {
        completions.append(completion)
    }

    // MARK: Running

    open func startAnimation() { startAnimation(afterDelay: 0) }

    open func startAnimation(afterDelay delay: TimeInterval) {
        checkUsage(delay.isFinite && delay >= 0, "UIViewPropertyAnimator.startAnimation(afterDelay:): the delay must be 0 or more, not \(delay)")
        switch state {
        case .stopped:
            misuse("UIViewPropertyAnimator.startAnimation: the animator is stopped; a stopped animator cannot be restarted. Call finishAnimation(at:) and create a new animator.")
        case .inactive:
            self.delay = delay
            activate()
            beginRun(seconds: duration * abs(target - clockU), delay: delay)
        case .active:
            guard !isRunning else { return }
            self.delay = delay
            resume(with: nil, durationFactor: 0, parameterVelocity: false, delay: delay)
        }
    }

    open func pauseAnimation() {
        checkUsage(state != .stopped, "UIViewPropertyAnimator.pauseAnimation: the animator is stopped; a stopped animator cannot be paused. Call finishAnimation(at:).")
        checkUsage(isInterruptible, "UIViewPropertyAnimator.pauseAnimation: the animator is not interruptible (isInterruptible is false)")
        switch state {
        case .inactive:
            activate()
        case .active where isRunning:
            freeze()
        default:
            break
        }
    }

    /// Resumes a paused animator with new timing (nil keeps the current one) over `durationFactor ×
    /// duration` seconds (0: the time that remained). Cubic timing continues from the point of the new
    /// curve that has the current progress (`t' = curve⁻¹(p)`); new spring parameters start a new spring
    /// from the current value to the target, fitted to the new duration, with the parameters' initial
    /// velocity; nil parameters on a spring continue the same spring from where its displacement equals
    /// the distance still to go. Nothing jumps.
    open func continueAnimation(withTimingParameters parameters: UITimingCurveProvider?, durationFactor: CGFloat) {
        checkUsage(isInterruptible, "UIViewPropertyAnimator.continueAnimation: the animator is not interruptible (isInterruptible is false)")
        checkUsage(state == .active && !isRunning,
                     "UIViewPropertyAnimator.continueAnimation: only a paused animator can be continued (it is \(describeState)); call pauseAnimation() first")
        checkUsage(durationFactor.isFinite && durationFactor >= 0,
                     "UIViewPropertyAnimator.continueAnimation: durationFactor must be 0 or more, not \(durationFactor)")
        resume(with: parameters.map(Timing.init), durationFactor: Double(durationFactor), parameterVelocity: true, delay: 0)
    }

    /// Where the animation is, from 0 to 1 in the direction it runs (a reversed animator counts from the
    /// end, as UIKit flips it on reversal). While paused with `scrubsLinearly` this is the
    /// visual progress, so setting it back to the value read never moves anything.
    open var fractionComplete: CGFloat {
        get {
            guard state != .inactive else { return 0 }
            var u = currentU
            if state == .active, !isRunning, scrubsLinearly, !linearScrub, let p = referenceProgress(at: u) {
                u = min(max(p, 0), 1)
            }
            return CGFloat(reversed ? 1 - u : u)
        }
        set {
            checkUsage(newValue.isFinite, "UIViewPropertyAnimator.fractionComplete must be finite, not \(newValue)")
            checkUsage(isInterruptible, "UIViewPropertyAnimator.fractionComplete: the animator is not interruptible (isInterruptible is false)")
            checkUsage(state != .stopped, "UIViewPropertyAnimator.fractionComplete: the animator is stopped; it cannot be scrubbed")
            checkUsage(!isRunning, "UIViewPropertyAnimator.fractionComplete can be set only while the animator is paused; call pauseAnimation() first")
            if state == .inactive { activate() }
            let f = min(max(Double(newValue), 0), 1)
            clockU = reversed ? 1 - f : f
            clockTime = now
            linearScrub = scrubsLinearly
            secondsPerU = duration
            for track in tracks { track.segment = canonicalSegment(for: track, linear: linearScrub) }
        }
    }

    /// Reversing a running animator retraces the same curves backwards from where they are (velocity flips,
    /// as on iOS); a paused or inactive one just remembers the direction for its next run.
    open var isReversed: Bool {
        get { reversed }
        set {
            guard newValue != reversed else { return }
            checkUsage(state != .stopped, "UIViewPropertyAnimator.isReversed: the animator is stopped; it cannot be reversed")
            checkUsage(state == .inactive || isInterruptible,
                         "UIViewPropertyAnimator.isReversed: the animator is not interruptible (isInterruptible is false)")
            reversed = newValue
            if state == .active && isRunning { reverseWhileRunning() }
        }
    }

    /// Stops where the properties are now: their presentation values become the model values and the
    /// animations are removed. `true` → inactive, no completions; `false` → stopped, waiting for
    /// `finishAnimation(at:)`. Stopping an inactive animator does nothing.
    open func stopAnimation(_ withoutFinishing: Bool) {
        checkUsage(isInterruptible, "UIViewPropertyAnimator.stopAnimation: the animator is not interruptible (isInterruptible is false)")
        switch state {
        case .inactive:
            return
        case .stopped:
            if withoutFinishing { reset() }
            return
        case .active:
            break
        }
        cancelCompletionEvent()
        let t = now
        // The value each animated key shows now through this animator's animations alone, on its model.
        var written: [(layer: CALayer, key: String, value: Any?)] = []
        let mine = Set(tracks.map { ObjectIdentifier($0.animation) })
        for track in tracks where track.isAttached && !written.contains(where: { $0.layer === track.layer && $0.key == track.key }) {
            let state = track.layer.presentationState(at: t, applying: { mine.contains(ObjectIdentifier($0)) })
            written.append((track.layer, track.key, AnimatableKeyPath.value(track.key, in: state)))
        }
        detachAnimations()
        UIView.performWithoutAnimation {
            for entry in written { entry.layer.setValue(entry.value, forKey: entry.key) }
        }
        clockU = currentU
        rate = 0
        isRunning = false
        if withoutFinishing { reset() } else { state = .stopped }
    }

    /// Ends a stopped animator: `.end` / `.start` write the values at that end into the model, `.current`
    /// keeps where it stopped; then the completions run with `finalPosition`.
    open func finishAnimation(at finalPosition: UIViewAnimatingPosition) {
        checkUsage(state == .stopped,
                     "UIViewPropertyAnimator.finishAnimation(at:) is valid only after stopAnimation(false); the animator is \(describeState)")
        writeModel(at: finalPosition)
        complete(at: finalPosition)
    }

    // MARK: - Internals

    enum Timing {
        case cubic(CAMediaTimingFunction)
        /// UIKit's duration-fitted spring (mass 1, ε 0.001 at the duration).
        case fittedSpring(dampingRatio: Double, velocity: CGVector)
        /// A spring with fixed constants that lasts its own settling time.
        case physicalSpring(SpringCurve, velocity: CGVector)

        init(_ provider: UITimingCurveProvider) {
            let spring = provider.springTimingParameters
            let prefersSpring = (provider.timingCurveType != .cubic && provider.timingCurveType != .builtin)
                || provider.cubicTimingParameters == nil
            if let spring, prefersSpring {
                switch spring.model {
                case .dampingRatio(let ratio): self = .fittedSpring(dampingRatio: ratio, velocity: spring.initialVelocity)
                case .physical(let curve): self = .physicalSpring(curve, velocity: spring.initialVelocity)
                }
            } else if let cubic = provider.cubicTimingParameters {
                self = .cubic(cubic.timingFunction)
            } else {
                self = .cubic(CAMediaTimingFunction(name: .easeInEaseOut))
            }
        }

        var velocity: CGVector {
            switch self {
            case .cubic: .zero
            case .fittedSpring(_, let v), .physicalSpring(_, let v): v
            }
        }

        func withVelocity(_ v: CGVector) -> Timing {
            switch self {
            case .cubic: self
            case .fittedSpring(let r, _): .fittedSpring(dampingRatio: r, velocity: v)
            case .physicalSpring(let c, _): .physicalSpring(c, velocity: v)
            }
        }
    }

    /// How one property's progress depends on the animator's clock u.
    struct Segment {
        enum Shape {
            /// `function(clamp(k0 + k1·u, 0, 1))`; nil is linear.
            case cubic(CAMediaTimingFunction?)
            /// The spring at τ = clamp(k0 + k1·u, 0, cut) seconds.
            case spring(SpringCurve, cut: Double)
        }
        var shape: Shape
        /// Progress at the shape's start and where it heads (0 and 1 for an unbroken animation).
        var a: Double, b: Double
        var k0: Double, k1: Double

        func progress(at u: Double) -> Double {
            let x = k0 + k1 * u
            switch shape {
            case .cubic(let function):
                let w = min(max(x, 0), 1)
                return a + (b - a) * (function?.progress(at: w) ?? w)
            case .spring(let spring, let cut):
                return b + (a - b) * spring.displacement(at: min(max(x, 0), cut))
            }
        }

        /// dProgress/du (a central difference; only used to carry velocity across a reversal).
        func slope(at u: Double) -> Double {
            let h = 1e-6
            return (progress(at: u + h) - progress(at: u - h)) / (2 * h)
        }
    }

    /// One animated property.
    final class Track {
        let change: AnimatedChange
        /// The u at which its block begins (blocks always end at u = 1).
        let windowStart: Double
        let animation: DrivenPropertyAnimation
        var segment: Segment
        /// Set when the animator finds its animation already gone (replaced by a newer animation of the
        /// same key, or removed by hand): its values are then not written back.
        var wasReplaced = false
        var layer: CALayer { change.layer }
        var key: String { change.key }
        var isAttached: Bool { change.layer.isAttached(animation) }
        /// Whether the spring velocity's dy applies (position.y); every other key uses dx.
        var usesDY: Bool { change.key == "position.y" }

        init(change: AnimatedChange, windowStart: Double, animation: DrivenPropertyAnimation, segment: Segment) {
            self.change = change; self.windowStart = windowStart; self.animation = animation; self.segment = segment
        }
    }

    private var now: Double { Timeline.current.now }
    private var target: Double { reversed ? 0 : 1 }

    private func u(at t: Double) -> Double {
        guard rate != 0, t > clockTime else { return clockU }
        return min(max(clockU + rate * (t - clockTime), 0), 1)
    }
    private var currentU: Double { u(at: now) }

    private var describeState: String {
        switch state {
        case .inactive: "inactive"
        case .stopped: "stopped"
        case .active: isRunning ? "running" : "paused"
        }
    }

    private func requireInactive(_ property: String) {
        checkUsage(state == .inactive, "UIViewPropertyAnimator.\(property) can be set only while the animator is inactive (it is \(describeState))")
    }

    /// inactive → active (paused): runs the pending blocks; the clock sits at the start of the run.
    private func activate() {
        state = .active
        isRunning = false
        clockU = reversed ? 1 : 0
        clockTime = now
        rate = 0
        secondsPerU = duration
        linearScrub = false
        let blocks = pendingBlocks
        pendingBlocks = []
        for block in blocks { runBlock(block.animations, windowStart: block.delayFactor) }
    }

    /// Runs a block now, recording its changes, and makes a track for each changed property. Keys that
    /// UIKit animates additively get an additive animation; the others begin from the presentation value
    /// (UIViewPropertyAnimator always begins from the current state).
    private func runBlock(_ block: () -> Void, windowStart: Double) {
        let recorder = AnimationRecorder(duration: duration)
        recorder.record(block)
        finishHandlers += recorder.finishHandlers
        for recorded in recorder.changes {
            guard let change = AnimatedChange(recorded, beginFromCurrentState: true) else { continue }
            let velocity = timing.velocity
            if velocity.dx != velocity.dy, let (x, y) = change.components {
                addTrack(x, windowStart: windowStart)
                addTrack(y, windowStart: windowStart)
            } else {
                addTrack(change, windowStart: windowStart)
            }
        }
    }

    private func addTrack(_ change: AnimatedChange, windowStart: Double) {
        let animation = DrivenPropertyAnimation(keyPath: change.key, progress: { _ in 0 })
        animation.driver = self
        animation.fromValue = change.from
        animation.toValue = change.to
        animation.isAdditive = change.isAdditive
        let track = Track(change: change, windowStart: windowStart, animation: animation,
                          segment: Segment(shape: .cubic(nil), a: 0, b: 0, k0: 0, k1: 0))
        track.segment = canonicalSegment(for: track, linear: linearScrub)
        animation.progressAt = { [self, track] t in track.segment.progress(at: self.u(at: t)) }
        tracks.append(track)
        // Non-additive keys replace whatever animates the key (UIKit's begin-from-current-state); additive
        // ones are added on top.
        change.layer.add(animation, forKey: change.isAdditive ? nil : change.key)
    }

    private func springVelocity(_ track: Track, _ v: CGVector) -> Double {
        Double(track.usesDY ? v.dy : v.dx)
    }

    /// The segment of an unbroken run under the current timing: 0 → 1 over the track's window, springs
    /// laid along u at `secondsPerU`.
    private func canonicalSegment(for track: Track, linear: Bool) -> Segment {
        let s = track.windowStart, span = max(1 - s, 1e-12)
        if linear { return Segment(shape: .cubic(nil), a: 0, b: 1, k0: -s / span, k1: 1 / span) }
        switch timing {
        case .cubic(let function):
            return Segment(shape: .cubic(function), a: 0, b: 1, k0: -s / span, k1: 1 / span)
        case .fittedSpring(let ratio, let velocity):
            let seconds = span * secondsPerU
            let spring = SpringCurve.uikit(duration: seconds, dampingRatio: ratio, initialVelocity: springVelocity(track, velocity))
            return Segment(shape: .spring(spring, cut: seconds), a: 0, b: 1, k0: -s * secondsPerU, k1: secondsPerU)
        case .physicalSpring(let curve, let velocity):
            let spring = curve.with(initialVelocity: springVelocity(track, velocity))
            return Segment(shape: .spring(spring, cut: span * secondsPerU), a: 0, b: 1, k0: -s * secondsPerU, k1: secondsPerU)
        }
    }

    /// A segment that continues a track from progress `p` at clock `u0` to the current target, reaching it
    /// when the clock reaches the track's end in that direction. Cubic timing re-enters its curve where it
    /// has progress `p` (no jump, UIKit's `curve⁻¹(p)`); springs start afresh from `p` with `velocity`
    /// (relative to the remaining distance).
    private func continuingSegment(for track: Track, progress p: Double, at u0: Double, velocity: Double) -> Segment {
        let goal = target
        let endU = goal == 1 ? 1.0 : track.windowStart
        let span = abs(endU - u0)
        guard span > 1e-12 else { return Segment(shape: .cubic(nil), a: goal, b: goal, k0: 0, k1: 0) }
        switch timing {
        case .cubic(let function):
            if p >= 0 && p <= 1 {
                let w0 = function.timeFraction(forProgress: p)
                let k1 = goal == 1 ? (1 - w0) / (endU - u0) : w0 / (u0 - endU)
                return Segment(shape: .cubic(function), a: 0, b: 1, k0: w0 - k1 * u0, k1: k1)
            }
            let k1 = 1 / (endU - u0)
            return Segment(shape: .cubic(function), a: p, b: goal, k0: -k1 * u0, k1: k1)
        case .fittedSpring(let ratio, _):
            let seconds = span * secondsPerU
            let spring = SpringCurve.uikit(duration: seconds, dampingRatio: ratio, initialVelocity: velocity)
            // UIKit fits the spring to at least 0.01 s: it has settled only then.
            return springSegment(spring, settledAt: min(max(seconds, 0.01), 10), from: 0, a: p, b: goal, at: u0, to: endU)
        case .physicalSpring(let curve, _):
            let spring = curve.with(initialVelocity: velocity)
            return springSegment(spring, settledAt: spring.settlingDuration, from: 0, a: p, b: goal, at: u0, to: endU)
        }
    }

    /// A spring segment from spring time `tau` at clock `u0` until the clock reaches `endU`: in real time
    /// (`secondsPerU`) when that leaves the spring time to settle, otherwise sped up so that it has settled
    /// exactly at `endU`. Either way the end of the run (where the model takes over) shows no jump.
    private func springSegment(_ spring: SpringCurve, settledAt settle: Double, from tau: Double,
                               a: Double, b: Double, at u0: Double, to endU: Double) -> Segment {
        let direction: Double = target == 1 ? 1 : -1
        let span = (endU - u0) * direction
        guard span > 1e-12 else { return Segment(shape: .cubic(nil), a: b, b: b, k0: 0, k1: 0) }
        let needed = max(settle - tau, 0)
        let speed = span * secondsPerU >= needed ? secondsPerU : needed / span
        let k1 = speed * direction
        return Segment(shape: .spring(spring, cut: tau + span * speed), a: a, b: b, k0: tau - k1 * u0, k1: k1)
    }

    /// The spring a track runs on in an unbroken run of `duration` under the current timing, with the time
    /// by which it has settled; nil for cubic timing.
    private func ownSpring(for track: Track) -> (spring: SpringCurve, settle: Double)? {
        let span = max(1 - track.windowStart, 1e-12)
        switch timing {
        case .cubic:
            return nil
        case .fittedSpring(let ratio, let velocity):
            let seconds = min(max(span * duration, 0.01), 10)
            return (SpringCurve.uikit(duration: seconds, dampingRatio: ratio, initialVelocity: springVelocity(track, velocity)), seconds)
        case .physicalSpring(let curve, let velocity):
            let spring = curve.with(initialVelocity: springVelocity(track, velocity))
            return (spring, spring.settlingDuration)
        }
    }

    /// Resumes spring timing on the same springs (`startAnimation()` after a pause, `continueAnimation` with
    /// nil parameters): each track re-enters its spring where the displacement from the target equals the
    /// distance it still has to go — UIKit's `t' = curve⁻¹(p)` for springs — and runs the rest
    /// of that spring, so a transition cancelled at 30 % takes only the spring's tail from 30 % to 0, not a
    /// whole new settling time. A track already on that spring towards that target continues exactly where
    /// it is (with its velocity). The clock resumes where the track with the smallest displacement is.
    /// False when no track spanning the whole run can be placed on its spring (paused past the target by more
    /// than the spring ever overshoots): the caller then starts fresh springs.
    private func resumeOnTheSameSprings(progress: [Double], at u0: Double, durationFactor: Double, delay: Double) -> Bool {
        let goal = target
        var placed: [(spring: SpringCurve, settle: Double, tau: Double)?] = []
        var reference: (displacement: Double, fraction: Double, remaining: Double)?
        for (track, p) in zip(tracks, progress) {
            guard let (spring, settle) = ownSpring(for: track) else { return false }
            let d = goal == 1 ? 1 - p : p
            var tau: Double?
            if case .spring(let current, _) = track.segment.shape, current == spring,
               track.segment.a == 1 - goal, track.segment.b == goal {
                tau = min(max(track.segment.k0 + track.segment.k1 * u0, 0), settle)
            } else {
                tau = spring.firstTime(atDisplacement: d, within: settle)
            }
            placed.append(tau.map { (spring, settle, $0) })
            if let tau, track.windowStart == 0, track.isAttached, abs(d) < reference?.displacement ?? .infinity {
                reference = (abs(d), tau / settle, settle - tau)
            }
        }
        guard let reference else { return false }
        let resumeU = goal == 1 ? reference.fraction : 1 - reference.fraction
        let distance = abs(goal - resumeU)
        let seconds = durationFactor > 0 ? durationFactor * duration : reference.remaining
        clockU = resumeU
        secondsPerU = distance > 0 ? seconds / distance : duration
        for (index, track) in tracks.enumerated() {
            let p = progress[index]
            if goal == 1 && resumeU <= track.windowStart && p == 0 {
                track.segment = canonicalSegment(for: track, linear: false)   // not begun: keep its delay
            } else if let entry = placed[index] {
                track.segment = springSegment(entry.spring, settledAt: entry.settle, from: entry.tau, a: 1 - goal, b: goal,
                                              at: resumeU, to: goal == 1 ? 1 : track.windowStart)
            } else {
                track.segment = continuingSegment(for: track, progress: p, at: resumeU, velocity: 0)
            }
        }
        linearScrub = false
        beginRun(seconds: seconds, delay: delay)
        return true
    }

    /// The progress of the blocks that span the whole run (the "visual" progress UIKit reports and resumes
    /// from): the one furthest behind in the direction of travel.
    private func referenceProgress(at u: Double) -> Double? {
        let values = tracks.filter { $0.windowStart == 0 && $0.isAttached }.map { $0.segment.progress(at: u) }
        guard !values.isEmpty else { return nil }
        return reversed ? values.max() : values.min()
    }

    /// Starts the clock towards the target over `seconds`, after `delay`.
    private func beginRun(seconds: Double, delay: Double) {
        cancelCompletionEvent()
        let distance = abs(target - clockU)
        state = .active
        isRunning = true
        clockTime = now + delay
        if distance > 0 && seconds > 0 {
            rate = (target - clockU) / seconds
            secondsPerU = seconds / distance
        } else {
            rate = 0
        }
        let end = clockTime + (rate == 0 ? 0 : distance / abs(rate))
        completionEvent = Timeline.current.schedule(at: end) { [self] in
            completionEvent = nil
            reachedEnd()
        }
    }

    private func freeze() {
        cancelCompletionEvent()
        clockU = currentU
        clockTime = now
        rate = 0
        isRunning = false
    }

    /// Paused → running, re-basing every track on the (new) timing: see `continueAnimation`.
    private func resume(with newTiming: Timing?, durationFactor: Double, parameterVelocity: Bool, delay: Double) {
        if let newTiming { timing = newTiming }
        let u0 = clockU
        let progress = tracks.map { $0.segment.progress(at: u0) }
        if newTiming == nil, resumeOnTheSameSprings(progress: progress, at: u0, durationFactor: durationFactor, delay: delay) {
            return
        }
        // Where on the clock to resume: cubic timing maps the visual progress back onto the curve
        // (t' = curve⁻¹(p)); new springs (or ones that cannot be placed on their own spring) resume from the
        // fraction of the distance covered, so an overshoot past the target still has time to settle.
        var resumeU = u0
        if let p = referenceProgress(at: u0) {
            switch timing {
            case .cubic(let function):
                if p >= 0 && p <= 1 { resumeU = function.timeFraction(forProgress: p) }
            case .fittedSpring, .physicalSpring:
                resumeU = reversed ? min(abs(p), 1) : 1 - min(abs(1 - p), 1)
            }
        }
        let distance = abs(target - resumeU)
        let velocity = parameterVelocity ? timing.velocity : .zero
        var seconds: Double
        if durationFactor > 0 {
            seconds = durationFactor * duration
        } else if case .physicalSpring(let curve, _) = timing {
            // A spring that defines its own duration runs until it settles.
            seconds = max(curve.with(initialVelocity: Double(velocity.dx)).settlingDuration,
                          curve.with(initialVelocity: Double(velocity.dy)).settlingDuration)
        } else {
            seconds = duration * distance
        }
        clockU = resumeU
        secondsPerU = distance > 0 ? seconds / distance : duration
        for (track, p) in zip(tracks, progress) {
            if target == 1 && resumeU <= track.windowStart && p == 0 {
                track.segment = canonicalSegment(for: track, linear: false)   // not begun: keep its delay
            } else {
                track.segment = continuingSegment(for: track, progress: p, at: resumeU, velocity: springVelocity(track, velocity))
            }
        }
        linearScrub = false
        beginRun(seconds: seconds, delay: delay)
    }

    /// Running → running the other way: the clock turns round at the same speed and each track retraces its
    /// curve; a track whose curve cannot lead back to the new target (it was re-based mid-way) continues
    /// from where it is, keeping its velocity.
    private func reverseWhileRunning() {
        let t = now
        let u0 = currentU
        let oldRate = rate
        clockU = u0
        clockTime = max(clockTime, t)
        if rate == 0 {
            // At an end already, or stopped by a zero-length run: run the whole way back.
            beginRun(seconds: duration * abs(target - clockU), delay: max(clockTime - t, 0))
            return
        }
        rate = -rate
        let goal = target
        for track in tracks {
            let endU = goal == 1 ? 1.0 : track.windowStart
            guard abs(track.segment.progress(at: endU) - goal) > 2e-3 else { continue }
            let p = track.segment.progress(at: u0)
            let dpdt = track.segment.slope(at: u0) * oldRate
            let relative = goal - p != 0 ? dpdt / (goal - p) : 0
            track.segment = continuingSegment(for: track, progress: p, at: u0, velocity: relative)
        }
        cancelCompletionEvent()
        let end = clockTime + abs(goal - u0) / abs(rate)
        completionEvent = Timeline.current.schedule(at: end) { [self] in
            completionEvent = nil
            reachedEnd()
        }
    }

    private func reachedEnd() {
        clockU = target
        clockTime = now
        rate = 0
        isRunning = false
        if pausesOnCompletion { return }
        let position: UIViewAnimatingPosition = reversed ? .start : .end
        // Forward, the model already holds the end values; reversed, UIKit writes the start values.
        if reversed { writeModel(at: .start) }
        detachAnimations()
        complete(at: position)
    }

    /// Writes the values at one end into the model (without animating), last block winning at `.end` and
    /// first block winning at `.start`.
    private func writeModel(at position: UIViewAnimatingPosition) {
        guard position != .current else { return }
        let ordered = position == .end ? tracks : tracks.reversed()
        UIView.performWithoutAnimation {
            for track in ordered where !track.wasReplaced {
                track.layer.setValue(position == .end ? track.change.endValue : track.change.startValue, forKey: track.key)
            }
        }
    }

    /// Removes this animator's animations from their layers, remembering which were already gone
    /// (replaced by a newer animation of the same key, or removed by hand).
    private func detachAnimations() {
        for track in tracks {
            if track.isAttached { track.layer.remove(track.animation) } else { track.wasReplaced = true }
        }
    }

    private func complete(at position: UIViewAnimatingPosition) {
        let callbacks = completions
        reset()
        for completion in callbacks { completion(position) }
    }

    /// Back to inactive: the blocks and completions have been used; the timing override ends.
    private func reset() {
        let handlers = finishHandlers
        finishHandlers = []
        for handler in handlers { handler() }
        cancelCompletionEvent()
        detachAnimations()
        tracks = []
        completions = []
        pendingBlocks = []
        timing = baseTiming
        state = .inactive
        isRunning = false
        clockU = 0
        rate = 0
        linearScrub = false
    }

    private func cancelCompletionEvent() {
        if let event = completionEvent { Timeline.current.cancel(event) }
        completionEvent = nil
    }
}
