import Testing
import Foundation
import Synchronization
@testable import QuartzCore
@testable import UIKit

/// A window on the default screen (393 × 852 points at 3×, safe area 59 above and 34 below) with
/// `root` as its root controller, on a fresh virtual clock.
func onStage(_ root: UIViewController = UIViewController(), _ body: (UIWindow, Timeline) -> Void) {
    let clock = Timeline()
    Timeline.$current.withValue(clock) {
        let window = UIWindow(screen: .main)
        window.rootViewController = root
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        body(window, clock)
    }
}

/// Runs the clock to `time` with a layout pass after each event, as a scene's frame loop does.
func run(_ window: UIWindow, _ clock: Timeline, to time: TimeInterval) {
    while let next = clock.nextEventTime, next <= time {
        clock.advance(to: next)
        window.layoutIfNeeded()
    }
    clock.advance(to: time)
    window.layoutIfNeeded()
}

/// A view laid out by constraints.
func constrained(_ color: UIColor = .red) -> UIView {
    let view = UIView()
    view.translatesAutoresizingMaskIntoConstraints = false
    view.backgroundColor = color
    return view
}

/// Captures Auto Layout's console messages while `body` runs.
func capturingLayoutLog(_ body: () -> Void) -> [String] {
    final class Messages: Sendable { let list = Mutex<[String]>([]) }
    let messages = Messages()
    LayoutEngine.$log.withValue({ message in messages.list.withLock { $0.append(message) } }, operation: body)
    return messages.list.withLock { $0 }
}

extension CGRect {
    /// Equal to within floating-point noise (a billionth of a point).
    func isClose(to other: CGRect, tolerance: CGFloat = 1e-9) -> Bool {
        abs(minX - other.minX) <= tolerance && abs(minY - other.minY) <= tolerance
            && abs(width - other.width) <= tolerance && abs(height - other.height) <= tolerance
    }
}
