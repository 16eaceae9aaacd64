import Testing
import Foundation
@testable import QuartzCore
@testable import UIKit

/// UIPageControl: its size per page count, dots placed on their pitch, taps either side of the current dot,
/// scrubbing, pinning, hiding, images and the platter by background style.
@Suite struct PageControlTests {
    func control(_ window: UIWindow, pages: Int = 5) -> UIPageControl {
        let control = UIPageControl()
        control.numberOfPages = pages
        control.frame = CGRect(x: 46, y: 300, width: 300, height: 26)
        window.addSubview(control)
        window.layoutIfNeeded()
        return control
    }

    @Test func sizesAndDotsFollowThePitch() {
        IndicatorStage.run { window, _ in
            let control = control(window)
            #expect(control.size(forNumberOfPages: 5) == CGSize(width: 100, height: 26))
            #expect(control.intrinsicContentSize == CGSize(width: 100, height: 26))
            #expect(control.size(forNumberOfPages: 0) == CGSize(width: 20, height: 26))
            // Five 7 pt dots 16 pt apart, centred in the 300 pt bounds.
            // (Each dot's edges land on whole pixels, so a centre may sit up to a third of a point off.)
            #expect(zip(control.dots.map(\.frame.midX), [118, 134, 150, 166, 182]).allSatisfy { abs($0 - $1) < 0.34 })
            #expect(control.dots.allSatisfy { $0.frame.size == CGSize(width: 7, height: 7) && abs($0.frame.midY - 13) < 0.34 })
            control.direction = .topToBottom
            #expect(control.size(forNumberOfPages: 5) == CGSize(width: 26, height: 100))
            control.direction = .rightToLeft
            window.layoutIfNeeded()
            #expect(zip(control.dots.map(\.frame.midX), [182, 166, 150, 134, 118]).allSatisfy { abs($0 - $1) < 0.34 })
        }
    }

    @Test func tapsEitherSideOfTheCurrentDotTurnThePage() {
        IndicatorStage.run { window, _ in
            let control = control(window)
            var changes: [Int] = []
            control.addAction(UIAction { _ in changes.append(control.currentPage) }, for: .valueChanged)
            control.currentPage = 2
            #expect(changes.isEmpty, "setting the page in code sends nothing")
            IndicatorStage.tap(window, at: CGPoint(x: 46 + 250, y: 313))   // after the current dot
            #expect(control.currentPage == 3 && control.interactionState == .discrete)
            IndicatorStage.tap(window, at: CGPoint(x: 46 + 10, y: 313))    // before it
            IndicatorStage.tap(window, at: CGPoint(x: 46 + 10, y: 313))
            IndicatorStage.tap(window, at: CGPoint(x: 46 + 10, y: 313))
            IndicatorStage.tap(window, at: CGPoint(x: 46 + 10, y: 313))    // already on the first: nothing
            #expect(changes == [3, 2, 1, 0])
            #expect(control.dots[0].backgroundColor == .white && control.dots[1].backgroundColor == UIColor(white: 1, alpha: 0.3))
        }
    }

    @Test func aDragScrubsThroughThePagesOnAPlatter() {
        IndicatorStage.run { window, _ in
            let control = control(window)
            var changes: [Int] = []
            control.addAction(UIAction { _ in changes.append(control.currentPage) }, for: .valueChanged)
            #expect(control.platter.isHidden, "automatic: no platter at rest")
            window.sendTouch(finger: 0, phase: .began, at: CGPoint(x: 46 + 118, y: 313))
            window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 46 + 150, y: 313))
            #expect(!control.platter.isHidden, "automatic: the platter shows while scrubbing")
            window.sendTouch(finger: 0, phase: .moved, at: CGPoint(x: 46 + 182, y: 313))
            window.sendTouch(finger: 0, phase: .ended, at: CGPoint(x: 46 + 182, y: 313))
            #expect(changes == [2, 4] && control.interactionState == .continuous)
            #expect(control.platter.isHidden)
            control.allowsContinuousInteraction = false
            control.backgroundStyle = .prominent
            #expect(!control.platter.isHidden)
            control.backgroundStyle = .minimal
            #expect(control.platter.isHidden)
        }
    }

    @Test func pagesArePinnedAndASinglePageCanHide() {
        IndicatorStage.run { window, _ in
            let control = control(window)
            control.currentPage = 9
            #expect(control.currentPage == 4)
            control.currentPage = -2
            #expect(control.currentPage == 0)
            control.currentPage = 4
            control.numberOfPages = 3
            #expect(control.currentPage == 2 && control.dots.count == 3)
            control.hidesForSinglePage = true
            #expect(!control.isHidden)
            control.numberOfPages = 1
            #expect(control.isHidden)
        }
    }

    @Test func indicatorImagesReplaceDots() throws {
        try IndicatorStage.runThrowing { window, _ in
            let control = control(window)
            let star = try #require(UIImage(systemName: "star.fill"))
            let location = try #require(UIImage(systemName: "house"))
            control.preferredIndicatorImage = star
            control.setIndicatorImage(location, forPage: 0)
            window.layoutIfNeeded()
            #expect(control.indicatorImage(forPage: 0) === location && control.indicatorImage(forPage: 3) === star)
            #expect(control.dots[0].image === location && control.dots[0].backgroundColor == nil)
            #expect(control.dots[2].frame.size == star.size)
            control.pageIndicatorTintColor = .systemGray
            #expect(control.dots[1].tintColor == .systemGray)
        }
    }
}

extension IndicatorStage {
    static func runThrowing(_ body: (UIWindow, Timeline) throws -> Void) throws {
        var failure: Error?
        run { window, clock in
            do { try body(window, clock) } catch { failure = error }
        }
        if let failure { throw failure }
    }
}
