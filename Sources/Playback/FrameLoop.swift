import UIKit
import Stage
import Raster
import Media
import Synchronization

/// A transition the scene ran, on the clip's clock.
public struct TransitionSpan: Equatable, Sendable {
    public var label: String
    public var start: TimeInterval
    public var end: TimeInterval
    public var completed: Bool
    /// The time at `fraction` (0…1) of the transition.
    public func time(at fraction: Double) -> TimeInterval { start + (end - start) * fraction }
    /// False for a transition without animation (`animated: false`): it begins and ends at one instant.
    public var isAnimated: Bool { end > start }

    /// Seconds as the tools print them: up to three decimals, no trailing zeros.
    static func format(_ seconds: TimeInterval) -> String {
        var text = String(format: "%.3f", seconds)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }
}

/// One mark of the scene's timeline: when, and what (`touch.down 196,639`, `gesture.began …`).
public struct TimelineMark: Equatable, Sendable {
    public var time: TimeInterval
    public var label: String
}

/// A transition that began and never ended: its animator (or interaction controller) never called
/// `completeTransition(_:)`, so UIKit would leave the app stuck in it.
public struct UnfinishedTransition: Equatable, Sendable {
    public var label: String
    public var start: TimeInterval
    /// "push DetailViewController began at 0.3 s and never completed — call …": what every tool says.
    public var message: String {
        let how = label.hasPrefix("present ") || label.hasPrefix("dismiss ") || label.hasPrefix("push ") || label.hasPrefix("pop ")
            ? "call `transitionContext.completeTransition(_:)` when its animations end (and when an interactive one finishes or cancels)"
            : "call `Timeline.current.markTransitionEnd(\"\(label)\", completed:)` when its motion ends"
        return "\(label) began at \(TransitionSpan.format(start)) s and never completed — \(how)"
    }
}

/// The shape of a clip, known from a dry run of the scene (no pixels).
public struct ClipPlan: Equatable, Sendable {
    public var duration: TimeInterval
    public var fps: Int
    public var transitions: [TransitionSpan]
    /// Transitions that began and never ended (a bug in the scene's transition code, said by every tool).
    public var unfinished: [UnfinishedTransition] = []
    /// What gesture recognizers did (`gesture.began UIPanGestureRecognizer on UIView 'card'`, …), in order.
    public var gestureMarks: [TimelineMark] = []
    /// Frame i shows time i / fps; the last frame is the first at or after `duration`.
    public var frameCount: Int { Int((duration * Double(fps) - 1e-9).rounded(.up)) + 1 }
    public func time(ofFrame index: Int) -> TimeInterval { Double(index) / Double(fps) }
    /// How long the clip shows: the time of its last frame, on the frame grid, so the number a tool
    /// reports is the one a player shows (not the scene's end, which may fall between two frames).
    public var shownDuration: TimeInterval { time(ofFrame: frameCount - 1) }

    /// Seconds of the clip shown before a transition's start and after its end when it is rendered alone.
    public static let holdBefore: TimeInterval = 0.2
    public static let holdAfter: TimeInterval = 0.3

    /// The frames that show transition `index` alone: from `holdBefore` before its start to `holdAfter`
    /// after its end, clamped to the clip, widened to whole frames of the clip's own grid — so frame k of
    /// the range shows the same time, and the same pixels, as frame k of the whole clip.
    public func frames(ofTransition index: Int) -> ClosedRange<Int> {
        let span = transitions[index]
        let rate = Double(fps)
        // The 1e-9 keeps a time that is a whole frame (up to rounding) on that frame.
        let first = max(0, Int(((span.start - Self.holdBefore) * rate + 1e-9).rounded(.down)))
        let last = min(frameCount - 1, Int(((span.end + Self.holdAfter) * rate - 1e-9).rounded(.up)))
        return first...max(first, last)
    }
}

/// Which part of a clip to write: all of it, or one transition with a short hold around it.
public enum ClipSelection: Equatable, Sendable {
    case whole
    /// The transition at this index of `ClipPlan.transitions` (as `help SCENE` lists them, from 0).
    case transition(Int)
}

extension Stage {
    /// Runs the scene without drawing to learn how long it lasts and when its transitions happen.
    public static func plan(_ scene: SceneDefinition, settings: RenderSettings) throws -> ClipPlan {
        let session = SceneSession(scene, settings: settings)
        let duration = try session.runToEnd()
        let (spans, unfinished) = transitions(in: session.marks)
        let gestures = session.marks.filter { $0.label.hasPrefix("gesture.") }.map { TimelineMark(time: $0.time, label: $0.label) }
        return ClipPlan(duration: duration, fps: settings.fps, transitions: spans, unfinished: unfinished, gestureMarks: gestures)
    }

