import Dispatch

// The main run loop on the virtual clock: main-queue blocks, timers and delayed performs scheduled inside a
// scene run on the scene's timeline, in order, between its animations' events, so they show in renders
// and never depend on how fast the machine is. "Inside a scene" means a timeline is bound to the task
// (`Timeline.isBound`: a SceneSession runs the code, or a test binds one); outside, the calls go to
// Dispatch and Foundation unchanged.

extension DispatchQueue {
    /// Whether blocks for this queue run on the virtual clock: the main queue, inside a scene.
    private var runsOnTimeline: Bool {
        Timeline.current.isBound && label == DispatchQueue.main.label
    }

    /// Dispatch's `async(execute:)`; on the main queue inside a scene the block runs on the virtual clock
    /// at the current time, after the work already due then (first in, first out).
    ///
    /// Swift ranks this overload (fewer defaulted parameters) above Dispatch's, so
    /// `DispatchQueue.main.async { … }` compiles unchanged and lands here; calls that pass `qos:`, `flags:`
    /// or `group:` go to Dispatch.
    public func async(execute work: @escaping @Sendable () -> Void) {
        guard runsOnTimeline else { return async(group: nil, qos: .unspecified, flags: [], execute: work) }
        Timeline.current.schedule(at: Timeline.current.now) { work() }
    }

    /// Dispatch's `asyncAfter(deadline:execute:)`; on the main queue inside a scene the block runs on the
    /// virtual clock `deadline − DispatchTime.now()` later, rounded up to whole milliseconds (which absorbs
    /// the nanoseconds that pass between the caller's `.now()` and ours: `.now() + 0.3` is 0.3 s).
    public func asyncAfter(deadline: DispatchTime, execute work: @escaping @Sendable () -> Void) {
        guard runsOnTimeline else { return asyncAfter(deadline: deadline, qos: .unspecified, flags: [], execute: work) }
        let nanoseconds = deadline.uptimeNanoseconds >= DispatchTime.now().uptimeNanoseconds
            ? Double(deadline.uptimeNanoseconds - DispatchTime.now().uptimeNanoseconds) : 0
        Self.scheduleOnTimeline(afterNanoseconds: nanoseconds, work)
    }

    /// Dispatch's `asyncAfter(wallDeadline:execute:)`, on the virtual clock as `asyncAfter(deadline:)`.
    public func asyncAfter(wallDeadline: DispatchWallTime, execute work: @escaping @Sendable () -> Void) {
        guard runsOnTimeline else { return asyncAfter(wallDeadline: wallDeadline, qos: .unspecified, flags: [], execute: work) }
        // Dispatch encodes wall times privately (as negated nanoseconds, or with a flag bit): measured
        // against a known second, the difference of two raw values is a multiple of it either way.
        let now = DispatchWallTime.now()
        let second = Double(Int64(bitPattern: (now + 1.0).rawValue &- now.rawValue))
        let raw = Double(Int64(bitPattern: wallDeadline.rawValue &- now.rawValue))
        Self.scheduleOnTimeline(afterNanoseconds: second == 0 ? 0 : max(0, raw / second * 1e9), work)
    }

    private static func scheduleOnTimeline(afterNanoseconds nanoseconds: Double, _ work: @escaping () -> Void) {
        let milliseconds = (nanoseconds / 1e6).rounded(.up)
        let timeline = Timeline.current
        timeline.schedule(at: Timeline.exactSum(timeline.now, milliseconds / 1000)) { work() }
    }
}

