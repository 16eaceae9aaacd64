import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// UIPageControlProgress and UIPageControlTimerProgress (iOS 17): the current indicator becomes a capsule
/// filled to `currentProgress`; the timer fills it with time on the virtual clock and turns the pages; a
/// scrubbing finger hides the progress and holds the timer; the delegate's hooks are called as the header
/// describes.
@Suite struct PageControlProgressTests {
    func control(_ window: UIWindow, pages: Int = 5) -> UIPageControl {
        let control = UIPageControl()
        control.numberOfPages = pages
        control.frame = CGRect(x: 46, y: 300, width: 300, height: 26)
        window.addSubview(control)
        window.layoutIfNeeded()
        return control
    }

    final class Recorder: NSObject, UIPageControlTimerProgressDelegate {
        var events: [String] = []
        var initial: Float = 0
        var stopAt: Int?
        func pageControlProgress(_ progress: UIPageControlProgress, initialProgressForPage page: Int) -> Float {
            events.append("initial \(page)")
            return initial
        }
        func pageControlProgressVisibilityDidChange(_ progress: UIPageControlProgress) {
            events.append("visible \(progress.isProgressVisible)")
        }
        func pageControlTimerProgress(_ progress: UIPageControlTimerProgress, shouldAdvanceToPage page: Int) -> Bool {
            events.append("advance? \(page)")
            return page != stopAt
        }
    }

    @Test func theCurrentIndicatorBecomesAFilledCapsule() {
        IndicatorStage.run { window, _ in
            let control = control(window)
            control.currentPage = 1
            let progress = UIPageControlProgress()
            control.progress = progress
            progress.currentProgress = 0.5
            window.layoutIfNeeded()
            // The current page's cell is 17 pt longer (a 24 pt capsule for a 7 pt dot); the rest move apart.
            #expect(control.intrinsicContentSize == CGSize(width: 117, height: 26))
            let capsule = control.dots[1]
            #expect(abs(capsule.frame.width - 24) < 0.34 && abs(capsule.frame.height - 7) < 0.01)
            let centres = control.dots.map(\.frame.midX)
            let expected: [CGFloat] = [118 - 8.5, 134, 150 + 8.5, 166 + 8.5, 182 + 8.5]
            #expect(zip(centres, expected).allSatisfy { abs($0 - $1) < 0.34 }, "\(centres)")
            // Filled half way with the current colour, the rest the other dots' colour.
            #expect(control.progressFill.superview === capsule)
            #expect(abs(control.progressFill.frame.width - capsule.bounds.width / 2) < 0.01)
            #expect(control.progressFill.backgroundColor == .white && capsule.backgroundColor == UIColor(white: 1, alpha: 0.3))
            // Clamped; a new page starts at 0.
            progress.currentProgress = 3
            #expect(progress.currentProgress == 1)
            progress.currentProgress = -1
            #expect(progress.currentProgress == 0)
            progress.currentProgress = 0.7
            control.currentPage = 3
            #expect(progress.currentProgress == 0)
            window.layoutIfNeeded()
            #expect(abs(control.dots[3].frame.width - 24) < 0.34 && abs(control.dots[1].frame.width - 7) < 0.34)
            // Taken away: dots again.
            control.progress = nil
            window.layoutIfNeeded()
            #expect(control.intrinsicContentSize == CGSize(width: 100, height: 26))
            #expect(control.progressFill.superview == nil && control.dots[3].backgroundColor == .white)
        }
    }

    @Test func theTimerFillsEachPageForItsDurationAndTurnsThePages() {
        IndicatorStage.run { window, clock in
            let control = control(window, pages: 3)
            var changes: [Int] = []
            control.addAction(UIAction { _ in changes.append(control.currentPage) }, for: .valueChanged)
            let timer = UIPageControlTimerProgress(preferredDuration: 2)
            timer.setDuration(1, forPage: 1)
            #expect(timer.duration(forPage: 1) == 1 && timer.duration(forPage: 0) == 2)
            control.progress = timer
            #expect(!timer.isRunning)
            IndicatorStage.advance(window, clock, to: 0.5)
            #expect(timer.currentProgress == 0, "not running until resumed")
            timer.resumeTimer()
            #expect(timer.isRunning)
            IndicatorStage.advance(window, clock, to: 1.5)
            #expect(abs(timer.currentProgress - 0.5) < 0.02, "one second of page 0's two: \(timer.currentProgress)")
            IndicatorStage.advance(window, clock, to: 2.6)
            #expect(control.currentPage == 1 && changes == [1])
            IndicatorStage.advance(window, clock, to: 3.7)
            #expect(control.currentPage == 2 && changes == [1, 2], "page 1 takes one second")
            // The last page fills and the timer stops there (no reset).
            IndicatorStage.advance(window, clock, to: 8)
            #expect(control.currentPage == 2 && timer.currentProgress == 1 && !timer.isRunning)
            #expect(clock.nextEventTime == nil, "a stopped timer leaves the clock idle")
        }
    }

    @Test func pausingResettingAndTheDelegate() {
        IndicatorStage.run { window, clock in
            let control = control(window, pages: 2)
            let timer = UIPageControlTimerProgress(preferredDuration: 1)
            let recorder = Recorder()
            recorder.initial = 0.25
            timer.delegate = recorder
            timer.resetsToInitialPageAfterEnd = true
            control.progress = timer
            timer.resumeTimer()
            IndicatorStage.advance(window, clock, to: 0.5)
            timer.pauseTimer()
            let held = timer.currentProgress
            IndicatorStage.advance(window, clock, to: 3)
            #expect(timer.currentProgress == held && !timer.isRunning)
            timer.resumeTimer()
            IndicatorStage.advance(window, clock, to: 4.5)
            // Page 0 ends → 1 (starting at the delegate's 0.25), page 1 ends → back to 0.
            #expect(recorder.events.prefix(4) == ["advance? 1", "initial 1", "advance? 0", "initial 0"], "\(recorder.events)")
            #expect(control.currentPage == 0)
            recorder.stopAt = 1
            IndicatorStage.advance(window, clock, to: 6)
            #expect(control.currentPage == 0 && !timer.isRunning, "the delegate held page 0: the timer stops")
            // Out of a window the timer does not run.
            timer.resumeTimer()
            control.removeFromSuperview()
            #expect(clock.nextEventTime == nil)
        }
    }

    @Test func scrubbingHidesTheProgressAndHoldsTheTimer() {
        IndicatorStage.run { window, clock in
            let control = control(window)
            let timer = UIPageControlTimerProgress(preferredDuration: 10)
            let recorder = Recorder()
            timer.delegate = recorder
            control.progress = timer
            timer.resumeTimer()
            IndicatorStage.advance(window, clock, to: 1)
            window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 46 + 109.5, y: 313))
            window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 46 + 150, y: 313))
            #expect(!timer.isProgressVisible && recorder.events.contains("visible false"))
            window.layoutIfNeeded()
            #expect(control.intrinsicContentSize.width == 100, "no capsule while scrubbing")
            window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 46 + 150, y: 313))
            #expect(timer.isProgressVisible && recorder.events.last == "visible true")
            #expect(control.currentPage == 2 && timer.isRunning)
        }
    }
}
