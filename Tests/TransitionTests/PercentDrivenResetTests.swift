import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// As in UIKit: when its transition has ended the driver is idle again — percentComplete
/// 0, no duration — so `pause()` followed by `percentComplete != 0` means "a transition is running"
/// (the panel scenes' TransitionDriver relies on this).
@Suite struct PercentDrivenStateAfterTheTransition {
    @Test(arguments: [false, true]) func theDriverIsCleanAfterItsTransitionEnds(interruptible: Bool) {
        let parent = UIViewController(), child = UIViewController()
        let delegate = ScrubDelegate(interruptible: interruptible)
        let driver = Driver()
        driver.interactiveStart = true
        delegate.interaction = driver
        child.modalPresentationStyle = .custom
        child.transitioningDelegate = delegate
        onStage(parent) { stage in
            parent.present(child, animated: true)
            driver.update(0.3)
            #expect(driver.percentComplete == 0.3 && driver.duration == 1)
            driver.cancel()
            stage.settle()
            #expect(parent.presentedViewController == nil)
            #expect(driver.percentComplete == 0 && driver.duration == 0)
            // A later gesture on the same driver: pause() finds nothing running; updates go nowhere.
            driver.pause()
            driver.update(0.5)
            #expect(driver.percentComplete == 0)
            // It drives the next transition from the start.
            parent.present(child, animated: true)
            #expect(driver.percentComplete == 0 && driver.duration == 1)
            driver.update(0.8)
            driver.finish()
            stage.settle()
            #expect(parent.presentedViewController === child && driver.percentComplete == 0)
        }
        withExtendedLifetime(delegate) {}
    }
}