/// A timer on the virtual clock: this package's `Timer`, which shadows Foundation's in files that import
/// UIKit (or QuartzCore) and not Foundation itself.
///
/// `Timer.scheduledTimer(withTimeInterval:repeats:block:)`, `Timer(timeInterval:repeats:block:)` with
/// `RunLoop.main.add(_:forMode:)`, and the target–action form with a method reference
/// (`Timer.scheduledTimer(timeInterval: 0.5, target: self, selector: Self.tick, userInfo: nil, repeats: true)`)
/// fire on the scene's timeline: at `fireDate`, then every `timeInterval` after the previous fire date
/// (a repeating timer never drifts). A file that imports Foundation as well finds two `Timer`s
/// (ambiguous): drop its `import Foundation` (UIKit re-exports it) or write `QuartzCore.Timer`.
/// Outside a scene the timer is handed to Foundation's run loop.
///
/// `fireDate` is a `Date` on the scene's clock: seconds since the scene began, from the reference date.
/// A valid timer keeps the scene from settling until it fires (a repeating one until it is invalidated).
open class Timer: NSObject, @unchecked Sendable {
    private var block: ((Timer) -> Void)?
    public let timeInterval: TimeInterval
    private let repeats: Bool
    public var tolerance: TimeInterval = 0
    public private(set) var userInfo: Any?
    private var timeline: Timeline?
    private var pending: Int?
    private var foundationTimer: Foundation.Timer?
    private var fireTime: TimeInterval

    /// Apple's designated initializer; the timer runs once added to a run loop.
    public init(fire date: Date, interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        self.block = block
        timeInterval = interval
        self.repeats = repeats
        fireTime = date.timeIntervalSinceReferenceDate
        super.init()
    }
    public convenience init(timeInterval interval: TimeInterval, repeats: Bool, block: @escaping @Sendable (Timer) -> Void) {
        self.init(fire: Date(timeIntervalSinceReferenceDate: Timeline.current.now + interval), interval: interval,
                  repeats: repeats, block: block)
    }
    /// `Timer(timeInterval:target:selector:userInfo:repeats:)` with a method reference for the selector.
    public convenience init<Target: AnyObject>(timeInterval interval: TimeInterval, target: Target,
                                               selector: @escaping (Target) -> (Timer) -> Void, userInfo: Any?, repeats: Bool) {
        nonisolated(unsafe) let call = { (timer: Timer) in selector(target)(timer) }
        self.init(timeInterval: interval, repeats: repeats) { call($0) }
        self.userInfo = userInfo
    }
    public convenience init<Target: AnyObject>(timeInterval interval: TimeInterval, target: Target,
                                               selector: @escaping (Target) -> () -> Void, userInfo: Any?, repeats: Bool) {
        nonisolated(unsafe) let call = { selector(target)() }
        self.init(timeInterval: interval, repeats: repeats) { _ in call() }
        self.userInfo = userInfo
    }

    @discardableResult
    open class func scheduledTimer(withTimeInterval interval: TimeInterval, repeats: Bool,
                                   block: @escaping @Sendable (Timer) -> Void) -> Timer {
        let timer = Timer(timeInterval: interval, repeats: repeats, block: block)
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }
    @discardableResult
    open class func scheduledTimer<Target: AnyObject>(timeInterval interval: TimeInterval, target: Target,
                                                      selector: @escaping (Target) -> (Timer) -> Void,
                                                      userInfo: Any?, repeats: Bool) -> Timer {
        let timer = Timer(timeInterval: interval, target: target, selector: selector, userInfo: userInfo, repeats: repeats)
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }
    @discardableResult
    open class func scheduledTimer<Target: AnyObject>(timeInterval interval: TimeInterval, target: Target,
                                                      selector: @escaping (Target) -> () -> Void,
                                                      userInfo: Any?, repeats: Bool) -> Timer {
        let timer = Timer(timeInterval: interval, target: target, selector: selector, userInfo: userInfo, repeats: repeats)
        RunLoop.current.add(timer, forMode: .default)
        return timer
    }

    /// When the timer fires next, on the scene's clock (seconds since the scene began, from the reference date).
    open var fireDate: Date {
        get { Date(timeIntervalSinceReferenceDate: fireTime) }
        set { fireTime = newValue.timeIntervalSinceReferenceDate; if pending != nil { schedule() } }
    }
    open var isValid: Bool { block != nil }

