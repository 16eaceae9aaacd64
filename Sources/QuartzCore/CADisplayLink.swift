/// A range of frame rates a display link asks for (Apple's `CAFrameRateRange`).
public struct CAFrameRateRange: Equatable, Hashable, Sendable {
    public var minimum: Float
    public var maximum: Float
    public var preferred: Float?
    public init(minimum: Float, maximum: Float, preferred: Float? = nil) {
        self.minimum = minimum; self.maximum = maximum; self.preferred = preferred
    }
    public init(minimum: Float, maximum: Float) { self.init(minimum: minimum, maximum: maximum, preferred: nil) }
    /// No preference: the display's own rate.
    public static let `default` = CAFrameRateRange(minimum: 0, maximum: 0, preferred: 0)
    public func isEqual(to range: CAFrameRateRange) -> Bool { self == range }
}

/// A timer in step with the display, on the virtual clock.
///
/// The display refreshes on the render's frame grid (frame i at i / fps; 60 Hz when nothing renders, e.g.
/// a test advancing a timeline by hand). A display link added to the run loop calls its target once per
/// frame, at the frame's time, before that frame's layout pass and render. In the callback
/// `targetTimestamp` is the time of the frame being prepared (the one the render will show, and
/// `CACurrentMediaTime()`), `timestamp` the frame shown before it, and their difference `duration`, as on
/// iOS. A preferred rate below the display's skips frames: the link fires every k-th frame, with k the
/// largest whole number for which fps / k is still at least the preferred rate.
///
/// `CADisplayLink(target: self, selector: #selector(step(_:)))` becomes
/// `CADisplayLink(target: self, selector: Self.step)` (an unapplied method reference; the method may take
/// the link or nothing). As on iOS the link retains its target and the run loop retains the link until
/// `invalidate()`: a running link keeps the scene from settling, so pause or invalidate it when its motion
/// ends.
public final class CADisplayLink {
    private var action: ((CADisplayLink) -> Void)?
    private var modes: Set<RunLoop.Mode> = []
    private var pending: (timeline: Timeline, event: Int)?
    private var lastFrame = -1

    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> (CADisplayLink) -> Void) {
        action = { link in selector(target)(link) }
    }
    public init<Target: AnyObject>(target: Target, selector: @escaping (Target) -> () -> Void) {
        action = { _ in selector(target)() }
    }

    /// The time of the last frame shown (the one before the frame being prepared).
    public private(set) var timestamp: CFTimeInterval = 0
    /// The time of the frame being prepared.
    public private(set) var targetTimestamp: CFTimeInterval = 0
    /// Seconds between two callbacks at the link's rate.
    public var duration: CFTimeInterval { Double(framesPerCallback(rate: Timeline.current.frameRate)) / Double(Timeline.current.frameRate) }

    public var isPaused: Bool = false {
        didSet { reschedule() }
    }
    /// 0: the display's rate.
    public var preferredFramesPerSecond: Int = 0 {
        didSet { reschedule() }
    }
    /// The preferred rate counts (else the maximum); minimum is not consulted, the display always has time.
    public var preferredFrameRateRange: CAFrameRateRange = .default {
        didSet { reschedule() }
    }

    public func add(to runloop: RunLoop, forMode mode: RunLoop.Mode) {
        guard action != nil else { return }
        modes.insert(mode)
        reschedule()
    }
    public func remove(from runloop: RunLoop, forMode mode: RunLoop.Mode) {
        modes.remove(mode)
        reschedule()
    }
    /// Removes the link from every mode and releases the target.
    public func invalidate() {
        modes.removeAll()
        action = nil
        reschedule()
    }

    /// How many display frames pass between two callbacks.
    private func framesPerCallback(rate: Int) -> Int {
        let range = preferredFrameRateRange
        var preferred = 0.0
        if let wanted = range.preferred, wanted > 0 {
            preferred = Double(wanted)
        } else if range.maximum > 0 {
            preferred = Double(range.maximum)
        } else if preferredFramesPerSecond > 0 {
            preferred = Double(preferredFramesPerSecond)
        }
        guard preferred > 0, preferred < Double(rate) else { return 1 }
        return max(1, Int((Double(rate) / preferred + 1e-9).rounded(.down)))
    }

    private var isActive: Bool { action != nil && !modes.isEmpty && !isPaused }

    private func reschedule() {
        if let pending { pending.timeline.cancel(pending.event); self.pending = nil }
        guard isActive else { return }
        let timeline = Timeline.current
        let rate = timeline.frameRate
        let step = framesPerCallback(rate: rate)
        // The next frame strictly after now (the 1e-6 keeps a time that is a whole frame on that frame),
        // on the link's own multiples, and never a frame the link already served.
        var frame = Int((timeline.now * Double(rate) + 1e-6).rounded(.down)) + 1
        frame = max(frame, lastFrame + 1)
        frame = (frame + step - 1) / step * step
        let time = Double(frame) / Double(rate)
        let event = timeline.schedule(at: time) { [self] in
            pending = nil
            lastFrame = frame
            targetTimestamp = time
            timestamp = Double(frame - step) / Double(rate)
            action?(self)
            if pending == nil { reschedule() }
        }
        pending = (timeline, event)
    }
}
