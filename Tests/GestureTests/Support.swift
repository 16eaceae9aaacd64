import Testing
@testable import QuartzCore
@testable import UIKit

/// A window on its own clock with a finger that moves at chosen times.
final class TouchHarness {
    let clock = Timeline()
    let window: UIWindow

    init(size: CGSize = CGSize(width: 393, height: 852)) {
        window = Timeline.$current.withValue(clock) { UIWindow(frame: CGRect(origin: .zero, size: size)) }
    }

    func on<T>(_ body: () -> T) -> T { Timeline.$current.withValue(clock) { body() } }

    /// Sends one sample at time `t` (seconds).
    func send(_ phase: UITouch.Phase, _ x: CGFloat, _ y: CGFloat, at t: TimeInterval, finger: Int = 0) {
        on {
            clock.advance(to: t)
            window.sendTouch(finger: finger, phase: phase, at: CGPoint(x: x, y: y))
        }
    }
}

/// Records every state a recognizer reports through its action, with the translation at that moment.
final class StateLog {
    var states: [UIGestureRecognizer.State] = []
    var translations: [CGPoint] = []
    func handle(_ pan: UIPanGestureRecognizer) {
        states.append(pan.state)
        translations.append(pan.translation(in: nil))
    }
    func handleTap(_ tap: UITapGestureRecognizer) { states.append(tap.state) }
}

extension TouchHarness {
    /// Moves several fingers in one event at time `t`.
    func sendTogether(_ samples: [(finger: Int, x: CGFloat, y: CGFloat)], at t: TimeInterval) {
        on {
            clock.advance(to: t)
            window.sendTouches(moved: samples.map { ($0.finger, CGPoint(x: $0.x, y: $0.y)) })
        }
    }
    /// Lets the clock (and the recognizers' timers) run to `t`.
    func wait(until t: TimeInterval) { on { clock.advance(to: t) } }

    /// A full-screen view in the window.
    func addView() -> UIView {
        let view = UIView(frame: window.bounds)
        window.addSubview(view)
        return view
    }
}

/// Every action of the recognizers it is given, as "name state @time" in order.
final class ActionLog {
    var entries: [(name: String, state: UIGestureRecognizer.State, time: TimeInterval)] = []
    func watch(_ recognizer: UIGestureRecognizer, as name: String) {
        recognizer.addAction { [unowned self] (r: UIGestureRecognizer) in
            self.entries.append((name, r.state, CACurrentMediaTime()))
        }
    }
    var names: [String] { entries.map(\.name) }
    func states(of name: String) -> [UIGestureRecognizer.State] { entries.filter { $0.name == name }.map(\.state) }
}
