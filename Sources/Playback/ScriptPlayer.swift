import UIKit
import Stage

/// Plays a script on the timeline: each step schedules the next. Touches are marked on the timeline
/// ("touch.down x,y", "touch.up x,y"; " finger N" for fingers other than 0).
///
/// The script's own clock counts whole ticks of 1/705,600,000 s (a rate every common frame rate divides),
/// so a 0.2 s lead-in and a 0.1 s tap end at exactly 0.3 s, not 0.30000000000000004: each event time is the
/// tick count divided once, the same correctly rounded double as frame 18's 18/60. Steps that wait for
/// animations to settle pick the clock up from the timeline.
final class ScriptPlayer {
    static let ticksPerSecond: Int64 = Timeline.ticksPerSecond
    static func ticks(_ seconds: TimeInterval) -> Int64 { Int64((max(seconds, 0) * Double(ticksPerSecond)).rounded()) }
    static func seconds(_ ticks: Int64) -> TimeInterval { Double(ticks) / Double(ticksPerSecond) }

    /// Where the script is, in ticks.
    private var clock: Int64
    private var steps: [Script.Step]
    private let touchRate: Double
    private unowned let window: UIWindow
    private(set) var isWaitingForIdle = false
    private(set) var finishedAt: TimeInterval?
    /// Where each finger that is down is (window coordinates).
    private var fingers: [Int: CGPoint] = [:]
    /// Where and when fingers lifted, for the touch dots that fade after a lift; lifts older than
    /// `TouchOverlay.afterLift` are dropped at the next lift.
    private(set) var lifts: [(location: CGPoint, time: TimeInterval)] = []

    init(script: Script, window: UIWindow, start: TimeInterval) {
        steps = script.steps + [.waitUntilIdle]
        touchRate = script.touchRate
        self.window = window
        clock = Self.ticks(start)
        Timeline.current.schedule(at: Self.seconds(clock)) { [weak self] in self?.runNext() }
    }

    func resume() {
        isWaitingForIdle = false
        clock = Self.ticks(CACurrentMediaTime())
        runNext()
    }

    /// Moves the script's clock on by `seconds` and schedules `body` then.
    private func after(_ seconds: TimeInterval, _ body: @escaping (ScriptPlayer) -> Void) {
        clock += Self.ticks(seconds)
        Timeline.current.schedule(at: Self.seconds(clock)) { [weak self] in if let self { body(self) } }
    }

    private func runNext() {
        guard !steps.isEmpty else {
            finishedAt = CACurrentMediaTime()
            return
        }
        switch steps.removeFirst() {
        case .wait(let seconds):
            after(seconds) { $0.runNext() }
        case .waitUntilIdle:
            isWaitingForIdle = true
        case .tap(let duration, let target):
            let point = target()
            down(0, at: point)
            after(duration) { player in
                player.up(0)
                player.runNext()
            }
        case .taps(let count, let duration, let interval, let target):
            taps(at: target(), count: count, duration: duration, interval: interval)
        case .touchDown(let finger, let target):
            down(finger, at: target())
            runNext()
        case .touchUp(let finger):
            up(finger)
            runNext()
        case .type(let text, let interval, let target):
            let input = target()
            if let responder = input as? UIResponder, !responder.isFirstResponder { _ = responder.becomeFirstResponder() }
            type(Array(text)[...], into: input, interval: interval)
        case .move(let finger, let motion):
            guard let start = fingers[finger] else {
                misuse("Script: finger \(finger) moves without a touchDown before it")
            }
            let end = Self.end(of: motion, from: start)
            sample(finger, motion, from: start, to: end, startTicks: clock, times: motion.sampleTimes(rate: touchRate)[...])
        case .moveFingers(let moves):
            guard let first = moves.first else { runNext(); return }
            let paths = moves.map { move -> (finger: Int, motion: TouchMotion, from: CGPoint, to: CGPoint) in
                guard let start = fingers[move.finger] else {
                    misuse("Script: finger \(move.finger) moves without a touchDown before it")
                }
                checkUsage(move.motion.duration == first.motion.duration, "Script: fingers moving together share one duration")
                return (move.finger, move.motion, start, Self.end(of: move.motion, from: start))
            }
            sampleTogether(paths, startTicks: clock, times: first.motion.sampleTimes(rate: touchRate)[...])
        }
    }

