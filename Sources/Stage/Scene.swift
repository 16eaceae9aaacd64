import UIKit

/// A built-in or user scene: screens set up as an iOS app would, and a script of what a person does.
///
/// The Stage creates the scene on a fresh virtual clock and screen, installs `makeRootViewController()` in
/// a window, waits `Stage.leadIn` seconds, plays `script()`, waits until every animation has settled, and
/// holds `Stage.hold` seconds more. That moment is the end of the clip.
public protocol Scene: AnyObject {
    /// The command-line name, e.g. "card-expand".
    static var name: String { get }
    /// One line for `--list`.
    static var summary: String { get }
    init()
    func makeRootViewController() -> UIViewController
    func script() -> Script
}

/// What the finger does, step by step. Steps run in order on the virtual clock; targets are resolved when
/// the step runs, so they can name views that exist only by then.
public struct Script {
    public enum Step {
        case wait(TimeInterval)
        case waitUntilIdle
        case tap(duration: TimeInterval, target: () -> CGPoint)
    }

    public private(set) var steps: [Step] = []
    public init() {}

    /// Does nothing for `seconds`.
    public mutating func wait(_ seconds: TimeInterval) { steps.append(.wait(seconds)) }
    /// Waits until every running animation has finished and nothing else is scheduled.
    public mutating func waitUntilIdle() { steps.append(.waitUntilIdle) }
    /// A tap (touch down, 0.1 s, touch up) at a point in window coordinates.
    public mutating func tap(at point: @escaping () -> CGPoint, duration: TimeInterval = 0.1) {
        steps.append(.tap(duration: duration, target: point))
    }
    /// A tap on the centre of a view, wherever it is when the tap happens.
    public mutating func tap(_ view: @escaping () -> UIView, duration: TimeInterval = 0.1) {
        tap(at: { let v = view(); return v.convert(CGPoint(x: v.bounds.midX, y: v.bounds.midY), to: nil) },
            duration: duration)
    }
}
