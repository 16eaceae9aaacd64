import Foundation
@testable import QuartzCore
@testable import UIKit

/// A window on its own clock for the standard controls' behaviour tests: a finger that touches at chosen
/// times (window coordinates) and the clock run by hand.
final class ControlHarness {
    let clock = Timeline()
    let window: UIWindow

    init(size: CGSize = CGSize(width: 393, height: 300)) {
        window = Timeline.$current.withValue(clock) { UIWindow(frame: CGRect(origin: .zero, size: size)) }
    }

    func on<T>(_ body: () throws -> T) rethrows -> T { try Timeline.$current.withValue(clock) { try body() } }

    /// Adds `view` to the window at `origin` and lays the window out.
    func add<V: UIView>(_ view: V, at origin: CGPoint = CGPoint(x: 20, y: 20)) -> V {
        on {
            view.frame.origin = origin
            window.addSubview(view)
            window.layoutIfNeeded()
        }
        return view
    }

    /// One touch sample at time `t`, then a layout pass (as a run-loop turn ends).
    func send(_ phase: UITouch.Phase, _ point: CGPoint, at t: TimeInterval, finger: Int = 0) {
        on {
            clock.advance(to: t)
            window.sendTouch(finger: finger, phase: phase, at: point)
            window.layoutIfNeeded()
        }
    }

    /// A tap at `point`: down at `t`, up 0.1 s later.
    func tap(_ point: CGPoint, at t: TimeInterval) {
        send(.began, point, at: t)
        send(.ended, point, at: t + 0.1)
    }

    /// Runs the clock to `t`.
    func wait(until t: TimeInterval) { on { clock.advance(to: t); window.layoutIfNeeded() } }

    /// The view's frame as drawn at the current time (its presentation), in its superview.
    func shownFrame(_ view: UIView) -> CGRect {
        on {
            let state = view.layer.presentationState(at: clock.now)
            return CGRect(x: state.position.x - state.bounds.width / 2, y: state.position.y - state.bounds.height / 2,
                          width: state.bounds.width, height: state.bounds.height)
        }
    }
    func shownOpacity(_ view: UIView) -> Float { on { view.layer.presentationState(at: clock.now).opacity } }
}

/// The events a control sent, by name, in order.
final class EventLog {
    var names: [String] = []
    static let named: [(UIControl.Event, String)] = [
        (.touchDown, "down"), (.touchDownRepeat, "downRepeat"), (.touchDragInside, "dragInside"),
        (.touchDragOutside, "dragOutside"), (.touchDragEnter, "enter"), (.touchDragExit, "exit"),
        (.touchUpInside, "upInside"), (.touchUpOutside, "upOutside"), (.touchCancel, "cancel"),
        (.valueChanged, "value"), (.primaryActionTriggered, "primary"),
    ]
    /// Logs each of `events` the control sends.
    func watch(_ control: UIControl, _ events: [UIControl.Event] = named.map(\.0)) {
        for (event, name) in Self.named where events.contains(event) {
            control.addAction(UIAction { [unowned self] _ in self.names.append(name) }, for: event)
        }
    }
    func count(_ name: String) -> Int { names.filter { $0 == name }.count }
}