    /// Runs the block now; a non-repeating timer is then invalidated, a repeating one keeps its schedule.
    open func fire() {
        guard let block else { return }
        block(self)
        if !repeats { invalidate() }
    }

    open func invalidate() {
        if let pending, let timeline { timeline.cancel(pending) }
        pending = nil
        foundationTimer?.invalidate()
        foundationTimer = nil
        block = nil
    }

    /// Starts the timer on `timeline` (a run loop's `add`).
    fileprivate func start(on runLoop: RunLoop, mode: RunLoop.Mode) {
        guard isValid, pending == nil, foundationTimer == nil else { return }
        guard Timeline.current.isBound else {
            // Outside a scene: Foundation's timer on the real run loop, calling this one.
            let interval = timeInterval
            let owner = self
            let real = Foundation.Timer(fire: fireDate, interval: interval, repeats: repeats) { _ in owner.fire() }
            foundationTimer = real
            runLoop.add(real, forMode: mode)
            return
        }
        timeline = Timeline.current
        schedule()
    }

    private func schedule() {
        guard let timeline else { return }
        if let pending { timeline.cancel(pending) }
        pending = timeline.schedule(at: fireTime) { [self] in
            pending = nil
            guard let block else { return }
            if repeats {
                // The next fire date counts from this one; fire dates already past are skipped, as on iOS.
                let interval = max(timeInterval, 0.0001)
                repeat { fireTime = Timeline.exactSum(fireTime, interval) } while fireTime <= timeline.now
                schedule()
            }
            block(self)
            if !repeats { self.block = nil }
        }
    }
}

extension RunLoop {
    /// Foundation's `add(_:forMode:)` for this package's `Timer`: inside a scene the timer runs on the
    /// virtual clock.
    public func add(_ timer: Timer, forMode mode: RunLoop.Mode) {
        timer.start(on: self, mode: mode)
    }
}

extension NSObjectProtocol where Self: AnyObject {
    /// `perform(#selector(hide), with: nil, afterDelay: 0.3)` becomes `perform(Self.hide, with: nil, afterDelay: 0.3)`:
    /// the method reference is called with the argument after `delay` seconds of the virtual clock (inside a
    /// scene; outside, after `delay` real seconds on the main queue). The target is retained until then, as on iOS.
    public func perform<Argument>(_ aSelector: @escaping (Self) -> (Argument) -> Void, with anArgument: Argument,
                                  afterDelay delay: TimeInterval) {
        nonisolated(unsafe) let call = { aSelector(self)(anArgument) }
        performLater(delay) { call() }
    }
    /// The same for a method without a parameter (the argument is ignored, as it must be nil).
    public func perform(_ aSelector: @escaping (Self) -> () -> Void, with anArgument: Any?, afterDelay delay: TimeInterval) {
        nonisolated(unsafe) let call = { aSelector(self)() }
        performLater(delay) { call() }
    }

    private func performLater(_ delay: TimeInterval, _ call: @escaping @Sendable () -> Void) {
        let timeline = Timeline.current
        guard timeline.isBound else {
            DispatchQueue.main.asyncAfter(deadline: .now() + delay, qos: .unspecified, flags: [], execute: call)
            return
        }
        let key = ObjectIdentifier(self)
        var event = 0
        event = timeline.schedule(at: Timeline.exactSum(timeline.now, max(delay, 0))) {
            timeline.performRequests[key]?.removeAll { $0 == event }
            call()
        }
        timeline.performRequests[key, default: []].append(event)
    }
}

extension NSObject {
    /// Cancels the pending `perform(_:with:afterDelay:)` requests of `aTarget` on the virtual clock.
    public class func cancelPreviousPerformRequests(withTarget aTarget: Any) {
        let object = aTarget as AnyObject
        let timeline = Timeline.current
        let key = ObjectIdentifier(object)
        for event in timeline.performRequests.removeValue(forKey: key) ?? [] { timeline.cancel(event) }
    }
}
