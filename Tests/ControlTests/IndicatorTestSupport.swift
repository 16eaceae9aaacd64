import Foundation
@testable import QuartzCore
@testable import UIKit
import Compositor
import Raster

/// A stage for the indicator, page-control, button and toolbar suites: a window on the default screen
/// (393 × 852 at 3×, safe area 59 above and 34 below) on a fresh virtual clock.
enum IndicatorStage {
    static func run(_ body: (UIWindow, Timeline) -> Void) {
        let clock = Timeline()
        Timeline.$current.withValue(clock) {
            let window = UIWindow(screen: .main)
            window.rootViewController = UIViewController()
            window.makeKeyAndVisible()
            window.layoutIfNeeded()
            body(window, clock)
        }
    }

    /// Runs the clock to `time` with a layout pass after each event, as a scene's frame loop does.
    static func advance(_ window: UIWindow, _ clock: Timeline, to time: TimeInterval) {
        while let next = clock.nextEventTime, next <= time {
            clock.advance(to: next)
            window.layoutIfNeeded()
        }
        clock.advance(to: time)
        window.layoutIfNeeded()
    }

    /// `view`'s pixels at `time` (1×, on white).
    static func pixels(of view: UIView, at time: TimeInterval) -> PixelBuffer {
        LayerRenderer(scale: 1).render(view.layer.snapshot(at: time), size: view.bounds.size, background: .white)
    }

    /// A tap at `point` (window coordinates) at the clock's current time.
    static func tap(_ window: UIWindow, at point: CGPoint) {
        window.sendTouch(finger: 0, phase: .began, at: point)
        window.sendTouch(finger: 0, phase: .ended, at: point)
    }
}