    /// One key now, the rest `interval` apart; the next step comes `interval` after the last key.
    private func type(_ keys: ArraySlice<Character>, into input: UIKeyInput, interval: TimeInterval) {
        guard let key = keys.first else { runNext(); return }
        if key == "\u{8}" { input.deleteBackward() } else { input.insertText(String(key)) }
        after(interval) { $0.type(keys.dropFirst(), into: input, interval: interval) }
    }

    private static func end(of motion: TouchMotion, from start: CGPoint) -> CGPoint {
        switch motion.destination {
        case .point(let target): return target()
        case .offset(let d): return CGPoint(x: start.x + d.dx, y: start.y + d.dy)
        case .rotation: return motion.position(at: motion.duration, from: start, to: start, rate: 1)
        }
    }

    /// `count` taps at `point`, each down for `duration`, `interval` from a lift to the next touch down.
    private func taps(at point: CGPoint, count: Int, duration: TimeInterval, interval: TimeInterval) {
        down(0, at: point)
        after(duration) { player in
            player.up(0)
            guard count > 1 else { player.runNext(); return }
            player.after(interval) { $0.taps(at: point, count: count - 1, duration: duration, interval: interval) }
        }
    }

    /// Like `sample`, for several fingers whose samples go out in one event.
    private func sampleTogether(_ paths: [(finger: Int, motion: TouchMotion, from: CGPoint, to: CGPoint)], startTicks: Int64,
                                times: ArraySlice<TimeInterval>) {
        guard let t = times.first else { runNext(); return }
        clock = startTicks + Self.ticks(t)
        Timeline.current.schedule(at: Self.seconds(clock)) { [weak self] in
            guard let self else { return }
            var samples: [(finger: Int, location: CGPoint)] = []
            for path in paths {
                let p = path.motion.position(at: t, from: path.from, to: path.to, rate: self.touchRate)
                self.fingers[path.finger] = p
                samples.append((path.finger, p))
            }
            self.window.sendTouches(moved: samples)
            self.sampleTogether(paths, startTicks: startTicks, times: times.dropFirst())
        }
    }

    /// Sends the next touch sample of a move at its time, then schedules the one after (or the next step).
    private func sample(_ finger: Int, _ motion: TouchMotion, from a: CGPoint, to b: CGPoint, startTicks: Int64,
                        times: ArraySlice<TimeInterval>) {
        guard let t = times.first else { runNext(); return }
        clock = startTicks + Self.ticks(t)
        Timeline.current.schedule(at: Self.seconds(clock)) { [weak self] in
            guard let self else { return }
            let p = motion.position(at: t, from: a, to: b, rate: self.touchRate)
            self.fingers[finger] = p
            self.window.sendTouch(finger: finger, phase: .moved, at: p)
            self.sample(finger, motion, from: a, to: b, startTicks: startTicks, times: times.dropFirst())
        }
    }

    /// "touch.down x,y" / "touch.up x,y", with " finger N" for fingers other than 0.
    private func markTouch(_ phase: String, _ finger: Int, at point: CGPoint) {
        Timeline.current.mark("touch.\(phase) \(Int(point.x)),\(Int(point.y))" + (finger == 0 ? "" : " finger \(finger)"))
    }

    private func down(_ finger: Int, at point: CGPoint) {
        checkUsage(fingers[finger] == nil, "Script: finger \(finger) goes down twice without a touchUp")
        fingers[finger] = point
        markTouch("down", finger, at: point)
        window.sendTouch(finger: finger, phase: .began, at: point)
    }

    private func up(_ finger: Int) {
        guard let point = fingers.removeValue(forKey: finger) else {
            misuse("Script: finger \(finger) lifts without a touchDown before it")
        }
        markTouch("up", finger, at: point)
        let now = CACurrentMediaTime()
        lifts.removeAll { now - $0.time >= TouchOverlay.afterLift }
        lifts.append((point, now))
        window.sendTouch(finger: finger, phase: .ended, at: point)
    }
}
