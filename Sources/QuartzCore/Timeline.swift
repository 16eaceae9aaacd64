@_exported import CoreGraphics
import Foundation

/// The virtual clock and event queue every animation runs on. Nothing in this package reads the wall clock:
/// `CACurrentMediaTime()` answers `Timeline.current.now`, and the Stage advances it frame by frame.
///
/// A timeline is bound per task (`Timeline.$current.withValue(…)`), so two scenes, or two tests, can run at
/// once without sharing time or pending completions. Code outside any binding uses one shared default.
/// A scene reads the clock (`CACurrentMediaTime()`, `now`) and writes marks; scheduling and advancing are
/// the session's (package-level).
public final class Timeline: @unchecked Sendable {
    @TaskLocal public static var current = Timeline.unbound

    /// The timeline of code that runs outside any binding: nothing advances it, so the run-loop APIs
    /// (`DispatchQueue.main`, `Timer`) hand such code to Foundation and Dispatch instead.
    private static let unbound = Timeline()

    /// Whether this timeline was bound to a task (by a `SceneSession`, or by a test with
    /// `Timeline.$current.withValue`): "inside a scene", where the run-loop APIs run on the virtual clock.
    package var isBound: Bool { self !== Timeline.unbound }

    /// The display's refresh rate: display links and UIKit Dynamics step on its frame grid (frame i at
    /// i / frameRate, the times a render shows). The session sets the render's frame rate; 60 otherwise.
    package var frameRate: Int = 60

    /// Pending `perform(_:with:afterDelay:)` requests by target, for `cancelPreviousPerformRequests`.
    package var performRequests: [ObjectIdentifier: [Int]] = [:]

    /// Seconds since the scene started.
    public private(set) var now: TimeInterval = 0

    private struct Event { let time: TimeInterval; let order: Int; let work: () -> Void }
    private var events: [Event] = []
    private var nextOrder = 0

    /// Labelled moments (transition begins and ends, touches), for planning goldens and plots.
    public private(set) var marks: [(time: TimeInterval, label: String)] = []
    public func mark(_ label: String) { queueLock.withLock { marks.append((now, label)) } }

    /// Guards the event queue and the marks. A bound timeline belongs to one task at a time; the unbound one
    /// is shared by every thread that runs outside a binding (tests in parallel, a user's own unit tests), so
    /// its queue must not be mutated by two threads at once.
    private let queueLock = NSLock()

    /// Marks the start of a transition named `label`. Clip planning, filmstrips, plots and scene goldens
    /// take a transition to be the span from this mark to the matching `markTransitionEnd`. View-controller
    /// transitions mark themselves; a scene whose motion is not one (a block a property animator drags and
    /// settles) marks its own, e.g. from an animator's creation to its completion.
    public func markTransitionBegin(_ label: String) { mark("transition.begin \(label)") }
    /// Marks the end of the transition `label` began: completed, or cancelled (it went back to where it began).
    public func markTransitionEnd(_ label: String, completed: Bool) {
        mark("transition.end \(label) \(completed ? "completed" : "cancelled")")
    }

    /// Open CATransaction scopes, innermost last. Outside any binding they are kept per thread: scopes opened
    /// by code on different threads (parallel tests) are unrelated, and one shared stack would be a data race.
    var transactions: [[String: Any]] {
        get {
            if isBound { return boundTransactions }
            return Thread.current.threadDictionary[Self.threadTransactionsKey] as? [[String: Any]] ?? []
        }
        set {
            if isBound { boundTransactions = newValue; return }
            Thread.current.threadDictionary[Self.threadTransactionsKey] = newValue
        }
    }
    private var boundTransactions: [[String: Any]] = []
    private static let threadTransactionsKey = "render-transition.QuartzCore.transactions"

    public init() {}

    /// Runs `work` when the clock reaches `time` (at once in `advance` if `time` is already past).
    /// Events at the same time run in the order they were scheduled. The answer identifies the event for
    /// `cancel(_:)`.
    @discardableResult
    package func schedule(at time: TimeInterval, _ work: @escaping () -> Void) -> Int {
        checkUsage(time.isFinite, "Timeline.schedule: time must be finite")
        return queueLock.withLock {
            events.append(Event(time: max(time, now), order: nextOrder, work: work))
            nextOrder += 1
            return nextOrder - 1
        }
    }

    /// Removes a pending event (nothing happens if it already ran), so a re-timed animation does not keep
    /// the timeline busy until its old end.
    package func cancel(_ event: Int) {
        queueLock.withLock { events.removeAll { $0.order == event } }
    }

    /// The time of the earliest pending event.
    package var nextEventTime: TimeInterval? { queueLock.withLock { events.min(by: Self.earlier)?.time } }

    /// Whether anything is still scheduled.
    package var isIdle: Bool { queueLock.withLock { events.isEmpty } }

    /// Moves the clock forward to `time`, running every event due on the way at its own time, in order.
    /// Events may schedule further events; those run too if they fall due before `time`.
    package func advance(to time: TimeInterval) {
        checkUsage(time >= now, "Timeline.advance: time runs forward only (\(time) < \(now))")
        while let event = queueLock.withLock({ () -> Event? in
            guard let index = events.indices.min(by: { Self.earlier(events[$0], events[$1]) }),
                  events[index].time <= time else { return nil }
            return events.remove(at: index)
        }) {
            now = event.time
            event.work()   // outside the lock: work schedules further events
        }
        now = time
    }

    /// The grid scripted and scheduled times share: whole ticks of 1/705,600,000 s, a rate every common
    /// frame rate divides.
    package static let ticksPerSecond: Int64 = 705_600_000

    /// `a + b` on the tick grid, divided once: 0.3 + 0.5 gives exactly 0.8 (frame 48 at 60 fps) where the
    /// double sum could land an ulp away. Times off the grid keep their nearest tick.
    package static func exactSum(_ a: TimeInterval, _ b: TimeInterval) -> TimeInterval {
        let ticks = (a * Double(ticksPerSecond)).rounded() + (b * Double(ticksPerSecond)).rounded()
        return ticks / Double(ticksPerSecond)
    }

    private static func earlier(_ a: Event, _ b: Event) -> Bool {
        a.time != b.time ? a.time < b.time : a.order < b.order
    }
}

/// The current virtual media time, in seconds.
public func CACurrentMediaTime() -> CFTimeInterval { Timeline.current.now }

/// Seconds since 1 January 2001 00:00 UTC (Core Foundation's reference date).
public typealias CFAbsoluteTime = CFTimeInterval

/// The moment a render starts, as a `CFAbsoluteTime`: 9 June 2025, 09:41:00 UTC (a WWDC keynote morning at
/// the time iOS shows on its status bar).
public let renderStartAbsoluteTime: CFAbsoluteTime = 771_154_860

/// "Now" on the virtual clock: `renderStartAbsoluteTime` plus the scene's time, so code that measures
/// velocities or durations with it (`CFAbsoluteTimeGetCurrent() - start`) renders the same on every run.
/// On iOS it reads the wall clock.
public func CFAbsoluteTimeGetCurrent() -> CFAbsoluteTime { renderStartAbsoluteTime + Timeline.current.now }

public typealias CFTimeInterval = Double