    /// Renders the frames at `times` (ascending) into `sink`, one at a time: memory does not grow with the
    /// clip. The sink is finished on success and cancelled on any error, and on a request to stop
    /// (`Interruption`, e.g. Ctrl-C), which is checked before every frame and throws `Interrupted`.
    /// `progress` hears (frames done, frames in all) after each frame.
    public static func render(_ scene: SceneDefinition, settings: RenderSettings, times: [TimeInterval],
                              into sink: FrameSink, progress: ((Int, Int) -> Void)? = nil) throws {
        do {
            try settings.validate()
            let session = SceneSession(scene, settings: settings)
            for (index, time) in times.enumerated() {
                try Interruption.check()
                session.advance(to: time)
                let screen = try session.render(scale: settings.scale, touches: settings.touches, chrome: settings.chrome)
                try sink.append(settings.bezel ? BezelFrame.frame(around: screen, settings: settings) : screen)
                progress?(index + 1, times.count)
            }
            try Interruption.check()
            try sink.finish()
        } catch {
            sink.cancel()
            throw error
        }
    }

    /// Renders single frames at the given times (for stills, filmstrips and tests).
    public static func frames(_ scene: SceneDefinition, settings: RenderSettings, times: [TimeInterval]) throws -> [PixelBuffer] {
        let collector = CollectingSink()
        try render(scene, settings: settings, times: times, into: collector)
        return collector.frames
    }

    public static func plan(_ sceneType: Scene.Type, settings: RenderSettings) throws -> ClipPlan {
        try plan(sceneType.definition, settings: settings)
    }
    public static func render(_ sceneType: Scene.Type, settings: RenderSettings, times: [TimeInterval], into sink: FrameSink) throws {
        try render(sceneType.definition, settings: settings, times: times, into: sink)
    }
    public static func frames(_ sceneType: Scene.Type, settings: RenderSettings, times: [TimeInterval]) throws -> [PixelBuffer] {
        try frames(sceneType.definition, settings: settings, times: times)
    }

    static func transitionSpans(in marks: [(time: TimeInterval, label: String)]) -> [TransitionSpan] {
        transitions(in: marks).spans
    }

    /// The marks paired into spans, and the begins no end followed (in the order they began).
    package static func transitions(in marks: [(time: TimeInterval, label: String)])
        -> (spans: [TransitionSpan], unfinished: [UnfinishedTransition]) {
        var spans: [TransitionSpan] = []
        var open: [String: TimeInterval] = [:]
        for mark in marks {
            if mark.label.hasPrefix("transition.begin ") {
                open[String(mark.label.dropFirst("transition.begin ".count))] = mark.time
            } else if mark.label.hasPrefix("transition.end ") {
                let rest = mark.label.dropFirst("transition.end ".count)
                let parts = rest.split(separator: " ")
                let label = parts.dropLast().joined(separator: " ")
                if let start = open.removeValue(forKey: label) {
                    spans.append(TransitionSpan(label: label, start: start, end: mark.time, completed: parts.last == "completed"))
                }
            }
        }
        let unfinished = open.map { UnfinishedTransition(label: $0.key, start: $0.value) }
            .sorted { ($0.start, $0.label) < ($1.start, $1.label) }
        return (spans, unfinished)
    }
}

/// Keeps frames in memory (for stills, filmstrips and tests).
public final class CollectingSink: FrameSink {
    public private(set) var frames: [PixelBuffer] = []
    public init() {}
    public func append(_ frame: PixelBuffer) throws { frames.append(frame) }
    public func finish() throws {}
    public func cancel() { frames = [] }
}

/// Auto Layout's conflict reports over a whole command. A render runs its scene more than once (a dry
/// run to plan, then the render), and a constraint that keeps failing would be said at every solve: here
/// each conflict is said once, however many runs and solves repeat it.
package enum LayoutConflictReports {
    /// Runs `body` with each distinct conflict report passed to `log` (standard error by default) once.
    package static func once<T>(to log: @escaping @Sendable (String) -> Void = LayoutEngine.log,
                                _ body: () throws -> T) rethrows -> T {
        let seen = Mutex<Set<String>>([])
        return try LayoutEngine.$log.withValue({ message in
            if seen.withLock({ $0.insert(key(message)).inserted }) { log(message) }
        }, operation: body)
    }

    /// Runs `body` without conflict reports: for dry runs that only learn a scene's length (`--list`,
    /// `help SCENE`), whose output is not a render.
    package static func silenced<T>(_ body: () throws -> T) rethrows -> T {
        try LayoutEngine.$log.withValue({ _ in }, operation: body)
    }

    /// The same conflict in another run has other addresses and, while a constant animates, other
    /// numbers: both left out, the constraints and views named stay.
    package static func key(_ message: String) -> String {
        var key = "", skipping = false
        var previous: Character = " "
        for character in message {
            // A number (or 0x… address) starts at a digit not inside a word.
            if !skipping, character.isNumber, !(previous.isLetter || previous == "_") { skipping = true }
            if skipping, character.isNumber || character.isHexDigit || character == "x" || character == "." { previous = character; continue }
            skipping = false
            key.append(character)
            previous = character
        }
        return key
    }
}
