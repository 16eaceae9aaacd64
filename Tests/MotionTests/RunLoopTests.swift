import Testing
import Dispatch
@testable import QuartzCore
import UIKit

// This package's `Timer` (on the virtual clock) shadows Foundation's in files that reach Foundation only
// through UIKit, as app code that imports UIKit alone does. A test file also sees Foundation through
// Testing's cross-import overlay, so here it is written `QuartzCore.Timer`.

/// What the callbacks saw, in order.
final class RunLoopLog: @unchecked Sendable {
    var entries: [String] = []
    var times: [Double] = []
}

/// Display links, main-queue blocks, timers and delayed performs on the virtual clock.
@Suite struct RunLoopTests {
    final class Ticker {
        var seen: [(now: Double, timestamp: Double, target: Double, duration: Double)] = []
        func step(_ link: CADisplayLink) {
            seen.append((CACurrentMediaTime(), link.timestamp, link.targetTimestamp, link.duration))
        }
    }

    @Test func displayLinkCallsOncePerFrameWithIOSTimestamps() {
        let timeline = Timeline()
        Timeline.$current.withValue(timeline) {
            let ticker = Ticker()
            let link = CADisplayLink(target: ticker, selector: Ticker.step)
            link.add(to: .main, forMode: .common)
            link.add(to: .main, forMode: .default)  // in two modes, still once per frame
            timeline.advance(to: 0.1)
            #expect(ticker.seen.map(\.target) == (1...6).map { Double($0) / 60 })
            #expect(ticker.seen.allSatisfy { $0.now == $0.target && abs($0.target - $0.timestamp - 1.0 / 60) < 1e-12 && $0.duration == 1.0 / 60 })

            // 30 fps on a 60 Hz display: every other frame, and the duration says so.
            ticker.seen = []
            link.preferredFramesPerSecond = 30
            timeline.advance(to: 0.2)
            #expect(ticker.seen.map(\.target) == [8, 10, 12].map { Double($0) / 60 })
            #expect(ticker.seen.allSatisfy { abs($0.target - $0.timestamp - 2.0 / 60) < 1e-12 })

            ticker.seen = []
            link.isPaused = true
            #expect(timeline.isIdle)
            timeline.advance(to: 0.3)
            #expect(ticker.seen.isEmpty)
            link.isPaused = false
            link.invalidate()
            #expect(timeline.isIdle)
        }
    }

    @Test func displayLinkFollowsTheDisplaysFrameRate() {
        let timeline = Timeline()
        timeline.frameRate = 25
        Timeline.$current.withValue(timeline) {
            let ticker = Ticker()
            let link = CADisplayLink(target: ticker, selector: Ticker.step)
            link.add(to: .main, forMode: .common)
            timeline.advance(to: 0.2)
            #expect(ticker.seen.map(\.target) == (1...5).map { Double($0) / 25 })
            link.invalidate()
        }
    }

    @Test func mainQueueBlocksRunInOrderOnTheVirtualClock() {
        let timeline = Timeline()
        let log = RunLoopLog()
        Timeline.$current.withValue(timeline) {
            timeline.schedule(at: 0.5) { log.entries.append("animation end") }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.5) { log.entries.append("after 0.5") }
            DispatchQueue.main.async { log.entries.append("first") }
            DispatchQueue.main.asyncAfter(deadline: .now() + 0.3) {
                log.entries.append("after 0.3")
                log.times.append(CACurrentMediaTime())
                DispatchQueue.main.async { log.entries.append("queued at 0.3") }
            }
            DispatchQueue.main.async { log.entries.append("second") }
            #expect(log.entries.isEmpty)  // nothing runs before the run loop turns
            timeline.advance(to: 0)
            #expect(log.entries == ["first", "second"])
            timeline.advance(to: 1)
            #expect(log.entries == ["first", "second", "after 0.3", "queued at 0.3", "animation end", "after 0.5"])
            #expect(log.times == [0.3])
        }
    }

    @Test func otherQueuesAndUnboundCodeGoToDispatch() async {
        let timeline = Timeline()
        await Timeline.$current.withValue(timeline) {
            await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
                DispatchQueue.global().async { done.resume() }
            }
            #expect(timeline.isIdle)
        }
        #expect(!Timeline.current.isBound)
    }

    final class Counter {
        var fired: [Double] = []
        func tick() { fired.append(CACurrentMediaTime()) }
    }

    @Test func timersFireOnTheVirtualClock() {
        let timeline = Timeline()
        let log = RunLoopLog()
        Timeline.$current.withValue(timeline) {
            let repeating = QuartzCore.Timer.scheduledTimer(withTimeInterval: 0.25, repeats: true) { _ in log.times.append(CACurrentMediaTime()) }
            let once = QuartzCore.Timer.scheduledTimer(withTimeInterval: 0.4, repeats: false) { _ in log.entries.append("once") }
            #expect(repeating.isValid && once.fireDate.timeIntervalSinceReferenceDate == 0.4)
            timeline.advance(to: 0.8)
            #expect(log.times == [0.25, 0.5, 0.75])
            #expect(log.entries == ["once"] && !once.isValid)
            repeating.invalidate()
            #expect(timeline.isIdle)

            // Target–action with a method reference; a timer made with init runs once added to the run loop.
            let counter = Counter()
            let action = QuartzCore.Timer.scheduledTimer(timeInterval: 0.1, target: counter, selector: Counter.tick, userInfo: nil, repeats: false)
            let added = QuartzCore.Timer(timeInterval: 0.2, repeats: false) { _ in log.entries.append("added") }
            RunLoop.main.add(added, forMode: .common)
            action.fire()  // fires now and, not repeating, is done
            timeline.advance(to: 1.2)
            #expect(counter.fired == [0.8])
            #expect(log.entries == ["once", "added"])
        }
    }

    final class Hider: NSObject {
        var hidden: [Double] = []
        var shown: [String] = []
        func hide() { hidden.append(CACurrentMediaTime()) }
        func show(_ what: String) { shown.append(what) }
    }

    @Test func delayedPerformsAndTheirCancellation() {
        let timeline = Timeline()
        Timeline.$current.withValue(timeline) {
            let hider = Hider()
            hider.perform(Hider.hide, with: nil, afterDelay: 0.3)
            hider.perform(Hider.show, with: "menu", afterDelay: 0.1)
            timeline.advance(to: 0.2)
            #expect(hider.shown == ["menu"])
            NSObject.cancelPreviousPerformRequests(withTarget: hider)
            timeline.advance(to: 1)
            #expect(hider.hidden.isEmpty && timeline.isIdle)
            hider.perform(Hider.hide, with: nil, afterDelay: 0.3)
            timeline.advance(to: 2)
            #expect(hider.hidden == [1.3])
        }
    }
}
